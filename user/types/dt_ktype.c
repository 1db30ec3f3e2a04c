// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel types as D types (dt_ktype.h). A kernel struct is one struct
 * dt_sou per BTF type, so two paths to the same type compare equal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_btf.h"
#include "dt_error.h"
#include "dt_ktype.h"
#include "dt_types.h"

/* Pointers to pointers deeper than this are not in the kernel's types. */
#define DT_KTYPE_DEPTH	8
/* The arguments fbt's entry probes give: arg0..arg5. */
#define DT_KTYPE_FBTARGS	6

/* "mod`name": the module (NULL: the kernel) and the name. */
static const char *dt_ktype_scope(const char *scoped, char *mod,
				  size_t len)
{
	const char *q = strchr(scoped, '`');

	if (!q) {
		*mod = '\0';
		return scoped;
	}
	snprintf(mod, len, "%.*s", (int)(q - scoped), scoped);
	return q + 1;
}

/* Module mod's types (or the kernel's), or an error naming what for. */
static const struct dt_btf *dt_ktype_set(struct dt_pcb *pcb, const char *mod,
					 const char *what,
					 const struct dt_loc *loc)
{
	char err[512];
	const struct dt_btf *bt = dt_btf_module(mod, err, sizeof(err));

	if (!bt)
		dt_error(pcb, loc, "D_TYPE_ERR", "no type information for %s: "
			 "%s", what, err);
	return bt;
}

static int dt_ktype_sou_of(struct dt_pcb *pcb, const struct dt_btf *bt,
			   const struct dt_btf_info *bi, struct dt_type *out)
{
	const struct dt_btf *own = dt_btf_owner(bt, bi->bi_id);
	struct dt_sou *s;

	for (s = pcb->pcb_prog.p_sous; s; s = s->s_next)
		if (s->s_btf == own && s->s_btfid == bi->bi_id)
			break;
	if (!s) {
		s = calloc(1, sizeof(*s));
		if (!s || !(s->s_name = strdup(bi->bi_name))) {
			free(s);
			return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		}
		s->s_union = bi->bi_kind == DT_BTFK_UNION;
		s->s_defined = !bi->bi_opaque;
		s->s_size = bi->bi_size;
		s->s_align = bi->bi_align;
		s->s_btf = own;
		s->s_btfid = bi->bi_id;
		s->s_next = pcb->pcb_prog.p_sous;
		pcb->pcb_prog.p_sous = s;
	}
	memset(out, 0, sizeof(*out));
	out->kind = DT_T_SOU;
	out->sou = s;
	return 0;
}

static int dt_ktype_unsupported(struct dt_pcb *pcb, const struct dt_btf *bt,
				uint32_t id, const struct dt_loc *loc)
{
	char name[256];

	return dt_error(pcb, loc, "D_TYPE_ERR", "kernel type %s is not "
			"supported in D", dt_btf_name(bt, id, name,
						      sizeof(name)));
}

/* What a pointer to id points to: what D cannot read is void. */
static int dt_ktype_conv_at(struct dt_pcb *pcb, const struct dt_btf *bt,
			    uint32_t id, const struct dt_loc *loc,
			    struct dt_type *out, int depth)
{
	struct dt_btf_info bi;
	struct dt_type to;

	dt_btf_info(bt, id, &bi);
	switch (bi.bi_kind) {
	case DT_BTFK_VOID:
		*out = dt_type_void;
		return 0;
	case DT_BTFK_INT:
	case DT_BTFK_ENUM:
		if (bi.bi_size != 1 && bi.bi_size != 2 && bi.bi_size != 4 &&
		    bi.bi_size != 8)
			break;
		*out = bi.bi_signed ? dt_type_int : dt_type_uint;
		out->size = (uint8_t)bi.bi_size;
		return 0;
	case DT_BTFK_STRUCT:
	case DT_BTFK_UNION:
		return dt_ktype_sou_of(pcb, bt, &bi, out);
	case DT_BTFK_PTR:
	case DT_BTFK_ARRAY:	/* an array is its first element's address */
		if (depth >= DT_KTYPE_DEPTH)
			break;
		if (dt_ktype_conv_at(pcb, bt, bi.bi_ref, loc, &to, depth + 1))
			return -1;
		*out = dt_type_ptrto(&to);
		return 0;
	default:
		break;
	}
	if (!depth)
		return dt_ktype_unsupported(pcb, bt, id, loc);
	/* pointed to only: a function, a float, an int128 */
	*out = dt_type_void;
	return 0;
}

int dt_ktype_conv(struct dt_pcb *pcb, const struct dt_btf *bt, uint32_t id,
		  const struct dt_loc *loc, struct dt_type *out)
{
	return dt_ktype_conv_at(pcb, bt, id, loc, out, 0);
}

int dt_ktype_sou(struct dt_pcb *pcb, const char *name, bool is_union,
		 const struct dt_loc *loc, struct dt_type *out)
{
	const char *kind = is_union ? "union" : "struct";
	char mod[128], cname[300];
	const struct dt_btf *bt;
	int64_t id;

	name = dt_ktype_scope(name, mod, sizeof(mod));
	snprintf(cname, sizeof(cname), "%s %s", kind, name);
	bt = dt_ktype_set(pcb, mod, cname, loc);
	if (!bt)
		return -1;
	id = dt_btf_lookup(bt, cname, NULL, 0);
	if (id <= 0 && *mod)
		return dt_error(pcb, loc, "D_TYPE_ERR", "%s is not a known "
				"type: module %s's types do not define it",
				cname, mod);
	if (id <= 0)
		return dt_error(pcb, loc, "D_TYPE_ERR", "%s is not a known "
				"type: neither the script nor the kernel's "
				"types define it", cname);
	return dt_ktype_conv(pcb, bt, (uint32_t)id, loc, out);
}

/* A type (var false) or a variable's type by its scoped name. */
static int dt_ktype_named(struct dt_pcb *pcb, const char *scoped, bool var,
			  const struct dt_loc *loc, struct dt_type *out)
{
	char mod[128];
	const char *name = dt_ktype_scope(scoped, mod, sizeof(mod));
	const struct dt_btf *bt = dt_btf_module(mod, NULL, 0);
	int64_t id = !bt ? -1 : var ? dt_btf_var(bt, name) :
		dt_btf_lookup(bt, name, NULL, 0);

	if (id < 0 || (var && !id))
		return 1;
	return dt_ktype_conv(pcb, bt, (uint32_t)id, loc, out);
}

int dt_ktype_typedef(struct dt_pcb *pcb, const char *scoped,
		     const struct dt_loc *loc, struct dt_type *out)
{
	return dt_ktype_named(pcb, scoped, false, loc, out);
}

int dt_ktype_var(struct dt_pcb *pcb, const char *scoped,
		 const struct dt_loc *loc, struct dt_type *out)
{
	return dt_ktype_named(pcb, scoped, true, loc, out);
}

int dt_ktype_member(struct dt_pcb *pcb, const struct dt_sou *s,
		    const char *name, const struct dt_loc *loc,
		    struct dt_member *m)
{
	const struct dt_btf *bt = s->s_btf;
	struct dt_btf_member bm;
	struct dt_btf_info bi;
	uint64_t nelems = 1;
	uint32_t elem;
	char err[512];
	int depth;

	if (dt_btf_member(bt, s->s_btfid, name, &bm, err, sizeof(err)))
		return dt_error(pcb, loc, "D_MEMBER_NAME", "%s", err);
	memset(m, 0, sizeof(*m));
	m->m_off = bm.bm_off;
	m->m_bitoff = bm.bm_bitoff;
	m->m_bitsize = bm.bm_bitsize;
	dt_btf_info(bt, bm.bm_type, &bi);
	if (bi.bi_kind != DT_BTFK_ARRAY)
		return dt_ktype_conv(pcb, bt, bm.bm_type, loc, &m->m_type);
	/* int a[2][3] reads as int a[6]; char c[N] as a string */
	for (depth = 0; bi.bi_kind == DT_BTFK_ARRAY &&
	     depth < DT_KTYPE_DEPTH; depth++) {
		nelems *= bi.bi_nelems;
		elem = bi.bi_ref;
		dt_btf_info(bt, elem, &bi);
	}
	if (dt_ktype_conv(pcb, bt, elem, loc, &m->m_type))
		return -1;
	/* a flexible array: its address, of one element as far as we know */
	m->m_nelems = nelems > 65536 ? 65536 : nelems ? (uint32_t)nelems : 1;
	if (m->m_type.kind == DT_T_INT && m->m_type.size == 1 &&
	    !m->m_type.ptr)
		m->m_str = DT_MSTR_ARRAY;
	return 0;
}

bool dt_ktype_curthread(struct dt_pcb *pcb, struct dt_type *out)
{
	const struct dt_btf *bt = dt_btf_kernel(NULL, 0);
	struct dt_type t;
	int64_t id;

	if (!bt)
		return false;
	id = dt_btf_lookup(bt, "struct task_struct", NULL, 0);
	if (id <= 0 || dt_ktype_conv(pcb, bt, (uint32_t)id, NULL, &t))
		return false;
	*out = dt_type_ptrto(&t);
	return true;
}

bool dt_ktype_enumval(const char *name, int64_t *val)
{
	const struct dt_btf *bt = dt_btf_kernel(NULL, 0);

	return bt && dt_btf_enumval(bt, name, val);
}

int dt_ktype_fbtarg(struct dt_pcb *pcb, const char *mod, const char *fn,
		    bool ret, int64_t idx, const struct dt_loc *loc,
		    struct dt_type *out)
{
	const struct dt_btf *bt = dt_btf_module(mod, NULL, 0);
	struct dt_btf_func f;
	uint32_t id;

	if (!bt || dt_btf_func(bt, fn, &f, NULL, 0))
		return 1;
	if (ret) {
		if (idx != 1 || !f.bf_ret)
			return 1;
		id = f.bf_ret;
	} else {
		/* past the registers fbt reads: untyped, as before */
		if (idx >= DT_KTYPE_FBTARGS && idx < f.bf_nargs)
			return 1;
		if (idx < 0 || idx >= f.bf_nargs)
			return dt_error(pcb, loc, "D_ARGS_IDX", "index %lld is "
					"out of range for fbt::%s:entry "
					"args[ ]", (long long)idx, fn);
		id = f.bf_args[idx];
	}
	if (dt_ktype_conv(pcb, bt, id, loc, out))
		return -1;
	/* a struct passed by value: not a register's worth */
	return out->kind == DT_T_INT ? 0 : 1;
}

int dt_sou_member_get(struct dt_pcb *pcb, const struct dt_sou *s,
		      const char *name, const struct dt_loc *loc,
		      struct dt_member *m)
{
	const struct dt_member *sm;

	if (s->s_btf)
		return dt_ktype_member(pcb, s, name, loc, m);
	sm = dt_sou_member(s, name);
	if (!sm)
		return dt_error(pcb, loc, "D_MEMBER_NAME", "%s is not a member "
				"of %s %s", name, s->s_union ? "union" :
				"struct", s->s_name);
	*m = *sm;
	return 0;
}

int dt_sou_type(struct dt_pcb *pcb, const char *name, bool is_union,
		const struct dt_loc *loc, struct dt_type *out)
{
	const struct dt_sou *s = strchr(name, '`') ? NULL :
		dt_sou_lookup(&pcb->pcb_prog, name, is_union);

	if (!s)
		return dt_ktype_sou(pcb, name, is_union, loc, out);
	memset(out, 0, sizeof(*out));
	out->kind = DT_T_SOU;
	out->sou = s;
	return 0;
}
