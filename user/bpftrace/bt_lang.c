// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's newer language (>= 0.20): the front end's own nodes,
 * config = { key = value; ... } and macros.
 *
 * Config keys set this DTrace's options where one matches (max_strlen
 * is strsize); keys about BPF's own resources are taken and have no
 * effect; values that would change the output in a way not done here
 * are an error.
 *
 * macro name($x, @m, e) { stmts; value } is expanded at each call: $x
 * is the caller's variable (by reference) or a fresh one holding the
 * argument, @m the caller's map, e the argument expression itself; the
 * body's other $variables are renamed so they cannot meet the
 * caller's. The body's statements go before the statement that calls
 * it, its last expression in place of the call.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_rows.h"

struct dt_node *bt_mark(const char *name, struct dt_node *args,
			const struct dt_loc *loc)
{
	return bt_call(name, args, loc);
}

bool bt_ismark(const struct dt_node *n, const char *name)
{
	return n && n->n_kind == DT_N_CALL && n->n_str &&
		strcmp(n->n_str, name) == 0;
}

enum bt_flowmark bt_flowmark(const struct dt_node *n)
{
	static const struct dt_nameval marks[] = {
		{ "%return", BT_FM_RETURN },
		{ "%break", BT_FM_BREAK },
		{ "%continue", BT_FM_CONTINUE },
		{ "%while", BT_FM_WHILE },
	};

	if (!n || n->n_kind != DT_N_CALL || !n->n_str)
		return BT_FM_NONE;
	return (enum bt_flowmark)DT_NAMEVAL(marks, n->n_str, BT_FM_NONE);
}

struct bt_cfgkey;

/* A key's value taken: 0, or -1 with the error reported at vloc. */
typedef int (*bt_cfg_fn)(struct dt_pcb *pcb, const struct bt_cfgkey *c,
			 const char *sval, int64_t ival,
			 const struct dt_loc *vloc);

struct bt_cfgkey {
	const char	*key;
	bt_cfg_fn	set;	/* NULL: taken, with no effect here */
	const char	*vals[3];	/* bt_cfg_only's */
};

/* A key whose one value is what this DTrace does: that value only. */
static int bt_cfg_only(struct dt_pcb *pcb, const struct bt_cfgkey *c,
		       const char *sval, int64_t ival,
		       const struct dt_loc *vloc)
{
	char v[32];
	size_t j;

	if (!sval) {
		snprintf(v, sizeof(v), "%lld", (long long)ival);
		sval = v;
	}
	for (j = 0; j < 3 && c->vals[j]; j++)
		if (strcmp(sval, c->vals[j]) == 0)
			return 0;
	return dt_error(pcb, vloc, "BT_CONFIG", "%s = %s is not supported "
			"by this DTrace (only %s)", c->key, sval,
			c->vals[0][0] ? c->vals[0] : "\"\"");
}

static int bt_cfg_missing(struct dt_pcb *pcb, const struct bt_cfgkey *c,
			  const char *sval, int64_t ival,
			  const struct dt_loc *vloc)
{
	static const char *const how[] = {
		[DT_MISS_WARN] = "warn", [DT_MISS_IGNORE] = "ignore",
		[DT_MISS_ERROR] = "error",
	};
	size_t i;

	(void)c;
	(void)ival;
	for (i = 0; i < 3; i++)
		if (sval && strcmp(sval, how[i]) == 0)
			pcb->pcb_opts->o_missing = (uint8_t)i;
	if (!sval || strcmp(sval, how[pcb->pcb_opts->o_missing]))
		return dt_error(pcb, vloc, "BT_CONFIG", "Invalid value for "
				"missing_probes: valid values are ignore, "
				"warn, error");
	return 0;
}

/* bpftrace's length counts the NUL, strsize does not */
static int bt_cfg_strlen(struct dt_pcb *pcb, const struct bt_cfgkey *c,
			 const char *sval, int64_t ival,
			 const struct dt_loc *vloc)
{
	const char *why = NULL;
	char v[32];

	(void)c;
	if (sval)
		return dt_error(pcb, vloc, "BT_CONFIG", "Invalid type for "
				"max_strlen. Type: string. Expected Type: "
				"int");
	snprintf(v, sizeof(v), "%lld", (long long)ival - 1);
	if (ival < 2 || dt_option_set(pcb->pcb_opts, "strsize", v, &why))
		return dt_error(pcb, vloc, "BT_CONFIG", "max_strlen: invalid "
				"value %lld%s%s", (long long)ival,
				why ? ": " : "", why ? why : "");
	return 0;
}

static const struct bt_cfgkey bt_cfgkeys[] = {
	/* BPF's resources and symbolization: no effect here */
	{ .key = "cache_user_symbols" },
	{ .key = "cpp_demangle" },
	{ .key = "lazy_symbolication" },
	{ .key = "log_size" },
	{ .key = "max_bpf_progs" },
	{ .key = "max_cat_bytes" },
	{ .key = "max_map_keys" },
	{ .key = "max_probes" },
	{ .key = "max_type_res_iterations" },
	{ .key = "on_stack_limit" },
	{ .key = "perf_rb_pages" },
	{ .key = "symbol_source" },
	{ .key = "use_blazesym" },
	{ .key = "show_debug_info" },
	{ .key = "license" },
	/* one value, what this DTrace does, and only that */
	{ "stack_mode", bt_cfg_only, { "bpftrace" } },
	{ "print_maps_on_exit", bt_cfg_only, { "true", "1" } },
	{ "str_trunc_trailer", bt_cfg_only, { "" } },
	{ .key = "missing_probes", .set = bt_cfg_missing },
	{ .key = "max_strlen", .set = bt_cfg_strlen },
};

int bt_config(struct dt_pcb *pcb, char *key, char *sval, int64_t ival,
	      const struct dt_loc *kloc, const struct dt_loc *vloc)
{
	const struct bt_cfgkey *c;
	const char *name = key;
	char k[64];
	size_t i;
	int rc = 0;

	/* BPFTRACE_MAX_STRLEN, as the environment's names, is max_strlen */
	if (strncasecmp(name, "bpftrace_", 9) == 0)
		name += 9;
	for (i = 0; name[i] && i < sizeof(k) - 1; i++)
		k[i] = (char)tolower((unsigned char)name[i]);
	k[i] = '\0';
	c = DT_ROW_FIND(bt_cfgkeys, k);
	if (!c)
		rc = dt_error(pcb, kloc, "BT_CONFIG", "Unrecognized config "
			      "variable: %s", key);
	else if (c->set)
		rc = c->set(pcb, c, sval, ival, vloc);
	free(key);
	free(sval);
	return rc;
}

int bt_config_late(struct dt_pcb *pcb, const struct dt_loc *loc)
{
	return dt_error(pcb, loc, "BT_CONFIG", "the config block must come "
			"before the probes");
}

int bt_macro_def(struct dt_pcb *pcb, char *name, struct dt_node *params,
		 struct dt_node *body, const struct dt_loc *loc)
{
	struct dt_node *m, *p;
	int rc = 0;

	for (p = params; p && !rc; p = p->n_next)
		if (p->n_kind != DT_N_THIS && p->n_kind != DT_N_AGG &&
		    p->n_kind != DT_N_IDENT)
			rc = dt_error(pcb, &p->n_loc, "BT_MACRO", "macro "
				      "parameters must be $variables, @maps "
				      "or names");
	for (m = pcb->pcb_femacros; m && !rc; m = m->n_next)
		if (strcmp(m->n_str, name) == 0)
			rc = dt_error(pcb, loc, "BT_MACRO", "Redefinition "
				      "of macro: %s", name);
	if (rc) {
		free(name);
		dt_node_free(params);
		dt_node_free(body);
		return rc;
	}
	m = bt_call(name, params, loc);
	free(name);
	m->n_left = body;
	pcb->pcb_femacros = dt_node_append(pcb->pcb_femacros, m);
	return 0;
}

/* Expansion: the macros, and a count to make names unique. */
struct bt_mx {
	struct dt_pcb	*pcb;
	int		n;
	int		depth;
	long		nodes;	/* made by the expansions so far */
	bool		over;	/* ... and more refused */
};

#define BT_MACRO_DEPTH	32
#define BT_MACRO_CALLS	10000	/* expansions in a program */
/*
 * Nodes the expansions make in a program: an argument copied at each
 * use doubles with each level (a(x) { x + x } nested), so depth and
 * count alone let a few lines expand to gigabytes.
 */
#define BT_MACRO_NODES	100000

static long bt_tree(const struct dt_node *n, long max);

/* Nodes in the list n and below, counted no further than past max. */
static long bt_list(const struct dt_node *n, long max)
{
	long c = 0;

	for (; n && c <= max; n = n->n_next)
		c += bt_tree(n, max - c);
	return c;
}

/* ... in n and below, not the nodes after it. */
static long bt_tree(const struct dt_node *n, long max)
{
	long c = 1;

	c += bt_list(n->n_left, max - c);
	c += bt_list(n->n_right, max - c);
	c += bt_list(n->n_cond, max - c);
	return c + bt_list(n->n_args, max - c);
}

/* The nodes of n (its tree, or the list it heads) charged: false if over. */
static bool bt_charge(struct bt_mx *mx, const struct dt_node *n, bool list)
{
	long room = BT_MACRO_NODES - mx->nodes;

	if (n && !mx->over)
		mx->nodes += list ? bt_list(n, room) : bt_tree(n, room);
	if (mx->nodes > BT_MACRO_NODES)
		mx->over = true;
	return !mx->over;
}

static const struct dt_node *bt_macro_find(const struct bt_mx *mx,
					   const struct dt_node *n)
{
	const struct dt_node *m;

	/* a macro without parameters is also called by its bare name */
	if ((n->n_kind != DT_N_CALL && n->n_kind != DT_N_IDENT) ||
	    !n->n_str || n->n_str[0] == '%')
		return NULL;
	for (m = mx->pcb->pcb_femacros; m; m = m->n_next)
		if (strcmp(m->n_str, n->n_str) == 0 &&
		    (n->n_kind == DT_N_CALL || !m->n_args))
			return m;
	return NULL;
}

static const struct dt_node *bt_param(const struct dt_node *m,
				      enum dt_nkind kind, const char *name,
				      const struct dt_node *args)
{
	const struct dt_node *p;

	for (p = m->n_args; p; p = p->n_next, args = args->n_next)
		if (p->n_kind == kind && strcmp(p->n_str, name) == 0)
			return args;
	return NULL;
}

/*
 * In a copy of the body: $p becomes the caller's variable or the
 * fresh one, @p the caller's map, a name parameter the argument, and
 * every other $v a name of this expansion's own.
 */
static void bt_subst(struct bt_mx *mx, const struct dt_node *m,
		     const struct dt_node *args, struct dt_node *n, int id)
{
	const struct dt_node *a;
	char name[256];

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_THIS) {
			a = bt_param(m, DT_N_THIS, n->n_str, args);
			if (a && a->n_kind == DT_N_THIS)
				snprintf(name, sizeof(name), "%s", a->n_str);
			else	/* a fresh variable, or the body's own */
				snprintf(name, sizeof(name), "%%m%d_%s", id,
					 n->n_str);
			free(n->n_str);
			n->n_str = bt_strdup(name);
		} else if (n->n_kind == DT_N_AGG &&
			   (a = bt_param(m, DT_N_AGG, n->n_str, args))) {
			free(n->n_str);
			n->n_str = bt_strdup(a->n_str);
		} else if (n->n_kind == DT_N_IDENT &&
			   (a = bt_param(m, DT_N_IDENT, n->n_str, args))) {
			if (!bt_charge(mx, a, false))
				return;
			dt_node_replace(n, dt_node_copy(a));
			continue;
		}
		bt_subst(mx, m, args, n->n_left, id);
		bt_subst(mx, m, args, n->n_right, id);
		bt_subst(mx, m, args, n->n_cond, id);
		bt_subst(mx, m, args, n->n_args, id);
	}
}

static bool bt_isvalue(const struct dt_node *n)
{
	return n->n_kind != DT_N_IF && bt_flowmark(n) == BT_FM_NONE;
}

static int bt_expand_node(struct bt_mx *mx, struct dt_node **pp,
			  struct dt_node **pre, bool stmt);

static int bt_expand_list(struct bt_mx *mx, struct dt_node **pp,
			  struct dt_node **pre)
{
	for (; *pp; pp = &(*pp)->n_next)
		if (bt_expand_node(mx, pp, pre, false))
			return -1;
	return 0;
}

static struct dt_node *bt_expand_stmts(struct bt_mx *mx, struct dt_node *l);

/*
 * The call *pp of macro m: its statements appended to *pre, its value
 * in *pp's place (NULL when it is a statement without one).
 */
static int bt_expand_call(struct bt_mx *mx, const struct dt_node *m,
			  struct dt_node **pp, struct dt_node **pre, bool stmt)
{
	struct dt_node *n = *pp, *body, *last, *a, *next = n->n_next;
	const struct dt_node *p;
	int id = mx->n++;
	char name[256];

	if (dt_node_count(n->n_args) != dt_node_count(m->n_args))
		return dt_error(mx->pcb, &n->n_loc, "BT_MACRO", "Call to "
				"macro has wrong number of arguments. "
				"Expected: %d but got %d",
				dt_node_count(m->n_args),
				dt_node_count(n->n_args));
	if (mx->depth >= BT_MACRO_DEPTH)
		return dt_error(mx->pcb, &n->n_loc, "BT_MACRO", "macro %s: "
				"recursion (more than %d levels)", m->n_str,
				BT_MACRO_DEPTH);
	if (id >= BT_MACRO_CALLS)	/* m calling m twice, 32 deep */
		return dt_error(mx->pcb, &n->n_loc, "BT_MACRO", "macro %s: "
				"more than %d expansions in the program",
				m->n_str, BT_MACRO_CALLS);
	for (p = m->n_args, a = n->n_args; p; p = p->n_next, a = a->n_next) {
		if (p->n_kind == DT_N_AGG && a->n_kind != DT_N_AGG)
			return dt_error(mx->pcb, &a->n_loc, "BT_MACRO",
					"Mismatched arg. Macro %s expects a "
					"map for @%s", m->n_str, p->n_str);
		if (p->n_kind != DT_N_THIS || a->n_kind == DT_N_THIS)
			continue;
		/* a value for $p: a variable of the expansion's own */
		snprintf(name, sizeof(name), "%%m%d_%s", id, p->n_str);
		if (!bt_charge(mx, a, false))
			break;
		last = dt_node_new(DT_N_THIS, &a->n_loc);
		last->n_str = bt_strdup(name);
		*pre = dt_node_append(*pre, dt_node_op(
			DT_N_ASSIGN, DT_OP_SET, last, dt_node_copy(a),
			&a->n_loc));
	}
	body = NULL;
	if (bt_charge(mx, m->n_left, true)) {
		body = bt_copylist(m->n_left);
		bt_subst(mx, m, n->n_args, body, id);
	}
	if (mx->over) {
		dt_node_free(body);
		return dt_error(mx->pcb, &n->n_loc, "BT_MACRO", "macro %s: "
				"expansion too large (more than %d nodes in "
				"the program)", m->n_str, BT_MACRO_NODES);
	}
	mx->depth++;
	body = bt_expand_stmts(mx, body);
	mx->depth--;
	if (mx->pcb->pcb_failed) {
		dt_node_free(body);
		return -1;
	}
	for (last = body; last && last->n_next; last = last->n_next)
		;
	if (!last || !bt_isvalue(last)) {
		if (!stmt) {
			dt_node_free(body);
			return dt_error(mx->pcb, &n->n_loc, "BT_MACRO",
					"macro %s has no value: it ends with "
					"a statement", m->n_str);
		}
		*pre = dt_node_append(*pre, body);
		last = NULL;
	} else {
		struct dt_node **q = &body;

		while (*q != last)
			q = &(*q)->n_next;
		*q = NULL;
		*pre = dt_node_append(*pre, body);
	}
	n->n_next = NULL;
	dt_node_free(n);
	if (last)
		last->n_next = next;
	*pp = last;	/* NULL: a statement, alone (next is NULL) */
	return 0;
}

static int bt_expand_node(struct bt_mx *mx, struct dt_node **pp,
			  struct dt_node **pre, bool stmt)
{
	struct dt_node *n = *pp;
	const struct dt_node *m;

	if (n->n_left && bt_expand_node(mx, &n->n_left, pre, false))
		return -1;
	if (n->n_right && bt_expand_node(mx, &n->n_right, pre, false))
		return -1;
	if (n->n_cond && bt_expand_node(mx, &n->n_cond, pre, false))
		return -1;
	if (bt_expand_list(mx, &n->n_args, pre))
		return -1;
	m = bt_macro_find(mx, n);
	if (!m)
		return 0;
	return bt_expand_call(mx, m, pp, pre, stmt);
}

/* An expression with no place for statements: predicates, loops. */
static int bt_expand_expr(struct bt_mx *mx, struct dt_node **pp)
{
	struct dt_node *pre = NULL;

	if (!*pp || bt_expand_node(mx, pp, &pre, false))
		return *pp ? -1 : 0;
	if (pre) {
		dt_error(mx->pcb, &pre->n_loc, "BT_MACRO", "a macro with "
			 "statements cannot be used in a predicate or a "
			 "loop's condition");
		dt_node_free(pre);
		return -1;
	}
	return 0;
}

static struct dt_node *bt_expand_stmts(struct bt_mx *mx, struct dt_node *l)
{
	struct dt_node *out = NULL, *s, *next, *pre;

	for (s = l; s; s = next) {
		next = s->n_next;
		s->n_next = NULL;
		pre = NULL;
		if (mx->pcb->pcb_failed) {
			dt_node_free(s);
			continue;
		}
		if (s->n_kind == DT_N_IF || bt_ismark(s, "%while")) {
			if (s->n_kind == DT_N_IF)
				bt_expand_node(mx, &s->n_cond, &pre, false);
			else
				bt_expand_expr(mx, &s->n_cond);
			/* a for loop's bounds, for its count (bt_flow.c) */
			bt_expand_list(mx, &s->n_args, &pre);
			s->n_left = bt_expand_stmts(mx, s->n_left);
			s->n_right = bt_expand_stmts(mx, s->n_right);
		} else if (bt_expand_node(mx, &s, &pre, true)) {
			dt_node_free(s);
			s = NULL;
		}
		out = dt_node_append(out, pre);
		if (s)
			out = dt_node_append(out, s);
	}
	return out;
}

int bt_macro_expand(struct dt_pcb *pcb)
{
	struct bt_mx mx = { .pcb = pcb };
	struct dt_clause *c;

	if (!pcb->pcb_femacros)
		return 0;
	for (c = pcb->pcb_prog.p_clauses; c && !pcb->pcb_failed;
	     c = c->c_next) {
		if (bt_expand_expr(&mx, &c->c_pred))
			break;
		c->c_stmts = bt_expand_stmts(&mx, c->c_stmts);
	}
	dt_node_free(pcb->pcb_femacros);
	pcb->pcb_femacros = NULL;
	return pcb->pcb_failed ? -1 : 0;
}
