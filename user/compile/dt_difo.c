// SPDX-License-Identifier: GPL-2.0
/*
 * DIF objects: building the tables and laying out the blob.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_difo.h"

void dt_difo_init(struct dt_difo *d)
{
	memset(d, 0, sizeof(*d));
}

void dt_difo_fini(struct dt_difo *d)
{
	free(d->d_insns);
	free(d->d_ints);
	free(d->d_strtab);
	free(d->d_vars);
	memset(d, 0, sizeof(*d));
}

static int dt_difo_grow(void **p, uint32_t *cap, uint32_t need, size_t elem)
{
	uint32_t ncap;
	void *np;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	while (ncap < need)
		ncap *= 2;
	np = realloc(*p, (size_t)ncap * elem);
	if (!np)
		return -1;
	*p = np;
	*cap = ncap;
	return 0;
}

uint32_t dt_difo_emit(struct dt_difo *d, enum dif_opcode op, unsigned rd,
		      unsigned ra, unsigned rb, int32_t imm)
{
	struct dif_insn *in;

	if (d->d_ninsns >= DIF_INSNS_MAX ||
	    dt_difo_grow((void **)&d->d_insns, &d->d_insncap,
			 d->d_ninsns + 1, sizeof(*in))) {
		d->d_failed = 1;
		return d->d_ninsns ? d->d_ninsns - 1 : 0;
	}
	in = &d->d_insns[d->d_ninsns];
	in->di_op = (__u8)op;
	in->di_rd = (__u8)rd;
	in->di_ra = (__u8)ra;
	in->di_rb = (__u8)rb;
	in->di_imm = imm;
	return d->d_ninsns++;
}

void dt_difo_patch(struct dt_difo *d, uint32_t at)
{
	if (at < d->d_ninsns)
		d->d_insns[at].di_imm = (int32_t)(d->d_ninsns - at - 1);
}

uint32_t dt_difo_int(struct dt_difo *d, uint64_t v)
{
	uint32_t i;

	for (i = 0; i < d->d_nints; i++)
		if (d->d_ints[i] == v)
			return i;
	if (d->d_nints >= DIF_INTS_MAX ||
	    dt_difo_grow((void **)&d->d_ints, &d->d_intcap, d->d_nints + 1,
			 sizeof(uint64_t))) {
		d->d_failed = 1;
		return 0;
	}
	d->d_ints[d->d_nints] = v;
	return d->d_nints++;
}

uint32_t dt_difo_str(struct dt_difo *d, const char *s)
{
	size_t n = strlen(s) + 1;
	uint32_t off = 0;

	/* reuse an equal string (SETS must point at a string's start) */
	while (off < d->d_strlen) {
		size_t l = strlen(d->d_strtab + off) + 1;

		if (l == n && memcmp(d->d_strtab + off, s, n) == 0)
			return off;
		off += (uint32_t)l;
	}
	if (d->d_strlen + n > DIF_STRTAB_MAX ||
	    dt_difo_grow((void **)&d->d_strtab, &d->d_strcap,
			 d->d_strlen + (uint32_t)n, 1)) {
		d->d_failed = 1;
		return 0;
	}
	off = d->d_strlen;
	memcpy(d->d_strtab + off, s, n);
	d->d_strlen += (uint32_t)n;
	return off;
}

void dt_difo_var(struct dt_difo *d, const struct dif_var *v)
{
	uint32_t i;

	for (i = 0; i < d->d_nvars; i++)
		if (d->d_vars[i].dv_id == v->dv_id &&
		    d->d_vars[i].dv_scope == v->dv_scope)
			return;
	if (d->d_nvars >= DIF_VARS_MAX ||
	    dt_difo_grow((void **)&d->d_vars, &d->d_varcap, d->d_nvars + 1,
			 sizeof(*v))) {
		d->d_failed = 1;
		return;
	}
	d->d_vars[d->d_nvars++] = *v;
}

static size_t dt_align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

void *dt_difo_blob(const struct dt_difo *d, size_t *len)
{
	struct dif_object_hdr h;
	size_t off = dt_align8(sizeof(h)), size;
	char *b;

	if (d->d_failed)
		return NULL;
	memset(&h, 0, sizeof(h));
	h.doh_magic = DIF_OBJECT_MAGIC;
	h.doh_insn_off = (__u32)off;
	h.doh_ninsns = d->d_ninsns;
	off = dt_align8(off + d->d_ninsns * sizeof(struct dif_insn));
	h.doh_int_off = d->d_nints ? (__u32)off : 0;
	h.doh_nints = d->d_nints;
	off = dt_align8(off + d->d_nints * sizeof(uint64_t));
	h.doh_var_off = d->d_nvars ? (__u32)off : 0;
	h.doh_nvars = d->d_nvars;
	off = dt_align8(off + d->d_nvars * sizeof(struct dif_var));
	h.doh_str_off = d->d_strlen ? (__u32)off : 0;
	h.doh_strlen = d->d_strlen;
	off = dt_align8(off + d->d_strlen);
	size = off;
	h.doh_size = (__u32)size;
	h.doh_rtype = d->d_rtype;

	b = calloc(1, size);
	if (!b)
		return NULL;
	memcpy(b, &h, sizeof(h));
	if (d->d_ninsns)
		memcpy(b + h.doh_insn_off, d->d_insns,
		       d->d_ninsns * sizeof(struct dif_insn));
	if (d->d_nints)
		memcpy(b + h.doh_int_off, d->d_ints,
		       d->d_nints * sizeof(uint64_t));
	if (d->d_nvars)
		memcpy(b + h.doh_var_off, d->d_vars,
		       d->d_nvars * sizeof(struct dif_var));
	if (d->d_strlen)
		memcpy(b + h.doh_str_off, d->d_strtab, d->d_strlen);
	*len = size;
	return b;
}
