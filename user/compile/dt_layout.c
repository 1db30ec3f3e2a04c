// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 4: actions and record layout.
 *
 * Each statement of a clause becomes module actions and consumer
 * outputs:
 *
 *   trace(e)            RECORD e               TRACE slot
 *   trace(ufunc(e))     RECORD pid, RECORD e   TRACE slot (two: dt_ast.h)
 *   printf(f, a1..an)   RECORD a1 .. RECORD an PRINTF f slots
 *   exit(e)             EXIT e                 (nothing printed)
 *   x = e, x++, ...     (run before the next action's value)
 *   e                   RECORD e               TRACE slot
 *   if (c) { ... }      GUARD c, then the block's actions naming it
 *
 * Statements done only for their effect (assignments, ++, --) become a
 * prefix of the next action's program; those at the end of a clause run
 * after the last action's value (in a GUARD of their own if that action
 * may be skipped), or, in a clause without actions, make one with a
 * slot nobody prints.
 *
 * Slots are 8-byte aligned one after the other; the record size is the
 * end of the last one, rounded up to 8.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_aggdef.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_funcext.h"
#include "dt_options.h"

static void *dt_grow(void *p, int n, size_t elem)
{
	void *np = realloc(p, (size_t)(n + 1) * elem);

	if (!np) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	memset((char *)np + (size_t)n * elem, 0, elem);
	return np;
}

static int dt_layout_rec(struct dt_pcb *pcb, struct dt_ecb *e,
			 const struct dt_type *t, uint32_t strsize,
			 const struct dt_loc *loc)
{
	uint32_t off = 0;
	struct dt_rec *r;

	if (e->e_nrecs) {
		r = &e->e_recs[e->e_nrecs - 1];
		off = (r->r_off + r->r_size + 7) & ~7u;
	}
	e->e_recs = dt_grow(e->e_recs, e->e_nrecs, sizeof(*r));
	r = &e->e_recs[e->e_nrecs];
	r->r_off = off;
	r->r_size = dt_rec_size(t, strsize);
	r->r_type = *t;
	if (off + r->r_size > DTRACE_RECSIZE_MAX)
		return dt_error(pcb, loc, "D_ACT_RECSIZE",
				"the clause records more than %u bytes",
				DTRACE_RECSIZE_MAX);
	e->e_recsize = (off + r->r_size + 7) & ~7u;
	return e->e_nrecs++;
}

/* One clause being laid out. */
struct dt_lay {
	struct dt_pcb	*l_pcb;
	struct dt_ecb	*l_ecb;
	uint32_t	l_strsize;
	uint32_t	l_aggkeyw;	/* key bytes written in this clause */
	struct dt_node	**l_pending;	/* statements for the next action */
	int		l_npending;
	struct dt_node	**l_guards;	/* if guards with a GUARD action */
	int		*l_guardacts;	/* ... its index */
	int		l_nguards;
};

int dt_layout_act(struct dt_lay *l, uint32_t kind, struct dt_node *expr,
		  struct dt_node *stmt, bool rec, const struct dt_type *rt)
{
	struct dt_pcb *pcb = l->l_pcb;
	struct dt_ecb *e = l->l_ecb;
	struct dt_act *a;
	int slot = -1;

	if (!rt)
		rt = &expr->n_type;
	if (rec) {
		slot = dt_layout_rec(pcb, e, rt, l->l_strsize,
				     expr ? &expr->n_loc : &stmt->n_loc);
		if (slot < 0)
			return -1;
	}
	e->e_acts = dt_grow(e->e_acts, e->e_nacts, sizeof(*a));
	a = &e->e_acts[e->e_nacts++];
	a->a_kind = kind;
	a->a_rec = slot;
	a->a_expr = expr;
	a->a_type = *rt;
	a->a_stmt = stmt;
	a->a_pre = l->l_pending;
	a->a_npre = l->l_npending;
	l->l_pending = NULL;
	l->l_npending = 0;
	dt_difo_init(&a->a_difo);
	return slot;
}

/*
 * The pid a user symbol's value is recorded with (ufunc( ) and its like,
 * dt_ast.h): DIF's pid variable, the current process's, as illumos's
 * USYM actions record it. Only read by the code generator.
 */
static struct dt_node dt_layout_pid = {
	.n_kind = DT_N_BUILTIN,
	.n_builtin = DIF_VAR_PID,
	.n_type = { .kind = DT_T_INT, .size = 4, .is_signed = true },
};

static bool dt_layout_isusym(const struct dt_node *e)
{
	return e && e->n_type.kind == DT_T_INT && !e->n_type.ptr &&
		DT_SYM_ISUSER(e->n_type.sym);
}

/*
 * A user symbol's value e as two slots, 16 bytes: the pid, marked with
 * e's kind, then the address. Returns the first.
 */
static int dt_layout_usym(struct dt_lay *l, struct dt_node *e,
			  struct dt_node *s)
{
	struct dt_type t = dt_type_ulong;
	int slot;

	t.sym = e->n_type.sym;
	slot = dt_layout_act(l, DTRACE_ACT_RECORD, &dt_layout_pid, s, true,
			     &t);
	if (slot < 0 || dt_layout_act(l, DTRACE_ACT_RECORD, e, s, true,
				      &dt_type_ulong) < 0)
		return -1;
	return slot;
}

struct dt_out *dt_layout_out(struct dt_lay *l, enum dt_outkind k, int rec,
			     int nrecs)
{
	struct dt_ecb *e = l->l_ecb;
	struct dt_out *o;

	e->e_outs = dt_grow(e->e_outs, e->e_nouts, sizeof(*o));
	o = &e->e_outs[e->e_nouts++];
	o->o_kind = k;
	o->o_rec = rec;
	o->o_nrecs = nrecs;
	o->o_guard = -1;
	return o;
}

/* The constant parameters of lquantize( ) and llquantize( ). */
static int dt_layout_aggparams(struct dt_lay *l, struct dt_agg *a,
			       struct dt_node *call)
{
	int64_t p[4] = { 0, 0, 1, 0 };
	struct dt_node *k;
	uint32_t vs;
	int i;

	for (k = call->n_args ? call->n_args->n_next : NULL, i = 0;
	     k && i < dt_agg_nparams(a->a_func); k = k->n_next, i++) {
		if (k->n_kind != DT_N_INT)
			return dt_error(l->l_pcb, &k->n_loc, "D_AGG_PARAM",
					"%s( ) argument #%d must be an integer "
					"constant", call->n_str, i + 2);
		p[i] = k->n_int;
	}
	vs = dt_agg_valsize(a->a_func, p);
	if (!vs)
		return dt_error(l->l_pcb, &call->n_loc, "D_AGG_PARAM",
				"%s( ): invalid parameters", call->n_str);
	if (a->a_valsize && memcmp(a->a_params, p, sizeof(p)))
		return dt_error(l->l_pcb, &call->n_loc, "D_AGG_MDEF",
				"@%s redefined: %s( ) with other parameters",
				a->a_name, call->n_str);
	memcpy(a->a_params, p, sizeof(p));
	a->a_valsize = vs;
	return 0;
}

/*
 * @a[stack(), k...] = f(x), added up by the consumer: the keys and the
 * value are recorded, one slot each, in key order then the value.
 */
static int dt_layout_useragg(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *lhs = s->n_left, *call = s->n_right, *k;
	struct dt_node *agg = lhs->n_kind == DT_N_AGG ? lhs : lhs->n_left;
	struct dt_agg *a = agg->n_agg;
	int slot, first = -1, i = 0;
	struct dt_out *o;

	if (dt_layout_aggparams(l, a, call))
		return -1;
	if (dt_agg_incr(a->a_func, call->n_args))
		return dt_error(l->l_pcb, &call->n_loc, "D_UNSUPPORTED",
				"%s( ) with an increment is not supported yet "
				"for an aggregation keyed by a stack",
				call->n_str);
	for (k = lhs->n_kind == DT_N_INDEX ? lhs->n_args : NULL; k;
	     k = k->n_next, i++) {
		if (a->a_keystack[i])
			slot = dt_layout_stackslot(l, s, a->a_keystack[i] == 2,
						   a->a_keyframes[i]);
		else if (DT_SYM_ISUSER(a->a_keys[i].sym))
			slot = dt_layout_usym(l, k, s);	/* two slots */
		else
			slot = dt_layout_act(l, DTRACE_ACT_RECORD, k, s, true,
					     k->n_type.kind == DT_T_STRING ?
					     &dt_type_string : &dt_type_long);
		if (slot < 0)
			return -1;
		if (first < 0)
			first = slot;
	}
	slot = dt_layout_act(l, DTRACE_ACT_RECORD, call->n_args, s, true,
			     &dt_type_long);
	if (slot < 0)
		return -1;
	if (first < 0)
		first = slot;
	o = dt_layout_out(l, DT_OUT_AGGREC, first,
			  l->l_ecb->e_nrecs - first);
	o->o_aggs[0] = a;
	o->o_naggs = 1;
	return 0;
}

/* @a[k1, ...] = f(x): AGGKEY actions for the keys, then AGGREGATE. */
static int dt_layout_aggstmt(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *lhs = s->n_left, *call = s->n_right, *k, *incr;
	struct dt_node *agg = lhs->n_kind == DT_N_AGG ? lhs : lhs->n_left;
	struct dt_agg *a = agg->n_agg;
	struct dt_act *act;
	int i = 0;

	if (a->a_user)
		return dt_layout_useragg(l, s);
	if (dt_layout_aggparams(l, a, call))
		return -1;
	for (k = lhs->n_kind == DT_N_INDEX ? lhs->n_args : NULL; k;
	     k = k->n_next, i++) {
		if (DT_SYM_ISUSER(a->a_keys[i].sym)) {
			/* the pid, then the address (dt_agg_layout( )) */
			if (dt_layout_act(l, DTRACE_ACT_AGGKEY, &dt_layout_pid,
					  s, false, &dt_type_long) < 0 &&
			    l->l_pcb->pcb_failed)
				return -1;
			act = &l->l_ecb->e_acts[l->l_ecb->e_nacts - 1];
			act->a_off = a->a_keyoff[i];
			act->a_size = 8;
			if (dt_layout_act(l, DTRACE_ACT_AGGKEY, k, s, false,
					  &dt_type_long) < 0 &&
			    l->l_pcb->pcb_failed)
				return -1;
			act = &l->l_ecb->e_acts[l->l_ecb->e_nacts - 1];
			act->a_off = a->a_keyoff[i] + 8;
			act->a_size = 8;
			continue;
		}
		if (dt_layout_act(l, DTRACE_ACT_AGGKEY, k, s, false,
				  k->n_type.kind == DT_T_STRING ?
				  &dt_type_string : &dt_type_long) < 0 &&
		    l->l_pcb->pcb_failed)
			return -1;
		act = &l->l_ecb->e_acts[l->l_ecb->e_nacts - 1];
		act->a_off = a->a_keyoff[i];
		act->a_size = a->a_keysz[i];
	}
	if (l->l_aggkeyw > a->a_keysize) {
		/* zero what an earlier @ of this clause wrote past our key */
		if (dt_layout_act(l, DTRACE_ACT_AGGKEY, NULL, s, false,
				  &dt_type_string) < 0 && l->l_pcb->pcb_failed)
			return -1;
		act = &l->l_ecb->e_acts[l->l_ecb->e_nacts - 1];
		act->a_off = a->a_keysize;
		act->a_size = l->l_aggkeyw - a->a_keysize;
	}
	if (a->a_keysize > l->l_aggkeyw)
		l->l_aggkeyw = a->a_keysize;
	incr = dt_agg_incr(a->a_func, call->n_args);
	if (incr && dt_layout_act(l, DTRACE_ACT_AGGWEIGHT, incr, s, false,
				  &dt_type_long) < 0 && l->l_pcb->pcb_failed)
		return -1;
	if (dt_layout_act(l, DTRACE_ACT_AGGREGATE, call->n_args, s, false,
			  &dt_type_long) < 0 && l->l_pcb->pcb_failed)
		return -1;
	l->l_ecb->e_acts[l->l_ecb->e_nacts - 1].a_agg = a;
	return 0;
}

/* printa( ), clear( ), trunc( ), normalize( ), denormalize( ). */
static int dt_layout_aggact(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *a = s->n_args, *val = NULL;
	enum dt_outkind k;
	struct dt_out *o;
	char err[256];
	int slot;

	switch (s->n_func->f_id) {
	case DT_FN_PRINTA:
		k = DT_OUT_PRINTA;
		break;
	case DT_FN_CLEAR:
		k = DT_OUT_CLEAR;
		break;
	case DT_FN_TRUNC:
		k = DT_OUT_TRUNC;
		break;
	case DT_FN_NORMALIZE:
		k = DT_OUT_NORMALIZE;
		break;
	default:
		k = DT_OUT_DENORMALIZE;
		break;
	}
	if (k != DT_OUT_PRINTA)
		val = a->n_next;
	slot = dt_layout_act(l, DTRACE_ACT_RECORD, val, s, true,
			     &dt_type_long);
	if (slot < 0)
		return -1;
	o = dt_layout_out(l, k, slot, val ? 1 : 0);
	if (a->n_kind == DT_N_STR) {
		o->o_fmt = dt_pfmt_parse(a->n_str, err, sizeof(err));
		if (!o->o_fmt)
			return dt_error(l->l_pcb, &a->n_loc, "D_SYNTAX",
					"%s", err);
		a = a->n_next;
	}
	for (; a && a->n_kind == DT_N_AGG; a = a->n_next)
		o->o_aggs[o->o_naggs++] = a->n_agg;
	return 0;
}

/* Make the last slot size bytes rather than one value's. */
int dt_layout_resize(struct dt_lay *l, struct dt_node *s, int slot,
		     uint32_t size)
{
	struct dt_ecb *e = l->l_ecb;
	struct dt_rec *r = &e->e_recs[slot];

	r->r_size = size;
	if (r->r_off + r->r_size > DTRACE_RECSIZE_MAX)
		return dt_error(l->l_pcb, &s->n_loc, "D_ACT_RECSIZE",
				"the clause records more than %u bytes",
				DTRACE_RECSIZE_MAX);
	e->e_recsize = (r->r_off + r->r_size + 7) & ~7u;
	return slot;
}

/* A STACK/USTACK action and its slot: frames PCs (ustack: pid first). */
int dt_layout_stackslot(struct dt_lay *l, struct dt_node *s, bool user,
			uint32_t frames)
{
	struct dt_node **pend = l->l_pending;
	int npend = l->l_npending, slot;
	struct dt_act *a;

	/*
	 * The action has no program to run statements before it (x = 1;
	 * stack( )): they stay pending for the next one, or the clause's
	 * end.
	 */
	l->l_pending = NULL;
	l->l_npending = 0;
	slot = dt_layout_act(l, user ? DTRACE_ACT_USTACK : DTRACE_ACT_STACK,
			     NULL, s, true, &dt_type_long);
	l->l_pending = pend;
	l->l_npending = npend;
	if (slot < 0)
		return -1;
	a = &l->l_ecb->e_acts[l->l_ecb->e_nacts - 1];
	a->a_arg = frames;
	a->a_nodif = true;
	/* the slot is n (or n + 1) words rather than one */
	return dt_layout_resize(l, s, slot, (frames + user) * 8);
}

/* raise(sig), stop(), chill(ns): the module acts; nothing recorded. */
static int dt_layout_destructive(struct dt_lay *l, struct dt_node *s)
{
	uint32_t kind = s->n_func->f_id == DT_FN_RAISE ? DTRACE_ACT_RAISE :
		s->n_func->f_id == DT_FN_STOP ? DTRACE_ACT_STOP :
		DTRACE_ACT_CHILL;

	/* stop() stops when its value is not 0: give it 1 */
	if (kind == DTRACE_ACT_STOP && !s->n_args) {
		s->n_args = dt_node_int(1, &dt_type_int, &s->n_loc);
		if (!s->n_args)
			return dt_error(l->l_pcb, NULL, "D_NOMEM",
					"out of memory");
	}

	l->l_ecb->e_destructive = true;
	if (dt_layout_act(l, kind, s->n_args, s, false, &dt_type_long) < 0 &&
	    l->l_pcb->pcb_failed)
		return -1;
	return 0;
}

/* tracemem(addr, n): n bytes at addr, n a constant as in DTrace. */
static int dt_layout_tracemem(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *n = s->n_args->n_next;
	int slot;

	if (n->n_kind != DT_N_INT || n->n_int < 1 ||
	    n->n_int > DTRACE_RECSIZE_MAX)
		return dt_error(l->l_pcb, &n->n_loc, "D_TRACEMEM_SIZE",
				"tracemem( ) argument #2 must be a non-zero "
				"positive integral constant expression");
	slot = dt_layout_act(l, DTRACE_ACT_TRACEMEM, s->n_args, s, true,
			     &dt_type_ulong);
	if (slot < 0 || dt_layout_resize(l, s, slot, (uint32_t)n->n_int) < 0)
		return -1;
	dt_layout_out(l, DT_OUT_TRACEMEM, slot, 1);
	return 0;
}

static bool dt_layout_issou(const struct dt_node *e)
{
	return e->n_type.kind == DT_T_SOU && !e->n_type.ptr;
}

/*
 * A struct or union e whole: its bytes, copied from its address as
 * tracemem( ) copies them. Returns the slot.
 */
static int dt_layout_sou(struct dt_lay *l, struct dt_node *e,
			 struct dt_node *s)
{
	int slot = dt_layout_act(l, DTRACE_ACT_TRACEMEM, e, s, true,
				 &dt_type_ulong);

	if (slot < 0 ||
	    dt_layout_resize(l, s, slot, e->n_type.sou->s_size) < 0)
		return -1;
	return slot;
}

/*
 * trace(e) of a struct or union e: its bytes print as DTrace's trace( )
 * prints bytes that are not a string, its raw dump (tracemem( )'s).
 */
static int dt_layout_tracesou(struct dt_lay *l, struct dt_node *e,
			      struct dt_node *s)
{
	int slot = dt_layout_sou(l, e, s);

	if (slot < 0)
		return -1;
	dt_layout_out(l, DT_OUT_TRACEMEM, slot, 1);
	return 0;
}

/*
 * print(e): e's value as trace( ) records it, or a struct or union's
 * bytes; the slot's type is e's, for the consumer to print them by
 * (never the module's).
 */
static int dt_layout_print(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *e = s->n_args;
	int slot;

	if (dt_layout_issou(e)) {
		slot = dt_layout_sou(l, e, s);
		if (slot < 0)
			return -1;
	} else {
		slot = dt_layout_act(l, DTRACE_ACT_RECORD, e, s, true, NULL);
		if (slot < 0)
			return -1;
	}
	l->l_ecb->e_recs[slot].r_type = e->n_type;
	dt_layout_out(l, DT_OUT_PRINT, slot, 1);
	return 0;
}

/* stack(n), ustack(n): n PCs (ustack: the pid first), no program. */
static int dt_layout_stack(struct dt_lay *l, struct dt_node *s)
{
	bool user = s->n_func->f_id == DT_FN_USTACK;
	int64_t frames = !l->l_pcb->pcb_opts ? 20 : user ?
		l->l_pcb->pcb_opts->o_ustackframes :
		l->l_pcb->pcb_opts->o_stackframes;
	uint32_t n = (uint32_t)frames;
	int slot;

	if (dt_check_stackargs(l->l_pcb, s, &n))
		return -1;
	frames = n;
	slot = dt_layout_stackslot(l, s, user, (uint32_t)frames);
	if (slot < 0)
		return -1;
	dt_layout_out(l, user ? DT_OUT_USTACK : DT_OUT_STACK, slot, 1);
	return 0;
}

/* speculate(id) first in a clause; commit(id), discard(id). */
static int dt_layout_spec(struct dt_lay *l, struct dt_node *s)
{
	uint32_t kind = s->n_func->f_id == DT_FN_SPECULATE ?
		DTRACE_ACT_SPECULATE : s->n_func->f_id == DT_FN_COMMIT ?
		DTRACE_ACT_COMMIT : DTRACE_ACT_DISCARD;

	struct dt_ecb *e = l->l_ecb;
	struct dt_act a;
	int i;

	/*
	 * After chill( ) and the like, the module wants it first: it may
	 * go there if no assignment it could read comes before it.
	 */
	for (i = 0; kind == DTRACE_ACT_SPECULATE && i < e->e_nacts; i++)
		if ((e->e_acts[i].a_kind != DTRACE_ACT_RAISE &&
		     e->e_acts[i].a_kind != DTRACE_ACT_STOP &&
		     e->e_acts[i].a_kind != DTRACE_ACT_CHILL) ||
		    e->e_acts[i].a_npre || l->l_npending)
			return dt_error(l->l_pcb, &s->n_loc, "D_ACT_SPEC",
					"speculate( ) must come before every "
					"action of its clause");
	if (dt_layout_act(l, kind, s->n_args, s, false, &dt_type_long) < 0 &&
	    l->l_pcb->pcb_failed)
		return -1;
	if (kind == DTRACE_ACT_SPECULATE && e->e_nacts > 1) {
		a = e->e_acts[e->e_nacts - 1];
		memmove(&e->e_acts[1], &e->e_acts[0],
			(size_t)(e->e_nacts - 1) * sizeof(a));
		e->e_acts[0] = a;
	}
	return 0;
}

/* setopt(name[, value]): the consumer sets it when the record comes. */
static int dt_layout_setopt(struct dt_lay *l, struct dt_node *s)
{
	struct dt_out *o = dt_layout_out(l, DT_OUT_SETOPT, -1, 0);

	o->o_opt = s->n_args->n_str;
	o->o_optval = s->n_args->n_next ? s->n_args->n_next->n_str : NULL;
	return 0;
}

/* A slot's type: an unsigned long the consumer reads as sym says. */
void dt_layout_mark(struct dt_lay *l, int slot, uint8_t sym)
{
	struct dt_rec *r = &l->l_ecb->e_recs[slot];

	r->r_type = dt_type_ulong;
	r->r_type.sym = sym;
}

/*
 * A format and a slot per argument, as output k: printf(f, a1..an) and
 * its like. A front end's call as an argument lays out its own slots
 * (fx_fmtarg: a value the consumer makes of what they hold).
 */
int dt_layout_fmt(struct dt_lay *l, struct dt_node *s, enum dt_outkind k)
{
	const struct dt_funcext *x;
	int slot, first = -1, n = 0;
	struct dt_node *a;
	struct dt_out *o;
	char err[256];

	for (a = s->n_args->n_next; a; a = a->n_next, n++) {
		x = a->n_kind == DT_N_CALL ? dt_funcext(a->n_func) : NULL;
		if (x && x->fx_fmtarg)
			slot = x->fx_fmtarg(l, s, a, &n);
		else if (dt_layout_isusym(a) && ++n)
			slot = dt_layout_usym(l, a, s);	/* two slots */
		else
			slot = dt_layout_act(l, DTRACE_ACT_RECORD, a, s, true,
					     NULL);
		if (slot < 0)
			return -1;
		if (first < 0)
			first = slot;
	}
	o = dt_layout_out(l, k, first, n);
	l->l_ecb->e_destructive |= k == DT_OUT_SYSTEM || k == DT_OUT_FREOPEN;
	/* a front end's run-time errors: printf's n_post */
	o->o_stderr = k == DT_OUT_PRINTF && s->n_post;
	o->o_fmt = dt_pfmt_parse(s->n_args->n_str, err, sizeof(err));
	if (!o->o_fmt)
		return dt_error(l->l_pcb, &s->n_loc, "D_SYNTAX", "%s",
				err);
	return 0;
}

/* printf(f, a1..an), system(f, a1..an), freopen(f, a1..an) */
static int dt_layout_printf(struct dt_lay *l, struct dt_node *s)
{
	return dt_layout_fmt(l, s, s->n_func->f_id == DT_FN_PRINTF ?
			     DT_OUT_PRINTF : s->n_func->f_id == DT_FN_SYSTEM ?
			     DT_OUT_SYSTEM : DT_OUT_FREOPEN);
}

/* ftruncate( ): the consumer truncates its output; nothing recorded. */
static int dt_layout_ftruncate(struct dt_lay *l, struct dt_node *s)
{
	(void)s;
	l->l_ecb->e_destructive = true;
	dt_layout_out(l, DT_OUT_FTRUNCATE, -1, 0);
	return 0;
}

/* trace(e), exit(e): one slot with e. */
static int dt_layout_value(struct dt_lay *l, struct dt_node *s)
{
	bool isexit = s->n_func->f_id == DT_FN_EXIT;
	int slot;

	if (!isexit && dt_layout_issou(s->n_args))
		return dt_layout_tracesou(l, s->n_args, s);

	if (!isexit && dt_layout_isusym(s->n_args)) {
		slot = dt_layout_usym(l, s->n_args, s);
		if (slot < 0)
			return -1;
		dt_layout_out(l, DT_OUT_TRACE, slot, 2);
		return 0;
	}
	slot = dt_layout_act(l, isexit ? DTRACE_ACT_EXIT : DTRACE_ACT_RECORD,
			     s->n_args, s, true, NULL);
	if (slot < 0)
		return -1;
	dt_layout_out(l, isexit ? DT_OUT_EXIT : DT_OUT_TRACE, slot, 1);
	return 0;
}

/* Any other statement, and calls without a layout hook of their own. */
static int dt_layout_any(struct dt_lay *l, struct dt_node *s)
{
	int slot;

	if (s->n_kind == DT_N_ASSIGN || s->n_kind == DT_N_INCDEC ||
	    s->n_type.kind == DT_T_VOID) {
		l->l_pending = dt_grow(l->l_pending, l->l_npending,
				       sizeof(s));
		l->l_pending[l->l_npending++] = s;
		return 0;
	}
	/* any other expression is traced, as DTrace does */
	if (dt_layout_issou(s))
		return dt_layout_tracesou(l, s, s);
	if (dt_layout_isusym(s))
		slot = dt_layout_usym(l, s, s);
	else
		slot = dt_layout_act(l, DTRACE_ACT_RECORD, s, s, true, NULL);
	if (slot < 0)
		return -1;
	dt_layout_out(l, DT_OUT_TRACE, slot, dt_layout_isusym(s) ? 2 : 1);
	return 0;
}

/* copyout( ), copyoutstr( ): run in order, and only with -w. */
static int dt_layout_userwrite(struct dt_lay *l, struct dt_node *s)
{
	l->l_ecb->e_destructive = true;
	return dt_layout_any(l, s);
}

/*
 * panic( ), breakpoint( ): checked as DTrace checks them, destructive;
 * the command refuses to enable them (this DTrace never stops the
 * kernel), so they record nothing.
 */
static int dt_layout_never(struct dt_lay *l, struct dt_node *s)
{
	l->l_ecb->e_destructive = true;
	l->l_ecb->e_refused = s->n_func->f_name;
	return 0;
}

#define DT_LAYOUT_HOOK(id, name, kind, lo, hi, ret, args, code, check,	\
		       layout, ...)					\
	[DT_FN_##id] = dt_layout_##layout,

/* A statement that is a call: the layout hook of its function. */
static int (*const dt_layout_hooks[])(struct dt_lay *, struct dt_node *) = {
	DT_FUNCS(DT_LAYOUT_HOOK)
};

static int dt_layout_stmt1(struct dt_lay *l, struct dt_node *s);

static bool dt_is_call(const struct dt_node *s, enum dt_fid id)
{
	return s->n_kind == DT_N_CALL && s->n_func->f_id == id;
}

/*
 * The GUARD action of if guard g (this->%tN), made at its first use, at
 * index at: it takes over the program prefix (pending statements, which
 * set g) of the action that was there, or the pending ones, so that they
 * run whether or not the block does. Returns its index.
 */
static int dt_layout_guard(struct dt_lay *l, struct dt_node *g,
			   struct dt_node *s, int at)
{
	struct dt_ecb *e = l->l_ecb;
	struct dt_act *a;
	int i;

	for (i = 0; i < l->l_nguards; i++)
		if (strcmp(l->l_guards[i]->n_str, g->n_str) == 0)
			return l->l_guardacts[i];
	e->e_acts = dt_grow(e->e_acts, e->e_nacts, sizeof(*a));
	memmove(&e->e_acts[at + 1], &e->e_acts[at],
		(size_t)(e->e_nacts - at) * sizeof(*a));
	e->e_nacts++;
	a = &e->e_acts[at];
	memset(a, 0, sizeof(*a));
	a->a_kind = DTRACE_ACT_GUARD;
	a->a_rec = -1;
	a->a_expr = g;
	a->a_type = dt_type_long;
	a->a_stmt = s;
	if (at + 1 < e->e_nacts) {
		a->a_pre = a[1].a_pre;
		a->a_npre = a[1].a_npre;
		a[1].a_pre = NULL;
		a[1].a_npre = 0;
	} else {
		/* the block's statement printed without an action */
		a->a_pre = l->l_pending;
		a->a_npre = l->l_npending;
		l->l_pending = NULL;
		l->l_npending = 0;
	}
	dt_difo_init(&a->a_difo);
	l->l_guards = dt_grow(l->l_guards, l->l_nguards, sizeof(g));
	l->l_guardacts = dt_grow(l->l_guardacts, l->l_nguards, sizeof(int));
	l->l_guards[l->l_nguards] = g;
	l->l_guardacts[l->l_nguards++] = at;
	return at;
}

/*
 * A statement of an if block (see dt_lower.c): its actions name the
 * block's GUARD, so the module skips them when it is 0, and its outputs
 * the GUARD's slot, so the consumer does not print them then.
 * Assignments, which are the next action's prefix, are skipped in DIF.
 */
static int dt_layout_stmt(struct dt_lay *l, struct dt_node *s)
{
	struct dt_ecb *e = l->l_ecb;
	int nacts = e->e_nacts, nouts = e->e_nouts, g, i, slot;
	struct dt_act *ga;

	if (!s->n_guard)
		return dt_layout_stmt1(l, s);
	if (dt_is_call(s, DT_FN_SPECULATE)) {
		/*
		 * The first action, so no GUARD comes before it: not taken,
		 * its program gives DTRACE_SPEC_NONE, as if there were none.
		 */
		if (dt_layout_spec(l, s))
			return -1;
		/* dt_layout_spec( ) put it first */
		e->e_acts[0].a_guard = s->n_guard;
		e->e_acts[0].a_ifnot = (int64_t)DTRACE_SPEC_NONE;
		return 0;
	}
	if (dt_layout_stmt1(l, s))
		return -1;
	if (e->e_nacts == nacts && e->e_nouts == nouts)
		return 0;	/* an assignment: cg guards it */
	g = dt_layout_guard(l, s->n_guard, s, nacts);
	if (g < 0)
		return -1;
	for (i = nacts; i < e->e_nacts; i++)
		if (i != g)
			e->e_acts[i].a_guardact = g + 1;
	if (e->e_nouts == nouts)
		return 0;
	ga = &e->e_acts[g];
	if (ga->a_rec < 0) {
		slot = dt_layout_rec(l->l_pcb, e, &dt_type_long, l->l_strsize,
				     &s->n_loc);
		if (slot < 0)
			return -1;
		ga->a_rec = slot;
	}
	for (i = nouts; i < e->e_nouts; i++)
		e->e_outs[i].o_guard = ga->a_rec;
	return 0;
}

static int dt_layout_stmt1(struct dt_lay *l, struct dt_node *s)
{
	const struct dt_funcext *x;

	if (s->n_kind == DT_N_ASSIGN && s->n_type.kind == DT_T_VOID &&
	    (s->n_left->n_kind == DT_N_AGG ||
	     (s->n_left->n_kind == DT_N_INDEX &&
	      s->n_left->n_left->n_kind == DT_N_AGG)))
		return dt_layout_aggstmt(l, s);
	if (s->n_kind != DT_N_CALL)
		return dt_layout_any(l, s);
	/* a front end's function: its own hook, or any's */
	x = dt_funcext(s->n_func);
	if (!x)
		return dt_layout_hooks[s->n_func->f_id](l, s);
	return x->fx_layout ? x->fx_layout(l, s) : dt_layout_any(l, s);
}

/*
 * As DTrace: a clause that commits records nothing else (the module
 * would copy the speculation over its own record); discard( ) copies
 * nothing, so anything may come beside it.
 */
static int dt_layout_speccheck(struct dt_lay *l)
{
	const struct dt_ecb *e = l->l_ecb;
	const struct dt_act *end = NULL, *rec = NULL;
	int i;

	for (i = 0; i < e->e_nacts; i++) {
		const struct dt_act *a = &e->e_acts[i];

		if (a->a_kind == DTRACE_ACT_COMMIT)
			end = end ? end : a;
		else if (a->a_rec >= 0)
			rec = rec ? rec : a;
	}
	if (!end || !rec)
		return 0;
	return dt_error(l->l_pcb, &(end < rec ? rec : end)->a_stmt->n_loc,
			end < rec ? "D_DREC_COMM" : "D_COMM_DREC", "%s",
			end < rec ? "data-recording actions may not follow "
			"commit( )" : "commit( ) may not follow data-recording "
			"action(s)");
}

/*
 * The module writes a record only for a clause that records something
 * (or has no action at all). One that prints without recording, beside
 * actions such as raise( ) or aggregating ones (whose keys and values
 * go to the aggregation, not the buffer), gets an empty slot so that it
 * is printed: END { printf("done\n"); @n = count(); }.
 */
static int dt_layout_recneeded(struct dt_lay *l)
{
	struct dt_ecb *e = l->l_ecb;
	int i;

	if (!e->e_nouts || !e->e_nacts)
		return 0;
	for (i = 0; i < e->e_nacts; i++)
		if (e->e_acts[i].a_rec >= 0 ||
		    e->e_acts[i].a_kind == DTRACE_ACT_COMMIT)
			return 0;
	return dt_layout_act(l, DTRACE_ACT_RECORD, NULL,
			     e->e_clause->c_stmts, true, &dt_type_long) < 0;
}

int dt_layout(struct dt_pcb *pcb, struct dt_cprog *cp)
{
	struct dt_lay l = {
		.l_pcb = pcb,
		.l_strsize = dt_pcb_strsize(pcb),
	};
	struct dt_clause *c;
	struct dt_node *s;

	cp->cp_strsize = l.l_strsize;
	cp->cp_ecbs = calloc((size_t)pcb->pcb_prog.p_nclauses,
			     sizeof(*cp->cp_ecbs));
	if (!cp->cp_ecbs)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	pcb->pcb_region = "action list";
	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		l.l_ecb = &cp->cp_ecbs[cp->cp_necbs++];
		l.l_aggkeyw = 0;
		l.l_nguards = 0;
		l.l_ecb->e_clause = c;
		dt_difo_init(&l.l_ecb->e_pred);
		for (s = c->c_stmts; s; s = s->n_next)
			if (dt_layout_stmt(&l, s))
				goto fail;
		if (l.l_npending && l.l_ecb->e_nacts &&
		    l.l_ecb->e_acts[l.l_ecb->e_nacts - 1].a_guardact) {
			/* not after an action that may be skipped */
			if (dt_layout_act(&l, DTRACE_ACT_GUARD, NULL,
					  l.l_pending[0], false,
					  &dt_type_long) < 0 && pcb->pcb_failed)
				goto fail;
		} else if (l.l_npending && l.l_ecb->e_nacts) {
			struct dt_act *a =
				&l.l_ecb->e_acts[l.l_ecb->e_nacts - 1];

			a->a_post = l.l_pending;
			a->a_npost = l.l_npending;
			l.l_pending = NULL;
			l.l_npending = 0;
		} else if (l.l_npending) {
			/* the last one is the value, stored and ignored */
			s = l.l_pending[--l.l_npending];
			if (dt_layout_act(&l, DTRACE_ACT_RECORD, s, s, true,
					  &dt_type_long) < 0)
				goto fail;
		}
		if (dt_layout_recneeded(&l))
			goto fail;
		if (dt_layout_speccheck(&l))
			goto fail;
	}
	pcb->pcb_region = NULL;
	free(l.l_guards);
	free(l.l_guardacts);
	return 0;
fail:
	free(l.l_pending);
	free(l.l_guards);
	free(l.l_guardacts);
	return -1;
}

void dt_cprog_free(struct dt_cprog *cp)
{
	int i, j;

	for (i = 0; i < cp->cp_necbs; i++) {
		struct dt_ecb *e = &cp->cp_ecbs[i];

		dt_difo_fini(&e->e_pred);
		for (j = 0; j < e->e_nacts; j++) {
			dt_difo_fini(&e->e_acts[j].a_difo);
			free(e->e_acts[j].a_pre);
			free(e->e_acts[j].a_post);
		}
		for (j = 0; j < e->e_nouts; j++)
			dt_pfmt_free(e->e_outs[j].o_fmt);
		free(e->e_acts);
		free(e->e_recs);
		free(e->e_outs);
	}
	free(cp->cp_ecbs);
	memset(cp, 0, sizeof(*cp));
}
