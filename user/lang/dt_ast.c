// SPDX-License-Identifier: GPL-2.0
/*
 * AST nodes and D types: construction, naming, freeing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ast.h"

const struct dt_type dt_type_void = { .kind = DT_T_VOID };
const struct dt_type dt_type_int = {
	.kind = DT_T_INT, .size = 4, .is_signed = true };
const struct dt_type dt_type_uint = { .kind = DT_T_INT, .size = 4 };
const struct dt_type dt_type_long = {
	.kind = DT_T_INT, .size = 8, .is_signed = true };
const struct dt_type dt_type_ulong = { .kind = DT_T_INT, .size = 8 };
const struct dt_type dt_type_char = {
	.kind = DT_T_INT, .size = 1, .is_signed = true };
const struct dt_type dt_type_string = { .kind = DT_T_STRING };

const char *dt_type_name_r(const struct dt_type *t, char *b)
{
	static const char *const sname[] = {
		[1] = "char", [2] = "short", [4] = "int", [8] = "long",
	};
	static const char *const uname[] = {
		[1] = "unsigned char", [2] = "unsigned short",
		[4] = "unsigned int", [8] = "unsigned long",
	};

	if (t->ptr) {
		struct dt_type base = dt_type_deref(t);
		char bb[DT_TYPE_NAMELEN];

		snprintf(b, DT_TYPE_NAMELEN, "%s%s", dt_type_name_r(&base, bb),
			 base.ptr ? "*" : " *");
		return b;
	}
	if (t->kind == DT_T_SOU) {
		snprintf(b, DT_TYPE_NAMELEN, "%s %s",
			 t->sou->s_union ? "union" : "struct",
			 *t->sou->s_name ? t->sou->s_name : "(anon)");
		return b;
	}
	switch (t->kind) {
	case DT_T_VOID:
		return "void";
	case DT_T_STRING:
		return "string";
	case DT_T_INT:
		if (t->size == 1 || t->size == 2 || t->size == 4 ||
		    t->size == 8)
			return t->is_signed ? sname[t->size] : uname[t->size];
		break;
	case DT_T_SOU:
		break;
	}
	return "<unknown>";
}

struct dt_type dt_type_promote(const struct dt_type *t)
{
	struct dt_type p = *t;

	if (t->kind == DT_T_INT && t->size < 4)
		return dt_type_int;
	if (t->ptr)
		return dt_type_ulong;	/* + and - of pointers: dt_check */
	p.sym = DT_SYM_NONE;	/* arithmetic makes a plain integer */
	return p;
}

struct dt_type dt_type_arith(const struct dt_type *a, const struct dt_type *b)
{
	struct dt_type pa = dt_type_promote(a), pb = dt_type_promote(b);

	if (pa.size != pb.size)
		return pa.size > pb.size ? pa : pb;
	pa.is_signed = pa.is_signed && pb.is_signed;
	return pa;
}

bool dt_type_eq(const struct dt_type *a, const struct dt_type *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == DT_T_SOU)
		return a->sou == b->sou;
	if (a->kind != DT_T_INT)
		return true;
	if (a->ptr != b->ptr || a->sou != b->sou ||
	    (a->ptr && (a->rvoid != b->rvoid || a->rsize != b->rsize ||
			a->rsigned != b->rsigned)))
		return false;
	return a->size == b->size && a->is_signed == b->is_signed;
}

struct dt_type dt_type_deref(const struct dt_type *t)
{
	struct dt_type r = *t;

	if (t->ptr > 1) {
		r.ptr--;
		return r;
	}
	if (t->rvoid)
		return dt_type_void;
	memset(&r, 0, sizeof(r));
	if (t->sou) {
		r.kind = DT_T_SOU;
		r.sou = t->sou;
		return r;
	}
	r.kind = DT_T_INT;
	r.size = t->rsize;
	r.is_signed = t->rsigned;
	return r;
}

uint32_t dt_type_refsize(const struct dt_type *t)
{
	if (t->ptr > 1)
		return 8;
	if (t->sou)
		return t->sou->s_size;
	return t->rvoid ? 1 : t->rsize;	/* void * moves by bytes, as gcc */
}

const char *dt_op_str(enum dt_op op)
{
	static const char *const s[] = {
		[DT_OP_NONE] = "", [DT_OP_ADD] = "+", [DT_OP_SUB] = "-",
		[DT_OP_MUL] = "*", [DT_OP_DIV] = "/", [DT_OP_MOD] = "%",
		[DT_OP_AND] = "&", [DT_OP_OR] = "|", [DT_OP_XOR] = "^",
		[DT_OP_SHL] = "<<", [DT_OP_SHR] = ">>", [DT_OP_EQ] = "==",
		[DT_OP_NE] = "!=", [DT_OP_LT] = "<", [DT_OP_LE] = "<=",
		[DT_OP_GT] = ">", [DT_OP_GE] = ">=", [DT_OP_LAND] = "&&",
		[DT_OP_LOR] = "||", [DT_OP_LXOR] = "^^", [DT_OP_NEG] = "-",
		[DT_OP_PLUS] = "+", [DT_OP_LNOT] = "!", [DT_OP_BNOT] = "~",
		[DT_OP_DEREF] = "*", [DT_OP_ADDROF] = "&", [DT_OP_INC] = "++",
		[DT_OP_DEC] = "--", [DT_OP_SET] = "=",
	};

	return (size_t)op < sizeof(s) / sizeof(s[0]) && s[op] ? s[op] : "?";
}

struct dt_node *dt_node_new(enum dt_nkind kind, const struct dt_loc *loc)
{
	struct dt_node *n = calloc(1, sizeof(*n));

	if (!n) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	n->n_kind = kind;
	if (loc)
		n->n_loc = *loc;
	return n;
}

struct dt_node *dt_node_int(int64_t v, const struct dt_type *t,
			    const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_INT, loc);

	n->n_int = v;
	n->n_type = *t;
	return n;
}

struct dt_node *dt_node_op(enum dt_nkind kind, enum dt_op op,
			   struct dt_node *l, struct dt_node *r,
			   const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(kind, loc);

	n->n_op = op;
	n->n_left = l;
	n->n_right = r;
	return n;
}

struct dt_node *dt_node_append(struct dt_node *list, struct dt_node *n)
{
	struct dt_node *p;

	if (!list)
		return n;
	for (p = list; p->n_next; p = p->n_next)
		;
	p->n_next = n;
	return list;
}

int dt_node_count(const struct dt_node *list)
{
	int n = 0;

	for (; list; list = list->n_next)
		n++;
	return n;
}

/* What n owns, but n itself and the nodes after it. */
static void dt_node_free_parts(struct dt_node *n)
{
	dt_node_free(n->n_left);
	dt_node_free(n->n_right);
	dt_node_free(n->n_cond);
	dt_node_free(n->n_args);
	dt_node_free(n->n_guard);
	free(n->n_str);
}

void dt_node_free(struct dt_node *n)
{
	while (n) {
		struct dt_node *next = n->n_next;

		dt_node_free_parts(n);
		free(n);
		n = next;
	}
}

void dt_node_replace(struct dt_node *n, struct dt_node *r)
{
	struct dt_node *next = n->n_next;

	dt_node_free_parts(n);
	*n = *r;
	n->n_next = next;
	free(r);
}

static struct dt_node *dt_node_copylist(const struct dt_node *n)
{
	struct dt_node *head = NULL;

	for (; n; n = n->n_next)
		head = dt_node_append(head, dt_node_copy(n));
	return head;
}

struct dt_node *dt_node_copy(const struct dt_node *n)
{
	struct dt_node *c;

	if (!n)
		return NULL;
	c = dt_node_new(n->n_kind, &n->n_loc);
	*c = *n;
	c->n_next = NULL;
	c->n_str = n->n_str ? strdup(n->n_str) : NULL;
	if (n->n_str && !c->n_str) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	c->n_left = dt_node_copy(n->n_left);
	c->n_right = dt_node_copy(n->n_right);
	c->n_cond = dt_node_copy(n->n_cond);
	c->n_args = dt_node_copylist(n->n_args);
	c->n_guard = dt_node_copy(n->n_guard);
	return c;
}

void dt_program_free(struct dt_program *p)
{
	struct dt_clause *c = p->p_clauses;
	struct dt_var *v = p->p_vars;
	struct dt_decl *d = p->p_decls;
	struct dt_xlator *x = p->p_xlators;
	int i;

	while (c) {
		struct dt_clause *cn = c->c_next;
		struct dt_pdesc *pd = c->c_probes;

		while (pd) {
			struct dt_pdesc *pn = pd->pd_next;

			free(pd->pd_text);
			free(pd);
			pd = pn;
		}
		dt_node_free(c->c_pred);
		dt_node_free(c->c_stmts);
		free(c);
		c = cn;
	}
	while (d) {
		struct dt_decl *dn = d->d_next;

		free(d->d_name);
		for (i = 0; d->d_inline && i < d->d_nkeys; i++)
			free(d->d_pnames[i]);
		dt_node_free(d->d_inline);
		free(d);
		d = dn;
	}
	while (x) {
		struct dt_xlator *xn = x->x_next;

		free(x->x_param);
		dt_node_free(x->x_mems);
		free(x);
		x = xn;
	}
	while (v) {
		struct dt_var *vn = v->v_next;

		free(v->v_name);
		free(v);
		v = vn;
	}
	memset(p, 0, sizeof(*p));
}
