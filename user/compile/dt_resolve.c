// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 1: resolve names.
 *
 * Every identifier becomes a built-in variable or a D variable. A D
 * variable comes into being at its first assignment in program order;
 * a read of a name nothing defined before is an error. $N macro
 * arguments are replaced by their values here.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_dlib.h"
#include "dt_error.h"
#include "dt_funcext.h"
#include "dt_ktype.h"
#include "dt_macro.h"
#include "dt_provider.h"
#include "dt_types.h"

static const char *const dt_scope_prefix[] = {
	[DT_V_GLOBAL] = "", [DT_V_THREAD] = "self->", [DT_V_LOCAL] = "this->",
};

static struct dt_var *dt_var_lookup(struct dt_pcb *pcb, const char *name,
				    enum dt_vscope scope)
{
	struct dt_var *v;

	for (v = pcb->pcb_prog.p_vars; v; v = v->v_next)
		if (v->v_scope == scope && strcmp(v->v_name, name) == 0)
			return v;
	return NULL;
}

static struct dt_var *dt_var_create(struct dt_pcb *pcb, const char *name,
				    enum dt_vscope scope, bool array)
{
	struct dt_var *v = calloc(1, sizeof(*v)), **pp;

	if (!v || !(v->v_name = strdup(name))) {
		free(v);
		return NULL;
	}
	if (pcb->pcb_nvars[scope] > DIF_VARID_MAX) {
		free(v->v_name);
		free(v);
		return NULL;
	}
	v->v_scope = scope;
	v->v_array = array;
	v->v_id = pcb->pcb_nvars[scope]++;
	for (pp = &pcb->pcb_prog.p_vars; *pp; pp = &(*pp)->v_next)
		;
	*pp = v;
	return v;
}

static int dt_resolve_node(struct dt_pcb *pcb, struct dt_node *n, bool lhs);

static int dt_resolve_list(struct dt_pcb *pcb, struct dt_node *n)
{
	for (; n; n = n->n_next)
		if (dt_resolve_node(pcb, n, false))
			return -1;
	return 0;
}

static int dt_resolve_var(struct dt_pcb *pcb, struct dt_node *n,
			  enum dt_vscope scope, bool lhs, bool array)
{
	struct dt_var *v = dt_var_lookup(pcb, n->n_str, scope);

	if (!v && !lhs)
		return dt_error(pcb, &n->n_loc, "D_IDENT_UNDEF",
				"failed to resolve %s%s: Unknown variable "
				"name", dt_scope_prefix[scope], n->n_str);
	if (!v) {
		v = dt_var_create(pcb, n->n_str, scope, array);
		if (!v)
			return dt_error(pcb, &n->n_loc, "D_VAR_MAX",
					"too many variables");
	}
	if (v->v_dim && !array && v->v_scope != DT_V_LOCAL)
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED", "array %s "
				"as a value is not supported: index it",
				n->n_str);
	if (v->v_array != array)
		return dt_error(pcb, &n->n_loc, array ? "D_IDX_SCALAR" :
				"D_ARR_SCALAR", array ?
				"%s is a scalar variable; it cannot be "
				"indexed" :
				"%s is an associative array; it must be "
				"indexed", n->n_str);
	n->n_var = v;
	if (n->n_kind == DT_N_IDENT)
		n->n_kind = DT_N_VAR;
	return 0;
}

static int dt_resolve_node(struct dt_pcb *pcb, struct dt_node *n, bool lhs);

/*
 * Each use of an inline copies its expression, and each use of a
 * parameter its argument: inlines of inlines grow as a power. Nodes
 * made that way are bounded per program, as the depth is.
 */
#define DT_INLINE_NODES_MAX	(1u << 18)

static size_t dt_node_size(const struct dt_node *n)
{
	size_t s = 0;

	for (; n; n = n->n_next)
		s += 1 + dt_node_size(n->n_left) + dt_node_size(n->n_right) +
		     dt_node_size(n->n_cond) + dt_node_size(n->n_args) +
		     dt_node_size(n->n_guard);
	return s;
}

/* (T)e, where T is not a string (a cast to string is not D) */
static struct dt_node *dt_inline_cast(const struct dt_type *t,
				      struct dt_node *e,
				      const struct dt_loc *loc)
{
	struct dt_node *c;

	if (t->kind == DT_T_STRING && !t->ptr)
		return e;
	c = dt_node_new(DT_N_CAST, loc);
	c->n_ctype = *t;
	c->n_left = e;
	return c;
}

/* In an inline's copied expression, each parameter becomes its argument. */
static void dt_inline_subst(struct dt_node *n, const struct dt_decl *d,
			    struct dt_node *const *args)
{
	struct dt_node *a;
	int i;

	if (!n)
		return;
	if (n->n_kind == DT_N_IDENT) {
		for (i = 0; i < d->d_nkeys; i++)
			if (!strcmp(n->n_str, d->d_pnames[i])) {
				dt_node_replace(n, dt_inline_cast(&d->d_keys[i],
					dt_node_copy(args[i]), &n->n_loc));
				break;
			}
		return;
	}
	dt_inline_subst(n->n_left, d, args);
	dt_inline_subst(n->n_right, d, args);
	dt_inline_subst(n->n_cond, d, args);
	dt_inline_subst(n->n_guard, d, args);
	for (a = n->n_args; a; a = a->n_next)
		dt_inline_subst(a, d, args);
}

/*
 * An inline's name, or name[args] for one with parameters: its
 * expression, the arguments in place of the parameters, cast to its
 * type, in place of n.
 */
static int dt_resolve_inline(struct dt_pcb *pcb, struct dt_node *n,
			     const struct dt_decl *d, bool lhs)
{
	struct dt_node *c, *args[8], *a;
	int rc, i = 0;

	if (lhs)
		return dt_error(pcb, &n->n_loc, "D_OP_WRITE",
				"operator = can only be applied to a writable "
				"variable");
	if (pcb->pcb_inlines > 64)
		return dt_error(pcb, &n->n_loc, "D_IDENT_BADREF",
				"inline %s is defined in terms of itself",
				d->d_name);
	if (d->d_call && n->n_kind != DT_N_CALL)
		return dt_error(pcb, &n->n_loc, "D_IDENT_BADREF", "%s( ) is "
				"a subroutine: call it", d->d_name);
	if (d->d_nkeys && !d->d_call && n->n_kind != DT_N_INDEX)
		return dt_error(pcb, &n->n_loc, "D_ARR_SCALAR", "inline %s "
				"has parameters; it must be indexed: %s[ ]",
				d->d_name, d->d_name);
	if (d->d_nkeys && dt_node_count(n->n_args) != d->d_nkeys)
		return dt_error(pcb, &n->n_loc, "D_PROTO_LEN", "%s%s "
				"prototype mismatch: %d arg%s passed, %d "
				"expected", d->d_name, d->d_call ? "( )" : "[ ]",
				dt_node_count(n->n_args),
				dt_node_count(n->n_args) == 1 ? "" : "s",
				d->d_nkeys);
	for (a = n->n_args; a && i < 8; a = a->n_next)
		args[i++] = a;
	c = dt_node_copy(d->d_inline);
	dt_inline_subst(c, d, args);
	pcb->pcb_inline_nodes += dt_node_size(c);
	if (pcb->pcb_inline_nodes > DT_INLINE_NODES_MAX) {
		dt_node_free(c);
		return dt_error(pcb, &n->n_loc, "D_IDENT_BADREF", "inline %s "
				"expands to more than %u nodes", d->d_name,
				DT_INLINE_NODES_MAX);
	}
	/* an xlate stays one, for the -> or . that must follow it */
	if (c->n_kind != DT_N_XLATE)
		c = dt_inline_cast(&d->d_type, c, &n->n_loc);
	c->n_loc = n->n_loc;
	dt_node_replace(n, c);
	pcb->pcb_inlines++;
	rc = n->n_kind == DT_N_XLATE ? 0 :
		dt_resolve_node(pcb, n->n_kind == DT_N_CAST ? n->n_left : n,
				false);
	pcb->pcb_inlines--;
	return rc;
}

static const struct dt_decl *dt_inline_lookup(const struct dt_pcb *pcb,
					      const char *name)
{
	const struct dt_decl *d;

	for (d = pcb->pcb_prog.p_decls; d; d = d->d_next)
		if (d->d_inline && strcmp(d->d_name, name) == 0)
			return d;
	return NULL;
}

/* A name that stands for an int constant: an enumerator, $pid. */
static int dt_resolve_to_int(struct dt_node *n, int64_t v)
{
	free(n->n_str);
	n->n_str = NULL;
	n->n_kind = DT_N_INT;
	n->n_int = v;
	n->n_type = dt_type_int;
	return 0;
}

static int dt_resolve_ident(struct dt_pcb *pcb, struct dt_node *n, bool lhs)
{
	const struct dt_builtin *b = dt_builtin_lookup(n->n_str);
	const struct dt_decl *d;
	struct dt_type lt;
	int64_t ev;

	if (dt_enum_lookup(&pcb->pcb_prog, n->n_str, &ev) ||
	    dt_const_lookup(n->n_str, &ev)) {
		if (lhs)
			return dt_error(pcb, &n->n_loc, "D_OP_WRITE",
					"operator = can only be applied to a "
					"writable variable");
		return dt_resolve_to_int(n, ev);
	}
	d = dt_inline_lookup(pcb, n->n_str);
	if (d)
		return dt_resolve_inline(pcb, n, d, lhs);
	if (dt_dlib_lookup(n->n_str, &ev, &lt)) {
		if (lhs)
			return dt_error(pcb, &n->n_loc, "D_OP_WRITE",
					"operator = can only be applied to a "
					"writable variable");
		dt_resolve_to_int(n, ev);
		n->n_type = lt;
		return 0;
	}

	if (b) {
		if (b->b_var == DIF_VAR_ARGS &&
		    dt_providers_args(pcb, n, DT_ARGS_BARE) <= 0)
			return pcb->pcb_failed ? -1 : 0;
		if (b->b_var >= DIF_VAR_ARG0 && b->b_var <= DIF_VAR_ARG9 &&
		    dt_providers_args(pcb, n, b->b_var - DIF_VAR_ARG0) <= 0)
			return pcb->pcb_failed ? -1 :
				dt_resolve_node(pcb, n, lhs);
		if (b->b_var == DIF_VAR_ARGS || b->b_var == DIF_VAR_UREGS)
			return dt_error(pcb, &n->n_loc, "D_ARR_SCALAR",
					"%s[ ] must be indexed", n->n_str);
		n->n_kind = DT_N_BUILTIN;
		n->n_builtin = b->b_var;
		n->n_type = b->b_type;
		/* struct task_struct * where there are kernel types */
		if (b->b_var == DIF_VAR_CURTHREAD)
			dt_ktype_curthread(pcb, &n->n_type);
		return pcb->pcb_failed ? -1 : 0;
	}
	/* a kernel enumerator, where nothing else has the name */
	if (!lhs && !dt_var_lookup(pcb, n->n_str, DT_V_GLOBAL) &&
	    dt_ktype_enumval(n->n_str, &ev))
		return dt_resolve_to_int(n, ev);
	return dt_resolve_var(pcb, n, DT_V_GLOBAL, lhs, false);
}

/* $N: an integer if it looks like one, a string for $$N, else a name. */
static int dt_resolve_macro(struct dt_pcb *pcb, struct dt_node *n, bool lhs)
{
	long idx = (long)n->n_int;
	const char *val;
	char *end;
	unsigned long long v;
	int64_t mv;

	if (n->n_str) {
		/* Solaris' projects and tasks: nothing on Linux is one */
		if (!strcmp(n->n_str, "$projid") ||
		    !strcmp(n->n_str, "$taskid"))
			return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED",
					"macro variable %s is not supported: "
					"Linux has no Solaris projects or "
					"tasks", n->n_str);
		if (dt_macro_lookup(n->n_str + 1, pcb->pcb_target, &mv))
			return dt_error(pcb, &n->n_loc, "D_MACRO_UNDEF",
					"macro variable %s is not defined%s",
					n->n_str, strcmp(n->n_str, "$target") ?
					"" : " (use -c or -p)");
		return dt_resolve_to_int(n, mv);
	}

	if (idx < 0 || idx >= pcb->pcb_argc) {
		if (!pcb->pcb_allow_empty_args)
			return dt_error(pcb, &n->n_loc, "D_MACRO_UNDEF",
					"macro argument %s%ld is not defined",
					n->n_post ? "$$" : "$", idx);
		val = n->n_post ? "" : "0";
	} else {
		val = pcb->pcb_argv[idx];
	}
	if (n->n_post) {
		n->n_kind = DT_N_STR;
		n->n_str = strdup(val);
		n->n_type = dt_type_string;
		return n->n_str ? 0 : dt_error(pcb, NULL, "D_NOMEM",
					       "out of memory");
	}
	errno = 0;
	v = strtoull(val, &end, 0);
	if (*val && isdigit((unsigned char)*val) && !*end && !errno) {
		n->n_kind = DT_N_INT;
		n->n_int = (int64_t)v;
		n->n_type = v <= 0x7fffffff ? dt_type_int :
			v <= 0x7fffffffffffffffull ? dt_type_long :
			dt_type_ulong;
		return 0;
	}
	if (!(isalpha((unsigned char)*val) || *val == '_'))
		return dt_error(pcb, &n->n_loc, "D_MACRO_UNUSED",
				"macro argument $%ld is not a valid integer "
				"or identifier: %s (use $$%ld for a string)",
				idx, val, idx);
	for (end = (char *)val; *end; end++)
		if (!isalnum((unsigned char)*end) && *end != '_')
			return dt_error(pcb, &n->n_loc, "D_MACRO_UNUSED",
					"macro argument $%ld is not a valid "
					"integer or identifier: %s (use $$%ld "
					"for a string)", idx, val, idx);
	n->n_kind = DT_N_IDENT;
	n->n_str = strdup(val);
	if (!n->n_str)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	return dt_resolve_ident(pcb, n, lhs);
}

/* e[i] of a pointer: any expression but a name known as an array. */
static bool dt_index_is_ptr(struct dt_pcb *pcb, const struct dt_node *l)
{
	const struct dt_var *v;

	switch (l->n_kind) {
	case DT_N_THIS:
		v = dt_var_lookup(pcb, l->n_str, DT_V_LOCAL);
		break;
	case DT_N_SELF:
		v = dt_var_lookup(pcb, l->n_str, DT_V_THREAD);
		break;
	case DT_N_IDENT:
		if (dt_builtin_lookup(l->n_str))
			return false;
		v = dt_var_lookup(pcb, l->n_str, DT_V_GLOBAL);
		break;
	case DT_N_AGG:
	case DT_N_MACRO:
		return false;
	default:
		return true;
	}
	return v && !v->v_array;
}

static int dt_resolve_index(struct dt_pcb *pcb, struct dt_node *n, bool lhs)
{
	struct dt_node *l = n->n_left;
	const struct dt_decl *d = l->n_kind == DT_N_IDENT ?
		dt_inline_lookup(pcb, l->n_str) : NULL;

	/* name[args] of an inline with parameters: its expression */
	if (d && d->d_nkeys)
		return dt_resolve_inline(pcb, n, d, lhs);
	if (dt_resolve_list(pcb, n->n_args))
		return -1;
	if (d) {		/* an inline's value indexed, as a pointer */
		n->n_post = true;
		if (dt_node_count(n->n_args) != 1)
			return dt_error(pcb, &n->n_loc, "D_ARR_BADREF",
					"a pointer takes exactly one index");
		return dt_resolve_node(pcb, l, false);
	}
	if (l->n_kind == DT_N_AGG)
		return 0;	/* @a[keys]: dt_check's */
	if (dt_index_is_ptr(pcb, l)) {
		n->n_post = true;	/* *(l + i), when dt_check sees l */
		if (dt_node_count(n->n_args) != 1)
			return dt_error(pcb, &n->n_loc, "D_ARR_BADREF",
					"a pointer takes exactly one index");
		return dt_resolve_node(pcb, l, false);
	}
	if (l->n_kind == DT_N_THIS)	/* as DTrace */
		return dt_error(pcb, &l->n_loc, "D_ARR_LOCAL",
				"local variables may not be used as "
				"associative arrays: %s", l->n_str);
	if (l->n_kind != DT_N_IDENT && l->n_kind != DT_N_SELF)
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED",
				"indexing this expression is not supported "
				"yet");
	if (strcmp(l->n_str, "args") == 0 && dt_providers_args(pcb, n, -1) <= 0)
		return pcb->pcb_failed ? -1 : dt_resolve_node(pcb, n, lhs);
	if (strcmp(l->n_str, "args") == 0 || strcmp(l->n_str, "uregs") == 0) {
		const struct dt_builtin *b = dt_builtin_lookup(l->n_str);

		l->n_kind = DT_N_BUILTIN;
		l->n_builtin = b->b_var;
		l->n_type = b->b_type;
		if (dt_node_count(n->n_args) != 1)
			return dt_error(pcb, &n->n_loc, "D_ARR_BADREF",
					"%s[ ] takes exactly one index",
					l->n_str);
		return 0;
	}
	if (dt_builtin_lookup(l->n_str))
		return dt_error(pcb, &l->n_loc, "D_IDX_SCALAR",
				"%s is a scalar variable; it cannot be indexed",
				l->n_str);
	if (dt_node_count(n->n_args) > DIF_TUPLE_MAX)
		return dt_error(pcb, &n->n_loc, "D_ARR_BADREF",
				"too many keys for %s (at most %d)", l->n_str,
				DIF_TUPLE_MAX);
	return dt_resolve_var(pcb, l, l->n_kind == DT_N_SELF ? DT_V_THREAD :
			      DT_V_GLOBAL, lhs, true);
}

/*
 * sizeof (a) of a global or self fixed array: all of it, as C's sizeof
 * (DTrace's too), though the array is not a value otherwise.
 */
static int dt_resolve_sizeof(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left;
	const struct dt_var *v = NULL;

	if (l && l->n_kind == DT_N_IDENT && !dt_builtin_lookup(l->n_str))
		v = dt_var_lookup(pcb, l->n_str, DT_V_GLOBAL);
	else if (l && l->n_kind == DT_N_SELF)
		v = dt_var_lookup(pcb, l->n_str, DT_V_THREAD);
	if (!v || !v->v_dim)
		return l ? dt_resolve_node(pcb, l, false) : 0;
	n->n_kind = DT_N_INT;
	n->n_int = (int64_t)(v->v_dim * dt_fold_sizeof(pcb, &v->v_type));
	n->n_type = dt_type_ulong;
	dt_node_free(l);
	n->n_left = NULL;
	return 0;
}

/* xlate<T>(e)->m: the translator's expression for m, resolved within it. */
static int dt_resolve_xlate(struct dt_pcb *pcb, struct dt_node *n, bool lhs)
{
	struct dt_xlframe f;
	int rc;

	if (dt_xlate_member(pcb, n, &f))
		return -1;
	pcb->pcb_xlating = &f;
	rc = dt_resolve_node(pcb, n, lhs);
	pcb->pcb_xlating = f.xf_up;
	return rc;
}

static int dt_resolve_node(struct dt_pcb *pcb, struct dt_node *n, bool lhs)
{
	if (n->n_xlin)
		return dt_xlate_resolve_input(pcb, n, dt_resolve_node, lhs);
	if (n->n_guard && dt_resolve_node(pcb, n->n_guard, false))
		return -1;
	switch (n->n_kind) {
	case DT_N_IDENT:
		return dt_resolve_ident(pcb, n, lhs);
	case DT_N_MACRO:
		return dt_resolve_macro(pcb, n, lhs);
	case DT_N_SELF:
		return dt_resolve_var(pcb, n, DT_V_THREAD, lhs, false);
	case DT_N_THIS:
		return dt_resolve_var(pcb, n, DT_V_LOCAL, lhs, false);
	case DT_N_INDEX:
		return dt_resolve_index(pcb, n, lhs);
	case DT_N_ASSIGN:
		/* the value first: "x = x + 1" does not define x */
		if (dt_resolve_node(pcb, n->n_right, false))
			return -1;
		/* x += 1 and x++ define x too, as an int starting at 0 */
		return dt_resolve_node(pcb, n->n_left, true);
	case DT_N_INCDEC:
		return dt_resolve_node(pcb, n->n_left, true);
	case DT_N_CALL: {
		/* a subroutine D's library writes in D: getf( ) */
		const struct dt_decl *d = dt_inline_lookup(pcb, n->n_str);

		if (d && d->d_call)
			return dt_resolve_inline(pcb, n, d, lhs);
		/* NULL: dt_check's */
		n->n_func = dt_func_resolve(pcb, n->n_str);
		return dt_resolve_list(pcb, n->n_args);
	}
	case DT_N_XLATE:	/* resolved as its member's translation */
		return 0;
	case DT_N_SIZEOF:
		return dt_resolve_sizeof(pcb, n);
	case DT_N_MEMBER:
		if (dt_resolve_node(pcb, n->n_left, false))
			return -1;
		if (dt_xlate_ternary(n))
			return dt_resolve_node(pcb, n, lhs);
		if (n->n_left->n_kind != DT_N_XLATE)
			return 0;
		return dt_resolve_xlate(pcb, n, lhs);
	default:
		break;
	}
	if (n->n_cond && dt_resolve_node(pcb, n->n_cond, false))
		return -1;
	if (n->n_left && dt_resolve_node(pcb, n->n_left, false))
		return -1;
	if (n->n_right && dt_resolve_node(pcb, n->n_right, false))
		return -1;
	return dt_resolve_list(pcb, n->n_args);
}

/* Declarations make their variables, typed, before any clause. */
static int dt_resolve_decls(struct dt_pcb *pcb)
{
	struct dt_decl *d;
	struct dt_var *v;
	int i;

	for (d = pcb->pcb_prog.p_decls; d; d = d->d_next) {
		/* this T a[N]: a T * to its scratch */
		struct dt_type t = d->d_dim && d->d_scope == DT_V_LOCAL ?
			dt_type_ptrto(&d->d_type) : d->d_type;

		if (d->d_inline)
			continue;
		v = dt_var_lookup(pcb, d->d_name, d->d_scope);
		if (v) {
			bool same = v->v_array == (d->d_nkeys > 0) &&
				dt_type_eq(&v->v_type, &t) &&
				v->v_nkeys == d->d_nkeys &&
				v->v_dim == d->d_dim;

			for (i = 0; same && i < d->d_nkeys; i++)
				same = dt_type_eq(&v->v_keys[i], &d->d_keys[i]);
			if (!same)
				return dt_error(pcb, &d->d_loc, "D_DECL_IDRED",
						"identifier redeclared: %s%s",
						dt_scope_prefix[d->d_scope],
						d->d_name);
			continue;
		}
		if (dt_builtin_lookup(d->d_name) && d->d_scope == DT_V_GLOBAL)
			return dt_error(pcb, &d->d_loc, "D_DECL_IDRED",
					"identifier redeclared: %s", d->d_name);
		v = dt_var_create(pcb, d->d_name, d->d_scope, d->d_nkeys > 0);
		if (!v)
			return dt_error(pcb, &d->d_loc, "D_VAR_MAX",
					"too many variables");
		v->v_type = t;
		v->v_typed = true;
		v->v_nkeys = d->d_nkeys;
		v->v_dim = d->d_dim;
		for (i = 0; i < d->d_nkeys; i++)
			v->v_keys[i] = d->d_keys[i];
	}
	return 0;
}

int dt_resolve(struct dt_pcb *pcb)
{
	struct dt_clause *c;

	if (dt_resolve_decls(pcb))
		return -1;
	/* at the end of the text, as DTrace says it */
	if (!pcb->pcb_prog.p_clauses)
		return dt_error(pcb, NULL, "D_EMPTY",
				"empty D program translation unit");
	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		pcb->pcb_clause = c;
		pcb->pcb_region = "predicate";
		if (dt_providers_pred(pcb, c))
			return -1;
		if (c->c_pred && dt_resolve_node(pcb, c->c_pred, false))
			return -1;
		pcb->pcb_region = "action list";
		if (dt_resolve_list(pcb, c->c_stmts))
			return -1;
	}
	pcb->pcb_region = NULL;
	pcb->pcb_clause = NULL;
	return 0;
}
