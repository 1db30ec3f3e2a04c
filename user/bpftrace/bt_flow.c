// SPDX-License-Identifier: GPL-2.0
/*
 * while, for, break, continue and return as forward code: DIF branches only
 * forward (Documentation/dif.md), so a loop is unrolled, as bpftrace's
 * own loops are bounded by its verifier.
 *
 *   while (c) { B }      this->%bN = 0;
 *                        this->%bN = this->%bN || !(c);
 *                        if (!this->%bN) { this->%cN = 0; B' }
 *                        ... BT_WHILE_MAX times ...
 *                        this->%bN = this->%bN || !(c);
 *                        if (!this->%bN) { error; this->%r = 1 }
 *
 * (|| this->%r after this->%bN when B may return), so c runs once per
 * iteration, and once more to stop, as it would in a loop.
 *
 *   for ($i : a..b) { B }   this->%eL.C = b; $i = a;
 *                           while ($i < this->%eL.C) { B } with $i++
 *                           after B, also after a continue (the loop's
 *                           n_right); b is read once, as bpftrace's
 *
 * break sets this->%bN, continue this->%cN, return this->%r; the
 * statements after one that may set a flag run in
 * if (!flags) { ... }. A condition still true after BT_WHILE_MAX
 * iterations prints an error (on stderr) and ends the clause, as
 * return would: it never goes on silently. The D passes then make the
 * ifs guarded straight-line code (dt_lower.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"

#define BT_WHILE_MAX	100	/* iterations, as unroll's bound */
/*
 * Nodes the loops of a whole program unroll to, as macros' bound: a
 * clause's DIF holds 8,192 instructions, and 200,000 nodes a clause let
 * a 150-byte script of nested loops take 0.8 s and 88 MB to fail.
 */
#define BT_FLOW_NODES	100000

enum { BT_J_RET = 1, BT_J_BRK = 2, BT_J_CNT = 4 };

struct bt_fl {
	struct dt_pcb	*pcb;
	int		nloops;
	bool		ret;	/* this->%r is used */
	long		nodes;
};

/* The flags statement list l may set, seen from its own loop. */
static int bt_jumps(const struct dt_node *l)
{
	int j = 0;

	for (; l; l = l->n_next) {
		switch (bt_flowmark(l)) {
		case BT_FM_RETURN:
		case BT_FM_WHILE:	/* a loop at its bound ends it all */
			j |= BT_J_RET;
			break;
		case BT_FM_BREAK:
			j |= BT_J_BRK;
			break;
		case BT_FM_CONTINUE:
			j |= BT_J_CNT;
			break;
		case BT_FM_NONE:
			if (l->n_kind == DT_N_IF)
				j |= bt_jumps(l->n_left) |
				     bt_jumps(l->n_right);
			break;
		}
	}
	return j;
}

static long bt_nodes(const struct dt_node *n)
{
	long c = 0;

	for (; n; n = n->n_next)
		c += 1 + bt_nodes(n->n_left) + bt_nodes(n->n_right) +
			bt_nodes(n->n_cond) + bt_nodes(n->n_args);
	return c;
}

static struct dt_node *bt_flag(const char *fmt, int id,
			       const struct dt_loc *loc)
{
	return bt_this(fmt, id, 0, loc);
}

static struct dt_node *bt_setflag(const char *fmt, int id, int v,
				  const struct dt_loc *loc)
{
	return dt_node_op(DT_N_ASSIGN, DT_OP_SET, bt_flag(fmt, id, loc),
			  dt_node_int(v, &dt_type_int, loc), loc);
}

static struct dt_node *bt_and(struct dt_node *a, struct dt_node *b)
{
	if (!a)
		return b;
	return dt_node_op(DT_N_LOGICAL, DT_OP_LAND, a, b, &b->n_loc);
}

/* !flag && ... for the flags of j (loop id's break and continue). */
static struct dt_node *bt_alive(int j, int id, const struct dt_loc *loc)
{
	struct dt_node *c = NULL;

	if (j & BT_J_RET)
		c = bt_and(c, dt_node_op(DT_N_UNARY, DT_OP_LNOT,
					 bt_flag("%%r", 0, loc), NULL, loc));
	if (j & BT_J_BRK)
		c = bt_and(c, dt_node_op(DT_N_UNARY, DT_OP_LNOT,
					 bt_flag("%%b%d", id, loc), NULL, loc));
	if (j & BT_J_CNT)
		c = bt_and(c, dt_node_op(DT_N_UNARY, DT_OP_LNOT,
					 bt_flag("%%c%d", id, loc), NULL, loc));
	return c;
}

static struct dt_node *bt_if(struct dt_node *cond, struct dt_node *then)
{
	struct dt_node *n = dt_node_op(DT_N_IF, DT_OP_NONE, then, NULL,
				       &cond->n_loc);

	n->n_cond = cond;
	return n;
}

/* The error at the bound: printf's text on stderr (n_post). */
static struct dt_node *bt_bound_err(struct bt_fl *fl, const struct dt_loc *loc)
{
	const char *f = fl->pcb->pcb_file ? fl->pcb->pcb_file : "stdin";
	char msg[512], file[256];
	struct dt_node *p;
	size_t i, n = 0;

	for (i = 0; f[i] && n < sizeof(file) - 2; i++) {
		if (f[i] == '%')
			file[n++] = '%';
		file[n++] = f[i];
	}
	file[n] = '\0';
	snprintf(msg, sizeof(msg), "%s:%d:%d: ERROR: while loop still "
		 "running after %d iterations (the bound of loops here): the "
		 "probe's other statements are skipped\n", file,
		 loc->first_line, loc->first_column, BT_WHILE_MAX);
	p = bt_call("printf", bt_str(msg, loc), loc);
	p->n_post = true;
	return p;
}

static struct dt_node *bt_flow_list(struct bt_fl *fl, struct dt_node *l,
				    int loop);

/* An integer known as the program compiles: 1 with it in *v. */
static bool bt_const(const struct dt_node *n, int64_t *v)
{
	if (n->n_kind == DT_N_CAST)
		return bt_const(n->n_left, v);
	if (n->n_kind == DT_N_INT) {
		*v = n->n_int;
		return true;
	}
	return bt_getopt_int(n, v);
}

/*
 * for ($i : a..b) of constants: b - a iterations exactly (so none is
 * cut short), when that is within the bound; else -1.
 */
static int bt_for_count(const struct dt_node *s)
{
	int64_t a, b;

	if (!s->n_args || !bt_const(s->n_args, &a) ||
	    !bt_const(s->n_args->n_next, &b) || b - a > BT_WHILE_MAX)
		return -1;
	return b > a ? (int)(b - a) : 0;
}

static struct dt_node *bt_flow_while(struct bt_fl *fl, struct dt_node *s)
{
	const struct dt_loc *loc = &s->n_loc;
	int id = fl->nloops++, j = bt_jumps(s->n_left), k;
	int count = bt_for_count(s), iters = count < 0 ? BT_WHILE_MAX : count;
	struct dt_node *body, *out, *blk;
	long size;

	if (!fl->pcb->pcb_feloopline)
		fl->pcb->pcb_feloopline = loc->first_line;
	body = bt_flow_list(fl, bt_steal(&s->n_left), id);
	if (fl->pcb->pcb_failed) {
		dt_node_free(body);
		return NULL;
	}
	size = (bt_nodes(body) + bt_nodes(s->n_cond) + 8) * iters;
	fl->nodes += size;
	if (fl->nodes > BT_FLOW_NODES) {
		dt_node_free(body);
		dt_error(fl->pcb, loc, "BT_WHILE", "while loop: its body, "
			 "unrolled %d times (loops here are bounded), is too "
			 "large for a DIF program", BT_WHILE_MAX);
		return NULL;
	}
	fl->ret = true;
	out = bt_setflag("%%b%d", id, 0, loc);
	for (k = 0; k <= iters; k++) {
		/* done once c is false (evaluated once per iteration) */
		struct dt_node *done = bt_flag("%%b%d", id, loc);

		if (j & BT_J_RET)
			done = dt_node_op(DT_N_LOGICAL, DT_OP_LOR, done,
					  bt_flag("%%r", 0, loc), loc);
		done = dt_node_op(DT_N_LOGICAL, DT_OP_LOR, done,
				  dt_node_op(DT_N_UNARY, DT_OP_LNOT,
					     dt_node_copy(s->n_cond), NULL,
					     loc), loc);
		if (k == iters && count >= 0) {
			/* a known count: no bound to report */
			dt_node_free(done);
			break;
		}
		out = dt_node_append(out, dt_node_op(DT_N_ASSIGN, DT_OP_SET,
			bt_flag("%%b%d", id, loc), done, loc));
		if (k == iters) {
			/* c still true: the error, and the clause ends */
			blk = bt_bound_err(fl, loc);
			blk->n_next = bt_setflag("%%r", 0, 1, loc);
		} else {
			blk = j & BT_J_CNT ?
				bt_setflag("%%c%d", id, 0, loc) : NULL;
			blk = dt_node_append(blk, bt_copylist(body));
			blk = dt_node_append(blk, bt_copylist(s->n_right));
		}
		out = dt_node_append(out, bt_if(bt_alive(BT_J_BRK, id, loc),
						 blk));
	}
	dt_node_free(body);
	return out;
}

struct dt_node *bt_for_range(struct dt_node *head, struct dt_node *body)
{
	const struct dt_loc *loc = &head->n_loc;
	struct dt_node *end = bt_this("%%e%d.%d", loc->first_line,
				      loc->first_column, loc);
	struct dt_node *out, *w, *var = dt_node_new(DT_N_THIS, loc);

	var->n_str = bt_strdup(head->n_str);
	out = dt_node_op(DT_N_ASSIGN, DT_OP_SET, dt_node_copy(end),
			 bt_steal(&head->n_right), loc);
	out = dt_node_append(out, dt_node_op(DT_N_ASSIGN, DT_OP_SET,
					     dt_node_copy(var),
					     bt_steal(&head->n_left), loc));
	w = bt_mark("%while", NULL, loc);
	w->n_cond = dt_node_op(DT_N_BINARY, DT_OP_LT, dt_node_copy(var), end,
			       loc);
	/* a and b again, for a loop of a known count (bt_for_count) */
	w->n_args = dt_node_copy(out->n_next->n_right);
	w->n_args->n_next = dt_node_copy(out->n_right);
	w->n_left = body;
	w->n_right = dt_node_op(DT_N_ASSIGN, DT_OP_ADD, var,
				dt_node_int(1, &dt_type_int, loc), loc);
	dt_node_free(head);
	return dt_node_append(out, w);
}

static struct dt_node *bt_flow_stmt(struct bt_fl *fl, struct dt_node *s,
				    int loop)
{
	const struct dt_loc *loc = &s->n_loc;
	enum bt_flowmark m = bt_flowmark(s);
	bool brk = m == BT_FM_BREAK;
	struct dt_node *r = s;

	switch (m) {
	case BT_FM_RETURN:
		fl->ret = true;
		r = bt_setflag("%%r", 0, 1, loc);
		break;
	case BT_FM_BREAK:
	case BT_FM_CONTINUE:
		if (loop < 0) {
			dt_error(fl->pcb, loc, "BT_JUMP", "'%s' statement is "
				 "not allowed outside of a loop",
				 brk ? "break" : "continue");
			r = NULL;
		} else {
			r = bt_setflag(brk ? "%%b%d" : "%%c%d", loop, 1, loc);
		}
		break;
	case BT_FM_WHILE:
		r = bt_flow_while(fl, s);
		break;
	case BT_FM_NONE:
		if (s->n_kind == DT_N_IF) {
			s->n_left = bt_flow_list(fl, s->n_left, loop);
			s->n_right = bt_flow_list(fl, s->n_right, loop);
		}
		return s;
	}
	dt_node_free(s);
	return r;
}

static struct dt_node *bt_flow_list(struct bt_fl *fl, struct dt_node *l,
				    int loop)
{
	struct dt_node *out = NULL, *s, *next, *rest;
	int j;

	for (s = l; s; s = next) {
		next = s->n_next;
		s->n_next = NULL;
		if (fl->pcb->pcb_failed) {
			dt_node_free(s);
			continue;
		}
		j = bt_jumps(s);
		if (loop < 0)
			j &= BT_J_RET;
		out = dt_node_append(out, bt_flow_stmt(fl, s, loop));
		if (!j || !next || fl->pcb->pcb_failed)
			continue;
		rest = bt_flow_list(fl, next, loop);
		if (rest)
			out = dt_node_append(out, bt_if(
				bt_alive(j, loop, &rest->n_loc), rest));
		break;
	}
	return out;
}

int bt_flow(struct dt_pcb *pcb)
{
	struct dt_clause *c;

	long nodes = 0;

	for (c = pcb->pcb_prog.p_clauses; c && !pcb->pcb_failed;
	     c = c->c_next) {
		struct bt_fl fl = { .pcb = pcb, .nodes = nodes };

		c->c_stmts = bt_flow_list(&fl, c->c_stmts, -1);
		nodes = fl.nodes;
		if (fl.ret && !pcb->pcb_failed) {
			struct dt_node *z = bt_setflag("%%r", 0, 0, &c->c_loc);

			z->n_next = c->c_stmts;
			c->c_stmts = z;
		}
	}
	return pcb->pcb_failed ? -1 : 0;
}
