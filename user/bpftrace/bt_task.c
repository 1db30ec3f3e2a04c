// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's built-ins of the current task's family (0.23 and later), in
 * D's terms: pcomm is curtask->real_parent->comm; leader_pid, leader_tid
 * and leader_comm are ->group_leader->tgid, ->pid and ->comm (the
 * library's own definitions).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_ktype.h"
#include "dt_rows.h"
#include "dt_types.h"

/* ---- (curtask)->a->b: the task's fields ---- */

static int bt_taskchain(struct bt_ctx *cx, struct dt_node *n,
			const char *a, const char *b)
{
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *e;
	struct dt_type t;

	if (dt_sou_type(cx->pcb, "task_struct", false, loc, &t))
		return -1;
	e = dt_node_op(DT_N_CAST, DT_OP_NONE, bt_ident("curthread", loc),
		       NULL, loc);
	e->n_ctype = dt_type_ptrto(&t);
	e->n_paren = true;
	e = dt_node_op(DT_N_MEMBER, DT_OP_NONE, e, NULL, loc);
	e->n_str = bt_strdup(a);
	e->n_post = true;
	e = dt_node_op(DT_N_MEMBER, DT_OP_NONE, e, NULL, loc);
	e->n_str = bt_strdup(b);
	e->n_post = true;
	dt_node_replace(n, e);
	return 0;
}

int bt_pcomm(struct bt_ctx *cx, struct dt_node *n)
{
	return bt_taskchain(cx, n, "real_parent", "comm");
}

int bt_leader(struct bt_ctx *cx, struct dt_node *n)
{
	static const struct bt_leaderfield {
		const char	*builtin;
		const char	*field;	/* of ->group_leader */
	} fields[] = {
		{ "leader_pid", "tgid" },
		{ "leader_tid", "pid" },
		{ "leader_comm", "comm" },
	};
	const struct bt_leaderfield *f = DT_ROW_FIND(fields, n->n_str);

	return bt_taskchain(cx, n, "group_leader", f ? f->field : "comm");
}
