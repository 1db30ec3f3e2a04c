// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's values that only the consumer can make, as printf( )
 * arguments: a stack in one of bpftrace's modes, usym( ), buf( ). The
 * lowering (bt_func.c) makes them calls of %stack, %usym and %buf;
 * these are their hooks (bt_check.h). Each is a string to printf's
 * check; as printf's argument it records what the consumer needs (the
 * PCs; the pid and the address; the length and the bytes) in slots it
 * marks with DT_SYM_*, and the consumer makes the text (bt_value.c).
 * And the other hooks of bpftrace's own functions that record or
 * compute: kstack's id and PCs, cat( ), len( ).
 */
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "bt_check.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_types.h"

/* Every argument an integer; the value a string for printf's check. */
static int bt_outcheck(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a;

	for (a = n->n_args; a; a = a->n_next) {
		if (dt_check_expr(pcb, a))
			return -1;
		if (a->n_type.kind != DT_T_INT)
			return dt_error(pcb, &a->n_loc, "D_PROTO_ARG",
					"%s() expects an integer or a pointer, "
					"not %s", n->n_str + 1,
					dt_type_name(&a->n_type));
	}
	n->n_type = dt_type_string;
	return 0;
}

/* %stack(user, frames, mode): constants the lowering wrote. */
int dt_check_bt_stack(struct dt_pcb *pcb, struct dt_node *n)
{
	return bt_outcheck(pcb, n);
}

/* %usym(pid, addr) */
int dt_check_bt_usym(struct dt_pcb *pcb, struct dt_node *n)
{
	return bt_outcheck(pcb, n);
}

/* %buf(addr, len) */
int dt_check_bt_buf(struct dt_pcb *pcb, struct dt_node *n)
{
	return bt_outcheck(pcb, n);
}

/* %stackid(frames): an integer the consumer prints as a stack. */
int dt_check_bt_stackid(struct dt_pcb *pcb, struct dt_node *n)
{
	if (bt_outcheck(pcb, n))
		return -1;
	n->n_type = dt_type_ulong;
	n->n_type.sym = (uint8_t)(DT_SYM_KSTACKID + n->n_int);
	return 0;
}

/* %len("@m", ...): global arrays' names, which bt_cg_len( ) makes ids. */
int dt_check_bt_len(struct dt_pcb *pcb, struct dt_node *n)
{
	const struct dt_node *a = n->n_args;

	for (; a; a = a->n_next)
		if (a->n_kind != DT_N_STR || a->n_str[0] != '@')
			break;
	if (a || !n->n_args)
		return dt_error(pcb, &n->n_loc, "D_PROTO_ARG", "%%len( ) "
				"takes maps");
	n->n_type = dt_type_ulong;
	return 0;
}

/* %bufsrc(p): buf( )'s address, its value as it is (bt_cg_arg( )). */
int dt_check_bt_bufsrc(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args;

	if (dt_check_expr(pcb, a))
		return -1;
	if (a->n_type.kind != DT_T_INT)
		return dt_error(pcb, &a->n_loc, "D_PROTO_ARG", "buf() expects "
				"an address here (an integer or a pointer), "
				"not %s", dt_type_name(&a->n_type));
	n->n_type = dt_type_ulong;
	return 0;
}

/* %stack(user, frames, mode): a stack slot, marked with the mode. */
int bt_fmtarg_stack(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		    int *n)
{
	struct dt_node *x = a->n_args, *y = x->n_next;
	bool user = x->n_int != 0;
	int slot;

	(void)n;
	slot = dt_layout_stackslot(l, s, user, (uint32_t)y->n_int);
	if (slot >= 0)
		dt_layout_mark(l, slot, (user ? DT_SYM_USTACK :
					 DT_SYM_KSTACK) +
			       (uint8_t)y->n_next->n_int);
	return slot;
}

/* %stackstr(id): a kstack value's id, printed as the stack. */
int bt_fmtarg_stackstr(struct dt_lay *l, struct dt_node *s,
		       struct dt_node *a, int *n)
{
	int slot;

	(void)n;
	slot = dt_layout_act(l, DTRACE_ACT_RECORD, a, s, true,
			     &dt_type_ulong);
	if (slot >= 0)
		dt_layout_mark(l, slot, a->n_type.sym);
	return slot;
}

/*
 * Two slots: first, recorded and marked sym1; then second, by an
 * action of kind2 and marked sym2 (size bytes, if not 0).
 */
static int bt_fmtarg_pair(struct dt_lay *l, struct dt_node *s,
			  struct dt_node *first, uint8_t sym1, uint32_t kind2,
			  struct dt_node *second, uint8_t sym2, uint32_t size,
			  int *n)
{
	int slot, slot2;

	slot = dt_layout_act(l, DTRACE_ACT_RECORD, first, s, true,
			     &dt_type_ulong);
	if (slot < 0)
		return -1;
	dt_layout_mark(l, slot, sym1);
	slot2 = dt_layout_act(l, kind2, second, s, true, &dt_type_ulong);
	if (slot2 < 0 || (size && dt_layout_resize(l, s, slot2, size) < 0))
		return -1;
	dt_layout_mark(l, slot2, sym2);
	(*n)++;
	return slot;
}

/* %usym(pid, addr): the pid, then the address. */
int bt_fmtarg_usym(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		   int *n)
{
	struct dt_node *x = a->n_args, *y = x->n_next;

	return bt_fmtarg_pair(l, s, x, DT_SYM_UPID, DTRACE_ACT_RECORD, y,
			      DT_SYM_USYM, 0, n);
}

/*
 * %buf(p, len): the length, then the bytes at p, in scratch (alloca( )'d
 * and filled by the lowering: never past the end).
 */
int bt_fmtarg_buf(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		  int *n)
{
	struct dt_node *x = a->n_args, *y = x->n_next;

	return bt_fmtarg_pair(l, s, y, DT_SYM_BUFLEN, DTRACE_ACT_TRACEMEM, x,
			      DT_SYM_BUF, DT_BUFVAL_MAX, n);
}

/*
 * %stackrec(%stackid(n), n): bpftrace's kstack as a value is its id
 * (bt_tools.c); the record carries the PCs and the id, which the
 * consumer keeps to print the id as the stack.
 */
int bt_layout_stackrec(struct dt_lay *l, struct dt_node *s)
{
	struct dt_node *id = s->n_args, *n = id->n_next;
	int slot;

	slot = dt_layout_stackslot(l, s, false, (uint32_t)n->n_int);
	if (slot < 0 || dt_layout_act(l, DTRACE_ACT_RECORD, id, s, true,
				      &dt_type_ulong) < 0)
		return -1;
	dt_layout_out(l, DT_OUT_STACKID, slot, 2);
	return 0;
}

/* %cat(fmt, ...): printf's layout; the consumer prints the file. */
int bt_layout_cat(struct dt_lay *l, struct dt_node *s)
{
	return dt_layout_fmt(l, s, DT_OUT_CAT);
}

/*
 * %len("@m", ...): the largest GLOBAL_COUNT of the arrays named (a map
 * of tuples names each element's); one no clause made an array has
 * none (0).
 */
int bt_cg_len(struct dt_cg *cg, struct dt_node *n)
{
	int r = dt_cg_reg(cg), t = dt_cg_reg(cg), lt = dt_cg_reg(cg);
	const struct dt_node *a;
	const struct dt_var *v;
	uint32_t skip;

	if (r < 0 || t < 0 || lt < 0)
		return -1;
	dt_cg_setint(cg, r, 0);
	for (a = n->n_args; a; a = a->n_next) {
		for (v = dt_cg_pcb(cg)->pcb_prog.p_vars; v; v = v->v_next)
			if (v->v_scope == DT_V_GLOBAL && v->v_array &&
			    strcmp(v->v_name, a->n_str) == 0)
				break;
		if (!v)
			continue;
		dt_cg_setint(cg, t, v->v_id);
		dt_cg_emit(cg, DIF_OP_PUSHTV, 0, t, 0, 0);
		dt_cg_emit(cg, DIF_OP_CALL, t, 0, 0, DIF_SUBR_GLOBAL_COUNT);
		dt_cg_emit(cg, DIF_OP_SLTU, lt, r, t, 0);
		skip = dt_cg_emit(cg, DIF_OP_BZ, 0, lt, 0, 0);
		dt_cg_emit(cg, DIF_OP_MOV, r, t, 0, 0);
		dt_cg_patch(cg, skip);
	}
	dt_cg_free(cg, t);
	dt_cg_free(cg, lt);
	return r;
}

/* %bufsrc(p), %stackstr(id): the argument's value, as it is. */
int bt_cg_arg(struct dt_cg *cg, struct dt_node *n)
{
	return dt_cg_expr(cg, n->n_args);
}
