/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations as OpenMetrics text (-x prometheus=ADDR:PORT serves it
 * on /metrics; dt_http.h). Each aggregation @NAME is the family
 * dtrace_agg_NAME (@ alone: dtrace_agg), its keys the labels key0,
 * key1, ... (a stack as its folded frames, dt_folded.h):
 *
 *   count( ), sum( )          counter     dtrace_agg_NAME_total{...} V
 *   min( ), max( ), avg( ),   gauge       dtrace_agg_NAME{...} V
 *   stddev( )
 *   quantize( ), lquantize( ), histogram  dtrace_agg_NAME_bucket{...,le}
 *   llquantize( )                        _count, _sum
 *
 * Values are the ones printa( ) prints (normalized; avg( ) and stddev( )
 * as integers). A bucket's le is the largest integer its row holds
 * (values are integers), cumulative, the last +Inf. DTrace keeps no sum
 * of a distribution's values: _sum counts each value as its row's label
 * (exact when the values sit on the rows' lower bounds, as powers of two
 * do in quantize( )). Then the consumer's own families:
 *
 *   dtrace_drops_total{kind="buffer|aggregation|dynamic|speculative"}
 *   dtrace_errors_total                 errors in probe context
 *   dtrace_series_dropped{aggregation="NAME"}  entries over promseries
 *
 * An aggregation serves at most maxseries entries (-x promseries), the
 * last ones in printing order (by default its largest values).
 */
#ifndef DT_PROM_H
#define DT_PROM_H

#include <stdint.h>
#include <stdio.h>

struct dt_aggs;
struct dt_symtab;

struct dt_promstats {
	uint64_t	ps_drops;	/* principal buffers, all CPUs */
	uint64_t	ps_aggdrops;
	uint64_t	ps_dyndrops;
	uint64_t	ps_specdrops;
	uint64_t	ps_errors;
};

#define DT_PROM_CONTENT_TYPE \
	"application/openmetrics-text; version=1.0.0; charset=utf-8"

/* Every aggregation of s, then the stats, then "# EOF": 0 or -1. */
int dt_prom_write(FILE *fp, struct dt_aggs *s, struct dt_symtab *syms,
		  uint32_t maxseries, const struct dt_promstats *st);

/* s as a label value, quoted: '\\', '"' and newline escaped, UTF-8 kept. */
void dt_prom_labelval(FILE *fp, const char *s, size_t len);

#endif /* DT_PROM_H */
