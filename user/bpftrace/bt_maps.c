// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's functions that ask about a map that is a D global:
 *
 *   has_key(@m, k...)   @m[k...] != 0 (or != "" for strings): the store
 *                       frees an element set to 0, so one that holds 0
 *                       reads as absent, as it prints at exit
 *   len(@m)             refused: counting needs a walk of the whole
 *                       store, which probe context never does
 */
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_types.h"

int bt_rw_haskey(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *m = n->n_args, *idx, *r;
	const struct dt_loc *loc = &n->n_loc;

	(void)f;
	if (!m || m->n_kind != DT_N_AGG || !m->n_next)
		return dt_error(cx->pcb, loc, "BT_CALL", "has_key() expects "
				"a map and a key: has_key(@m, k)");
	if (bt_isagg(cx, m->n_str))
		return dt_error(cx->pcb, &m->n_loc, "BT_CALL", "has_key() of "
				"an aggregation is not supported");
	if (!bt_isassigned(cx, m->n_str))
		return dt_error(cx->pcb, &m->n_loc, "BT_MAP",
				"Undefined map: @%s", m->n_str);
	n->n_args = NULL;
	idx = dt_node_op(DT_N_INDEX, DT_OP_NONE, m, NULL, loc);
	idx->n_args = m->n_next;
	m->n_next = NULL;
	r = dt_node_op(DT_N_BINARY, DT_OP_NE, idx,
		       bt_isstrmap(cx, m->n_str) ? bt_str("", loc) :
		       dt_node_int(0, &dt_type_int, loc), loc);
	r->n_paren = true;
	bt_replace(n, r);
	return bt_rw(cx, n);
}

int bt_rw_len(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	(void)f;
	return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "len() of a map is "
			"not supported: it would walk the whole map in probe "
			"context");
}
