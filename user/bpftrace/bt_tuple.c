// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's tuples, before the lowering: a scratch tuple is a
 * variable per element.
 *
 *   $t = (1, "a", comm)   this->t.0 = 1; this->t.1 = "a"; this->t.2 = comm
 *   $t.1                  this->t.1
 *   $u = $t               this->u.0 = this->t.0; ...
 *   @m[(1, 2)], @m[$t]    @m[1, 2], @m[$t.0, $t.1, ...]: a tuple key is
 *                         the map's keys, as in bpftrace
 *   print($t)             %tprint($t.0, ...): "(1, a, bash)" once the
 *                         elements' types are known (bt_check.c)
 *   @m[k] = (1, "a")      @m.0[k] = 1; @m.1[k] = "a": a map of tuples is
 *                         a map per element, which the consumer prints
 *                         as one (the stand-in aggregation of @m has
 *                         n_ntvars, bt_lower.c; bt_mapvar.c)
 *   @m[k].1, $t = @m[k]   @m.1[k]; this->t.0 = @m.0[k]; ...
 *   delete(@m[k])         delete(@m.0[k]); delete(@m.1[k]); ...
 *   has_key(@m, k)        (has_key(@m.0, k) || has_key(@m.1, k) ...)
 *
 * A map's tuples are known before the rewriting, from every clause
 * (bt_tx_scan( )), since a clause may read a map another assigns.
 * Nested tuples and tuples anywhere else are an error naming what is
 * not supported.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_check.h"
#include "bt_lower.h"
#include "dt_error.h"

#define BT_TUPLE_VARS	64
#define BT_TUPLE_MAX	16	/* elements; D's keys are at most 8 */

/* The program's maps of tuples, and their sizes. */
struct bt_tmaps {
	char		*names[BT_TUPLE_VARS];
	int		sizes[BT_TUPLE_VARS];
	int		n;
};

struct bt_tx {
	struct dt_pcb	*pcb;
	const char	*names[BT_TUPLE_VARS];	/* this clause's tuples */
	int		sizes[BT_TUPLE_VARS];
	int		n;
	struct bt_tmaps	*maps;
};

/* The @name of a map or of one of its elements, else NULL. */
static const char *bt_tx_mapname(const struct dt_node *n)
{
	if (n->n_kind == DT_N_INDEX)
		n = n->n_left;
	return n->n_kind == DT_N_AGG ? n->n_str : NULL;
}

static int bt_tx_mapsize(const struct bt_tx *tx, const char *name)
{
	int i;

	for (i = 0; name && i < tx->maps->n; i++)
		if (strcmp(tx->maps->names[i], name) == 0)
			return tx->maps->sizes[i];
	return 0;
}

static int bt_tx_size(const struct bt_tx *tx, const struct dt_node *n)
{
	int i;

	if (n->n_kind == DT_N_THIS)
		for (i = 0; i < tx->n; i++)
			if (strcmp(tx->names[i], n->n_str) == 0)
				return tx->sizes[i];
	if (bt_ismark(n, "%tuple"))
		return dt_node_count(n->n_args);
	return bt_tx_mapsize(tx, bt_tx_mapname(n));
}

/* Element i of @m or of @m[k...]: @m.i or @m.i[k...]. */
static struct dt_node *bt_mapelem(const struct dt_node *t, int i)
{
	const struct dt_node *m = t->n_kind == DT_N_INDEX ? t->n_left : t;
	struct dt_node *agg = dt_node_new(DT_N_AGG, &m->n_loc), *r;
	char name[300];

	snprintf(name, sizeof(name), "%s.%d", m->n_str, i);
	agg->n_str = bt_strdup(name);
	if (t->n_kind != DT_N_INDEX)
		return agg;
	r = dt_node_op(DT_N_INDEX, DT_OP_NONE, agg, NULL, &t->n_loc);
	r->n_args = bt_copylist(t->n_args);
	return r;
}

static struct dt_node *bt_elemvar(const char *var, int i,
				  const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_THIS, loc);
	char name[300];

	snprintf(name, sizeof(name), "%s.%d", var, i);
	n->n_str = bt_strdup(name);
	return n;
}

/* The elements of tuple t (a literal or a variable), as a new list. */
static struct dt_node *bt_elems(const struct bt_tx *tx,
				const struct dt_node *t)
{
	struct dt_node *out = NULL;
	int i, n = bt_tx_size(tx, t);

	if (bt_ismark(t, "%tuple"))
		return bt_copylist(t->n_args);
	for (i = 0; i < n; i++)
		out = dt_node_append(out, t->n_kind == DT_N_THIS ?
				     bt_elemvar(t->n_str, i, &t->n_loc) :
				     bt_mapelem(t, i));
	return out;
}

/* has_key(@m, k...) of a map of tuples: any of its elements' maps. */
static void bt_tx_haskey(const struct bt_tx *tx, struct dt_node *n)
{
	struct dt_node *m = n->n_args, *r = NULL, *c;
	int i, size = bt_tx_mapsize(tx, m->n_str);

	for (i = 0; i < size; i++) {
		c = bt_call("has_key", bt_mapelem(m, i), &n->n_loc);
		c->n_args->n_next = bt_copylist(m->n_next);
		r = r ? dt_node_op(DT_N_LOGICAL, DT_OP_LOR, r, c, &n->n_loc) :
			c;
	}
	r->n_paren = true;
	dt_node_replace(n, r);
}

/*
 * delete(@m, $t), has_key(@m, (a, b)): a tuple as the key of a call
 * that takes a map and its key is the map's keys, as in @m[$t].
 */
static int bt_tx_callkey(struct bt_tx *tx, struct dt_node *n)
{
	struct dt_node *m = n->n_args, *k, *a;

	if (!(bt_iscall(n, BT_FN_DELETE) || bt_iscall(n, BT_FN_HAS_KEY)) ||
	    !m || m->n_kind != DT_N_AGG)
		return 0;
	k = m->n_next;
	if (!k || k->n_next || !bt_tx_size(tx, k))
		return 0;
	a = bt_elems(tx, k);
	if (dt_node_count(a) > 8) {
		dt_node_free(a);
		return dt_error(tx->pcb, &k->n_loc, "BT_TUPLE", "a tuple key "
				"of more than 8 elements is not supported");
	}
	dt_node_free(k);
	m->n_next = a;
	return 0;
}

/* Calls that take a whole map: print(@m), clear(@m), has_key(@m, k). */
static bool bt_tx_mapcall(const struct dt_node *n)
{
	return (bt_iscall(n, BT_FN_PRINT) || bt_iscall(n, BT_FN_CLEAR) ||
		bt_iscall(n, BT_FN_ZERO) || bt_iscall(n, BT_FN_LEN) ||
		bt_iscall(n, BT_FN_HAS_KEY)) &&
		n->n_args && n->n_args->n_kind == DT_N_AGG;
}

static int bt_tx_expr(struct bt_tx *tx, struct dt_node *n);

static int bt_tx_list(struct bt_tx *tx, struct dt_node *n)
{
	for (; n; n = n->n_next)
		if (bt_tx_expr(tx, n))
			return -1;
	return 0;
}

/* Expressions: $t.N, tuple keys, and tuples where none can be. */
static int bt_tx_expr(struct bt_tx *tx, struct dt_node *n)
{
	struct dt_node *a;
	int size;

	if (bt_ismark(n, "%elem")) {
		a = n->n_args;
		size = bt_tx_size(tx, a);
		if (!size)
			return dt_error(tx->pcb, &n->n_loc, "BT_TUPLE", "Can "
					"not access index '%lld' on expression "
					"that is not a tuple",
					(long long)n->n_int);
		if (n->n_int < 0 || n->n_int >= size)
			return dt_error(tx->pcb, &n->n_loc, "BT_TUPLE",
					"Invalid tuple index: %lld. Found %d "
					"elements in tuple.",
					(long long)n->n_int, size);
		if (a->n_kind == DT_N_THIS) {
			dt_node_replace(n, bt_elemvar(a->n_str, (int)n->n_int,
						 &n->n_loc));
			return 0;
		}
		if (!bt_ismark(a, "%tuple")) {	/* @m[k].N */
			dt_node_replace(n, bt_mapelem(a, (int)n->n_int));
			return bt_tx_expr(tx, n);
		}
		a = bt_copylist(a->n_args);
		for (size = 0; size < n->n_int; size++) {
			struct dt_node *d = a;

			a = a->n_next;
			d->n_next = NULL;
			dt_node_free(d);
		}
		dt_node_free(a->n_next);
		a->n_next = NULL;
		dt_node_replace(n, a);
		return bt_tx_expr(tx, n);
	}
	if (n->n_kind == DT_N_INDEX && n->n_args && !n->n_args->n_next &&
	    bt_tx_size(tx, n->n_args)) {
		/* @m[(a, b)], @m[$t]: the map's keys */
		a = bt_elems(tx, n->n_args);
		if (dt_node_count(a) > 8) {
			dt_node_free(a);
			return dt_error(tx->pcb, &n->n_args->n_loc,
					"BT_TUPLE", "a tuple key of more than "
					"8 elements is not supported");
		}
		dt_node_free(n->n_args);
		n->n_args = a;
	}
	if (bt_tx_callkey(tx, n))
		return -1;
	if (bt_tx_mapcall(n)) {
		if (bt_iscall(n, BT_FN_HAS_KEY) && n->n_args->n_next &&
		    bt_tx_mapsize(tx, n->n_args->n_str)) {
			bt_tx_haskey(tx, n);
			return bt_tx_expr(tx, n);
		}
		return bt_tx_list(tx, n->n_args->n_next);
	}
	if (bt_tx_size(tx, n))
		return dt_error(tx->pcb, &n->n_loc, "BT_TUPLE", "a tuple is "
				"supported here only as a $variable's or a "
				"map's value, a map's key, indexed (.N) or "
				"in print()");
	if (n->n_left && bt_tx_expr(tx, n->n_left))
		return -1;
	if (n->n_right && bt_tx_expr(tx, n->n_right))
		return -1;
	if (n->n_cond && bt_tx_expr(tx, n->n_cond))
		return -1;
	return bt_tx_list(tx, n->n_args);
}

static int bt_tx_record(struct bt_tx *tx, const struct dt_node *var,
			int size)
{
	int i;

	for (i = 0; i < tx->n; i++) {
		if (strcmp(tx->names[i], var->n_str) != 0)
			continue;
		if (tx->sizes[i] != size)
			return dt_error(tx->pcb, &var->n_loc, "BT_TUPLE",
					"Type mismatch for $%s: a tuple of %d "
					"elements, then of %d", var->n_str,
					tx->sizes[i], size);
		return 0;
	}
	if (tx->n == BT_TUPLE_VARS)
		return dt_error(tx->pcb, &var->n_loc, "BT_TUPLE", "too many "
				"tuple variables");
	tx->names[tx->n] = var->n_str;
	tx->sizes[tx->n++] = size;
	return 0;
}

/* delete( ) of an element of a map of tuples: a delete( ) per map. */
static struct dt_node *bt_tx_delete(const struct bt_tx *tx,
				    const struct dt_node *s)
{
	const struct dt_node *a = s->n_args;
	struct dt_node *list = NULL, *c;
	int i, size;

	if (!a || (a->n_kind != DT_N_AGG && a->n_kind != DT_N_INDEX))
		return NULL;
	size = bt_tx_size(tx, a);
	for (i = 0; i < size; i++) {
		c = bt_call("delete", bt_mapelem(a, i), &s->n_loc);
		c->n_args->n_next = bt_copylist(a->n_next);
		list = dt_node_append(list, c);
	}
	return list;
}

/*
 * One statement: *out gets what replaces it. $t = tuple and @m[k] =
 * tuple become an assignment per element; print(tuple) %tprint(elements).
 */
static int bt_tx_stmt(struct bt_tx *tx, struct dt_node *s,
		      struct dt_node **out)
{
	struct dt_node *r = s->n_kind == DT_N_ASSIGN ? s->n_right : NULL;
	struct dt_node *e, *list = NULL, *next, *lhs;
	const char *map = r ? bt_tx_mapname(s->n_left) : NULL;
	const struct dt_loc *at = r ? &(map ? bt_mapof(s->n_left) :
					 s->n_left)->n_loc : NULL;
	int size, i;

	*out = s;
	if (bt_iscall(s, BT_FN_PRINT) && dt_node_count(s->n_args) == 1 &&
	    s->n_args->n_kind != DT_N_AGG && bt_tx_size(tx, s->n_args)) {
		e = bt_elems(tx, s->n_args);
		if (bt_tx_list(tx, e)) {
			dt_node_free(e);
			return -1;
		}
		*out = bt_call(bt_xname(BT_X_TPRINT), e, &s->n_loc);
		dt_node_free(s);
		return 0;
	}
	if (bt_tx_callkey(tx, s))
		return -1;
	if (bt_iscall(s, BT_FN_DELETE) && (list = bt_tx_delete(tx, s))) {
		if (bt_tx_list(tx, list)) {
			dt_node_free(list);
			return -1;
		}
		*out = list;
		dt_node_free(s);
		return 0;
	}
	size = r ? bt_tx_size(tx, r) : 0;
	if (!size && bt_tx_mapsize(tx, map))
		return dt_error(tx->pcb, at, "BT_TUPLE",
				"Type mismatch for @%s: trying to assign a "
				"value that is not a tuple to a map of tuples",
				map);
	if (!size)
		return bt_tx_expr(tx, s);
	if (s->n_op != DT_OP_SET || (s->n_left->n_kind != DT_N_THIS && !map))
		return dt_error(tx->pcb, at, "BT_TUPLE",
				"a tuple can only be assigned with = to a "
				"$variable or to a map");
	if (size > BT_TUPLE_MAX)
		return dt_error(tx->pcb, &r->n_loc, "BT_TUPLE", "a tuple of "
				"more than %d elements is not supported",
				BT_TUPLE_MAX);
	if (map && bt_tx_mapsize(tx, map) != size)
		return dt_error(tx->pcb, at, "BT_TUPLE",
				"Type mismatch for @%s: a tuple of %d "
				"elements, then of %d", map,
				bt_tx_mapsize(tx, map), size);
	e = bt_elems(tx, r);
	for (i = 0; e; e = next, i++) {
		next = e->n_next;
		e->n_next = NULL;
		if (bt_tx_size(tx, e)) {
			dt_error(tx->pcb, &e->n_loc, "BT_TUPLE", "nested "
				 "tuples are not supported");
			dt_node_free(e);
			dt_node_free(next);
			dt_node_free(list);
			return -1;
		}
		lhs = map ? bt_mapelem(s->n_left, i) :
			bt_elemvar(s->n_left->n_str, i, &s->n_loc);
		list = dt_node_append(list, dt_node_op(
			DT_N_ASSIGN, DT_OP_SET, lhs, e, &s->n_loc));
	}
	if (bt_tx_list(tx, list) ||
	    (!map && bt_tx_record(tx, s->n_left, size))) {
		dt_node_free(list);
		return -1;
	}
	/* the name stays in tx: s goes to the dead list, its value now */
	dt_node_free(s->n_right);
	s->n_right = NULL;
	*out = list;
	return 1;
}

/* Statements in program order; dead holds replaced statements. */
static struct dt_node *bt_tx_stmts(struct bt_tx *tx, struct dt_node *l,
				   struct dt_node **dead)
{
	struct dt_node *out = NULL, *s, *next, *r;
	int rc;

	for (s = l; s; s = next) {
		next = s->n_next;
		s->n_next = NULL;
		if (tx->pcb->pcb_failed) {
			dt_node_free(s);
			continue;
		}
		if (bt_delete_value(s)) {
			/* s and the delete( ) after it */
			s->n_next->n_next = next;
			next = s->n_next;
			s->n_next = NULL;
		}
		if (s->n_kind == DT_N_IF || bt_ismark(s, "%while")) {
			bt_tx_expr(tx, s->n_cond);
			s->n_left = bt_tx_stmts(tx, s->n_left, dead);
			s->n_right = bt_tx_stmts(tx, s->n_right, dead);
			out = dt_node_append(out, s);
			continue;
		}
		rc = bt_tx_stmt(tx, s, &r);
		if (rc == 1)
			*dead = dt_node_append(*dead, s);
		if (rc >= 0)
			out = dt_node_append(out, r);
		else
			dt_node_free(s);
	}
	return out;
}

/* Note name's size, once: 1 if it is new. */
static int bt_tx_note(const char **names, int *sizes, int *n,
		      const char *name, int size)
{
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp(names[i], name) == 0)
			return 0;
	if (*n == BT_TUPLE_VARS)
		return 0;
	names[*n] = name;
	sizes[(*n)++] = size;
	return 1;
}

/* Before the rewriting: which maps get tuples, in program order. */
static int bt_tx_scan(struct bt_tx *tx, const struct dt_node *l)
{
	struct bt_tmaps *m = tx->maps;
	const char *map;
	int added = 0, size;

	for (; l; l = l->n_next) {
		if (l->n_kind == DT_N_IF || bt_ismark(l, "%while")) {
			added += bt_tx_scan(tx, l->n_left);
			added += bt_tx_scan(tx, l->n_right);
			continue;
		}
		if (l->n_kind != DT_N_ASSIGN || l->n_op != DT_OP_SET)
			continue;
		size = bt_tx_size(tx, l->n_right);
		if (!size)
			continue;
		map = bt_tx_mapname(l->n_left);
		if (l->n_left->n_kind == DT_N_THIS)
			bt_tx_note(tx->names, tx->sizes, &tx->n,
				   l->n_left->n_str, size);
		else if (map && !bt_tx_mapsize(tx, map) &&
			 m->n < BT_TUPLE_VARS)
			added += bt_tx_note((const char **)m->names, m->sizes,
					    &m->n, bt_strdup(map), size);
	}
	return added;
}

int bt_tuples(struct dt_pcb *pcb)
{
	struct bt_tmaps maps = { .n = 0 };
	struct dt_clause *c;
	int added, i;

	/* again while a clause's map of tuples makes another's */
	do {
		added = 0;
		for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
			struct bt_tx tx = { .pcb = pcb, .maps = &maps };

			added += bt_tx_scan(&tx, c->c_stmts);
		}
	} while (added);
	for (c = pcb->pcb_prog.p_clauses; c && !pcb->pcb_failed;
	     c = c->c_next) {
		struct bt_tx tx = { .pcb = pcb, .maps = &maps };
		struct dt_node *dead = NULL;

		if (c->c_pred)
			bt_tx_expr(&tx, c->c_pred);
		c->c_stmts = bt_tx_stmts(&tx, c->c_stmts, &dead);
		dt_node_free(dead);
	}
	for (i = 0; i < maps.n; i++)
		free(maps.names[i]);
	return pcb->pcb_failed ? -1 : 0;
}
