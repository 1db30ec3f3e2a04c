// SPDX-License-Identifier: GPL-2.0
/*
 * Translators: xlate<T>(e)->m becomes the translator's expression for
 * m with e in place of its input, so only the member used is ever
 * evaluated (as illumos DTrace does). A translator is chosen by its
 * output type; what e's type must be is checked as the expression is,
 * since the translator's body applies its input's members to e.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_types.h"

static const struct dt_xlator *dt_xlator_find(const struct dt_program *p,
					      const struct dt_sou *out)
{
	const struct dt_xlator *x;

	for (x = p->p_xlators; x; x = x->x_next)
		if (x->x_out.sou == out)
			return x;
	return NULL;
}

/*
 * Each name param in n (a copy) becomes a copy of in, marked to be
 * resolved within the depth translations in is written within.
 */
static void dt_xlate_subst(struct dt_node *n, const char *param,
			   const struct dt_node *in, int depth)
{
	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_IDENT && strcmp(n->n_str, param) == 0) {
			struct dt_node *c = dt_node_copy(in), *next = n->n_next;

			free(n->n_str);
			c->n_loc = n->n_loc;
			if (!c->n_xlin)	/* an input of an outer one */
				c->n_xlin = depth + 1;
			*n = *c;
			n->n_next = next;
			free(c);
			continue;
		}
		dt_xlate_subst(n->n_left, param, in, depth);
		dt_xlate_subst(n->n_right, param, in, depth);
		dt_xlate_subst(n->n_cond, param, in, depth);
		dt_xlate_subst(n->n_args, param, in, depth);
	}
}

int dt_xlate_member(struct dt_pcb *pcb, struct dt_node *n,
		    struct dt_xlframe *f)
{
	struct dt_node *x = n->n_left, *e, *next = n->n_next;
	const struct dt_xlframe *up;
	const struct dt_xlator *xl;
	int depth = 0;
	const struct dt_member *m;
	const struct dt_node *xm;
	const struct dt_sou *out = x->n_ctype.sou;

	if (!out || x->n_ctype.ptr != (n->n_post ? 1 : 0) ||
	    (x->n_ctype.kind != DT_T_SOU && !x->n_ctype.ptr))
		return dt_error(pcb, &n->n_loc, "D_OP_SOU", "operator %s "
				"cannot be applied to a value of type %s",
				n->n_post ? "->" : ".",
				dt_type_name(&x->n_ctype));
	xl = dt_xlator_find(&pcb->pcb_prog, out);
	if (!xl)
		return dt_error(pcb, &x->n_loc, "D_XLATE_NONE", "translator "
				"for %s is not defined",
				dt_type_name(&x->n_ctype));
	for (xm = xl->x_mems; xm; xm = xm->n_next)
		if (strcmp(xm->n_left->n_str, n->n_str) == 0)
			break;
	if (!xm)
		return dt_error(pcb, &n->n_loc, "D_XLATE_NOCONV", "translator "
				"does not define conversion for member: %s",
				n->n_str);
	for (up = pcb->pcb_xlating; up; up = up->xf_up, depth++)
		if (up->xf_xlator == xl)
			return dt_error(pcb, &n->n_loc, "D_XLATE_MEMB",
					"translator for %s is defined in "
					"terms of itself (member %s)",
					dt_type_name(&x->n_ctype), n->n_str);
	f->xf_xlator = xl;
	f->xf_up = pcb->pcb_xlating;
	m = dt_sou_member(out, n->n_str);
	e = dt_node_copy(xm->n_right);
	dt_xlate_subst(e, xl->x_param, x->n_left, depth);
	if (m && !m->m_nelems && m->m_type.kind == DT_T_INT) {
		struct dt_node *c = dt_node_new(DT_N_CAST, &n->n_loc);

		c->n_ctype = m->m_type;
		c->n_left = e;
		e = c;
	}
	e->n_paren = true;
	dt_node_free(n->n_left);
	free(n->n_str);
	*n = *e;
	n->n_next = next;
	free(e);
	return 0;
}

/* A translated member of a ternary's two arms, each one's translation. */
static bool dt_xlate_arms(const struct dt_node *n)
{
	if (n->n_kind == DT_N_XLATE)
		return true;
	return n->n_kind == DT_N_TERNARY && dt_xlate_arms(n->n_left) &&
		dt_xlate_arms(n->n_right);
}

static struct dt_node *dt_xlate_member_of(const struct dt_node *m,
					  struct dt_node *arm)
{
	struct dt_node *c = dt_node_new(DT_N_MEMBER, &m->n_loc);

	c->n_str = strdup(m->n_str);
	c->n_post = m->n_post;
	c->n_left = arm;
	return c;
}

bool dt_xlate_ternary(struct dt_node *n)
{
	struct dt_node *t = n->n_left, *next = n->n_next;

	if (t->n_kind != DT_N_TERNARY || !dt_xlate_arms(t))
		return false;
	t->n_left = dt_xlate_member_of(n, t->n_left);
	t->n_right = dt_xlate_member_of(n, t->n_right);
	free(n->n_str);
	*n = *t;
	n->n_next = next;
	free(t);
	return true;
}

int dt_xlate_resolve_input(struct dt_pcb *pcb, struct dt_node *n,
			   int (*resolve)(struct dt_pcb *, struct dt_node *,
					  bool),
			   bool lhs)
{
	struct dt_xlframe *saved = pcb->pcb_xlating, *f;
	int depth = 0, rc;

	for (f = saved; f; f = f->xf_up)
		depth++;
	for (; depth >= n->n_xlin; depth--)
		pcb->pcb_xlating = pcb->pcb_xlating->xf_up;
	n->n_xlin = 0;
	rc = resolve(pcb, n, lhs);
	pcb->pcb_xlating = saved;
	return rc;
}
