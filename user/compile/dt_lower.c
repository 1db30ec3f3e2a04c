// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 0.5: if/else to guarded statements.
 *
 * The module runs every action of a clause, so an if statement becomes
 * straight-line code: its condition is stored once in a hidden
 * clause-local variable, and each statement of a block carries that
 * variable as its guard (n_guard):
 *
 *   if (c) { A; } else { B; }
 *
 *   this->%t0 = !!(c);                        (G && (c) inside a block
 *   this->%e0 = !this->%t0;                    guarded by G)
 *   A  [guard this->%t0]
 *   B  [guard this->%e0]
 *
 * The code generator skips a guarded statement's effects when its guard
 * is 0, and the consumer does not print its output (the guard's value
 * is recorded beside it).
 *
 * The module runs every action, exit() included, so an exit(v) inside a
 * block becomes "self->%x0 = 1; self->%v0 = v;" and a clause for the
 * same probes right after this one does the exit:
 *
 *   probes /self->%x0/ { exit(self->%v0); self->%x0 = 0; self->%v0 = 0; }
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_error.h"

static struct dt_node *dt_lower_this(const char *fmt, int id,
				     const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_THIS, loc);
	char name[32];

	snprintf(name, sizeof(name), fmt, id);
	n->n_str = strdup(name);
	if (!n->n_str) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return n;
}

static struct dt_node *dt_lower_not(struct dt_node *n)
{
	return dt_node_op(DT_N_UNARY, DT_OP_LNOT, n, NULL, &n->n_loc);
}

/* g && x, or x alone at the top. */
static struct dt_node *dt_lower_and(const struct dt_node *g,
				    struct dt_node *x)
{
	if (!g)
		return x;
	return dt_node_op(DT_N_LOGICAL, DT_OP_LAND, dt_node_copy(g), x,
			  &x->n_loc);
}

/* self->NAME, a hidden thread-local of this pass. */
static struct dt_node *dt_lower_self(const char *fmt, int id,
				     const struct dt_loc *loc)
{
	struct dt_node *n = dt_lower_this(fmt, id, loc);

	n->n_kind = DT_N_SELF;
	return n;
}

static struct dt_node *dt_lower_set(struct dt_node *lhs, struct dt_node *rhs)
{
	return dt_node_op(DT_N_ASSIGN, DT_OP_SET, lhs, rhs, &lhs->n_loc);
}

/* The clause that does a guarded exit(), after clause c. */
static void dt_lower_exitclause(struct dt_pcb *pcb, struct dt_clause *c,
				int id)
{
	struct dt_clause *x = calloc(1, sizeof(*x));
	struct dt_pdesc *pd, **pp;
	struct dt_node *call;

	if (!x) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	x->c_loc = c->c_loc;
	x->c_synth = true;
	for (pp = &x->c_probes, pd = c->c_probes; pd; pd = pd->pd_next) {
		*pp = calloc(1, sizeof(**pp));
		if (!*pp || !((*pp)->pd_text = strdup(pd->pd_text))) {
			fputs("dtrace: out of memory\n", stderr);
			exit(1);
		}
		(*pp)->pd_loc = pd->pd_loc;
		pp = &(*pp)->pd_next;
	}
	x->c_pred = dt_lower_self("%%x%d", id, &c->c_loc);
	call = dt_node_new(DT_N_CALL, &c->c_loc);
	call->n_str = strdup("exit");
	call->n_args = dt_lower_self("%%v%d", id, &c->c_loc);
	x->c_stmts = dt_node_append(call, dt_lower_set(
		dt_lower_self("%%x%d", id, &c->c_loc),
		dt_node_int(0, &dt_type_int, &c->c_loc)));
	x->c_stmts = dt_node_append(x->c_stmts, dt_lower_set(
		dt_lower_self("%%v%d", id, &c->c_loc),
		dt_node_int(0, &dt_type_int, &c->c_loc)));
	x->c_next = c->c_next;
	x->c_index = pcb->pcb_prog.p_nclauses++;
	c->c_next = x;
}

static struct dt_node *dt_lower_list(struct dt_pcb *pcb, struct dt_clause *c,
				     struct dt_node *list,
				     const struct dt_node *g)
{
	struct dt_node *out = NULL, *s, *next;

	for (s = list; s; s = next) {
		struct dt_node *t, *e, *set_t, *set_e, *then, *els;
		int id;

		next = s->n_next;
		s->n_next = NULL;
		if (g && s->n_kind == DT_N_CALL && strcmp(s->n_str, "exit") == 0 &&
		    dt_node_count(s->n_args) == 1) {
			/* exit(v) in a block: done by a clause after this */
			id = pcb->pcb_nifs++;
			t = dt_lower_set(dt_lower_self("%%x%d", id, &s->n_loc),
					 dt_node_int(1, &dt_type_int,
						     &s->n_loc));
			e = dt_lower_set(dt_lower_self("%%v%d", id, &s->n_loc),
					 s->n_args);
			s->n_args = NULL;
			dt_node_free(s);
			t->n_guard = dt_node_copy(g);
			e->n_guard = dt_node_copy(g);
			out = dt_node_append(out, t);
			out = dt_node_append(out, e);
			dt_lower_exitclause(pcb, c, id);
			continue;
		}
		if (s->n_kind != DT_N_IF) {
			if (g)
				s->n_guard = dt_node_copy(g);
			out = dt_node_append(out, s);
			continue;
		}
		id = pcb->pcb_nifs++;
		t = dt_lower_this("%%t%d", id, &s->n_loc);
		e = dt_lower_this("%%e%d", id, &s->n_loc);
		set_t = dt_node_op(DT_N_ASSIGN, DT_OP_SET, dt_node_copy(t),
				   dt_lower_and(g, dt_lower_not(dt_lower_not(
					   s->n_cond))), &s->n_loc);
		set_e = dt_node_op(DT_N_ASSIGN, DT_OP_SET, dt_node_copy(e),
				   dt_lower_and(g, dt_lower_not(
					   dt_node_copy(t))), &s->n_loc);
		s->n_cond = NULL;
		then = dt_lower_list(pcb, c, s->n_left, t);
		els = dt_lower_list(pcb, c, s->n_right, e);
		s->n_left = s->n_right = NULL;
		dt_node_free(s);
		dt_node_free(t);
		dt_node_free(e);
		out = dt_node_append(out, set_t);
		out = dt_node_append(out, set_e);
		out = dt_node_append(out, then);
		out = dt_node_append(out, els);
	}
	return out;
}

int dt_lower(struct dt_pcb *pcb)
{
	struct dt_clause *c;

	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next)
		c->c_stmts = dt_lower_list(pcb, c, c->c_stmts, NULL);
	return 0;
}
