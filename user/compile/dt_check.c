// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 2: types.
 *
 * Gives every expression its D type with C's rules (integer promotion,
 * usual arithmetic conversions), types each variable from its first
 * assignment, and checks operands, lvalues, actions, subroutine
 * prototypes and printf( ) formats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_frontend.h"
#include "dt_ktype.h"
#include "dt_options.h"
#include "dt_printf.h"
#include "dt_types.h"

static int dt_check_node(struct dt_pcb *pcb, struct dt_node *n);

static bool dt_is_int(const struct dt_node *n)
{
	return n->n_type.kind == DT_T_INT;
}

static int dt_incompat(struct dt_pcb *pcb, struct dt_node *n,
		       const struct dt_type *l, const struct dt_type *r)
{
	return dt_error(pcb, &n->n_loc, "D_OP_INCOMPAT",
			"operands have incompatible types: \"%s\" %s \"%s\"",
			dt_type_name(l), dt_op_str(n->n_op), dt_type_name(r));
}

/* this T a[N] is no lvalue (a this-> struct is: its bytes are copied). */
static int dt_check_arrfun(struct dt_pcb *pcb, const struct dt_node *n,
			   const char *op)
{
	struct dt_type e = dt_type_deref(&n->n_var->v_type);

	return dt_error(pcb, &n->n_loc, "D_OP_ARRFUN", "operator %s may not "
			"be applied to operand of type \"%s [%u]\"", op,
			dt_type_name(&e), n->n_var->v_dim);
}

static int dt_check_lvalue(struct dt_pcb *pcb, struct dt_node *n,
			   const char *op)
{
	switch (n->n_kind) {
	case DT_N_VAR:
	case DT_N_SELF:
		return 0;
	case DT_N_THIS:
		if (!dt_var_byref(n->n_var) || !n->n_var->v_dim)
			return 0;
		return dt_check_arrfun(pcb, n, op);
	case DT_N_INDEX:
		if (n->n_left->n_kind == DT_N_VAR ||
		    n->n_left->n_kind == DT_N_SELF)
			return 0;
		break;
	default:
		break;
	}
	if (n->n_kind == DT_N_BUILTIN ||
	    (n->n_kind == DT_N_INDEX && n->n_left->n_kind == DT_N_BUILTIN))
		return dt_error(pcb, &n->n_loc, "D_OP_WRITE",
				"operator %s can only be applied to a "
				"writable variable", op);
	return dt_error(pcb, &n->n_loc, "D_OP_LVAL",
			"operator %s requires modifiable lvalue as an operand",
			op);
}

/*
 * As DTrace's dt_node_is_argcompat: integers go together, a pointer takes
 * a pointer to the same type, any pointer to or from void *, and 0.
 */
static bool dt_assign_compat(const struct dt_type *to,
			     const struct dt_type *t, const struct dt_node *r)
{
	if (to->kind != DT_T_INT || (!to->ptr && !t->ptr))
		return true;
	if (!t->ptr)
		return r && r->n_kind == DT_N_INT && r->n_int == 0;
	if (!to->ptr)
		return false;
	return (to->ptr == 1 && to->rvoid) || (t->ptr == 1 && t->rvoid) ||
		dt_type_eq(to, t);
}

/*
 * A struct a global or self-> variable holds is one entry of the
 * dynamic store, which has room for 2 x strsize bytes of value beside
 * its key (dif_dyn_chunksize( )); its size must be known.
 */
static int dt_check_souvar(struct dt_pcb *pcb, const struct dt_node *n,
			   const struct dt_var *v)
{
	uint32_t strsize = dt_pcb_strsize(pcb);
	const struct dt_sou *s = v->v_type.sou;

	if (!dt_var_souval(v))
		return 0;
	/* another language's maps print their values: not as structs */
	if (pcb->pcb_lang)
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED", "%s values "
				"of %s are not supported yet",
				dt_type_name(&v->v_type), v->v_name);
	if (!s->s_defined || !s->s_size)
		return dt_error(pcb, &n->n_loc, "D_DECL_INCOMPLETE",
				"incomplete struct/union/enum %s: %s",
				dt_type_name(&v->v_type), v->v_name);
	if (s->s_size > 2 * strsize || s->s_size > DIF_BYREF_MAX)
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED", "%s %s is %u "
				"bytes: a global or self-> variable holds at "
				"most %u (2 x strsize)",
				dt_type_name(&v->v_type), v->v_name,
				s->s_size, 2 * strsize < DIF_BYREF_MAX ?
				2 * strsize : DIF_BYREF_MAX);
	return 0;
}

/*
 * The first assignment types a variable; later ones must agree: a struct
 * takes only a struct of its own type, as in DTrace.
 */
static int dt_check_store(struct dt_pcb *pcb, struct dt_node *n,
			  struct dt_node *lhs, const struct dt_type *t)
{
	struct dt_var *v = lhs->n_kind == DT_N_INDEX ? lhs->n_left->n_var :
		lhs->n_var;

	if (t->kind == DT_T_VOID)
		return dt_error(pcb, &n->n_loc, "D_OP_VOID",
				"operator %s cannot be applied to a void "
				"value", dt_op_str(n->n_op));
	if (!v->v_typed) {
		v->v_type = *t;
		v->v_typed = true;
		lhs->n_type = *t;
		if (lhs->n_kind == DT_N_INDEX)
			lhs->n_left->n_type = *t;
		return dt_check_souvar(pcb, lhs, v);
	}
	if (v->v_type.kind != t->kind || !dt_assign_compat(&v->v_type, t,
							   n->n_right) ||
	    (t->kind == DT_T_SOU && !dt_type_eq(&v->v_type, t)))
		return dt_incompat(pcb, n, &v->v_type, t);
	return 0;
}

static int dt_check_keys(struct dt_pcb *pcb, struct dt_node *n);

/* x++ or x += e before any x = e: x is an int that starts at 0. */
static int dt_check_implicit(struct dt_pcb *pcb, struct dt_node *n,
			     struct dt_node *lhs)
{
	struct dt_var *v = lhs->n_kind == DT_N_INDEX ? lhs->n_left->n_var :
		lhs->n_var;

	if (lhs->n_kind == DT_N_INDEX && n->n_kind == DT_N_INCDEC &&
	    dt_check_keys(pcb, lhs))
		return -1;
	if (!v->v_typed) {
		v->v_type = dt_type_int;
		v->v_typed = true;
	}
	return 0;
}

/*
 * T a[N]: one integer index, within bounds when it is a constant (the
 * code checks the others at run time: dt_cg.c).
 */
static int dt_check_bounds(struct dt_pcb *pcb, struct dt_node *n,
			   struct dt_node *k, const struct dt_var *v)
{
	if (k->n_next)
		return dt_error(pcb, &n->n_loc, "D_ARR_BADREF", "%s[ ] is an "
				"array of one dimension: it takes one index",
				v->v_name);
	if (!dt_is_int(k))
		return dt_error(pcb, &k->n_loc, "D_IDX_INT", "%s[ ] index "
				"must be of integral type", v->v_name);
	if (dt_fold_list(pcb, k))
		return -1;
	if (k->n_kind == DT_N_INT &&
	    (k->n_int < 0 || (uint64_t)k->n_int >= v->v_dim))
		return dt_error(pcb, &k->n_loc, "D_ARR_BOUNDS", "index outside "
				"array bounds: %lld, max is %u",
				(long long)k->n_int, v->v_dim);
	return 0;
}

/*
 * Key #i + 1 of what: no void, and no struct, whose bytes a key would
 * need where it has only its address.
 */
int dt_check_keytype(struct dt_pcb *pcb, const struct dt_node *k, int i,
		     const char *what)
{
	if (k->n_type.kind == DT_T_VOID)
		return dt_error(pcb, &k->n_loc, "D_KEY_TYPE", "void expression "
				"may not be used as %s index: key #%d", what,
				i + 1);
	if (k->n_type.kind == DT_T_SOU)
		return dt_error(pcb, &k->n_loc, "D_UNSUPPORTED", "%s keys are "
				"not supported yet: %s index key #%d",
				dt_type_name(&k->n_type), what, i + 1);
	return 0;
}

static int dt_check_keys(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_var *v = n->n_left->n_var;
	struct dt_node *k;
	int i = 0;

	for (k = n->n_args; k; k = k->n_next, i++)
		if (dt_check_node(pcb, k) ||
		    dt_check_keytype(pcb, k, i, "associative array"))
			return -1;
	if (v->v_dim)
		return dt_check_bounds(pcb, n, n->n_args, v);
	if (!v->v_nkeys) {
		for (k = n->n_args, i = 0; k; k = k->n_next, i++) {
			v->v_keys[i] = dt_type_promote(&k->n_type);
			/* func( ) keys print as symbols (a map's too) */
			v->v_keys[i].sym = k->n_type.sym;
		}
		v->v_nkeys = i;
		return 0;
	}
	/* DTrace's words for a key signature that does not match */
	if (i != v->v_nkeys)
		return dt_error(pcb, &n->n_loc, "D_PROTO_LEN",
				"%s[ ] prototype mismatch: %d key%s passed, "
				"%d expected", v->v_name, i, i == 1 ? "" : "s",
				v->v_nkeys);
	for (k = n->n_args, i = 0; k; k = k->n_next, i++)
		if (k->n_type.kind != v->v_keys[i].kind)
			return dt_error(pcb, &k->n_loc, "D_PROTO_ARG",
					"%s[ ] key #%d is incompatible with "
					"prototype:\n\tprototype: %s\n\t"
					"      key: %s", v->v_name, i + 1,
					dt_type_name(&v->v_keys[i]),
					dt_type_name(&k->n_type));
	return 0;
}

static int dt_check_args(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a;

	for (a = n->n_args; a; a = a->n_next)
		if (dt_check_node(pcb, a))
			return -1;
	return 0;
}

static int dt_check_call(struct dt_pcb *pcb, struct dt_node *n, bool stmt);

/* trace(1) and the other actions: calls with no value (dt_compile.h). */
bool dt_is_action(const struct dt_node *n)
{
	return n->n_kind == DT_N_CALL && n->n_func &&
		(n->n_func->f_kind == DT_F_ACTION ||
		 n->n_func->f_kind == DT_F_AGGACT);
}

/*
 * An action given to a call is checked as the action it is, then is a
 * void value: the call's own check then says why it cannot take it, in
 * DTrace's words (D_PROTO_ARG, D_TRACE_VOID, D_PRINTF_ARG_TYPE).
 */
static int dt_check_callargs(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a;

	for (a = n->n_args; a; a = a->n_next) {
		if (!dt_is_action(a)) {
			if (dt_check_node(pcb, a))
				return -1;
			continue;
		}
		if (dt_check_call(pcb, a, true))
			return -1;
		a->n_type = dt_type_void;
	}
	return 0;
}

/* The argument count, then each argument: a call's value is f_ret. */
static int dt_check_proto(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_func *f = n->n_func;
	int nargs = dt_node_count(n->n_args);

	if (nargs < f->f_minargs || nargs > f->f_maxargs)
		return dt_error_nargs(pcb, &n->n_loc, n->n_str, nargs,
				      f->f_minargs, f->f_maxargs);
	if (dt_check_callargs(pcb, n))
		return -1;
	n->n_type = f->f_ret;
	return 0;
}

/*
 * The parameters of the subroutines as DTrace's prototypes name them,
 * for its messages (what is checked is only integer or string).
 */
static const char *const dt_subr_proto[DT_FN_NFUNCS][3] = {
	[DT_FN_STRLEN] = { "const char *" },
	[DT_FN_STRJOIN] = { "const char *", "const char *" },
	[DT_FN_SUBSTR] = { "const char *", "int", "int" },
	[DT_FN_INDEX] = { "const char *", "const char *", "int" },
	[DT_FN_RINDEX] = { "const char *", "const char *", "int" },
	[DT_FN_STRCHR] = { "const char *", "char" },
	[DT_FN_STRRCHR] = { "const char *", "char" },
	[DT_FN_STRSTR] = { "const char *", "const char *" },
	[DT_FN_STRTOK] = { "const char *", "const char *" },
	[DT_FN_BASENAME] = { "const char *" },
	[DT_FN_DIRNAME] = { "const char *" },
	[DT_FN_CLEANPATH] = { "const char *" },
	[DT_FN_TOUPPER] = { "const char *" },
	[DT_FN_TOLOWER] = { "const char *" },
	[DT_FN_LLTOSTR] = { "int64_t", "int" },
	[DT_FN_HTONS] = { "uint16_t" },
	[DT_FN_NTOHS] = { "uint16_t" },
	[DT_FN_HTONL] = { "uint32_t" },
	[DT_FN_NTOHL] = { "uint32_t" },
	[DT_FN_HTONLL] = { "uint64_t" },
	[DT_FN_NTOHLL] = { "uint64_t" },
	[DT_FN_PROGENYOF] = { "pid_t" },
	[DT_FN_COPYINSTR] = { "uintptr_t", "size_t" },
	[DT_FN_COPYIN] = { "uintptr_t", "size_t" },
	[DT_FN_COPYINTO] = { "uintptr_t", "size_t", "void *" },
	[DT_FN_ALLOCA] = { "size_t" },
	[DT_FN_BCOPY] = { "void *", "void *", "size_t" },
	[DT_FN_INET_NTOA] = { "ipaddr_t *" },
	[DT_FN_INET_NTOA6] = { "in6_addr_t *" },
	[DT_FN_INET_NTOP] = { "int", "void *" },
	[DT_FN_LINK_NTOP] = { "int", "void *" },
	[DT_FN_COPYOUT] = { "void *", "uintptr_t", "size_t" },
	[DT_FN_COPYOUTSTR] = { "char *", "uintptr_t", "size_t" },
};

/*
 * What DTrace passes for a const char *: a string, a char * (read where
 * it points, as stringof( ) reads it), a void * or 0 (strtok(NULL, s)).
 */
static bool dt_is_strarg(const struct dt_node *a)
{
	const struct dt_type *t = &a->n_type;

	if (t->kind == DT_T_STRING)
		return true;
	if (t->kind != DT_T_INT)
		return false;
	if (!t->ptr)
		return a->n_kind == DT_N_INT && a->n_int == 0;
	return t->ptr == 1 && (t->rvoid || t->rsize == 1);
}

/* Check hooks (dt_funcs.h): any is every call without one. */
static int dt_check_any(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_func *f = n->n_func;
	struct dt_node *a;
	int i;

	if (dt_check_proto(pcb, n))
		return -1;
	if (f->f_kind == DT_F_ACTION) {
		/* stack( ) and ustack( ) want constants (dt_layout.c) */
		if (f->f_id == DT_FN_STACK || f->f_id == DT_FN_USTACK)
			return 0;
		/* speculate, commit, discard, tracemem: integers */
		for (a = n->n_args, i = 0; a; a = a->n_next, i++)
			if (!dt_is_int(a) && f->f_id == DT_FN_TRACEMEM &&
			    !i)
				return dt_error(pcb, &a->n_loc,
						"D_TRACEMEM_ADDR", "tracemem( ) "
						"argument #1 is incompatible "
						"with prototype:\n\tprototype: "
						"pointer or integer\n\t "
						"argument: %s",
						dt_type_name(&a->n_type));
			else if (!dt_is_int(a))
				return dt_error(pcb, &a->n_loc, "D_PROTO_ARG",
						"%s( ) argument #%d is "
						"incompatible with prototype:"
						"\n\tprototype: int\n\t "
						"argument: %s", n->n_str, i + 1,
						dt_type_name(&a->n_type));
		return 0;
	}
	for (a = n->n_args, i = 0; a; a = a->n_next, i++) {
		bool want_str = f->f_args[i] == 's';
		const char *proto = i < 3 && f->f_id < DT_FN_NFUNCS ?
			dt_subr_proto[f->f_id][i] : NULL;

		if (!proto)
			proto = want_str ? "string" : "int";
		if ((want_str && !dt_is_strarg(a)) ||
		    (!want_str && a->n_type.kind != DT_T_INT))
			return dt_error(pcb, &a->n_loc, "D_PROTO_ARG",
					"%s( ) argument #%d is incompatible "
					"with prototype:\n\tprototype: %s\n\t"
					" argument: %s", n->n_str, i + 1, proto,
					dt_type_name(&a->n_type));
	}
	return 0;
}

/*
 * mutex_*( ) and rw_*( ): DTrace's kmutex_t * and krwlock_t * are
 * Linux's struct mutex * and struct rw_semaphore *. An integer or a
 * void * is taken as the lock's address; a pointer to anything else is
 * the prototype mismatch DTrace reports. mutex_owner( ) is the owner's
 * struct task_struct *, as curthread, where there are kernel types.
 */
static int dt_check_lock(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_node *a = n->n_args;
	const char *proto;

	if (dt_check_proto(pcb, n))
		return -1;
	proto = n->n_func->f_id == DT_FN_RW_READ_HELD ||
		n->n_func->f_id == DT_FN_RW_WRITE_HELD ||
		n->n_func->f_id == DT_FN_RW_ISWRITER ?
		"struct rw_semaphore *" : "struct mutex *";
	if (a->n_type.kind != DT_T_INT ||
	    (a->n_type.ptr && !a->n_type.rvoid &&
	     strcmp(dt_type_name(&a->n_type), proto)))
		return dt_error(pcb, &a->n_loc, "D_PROTO_ARG",
				"%s( ) argument #1 is incompatible with "
				"prototype:\n\tprototype: %s\n\t argument: %s",
				n->n_str, proto, dt_type_name(&a->n_type));
	if (n->n_func->f_id == DT_FN_MUTEX_OWNER)
		dt_ktype_curthread(pcb, &n->n_type);
	return 0;
}

/*
 * sym( ), func( ), mod( ) and the user ones (ufunc( ), ...): the address
 * itself, printed as a symbol.
 */
static int dt_check_sym(struct dt_pcb *pcb, struct dt_node *n)
{
	static const uint8_t sym[] = {
		[DT_FN_SYM] = DT_SYM_SYM, [DT_FN_FUNC] = DT_SYM_FUNC,
		[DT_FN_MOD] = DT_SYM_MOD, [DT_FN_UADDR] = DT_SYM_UADDR,
		[DT_FN_UFUNC] = DT_SYM_UFUNC, [DT_FN_UMOD] = DT_SYM_UMOD,
		[DT_FN_USYM] = DT_SYM_USYMBOL,
	};

	if (dt_check_proto(pcb, n))
		return -1;
	if (!dt_is_int(n->n_args))
		return dt_error(pcb, &n->n_args->n_loc, "D_PROTO_ARG",
				"%s( ) argument #1 is incompatible with "
				"prototype:\n\tprototype: uintptr_t\n\t"
				" argument: %s", n->n_str,
				dt_type_name(&n->n_args->n_type));
	n->n_type.sym = sym[n->n_func->f_id];
	return 0;
}

/*
 * printf("%d", @a): DTrace types @a "aggregation" for the conversion
 * that takes it, before the aggregation's own misuse (D_AGG_SCALAR).
 */
static int dt_printf_aggs(struct dt_pcb *pcb, const struct dt_node *n)
{
	const struct dt_pfseg *s;
	const struct dt_node *a;
	struct dt_pfmt *pf;
	char err[512];
	int conv, i, rc = 0;
	bool star;

	pf = dt_pfmt_parse(n->n_args->n_str, err, sizeof(err));
	if (!pf)
		return 0;	/* dt_check_printf( ) says why */
	for (a = n->n_args->n_next, i = 0; a && !rc; a = a->n_next, i++)
		if (a->n_kind == DT_N_AGG &&
		    !dt_pfmt_argconv(pf, i, &s, &conv, &star))
			rc = dt_error(pcb, &n->n_loc, star ?
				      "D_PRINTF_DYN_TYPE" : "D_PRINTF_ARG_TYPE",
				      "%s( ) argument #%d is incompatible with "
				      "conversion #%d prototype:\n\t"
				      "conversion: %%%s%s\n\t prototype: %s\n"
				      "\t  argument: aggregation", n->n_str,
				      i + 2, conv, star ? " * " : "",
				      s->ps_name, star ? "int" :
				      dt_pfmt_proto(s->ps_conv));
	dt_pfmt_free(pf);
	return rc;
}

/* printf( ), system( ): a format and what it converts (dt_funcext.h). */
int dt_check_printf(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_type types[64];
	struct dt_pfmt *pf;
	struct dt_node *a;
	char err[512];
	int rc, i;

	if (n->n_args && n->n_args->n_kind == DT_N_STR &&
	    dt_printf_aggs(pcb, n))
		return -1;
	if (dt_check_proto(pcb, n))
		return -1;
	if (n->n_args->n_kind != DT_N_STR)
		return dt_error(pcb, &n->n_args->n_loc,
				n->n_args->n_type.kind == DT_T_STRING ?
				"D_PRINTF_ARG_FMT" : "D_PROTO_ARG",
				"%s( ) argument #1 is incompatible with "
				"prototype:\n\tprototype: string%s\n\t"
				" argument: %s", n->n_str,
				n->n_args->n_type.kind == DT_T_STRING ?
				" constant" : "",
				dt_type_name(&n->n_args->n_type));
	if (!n->n_args->n_str[0])
		return dt_error(pcb, &n->n_loc, "D_PRINTF_FMT_EMPTY",
				"%s( ) format string is empty", n->n_str);
	for (a = n->n_args->n_next, i = 0; a; a = a->n_next, i++)
		types[i] = a->n_type;
	pf = dt_pfmt_parse(n->n_args->n_str, err, sizeof(err));
	if (!pf)
		return dt_error(pcb, &n->n_loc, "D_SYNTAX", "%s", err);
	rc = dt_pfmt_check(pf, n->n_str, types, i, err, sizeof(err));
	dt_pfmt_free(pf);
	if (rc)
		return dt_error(pcb, &n->n_loc, dt_pfmt_tag(rc), "%s", err);
	return 0;
}

/*
 * freopen(fmt, ...): a format, as printf( )'s, of a path; freopen("")
 * alone, the empty format printf( ) refuses, goes back to the output
 * the command started with.
 */
static int dt_check_freopen(struct dt_pcb *pcb, struct dt_node *n)
{
	if (n->n_args && n->n_args->n_kind == DT_N_STR &&
	    !n->n_args->n_str[0] && !n->n_args->n_next) {
		n->n_type = n->n_func->f_ret;
		return 0;
	}
	return dt_check_printf(pcb, n);
}

/*
 * trace( ) and print( ) of a struct or union whole record its bytes: at
 * most max (what bound names it) and a known size.
 */
static int dt_check_soubytes(struct dt_pcb *pcb, const struct dt_node *n,
			     const char *tag, uint64_t max, const char *bound)
{
	const struct dt_type *t = &n->n_args->n_type;

	if (t->kind != DT_T_SOU || t->ptr)
		return 0;
	if (!t->sou->s_defined || !t->sou->s_size)
		return dt_error(pcb, &n->n_loc, tag,
				"%s( ) of %s: its size is not known",
				n->n_str, dt_type_name(t));
	if (t->sou->s_size > max)
		return dt_error(pcb, &n->n_loc, tag,
				"%s( ) of %s: %u bytes is more than %s "
				"(%llu bytes)", n->n_str, dt_type_name(t),
				t->sou->s_size, bound,
				(unsigned long long)max);
	return 0;
}

static int dt_check_trace(struct dt_pcb *pcb, struct dt_node *n)
{
	if (n->n_args && n->n_args->n_kind == DT_N_AGG && !n->n_args->n_next)
		return dt_error(pcb, &n->n_args->n_loc, "D_TRACE_AGG",
				"trace( ) may not be applied to an "
				"aggregation");
	if (dt_check_proto(pcb, n))
		return -1;
	if (n->n_args->n_type.kind == DT_T_VOID)
		return dt_error(pcb, &n->n_loc, "D_TRACE_VOID",
				"trace( ) may not be applied to a void "
				"expression");
	return dt_check_soubytes(pcb, n, "D_TRACE_SIZE", DTRACE_RECSIZE_MAX,
				 "a record holds");
}

/*
 * print(e): a value with a type to print it by; a struct or union whole
 * (its bytes are recorded: at most printsize, if set, or a record's).
 */
static int dt_check_print(struct dt_pcb *pcb, struct dt_node *n)
{
	bool psize = pcb->pcb_opts && pcb->pcb_opts->o_printsize;

	if (n->n_args && n->n_args->n_kind == DT_N_AGG && !n->n_args->n_next)
		return dt_error(pcb, &n->n_args->n_loc, "D_PRINT_AGG",
				"print( ) may not be applied to an "
				"aggregation");
	if (dt_check_proto(pcb, n))
		return -1;
	if (n->n_args->n_type.kind == DT_T_VOID)
		return dt_error(pcb, &n->n_loc, "D_PRINT_VOID",
				"print( ) may not be applied to a void "
				"expression");
	return dt_check_soubytes(pcb, n, "D_PRINT_SIZE", psize ?
				 pcb->pcb_opts->o_printsize :
				 DTRACE_RECSIZE_MAX, psize ? "printsize" :
				 "a record holds");
}

static int dt_check_setopt(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a;
	int i;

	if (dt_check_proto(pcb, n))
		return -1;
	for (a = n->n_args, i = 0; a; a = a->n_next, i++)
		if (a->n_kind != DT_N_STR)
			return dt_error(pcb, &a->n_loc, "D_PROTO_ARG",
					"setopt( ) argument #%d is "
					"incompatible with prototype:\n\t"
					"prototype: string constant\n\t "
					"argument: %s", i + 1,
					dt_type_name(&a->n_type));
	return 0;
}

static int dt_check_exit(struct dt_pcb *pcb, struct dt_node *n)
{
	if (dt_check_proto(pcb, n))
		return -1;
	if (!dt_is_int(n->n_args))
		return dt_error(pcb, &n->n_loc, "D_PROTO_ARG",
				"exit( ) argument #1 is incompatible with "
				"prototype:\n\tprototype: int\n\t argument: "
				"%s", dt_type_name(&n->n_args->n_type));
	return 0;
}

#define DT_CHECK_HOOK(id, name, kind, lo, hi, ret, args, code, check, ...) \
	[DT_FN_##id] = dt_check_##check,

static int (*const dt_check_hooks[])(struct dt_pcb *, struct dt_node *) = {
	DT_FUNCS(DT_CHECK_HOOK)
};

/* name( ) of no function: a variable's name is DTrace's D_FUNC_IDKIND. */
static int dt_check_nofunc(struct dt_pcb *pcb, const struct dt_node *n)
{
	const struct dt_var *v;

	for (v = pcb->pcb_prog.p_vars; v; v = v->v_next)
		if (v->v_scope == DT_V_GLOBAL && !strcmp(v->v_name, n->n_str))
			break;
	if (v || dt_builtin_lookup(n->n_str))
		return dt_error(pcb, &n->n_loc, "D_FUNC_IDKIND", "%s '%s' may "
				"not be referenced as a function", v &&
				v->v_array ? "associative array" : "scalar",
				n->n_str);
	return dt_error(pcb, &n->n_loc, "D_FUNC_UNDEF",
			"undefined function name: %s", n->n_str);
}

static int dt_check_call(struct dt_pcb *pcb, struct dt_node *n, bool stmt)
{
	int (*check)(struct dt_pcb *pcb, struct dt_node *n);
	const struct dt_func *f = n->n_func;
	const struct dt_funcext *x;
	struct dt_node *a;

	if (!f)
		return dt_check_nofunc(pcb, n);
	switch (f->f_kind) {
	case DT_F_AGG:
		return dt_error(pcb, &n->n_loc, "D_CG_EXPR",
				"aggregating function %s( ) may not be called "
				"from a D expression (D program context "
				"required)", n->n_str);
	case DT_F_UNSUPP:
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED",
				"%s( ) is not supported yet", n->n_str);
	case DT_F_ACTION:
	case DT_F_AGGACT:
		if (!stmt)
			return dt_error(pcb, &n->n_loc, "D_CG_EXPR",
					"tracing function %s( ) may not be "
					"called from a D expression (D program "
					"context required)", n->n_str);
		break;
	case DT_F_SUBR:
		break;
	}
	/* a front end's function: its own hook, or any's */
	x = dt_funcext(f);
	check = !x ? dt_check_hooks[f->f_id] : x->fx_check ? x->fx_check :
		dt_check_any;
	if (check(pcb, n))
		return -1;
	/* a call that took an action as a value: never compiled */
	for (a = n->n_args; a; a = a->n_next)
		if (dt_is_action(a))
			return dt_error(pcb, &a->n_loc, "D_CG_EXPR",
					"tracing function %s( ) may not be "
					"called from a D expression (D program "
					"context required)", a->n_str);
	return 0;
}

/* DTrace types @a in an expression as "aggregation": + - and compares. */
static bool dt_agg_operand(enum dt_op op)
{
	return op == DT_OP_ADD || op == DT_OP_SUB ||
	       (op >= DT_OP_EQ && op <= DT_OP_GE);
}

static int dt_agg_incompat(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left, *r = n->n_right;

	if ((l->n_kind != DT_N_AGG && dt_check_node(pcb, l)) ||
	    (r->n_kind != DT_N_AGG && dt_check_node(pcb, r)))
		return -1;
	return dt_error(pcb, &n->n_loc, "D_OP_INCOMPAT",
			"operands have incompatible types: \"%s\" %s \"%s\"",
			l->n_kind == DT_N_AGG ? "aggregation" :
			dt_type_name(&l->n_type), dt_op_str(n->n_op),
			r->n_kind == DT_N_AGG ? "aggregation" :
			dt_type_name(&r->n_type));
}

/* A void * moves by nothing DTrace knows: no ++, no += on it. */
static bool dt_is_vfptr(const struct dt_type *t)
{
	return t->ptr == 1 && t->rvoid;
}

/* x op= y, in DTrace's words; x is checked. */
static int dt_check_opassign(struct dt_pcb *pcb, const struct dt_node *n)
{
	const struct dt_node *l = n->n_left, *r = n->n_right;
	char op[8];

	snprintf(op, sizeof(op), "%s=", dt_op_str(n->n_op));
	if (n->n_op != DT_OP_ADD && n->n_op != DT_OP_SUB) {
		if (dt_is_int(l) && dt_is_int(r) && !l->n_type.ptr &&
		    !r->n_type.ptr)
			return 0;
		return dt_error(pcb, &n->n_loc, n->n_op == DT_OP_MUL ||
				n->n_op == DT_OP_DIV ? "D_OP_ARITH" :
				"D_OP_INT", "operator %s requires operands of "
				"%s type", op, n->n_op == DT_OP_MUL ||
				n->n_op == DT_OP_DIV ? "arithmetic" :
				"integral");
	}
	if (l->n_type.kind == DT_T_STRING || r->n_type.kind == DT_T_STRING ||
	    !dt_is_int(l) || !dt_is_int(r))
		return dt_error(pcb, &n->n_loc, "D_OP_INCOMPAT",
				"operands have incompatible types: \"%s\" %s "
				"\"%s\"", dt_type_name(&l->n_type), op,
				dt_type_name(&r->n_type));
	if (dt_is_vfptr(&l->n_type) || dt_is_vfptr(&r->n_type))
		return dt_error(pcb, &n->n_loc, "D_OP_VFPTR", "operator %s "
				"requires left-hand scalar operand of known "
				"size", op);
	if (r->n_type.ptr)
		return dt_error(pcb, &n->n_loc, "D_OP_INCOMPAT",
				"operands have incompatible types: \"%s\" %s "
				"\"%s\"", dt_type_name(&l->n_type), op,
				dt_type_name(&r->n_type));
	return 0;
}

/* + - * / want arithmetic operands, the others integral ones. */
static int dt_op_types(struct dt_pcb *pcb, const struct dt_node *n)
{
	bool arith = n->n_op == DT_OP_ADD || n->n_op == DT_OP_SUB ||
		n->n_op == DT_OP_MUL || n->n_op == DT_OP_DIV;

	return dt_error(pcb, &n->n_loc, arith ? "D_OP_ARITH" : "D_OP_INT",
			"operator %s requires operands of %s type",
			dt_op_str(n->n_op), arith ? "arithmetic" : "integral");
}

static int dt_check_binary(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left, *r = n->n_right;

	if ((l->n_kind == DT_N_AGG || r->n_kind == DT_N_AGG) &&
	    dt_agg_operand(n->n_op))
		return dt_agg_incompat(pcb, n);
	if ((l->n_kind != DT_N_AGG && dt_check_node(pcb, l)) ||
	    (r->n_kind != DT_N_AGG && dt_check_node(pcb, r)))
		return -1;
	/* @a * 2: no arithmetic on an aggregation, in DTrace's words */
	if (l->n_kind == DT_N_AGG || r->n_kind == DT_N_AGG)
		return dt_op_types(pcb, n);
	switch (n->n_op) {
	case DT_OP_EQ: case DT_OP_NE: case DT_OP_LT: case DT_OP_LE:
	case DT_OP_GT: case DT_OP_GE:
		if (l->n_type.kind == DT_T_VOID ||
		    l->n_type.kind != r->n_type.kind ||
		    (l->n_type.kind == DT_T_SOU &&
		     !dt_type_eq(&l->n_type, &r->n_type)))
			return dt_incompat(pcb, n, &l->n_type, &r->n_type);
		n->n_type = dt_type_int;
		return 0;
	default:
		break;
	}
	if (!dt_is_int(l) || !dt_is_int(r))
		return dt_op_types(pcb, n);
	if ((n->n_op == DT_OP_ADD || n->n_op == DT_OP_SUB) &&
	    (l->n_type.ptr || r->n_type.ptr)) {
		/* a void * has no element size to move by */
		if (dt_is_vfptr(&l->n_type) || dt_is_vfptr(&r->n_type))
			return dt_incompat(pcb, n, &l->n_type, &r->n_type);
		if (l->n_type.ptr && r->n_type.ptr &&
		    (n->n_op == DT_OP_ADD ||
		     !dt_type_eq(&l->n_type, &r->n_type)))
			return dt_incompat(pcb, n, &l->n_type, &r->n_type);
		if (r->n_type.ptr && !l->n_type.ptr && n->n_op == DT_OP_SUB)
			return dt_incompat(pcb, n, &l->n_type, &r->n_type);
		n->n_type = l->n_type.ptr && r->n_type.ptr ? dt_type_long :
			l->n_type.ptr ? l->n_type : r->n_type;
		return 0;
	}
	if (n->n_op == DT_OP_SHL || n->n_op == DT_OP_SHR)
		n->n_type = dt_type_promote(&l->n_type);
	else
		n->n_type = dt_type_arith(&l->n_type, &r->n_type);
	return 0;
}

/* p[i] is *(p + i): rewrite the node in place once p's type is known. */
static int dt_check_ptrindex(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left;

	if (dt_check_node(pcb, l))
		return -1;
	/* a char array read as a string is still an array: comm[0] */
	if (l->n_kind == DT_N_MEMBER && l->n_type.kind == DT_T_STRING &&
	    l->n_builtin > 0) {
		l->n_op = DT_OP_ADDROF;
		l->n_type = dt_type_ptrto(&dt_type_char);
	}
	if (!l->n_type.ptr)
		return dt_error(pcb, &n->n_loc, "D_IDX_SCALAR", "operator [ ] "
				"requires an array, a pointer or an "
				"associative array: \"%s\" is none",
				dt_type_name(&l->n_type));
	n->n_left = dt_node_op(DT_N_BINARY, DT_OP_ADD, l, n->n_args,
			       &n->n_loc);
	/* this T a[N]: its bounds are checked with the sum */
	if (l->n_kind == DT_N_THIS && l->n_var->v_dim)
		n->n_left->n_var = l->n_var;
	n->n_args = NULL;
	n->n_kind = DT_N_UNARY;
	n->n_op = DT_OP_DEREF;
	n->n_post = false;
	return 0;
}

/* s.m and p->m, of a struct the script declares or the kernel's. */
static int dt_check_member(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left;
	struct dt_member m;
	struct dt_type kt;

	if (dt_check_node(pcb, l))
		return -1;
	if (!n->n_post && l->n_type.ptr == 1 && l->n_type.sou &&
	    pcb->pcb_fe && dt_frontend(pcb)->fe_dotptr)
		n->n_post = true;
	/* curthread is an integer when there are no kernel types: why */
	if (n->n_post && l->n_kind == DT_N_BUILTIN &&
	    l->n_builtin == DIF_VAR_CURTHREAD && !l->n_type.ptr &&
	    dt_sou_type(pcb, "task_struct", false, &l->n_loc, &kt))
		return -1;
	if (n->n_post && !(l->n_type.ptr == 1 && l->n_type.sou))
		return dt_error(pcb, &n->n_loc, "D_OP_SOU", "operator -> "
				"cannot be applied to type \"%s\": it needs a "
				"pointer to a struct or union",
				dt_type_name(&l->n_type));
	if (!n->n_post && l->n_type.kind != DT_T_SOU)
		return dt_error(pcb, &n->n_loc, "D_OP_SOU", "operator . "
				"cannot be applied to type \"%s\": it needs a "
				"struct or union%s", dt_type_name(&l->n_type),
				l->n_type.ptr == 1 && l->n_type.sou ?
				" (use ->)" : "");
	if (!l->n_type.sou->s_defined)
		return dt_error(pcb, &n->n_loc, "D_OP_INCOMPLETE", "%s is "
				"declared but not defined: it has no members",
				dt_type_name(&l->n_type));
	if (dt_sou_member_get(pcb, l->n_type.sou, n->n_str, &n->n_loc, &m))
		return -1;
	n->n_int = m.m_off;
	n->n_builtin = (int)m.m_nelems;
	n->n_bitoff = m.m_bitoff;
	n->n_bitsize = m.m_bitsize;
	/* an array is the address of its first element */
	n->n_type = m.m_nelems ? dt_type_ptrto(&m.m_type) : m.m_type;
	if (m.m_str && n->n_op != DT_OP_ADDROF) {
		/* a string in place, its address; -1: __data_loc */
		n->n_type = dt_type_string;
		n->n_builtin = m.m_str == DT_MSTR_LOC ? -1 : (int)m.m_nelems;
	}
	return 0;
}

static int dt_check_unary(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left;

	if (dt_check_node(pcb, l))
		return -1;
	if (n->n_op == DT_OP_DEREF) {
		if (!l->n_type.ptr)
			return dt_error(pcb, &n->n_loc, "D_DEREF_NONPTR",
					"cannot dereference non-pointer type");
		if (l->n_type.ptr == 1 && l->n_type.rvoid)
			return dt_error(pcb, &n->n_loc, "D_DEREF_VOID",
					"cannot dereference pointer to void");
		n->n_type = dt_type_deref(&l->n_type);
		return 0;
	}
	if (n->n_op == DT_OP_ADDROF) {
		/* &*p is p; D variables have no address, as in DTrace */
		if (l->n_kind == DT_N_UNARY && l->n_op == DT_OP_DEREF) {
			n->n_type = l->n_left->n_type;
			return 0;
		}
		if (l->n_kind == DT_N_MEMBER && l->n_bitsize)
			return dt_error(pcb, &n->n_loc, "D_ADDROF_BITFIELD",
					"cannot take address of bit-field");
		if (l->n_kind == DT_N_MEMBER) {
			/* an array member already is its address */
			n->n_type = l->n_builtin ? l->n_type :
				dt_type_ptrto(&l->n_type);
			return 0;
		}
		if (l->n_kind == DT_N_VAR || l->n_kind == DT_N_SELF ||
		    l->n_kind == DT_N_THIS || l->n_kind == DT_N_INDEX)
			return dt_error(pcb, &n->n_loc, "D_ADDROF_VAR",
					"cannot take address of dynamic "
					"variable");
		return dt_error(pcb, &n->n_loc, "D_ADDROF_LVAL",
				"unary & operator requires an lvalue as "
				"operand");
	}
	if (!dt_is_int(l))
		return dt_error(pcb, &n->n_loc, "D_OP_SCALAR",
				"operator %s requires an operand of %s type",
				dt_op_str(n->n_op), n->n_op == DT_OP_BNOT ?
				"integral" : n->n_op == DT_OP_LNOT ?
				"scalar" : "arithmetic");
	n->n_type = n->n_op == DT_OP_LNOT ? dt_type_int :
		dt_type_promote(&l->n_type);
	return 0;
}

/* *p = v: stores go to scratch (alloca) only; the module checks it. */
static int dt_check_ptrstore(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left, *r = n->n_right;

	if (n->n_op != DT_OP_SET)
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED",
				"operator %s= through a pointer is not "
				"supported yet", dt_op_str(n->n_op));
	if (dt_check_node(pcb, r) || dt_check_node(pcb, l))
		return -1;
	if (l->n_type.kind == DT_T_SOU ||
	    (l->n_kind == DT_N_MEMBER && l->n_builtin))
		return dt_error(pcb, &n->n_loc, "D_OP_LVAL", "operator = "
				"requires modifiable lvalue as an operand");
	if (!dt_is_int(r))
		return dt_incompat(pcb, n, &l->n_type, &r->n_type);
	n->n_type = l->n_type;
	return 0;
}

static int dt_check_node(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left, *r = n->n_right;

	switch (n->n_kind) {
	case DT_N_INT:
	case DT_N_BUILTIN:
		return 0;
	case DT_N_STR:
		n->n_type = dt_type_string;
		return 0;
	case DT_N_VAR:
	case DT_N_SELF:
	case DT_N_THIS:
		if (!n->n_var->v_typed)
			return dt_error(pcb, &n->n_loc, "D_IDENT_UNDEF",
					"failed to resolve %s%s: Unknown "
					"variable name", n->n_kind == DT_N_SELF ?
					"self->" : n->n_kind == DT_N_THIS ?
					"this->" : "", n->n_var->v_name);
		n->n_type = n->n_var->v_type;
		return dt_check_souvar(pcb, n, n->n_var);
	case DT_N_INDEX:
		if (n->n_post)
			return dt_check_ptrindex(pcb, n) ? -1 :
				dt_check_node(pcb, n);
		if (l->n_kind == DT_N_AGG)
			return dt_check_node(pcb, l);	/* the error */
		if (l->n_kind == DT_N_BUILTIN) {
			if (dt_check_args(pcb, n))
				return -1;
			if (!dt_is_int(n->n_args))
				return dt_error(pcb, &n->n_args->n_loc,
						"D_IDX_INT", "%s[ ] index must "
						"be of integral type",
						l->n_builtin == DIF_VAR_ARGS ?
						"args" : "uregs");
			n->n_type = l->n_type;
			return 0;
		}
		if (dt_check_keys(pcb, n))
			return -1;
		if (!l->n_var->v_typed)
			return dt_error(pcb, &n->n_loc, "D_IDENT_UNDEF",
					"failed to resolve %s%s: Unknown "
					"variable name", l->n_kind == DT_N_SELF ?
					"self->" : "", l->n_var->v_name);
		n->n_type = l->n_var->v_type;
		return dt_check_souvar(pcb, n, l->n_var);
	case DT_N_CALL:
		return dt_check_call(pcb, n, false);
	case DT_N_UNARY:
		return dt_check_unary(pcb, n);
	case DT_N_MEMBER:
		return dt_check_member(pcb, n);
	case DT_N_XLATE:
		return dt_error(pcb, &n->n_loc, "D_XLATE_SOU", "xlate<%s> "
				"must be followed by -> or . and a member: a "
				"whole translated struct is not supported",
				dt_type_name(&n->n_ctype));
	case DT_N_BINARY:
		if (dt_check_binary(pcb, n))
			return -1;
		/* this->a[i] as this->a + i: i within a's bounds */
		return n->n_var ? dt_check_bounds(pcb, n, r, n->n_var) : 0;
	case DT_N_LOGICAL:
		if (dt_check_node(pcb, l) || dt_check_node(pcb, r))
			return -1;
		if (!dt_is_int(l) || !dt_is_int(r))
			return dt_error(pcb, &n->n_loc, "D_OP_SCALAR",
					"operator %s requires operands of "
					"scalar type", dt_op_str(n->n_op));
		n->n_type = dt_type_int;
		return 0;
	case DT_N_TERNARY:
		if (dt_check_node(pcb, n->n_cond) || dt_check_node(pcb, l) ||
		    dt_check_node(pcb, r))
			return -1;
		if (!dt_is_int(n->n_cond))
			return dt_error(pcb, &n->n_cond->n_loc, "D_OP_SCALAR",
					"operator ?: requires a scalar first "
					"operand");
		if (l->n_type.kind != r->n_type.kind ||
		    l->n_type.kind == DT_T_VOID)
			return dt_error(pcb, &n->n_loc, "D_OP_INCOMPAT",
					"operator ?: operands must have "
					"compatible types");
		n->n_type = l->n_type.ptr && dt_type_eq(&l->n_type, &r->n_type) ?
			l->n_type : dt_is_int(l) ?
			dt_type_arith(&l->n_type, &r->n_type) : l->n_type;
		return 0;
	case DT_N_ASSIGN: {
		char op[8];

		if (l->n_kind == DT_N_INDEX && l->n_post &&
		    dt_check_ptrindex(pcb, l))
			return -1;
		if ((l->n_kind == DT_N_UNARY && l->n_op == DT_OP_DEREF) ||
		    l->n_kind == DT_N_MEMBER)
			return dt_check_ptrstore(pcb, n);
		snprintf(op, sizeof(op), "%s=", n->n_op == DT_OP_SET ? "" :
			 dt_op_str(n->n_op));
		if (dt_check_node(pcb, r) || dt_check_lvalue(pcb, l, op))
			return -1;
		if (l->n_kind == DT_N_INDEX && dt_check_keys(pcb, l))
			return -1;
		if (n->n_op == DT_OP_SET) {
			if (dt_check_store(pcb, n, l, &r->n_type))
				return -1;
		} else if (dt_check_implicit(pcb, n, l) ||
			   dt_check_node(pcb, l)) {
			return -1;
		} else if (dt_check_opassign(pcb, n)) {
			return -1;
		}
		n->n_type = l->n_kind == DT_N_INDEX ?
			l->n_left->n_var->v_type : l->n_var->v_type;
		l->n_type = n->n_type;
		return 0;
	}
	case DT_N_INCDEC:
		if (dt_check_lvalue(pcb, l, dt_op_str(n->n_op)) ||
		    dt_check_implicit(pcb, n, l) || dt_check_node(pcb, l))
			return -1;
		if (!dt_is_int(l))
			return dt_error(pcb, &n->n_loc, "D_OP_SCALAR",
					"operator %s requires an operand of "
					"scalar type", dt_op_str(n->n_op));
		if (dt_is_vfptr(&l->n_type))
			return dt_error(pcb, &n->n_loc, "D_OP_VFPTR",
					"operator %s requires an operand of "
					"known size", dt_op_str(n->n_op));
		n->n_type = l->n_type;
		return 0;
	case DT_N_CAST:
		if (n->n_post && dt_is_action(l)) {
			/* stringof(trace(1)): DTrace's words for a void */
			if (dt_check_call(pcb, l, true))
				return -1;
			return dt_error(pcb, &n->n_loc, "D_STRINGOF_TYPE",
					"cannot apply stringof to a value of "
					"type void");
		}
		if (dt_check_node(pcb, l))
			return -1;
		if (n->n_post && l->n_type.kind == DT_T_INT) {
			n->n_type = n->n_ctype;		/* stringof */
			return 0;
		}
		if (n->n_ctype.kind == DT_T_VOID ||
		    n->n_ctype.kind != l->n_type.kind)
			return dt_error(pcb, &n->n_loc, "D_CAST_INVAL",
					"invalid cast expression: \"%s\" to "
					"\"%s\"", dt_type_name(&l->n_type),
					dt_type_name(&n->n_ctype));
		n->n_type = n->n_ctype;
		return 0;
	case DT_N_SIZEOF:
		if (l) {
			if (dt_check_node(pcb, l))
				return -1;
			n->n_ctype = l->n_type;
			if (l->n_kind == DT_N_MEMBER && l->n_bitsize)
				return dt_error(pcb, &n->n_loc,
						"D_SIZEOF_BITFIELD", "cannot "
						"apply sizeof to a bit-field");
			if (l->n_kind == DT_N_THIS && l->n_var->v_dim) {
				/* this T a[N]: all of it, as C's sizeof */
				const struct dt_type e =
					dt_type_deref(&l->n_type);

				n->n_kind = DT_N_INT;
				n->n_int = (int64_t)l->n_var->v_dim *
					dt_type_size(&e);
				n->n_type = dt_type_ulong;
				dt_node_free(l);
				n->n_left = NULL;
				return 0;
			}
			if (l->n_kind == DT_N_MEMBER && l->n_builtin > 0) {
				/* an array member: all of its elements */
				const struct dt_type e =
					dt_type_deref(&l->n_type);

				n->n_kind = DT_N_INT;
				n->n_int = l->n_builtin;
				if (l->n_type.kind != DT_T_STRING)
					n->n_int *= dt_type_size(&e);
				n->n_type = dt_type_ulong;
				dt_node_free(l);
				n->n_left = NULL;
				return 0;
			}
		}
		if (n->n_ctype.kind == DT_T_VOID)
			return dt_error(pcb, &n->n_loc, "D_SIZEOF_TYPE",
					"sizeof operator cannot be applied to "
					"a void type");
		n->n_type = dt_type_ulong;
		return 0;
	case DT_N_AGG:
		return dt_error(pcb, &n->n_loc, "D_AGG_SCALAR",
				"@%s: an aggregation may only be assigned or "
				"given to printa( ), clear( ), trunc( ), "
				"normalize( ) or denormalize( )", n->n_str);
	default:
		return dt_error(pcb, &n->n_loc, "D_UNSUPPORTED",
				"this expression is not supported yet");
	}
}

int dt_check_expr(struct dt_pcb *pcb, struct dt_node *n)
{
	return dt_check_node(pcb, n);
}

static int dt_check_stmt(struct dt_pcb *pcb, struct dt_node *n)
{
	if (n->n_guard && dt_check_node(pcb, n->n_guard))
		return -1;
	if (dt_check_aggmdim(pcb, n))
		return -1;
	if (n->n_kind == DT_N_ASSIGN && (n->n_left->n_kind == DT_N_AGG ||
	    (n->n_left->n_kind == DT_N_INDEX &&
	     n->n_left->n_left->n_kind == DT_N_AGG)))
		return dt_check_aggstmt(pcb, n);
	if (n->n_kind == DT_N_AGG || (n->n_kind == DT_N_INDEX &&
				      n->n_left->n_kind == DT_N_AGG))
		return dt_error(pcb, &n->n_loc, "D_AGG_NULL",
				"expression has null effect: @%s",
				n->n_kind == DT_N_AGG ? n->n_str :
				n->n_left->n_str);
	if (n->n_kind == DT_N_CALL)
		return dt_check_call(pcb, n, true);
	return dt_check_node(pcb, n);
}

int dt_check(struct dt_pcb *pcb)
{
	struct dt_clause *c;
	struct dt_node *s;

	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		pcb->pcb_region = "predicate";
		if (c->c_pred) {
			if (dt_check_node(pcb, c->c_pred))
				return -1;
			if (!dt_is_int(c->c_pred))
				return dt_error(pcb, &c->c_pred->n_loc,
						"D_PRED_SCALAR",
						"predicate result must be of "
						"scalar type");
		}
		pcb->pcb_region = "action list";
		for (s = c->c_stmts; s; s = s->n_next)
			if (dt_check_stmt(pcb, s))
				return -1;
		if (dt_check_spec(pcb, c->c_stmts))
			return -1;
	}
	/* printa(@a) and others before any @a = ...: now @a is known */
	pcb->pcb_region = "action list";
	pcb->pcb_agglate = true;
	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next)
		for (s = c->c_stmts; s; s = s->n_next)
			if (s->n_kind == DT_N_CALL && s->n_type.kind == DT_T_VOID &&
			    s->n_args && s->n_int == 1 &&
			    dt_check_aggact(pcb, s))
				return -1;
	pcb->pcb_region = NULL;
	return 0;
}
