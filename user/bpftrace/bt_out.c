// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's values that only the consumer can make, as printf( )
 * arguments: a stack in one of bpftrace's modes, usym( ), buf( ). The
 * lowering (bt_func.c) makes them calls of %stack, %usym and %buf;
 * these are their check hooks (dt_funcs.h). Each is a string to
 * printf's check; the layout (dt_layout.c) records what the consumer
 * needs (the PCs; the pid and the address; the length and the bytes)
 * in slots it marks with DT_SYM_*, and the consumer makes the text
 * (run/bt_value.c).
 */
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

/* %len("@m", ...): global arrays' names, which dt_cg.c makes ids. */
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

/* %bufsrc(p): buf( )'s address, its value as it is (dt_cg_sym( )). */
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
