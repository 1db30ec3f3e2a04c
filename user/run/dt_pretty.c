// SPDX-License-Identifier: GPL-2.0
/*
 * print( )'s output (dt_pretty.h): a walk of the value's type over the
 * recorded bytes. Every read is checked against the bytes there are: a
 * member past them prints as "?" (null in JSON).
 */
#include <string.h>

#include "dt_btf.h"
#include "dt_json.h"
#include "dt_pretty.h"
#include "dt_types.h"

#define DT_PRETTY_DEPTH	32

/* A type to print by: BTF's (bt set) or the script's. */
struct dt_pv {
	const struct dt_btf	*bt;
	uint32_t		id;
	struct dt_type		t;
	uint32_t		nelems;	/* the script's arrays */
};

enum dt_pkind { DT_PK_INT, DT_PK_ENUM, DT_PK_PTR, DT_PK_SOU, DT_PK_ARRAY,
		DT_PK_STR, DT_PK_OTHER };

/* What a view is: its kind, size, sign, and an array's elements. */
struct dt_pinfo {
	enum dt_pkind	kind;
	uint32_t	size;
	bool		sgn;
	uint32_t	nelems;
	struct dt_pv	elem;
};

struct dt_pp {
	FILE	*fp;
	bool	json;
};

/* A struct of the kernel's is printed by its BTF. */
static void dt_pv_norm(struct dt_pv *v)
{
	if (!v->bt && !v->nelems && v->t.kind == DT_T_SOU && !v->t.ptr &&
	    v->t.sou && v->t.sou->s_btf) {
		v->bt = v->t.sou->s_btf;
		v->id = v->t.sou->s_btfid;
	}
}

static void dt_pv_info(struct dt_pv v, struct dt_pinfo *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->kind = DT_PK_OTHER;
	dt_pv_norm(&v);
	if (v.bt) {
		struct dt_btf_info bi;

		dt_btf_info(v.bt, v.id, &bi);
		pi->size = bi.bi_size;
		pi->sgn = bi.bi_signed;
		switch (bi.bi_kind) {
		case DT_BTFK_INT:
			pi->kind = DT_PK_INT;
			break;
		case DT_BTFK_ENUM:
			pi->kind = DT_PK_ENUM;
			break;
		case DT_BTFK_PTR:
			pi->kind = DT_PK_PTR;
			break;
		case DT_BTFK_ARRAY:
			pi->kind = DT_PK_ARRAY;
			pi->nelems = bi.bi_nelems;
			pi->elem.bt = v.bt;
			pi->elem.id = bi.bi_ref;
			break;
		case DT_BTFK_STRUCT:
		case DT_BTFK_UNION:
			if (!bi.bi_opaque)
				pi->kind = DT_PK_SOU;
			break;
		default:
			break;
		}
		return;
	}
	if (v.nelems) {
		struct dt_pv e = { .t = v.t };
		struct dt_pinfo ei;

		dt_pv_info(e, &ei);
		pi->kind = DT_PK_ARRAY;
		pi->nelems = v.nelems;
		pi->elem = e;
		pi->size = ei.size * v.nelems;
		return;
	}
	if (v.t.ptr) {
		pi->kind = DT_PK_PTR;
		pi->size = 8;
	} else if (v.t.kind == DT_T_INT) {
		pi->kind = DT_PK_INT;
		pi->size = v.t.size;
		pi->sgn = v.t.is_signed;
	} else if (v.t.kind == DT_T_SOU && v.t.sou && v.t.sou->s_defined) {
		pi->kind = DT_PK_SOU;
		pi->size = v.t.sou->s_size;
	} else if (v.t.kind == DT_T_STRING) {
		pi->kind = DT_PK_STR;
	}
}

/* Member i of a struct or union: its name, or NULL past the last. */
static const char *dt_pv_member(const struct dt_pv *v, int i,
				struct dt_pv *mv, uint32_t *off,
				uint8_t *bitoff, uint8_t *bitsize)
{
	memset(mv, 0, sizeof(*mv));
	if (v->bt) {
		struct dt_btf_member m;
		const char *name;

		if (i >= dt_btf_nmembers(v->bt, v->id))
			return NULL;
		name = dt_btf_member_at(v->bt, v->id, i, &m);
		mv->bt = v->bt;
		mv->id = m.bm_type;
		*off = m.bm_off;
		*bitoff = m.bm_bitoff;
		*bitsize = m.bm_bitsize;
		return name ? name : "";
	}
	if (i >= v->t.sou->s_nmems)
		return NULL;
	mv->t = v->t.sou->s_mems[i].m_type;
	mv->nelems = v->t.sou->s_mems[i].m_nelems;
	*off = v->t.sou->s_mems[i].m_off;
	*bitoff = v->t.sou->s_mems[i].m_bitoff;
	*bitsize = v->t.sou->s_mems[i].m_bitsize;
	return v->t.sou->s_mems[i].m_name;
}

static void dt_pp_indent(struct dt_pp *pp, int depth)
{
	fprintf(pp->fp, "%*s", depth * 4, "");
}

/* A char array: up to its first NUL, with C's escapes (text). */
static void dt_pp_chars(struct dt_pp *pp, const uint8_t *p, uint32_t n)
{
	uint32_t i;

	if (pp->json) {
		dt_json_str(pp->fp, (const char *)p, n);
		return;
	}
	fputc('"', pp->fp);
	for (i = 0; i < n && p[i]; i++) {
		if (p[i] == '"' || p[i] == '\\')
			fprintf(pp->fp, "\\%c", p[i]);
		else if (p[i] < ' ' || p[i] > '~')
			fprintf(pp->fp, "\\%03o", p[i]);
		else
			fputc(p[i], pp->fp);
	}
	fputc('"', pp->fp);
}

static uint64_t dt_pp_load(const uint8_t *p, uint32_t size)
{
	uint64_t u = 0;

	/* little-endian, as the machines the module runs on */
	while (size--)
		u = u << 8 | p[size];
	return u;
}

static void dt_pp_value(struct dt_pp *pp, const struct dt_pv *v,
			const uint8_t *p, uint32_t avail, uint8_t bitoff,
			uint8_t bitsize, int depth);

static void dt_pp_sou(struct dt_pp *pp, const struct dt_pv *v,
		      const uint8_t *p, uint32_t avail, int depth, bool *first)
{
	uint8_t bitoff, bitsize;
	struct dt_pinfo mi;
	struct dt_pv mv, nv;
	const char *name;
	uint32_t off;
	int i;

	nv = *v;
	dt_pv_norm(&nv);
	if (nv.bt) {
		struct dt_btf_info bi;

		/* a declared-only struct: its definition's members */
		dt_btf_info(nv.bt, nv.id, &bi);
		nv.id = bi.bi_id;
	}
	for (i = 0; (name = dt_pv_member(&nv, i, &mv, &off, &bitoff,
					  &bitsize)); i++) {
		if (!*name) {
			/* an anonymous struct or union: its members are ours */
			dt_pv_info(mv, &mi);
			if (mi.kind == DT_PK_SOU && off <= avail &&
			    depth < DT_PRETTY_DEPTH)
				dt_pp_sou(pp, &mv, p + off, avail - off, depth,
					  first);
			continue;
		}
		if (pp->json) {
			if (!*first)
				fputc(',', pp->fp);
			dt_json_str(pp->fp, name, strlen(name));
			fputc(':', pp->fp);
		} else {
			dt_pp_indent(pp, depth + 1);
			fprintf(pp->fp, "%s = ", name);
		}
		*first = false;
		if (off > avail)
			dt_pp_value(pp, &mv, p, 0, 0, 0, depth + 1);
		else
			dt_pp_value(pp, &mv, p + off, avail - off, bitoff,
				    bitsize, depth + 1);
		if (!pp->json)
			fputc('\n', pp->fp);
	}
}

static void dt_pp_value(struct dt_pp *pp, const struct dt_pv *v,
			const uint8_t *p, uint32_t avail, uint8_t bitoff,
			uint8_t bitsize, int depth)
{
	struct dt_pinfo pi, ei;
	const char *en;
	bool first = true;
	uint64_t u;
	uint32_t i;

	dt_pv_info(*v, &pi);
	if (pi.kind == DT_PK_OTHER || depth > DT_PRETTY_DEPTH ||
	    (pi.kind != DT_PK_STR && pi.kind != DT_PK_SOU &&
	     pi.kind != DT_PK_ARRAY &&
	     (bitsize ? (bitoff + bitsize + 7u) / 8 : pi.size) > avail) ||
	    ((pi.kind == DT_PK_INT || pi.kind == DT_PK_ENUM) &&
	     (pi.size < 1 || pi.size > 8))) {
		fputs(pp->json ? "null" : "?", pp->fp);
		return;
	}
	switch (pi.kind) {
	case DT_PK_INT:
	case DT_PK_ENUM:
		if (bitsize) {
			u = dt_pp_load(p, (bitoff + bitsize + 7u) / 8);
			u >>= bitoff;
			if (bitsize < 64)
				u &= (1ull << bitsize) - 1;
			pi.sgn = false;
		} else {
			u = dt_pp_load(p, pi.size);
			if (pi.sgn && pi.size < 8 &&
			    (u >> (pi.size * 8 - 1)) & 1)
				u |= ~0ull << (pi.size * 8);
		}
		en = pi.kind == DT_PK_ENUM && v->bt ?
			dt_btf_enum_name(v->bt, v->id, (int64_t)u) : NULL;
		if (en && pp->json)
			dt_json_str(pp->fp, en, strlen(en));
		else if (en)
			fputs(en, pp->fp);
		else if (pp->json)
			fprintf(pp->fp, pi.sgn ? "%lld" : "%llu",
				(unsigned long long)u);
		else
			fprintf(pp->fp, "0x%llx", (unsigned long long)
				(pi.size < 8 && !bitsize ?
				 u & ((1ull << (pi.size * 8)) - 1) : u));
		return;
	case DT_PK_PTR:
		u = dt_pp_load(p, 8);
		if (!u)
			fputs(pp->json ? "null" : "NULL", pp->fp);
		else
			fprintf(pp->fp, pp->json ? "\"0x%llx\"" : "0x%llx",
				(unsigned long long)u);
		return;
	case DT_PK_STR:
		dt_pp_chars(pp, p, avail);
		return;
	case DT_PK_ARRAY:
		dt_pv_info(pi.elem, &ei);
		if (ei.kind == DT_PK_INT && ei.size == 1) {
			dt_pp_chars(pp, p, pi.nelems);
			return;
		}
		fputs(pp->json ? "[" : "[ ", pp->fp);
		for (i = 0; i < pi.nelems; i++) {
			if (i)
				fputs(pp->json ? "," : ", ", pp->fp);
			if ((uint64_t)i * ei.size > avail)
				dt_pp_value(pp, &pi.elem, p, 0, 0, 0, depth);
			else
				dt_pp_value(pp, &pi.elem, p + i * ei.size,
					    avail - i * ei.size, 0, 0, depth);
		}
		fputs(pp->json ? "]" : " ]", pp->fp);
		return;
	case DT_PK_SOU:
		fputs(pp->json ? "{" : "{\n", pp->fp);
		dt_pp_sou(pp, v, p, avail, depth, &first);
		if (!pp->json)
			dt_pp_indent(pp, depth);
		fputc('}', pp->fp);
		return;
	default:
		return;
	}
}

int dt_pretty_print(FILE *fp, const struct dt_type *t, const uint8_t *p,
		    uint32_t size, bool json)
{
	struct dt_pp pp = { .fp = fp, .json = json };
	struct dt_pv v = { .t = *t };
	const char *name = dt_type_name(t);

	if (json) {
		fputs("{\"type\":", fp);
		dt_json_str(fp, name, strlen(name));
		fputs(",\"value\":", fp);
	} else {
		fprintf(fp, "%s ", name);
	}
	dt_pp_value(&pp, &v, p, size, 0, 0, 0);
	if (json)
		fputc('}', fp);
	return ferror(fp) ? -1 : 0;
}
