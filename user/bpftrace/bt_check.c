// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's str(s), which the checker meets as %str(s) (this is its
 * check hook, dt_funcs.h): a string stays as it is (comm, a
 * tracepoint's char[] field), an integer is a user address whose string
 * copyinstr reads (a tracepoint's const char *).
 */
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_types.h"

int dt_check_bt_str(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *next = n->n_next;

	if (dt_check_expr(pcb, a))
		return -1;
	if (a->n_type.kind == DT_T_STRING) {
		free(n->n_str);
		*n = *a;
		n->n_next = next;
		free(a);
		return 0;
	}
	if (a->n_type.kind != DT_T_INT)
		return dt_error(pcb, &n->n_loc, "BT_CALL", "str() expects an "
				"integer or a string (%s provided)",
				dt_type_name(&a->n_type));
	free(n->n_str);
	n->n_func = dt_func_byid(DT_FN_COPYINSTR);
	n->n_str = strdup(n->n_func->f_name);
	if (!n->n_str)
		return dt_error(pcb, &n->n_loc, "D_NOMEM", "out of memory");
	n->n_type = dt_type_string;
	return 0;
}

/*
 * bpftrace's *e, which the checker meets as %deref(e): a pointer loads
 * as in D; an integer (an address from kaddr( ), arithmetic on one) is
 * read as a 64-bit value, as bpftrace does: *(int64 *)e.
 */
int dt_check_bt_deref(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *a = n->n_args, *next = n->n_next, *d;

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
	free(n->n_str);
	*n = *d;
	n->n_next = next;
	free(d);
	return dt_check_expr(pcb, n);
}
