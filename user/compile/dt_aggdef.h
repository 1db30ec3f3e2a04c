/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations as the compiler defines them: one struct dt_agg per
 * @name, with its function, parameters, key layout and value size. The
 * consumer's totals, order and printing state for it live in user/run/
 * (struct dt_aggdata, dt_agg.h), which points back here.
 */
#ifndef DT_AGGDEF_H
#define DT_AGGDEF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dt_ast.h"

#define DT_AGG_KEYS_MAX	8
#define DT_AGG_TVARS_MAX	16	/* a tuple's elements (a_tvars) */

struct dt_agg {
	struct dt_agg	*a_next;
	char		*a_name;	/* without '@'; "" for @ */
	uint32_t	a_ix;		/* its place in the list: 0, 1, ... */
	uint32_t	a_func;		/* DTRACE_AGG_* */
	bool		a_stats;	/* stats( ): avg's words, printed whole */
	int64_t		a_params[4];
	uint32_t	a_valsize;	/* value bytes, as the module keeps */
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
	/* the keys' names as the script wrote them ("": none; keyN) */
	char		a_keyname[DT_AGG_KEYS_MAX][32];
	uint8_t		a_keynamed;	/* bit i: a use of key i was seen */
	struct dt_loc	a_loc;		/* first use */
	/*
	 * A name that stands for a global variable, not an aggregation (a
	 * map of a language whose maps are D globals, as its lowering
	 * makes them): it never fires; printa( ), clear( ) and the exit
	 * print the variable (a_var, found after compiling) through
	 * DVARSNAP instead.
	 */
	bool		a_isvar;
	const struct dt_var *a_var;
	/*
	 * A map of tuples: a variable per element (@m.0, @m.1, ...),
	 * printed as one; a_var is the first.
	 */
	int		a_ntvars;
	const struct dt_var *a_tvars[DT_AGG_TVARS_MAX];
};

/*
 * The D name of a DTRACE_AGG_* function ("count", ...; "?" if none).
 * stats( ) is avg( ) to the module (dt_funcs.h): its count and total
 * are the stats (a_stats), which a format may print whole; the text
 * format prints it as avg( ).
 */
const char *dt_agg_funcname(uint32_t func);

/*
 * The distributions take constant parameters after the value, then an
 * optional increment, an expression (quantize(x, incr), lquantize(x, lo,
 * hi, step, incr), llquantize(x, f, lo, hi, n, incr)): how many
 * parameters func has, and the increment of a call's arguments (NULL:
 * none, each value counts 1).
 */
int dt_agg_nparams(uint32_t func);
struct dt_node *dt_agg_incr(uint32_t func, struct dt_node *args);

/* Value bytes, as the module computes them (0: bad parameters). */
uint32_t dt_agg_valsize(uint32_t func, const int64_t *params);

/* Lay out the key of a with its types set; strslot bytes a string. */
int dt_agg_layout(struct dt_agg *a, uint32_t strslot);

struct dt_pcb;
/*
 * Name key i of a after a use whose key expression is k: the name the
 * script wrote (dt_aggkeyname.c), kept while every use agrees.
 */
void dt_agg_keyname(const struct dt_pcb *pcb, struct dt_agg *a, int i,
		    const struct dt_node *k);

void dt_agg_free(struct dt_agg *a);
void dt_agg_freeall(struct dt_agg *list);

#endif /* DT_AGGDEF_H */
