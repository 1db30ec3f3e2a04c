// SPDX-License-Identifier: GPL-2.0
/*
 * Building DIF object blobs: the layout dif_prog_load() expects.
 */
#include "dif_asm.h"

#define DIF_ALIGN8(x)	(((x) + 7) & ~(u64)7)

u32 dif_blob_size(const struct dif_prog *src)
{
	u64 n = sizeof(struct dif_object_hdr);

	n += (u64)src->ninsns * sizeof(struct dif_insn);
	n += (u64)src->nints * sizeof(u64);
	n += (u64)src->nvars * sizeof(struct dif_var);
	n += DIF_ALIGN8((u64)src->strlen);
	return n > 0xffffffffu ? 0 : (u32)n;
}

u32 dif_blob_build(const struct dif_prog *src, void *buf, u32 size)
{
	struct dif_object_hdr *h = buf;
	u32 need = dif_blob_size(src), off;
	u8 *b = buf;

	if (!need || need > size)
		return 0;
	memset(buf, 0, need);
	h->doh_size = need;
	h->doh_magic = DIF_OBJECT_MAGIC;
	h->doh_rtype = src->rtype;
	if (!h->doh_rtype.dt_size && h->doh_rtype.dt_kind == DIF_TYPE_INT)
		h->doh_rtype.dt_size = 8;	/* unset: a 64-bit integer */
	off = sizeof(*h);

	h->doh_ninsns = src->ninsns;
	if (src->ninsns) {
		h->doh_insn_off = off;
		memcpy(b + off, src->insns, src->ninsns * sizeof(*src->insns));
		off += src->ninsns * sizeof(*src->insns);
	}
	h->doh_nints = src->nints;
	if (src->nints) {
		h->doh_int_off = off;
		memcpy(b + off, src->ints, src->nints * sizeof(u64));
		off += src->nints * sizeof(u64);
	}
	h->doh_nvars = src->nvars;
	if (src->nvars) {
		h->doh_var_off = off;
		memcpy(b + off, src->vars, src->nvars * sizeof(*src->vars));
		off += src->nvars * sizeof(*src->vars);
	}
	h->doh_strlen = src->strlen;
	if (src->strlen) {
		h->doh_str_off = off;
		memcpy(b + off, src->strtab, src->strlen);
	}
	return need;
}
