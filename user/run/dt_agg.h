/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations in the consumer: @name[keys] = func(args).
 *
 * The compiler makes one struct dt_agg per @name (dt_aggdef.h: its
 * function, key layout and parameters); the command declares it to the module
 * (AGGDESC) and gets its id. The consumer keeps a struct dt_aggdata for
 * each (struct dt_aggs, by a_ix) with its totals. In a clause, AGGKEY actions build the key
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

struct dt_aggent {
	uint8_t		*ae_key;	/* a_keysize bytes */
	uint64_t	*ae_val;	/* a_valsize bytes */
	/*
	 * -x aggpercpu: each CPU's value (a_valsize bytes, then a word
	 * that is 1 once the CPU had one), ad_ncpus of them; or NULL.
	 */
	uint64_t	*ae_pcpu;
};

/*
 * -x aggsortkey, aggsortrev, aggsortkeypos (the key compared first),
 * aggsortpos (in a printa( ) of several, whose values order the lines):
 * how the consumer orders entries for printing.
 */
struct dt_aggsort {
	bool		as_key, as_rev;
	int		as_keypos, as_pos;
};

/*
 * How printing draws entries, as illumos' consumer does: -x aggzoom (the
 * tallest bar about 95% of the width), agghist (count( ) and sum( ) as
 * bars), aggpack (quantize( ) and lquantize( ) on one line), encoding
 * (utf8: bars in block glyphs; packed bars are too unless it is ascii
 * or TERM is dumb), stackindent (a stack key's frames).
 */
struct dt_aggview {
	bool		av_zoom, av_hist, av_pack;
	bool		av_utf8;	/* -x encoding=utf8 */
	bool		av_packutf8;	/* packed glyphs in UTF-8 */
	int		av_indent;
};

/* The consumer's side of one aggregation: its totals, order and printing. */
struct dt_aggdata {
	const struct dt_agg *ad_def;	/* the compiler's definition */
	uint32_t	ad_id;		/* the module's, once declared */
	bool		ad_declared;	/* (AGGDESC); a_user ones never are */
	struct dt_aggent *ad_ents;
	size_t		ad_nents, ad_cap;
	uint32_t	*ad_index;	/* entry + 1 by key hash; 0: empty */
	size_t		ad_icap;	/* a power of 2; NULL: rebuild */
	uint64_t	ad_normal;	/* normalize( ) divisor; 1 */
	bool		ad_printed;	/* by printa( ): not again at exit */
	int64_t		ad_vartop;	/* a_isvar: the next print's top */
	struct dt_aggsort ad_sort;	/* the options' order */
	struct dt_aggview ad_view;	/* and drawing */
	uint32_t	ad_ncpus;	/* aggpercpu: CPUs an entry keeps */
};

/* A program's aggregations, in the order of its list (a_ix). */
struct dt_aggs {
	struct dt_aggdata *ag_data;
	uint32_t	ag_n;
	/*
	 * -x aggpercpu: the CPUs whose values each entry keeps (0: none),
	 * and the CPU whose snapshot dt_agg_consume( ) is given.
	 */
	uint32_t	ag_ncpus, ag_cpu;
	/*
	 * Names for the keys of user symbols (ufunc( ), ...), if any: those
	 * dt_agg_consume( ) adds up are made one per name (dt_agg_canonkey( )).
	 */
	struct dt_symtab *ag_syms;
};

/*
 * In key of a: each user symbol's address (ufunc( ), usym( ), umod( ))
 * made the one that stands for its name, so that addresses of one
 * function (or file) add up as one key, as illumos adds them; and each
 * pid noted, so that its maps are kept for printing after it exits.
 */
struct dt_symtab;
void dt_agg_canonkey(const struct dt_agg *a, uint8_t *key,
		     struct dt_symtab *syms);

/* One aggregation's, empty; and its entries freed. */
void dt_aggdata_init(struct dt_aggdata *d, const struct dt_agg *a);
void dt_aggdata_fini(struct dt_aggdata *d);

/* One dt_aggdata per definition of list, as the compiler numbered them. */
int dt_aggs_init(struct dt_aggs *s, struct dt_agg *list);
void dt_aggs_fini(struct dt_aggs *s);

/* The consumer's side of a. */
struct dt_aggdata *dt_aggs_of(const struct dt_aggs *s, const struct dt_agg *a);

/* Each aggregation's ad_sort, from the options (tracing may change them). */
void dt_agg_setsort(struct dt_aggs *s, const struct dt_aggsort *o);
void dt_agg_setview(struct dt_aggs *s, const struct dt_aggview *v);

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
int dt_agg_merge(struct dt_aggdata *d, const uint8_t *key,
		 const uint64_t *val);

/*
 * One AGGSNAP buffer: struct dtrace_aggrec records. Returns 0, or -1
 * with a message in err.
 */
int dt_agg_consume(struct dt_aggs *s, const void *buf, size_t len,
		   char *err, size_t errlen);

/* clear( ): values to zero; trunc( ): keep the n top (n < 0: bottom). */
void dt_agg_clear(struct dt_aggdata *d);
void dt_agg_trunc(struct dt_aggdata *d, int64_t n, bool all);

/*
 * printa( ) and the print at exit: each entry sorted by value, keys then
 * value (the newline before is the caller's). With pf, the format decides (%@ for the
 * value, the other conversions take the keys in order).
 */
struct dt_symtab;
int dt_agg_print(FILE *fp, struct dt_aggdata *d, const struct dt_pfmt *pf,
		 struct dt_symtab *syms);

/*
 * printa( ) of several aggregations with the same keys: one line per key
 * any of them has, in the order of the first's values, with each one's
 * value (0 where it has none): the %@ conversions take them in order.
 */
int dt_agg_print_joined(FILE *fp, struct dt_aggdata **aggs, int n,
			const struct dt_pfmt *pf, struct dt_symtab *syms);

/* For printers of other formats (dt_json.c). */
void dt_agg_sort(struct dt_aggdata *d);	/* as printing orders entries */
int64_t dt_agg_keyint(const struct dt_agg *a, const uint8_t *key, int i);
const char *dt_agg_keystr(const struct dt_agg *a, const uint8_t *key,
			  int i, char *buf, size_t len);
/* Key i, not a stack, as text: the string, the symbol or the integer. */
const char *dt_agg_keytext(const struct dt_agg *a, const uint8_t *key, int i,
			   struct dt_symtab *syms, char *buf, size_t len);
int64_t dt_agg_scalar(const struct dt_aggdata *d, const uint64_t *val);
bool dt_agg_ishist(const struct dt_agg *a);
/* What entries sort by (the scalar, or a distribution's total). */
long double dt_agg_sortval(const struct dt_agg *a, const struct dt_aggent *e);
/* Keys in the order printing sorts ties in: <0, 0, >0. */
int dt_agg_keycmp(const struct dt_aggdata *d, const uint8_t *x,
		  const uint8_t *y);

/*
 * The rows of a distribution: lows[i] is the number row i is labelled
 * with (its lower bound; the first row of lquantize and llquantize is
 * "< lows[0]", their last ">= lows[n - 1]", as dt_agg_rowkind says:
 * -1, 1, or 0 for a plain row). Returns the rows filled.
 */
uint32_t dt_agg_rows(const struct dt_agg *a, int64_t *lows, uint32_t max);
int dt_agg_rowkind(const struct dt_agg *a, uint32_t i);

#endif /* DT_AGG_H */
