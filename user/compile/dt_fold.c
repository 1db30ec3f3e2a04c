// SPDX-License-Identifier: GPL-2.0
/*
 * Pass 3: fold integer constant expressions, in place.
 *
 * Arithmetic is done in 64 bits and the result narrowed to the node's
 * type, as the generated code would. Division by a constant zero is a
 * compile error.
 */
#include <stdlib.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_printf.h"
#include "dt_types.h"

static bool dt_const(const struct dt_node *n)
{
	return n && n->n_kind == DT_N_INT;
}

static void dt_fold_to(struct dt_node *n, int64_t v)
{
	dt_node_free(n->n_left);
	dt_node_free(n->n_right);
	dt_node_free(n->n_cond);
	n->n_left = n->n_right = n->n_cond = NULL;
	n->n_kind = DT_N_INT;
	n->n_int = dt_int_normalize(v, &n->n_type);
}

/* DTrace's words for % too */
static int dt_div_zero(struct dt_pcb *pcb, const struct dt_node *n)
{
	return dt_error(pcb, &n->n_loc, "D_DIV_ZERO",
			"expression contains division by zero");
}

static int dt_fold_binary(struct dt_pcb *pcb, struct dt_node *n)
{
	struct dt_node *l = n->n_left, *r = n->n_right;
	int64_t a = l->n_int, b = r->n_int, v;
	/* the operands in their common type (a shift: the left's) */
	struct dt_type ct = n->n_op == DT_OP_SHR || n->n_op == DT_OP_SHL ?
		dt_type_promote(&l->n_type) :
		dt_type_arith(&l->n_type, &r->n_type);
	uint64_t ua = (uint64_t)dt_int_normalize(a, &ct);
	uint64_t ub = (uint64_t)dt_int_normalize(b, &ct);
	bool sg = ct.is_signed;

	switch (n->n_op) {
	case DT_OP_ADD: v = (int64_t)(ua + ub); break;
	case DT_OP_SUB: v = (int64_t)(ua - ub); break;
	case DT_OP_MUL: v = (int64_t)(ua * ub); break;
	case DT_OP_DIV:
	case DT_OP_MOD:
		if (ub == 0)
			return dt_div_zero(pcb, n);
		if (sg && a == INT64_MIN && b == -1)
			v = n->n_op == DT_OP_DIV ? INT64_MIN : 0;
		else if (sg)
			v = n->n_op == DT_OP_DIV ? a / b : a % b;
		else
			v = (int64_t)(n->n_op == DT_OP_DIV ? ua / ub : ua % ub);
		break;
	case DT_OP_AND: v = (int64_t)(ua & ub); break;
	case DT_OP_OR: v = (int64_t)(ua | ub); break;
	case DT_OP_XOR: v = (int64_t)(ua ^ ub); break;
	case DT_OP_SHL: v = (int64_t)(ua << (ub & 63)); break;
	case DT_OP_SHR:
		v = sg ? a >> (ub & 63) : (int64_t)(ua >> (ub & 63));
		break;
	case DT_OP_EQ: v = ua == ub; break;
	case DT_OP_NE: v = ua != ub; break;
	case DT_OP_LT: v = sg ? a < b : ua < ub; break;
	case DT_OP_LE: v = sg ? a <= b : ua <= ub; break;
	case DT_OP_GT: v = sg ? a > b : ua > ub; break;
	case DT_OP_GE: v = sg ? a >= b : ua >= ub; break;
	default:
		return 0;
	}
	dt_fold_to(n, v);
	return 0;
}

static int dt_fold_node(struct dt_pcb *pcb, struct dt_node *n)
{
	/* walks a list through n_next */
	for (; n; n = n->n_next) {
		if (n->n_cond && dt_fold_node(pcb, n->n_cond))
			return -1;
		if (n->n_left && dt_fold_node(pcb, n->n_left))
			return -1;
		if (n->n_right && dt_fold_node(pcb, n->n_right))
			return -1;
		if (n->n_args && dt_fold_node(pcb, n->n_args))
			return -1;
		/* x / 0, x %= 0: an error as DTrace's, whatever x is */
		if ((n->n_kind == DT_N_BINARY || n->n_kind == DT_N_ASSIGN) &&
		    (n->n_op == DT_OP_DIV || n->n_op == DT_OP_MOD) &&
		    dt_const(n->n_right) && n->n_right->n_int == 0)
			return dt_div_zero(pcb, n);
		switch (n->n_kind) {
		case DT_N_UNARY:
			if (!dt_const(n->n_left))
				break;
			switch (n->n_op) {
			case DT_OP_NEG:
				dt_fold_to(n, (int64_t)(0 - (uint64_t)
							n->n_left->n_int));
				break;
			case DT_OP_PLUS:
				dt_fold_to(n, n->n_left->n_int);
				break;
			case DT_OP_LNOT:
				dt_fold_to(n, !n->n_left->n_int);
				break;
			case DT_OP_BNOT:
				dt_fold_to(n, ~n->n_left->n_int);
				break;
			default:
				break;
			}
			break;
		case DT_N_BINARY:
			if (dt_const(n->n_left) && dt_const(n->n_right) &&
			    dt_fold_binary(pcb, n))
				return -1;
			break;
		case DT_N_LOGICAL:
			if (!dt_const(n->n_left) || !dt_const(n->n_right))
				break;
			if (n->n_op == DT_OP_LAND)
				dt_fold_to(n, n->n_left->n_int &&
					   n->n_right->n_int);
			else if (n->n_op == DT_OP_LOR)
				dt_fold_to(n, n->n_left->n_int ||
					   n->n_right->n_int);
			else
				dt_fold_to(n, !n->n_left->n_int !=
					   !n->n_right->n_int);
			break;
		case DT_N_TERNARY:
			if (dt_const(n->n_cond) && dt_const(n->n_left) &&
			    dt_const(n->n_right))
				dt_fold_to(n, n->n_cond->n_int ?
					   n->n_left->n_int :
					   n->n_right->n_int);
			break;
		case DT_N_CAST:
			if (dt_const(n->n_left) && !n->n_post)
				dt_fold_to(n, n->n_left->n_int);
			break;
		case DT_N_SIZEOF:
			dt_fold_to(n, (int64_t)dt_fold_sizeof(pcb,
							      &n->n_ctype));
			break;
		default:
			break;
		}
	}
	return 0;
}

uint64_t dt_fold_sizeof(const struct dt_pcb *pcb, const struct dt_type *t)
{
	if (t->kind == DT_T_STRING)
		return dt_pcb_strsize(pcb);
	return t->ptr ? 8 : dt_type_size(t);
}

int dt_fold_list(struct dt_pcb *pcb, struct dt_node *list)
{
	return dt_fold_node(pcb, list);
}

int dt_fold(struct dt_pcb *pcb)
{
	struct dt_clause *c;

	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		pcb->pcb_region = "predicate";
		if (c->c_pred && dt_fold_node(pcb, c->c_pred))
			return -1;
		pcb->pcb_region = "action list";
		if (dt_fold_node(pcb, c->c_stmts))
			return -1;
	}
	pcb->pcb_region = NULL;
	return 0;
}
