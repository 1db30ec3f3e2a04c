/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregations as the compiler defines them: one struct dt_agg per
 * @name, with its function, parameters and key layout. The module's
 * answer (AGGDESC: id, value size) and the consumer's totals live in the
 * same struct, filled in later (dt_agg.h).
 */
#ifndef DT_AGGDEF_H
#define DT_AGGDEF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dt_ast.h"

#define DT_AGG_KEYS_MAX	8

struct dt_aggent {
	uint8_t		*ae_key;	/* a_keysize bytes */
	uint64_t	*ae_val;	/* a_valsize bytes */
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
	struct dt_aggsort a_sort;	/* the options' order */
};

/*
 * The function of an aggregating call ("count", ...), or 0. stats( ), for
 * bpftrace's, is avg( ) to the module: its count and total are the
 * stats; -x oformat=bpftrace prints them (dt_btout.h), text as avg( ).
 */
uint32_t dt_agg_func(const char *name);
const char *dt_agg_funcname(uint32_t func);

/*
 * Value bytes, as the module computes them (0: bad parameters). With
 * the bucket maths in dt_agg.c, as are the two frees (of the totals too).
 */
uint32_t dt_agg_valsize(uint32_t func, const int64_t *params);

/* Lay out the key of a with its types set; strsize for strings. */
int dt_agg_layout(struct dt_agg *a, uint32_t strsize);

void dt_agg_free(struct dt_agg *a);
void dt_agg_freeall(struct dt_agg *list);

#endif /* DT_AGGDEF_H */
