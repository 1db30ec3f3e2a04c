// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 2, aggregations: @name[keys] = func(args) statements define the
 * struct dt_agg of each @name (the same function and keys at every
 * use), and printa( ), clear( ), trunc( ), normalize( ), denormalize( )
 * name defined aggregations.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_aggdef.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_frontend.h"
#include "dt_options.h"

static struct dt_agg *dt_agg_lookup(struct dt_pcb *pcb, const char *name)
{
	struct dt_agg *a;

	for (a = pcb->pcb_prog.p_aggs; a; a = a->a_next)
		if (strcmp(a->a_name, name) == 0)
			return a;
	return NULL;
}

static struct dt_agg *dt_agg_create(struct dt_pcb *pcb, struct dt_node *agg)
{
	struct dt_agg *a = calloc(1, sizeof(*a)), **pp;

	if (!a || !(a->a_name = strdup(agg->n_str))) {
		free(a);
		return NULL;
	}
	a->a_loc = agg->n_loc;
	a->a_isvar = agg->n_isvar;
	a->a_ntvars = agg->n_ntvars;
	for (pp = &pcb->pcb_prog.p_aggs; *pp; pp = &(*pp)->a_next)
		a->a_ix++;
	*pp = a;
	return a;
}

/* lquantize( )'s base and limit: 32-bit constants. */
static int dt_lquant_int32(struct dt_pcb *pcb, struct dt_node *n, int argno,
			   const char *typetag, const char *valtag)
{
	if (n->n_kind != DT_N_INT)
		return dt_error(pcb, &n->n_loc, typetag, "lquantize( ) "
				"argument #%d must be an integer constant",
				argno);
	if (n->n_int < INT32_MIN || n->n_int > INT32_MAX)
		return dt_error(pcb, &n->n_loc, valtag, "lquantize( ) "
				"argument #%d must be a 32-bit quantity",
				argno);
	return 0;
}

/*
 * lquantize(x, base, limit[, step[, incr]]): DTrace's checks and words,
 * each parameter numbered from the base as #1. The first use of @name
 * fixes them (prev NULL); later ones must match.
 */
static int dt_check_lquant(struct dt_pcb *pcb, struct dt_node *call,
			   const int64_t *prev, int64_t *p)
{
	struct dt_node *base, *lim, *step;
	int64_t nlevels;

	if (dt_fold_list(pcb, call->n_args->n_next))	/* -10 is constant */
		return -1;
	base = call->n_args->n_next;
	lim = base->n_next;
	step = lim->n_next;

	if (dt_lquant_int32(pcb, base, 1, "D_LQUANT_BASETYPE",
			    "D_LQUANT_BASEVAL") ||
	    dt_lquant_int32(pcb, lim, 2, "D_LQUANT_LIMTYPE",
			    "D_LQUANT_LIMVAL"))
		return -1;
	if (lim->n_int < base->n_int)
		return dt_error(pcb, &call->n_loc, "D_LQUANT_MISMATCH",
				"lquantize( ) base (argument #1) must be less "
				"than limit (argument #2)");
	p[0] = base->n_int;
	p[1] = lim->n_int;
	p[2] = 1;
	if (step && (step->n_kind != DT_N_INT || step->n_int <= 0))
		return dt_error(pcb, &step->n_loc, "D_LQUANT_STEPTYPE",
				"lquantize( ) argument #3 must be a non-zero "
				"positive integer constant");
	/* DTrace's encoding; a language may have no such limit */
	if (step && step->n_int > UINT16_MAX &&
	    !(pcb->pcb_fe && dt_frontend(pcb)->fe_widestep))
		return dt_error(pcb, &step->n_loc, "D_LQUANT_STEPVAL",
				"lquantize( ) argument #3 must be a 16-bit "
				"quantity");
	if (step)
		p[2] = step->n_int;
	nlevels = (p[1] - p[0]) / p[2];
	if (nlevels == 0)
		return dt_error(pcb, &call->n_loc, "D_LQUANT_STEPLARGE",
				"lquantize( ) step (argument #3) too large: "
				"must have at least one quantization level");
	if (nlevels > UINT16_MAX)
		return dt_error(pcb, &call->n_loc, "D_LQUANT_STEPSMALL",
				"lquantize( ) step (argument #3) too small: "
				"number of quantization levels must be a "
				"16-bit quantity");
	/* DTrace's limit is base + whole steps: (0, 105, 10) is (0, 100, 10) */
	p[1] = p[0] + nlevels * p[2];
	lim->n_int = p[1];
	if (!prev)
		return 0;
	if (prev[0] != p[0])
		return dt_error(pcb, &call->n_loc, "D_LQUANT_MATCHBASE",
				"lquantize( ) base (argument #1) doesn't match "
				"previous declaration: expected %d, found %d",
				(int)prev[0], (int)p[0]);
	if (prev[1] - prev[0] != p[1] - p[0])
		return dt_error(pcb, &call->n_loc, "D_LQUANT_MATCHLIM",
				"lquantize( ) limit (argument #2) doesn't "
				"match previous declaration: expected %d, "
				"found %d", (int)prev[1], (int)p[1]);
	if (prev[2] != p[2])
		return dt_error(pcb, &call->n_loc, "D_LQUANT_MATCHSTEP",
				"lquantize( ) step (argument #3) doesn't match "
				"previous declaration: expected %d, found %d",
				(int)prev[2], (int)p[2]);
	return 0;
}

/* llquantize( )'s parameters, as DTrace names and tags them. */
static const struct {
	const char	*name;
	const char	*typetag, *valtag, *matchtag;
} dt_llq_params[4] = {
	{ "factor", "D_LLQUANT_FACTORTYPE", "D_LLQUANT_FACTORVAL",
	  "D_LLQUANT_FACTORMATCH" },
	{ "low magnitude", "D_LLQUANT_LOWTYPE", "D_LLQUANT_LOWVAL",
	  "D_LLQUANT_LOWMATCH" },
	{ "high magnitude", "D_LLQUANT_HIGHTYPE", "D_LLQUANT_HIGHVAL",
	  "D_LLQUANT_HIGHMATCH" },
	{ "linear steps per magnitude", "D_LLQUANT_NSTEPTYPE",
	  "D_LLQUANT_NSTEPVAL", "D_LLQUANT_NSTEPMATCH" },
};

/*
 * llquantize(x, factor, low, high, steps[, incr]): DTrace's checks, in
 * its order and words. The first use of @name fixes the parameters
 * (prev NULL); later ones must match.
 */
static int dt_check_llquant(struct dt_pcb *pcb, struct dt_node *call,
			    const int64_t *prev, int64_t *p)
{
	struct dt_node *k;
	uint64_t v, order;
	int i;

	if (dt_fold_list(pcb, call->n_args->n_next))
		return -1;
	for (k = call->n_args->n_next, i = 0; i < 4; k = k->n_next, i++) {
		if (k->n_kind != DT_N_INT)
			return dt_error(pcb, &k->n_loc, dt_llq_params[i].typetag,
					"llquantize( ) argument #%d (%s) must "
					"be an integer constant", i + 1,
					dt_llq_params[i].name);
		if ((uint64_t)k->n_int > UINT16_MAX)
			return dt_error(pcb, &k->n_loc, dt_llq_params[i].valtag,
					"llquantize( ) argument #%d (%s) must "
					"be an unsigned 16-bit quantity", i + 1,
					dt_llq_params[i].name);
		p[i] = k->n_int;
	}
	if (p[0] < 2)
		return dt_error(pcb, &call->n_loc, "D_LLQUANT_FACTORSMALL",
				"llquantize( ) factor (argument #1) must be "
				"two or more");
	if (p[1] >= p[2])
		return dt_error(pcb, &call->n_loc, "D_LLQUANT_MAGRANGE",
				"llquantize( ) high magnitude (argument #3) "
				"must be greater than low magnitude (argument "
				"#2)");
	if (p[3] < p[0])
		return dt_error(pcb, &call->n_loc, "D_LLQUANT_FACTORNSTEPS",
				"llquantize( ) factor (argument #1) must be "
				"less than or equal to the number of linear "
				"steps per magnitude (argument #4)");
	for (v = (uint64_t)p[0]; v < (uint64_t)p[3]; v *= (uint64_t)p[0])
		;
	if (p[3] % p[0] || v % (uint64_t)p[3])
		return dt_error(pcb, &call->n_loc, "D_LLQUANT_FACTOREVEN",
				"llquantize( ) factor (argument #1) must evenly "
				"divide the number of steps per magnitude "
				"(argument #4), and the number of steps per "
				"magnitude must evenly divide a power of the "
				"factor");
	/* factor to the power high + 2 must not wrap, as DTrace counts */
	for (i = 0, order = 1; i <= p[2] + 1; i++) {
		if (order * (uint64_t)p[0] <= order)
			return dt_error(pcb, &call->n_loc,
					"D_LLQUANT_MAGTOOBIG", "llquantize( ) "
					"factor (%d) raised to power of high "
					"magnitude (%d) plus 1 overflows "
					"64-bits", (int)p[0], (int)p[2]);
		order *= (uint64_t)p[0];
	}
	for (i = 0; prev && i < 4; i++)
		if (prev[i] != p[i])
			return dt_error(pcb, &call->n_loc,
					dt_llq_params[i].matchtag,
					"llquantize( ) %s (argument #%d) "
					"doesn't match previous declaration: "
					"expected %d, found %d",
					dt_llq_params[i].name, i + 1,
					(int)prev[i], (int)p[i]);
	return 0;
}

/* @a[1][2]: an aggregation has one tuple of keys. */
int dt_check_aggmdim(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l;

	if (n->n_kind == DT_N_ASSIGN)
		n = n->n_left;
	if (n->n_kind != DT_N_INDEX || n->n_left->n_kind != DT_N_INDEX)
		return 0;
	for (l = n->n_left; l->n_kind == DT_N_INDEX; l = l->n_left)
		;
	if (l->n_kind != DT_N_AGG)
		return 0;
	return dt_error(pcb, &n->n_loc, "D_AGG_MDIM", "improper attempt to "
			"reference @%s as a multi-dimensional array",
			l->n_str);
}

int dt_check_aggstmt(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *lhs = n->n_left, *r = n->n_right, *k;
	struct dt_node *agg = lhs->n_kind == DT_N_AGG ? lhs : lhs->n_left;
	struct dt_node *keys = lhs->n_kind == DT_N_INDEX ? lhs->n_args : NULL;
	int nkeys = dt_node_count(keys), nargs, i;
	const struct dt_func *f;
	int64_t params[4] = { 0 };
	struct dt_agg *a;
	uint32_t func;

	if (n->n_op != DT_OP_SET)
		return dt_error(pcb, &n->n_loc, "D_AGG_OP",
				"operator %s= cannot be applied to an "
				"aggregation", dt_op_str(n->n_op));
	f = r->n_kind == DT_N_CALL ? r->n_func : NULL;
	if (!f || f->f_kind != DT_F_AGG)
		return dt_error(pcb, &r->n_loc, "D_AGG_FUNC",
				"@%s must be assigned the result of an "
				"aggregating function", agg->n_str);
	func = (uint32_t)f->f_code;
	nargs = dt_node_count(r->n_args);
	if (nargs < f->f_minargs || nargs > f->f_maxargs)
		return dt_error_nargs(pcb, &r->n_loc, r->n_str, nargs,
				      f->f_minargs, f->f_maxargs);
	for (k = r->n_args, i = 1; k; k = k->n_next, i++) {
		if (dt_check_expr(pcb, k))
			return -1;
		if (k->n_type.kind != DT_T_INT && i == 1)
			return dt_error(pcb, &r->n_loc, "D_AGG_SCALAR",
					"%s( ) argument #1 must be of scalar "
					"type", r->n_str);
		if (k->n_type.kind != DT_T_INT)
			return dt_error(pcb, &k->n_loc, "D_PROTO_ARG",
					"%s( ) argument #%d is incompatible "
					"with prototype:\n\tprototype: int\n\t"
					" argument: %s", r->n_str, i,
					dt_type_name(&k->n_type));
	}
	a = dt_agg_lookup(pcb, agg->n_str);
	if (func == DTRACE_AGG_LQUANTIZE &&
	    dt_check_lquant(pcb, r, a && a->a_func == func ? a->a_params :
			    NULL, params))
		return -1;
	if (func == DTRACE_AGG_LLQUANTIZE &&
	    dt_check_llquant(pcb, r, a && a->a_func == func ? a->a_params :
			     NULL, params))
		return -1;
	if (nkeys > DT_AGG_KEYS_MAX)
		return dt_error(pcb, &lhs->n_loc, "D_AGG_KEYS",
				"@%s: too many keys (at most %d)", agg->n_str,
				DT_AGG_KEYS_MAX);
	uint8_t stk[DT_AGG_KEYS_MAX] = { 0 };
	uint32_t frames[DT_AGG_KEYS_MAX] = { 0 };

	for (k = keys, i = 0; k; k = k->n_next, i++) {
		if (k->n_kind == DT_N_CALL && k->n_func &&
		    (k->n_func->f_id == DT_FN_STACK ||
		     k->n_func->f_id == DT_FN_USTACK)) {
			/* a stack key: the consumer aggregates (dt_agg.h) */
			stk[i] = k->n_func->f_id == DT_FN_USTACK ? 2 : 1;
			frames[i] = !pcb->pcb_opts ? 20 : stk[i] == 2 ?
				pcb->pcb_opts->o_ustackframes :
				pcb->pcb_opts->o_stackframes;
			if (dt_check_stackargs(pcb, k, &frames[i]))
				return -1;
			k->n_type = dt_type_ulong;
			/* a language's print mode, put in n_int */
			if (k->n_int > 0 && k->n_int <= DT_STACKMODE_RAW)
				k->n_type.sym = (uint8_t)((stk[i] == 2 ?
					DT_SYM_USTACK : DT_SYM_KSTACK) + k->n_int);
			continue;
		}
		if (dt_is_action(k))
			k->n_type = dt_type_void;
		else if (dt_check_expr(pcb, k))
			return -1;
		if (dt_check_keytype(pcb, k, i, "aggregation"))
			return -1;
	}

	if (!a) {
		a = dt_agg_create(pcb, agg);
		if (!a)
			return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		a->a_func = func;
		memcpy(a->a_params, params, sizeof(params));
		a->a_stats = f->f_id == DT_FN_STATS;
		a->a_nkeys = nkeys;
		for (k = keys, i = 0; k; k = k->n_next, i++) {
			a->a_keys[i] = k->n_type.kind == DT_T_STRING ?
				dt_type_string : k->n_type;
			a->a_keystack[i] = stk[i];
			a->a_keyframes[i] = frames[i];
			a->a_user |= stk[i] != 0;
		}
		/* a string key keeps strsize characters and its NUL */
		if (dt_agg_layout(a, DT_STRSLOT(dt_pcb_strsize(pcb))))
			return dt_error(pcb, &lhs->n_loc, "D_AGG_KEYS",
					"@%s: the key is larger than %u bytes",
					agg->n_str, DTRACE_AGGKEY_MAX);
	} else if (a->a_func != func ||
		   a->a_stats != (f->f_id == DT_FN_STATS)) {
		return dt_error(pcb, &r->n_loc, "D_AGG_REDEF",
				"aggregation redefined: @%s\n\t current: "
				"@%s = %s( )\n\tprevious: @%s = %s( ) : line "
				"%d", agg->n_str, agg->n_str, r->n_str,
				agg->n_str, a->a_stats ? "stats" :
				dt_agg_funcname(a->a_func),
				a->a_loc.first_line);
	} else if (a->a_nkeys != nkeys) {
		return dt_error(pcb, &lhs->n_loc, "D_AGG_KEYS",
				"@%s used with %d key%s, and %d before",
				agg->n_str, nkeys, nkeys == 1 ? "" : "s",
				a->a_nkeys);
	} else {
		for (k = keys, i = 0; k; k = k->n_next, i++)
			if ((stk[i] || a->a_keystack[i]) &&
			    (stk[i] != a->a_keystack[i] ||
			     frames[i] != a->a_keyframes[i]))
				return dt_error(pcb, &k->n_loc, "D_AGG_KEYS",
						"@%s key #%d is incompatible "
						"with its first use: a stack "
						"of another kind or size",
						agg->n_str, i + 1);
			else if ((k->n_type.kind == DT_T_STRING) !=
			    (a->a_keys[i].kind == DT_T_STRING) ||
			    DT_SYM_ISUSER(k->n_type.sym) !=
			    DT_SYM_ISUSER(a->a_keys[i].sym) ||
			    stk[i] != a->a_keystack[i] ||
			    frames[i] != a->a_keyframes[i])
				return dt_error(pcb, &k->n_loc, "D_AGG_KEYS",
						"@%s key #%d is incompatible "
						"with its first use:\n\tfirst:"
						" %s\n\t used: %s", agg->n_str,
						i + 1,
						dt_type_name(&a->a_keys[i]),
						dt_type_name(&k->n_type));
	}
	for (k = keys, i = 0; k; k = k->n_next, i++)
		dt_agg_keyname(pcb, a, i, k);
	agg->n_agg = a;
	n->n_type = dt_type_void;
	return 0;
}

int dt_check_stackargs(struct dt_pcb *pcb, const struct dt_node *call,
		       uint32_t *frames)
{
	const struct dt_node *a = call->n_args;
	bool user = call->n_func->f_id == DT_FN_USTACK;

	if (!a)
		return 0;
	if (a->n_kind != DT_N_INT || a->n_int < 1)
		return dt_error(pcb, &a->n_loc, user ? "D_USTACK_FRAMES" :
				"D_STACK_SIZE", "%s( ) argument #1 must be a "
				"non-zero positive integer constant",
				call->n_str);
	/* ustack(n, strsize): strsize has no use here, as in DTrace */
	if (a->n_next && (a->n_next->n_kind != DT_N_INT ||
			  a->n_next->n_int < 0))
		return dt_error(pcb, &a->n_next->n_loc, "D_USTACK_STRSIZE",
				"ustack( ) argument #2 must be a positive "
				"integer constant");
	/* more frames than the most are the most, as DTrace has it */
	*frames = a->n_int > DTRACE_STACK_MAX ? DTRACE_STACK_MAX :
		(uint32_t)a->n_int;
	return 0;
}

/* DTrace's tag for an argument that is not an aggregation, per action. */
static const char *dt_aggarg_tag(enum dt_fid id)
{
	switch (id) {
	case DT_FN_PRINTA:
		return "D_PRINTA_AGGARG";
	case DT_FN_CLEAR:
		return "D_CLEAR_AGGARG";
	case DT_FN_TRUNC:
		return "D_TRUNC_AGGARG";
	default:
		return "D_NORMALIZE_AGGARG";
	}
}

static int dt_check_aggref(struct dt_pcb *pcb, struct dt_node *call,
			   struct dt_node *n, int argno)
{
	if (n->n_kind != DT_N_AGG) {
		/* normalize(count( ), 2): DTrace's type for it, unchecked */
		bool aggf = n->n_kind == DT_N_CALL && n->n_func &&
			n->n_func->f_kind == DT_F_AGG;

		if (!aggf && dt_check_expr(pcb, n))
			return -1;
		return dt_error(pcb, &call->n_loc,
				dt_aggarg_tag(call->n_func->f_id),
				"%s( ) argument #%d is incompatible with "
				"prototype:\n\tprototype: aggregation\n\t"
				" argument: %s", call->n_str, argno,
				aggf ? "aggregating function" :
				dt_type_name(&n->n_type));
	}
	n->n_agg = dt_agg_lookup(pcb, n->n_str);
	if (!n->n_agg && !pcb->pcb_agglate) {
		call->n_int = 1;	/* look again after every clause */
		return 1;
	}
	if (!n->n_agg)
		return dt_error(pcb, &n->n_loc, "D_AGG_UNDEF",
				"failed to resolve @%s: aggregation is never "
				"assigned", n->n_str);
	return 0;
}

/* printa's format: conversions take the keys in order, %@ the value. */
static int dt_check_printa_fmt(struct dt_pcb *pcb, struct dt_node *fmt,
			       const struct dt_agg *a)
{
	struct dt_pfmt *pf;
	char err[512];
	int i, k = 0, rc = 0, conv = 0;

	pf = dt_pfmt_parse(fmt->n_str, err, sizeof(err));
	if (!pf)
		return dt_error(pcb, &fmt->n_loc, "D_SYNTAX", "%s", err);
	for (i = 0; i < pf->pf_nsegs && !rc; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];
		int stars;

		if (!s->ps_conv)
			continue;
		conv++;
		/* a '*' takes the next key, an integer, as a printf value */
		stars = (s->ps_width == DT_PF_STAR) + (s->ps_prec == DT_PF_STAR);
		for (; stars && !rc; stars--, k++)
			if (k >= a->a_nkeys ||
			    a->a_keys[k].kind != DT_T_INT)
				rc = dt_error(pcb, &fmt->n_loc,
					      "D_PRINTF_DYN_PROTO", "printa( ) "
					      "prototype mismatch: conversion "
					      "#%d (%%%s) is missing a "
					      "corresponding \"%s\" argument",
					      conv, s->ps_name, stars == 2 ||
					      s->ps_prec != DT_PF_STAR ? "*" :
					      ".*");
		if (rc || s->ps_agg)
			continue;
		/* the keys are its arguments, from #2 (DTrace's words) */
		if (k >= a->a_nkeys)
			rc = dt_error(pcb, &fmt->n_loc, "D_PRINTF_ARG_PROTO",
				      "printa( ) prototype mismatch: "
				      "conversion #%d (%%%s) is missing a "
				      "corresponding value argument", conv,
				      s->ps_name);
		else if ((s->ps_conv == 'k') != !!a->a_keystack[k] ||
			 (!a->a_keystack[k] && (s->ps_conv == 's') !=
			  (a->a_keys[k].kind == DT_T_STRING)))
			/* %k is a stack key's, and a stack key %k's */
			rc = dt_error(pcb, &fmt->n_loc, "D_PRINTF_ARG_TYPE",
				      "printa( ) argument #%d is incompatible "
				      "with conversion #%d prototype:\n\t"
				      "conversion: %%%s\n\t prototype: %s\n\t"
				      "  argument: %s", k + 2, conv,
				      s->ps_name, dt_pfmt_proto(s->ps_conv),
				      a->a_keystack[k] ? "stack" :
				      dt_type_name(&a->a_keys[k]));
		k++;
	}
	dt_pfmt_free(pf);
	return rc;
}

/* printa( ) of several aggregations joins them by key: same keys. */
static int dt_check_joined(struct dt_pcb *pcb, struct dt_node *call,
			   struct dt_node *aggs)
{
	const struct dt_agg *first = aggs->n_agg, *a;
	struct dt_node *n;
	int i;

	for (n = aggs->n_next; n; n = n->n_next) {
		a = n->n_agg;
		if (a->a_nkeys != first->a_nkeys)
			return dt_error(pcb, &call->n_loc, "D_PRINTA_AGGKEY",
					"printa( ): @%s and @%s do not have "
					"matching key signatures: @%s has %d "
					"key%s, @%s has %d key%s",
					first->a_name, a->a_name, first->a_name,
					first->a_nkeys,
					first->a_nkeys == 1 ? "" : "s",
					a->a_name, a->a_nkeys,
					a->a_nkeys == 1 ? "" : "s");
		for (i = 0; i < a->a_nkeys; i++)
			if ((a->a_keys[i].kind == DT_T_STRING) !=
			    (first->a_keys[i].kind == DT_T_STRING))
				return dt_error(pcb, &call->n_loc,
						"D_PRINTA_AGGPROTO", "printa( ): "
						"@%s[ ] key #%d is incompatible "
						"with @%s:\n%9s key #%d: %s\n"
						"%9s key #%d: %s", a->a_name,
						i + 1, first->a_name,
						first->a_name, i + 1,
						dt_type_name(&first->a_keys[i]),
						a->a_name, i + 1,
						dt_type_name(&a->a_keys[i]));
	}
	return 0;
}

/*
 * The number of arguments, checked before any is looked at, in DTrace's
 * words and tags for each function. printa( ) takes at most
 * DT_PRINTA_MAX aggregations (struct dt_out's o_aggs).
 */
#define DT_PRINTA_MAX	9

static int dt_check_aggact_len(struct dt_pcb *pcb, struct dt_node *n)
{
	int nargs = dt_node_count(n->n_args);
	enum dt_fid id = n->n_func->f_id;
	const char *f = n->n_str;

	if (id == DT_FN_PRINTA) {
		int max = DT_PRINTA_MAX + (nargs && n->n_args->n_kind == DT_N_STR);

		if (nargs < 1)
			return dt_error(pcb, &n->n_loc, "D_PROTO_LEN",
					"printa( ) prototype mismatch: %d args "
					"passed, 1 expected", nargs);
		if (nargs > max)
			return dt_error_nargs(pcb, &n->n_loc, f, nargs, 1,
					      max);
	} else {
		/* DTrace checks their prototypes first: D_PROTO_LEN */
		int min = id == DT_FN_NORMALIZE ? 2 : 1;
		int max = id == DT_FN_TRUNC ? 2 : min;

		if (nargs < min || nargs > max)
			return dt_error_nargs(pcb, &n->n_loc, f, nargs, min,
					      max);
	}
	return 0;
}

int dt_check_aggact(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *fmt = NULL;
	int i = 1;

	n->n_type = dt_type_void;
	n->n_int = 0;
	if (dt_check_aggact_len(pcb, n))
		return -1;
	if (n->n_func->f_id == DT_FN_PRINTA) {
		if (a->n_kind == DT_N_STR) {
			fmt = a;
			a = a->n_next;
			i++;
			if (!a)
				return dt_error(pcb, &n->n_loc,
						"D_PRINTA_PROTO", "printa( ) "
						"prototype mismatch: 1 args "
						"passed, 2 expected");
		}
		for (; a; a = a->n_next, i++) {
			int rc = dt_check_aggref(pcb, n, a, i);

			if (rc)
				return rc < 0 ? -1 : 0;
		}
		a = fmt ? fmt->n_next : n->n_args;
		if (a->n_next && dt_check_joined(pcb, n, a))
			return -1;
		return fmt ? dt_check_printa_fmt(pcb, fmt,
						 fmt->n_next->n_agg) : 0;
	}
	i = dt_check_aggref(pcb, n, a, 1);
	if (i)
		return i < 0 ? -1 : 0;
	if (!a->n_next)
		return 0;
	if (dt_check_expr(pcb, a->n_next))
		return -1;
	if (a->n_next->n_type.kind != DT_T_INT)
		return dt_error(pcb, &a->n_next->n_loc, "D_PROTO_ARG",
				"%s( ) argument #2 is incompatible with "
				"prototype:\n\tprototype: int\n\t argument: %s",
				n->n_str, dt_type_name(&a->n_next->n_type));
	return 0;
}
