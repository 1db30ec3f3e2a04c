// SPDX-License-Identifier: GPL-2.0
/*
 * A tracepoint's pointer into the process kept in a map and read
 * through later (forky's naptime):
 *
 *   @rqtp[tid] = args.rqtp;       (sys_enter_nanosleep)
 *   $t = @rqtp[tid]; $t.tv_sec    (sys_exit_nanosleep)
 *
 * The map holds the address, an integer; the struct it points to is
 * the field's (its format file), noted for the map as clauses lower in
 * program order, then for a $x given the map's element. $x.m and $x->m
 * read the struct from the process with copyin, as args.rqtp.tv_sec
 * does (bt_tp_deref( )).
 */
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_ktype.h"
#include "dt_types.h"

static const char *bt_uptr_find(char *const *names, char *const *sous,
				int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return sous[i];
	return NULL;
}

static void bt_uptr_add(char **names, char **sous, int *n, const char *name,
			const char *sou)
{
	if (*n == BT_MAXMAPS || bt_uptr_find(names, sous, *n, name))
		return;
	names[*n] = bt_strdup(name);
	sous[(*n)++] = bt_strdup(sou);
}

void bt_uptr_note(struct bt_ctx *cx, const struct dt_node *s)
{
	const struct dt_node *l = s->n_left, *r = s->n_right, *m;
	const char *sou = NULL;
	char buf[256];

	if (s->n_op != DT_OP_SET)
		return;
	if (r->n_kind == DT_N_MEMBER && r->n_left &&
	    r->n_left->n_kind == DT_N_IDENT &&
	    !strcmp(r->n_left->n_str, "args") &&
	    bt_tp_sou(cx->probe, r->n_str, buf, sizeof(buf)))
		sou = buf;
	else if (r->n_kind == DT_N_INDEX && r->n_left->n_kind == DT_N_AGG)
		sou = bt_uptr_find(cx->umaps, cx->umapsous, cx->numaps,
				   r->n_left->n_str);
	if (!sou)
		return;
	m = bt_mapof(l);
	if (m)
		bt_uptr_add(cx->umaps, cx->umapsous, &cx->numaps, m->n_str, sou);
	else if (l->n_kind == DT_N_THIS)
		bt_uptr_add(cx->uvars, cx->uvarsous, &cx->nuvars, l->n_str, sou);
}

int bt_uptr_member(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_node *v = n->n_left;
	const struct dt_loc *loc = &v->n_loc;
	const char *sou;
	struct dt_type t;

	if (v->n_kind != DT_N_THIS ||
	    !(sou = bt_uptr_find(cx->uvars, cx->uvarsous, cx->nuvars,
				 v->n_str)))
		return 1;
	if (dt_sou_type(cx->pcb, sou, false, loc, &t))
		return -1;
	n->n_left = bt_copyin_sou(v, &t, loc);
	n->n_post = true;
	return 0;
}

static void bt_uptr_drop(char **names, char **sous, int *n)
{
	while (*n > 0) {
		(*n)--;
		free(names[*n]);
		free(sous[*n]);
	}
}

void bt_uptr_clause(struct bt_ctx *cx)
{
	bt_uptr_drop(cx->uvars, cx->uvarsous, &cx->nuvars);
}

void bt_uptr_free(struct bt_ctx *cx)
{
	bt_uptr_clause(cx);
	bt_uptr_drop(cx->umaps, cx->umapsous, &cx->numaps);
}
