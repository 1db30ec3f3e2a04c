// SPDX-License-Identifier: GPL-2.0
/*
 * Declarations: the declarators the grammar collects (a name, pointers,
 * dimensions or key types) turned into variables, typedefs and members,
 * with DTrace's checks and words.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dt_error.h"
#include "dt_parse.h"
#include "dt_types.h"

struct dt_declr *dt_declr_new(struct dt_pcb *pcb, char *name,
			      const void *loc)
{
	struct dt_declr *d = calloc(1, sizeof(*d));

	if (!d) {
		free(name);
		dt_error(pcb, loc, "D_NOMEM", "out of memory");
		return NULL;
	}
	d->dr_name = name;
	d->dr_loc = *(const struct dt_loc *)loc;
	return d;
}

void dt_declr_free(struct dt_declr *list)
{
	while (list) {
		struct dt_declr *n = list->dr_next;

		free(list->dr_name);
		free(list);
		list = n;
	}
}

struct dt_declr *dt_declr_append(struct dt_declr *list, struct dt_declr *d)
{
	struct dt_declr *p;

	if (!list)
		return d;
	for (p = list; p->dr_next; p = p->dr_next)
		;
	p->dr_next = d;
	return list;
}

/*
 * An integer constant expression as written, enumerators of p's
 * included: -1 if it is none.
 */
static int dt_decl_const(const struct dt_program *p, const struct dt_node *n,
			 int64_t *v)
{
	int64_t a, b;

	switch (n->n_kind) {
	case DT_N_INT:
		*v = n->n_int;
		return 0;
	case DT_N_IDENT:
		return n->n_str && dt_enum_lookup(p, n->n_str, v) ? 0 : -1;
	case DT_N_SIZEOF:
		if (n->n_left || n->n_ctype.kind == DT_T_STRING ||
		    n->n_ctype.kind == DT_T_VOID)
			return -1;
		*v = dt_type_size(&n->n_ctype);
		return 0;
	case DT_N_UNARY:
		if (dt_decl_const(p, n->n_left, &a))
			return -1;
		switch (n->n_op) {
		case DT_OP_NEG: *v = (int64_t)(0 - (uint64_t)a); return 0;
		case DT_OP_PLUS: *v = a; return 0;
		case DT_OP_BNOT: *v = ~a; return 0;
		default: return -1;
		}
	case DT_N_BINARY:
		if (dt_decl_const(p, n->n_left, &a) ||
		    dt_decl_const(p, n->n_right, &b))
			return -1;
		switch (n->n_op) {
		case DT_OP_ADD: *v = (int64_t)((uint64_t)a + (uint64_t)b);
			return 0;
		case DT_OP_SUB: *v = (int64_t)((uint64_t)a - (uint64_t)b);
			return 0;
		case DT_OP_MUL: *v = (int64_t)((uint64_t)a * (uint64_t)b);
			return 0;
		case DT_OP_SHL: *v = (int64_t)((uint64_t)a << (b & 63));
			return 0;
		case DT_OP_SHR: *v = a >> (b & 63); return 0;
		case DT_OP_AND: *v = a & b; return 0;
		case DT_OP_OR: *v = a | b; return 0;
		case DT_OP_XOR: *v = a ^ b; return 0;
		case DT_OP_DIV:
		case DT_OP_MOD:
			if (b == 0 || (a == INT64_MIN && b == -1))
				return -1;
			*v = n->n_op == DT_OP_DIV ? a / b : a % b;
			return 0;
		default:
			return -1;
		}
	default:
		return -1;
	}
}

int dt_parse_enumval(struct dt_pcb *pcb, char *name, struct dt_node *val,
		     const void *loc)
{
	int64_t v;
	int rc;

	rc = dt_decl_const(&pcb->pcb_prog, val, &v);
	dt_node_free(val);
	if (rc) {
		dt_error(pcb, loc, "D_DECL_ENCONST", "enumerator '%s' must be "
			 "assigned to an integral constant expression", name);
		free(name);
		return -1;
	}
	pcb->pcb_enumnext = v + 1;
	return dt_enum_add(pcb, name, v, loc);
}

int dt_declr_dim(struct dt_pcb *pcb, struct dt_declr *d,
		 struct dt_node *dim, const void *loc)
{
	int64_t v;
	int rc = dt_decl_const(&pcb->pcb_prog, dim, &v);

	dt_node_free(dim);
	if (rc || v <= 0)
		return dt_error(pcb, loc, "D_DECL_ARRSUB", "positive integral "
				"constant expression or tuple signature "
				"expected as array declaration subscript");
	if ((uint64_t)v > UINT_MAX)
		return dt_error(pcb, loc, "D_DECL_ARRBIG",
				"array dimension too big");
	if (d->dr_keys.tl_n)
		return dt_error(pcb, loc, "D_DECL_DYNOBJ", "cannot declare "
				"array of associative arrays");
	if (d->dr_ndims == DT_DECLR_DIMS)
		return dt_error(pcb, loc, "D_UNSUPPORTED", "arrays of more "
				"than %d dimensions are not supported",
				DT_DECLR_DIMS);
	d->dr_dims[d->dr_ndims++] = (uint64_t)v;
	return 0;
}

void dt_declr_bits(struct dt_pcb *pcb, struct dt_declr *d,
		   struct dt_node *bits)
{
	int64_t v;

	d->dr_bitfield = true;
	d->dr_bits = dt_decl_const(&pcb->pcb_prog, bits, &v) || v < 0 ? -1 : v;
	dt_node_free(bits);
}

int dt_declr_keys(struct dt_pcb *pcb, struct dt_declr *d,
		  const struct dt_tlist *keys, const void *loc)
{
	if (d->dr_keys.tl_n || d->dr_ndims)
		return dt_error(pcb, loc, "D_DECL_DYNOBJ", "cannot declare "
				"array of associative arrays");
	d->dr_keys = *keys;
	return 0;
}

/* The declarator's type: the specifiers' and its pointers. */
static int dt_declr_type(struct dt_pcb *pcb, const struct dt_tspec *ts,
			 const struct dt_declr *d, struct dt_type *t)
{
	struct dt_tspec s = *ts;

	s.ts_ptr += d->dr_ptr;
	return dt_tspec_type(pcb, &d->dr_loc, &s, t);
}

int dt_declr_param(struct dt_pcb *pcb, struct dt_declr *d,
		   const struct dt_tspec *ts)
{
	struct dt_type t;

	if (dt_declr_type(pcb, ts, d, &t))
		return -1;
	d->dr_void = t.kind == DT_T_VOID && !d->dr_ndims && !d->dr_null;
	return 0;
}

int dt_plist_add(struct dt_pcb *pcb, struct dt_plist *pl, struct dt_declr *d)
{
	int rc = 0;

	pl->pl_n++;
	pl->pl_nvoid += d->dr_void;
	if (d->dr_keys.tl_n)
		rc = dt_error(pcb, &d->dr_loc, "D_DECL_PROTO_TYPE", "function "
			      "prototype may not use parameter of type "
			      "dynamic variable: %s, parameter #%d",
			      d->dr_name ? d->dr_name : "(anonymous)",
			      pl->pl_n);
	else if (d->dr_void && d->dr_name)
		rc = dt_error(pcb, &d->dr_loc, "D_DECL_PROTO_NAME", "void "
			      "parameter may not have a name: %s", d->dr_name);
	dt_declr_free(d);
	return rc;
}

int dt_plist_end(struct dt_pcb *pcb, const struct dt_plist *pl,
		 const void *loc)
{
	if (pl->pl_nvoid && pl->pl_n > 1)
		return dt_error(pcb, loc, "D_DECL_PROTO_VOID",
				"void must be sole parameter");
	return 0;
}

/* Scratch a clause-local array may take (alloca( )'s own bound). */
#define DT_LOCAL_BYTES_MAX	(64u * 1024)

static int dt_parse_decl(struct dt_pcb *pcb, enum dt_vscope scope,
			 const struct dt_tspec *ts, struct dt_declr *dr)
{
	struct dt_decl *d = calloc(1, sizeof(*d)), **pp;
	const struct dt_loc *l = &dr->dr_loc;
	const char *name = dr->dr_name;
	int i;

	if (!d)
		return dt_error(pcb, l, "D_NOMEM", "out of memory");
	d->d_name = dr->dr_name;
	dr->dr_name = NULL;
	d->d_scope = scope;
	d->d_loc = *l;
	for (pp = &pcb->pcb_prog.p_decls; *pp; pp = &(*pp)->d_next)
		;
	*pp = d;
	if (dt_declr_type(pcb, ts, dr, &d->d_type))
		return -1;
	if (dr->dr_null)
		return dt_error(pcb, l, "D_DECL_ARRNULL", "array declaration "
				"requires array dimension or tuple signature: "
				"%s", name);
	if (d->d_type.kind == DT_T_VOID)
		return dt_error(pcb, l, dr->dr_ndims ? "D_DECL_VOIDOBJ" :
				"D_DECL_VOID", dr->dr_ndims ?
				"cannot declare array of void" :
				"cannot declare variable %s as type void",
				name);
	if (dr->dr_ndims) {
		if (dr->dr_ndims > 1)
			return dt_error(pcb, l, "D_UNSUPPORTED", "arrays of "
					"arrays are not supported: %s", name);
		d->d_dim = (uint32_t)dr->dr_dims[0];
		if (scope == DT_V_LOCAL) {
			if (d->d_type.kind == DT_T_STRING)
				return dt_error(pcb, l, "D_UNSUPPORTED",
						"clause-local arrays of "
						"strings are not supported: "
						"%s", name);
			if ((uint64_t)d->d_dim * dt_type_size(&d->d_type) >
			    DT_LOCAL_BYTES_MAX)
				return dt_error(pcb, l, "D_DECL_ARRBIG",
						"array dimension too big");
			return 0;
		}
		/* kept as an array keyed by its index (dt_check.c) */
		d->d_nkeys = 1;
		d->d_keys[0] = dt_type_long;
		return 0;
	}
	if (dr->dr_keys.tl_n) {
		if (scope == DT_V_LOCAL)	/* as DTrace */
			return dt_error(pcb, l, "D_DECL_LOCASSC",
					"associative arrays may not be declared "
					"as local variables: %s", name);
		d->d_nkeys = dr->dr_keys.tl_n;
		for (i = 0; i < d->d_nkeys; i++) {
			if (dr->dr_keys.tl_types[i].kind == DT_T_VOID)
				return dt_error(pcb, l, "D_DECL_VOID",
						"%s[ ] key #%d is void", name,
						i + 1);
			d->d_keys[i] = dr->dr_keys.tl_types[i];
		}
	}
	return 0;
}

int dt_parse_decls(struct dt_pcb *pcb, enum dt_vscope scope,
		   const struct dt_tspec *ts, struct dt_declr *list)
{
	struct dt_declr *d;
	struct dt_type t;
	int rc = 0;

	/* a prototype declares a function: an extern, as in DTrace */
	for (d = list; d && !rc; d = d->dr_next)
		rc = d->dr_func ? dt_declr_type(pcb, ts, d, &t) :
			dt_parse_decl(pcb, scope, ts, d);
	dt_declr_free(list);
	return rc;
}

/*
 * The kernel's symbols have their types from BTF: an extern only has to
 * be a declaration D could make.
 */
int dt_parse_externs(struct dt_pcb *pcb, const struct dt_tspec *ts,
		     struct dt_declr *list)
{
	struct dt_declr *d;
	struct dt_type t;
	int rc = 0;

	for (d = list; d && !rc; d = d->dr_next)
		rc = dt_declr_type(pcb, ts, d, &t);
	dt_declr_free(list);
	return rc;
}

int dt_parse_tdefs(struct dt_pcb *pcb, const struct dt_tspec *ts,
		   struct dt_declr *list)
{
	struct dt_declr *d;
	struct dt_type t;
	int rc = 0;

	for (d = list; d && !rc; d = d->dr_next) {
		if (d->dr_ndims || d->dr_null || d->dr_keys.tl_n) {
			rc = dt_error(pcb, &d->dr_loc, "D_UNSUPPORTED",
				      "array typedefs are not supported: %s",
				      d->dr_name);
			break;
		}
		if (d->dr_func) {
			rc = dt_error(pcb, &d->dr_loc, "D_UNSUPPORTED",
				      "function typedefs are not supported: "
				      "%s", d->dr_name);
			break;
		}
		rc = dt_declr_type(pcb, ts, d, &t);
		if (!rc) {
			rc = dt_tdef_add(pcb, d->dr_name, &t, &d->dr_loc);
			d->dr_name = NULL;	/* taken, or freed */
		}
	}
	dt_declr_free(list);
	return rc;
}

/* NAME : BITS, with DTrace's checks in DTrace's order. */
static int dt_parse_bitfield(struct dt_pcb *pcb, const struct dt_tspec *ts,
			     struct dt_declr *d)
{
	const char *name = d->dr_name ? d->dr_name : "(anon)";
	struct dt_type t;

	if (dt_declr_type(pcb, ts, d, &t))
		goto fail;
	if (t.kind == DT_T_VOID && !t.ptr) {
		dt_error(pcb, &d->dr_loc, "D_DECL_VOIDOBJ", "cannot have "
			 "void member: %s", name);
		goto fail;
	}
	/* int : 0 takes no room in DTrace's layout */
	if (!d->dr_name && d->dr_bits == 0)
		return 0;
	if (d->dr_bits <= 0) {
		dt_error(pcb, &d->dr_loc, "D_DECL_BFCONST", "positive integral "
			 "constant expression expected as bit-field size");
		goto fail;
	}
	if (t.kind != DT_T_INT || t.ptr || d->dr_ndims || d->dr_func) {
		dt_error(pcb, &d->dr_loc, "D_DECL_BFTYPE", "invalid type for "
			 "bit-field: %s", name);
		goto fail;
	}
	if (d->dr_bits > 8 * t.size) {
		dt_error(pcb, &d->dr_loc, "D_DECL_BFSIZE", "bit-field too big "
			 "for type: %s", name);
		goto fail;
	}
	return dt_sou_bitfield_add(pcb, pcb->pcb_sou, d->dr_name, &t,
				   (unsigned int)d->dr_bits, &d->dr_loc);
fail:
	free(d->dr_name);
	return -1;
}

int dt_parse_members(struct dt_pcb *pcb, const struct dt_tspec *ts,
		     struct dt_declr *list, const void *loc)
{
	struct dt_declr *d;
	struct dt_type t;
	int64_t nelems;
	int rc = 0, i;

	if (!list) {
		/* struct { ... }; inside a struct: its members are ours */
		if (dt_tspec_type(pcb, loc, ts, &t))
			return -1;
		return dt_sou_anon_add(pcb, pcb->pcb_sou, &t, loc);
	}
	for (d = list; d && !rc; d = d->dr_next) {
		if (d->dr_bitfield) {
			rc = dt_parse_bitfield(pcb, ts, d);
			d->dr_name = NULL;	/* taken, or freed */
			continue;
		}
		if (d->dr_null || d->dr_keys.tl_n) {
			rc = dt_error(pcb, &d->dr_loc, "D_DECL_ARRNULL",
				      "array declaration requires array "
				      "dimension: %s", d->dr_name);
			break;
		}
		if (d->dr_func && !d->dr_fptr) {
			rc = dt_error(pcb, &d->dr_loc, "D_DECL_MTYPE", "member "
				      "%s may not be a function", d->dr_name);
			break;
		}
		rc = dt_declr_type(pcb, ts, d, &t);
		if (rc && ts->ts_fwd[0] && !d->dr_ptr) {
			/*
			 * nor the kernel's: DTrace's word for it, and why
			 * the kernel's could not be looked at, if so
			 */
			const char *why = strstr(pcb->pcb_errmsg,
						 "kernel type information is");
			char *was = why ? strdup(why) : NULL;

			pcb->pcb_failed = false;
			dt_error(pcb, &d->dr_loc, "D_DECL_INCOMPLETE",
				 "incomplete struct/union/enum %s %s: %s%s%s%s",
				 ts->ts_fwdunion ? "union" : "struct",
				 ts->ts_fwd, d->dr_name, was ? " (" : "",
				 was ? was : "", was ? ")" : "");
			free(was);
		}
		if (rc)
			break;
		/* int (*f)(void): a pointer, as D reads no code */
		if (d->dr_func)
			t = dt_type_ptrto(&dt_type_void);
		/* a[2][3] is laid out as a[6] */
		for (i = 0, nelems = d->dr_ndims ? 1 : 0; i < d->dr_ndims;
		     i++)
			nelems = d->dr_dims[i] > 65536 || nelems > 65536 ?
				65537 : nelems * (int64_t)d->dr_dims[i];
		rc = dt_sou_member_add(pcb, pcb->pcb_sou, d->dr_name, &t,
				       nelems, &d->dr_loc);
		d->dr_name = NULL;	/* taken, or freed */
	}
	dt_declr_free(list);
	return rc;
}

int dt_parse_typeonly(struct dt_pcb *pcb, const struct dt_tspec *ts,
		      const void *loc)
{
	if (ts->ts_named && !ts->ts_ptr && (ts->ts_type.kind == DT_T_SOU ||
					    ts->ts_enum))
		return 0;
	return dt_error(pcb, loc, "D_DECL_USELESS", "useless declaration");
}
