// SPDX-License-Identifier: GPL-2.0
/*
 * Struct, union, typedef and enum declarations of a script, laid out as
 * C lays them out on x86-64 (natural alignment, no bit-fields).
 */
#include <stdlib.h>
#include <string.h>

#include "dt_error.h"
#include "dt_types.h"

struct dt_sou *dt_sou_lookup(const struct dt_program *p, const char *name,
			     bool is_union)
{
	struct dt_sou *s;

	for (s = p->p_sous; s; s = s->s_next)
		if (!s->s_btf && s->s_union == is_union &&
		    strcmp(s->s_name, name) == 0)
			return s;
	return NULL;
}

struct dt_sou *dt_sou_begin(struct dt_pcb *pcb, char *name, bool is_union,
			    const struct dt_loc *loc)
{
	struct dt_sou *s;

	if (*name && dt_sou_lookup(&pcb->pcb_prog, name, is_union)) {
		dt_error(pcb, loc, "D_DECL_IDRED", "%s %s redeclared",
			 is_union ? "union" : "struct", name);
		free(name);
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		free(name);
		dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		return NULL;
	}
	s->s_name = name;
	s->s_union = is_union;
	s->s_align = 1;
	s->s_next = pcb->pcb_prog.p_sous;
	pcb->pcb_prog.p_sous = s;
	return s;
}

static uint32_t dt_type_align(const struct dt_type *t)
{
	if (t->kind == DT_T_SOU)
		return t->sou->s_align;
	return dt_type_size(t) ? dt_type_size(t) : 1;
}

int dt_sou_member_add(struct dt_pcb *pcb, struct dt_sou *s, char *name,
		      const struct dt_type *t, int64_t nelems,
		      const struct dt_loc *loc)
{
	uint32_t align = dt_type_align(t), size = dt_type_size(t);
	struct dt_member *m;

	if (t->kind == DT_T_VOID) {
		dt_error(pcb, loc, "D_DECL_VOIDOBJ", "cannot have void "
			 "member: %s", name);
		goto fail;
	}
	if (t->kind == DT_T_SOU && !t->sou->s_defined) {
		dt_error(pcb, loc, "D_DECL_INCOMPLETE", "incomplete "
			 "struct/union/enum %s: %s", dt_type_name(t), name);
		goto fail;
	}
	if (t->kind == DT_T_STRING) {
		dt_error(pcb, loc, "D_DECL_MTYPE", "member %s of %s %s may "
			 "not be of type %s", name, s->s_union ? "union" :
			 "struct", s->s_name, dt_type_name(t));
		goto fail;
	}
	if (nelems < 0 || nelems > 65536) {
		dt_error(pcb, loc, "D_DECL_ARRBIG", "array dimension of %s "
			 "must be from 0 to 65536", name);
		goto fail;
	}
	if (dt_sou_member(s, name)) {
		dt_error(pcb, loc, "D_UNKNOWN", "failed to define member "
			 "'%s': Duplicate member or variable name", name);
		goto fail;
	}
	m = realloc(s->s_mems, (size_t)(s->s_nmems + 1) * sizeof(*m));
	if (!m) {
		dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		goto fail;
	}
	s->s_mems = m;
	m = &m[s->s_nmems++];
	memset(m, 0, sizeof(*m));
	m->m_name = name;
	m->m_type = *t;
	m->m_nelems = (uint32_t)nelems;
	m->m_str = DT_MSTR_NONE;
	if (nelems)
		size *= (uint32_t)nelems;
	m->m_off = s->s_union ? 0 : (s->s_end + align - 1) / align * align;
	if (m->m_off + size > s->s_size)
		s->s_size = m->m_off + size;
	s->s_end = m->m_off + size;
	if (align > s->s_align)
		s->s_align = align;
	return 0;
fail:
	free(name);
	return -1;
}

/*
 * A bit-field of a script's struct or union, laid out as DTrace lays out
 * its own: the field is an integer of the smallest power-of-two size
 * that holds its bits, aligned to that size, its bits from the lowest of
 * its first byte, and the next member may start in the byte after its
 * last bit. Fields are not packed into one unit as a C compiler packs
 * them, nor do they align the struct: DTrace's
 * sizeof (struct { int a : 1; int b : 3; }) is 2, and
 * sizeof (struct { int c : 12; int a : 10; int b : 3; }) is 5. Without a
 * name it only takes its room.
 */
int dt_sou_bitfield_add(struct dt_pcb *pcb, struct dt_sou *s, char *name,
			const struct dt_type *t, unsigned int bits,
			const struct dt_loc *loc)
{
	uint32_t bytes = (bits + 7) / 8, size = 1, off;
	struct dt_member *m;

	while (size < bytes)
		size *= 2;

	if (name && dt_sou_member(s, name)) {
		dt_error(pcb, loc, "D_UNKNOWN", "failed to define member "
			 "'%s': Duplicate member or variable name", name);
		free(name);
		return -1;
	}
	off = s->s_union ? 0 : (s->s_end + size - 1) / size * size;
	if (off + size > s->s_size)
		s->s_size = off + size;
	s->s_end = off + bytes;
	if (!name)
		return 0;
	m = realloc(s->s_mems, (size_t)(s->s_nmems + 1) * sizeof(*m));
	if (!m) {
		free(name);
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	}
	s->s_mems = m;
	m = &m[s->s_nmems++];
	memset(m, 0, sizeof(*m));
	m->m_name = name;
	m->m_type = *t;
	m->m_off = off;
	m->m_str = DT_MSTR_NONE;
	m->m_bitsize = (uint8_t)bits;
	return 0;
}

int dt_sou_anon_add(struct dt_pcb *pcb, struct dt_sou *s,
		    const struct dt_type *t, const struct dt_loc *loc)
{
	const struct dt_sou *in = t->sou;
	uint32_t align, base;
	int i;

	if (t->kind != DT_T_SOU || t->ptr || *in->s_name || in->s_btf)
		return dt_error(pcb, loc, "D_DECL_MNAME", "member declaration "
				"requires a name");
	align = in->s_align;
	base = s->s_union ? 0 : (s->s_end + align - 1) / align * align;
	for (i = 0; i < in->s_nmems; i++) {
		const struct dt_member *m = &in->s_mems[i];
		struct dt_member *n;
		char *name = strdup(m->m_name);

		if (!name)
			return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		if (dt_sou_member(s, name)) {
			dt_error(pcb, loc, "D_UNKNOWN", "failed to define "
				 "member '%s': Duplicate member or variable "
				 "name", name);
			free(name);
			return -1;
		}
		n = realloc(s->s_mems, (size_t)(s->s_nmems + 1) * sizeof(*n));
		if (!n) {
			free(name);
			return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
		}
		s->s_mems = n;
		n[s->s_nmems] = *m;
		n[s->s_nmems].m_name = name;
		n[s->s_nmems++].m_off = base + m->m_off;
	}
	if (base + in->s_size > s->s_size)
		s->s_size = base + in->s_size;
	s->s_end = base + in->s_size;
	if (align > s->s_align)
		s->s_align = align;
	return 0;
}

void dt_sou_end(struct dt_sou *s)
{
	s->s_size = (s->s_size + s->s_align - 1) / s->s_align * s->s_align;
	s->s_defined = true;
}

const struct dt_member *dt_sou_member(const struct dt_sou *s,
				      const char *name)
{
	int i;

	for (i = 0; i < s->s_nmems; i++)
		if (strcmp(s->s_mems[i].m_name, name) == 0)
			return &s->s_mems[i];
	return NULL;
}

const struct dt_type *dt_tdef_lookup(const struct dt_program *p,
				     const char *name)
{
	const struct dt_tdef *t;

	for (t = p->p_tdefs; t; t = t->t_next)
		if (strcmp(t->t_name, name) == 0)
			return &t->t_type;
	return NULL;
}

int dt_tdef_add(struct dt_pcb *pcb, char *name, const struct dt_type *t,
		const struct dt_loc *loc)
{
	struct dt_tdef *d;

	if (dt_tdef_lookup(&pcb->pcb_prog, name)) {
		dt_error(pcb, loc, "D_DECL_IDRED", "identifier redeclared: %s",
			 name);
		free(name);
		return -1;
	}
	d = calloc(1, sizeof(*d));
	if (!d) {
		free(name);
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	}
	d->t_name = name;
	d->t_type = *t;
	d->t_next = pcb->pcb_prog.p_tdefs;
	pcb->pcb_prog.p_tdefs = d;
	return 0;
}

bool dt_enum_lookup(const struct dt_program *p, const char *name,
		    int64_t *val)
{
	const struct dt_enumc *e;

	for (e = p->p_enums; e; e = e->e_next) {
		if (strcmp(e->e_name, name) == 0) {
			*val = e->e_val;
			return true;
		}
	}
	return false;
}

int dt_enum_add(struct dt_pcb *pcb, char *name, int64_t val,
		const struct dt_loc *loc)
{
	struct dt_enumc *e;
	int64_t old;

	/* the enum's own enumerators are the newest */
	for (e = pcb->pcb_prog.p_enums; e && e != pcb->pcb_enumprev;
	     e = e->e_next) {
		if (strcmp(e->e_name, name) == 0) {
			dt_error(pcb, loc, "D_UNKNOWN", "failed to define "
				 "enumerator '%s': Duplicate member or "
				 "variable name", name);
			free(name);
			return -1;
		}
	}
	if (dt_enum_lookup(&pcb->pcb_prog, name, &old)) {
		dt_error(pcb, loc, "D_DECL_IDRED", "identifier redeclared: %s",
			 name);
		free(name);
		return -1;
	}
	if (val < INT32_MIN || val > INT32_MAX) {
		dt_error(pcb, loc, "D_DECL_ENOFLOW", "enumerator '%s' value "
			 "overflows INT_MAX (%d)", name, INT32_MAX);
		free(name);
		return -1;
	}
	e = calloc(1, sizeof(*e));
	if (!e) {
		free(name);
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	}
	e->e_name = name;
	e->e_val = val;
	e->e_next = pcb->pcb_prog.p_enums;
	pcb->pcb_prog.p_enums = e;
	return 0;
}

uint32_t dt_type_size(const struct dt_type *t)
{
	if (t->kind == DT_T_SOU)
		return t->sou->s_size;
	if (t->kind == DT_T_INT)
		return t->size;
	return 0;
}

struct dt_type dt_type_ptrto(const struct dt_type *t)
{
	struct dt_type p;

	if (t->ptr) {
		p = *t;
		p.ptr++;
		return p;
	}
	p = dt_type_ulong;
	p.ptr = 1;
	p.rvoid = t->kind == DT_T_VOID;
	p.rsize = t->kind == DT_T_INT ? t->size : 0;
	p.rsigned = t->kind == DT_T_INT && t->is_signed;
	p.sou = t->kind == DT_T_SOU ? t->sou : NULL;
	return p;
}

void dt_types_free(struct dt_program *p)
{
	while (p->p_sous) {
		struct dt_sou *s = p->p_sous;
		int i;

		p->p_sous = s->s_next;
		for (i = 0; i < s->s_nmems; i++)
			free(s->s_mems[i].m_name);
		free(s->s_mems);
		free(s->s_name);
		free(s);
	}
	while (p->p_tdefs) {
		struct dt_tdef *t = p->p_tdefs;

		p->p_tdefs = t->t_next;
		free(t->t_name);
		free(t);
	}
	while (p->p_enums) {
		struct dt_enumc *e = p->p_enums;

		p->p_enums = e->e_next;
		free(e->e_name);
		free(e);
	}
}
