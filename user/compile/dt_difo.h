/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A DIF object being built: instructions, integer and string tables,
 * variable table and return type; and its wire form (the blob that
 * starts with struct dif_object_hdr, see include/dtrace/dif.h).
 */
#ifndef DT_DIFO_H
#define DT_DIFO_H

#include <stddef.h>
#include <stdint.h>
#include <dtrace/dif.h>

struct dt_difo {
	struct dif_insn	*d_insns;
	uint32_t	d_ninsns, d_insncap;
	uint64_t	*d_ints;
	uint32_t	d_nints, d_intcap;
	char		*d_strtab;
	uint32_t	d_strlen, d_strcap;
	struct dif_var	*d_vars;
	uint32_t	d_nvars, d_varcap;
	struct dif_type	d_rtype;
	int		d_failed;	/* allocation or a table limit */
};

void dt_difo_init(struct dt_difo *d);
void dt_difo_fini(struct dt_difo *d);

/* Append an instruction; returns its index. */
uint32_t dt_difo_emit(struct dt_difo *d, enum dif_opcode op, unsigned rd,
		      unsigned ra, unsigned rb, int32_t imm);
/* Make the branch at index at jump to the next instruction emitted. */
void dt_difo_patch(struct dt_difo *d, uint32_t at);

uint32_t dt_difo_int(struct dt_difo *d, uint64_t v);
uint32_t dt_difo_str(struct dt_difo *d, const char *s);
/* Note a variable the object uses (once per id and scope). */
void dt_difo_var(struct dt_difo *d, const struct dif_var *v);

/* The wire form; malloc'd, *len bytes. NULL on failure. */
void *dt_difo_blob(const struct dt_difo *d, size_t *len);

#endif /* DT_DIFO_H */
