// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's functions whose meaning depends on types, which the
 * checker meets as calls of %names (these are their check hooks,
 * bt_check.h): str( ), *e, ntop( ), bswap( ), delete( ) and printf's
 * integers.
 */
#include <stdlib.h>
#include <string.h>

#include "bt_check.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_types.h"

/* The call n becomes its checked argument a, in n's place. */
static void bt_become(struct dt_node *n, struct dt_node *a)
{
	struct dt_node *next = n->n_next;

	n->n_args = NULL;
	free(n->n_str);
	*n = *a;
	n->n_next = next;
	free(a);
}

/* The call n becomes a cast of its checked argument a to t. */
static void bt_castto(struct dt_node *n, struct dt_node *a,
		      const struct dt_type *t, bool stringof)
{
	n->n_kind = DT_N_CAST;
	n->n_left = a;
	n->n_args = NULL;
	n->n_ctype = *t;
	n->n_type = *t;
	n->n_post = stringof;
}

/*
 * n becomes r, checked: r's nodes are new, n keeps its place and, as a
 * statement in an if block, its guard (dt_lower.c).
 */
static int bt_check_as(struct dt_pcb *pcb, struct dt_node *n,
		       struct dt_node *r)
{
	struct dt_node *next = n->n_next, *guard = n->n_guard;

	n->n_next = NULL;
	dt_node_free(n->n_args);
	free(n->n_str);
	*n = *r;
	n->n_next = next;
	n->n_guard = guard;
	free(r);
	return dt_check_expr(pcb, n);
}

/* The call n becomes a call of D's function id, its arguments checked. */
static int bt_callto(struct dt_pcb *pcb, struct dt_node *n, enum dt_fid id,
		     const struct dt_type *t)
{
	n->n_func = dt_func_byid(id);
	free(n->n_str);
	n->n_str = strdup(n->n_func->f_name);
	if (!n->n_str)
		return dt_error(pcb, &n->n_loc, "D_NOMEM", "out of memory");
	n->n_type = *t;
	return 0;
}

/*
 * str(s), as %str(s): a string stays as it is (comm, a tracepoint's
 * char[] field), a kernel type's char * is a kernel string, an integer
 * is a user address whose string copyinstr reads (a tracepoint's
 * const char *).
 */
int dt_check_bt_str(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args;

	if (dt_check_expr(pcb, a))
		return -1;
	if (a->n_type.kind == DT_T_STRING) {
		bt_become(n, a);
		return 0;
	}
	if (a->n_type.kind == DT_T_INT && a->n_type.ptr) {
		bt_castto(n, a, &dt_type_string, true);	/* stringof( ) */
		return 0;
	}
	if (a->n_type.kind != DT_T_INT)
		return dt_error(pcb, &n->n_loc, "BT_CALL", "str() expects an "
				"integer or a string (%s provided)",
				dt_type_name(&a->n_type));
	return bt_callto(pcb, n, DT_FN_COPYINSTR, &dt_type_string);
}

/*
 * bpftrace's *e, which the checker meets as %deref(e): a pointer loads
 * as in D; an integer (an address from kaddr( ), arithmetic on one) is
 * read as a 64-bit value, as bpftrace does: *(int64 *)e.
 */
int dt_check_bt_deref(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *d;

	if (dt_check_expr(pcb, a))
		return -1;
	n->n_args = NULL;
	if (a->n_type.kind == DT_T_INT && !a->n_type.ptr) {
		struct dt_node *c = dt_node_op(DT_N_CAST, DT_OP_NONE, a, NULL,
					       &a->n_loc);

		c->n_ctype = dt_type_ptrto(&dt_type_long);
		a = c;
	}
	d = dt_node_op(DT_N_UNARY, DT_OP_DEREF, a, NULL, &n->n_loc);
	return bt_check_as(pcb, n, d);
}

static int bt_nargs_err(struct dt_pcb *pcb, const struct dt_node *n,
			const char *what)
{
	return dt_error(pcb, &n->n_loc, "BT_CALL", "%s requires %s (%d "
			"provided)", n->n_str + 1, what,
			dt_node_count(n->n_args));
}

/* A call of D's function id, resolved (the resolver has run). */
static struct dt_node *bt_dcall(enum dt_fid id, struct dt_node *args,
				const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_CALL, loc);

	n->n_func = dt_func_byid(id);
	n->n_str = strdup(n->n_func->f_name);
	n->n_args = args;
	if (!n->n_str) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return n;
}

static struct dt_node *bt_dstr(const char *s, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_STR, loc);

	n->n_str = strdup(s);
	if (!n->n_str) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return n;
}

/*
 * print(tuple), as %tprint(elements): printf("(1, a, bash)\n") with a
 * conversion per element's type, as bpftrace prints a tuple; print(e)
 * of one value, as %vprint(e): printf("%d\n", e) or "%s\n".
 */
int dt_check_bt_tprint(struct dt_pcb *pcb, struct dt_node *n)
{
	bool tuple = n->n_func == bt_xfunc(BT_X_TPRINT);
	char fmt[256] = "(";
	struct dt_node *a, *f;
	size_t len = tuple;

	for (a = n->n_args; a; a = a->n_next) {
		const struct dt_type *t = &a->n_type;
		const char *conv;

		if (dt_check_expr(pcb, a))
			return -1;
		if (t->kind == DT_T_STRING)
			conv = "%s";
		else if (t->kind == DT_T_INT && !t->ptr && !t->sym)
			conv = t->is_signed ? "%d" : "%u";
		else
			return dt_error(pcb, &a->n_loc, "BT_CALL", "print() "
					"of %s %s is not supported",
					tuple ? "a tuple holding a" : "a",
					dt_type_name(t));
		len += (size_t)snprintf(fmt + len, sizeof(fmt) - len, "%s%s",
					a == n->n_args ? "" : ", ", conv);
	}
	snprintf(fmt + len, sizeof(fmt) - len, "%s\n", tuple ? ")" : "");
	f = bt_dstr(fmt, &n->n_loc);
	f->n_next = n->n_args;
	n->n_args = f;
	/* the elements are checked and the format fits them: printf */
	return bt_callto(pcb, n, DT_FN_PRINTF, &dt_type_void);
}

/* lltostr(v >> shift & 0xff) */
static struct dt_node *bt_ntop_byte(const struct dt_node *v, int shift)
{
	const struct dt_loc *loc = &v->n_loc;
	struct dt_node *b = dt_node_copy(v);

	if (shift)
		b = dt_node_op(DT_N_BINARY, DT_OP_SHR, b,
			       dt_node_int(shift, &dt_type_int, loc), loc);
	b = dt_node_op(DT_N_BINARY, DT_OP_AND, b,
		       dt_node_int(0xff, &dt_type_int, loc), loc);
	return bt_dcall(DT_FN_LLTOSTR, b, loc);
}

static struct dt_node *bt_strjoin2(struct dt_node *a, struct dt_node *b)
{
	a->n_next = b;
	return bt_dcall(DT_FN_STRJOIN, a, &a->n_loc);
}

/*
 * bpftrace's ntop([af, ] addr), which the checker meets as %ntop: an
 * array member of 4 or 16 bytes (skc_v6_daddr.in6_u.u6_addr8) is read
 * in place by inet_ntop(af, &a[0]); an integer is an IPv4 address as
 * it lies in memory (skc_daddr, network order), its bytes joined with
 * dots. Without af, 16 bytes are IPv6 and the rest IPv4, as bpftrace.
 */
int dt_check_bt_ntop(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *addr = a, *probe, *r;
	int nargs = dt_node_count(a), af = 0, i;
	int64_t elems;

	if (nargs < 1 || nargs > 2)
		return bt_nargs_err(pcb, n, "1 or 2 arguments");
	if (nargs == 2) {
		if (dt_check_expr(pcb, a))
			return -1;
		if (a->n_kind != DT_N_INT || (a->n_int != 2 && a->n_int != 10))
			return dt_error(pcb, &a->n_loc, "BT_CALL", "ntop() "
					"expects AF_INET or AF_INET6 as its "
					"first argument");
		af = (int)a->n_int;
		addr = a->n_next;
	}
	/* the type decides; the address is then used as written */
	probe = dt_node_copy(addr);
	if (dt_check_expr(pcb, probe)) {
		dt_node_free(probe);
		return -1;
	}
	elems = probe->n_kind == DT_N_MEMBER ? probe->n_builtin : 0;
	if (elems <= 0 && (probe->n_type.kind != DT_T_INT ||
			   probe->n_type.ptr)) {
		dt_error(pcb, &addr->n_loc, "BT_CALL", "ntop() expects an "
			 "integer or an array of 4 or 16 bytes (%s provided)",
			 dt_type_name(&probe->n_type));
		dt_node_free(probe);
		return -1;
	}
	dt_node_free(probe);
	if (!af)
		af = elems == 16 ? 10 : 2;
	if (elems > 0 && elems != (af == 10 ? 16 : 4))
		return dt_error(pcb, &addr->n_loc, "BT_CALL", "ntop() of %s "
				"expects an array of %d bytes (%d provided)",
				af == 10 ? "AF_INET6" : "AF_INET",
				af == 10 ? 16 : 4, (int)elems);
	if (elems > 0) {
		struct dt_node *e = dt_node_op(DT_N_INDEX, DT_OP_NONE,
					       dt_node_copy(addr), NULL,
					       &addr->n_loc), *p;

		e->n_args = dt_node_int(0, &dt_type_int, &addr->n_loc);
		e->n_post = true;	/* an array's element, not a key */
		p = dt_node_op(DT_N_UNARY, DT_OP_ADDROF, e, NULL,
			       &addr->n_loc);
		e = dt_node_op(DT_N_CAST, DT_OP_NONE, p, NULL, &addr->n_loc);
		e->n_ctype = dt_type_ulong;
		r = dt_node_int(af, &dt_type_int, &n->n_loc);
		r->n_next = e;
		return bt_check_as(pcb, n, bt_dcall(DT_FN_INET_NTOP, r,
						    &n->n_loc));
	}
	if (af == 10)
		return dt_error(pcb, &addr->n_loc, "BT_CALL", "ntop() of "
				"AF_INET6 expects an array of 16 bytes");
	r = bt_ntop_byte(addr, 24);
	for (i = 16; i >= 0; i -= 8)
		r = bt_strjoin2(bt_ntop_byte(addr, i),
				bt_strjoin2(bt_dstr(".", &n->n_loc), r));
	return bt_check_as(pcb, n, r);
}

/*
 * bpftrace's bswap(x), met as %bswap: the byte order of x's own width
 * reversed (a __be16 port: ntohs).
 */
int dt_check_bt_bswap(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args;
	struct dt_type t = { .kind = DT_T_INT };
	enum dt_fid id;

	if (dt_node_count(a) != 1)
		return bt_nargs_err(pcb, n, "one argument");
	if (dt_check_expr(pcb, a))
		return -1;
	if (a->n_type.kind != DT_T_INT || a->n_type.ptr)
		return dt_error(pcb, &a->n_loc, "BT_CALL", "bswap() expects "
				"an integer (%s provided)",
				dt_type_name(&a->n_type));
	t.size = (uint8_t)dt_type_size(&a->n_type);
	if (t.size == 1) {
		bt_become(n, a);
		return 0;
	}
	id = t.size == 2 ? DT_FN_NTOHS : t.size == 4 ? DT_FN_NTOHL :
		DT_FN_NTOHLL;
	return bt_callto(pcb, n, id, &t);
}

/*
 * bpftrace's delete(@m[k]), met as %delete when the lowering could not
 * tell the value's type from its spelling: an element is freed by
 * storing 0, or "" for a string (D keeps such an entry, which reads as
 * bpftrace's deleted one).
 */
int dt_check_bt_delete(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *m = n->n_args, *probe, *zero;
	bool str;

	probe = dt_node_copy(m);
	if (dt_check_expr(pcb, probe)) {
		dt_node_free(probe);
		return -1;
	}
	str = probe->n_type.kind == DT_T_STRING;
	dt_node_free(probe);
	zero = str ? bt_dstr("", &n->n_loc) :
		dt_node_int(0, &dt_type_int, &n->n_loc);
	n->n_args = NULL;
	return bt_check_as(pcb, n, dt_node_op(DT_N_ASSIGN, DT_OP_SET, m, zero,
					      &n->n_loc));
}

/* printf's %promote(x): an unsigned x narrower than 64 bits widened. */
int dt_check_bt_promote(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args;
	const struct dt_type *t = &a->n_type;

	if (dt_check_expr(pcb, a))
		return -1;
	if (t->kind == DT_T_INT && t->sym >= DT_SYM_KSTACKID &&
	    t->sym < DT_SYM_KSTACKID + 3) {
		/* a kstack value, an id: printed as the stack (%s) */
		n->n_func = bt_xfunc(BT_X_STACKSTR);
		n->n_type = dt_type_string;
		n->n_type.sym = t->sym;
		return 0;
	}
	if (a->n_kind == DT_N_MEMBER && a->n_builtin > 0 && t->ptr == 1 &&
	    t->rsize == 1 && !t->rvoid && !t->sou) {
		/* a char array of a script's struct: its string, as bpftrace */
		bt_castto(n, a, &dt_type_string, true);
		return 0;
	}
	if (t->kind == DT_T_INT && !t->ptr && !t->is_signed && t->size < 8 &&
	    !t->sym)
		bt_castto(n, a, &dt_type_ulong, false);
	else
		bt_become(n, a);
	return 0;
}

/* substr("0123456789ABCDEF", d, 1): one hex digit of d (0 to 15). */
static struct dt_node *bt_hexdigit(struct dt_node *d, const struct dt_loc *loc)
{
	struct dt_node *s = bt_dstr("0123456789ABCDEF", loc);

	s->n_next = d;
	d->n_next = dt_node_int(1, &dt_type_int, loc);
	return bt_dcall(DT_FN_SUBSTR, s, loc);
}

/*
 * bpftrace's macaddr(a), met as %macaddr: the 6 bytes of an array member
 * (read in place) or at an address, as "XX:XX:XX:XX:XX:XX", built of
 * hex digits with substr( ) and strjoin( ); each load is D's, nofault.
 */
int dt_check_bt_macaddr(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_type u8 = { .kind = DT_T_INT, .size = 1 };
	struct dt_node *a = n->n_args, *probe, *base, *r = NULL;
	const struct dt_loc *loc = &n->n_loc;
	int64_t elems;
	int i;

	if (dt_node_count(a) != 1)
		return bt_nargs_err(pcb, n, "one argument");
	probe = dt_node_copy(a);
	if (dt_check_expr(pcb, probe)) {
		dt_node_free(probe);
		return -1;
	}
	elems = probe->n_kind == DT_N_MEMBER ? probe->n_builtin : 0;
	if (elems <= 0 && probe->n_type.kind != DT_T_INT) {
		dt_error(pcb, &a->n_loc, "BT_CALL", "macaddr() expects an "
			 "integer or an array of 6 bytes (%s provided)",
			 dt_type_name(&probe->n_type));
		dt_node_free(probe);
		return -1;
	}
	dt_node_free(probe);
	if (elems > 0 && elems != 6)
		return dt_error(pcb, &a->n_loc, "BT_CALL", "macaddr() expects "
				"an array of 6 bytes (%d provided)",
				(int)elems);
	if (elems > 0) {
		struct dt_node *e = dt_node_op(DT_N_INDEX, DT_OP_NONE,
					       dt_node_copy(a), NULL, loc);

		e->n_args = dt_node_int(0, &dt_type_int, loc);
		e->n_post = true;	/* an array's element, not a key */
		base = dt_node_op(DT_N_UNARY, DT_OP_ADDROF, e, NULL, loc);
	} else {
		base = dt_node_copy(a);
	}
	base = dt_node_op(DT_N_CAST, DT_OP_NONE, base, NULL, loc);
	base->n_ctype = dt_type_ulong;
	base->n_paren = true;
	for (i = 5; i >= 0; i--) {
		struct dt_node *b, *c, *pair;

		b = dt_node_op(DT_N_BINARY, DT_OP_ADD, dt_node_copy(base),
			       dt_node_int(i, &dt_type_int, loc), loc);
		b->n_paren = true;
		c = dt_node_op(DT_N_CAST, DT_OP_NONE, b, NULL, loc);
		c->n_ctype = dt_type_ptrto(&u8);
		c->n_paren = true;
		b = dt_node_op(DT_N_UNARY, DT_OP_DEREF, c, NULL, loc);
		pair = bt_strjoin2(
			bt_hexdigit(dt_node_op(DT_N_BINARY, DT_OP_SHR,
					       dt_node_copy(b),
					       dt_node_int(4, &dt_type_int,
							   loc), loc), loc),
			bt_hexdigit(dt_node_op(DT_N_BINARY, DT_OP_AND, b,
					       dt_node_int(15, &dt_type_int,
							   loc), loc), loc));
		r = r ? bt_strjoin2(pair, bt_strjoin2(bt_dstr(":", loc), r)) :
			pair;
	}
	dt_node_free(base);
	return bt_check_as(pcb, n, r);
}
