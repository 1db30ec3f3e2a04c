/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -x oformat=json: the same records and aggregations as JSON, one object
 * per line (JSON Lines), for programs rather than people:
 *
 *   {"type":"probe","timestamp":N,"cpu":0,"id":5,"provider":"syscall",
 *    "module":"","function":"read","name":"entry","data":[...]}
 *   {"type":"aggregation","name":"a","function":"count",
 *    "entries":[{"keys":["bash"],"value":12}]}
 *
 * data holds, in clause order, {"trace":V}, {"printf":"text"},
 * {"stack":[frames]}, {"ustack":[frames]}, {"printa":[aggregations]},
 * {"tracemem":"hex bytes"}, {"print":{"type":T,"value":V}} (dt_pretty.h)
 * and {"system":"what the command wrote"}.
 * A distribution's entry has "buckets": [{"value":LOW,"count":N}, ...],
 * only rows with a count, and {"below":LOW,"count":N} for the row under
 * an lquantize's or llquantize's range. Errors and drops stay text on
 * stderr, as without it. Documentation/dtrace.1 describes the format.
 */
#ifndef DT_JSON_H
#define DT_JSON_H

#include <stdio.h>
#include <stdint.h>

struct dt_aggdata;
struct dt_symtab;

/* s as a JSON string, quoted; at most max bytes of it (a recorded slot). */
void dt_json_str(FILE *fp, const char *s, size_t max);

/* One aggregation as an object (no newline). */
int dt_json_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms);

#endif /* DT_JSON_H */
