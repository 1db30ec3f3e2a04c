/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations in the consumer: @name[keys] = func(args).
 *
 * The compiler makes one struct dt_agg per @name (dt_aggdef.h: its
 * function, key layout and parameters); the command declares it to the module
 * (AGGDESC) and gets its id. In a clause, AGGKEY actions build the key
 * (ints take 8 bytes, strings strsize, each 8-aligned) and one AGGREGATE
 * action adds the value. The module keeps per-CPU partial results; the
 * consumer adds up each AGGSNAP here and prints as DTrace does:
 *
 *   @[execname] = count()       "  bash                      ...     12"
 *   @ = quantize(x)             value  --- Distribution --- count
 */
#ifndef DT_AGG_H
#define DT_AGG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_aggdef.h"
#include "dt_ast.h"
#include "dt_printf.h"

/* Each aggregation's a_sort, from the options (tracing may change them). */
void dt_agg_setsort(struct dt_agg *list, const struct dt_aggsort *s);

/*
 * The module checks that every key slot a clause has written so far fits
 * in the key of the aggregation it then adds to. So all aggregations are
 * declared with the largest key of the program (a_declsize), and a
 * clause zero-fills what an earlier aggregation of it wrote past a
 * shorter key (see dt_layout.c); the consumer uses a_keysize bytes.
 */

/*
 * One value x of a consumer-side aggregation, as the module would add
 * it: the words dt_agg_merge takes (count 1; avg 1, x; quantize a 1 in
 * x's bucket; ...). val has room for a_valsize bytes.
 */
void dt_agg_value(const struct dt_agg *a, int64_t x, uint64_t *val);

/* Add one value (the module's words) under key into a's totals. */
int dt_agg_merge(struct dt_agg *a, const uint8_t *key, const uint64_t *val);

/*
 * One AGGSNAP buffer: struct dtrace_aggrec records. Returns 0, or -1
 * with a message in err.
 */
int dt_agg_consume(struct dt_agg *list, const void *buf, size_t len,
		   char *err, size_t errlen);

/* clear( ): values to zero; trunc( ): keep the n top (n < 0: bottom). */
void dt_agg_clear(struct dt_agg *a);
void dt_agg_trunc(struct dt_agg *a, int64_t n, bool all);

/*
 * printa( ) and the print at exit: a newline, then each entry sorted by
 * value, keys then value. With pf, the format decides (%@ for the
 * value, the other conversions take the keys in order).
 */
struct dt_symtab;
int dt_agg_print(FILE *fp, struct dt_agg *a, const struct dt_pfmt *pf,
		 struct dt_symtab *syms);

/*
 * printa( ) of several aggregations with the same keys: one line per key
 * any of them has, in the order of the first's values, with each one's
 * value (0 where it has none): the %@ conversions take them in order.
 */
int dt_agg_print_joined(FILE *fp, struct dt_agg **aggs, int n,
			const struct dt_pfmt *pf, struct dt_symtab *syms);

/* For printers of other formats (dt_json.c). */
void dt_agg_sort(struct dt_agg *a);	/* as printing orders entries */
int64_t dt_agg_keyint(const struct dt_agg *a, const uint8_t *key, int i);
const char *dt_agg_keystr(const struct dt_agg *a, const uint8_t *key,
			  int i, char *buf, size_t len);
int64_t dt_agg_scalar(const struct dt_agg *a, const uint64_t *val);
bool dt_agg_ishist(const struct dt_agg *a);
/* What entries sort by (the scalar, or a distribution's total). */
long double dt_agg_sortval(const struct dt_agg *a, const struct dt_aggent *e);
/* Keys in the order printing sorts ties in: <0, 0, >0. */
int dt_agg_keycmp(const struct dt_agg *a, const uint8_t *x, const uint8_t *y);

/*
 * The rows of a distribution: lows[i] is the number row i is labelled
 * with (its lower bound; the first row of lquantize and llquantize is
 * "< lows[0]", their last ">= lows[n - 1]", as dt_agg_rowkind says:
 * -1, 1, or 0 for a plain row). Returns the rows filled.
 */
uint32_t dt_agg_rows(const struct dt_agg *a, int64_t *lows, uint32_t max);
int dt_agg_rowkind(const struct dt_agg *a, uint32_t i);

#endif /* DT_AGG_H */
