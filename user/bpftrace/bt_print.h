/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -x oformat=bpftrace: output as Debian's bpftrace (0.17) prints it, for
 * bpftrace programs (the bpftrace front end sets it) and for D users who
 * want that format. It implies -q. Tracing begins with
 *
 *   Attaching 2 probes...
 *
 * and ends (after END) with two blank lines, then every aggregation, by
 * name in byte order ("@" first), whether printa( ) printed it or not:
 *
 *   @a[1, x]: 1                  count, sum, min, max, avg: the value
 *   @s: count 2, average 15, total 31       stats( ) (avg's words)
 *   @h:                          quantize as hist, lquantize as lhist
 *   [64, 128)              1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|
 *   @[
 *       ksys_sync+1              stack( ) and ustack( ) keys
 *   ]: 1
 *
 * Entries sort ascending by value (hist and lhist by their total, avg
 * and stats by the average), ties by key. printa(@x) without a format
 * prints one aggregation the same way.
 */
#ifndef BT_PRINT_H
#define BT_PRINT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dt_options.h"

/* -x btrelease when not given: Debian 12's bpftrace, 0.17 */
#define DT_BTREL_DEFAULT	17

/* The release whose output bpftrace's format follows (o_langrel). */
static inline unsigned int dt_bt_rel(const struct dt_options *o)
{
	return o && o->o_langrel ? o->o_langrel : DT_BTREL_DEFAULT;
}

struct dt_aggdata;
struct dt_symtab;

/*
 * The release printed as, N of 0.N (-x btrelease, dt_options.h): set by
 * the command before tracing. From 0.24 on, "Attached N probes" goes to
 * stderr; from 0.23 (as compared), a hist's name line has no trailing
 * blank; from 0.27, stats( ) prints as a record and avg( ) and stats( ) end with no
 * blank line, and -f json says "count" in attached_probes and prints no
 * bare newlines before the maps at exit.
 */
extern unsigned int dt_bt_release;

/* "Attaching N probes..." (probe when N is 1), or "Attached N probes". */
void dt_bt_attaching(FILE *fp, unsigned int nprobes);

/* One aggregation, as bpftrace's print(@x) and its exit print it. */
int dt_bt_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms);

/* Key i of an entry, as inside bpftrace's "@x[...]" (for -f json too). */
struct dt_agg;
struct dt_aggent;
void dt_bt_key(FILE *fp, const struct dt_agg *a, const uint8_t *key, int i,
	       struct dt_symtab *syms);

/* d's entries in bpftrace's order (to free), or NULL. */
const struct dt_aggent **dt_bt_sorted(struct dt_aggdata *d);
struct dt_consumer;
/*
 * At exit: two newlines, as bpftrace writes them (in JSON, before 0.27),
 * then one(c, map) for every map in the order of their names (from 0.27,
 * but empty aggregations).
 */
int dt_bt_maps_at_exit(struct dt_consumer *c,
		       int (*one)(struct dt_consumer *, struct dt_aggdata *),
		       bool json);

/*
 * bpftrace's map that is a D global (d->ad_def->a_isvar, bt_mapvar.h),
 * in text or -f json: print( )'s top and divisor apply to one print; a
 * map never assigned prints as an empty one.
 */
int dt_bt_varmap(struct dt_consumer *c, struct dt_aggdata *d, bool print,
		 bool json);

/* avg( )'s and stats( )'s integer average (0 for no values). */
int64_t dt_bt_avg(const uint64_t *v);

/*
 * The pieces, for tests. A hist row label of bucket i of bpftrace's 65
 * (0: negative, 1: zero, 2: one, i: [2^(i-2), 2^(i-1))); an lhist bound
 * (K, M suffixes for exact multiples); the width of a bar out of 52.
 */
void dt_bt_hist_label(char *buf, size_t len, unsigned int i);
void dt_bt_lhist_num(char *buf, size_t len, int64_t n);
int dt_bt_bar(uint64_t count, uint64_t max);

/* -x oformat=bpftrace, and bpftrace's -f json (bt_json.c). */
struct dt_format;
extern const struct dt_format dt_format_bpftrace, dt_format_btjson;

#endif /* BT_PRINT_H */
