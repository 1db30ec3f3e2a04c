/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing DIF by hand, for tests, the fuzzer and the command: instruction
 * macros, a blob builder and a small text assembler. Userspace only.
 */
#ifndef _DIF_ASM_H
#define _DIF_ASM_H

#include "dif_vm.h"

#define DIF_INSN(op, rd, ra, rb, imm)					\
	((struct dif_insn){ DIF_OP_##op, (rd), (ra), (rb), (imm) })

/* One macro per operand format, named after it. */
#define DIF_NONE(op)		DIF_INSN(op, 0, 0, 0, 0)
#define DIF_A(op, a)		DIF_INSN(op, 0, a, 0, 0)
#define DIF_I(op, i)		DIF_INSN(op, 0, 0, 0, i)
#define DIF_AI(op, a, i)	DIF_INSN(op, 0, a, 0, i)
#define DIF_DI(op, d, i)	DIF_INSN(op, d, 0, 0, i)
#define DIF_DA(op, d, a)	DIF_INSN(op, d, a, 0, 0)
#define DIF_DAI(op, d, a, i)	DIF_INSN(op, d, a, 0, i)
#define DIF_DAB(op, d, a, b)	DIF_INSN(op, d, a, b, 0)
#define DIF_MAI(op, d, a, i)	DIF_INSN(op, d, a, 0, i)

#define DIF_RET(a)		DIF_A(RET, a)
#define DIF_SETI(d, i)		DIF_DI(SETI, d, i)

/* Bytes dif_blob_build() needs for a program of this shape. */
u32 dif_blob_size(const struct dif_prog *src);

/*
 * Lay out src's tables as a DIF object in buf (8-byte aligned, size
 * bytes): header, instructions, integers, variables, strings. Returns
 * the blob's size, or 0 if buf is too small. An all-zero return type
 * becomes a 64-bit integer.
 */
u32 dif_blob_build(const struct dif_prog *src, void *buf, u32 size);

/* The text assembler's output and state (see dif_asm.c for the syntax). */
struct dif_asm {
	struct dif_insn	insns[DIF_INSNS_MAX];
	u32		ninsns;
	u32		nints;
	u64		ints[DIF_INTS_MAX];
	char		strtab[DIF_STRTAB_MAX];
	u32		strlen;
	u32		nvars;
	struct dif_var	vars[DIF_VARS_MAX];
	struct dif_type	rtype;
	char		err[128];	/* "line N: what", after a failure */
	u32		errline;
	u32		nlabels;
	struct {
		char	name[32];
		u32	pc;
	} labels[256];
	u32		nfixups;
	struct {
		char	name[32];
		u32	pc;
		u32	line;
	} fixups[1024];
};

int dif_asm(struct dif_asm *a, const char *text);
void dif_asm_prog(const struct dif_asm *a, struct dif_prog *src);

#endif /* _DIF_ASM_H */
