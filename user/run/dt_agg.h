/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations: @name[keys] = func(args).
 *
 * The compiler makes one struct dt_agg per @name (its function, key
 * layout and parameters); the command declares it to the module
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
#include "dt_ast.h"
#include "dt_printf.h"

#define DT_AGG_KEYS_MAX	8

struct dt_aggent {
	uint8_t		*ae_key;	/* a_keysize bytes */
	uint64_t	*ae_val;	/* a_valsize bytes */
};

struct dt_agg {
	struct dt_agg	*a_next;
	char		*a_name;	/* without '@'; "" for @ */
	uint32_t	a_func;		/* DTRACE_AGG_* */
	bool		a_stats;	/* stats( ): avg's words, printed whole */
	int64_t		a_params[4];
	int		a_nkeys;
	struct dt_type	a_keys[DT_AGG_KEYS_MAX];
	uint32_t	a_keyoff[DT_AGG_KEYS_MAX];
	uint32_t	a_keysz[DT_AGG_KEYS_MAX];
	uint32_t	a_keysize;	/* multiple of 8 */
	/*
	 * stack( ) and ustack( ) keys: the module aggregates only keys a
	 * program computes, so such an aggregation is the consumer's own
	 * (a_user): its clauses record the keys (PCs) and the value, and
	 * each record is added up here.
	 */
	uint8_t		a_keystack[DT_AGG_KEYS_MAX];	/* 0, 1 kernel, 2 user */
	uint32_t	a_keyframes[DT_AGG_KEYS_MAX];
	bool		a_user;
	uint32_t	a_declsize;	/* as declared: every @'s largest */
	/*
	 * Used inside an if block: the key ends with a hidden word, the
	 * block's guard (1 outside any if); entries where it is 0 were
	 * aggregated by blocks not taken, and are dropped.
	 */
	bool		a_guarded;
	uint32_t	a_markoff;
	struct dt_loc	a_loc;		/* first use */
	/* from the module (AGGDESC) */
	uint32_t	a_id;
	uint32_t	a_valsize;
	bool		a_declared;
	/* the consumer's totals */
	struct dt_aggent *a_ents;
	size_t		a_nents, a_cap;
	uint32_t	*a_index;	/* entry + 1 by key hash; 0: empty */
	size_t		a_icap;		/* a power of 2; NULL: rebuild */
	uint64_t	a_normal;	/* normalize( ) divisor; 1 */
	bool		a_printed;	/* by printa( ): not again at exit */
};

/*
 * -x aggsortkey, aggsortrev, aggsortkeypos (the key compared first),
 * aggsortpos (in a printa( ) of several, whose values order the lines):
 * how entries are ordered for printing.
 */
extern bool dt_agg_sortkey, dt_agg_sortrev;
extern int dt_agg_sortkeypos, dt_agg_sortpos;

/*
 * The function of an aggregating call ("count", ...), or 0. stats( ), for
 * bpftrace's, is avg( ) to the module: its count and total are the
 * stats; -x oformat=bpftrace prints them (dt_btout.h), text as avg( ).
 */
uint32_t dt_agg_func(const char *name);
const char *dt_agg_funcname(uint32_t func);

/* Value bytes, as the module computes them (0: bad parameters). */
uint32_t dt_agg_valsize(uint32_t func, const int64_t *params);

/* Lay out the key of a with its types set; strsize for strings. */
int dt_agg_layout(struct dt_agg *a, uint32_t strsize);

void dt_agg_free(struct dt_agg *a);
void dt_agg_freeall(struct dt_agg *list);

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
