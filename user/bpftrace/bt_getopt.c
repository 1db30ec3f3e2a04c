// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's getopt("n"[, d[, s]]) (0.23 and later): --n or --n=V after
 * -- on the command line, a constant as the program compiles; d's type.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_ktype.h"
#include "dt_types.h"

/* ---- getopt( ) and the named parameters ---- */

#define BT_NAMED_MAX	64

static const char *bt_named[BT_NAMED_MAX];
static int bt_nnamed;

int bt_named_take(char **av, int n)
{
	int i, k = 0;

	bt_nnamed = 0;
	for (i = 0; i < n; i++) {
		if (strncmp(av[i], "--", 2) == 0 && av[i][2] &&
		    bt_nnamed < BT_NAMED_MAX)
			bt_named[bt_nnamed++] = av[i] + 2;
		else
			av[k++] = av[i];
	}
	if (k < n)
		av[k] = NULL;
	return k;
}

/* --name's value: "" for a bare --name, NULL when not given. */
static const char *bt_named_get(const char *name)
{
	size_t len = strlen(name);
	int i;

	for (i = 0; i < bt_nnamed; i++) {
		if (strncmp(bt_named[i], name, len) != 0)
			continue;
		if (!bt_named[i][len])
			return "";
		if (bt_named[i][len] == '=')
			return bt_named[i] + len + 1;
	}
	return NULL;
}

bool bt_getopt_int(const struct dt_node *n, int64_t *v)
{
	const struct dt_node *a = n->n_args, *d = a ? a->n_next : NULL;
	const char *s;
	char *end;

	if (n->n_kind != DT_N_CALL || strcmp(n->n_str, "getopt") ||
	    !a || a->n_kind != DT_N_STR || !d || d->n_kind != DT_N_INT)
		return false;
	s = bt_named_get(a->n_str);
	if (!s) {
		*v = d->n_int;
		return true;
	}
	*v = strtoll(s, &end, 0);
	return *s && !*end;
}

int bt_rw_getopt(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *d = a ? a->n_next : NULL;
	const struct dt_loc *loc = &n->n_loc;
	const char *v;
	char *end;
	long long iv;
	int flag;

	(void)f;
	if (!a || a->n_kind != DT_N_STR)
		return dt_error(cx->pcb, loc, "BT_CALL", "First argument to "
				"'getopt' must be a string literal.");
	if (d && d->n_kind != DT_N_STR && d->n_kind != DT_N_INT)
		return dt_error(cx->pcb, &d->n_loc, "BT_CALL", "Second "
				"argument to 'getopt' must be a string "
				"literal, integer literal, or a boolean "
				"literal.");
	if (d && d->n_next && (d->n_next->n_kind != DT_N_STR ||
			       d->n_next->n_next))
		return dt_error(cx->pcb, loc, "BT_CALL", "Function 'getopt' "
				"requires the third parameter to be a string");
	v = bt_named_get(a->n_str);
	if (d && d->n_kind == DT_N_STR) {
		dt_node_replace(n, bt_str(v ? v : d->n_str, loc));
		return 0;
	}
	if (!v) {
		dt_node_replace(n, dt_node_int(d ? d->n_int : 0, &dt_type_long,
					  loc));
		return 0;
	}
	/* a flag: --x, --x=true|1 true, --x=false|0 false */
	flag = *v ? bt_bool_word(v) : 1;
	if (flag >= 0)
		iv = flag;
	else if ((iv = strtoll(v, &end, 0)), *end)
		return dt_error(cx->pcb, loc, "BT_CALL", "Invalid value for "
				"--%s: %s is not an integer", a->n_str, v);
	dt_node_replace(n, dt_node_int(iv, &dt_type_long, loc));
	return 0;
}
