// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's -d: a compiled clause as D text, the program the bpftrace
 * front end made of the script (after D's own lowering: a statement of
 * an if block shows its guard). For reading, not for compiling again:
 * names keep the front end's spelling (this->%j0p, @x).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "dif_vm.h"
#include "bt_dump.h"
#include "dt_compile.h"

static void dt_dump_expr(FILE *fp, const struct dt_node *n);

static void dt_dump_list(FILE *fp, const struct dt_node *n)
{
	for (; n; n = n->n_next) {
		dt_dump_expr(fp, n);
		if (n->n_next)
			fputs(", ", fp);
	}
}

static void dt_dump_str(FILE *fp, const char *s)
{
	fputc('"', fp);
	for (; s && *s; s++) {
		if (*s == '\n')
			fputs("\\n", fp);
		else if (*s == '\t')
			fputs("\\t", fp);
		else if (*s == '"' || *s == '\\')
			fprintf(fp, "\\%c", *s);
		else
			fputc(*s, fp);
	}
	fputc('"', fp);
}

static void dt_dump_expr(FILE *fp, const struct dt_node *n)
{
	const char *name;

	if (!n)
		return;
	switch (n->n_kind) {
	case DT_N_INT:
		fprintf(fp, "%" PRId64, n->n_int);
		break;
	case DT_N_STR:
		dt_dump_str(fp, n->n_str);
		break;
	case DT_N_BUILTIN:
		name = n->n_str ? n->n_str :
			dif_builtin_name((uint32_t)n->n_builtin);
		fputs(name ? name : "?", fp);
		break;
	case DT_N_IDENT:
	case DT_N_VAR:
		fputs(n->n_str ? n->n_str :
		      n->n_var ? n->n_var->v_name : "?", fp);
		break;
	case DT_N_SELF:
		fprintf(fp, "self->%s", n->n_str);
		break;
	case DT_N_THIS:
		fprintf(fp, "this->%s", n->n_str);
		break;
	case DT_N_AGG:
		fprintf(fp, "@%s", n->n_str);
		break;
	case DT_N_MACRO:
		fprintf(fp, "%s%" PRId64, n->n_post ? "$$" : "$", n->n_int);
		break;
	case DT_N_INDEX:
		dt_dump_expr(fp, n->n_left);
		fputc('[', fp);
		dt_dump_list(fp, n->n_args);
		fputc(']', fp);
		break;
	case DT_N_CALL:
		fprintf(fp, "%s(", n->n_str);
		dt_dump_list(fp, n->n_args);
		fputc(')', fp);
		break;
	case DT_N_UNARY:
		fprintf(fp, "%s(", dt_op_str(n->n_op));
		dt_dump_expr(fp, n->n_left);
		fputc(')', fp);
		break;
	case DT_N_BINARY:
	case DT_N_LOGICAL:
		fputc('(', fp);
		dt_dump_expr(fp, n->n_left);
		fprintf(fp, " %s ", dt_op_str(n->n_op));
		dt_dump_expr(fp, n->n_right);
		fputc(')', fp);
		break;
	case DT_N_TERNARY:
		fputc('(', fp);
		dt_dump_expr(fp, n->n_cond);
		fputs(" ? ", fp);
		dt_dump_expr(fp, n->n_left);
		fputs(" : ", fp);
		dt_dump_expr(fp, n->n_right);
		fputc(')', fp);
		break;
	case DT_N_ASSIGN:
		dt_dump_expr(fp, n->n_left);
		fprintf(fp, " %s%s ", n->n_op == DT_OP_SET ? "" :
			dt_op_str(n->n_op), "=");
		dt_dump_expr(fp, n->n_right);
		break;
	case DT_N_INCDEC:
		if (!n->n_post)
			fputs(dt_op_str(n->n_op), fp);
		dt_dump_expr(fp, n->n_left);
		if (n->n_post)
			fputs(dt_op_str(n->n_op), fp);
		break;
	case DT_N_CAST:
		fprintf(fp, "((%s)", dt_type_name(&n->n_ctype));
		dt_dump_expr(fp, n->n_left);
		fputc(')', fp);
		break;
	case DT_N_SIZEOF:
		fputs("sizeof(", fp);
		if (n->n_left)
			dt_dump_expr(fp, n->n_left);
		else
			fputs(dt_type_name(&n->n_ctype), fp);
		fputc(')', fp);
		break;
	case DT_N_MEMBER:
		dt_dump_expr(fp, n->n_left);
		fprintf(fp, "%s%s", n->n_post ? "->" : ".", n->n_str);
		break;
	case DT_N_XLATE:
		fprintf(fp, "xlate<%s>(", dt_type_name(&n->n_ctype));
		dt_dump_expr(fp, n->n_left);
		fputc(')', fp);
		break;
	default:
		fprintf(fp, "<node %d>", (int)n->n_kind);
		break;
	}
}

static void dt_dump_stmts(FILE *fp, const struct dt_node *n, int depth)
{
	for (; n; n = n->n_next) {
		fprintf(fp, "%*s", 4 * depth, "");
		if (n->n_kind == DT_N_IF) {
			fputs("if (", fp);
			dt_dump_expr(fp, n->n_cond);
			fputs(") {\n", fp);
			dt_dump_stmts(fp, n->n_left, depth + 1);
			fprintf(fp, "%*s}", 4 * depth, "");
			if (n->n_right) {
				fputs(" else {\n", fp);
				dt_dump_stmts(fp, n->n_right, depth + 1);
				fprintf(fp, "%*s}", 4 * depth, "");
			}
			fputc('\n', fp);
			continue;
		}
		if (n->n_guard) {
			fputs("/* if ", fp);
			dt_dump_expr(fp, n->n_guard);
			fputs(" */ ", fp);
		}
		dt_dump_expr(fp, n);
		fputs(";\n", fp);
	}
}

void dt_bt_dump(FILE *fp, const struct dt_cprog *cp)
{
	int i;

	for (i = 0; i < cp->cp_necbs; i++) {
		const struct dt_clause *c = cp->cp_ecbs[i].e_clause;
		const struct dt_pdesc *pd;

		for (pd = c->c_probes; pd; pd = pd->pd_next)
			fprintf(fp, "%s%s\n", pd->pd_text,
				pd->pd_next ? "," : "");
		if (c->c_pred) {
			fputs("/", fp);
			dt_dump_expr(fp, c->c_pred);
			fputs("/\n", fp);
		}
		fputs("{\n", fp);
		dt_dump_stmts(fp, c->c_stmts, 1);
		fputs("}\n", fp);
	}
}
