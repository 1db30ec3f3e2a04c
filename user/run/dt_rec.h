/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A record's values, as the consumer and every output format read them:
 * an integer slot, a string slot, and the text of printf( ) and
 * system( ).
 */
#ifndef DT_REC_H
#define DT_REC_H

#include <stdint.h>

struct dt_consumer;
struct dt_ecb;
struct dt_out;
struct dt_rec;

int64_t dt_rec_int(const uint8_t *data, const struct dt_rec *r);
/* A recorded string, NUL-terminated (in *tmp, to free, if it was not). */
const char *dt_rec_str(const uint8_t *data, const struct dt_rec *r,
		       char **tmp);
/*
 * printf( ) to c->c_out; system( ) runs its command, whose output goes
 * there; freopen( ) sends the output to the path it formats
 * (dt_consume_freopen( )). Returns what fprintf does (negative on an
 * error).
 */
int dt_rec_printf(struct dt_consumer *c, const uint8_t *data,
		  const struct dt_ecb *e, const struct dt_out *o);

#endif /* DT_REC_H */
