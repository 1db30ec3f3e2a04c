// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's functions that ask about a map that is a D global:
 *
 *   has_key(@m, k...)   @m[k...] != 0 (or != "" for strings): the store
 *                       frees an element set to 0, so one that holds 0
 *                       reads as absent, as it prints at exit
 *   len(@m)             %len(@m): the store counts each global
 *                       array's entries as they come and go, so this is
 *                       one load (DIF_SUBR_GLOBAL_COUNT), not a walk; a
 *                       map of tuples, its element maps' largest count
 */
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_types.h"

/*
 * The call n of fname, its arguments well formed (ok) as usage says:
 * its map must be one a statement assigns, not an aggregation. -1 with
 * the error.
 */
static int bt_mapcheck(struct bt_ctx *cx, const struct dt_node *n,
		       const char *fname, bool ok, const char *usage)
{
	const struct dt_node *m = n->n_args;

	if (!ok)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() expects "
				"%s", fname, usage);
	if (bt_isagg(cx, m->n_str))
		return dt_error(cx->pcb, &m->n_loc, "BT_CALL", "%s() of an "
				"aggregation is not supported", fname);
	if (!bt_isassigned(cx, m->n_str))
		return dt_error(cx->pcb, &m->n_loc, "BT_MAP",
				"Undefined map: @%s", m->n_str);
	return 0;
}

int bt_rw_haskey(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *m = n->n_args, *idx, *r;
	const struct dt_loc *loc = &n->n_loc;

	(void)f;
	if (bt_mapcheck(cx, n, "has_key", m && m->n_kind == DT_N_AGG &&
			m->n_next, "a map and a key: has_key(@m, k)"))
		return -1;
	n->n_args = NULL;
	idx = dt_node_op(DT_N_INDEX, DT_OP_NONE, m, NULL, loc);
	idx->n_args = m->n_next;
	m->n_next = NULL;
	r = dt_node_op(DT_N_BINARY, DT_OP_NE, idx,
		       bt_isstrmap(cx, m->n_str) ? bt_str("", loc) :
		       dt_node_int(0, &dt_type_int, loc), loc);
	r->n_paren = true;
	dt_node_replace(n, r);
	return bt_rw(cx, n);
}

/*
 * len(@m): %len("@m"), or for a map of tuples %len("@m.0", "@m.1", ...),
 * the largest count (a tuple's 0 elements are not kept). Strings: the
 * resolver leaves them, where it would read @m.
 */
int bt_rw_len(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *m = n->n_args, *names = NULL;
	const struct dt_loc *loc = &n->n_loc;
	char var[310];
	int i, size;

	(void)f;
	if (bt_mapcheck(cx, n, "len", m && !m->n_next &&
			m->n_kind == DT_N_AGG, "a map: len(@m)"))
		return -1;
	size = bt_tuplesize(cx, m->n_str);
	for (i = 0; i < (size ? size : 1); i++) {
		if (size)
			snprintf(var, sizeof(var), "@%s.%d", m->n_str, i);
		else
			snprintf(var, sizeof(var), "@%s", m->n_str);
		names = dt_node_append(names, bt_str(var, loc));
	}
	dt_node_replace(n, bt_call("%len", names, loc));
	return 0;
}

/*
 * x = delete(@m, k) (bpftrace >= 0.22: true when k was there), a
 * statement: x = has_key(@m, k); delete(@m, k). NULL when s is another.
 */
struct dt_node *bt_delete_value(struct dt_node *s)
{
	struct dt_node *d = s->n_kind == DT_N_ASSIGN && s->n_op == DT_OP_SET ?
		s->n_right : NULL, *hk, *m;

	if (!d || !bt_iscall(d, BT_FN_DELETE) || !d->n_args)
		return NULL;
	m = d->n_args;
	if (m->n_kind == DT_N_INDEX && !m->n_next) {
		/* delete(@m[k]): has_key(@m, k) */
		hk = dt_node_copy(m->n_left);
		hk->n_next = bt_copylist(m->n_args);
	} else if (m->n_kind == DT_N_AGG && m->n_next) {
		hk = bt_copylist(m);
	} else {
		return NULL;
	}
	s->n_right = bt_call("has_key", hk, &d->n_loc);
	s->n_next = d;
	return s;
}
