// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 0.5: if/else to guarded statements.
 *
 * An if statement becomes straight-line code: its condition is stored
 * once in a hidden clause-local variable, and each statement of a block
 * carries that variable as its guard (n_guard):
 *
 *   if (c) { A; } else { B; }
 *
 *   this->%t0 = !!(c);                        (G && (c) inside a block
 *   this->%e0 = !this->%t0;                    guarded by G)
 *   A  [guard this->%t0]
 *   B  [guard this->%e0]
 *
 * Layout gives each guard that has actions to skip a GUARD action of
 * the module, and the block's actions name it: the module skips them
 * when it is 0 (dtrace_ioctl.h). Assignments, which are no actions of
 * their own, are skipped in DIF.
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

static struct dt_node *dt_lower_list(struct dt_pcb *pcb, struct dt_node *list,
				     const struct dt_node *g)
{
	struct dt_node *out = NULL, *s, *next;

	for (s = list; s; s = next) {
		struct dt_node *t, *e, *set_t, *set_e, *then, *els;
		int id;

		next = s->n_next;
		s->n_next = NULL;
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
		/* no else: no variable for it (loops unroll to many ifs) */
		set_e = !s->n_right ? NULL :
			dt_node_op(DT_N_ASSIGN, DT_OP_SET, dt_node_copy(e),
				   dt_lower_and(g, dt_lower_not(
					   dt_node_copy(t))), &s->n_loc);
		s->n_cond = NULL;
		then = dt_lower_list(pcb, s->n_left, t);
		els = dt_lower_list(pcb, s->n_right, e);
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
		c->c_stmts = dt_lower_list(pcb, c->c_stmts, NULL);
	return 0;
}
