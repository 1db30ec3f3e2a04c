// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's functions in D's terms (see bt_lower.c for the rest), one
 * hook per line of BT_FUNCS( ) (bt_lower.h):
 *
 *   count sum avg min max     the same; stats -> stats (or stddev),
 *                             hist -> quantize, lhist -> lquantize
 *   print(@m[, 0, div])       printa (normalize, printa, denormalize)
 *   clear(@m), zero(@m)       trunc(@m), clear(@m); of a plain map, the
 *                             consumer empties the variable (bt_mapvar.h)
 *   has_key(@m, k), len(@m)   bt_maps.c
 *   delete(@m[k])             @m[k] = 0 (a map that is a D global)
 *   str(s[, n])               %str(s) (bt_check.c), in substr( )
 *   join(argv[, sep])         a printf per element while it is not NULL,
 *                             then %join( ) of the rest (bt_more.c)
 *   time(fmt), strftime       printf's %<fmt>T of walltimestamp
 *   strncmp(a, b, n)          substr(a, 0, n) != substr(b, 0, n)
 *   kstack ustack ksym exit   stack ustack func exit(0)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_check.h"
#include "bt_lower.h"
#include "dt_error.h"
#include "dt_funcs.h"
#include "dt_rows.h"
#include "dt_types.h"

#define BT_JOIN_ARGS	16	/* elements of a printf each, as bpftrace 0.17 */

/*
 * BT_FUNCS( )' D column, DT_FN_<D>: D's function, none, or bpftrace's
 * own (X<ID>: BT_X_<ID>), numbered after the ids of D's.
 */
#define DT_FN_NONE	DT_FN_NFUNCS	/* no D function of its own */
#define BT_DX(id)	(DT_FN_EXT + 1 + (int)(id))
#define DT_FN_XSTR	BT_DX(BT_X_STR)
#define DT_FN_XNTOP	BT_DX(BT_X_NTOP)
#define DT_FN_XBSWAP	BT_DX(BT_X_BSWAP)
#define DT_FN_XCAT	BT_DX(BT_X_CAT)
#define DT_FN_XMACADDR	BT_DX(BT_X_MACADDR)

struct bt_fn {
	const char	*bf_name;
	enum bt_fid	bf_id;
	int		bf_d;	/* DT_FN_<D> */
	int		(*bf_rw)(struct bt_ctx *cx, struct dt_node *n,
				 const struct bt_fn *f);
};

static const struct bt_fn *bt_fn_lookup(const char *name);

/* The name of f's D function (or bpftrace's own). */
static const char *bt_dname(const struct bt_fn *f)
{
	if (f->bf_d > DT_FN_EXT)
		return bt_xname((enum bt_xid)(f->bf_d - BT_DX(0)));
	return dt_func_byid((enum dt_fid)f->bf_d)->f_name;
}

/* Rename a call to f's D function. */
static void bt_rename(struct dt_node *n, const struct bt_fn *f)
{
	free(n->n_str);
	n->n_str = bt_strdup(bt_dname(f));
}

/* The one map argument of print, clear, zero; 0 if it aggregates. */
static int bt_maparg(struct bt_ctx *cx, struct dt_node *n, bool print,
		     bool *agg)
{
	struct dt_node *a = n->n_args;

	if (!a || a->n_kind != DT_N_AGG || (!print && dt_node_count(a) != 1))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() expects "
				"a map argument", n->n_str);
	*agg = bt_isagg(cx, a->n_str);
	return 0;
}

/* The text of conversion #k (0-based) of a printf format: [*b, *e). */
static int bt_pfconv(const char *f, int k, const char **b, const char **e)
{
	const char *p;

	for (p = f; (p = strchr(p, '%')); ) {
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		*b = p++;
		if (*p == '<' && strchr(p, '>'))	/* %<fmt>T, made here */
			p = strchr(p, '>') + 1;
		p += strspn(p, "-+ #0123456789.hlLjzt");
		if (!*p)
			return -1;
		*e = ++p;
		if (k-- == 0)
			return 0;
	}
	return -1;
}

/*
 * printf("... %s ...", strftime(fmt, t)), its arguments rewritten: the
 * conversion becomes %<fmt>T and the value t in wall-clock time
 * (bpftrace's t is nsecs).
 */
static int bt_strftime(struct bt_ctx *cx, struct dt_node *pf)
{
	struct dt_node *a, *f = pf->n_args;
	const char *b, *e;
	char *nf;
	int k = 0;

	for (a = f ? f->n_next : NULL; a; a = a->n_next, k++) {
		struct dt_node *tf, *t, *wall;
		const char *vf = bt_strftime_fmt(cx, a);

		if (vf && f->n_kind == DT_N_STR &&
		    !bt_pfconv(f->n_str, k, &b, &e)) {
			/* a variable holding strftime( )'s value */
			nf = malloc(strlen(f->n_str) + strlen(vf) + 4);
			if (!nf)
				return dt_error(cx->pcb, &a->n_loc, "D_NOMEM",
						"out of memory");
			sprintf(nf, "%.*s%%<%s>T%s", (int)(b - f->n_str),
				f->n_str, vf, e);
			free(f->n_str);
			f->n_str = nf;
			continue;
		}
		if (!bt_iscall(a, BT_FN_STRFTIME))
			continue;
		tf = a->n_args;
		if (dt_node_count(tf) != 2 || tf->n_kind != DT_N_STR ||
		    f->n_kind != DT_N_STR || bt_pfconv(f->n_str, k, &b, &e))
			return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
					"strftime() is supported as a printf "
					"argument, with a string literal "
					"format");
		nf = malloc(strlen(f->n_str) + strlen(tf->n_str) + 4);
		if (!nf)
			return dt_error(cx->pcb, &a->n_loc, "D_NOMEM",
					"out of memory");
		sprintf(nf, "%.*s%%<%s>T%s", (int)(b - f->n_str), f->n_str,
			tf->n_str, e);
		free(f->n_str);
		f->n_str = nf;
		t = tf->n_next;
		tf->n_next = NULL;
		a->n_args = NULL;
		dt_node_free(tf);
		/* t + (walltimestamp - timestamp) */
		wall = dt_node_op(DT_N_BINARY, DT_OP_SUB,
				  bt_ident("walltimestamp", &a->n_loc),
				  bt_ident("timestamp", &a->n_loc), &a->n_loc);
		wall->n_paren = true;
		dt_node_replace(a, dt_node_op(DT_N_BINARY, DT_OP_ADD, t, wall,
					 &a->n_loc));
	}
	return 0;
}

/* count sum avg min max stats hist lhist: D's aggregating functions. */
static int bt_rw_agg(struct bt_ctx *cx, struct dt_node *n,
		     const struct bt_fn *f)
{
	int nargs = dt_node_count(n->n_args);

	if (f->bf_id == BT_FN_HIST && nargs != 1)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "hist() "
				"requires one argument (%d provided)", nargs);
	if (f->bf_id == BT_FN_LHIST && nargs != 4)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "lhist() "
				"requires 4 arguments (%d provided)", nargs);
	bt_rename(n, f);
	return bt_rwlist(cx, n->n_args);
}

static int bt_rw_same(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f);
static const struct bt_fn bt_fns[BT_FN_NFUNCS];

/*
 * print(e) of a value that is not a map: a line of it, as bpftrace
 * prints it. A stack is printf's "%s\n"; a number or a string is
 * %vprint's (bt_check.c), which chooses the conversion by its type.
 */
static int bt_print_value(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *fmt;

	if (a && bt_mapof(a))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "The map "
				"passed to print() should not be indexed by "
				"a key");
	if (dt_node_count(a) != 1)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "Non-map "
				"print() only takes 1 argument, %d found",
				dt_node_count(a));
	free(n->n_str);
	if (bt_isstack(a)) {
		n->n_str = bt_strdup("printf");
		fmt = bt_str("%s\n", &n->n_loc);
		fmt->n_next = a;
		n->n_args = fmt;
		return bt_rw_same(cx, n, &bt_fns[BT_FN_PRINTF]);
	}
	n->n_str = bt_strdup(bt_xname(BT_X_VPRINT));
	return bt_rwlist(cx, a);
}

/* print(@m), clear(@m), zero(@m): printa, trunc, clear. */
static int bt_rw_map(struct bt_ctx *cx, struct dt_node *n,
		     const struct bt_fn *f)
{
	bool print = f->bf_id == BT_FN_PRINT, isagg = false, inend;
	struct dt_node *a = n->n_args;

	if (print && a && a->n_kind != DT_N_AGG)
		return bt_print_value(cx, n);
	if (bt_maparg(cx, n, print, &isagg))
		return -1;
	if (dt_node_count(a) > 1)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"print() takes a map, 0 and a divisor "
				"here: print(@m, 0, div)");
	/*
	 * A counter prints its aggregation (bt_lower.c). In END, where
	 * clear() and zero() only keep a map from the printing at exit,
	 * they clear a counter's aggregation. A plain map's calls name
	 * the aggregation that stands for it (bt_emptyaggs( )), which the
	 * consumer reads as the variable's (bt_mapvar.c).
	 */
	inend = cx->probe->bp_kind == BT_P_END && bt_iscount(cx, a->n_str);
	if (bt_iscount(cx, a->n_str) && !print && !inend)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"%s() of a map that is not an "
				"aggregation is supported only in END",
				f->bf_name);
	if (!isagg && !bt_isassigned(cx, a->n_str))
		return dt_error(cx->pcb, &a->n_loc, "BT_MAP",
				"Undefined map: @%s", a->n_str);
	bt_rename(n, f);
	return 0;
}

bool bt_noop(const struct bt_ctx *cx, const struct dt_node *s)
{
	(void)cx;
	(void)s;
	return false;
}

/* delete(@m[k]): @m[k] = 0 (a map that is a D global). */
static int bt_rw_delete(struct bt_ctx *cx, struct dt_node *n,
			const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *m = a, *zero;
	int nargs = dt_node_count(a);

	(void)f;
	if (nargs >= 2 && a->n_kind == DT_N_AGG) {
		/* delete(@m, k, ...): newer bpftrace's spelling */
		m = dt_node_op(DT_N_INDEX, DT_OP_NONE, a, NULL, &a->n_loc);
		m->n_args = a->n_next;
		a->n_next = NULL;
		n->n_args = m;
	} else if (nargs != 1 || !bt_mapof(a)) {
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"delete() expects a map element");
	}
	if (bt_isagg(cx, bt_mapof(m)->n_str))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"delete() of an aggregation's element "
				"is not supported: use clear()");
	/*
	 * A string keeps its entry, as "" (D frees only on 0); a value
	 * whose spelling does not say (a struct's char array): %delete,
	 * which the checker decides by its type (bt_check.c).
	 */
	if (!bt_isstrmap(cx, bt_mapof(m)->n_str)) {
		if (bt_rw(cx, m))
			return -1;
		n->n_args = NULL;
		dt_node_replace(n, bt_call(bt_xname(BT_X_DELETE), m,
					   &n->n_loc));
		return 0;
	}
	n->n_args = NULL;
	zero = bt_str("", &n->n_loc);
	dt_node_replace(n, dt_node_op(DT_N_ASSIGN, DT_OP_SET, m, zero, &n->n_loc));
	return bt_rw(cx, n);
}

/* str(s[, n]): %str(s) (bt_check.c), in substr( ) for n. */
static int bt_rw_str(struct bt_ctx *cx, struct dt_node *n,
		     const struct bt_fn *f)
{
	struct dt_node *a = n->n_args;
	int nargs = dt_node_count(a);

	if (nargs < 1 || nargs > 2)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"str() requires 1 or 2 arguments (%d "
				"provided)", nargs);
	if (a->n_kind == DT_N_MACRO && nargs == 1) {
		a->n_post = true;	/* str($1): $$1 */
		n->n_args = NULL;
		dt_node_replace(n, a);
		return 0;
	}
	if (bt_rwlist(cx, a))
		return -1;
	if (nargs == 2) {
		/* str(s, n): at most n - 1 characters */
		struct dt_node *len = a->n_next, *inner;

		a->n_next = NULL;
		inner = bt_call(bt_dname(f), a, &n->n_loc);
		inner->n_next = dt_node_int(0, &dt_type_int, &n->n_loc);
		inner->n_next->n_next = dt_node_op(
			DT_N_BINARY, DT_OP_SUB, len,
			dt_node_int(1, &dt_type_int, &n->n_loc), &n->n_loc);
		n->n_args = inner;
		free(n->n_str);
		n->n_str = bt_strdup(dt_func_byid(DT_FN_SUBSTR)->f_name);
		return 0;
	}
	bt_rename(n, f);
	return 0;
}

/* kstack(...), ustack(...): stack, ustack (bt_tools.c). */
static int bt_rw_stack(struct bt_ctx *cx, struct dt_node *n,
		       const struct bt_fn *f)
{
	(void)f;
	return bt_stack(cx, n, false);
}

/* usym( ), buf( ): printf's arguments only (bt_printf_vals( )). */
static int bt_rw_printfonly(struct bt_ctx *cx, struct dt_node *n,
			    const struct bt_fn *f)
{
	return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() is supported "
			"only as a printf() argument", f->bf_name);
}

/* cat(fmt, ...): %cat, which the consumer does as it prints. */
static int bt_rw_cat(struct bt_ctx *cx, struct dt_node *n,
		     const struct bt_fn *f)
{
	if (!n->n_args || n->n_args->n_kind != DT_N_STR)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "cat() "
				"expects a string literal format");
	bt_rename(n, f);
	return bt_rwlist(cx, n->n_args);
}

/* kstack, ustack, ksym: stack, ustack, func. */
int bt_rw_renamed(struct bt_ctx *cx, struct dt_node *n,
		  const struct bt_fn *f)
{
	bt_rename(n, f);
	return bt_rwlist(cx, n->n_args);
}

/* strncmp(a, b, n), 0 when equal: substr(a, 0, n) != substr(b, 0, n) */
static int bt_rw_strncmp(struct bt_ctx *cx, struct dt_node *n,
			 const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *b, *len, *sa, *sb;
	const char *substr = bt_dname(f);
	int nargs = dt_node_count(a);

	if (nargs != 3)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"strncmp() requires 3 arguments (%d "
				"provided)", nargs);
	if (bt_rwlist(cx, a))
		return -1;
	b = a->n_next;
	len = b->n_next;
	a->n_next = b->n_next = NULL;
	n->n_args = NULL;
	sa = bt_call(substr, a, &n->n_loc);
	a->n_next = dt_node_int(0, &dt_type_int, &n->n_loc);
	a->n_next->n_next = len;
	sb = bt_call(substr, b, &n->n_loc);
	b->n_next = dt_node_int(0, &dt_type_int, &n->n_loc);
	b->n_next->n_next = dt_node_copy(len);
	dt_node_replace(n, dt_node_op(DT_N_BINARY, DT_OP_NE, sa, sb, &n->n_loc));
	return 0;
}

/* time(fmt): printf's %<fmt>T formats walltimestamp with strftime. */
static int bt_rw_time(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f)
{
	struct dt_node *a = n->n_args;
	const char *tf = !a ? "%H:%M:%S\n" : dt_node_count(a) == 1 &&
		a->n_kind == DT_N_STR ? a->n_str : NULL;
	char *fmt;

	if (!tf)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"time() expects a string literal");
	fmt = malloc(strlen(tf) + 5);
	if (!fmt)
		return dt_error(cx->pcb, &n->n_loc, "D_NOMEM",
				"out of memory");
	sprintf(fmt, "%%<%s>T", tf);
	dt_node_free(n->n_args);
	n->n_args = bt_str(fmt, &n->n_loc);
	n->n_args->n_next = bt_ident("walltimestamp", &n->n_loc);
	free(fmt);
	bt_rename(n, f);
	return 0;
}

/* The address of a kernel symbol in /proc/kallsyms, or 0. */
static uint64_t bt_kallsyms(const char *name)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], type;
	unsigned long long addr;
	uint64_t found = 0;

	if (!fp)
		return 0;
	while (!found && fgets(line, sizeof(line), fp))
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) == 3 &&
		    strcmp(sym, name) == 0)
			found = addr;
	fclose(fp);
	return found;
}

/* kaddr("sym"): the symbol's address, read when the program compiles. */
static int bt_rw_kaddr(struct bt_ctx *cx, struct dt_node *n,
		       const struct bt_fn *f)
{
	struct dt_node *a = n->n_args;
	uint64_t addr;

	(void)f;
	if (dt_node_count(a) != 1 || a->n_kind != DT_N_STR)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "kaddr() "
				"expects a string literal");
	addr = bt_kallsyms(a->n_str);
	if (!addr)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "Failed to "
				"resolve kernel symbol: %s", a->n_str);
	dt_node_replace(n, dt_node_int((int64_t)addr, &dt_type_ulong, &n->n_loc));
	return 0;
}

/* join( ) as a statement is bt_join( ); anywhere else, an error. */
static int bt_rw_join(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f)
{
	(void)f;
	return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
			"join() may only be used as a statement");
}

/* D's function of the same name; exit( ) is exit(0). */
/*
 * printf's integers through %promote (bt_check.c): an unsigned one
 * narrower than 64 bits prints as its value, as in bpftrace, where
 * D's %d reads it as signed of its size (a port of 48260 as -17276).
 */
static void bt_promote(struct dt_node *pf)
{
	struct dt_node **pa;

	for (pa = pf->n_args ? &pf->n_args->n_next : NULL; pa && *pa;
	     pa = &(*pa)->n_next) {
		struct dt_node *a = *pa, *p;

		if (a->n_kind == DT_N_STR)
			continue;
		p = bt_call(bt_xname(BT_X_PROMOTE), a, &a->n_loc);
		p->n_next = a->n_next;
		a->n_next = NULL;
		*pa = p;
	}
}

static int bt_rw_same(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f)
{
	if (f->bf_id == BT_FN_EXIT && !n->n_args)
		n->n_args = dt_node_int(0, &dt_type_int, &n->n_loc);
	/* stacks, usym( ), buf( ): values the consumer makes */
	if (f->bf_id == BT_FN_PRINTF && bt_printf_vals(cx, n))
		return -1;
	cx->inprintf = f->bf_id == BT_FN_PRINTF;
	if (bt_rwlist(cx, n->n_args)) {
		cx->inprintf = false;
		return -1;
	}
	cx->inprintf = false;
	if (f->bf_id != BT_FN_PRINTF || bt_strftime(cx, n))
		return cx->pcb->pcb_failed ? -1 : 0;
	bt_promote(n);
	return 0;
}

#define BT_FN_ENTRY(id, name, d, hook)					\
	[BT_FN_##id] = { name, BT_FN_##id, DT_FN_##d, bt_rw_##hook },

static const struct bt_fn bt_fns[] = {
	BT_FUNCS(BT_FN_ENTRY)
};

static const struct bt_fn *bt_fn_lookup(const char *name)
{
	return DT_ROW_FIND(bt_fns, name);
}

const char *bt_aggfunc(const char *name)
{
	const struct bt_fn *f = bt_fn_lookup(name);

	return f && f->bf_rw == bt_rw_agg ? bt_dname(f) : NULL;
}

bool bt_iscall(const struct dt_node *n, enum bt_fid id)
{
	const struct bt_fn *f;

	if (n->n_kind != DT_N_CALL)
		return false;
	f = bt_fn_lookup(n->n_str);
	return f && f->bf_id == id;
}

int bt_func(struct bt_ctx *cx, struct dt_node *n)
{
	const struct bt_fn *f = bt_fn_lookup(n->n_str);

	if (!f && n->n_str[0] == '%')
		return 0;	/* made by the lowering: done */
	if (!f)
		return dt_error(cx->pcb, &n->n_loc, "BT_FUNC",
				"Unknown function: %s", n->n_str);
	return f->bf_rw(cx, n, f);
}

/*
 * join(argv[, sep]) as a statement:
 *
 *   this->%jNp = argv;
 *   this->%jN0 = *(uint64 *)copyin(this->%jNp, 8);
 *   if (this->%jN0) { printf("%s", copyinstr(this->%jN0));
 *       this->%jN1 = *(uint64 *)copyin(this->%jNp + 8, 8);
 *       if (this->%jN1) { printf(" %s", ...); ... } }
 *   printf("\n");
 */
struct dt_node *bt_join(struct bt_ctx *cx, struct dt_node *call)
{
	const struct dt_loc *loc = &call->n_loc;
	struct dt_node *argv = call->n_args, *sep = argv->n_next;
	struct dt_node *out, *inner = NULL, *set, *load, *pf;
	struct dt_type pt = dt_type_ptrto(&dt_type_ulong);
	char fmt[64];
	int id = cx->njoins++, i;

	/* the separator before each argument but the first */
	snprintf(fmt, sizeof(fmt), "%s%%s", sep && sep->n_kind == DT_N_STR ?
		 sep->n_str : " ");
	argv->n_next = NULL;
	/* after the last element here, the rest in one string */
	inner = bt_join_tail(id, BT_JOIN_ARGS, sep && sep->n_kind == DT_N_STR ?
			     sep->n_str : " ", loc);
	for (i = BT_JOIN_ARGS - 1; i >= 0; i--) {
		struct dt_node *addr = bt_this("%%j%dp", id, 0, loc), *ifn;

		if (i)
			addr = dt_node_op(DT_N_BINARY, DT_OP_ADD, addr,
					  dt_node_int(8 * i, &dt_type_int,
						      loc), loc);
		addr->n_next = dt_node_int(8, &dt_type_int, loc);
		load = dt_node_op(DT_N_CAST, DT_OP_NONE,
				  bt_call("copyin", addr, loc), NULL, loc);
		load->n_ctype = pt;
		load = dt_node_op(DT_N_UNARY, DT_OP_DEREF, load, NULL, loc);
		set = dt_node_op(DT_N_ASSIGN, DT_OP_SET,
				 bt_this("%%j%d_%d", id, i, loc), load, loc);
		pf = bt_str(i ? fmt : "%s", loc);
		pf->n_next = bt_call("copyinstr",
				     bt_this("%%j%d_%d", id, i, loc), loc);
		pf = bt_call("printf", pf, loc);
		pf->n_next = inner;
		ifn = dt_node_op(DT_N_IF, DT_OP_NONE, pf, NULL, loc);
		ifn->n_cond = bt_this("%%j%d_%d", id, i, loc);
		set->n_next = ifn;
		inner = set;
	}
	out = dt_node_op(DT_N_ASSIGN, DT_OP_SET, bt_this("%%j%dp", id, 0, loc),
			 argv, loc);
	out->n_next = inner;
	pf = bt_call("printf", bt_str("\n", loc), loc);
	dt_node_append(out, pf);
	dt_node_free(sep);
	call->n_args = NULL;
	return out;
}

/*
 * print(@m, top[, div]) as trunc(@m, top) (when top is not 0), then
 * printa(@m), or normalize(@m, div); printa(@m); denormalize(@m).
 * D's trunc( ) keeps the top entries only, so the map keeps only them
 * afterwards, where bpftrace's print keeps them all.
 */
struct dt_node *bt_printdiv(struct bt_ctx *cx, struct dt_node *call)
{
	struct dt_node *m = call->n_args, *top = m->n_next;
	struct dt_node *div = top ? top->n_next : NULL, *out = NULL;
	const struct dt_loc *loc = &call->n_loc;

	if (m->n_kind != DT_N_AGG) {
		dt_error(cx->pcb, &call->n_loc, "BT_CALL", "Non-map print() "
			 "only takes 1 argument, %d found", dt_node_count(m));
		return NULL;
	}
	if (dt_node_count(m) > 3 || top->n_kind != DT_N_INT ||
	    top->n_int < 0) {
		dt_error(cx->pcb, &call->n_loc, "BT_CALL", "print() expects "
			 "an integer literal top count: print(@m, top[, "
			 "div])");
		return NULL;
	}
	/*
	 * A counter prints its aggregation (bt_lower.c); a plain map the
	 * aggregation that stands for it, whose trunc( ) and normalize( )
	 * the consumer takes as the next print's top and divisor.
	 */
	if (div && bt_rw(cx, div))
		return NULL;
	m->n_next = NULL;
	top->n_next = NULL;
	call->n_args = NULL;
	if (top->n_int) {
		struct dt_node *tm = dt_node_copy(m);

		tm->n_next = top;
		out = bt_call("trunc", tm, loc);
	} else {
		dt_node_free(top);
	}
	if (div) {
		struct dt_node *nm = dt_node_copy(m);

		nm->n_next = div;
		out = dt_node_append(out, bt_call("normalize", nm, loc));
		out = dt_node_append(out, bt_call("printa", m, loc));
		return dt_node_append(out, bt_call("denormalize",
						   dt_node_copy(m), loc));
	}
	return dt_node_append(out, bt_call("printa", m, loc));
}
