/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The DIF opcode table, written once.
 *
 * Every consumer of the instruction set (enum, names, operand formats,
 * verifier whitelist, interpreter dispatch, assembler, disassembler)
 * expands DIF_OPCODES() with its own X macro, so they cannot disagree.
 *
 * X(NAME, FORMAT, SEMANTICS)
 *   FORMAT names which fields of the instruction are operands (see
 *   DIF_FMT_* in dif.h); SEMANTICS is documentation only.
 *
 * Conventions: rd/ra/rb are registers, imm the signed 32-bit field.
 * Branch targets are pc + 1 + imm with imm >= 0 (forward only).
 * Opcode numbers are their position in this list: append, never reorder.
 */
#ifndef _DTRACE_DIF_OPS_H
#define _DTRACE_DIF_OPS_H

#define DIF_OPCODES(X)							\
	X(NOP,    NONE, "do nothing")					\
	X(RET,    A,    "return ra")					\
	/* integer arithmetic and logic (64-bit, wrapping) */		\
	X(ADD,    DAB,  "rd = ra + rb")					\
	X(SUB,    DAB,  "rd = ra - rb")					\
	X(MUL,    DAB,  "rd = ra * rb")					\
	X(SDIV,   DAB,  "rd = (s64)ra / (s64)rb; fault if rb == 0")	\
	X(UDIV,   DAB,  "rd = ra / rb; fault if rb == 0")			\
	X(SREM,   DAB,  "rd = (s64)ra % (s64)rb; fault if rb == 0")	\
	X(UREM,   DAB,  "rd = ra % rb; fault if rb == 0")			\
	X(AND,    DAB,  "rd = ra & rb")					\
	X(OR,     DAB,  "rd = ra | rb")					\
	X(XOR,    DAB,  "rd = ra ^ rb")					\
	X(SLL,    DAB,  "rd = ra << (rb & 63)")				\
	X(SRL,    DAB,  "rd = ra >> (rb & 63), logical")			\
	X(SRA,    DAB,  "rd = ra >> (rb & 63), arithmetic")		\
	X(NOT,    DA,   "rd = ~ra")					\
	X(NEG,    DA,   "rd = -ra")					\
	X(MOV,    DA,   "rd = ra")					\
	X(ADDI,   DAI,  "rd = ra + imm")				\
	/* constants */							\
	X(SETI,   DI,   "rd = (s64)imm")				\
	X(SETX,   DI,   "rd = inttab[imm]")				\
	X(SETS,   DI,   "rd = address of strtab + imm")			\
	/* compare: rd = 1 if true, else 0 */				\
	X(SEQ,    DAB,  "rd = ra == rb")				\
	X(SNE,    DAB,  "rd = ra != rb")				\
	X(SLT,    DAB,  "rd = (s64)ra < (s64)rb")			\
	X(SLE,    DAB,  "rd = (s64)ra <= (s64)rb")			\
	X(SLTU,   DAB,  "rd = ra < rb")					\
	X(SLEU,   DAB,  "rd = ra <= rb")				\
	X(SCMP,   DAB,  "rd = strcmp(ra, rb) as -1/0/1, strsize-bounded")\
	/* forward branches */						\
	X(BA,     I,    "pc += imm")					\
	X(BZ,     AI,   "if (ra == 0) pc += imm")			\
	X(BNZ,    AI,   "if (ra != 0) pc += imm")			\
	/* loads from kernel or scratch memory at ra + imm */		\
	X(LDSB,   DAI,  "rd = *(s8 *)(ra + imm)")			\
	X(LDSH,   DAI,  "rd = *(s16 *)(ra + imm)")			\
	X(LDSW,   DAI,  "rd = *(s32 *)(ra + imm)")			\
	X(LDUB,   DAI,  "rd = *(u8 *)(ra + imm)")			\
	X(LDUH,   DAI,  "rd = *(u16 *)(ra + imm)")			\
	X(LDUW,   DAI,  "rd = *(u32 *)(ra + imm)")			\
	X(LDX,    DAI,  "rd = *(u64 *)(ra + imm)")			\
	/* loads from the current process's user memory at ra + imm */	\
	X(ULDSB,  DAI,  "rd = *(s8 *)user(ra + imm)")			\
	X(ULDSH,  DAI,  "rd = *(s16 *)user(ra + imm)")			\
	X(ULDSW,  DAI,  "rd = *(s32 *)user(ra + imm)")			\
	X(ULDUB,  DAI,  "rd = *(u8 *)user(ra + imm)")			\
	X(ULDUH,  DAI,  "rd = *(u16 *)user(ra + imm)")			\
	X(ULDUW,  DAI,  "rd = *(u32 *)user(ra + imm)")			\
	X(ULDX,   DAI,  "rd = *(u64 *)user(ra + imm)")			\
	/* stores, to scratch memory only, at rd + imm */		\
	X(STB,    MAI,  "*(u8 *)(rd + imm) = ra")			\
	X(STH,    MAI,  "*(u16 *)(rd + imm) = ra")			\
	X(STW,    MAI,  "*(u32 *)(rd + imm) = ra")			\
	X(STX,    MAI,  "*(u64 *)(rd + imm) = ra")			\
	/* scratch space */						\
	X(ALLOCS, DA,   "rd = scratch allocation of ra bytes, zeroed")	\
	X(COPYS,  DAB,  "rd = new scratch copy of rb bytes from ra")	\
	/* built-in variables (DIF_VAR_*) */				\
	X(LDB,    DI,   "rd = builtin[imm]")				\
	X(LDBA,   DAI,  "rd = builtin[imm][ra] (args[], uregs[])")	\
	/* variables: imm is a variable id from the program's vartab */	\
	X(LDGS,   DI,   "rd = global scalar imm")			\
	X(STGS,   AI,   "global scalar imm = ra")			\
	X(LDLS,   DI,   "rd = clause-local scalar imm")			\
	X(STLS,   AI,   "clause-local scalar imm = ra")			\
	X(LDTS,   DI,   "rd = thread-local scalar imm")			\
	X(STTS,   AI,   "thread-local scalar imm = ra (0 frees)")	\
	X(LDGA,   DI,   "rd = global array imm[tuple]")			\
	X(STGA,   AI,   "global array imm[tuple] = ra (0 frees)")	\
	/* tuple stack: keys of arrays, arguments of subroutines */	\
	X(PUSHTV, AI,   "push value ra (imm unused, 0)")		\
	X(PUSHTS, AI,   "push string ra, at most imm bytes (0: strsize)")\
	X(POPTS,  NONE, "empty the tuple stack")			\
	X(CALL,   DI,   "rd = subr[imm](tuple stack); empties it")	\
	/* appended: thread-local arrays, keyed on the thread + tuple */ \
	X(LDTA,   DI,   "rd = thread-local array imm[tuple]")		\
	X(STTA,   AI,   "thread-local array imm[tuple] = ra (0 frees)")

/* Operand formats: which fields an instruction uses. */
#define DIF_FORMATS(X)							\
	X(NONE)	/* no operands */					\
	X(A)	/* ra */						\
	X(I)	/* imm */						\
	X(AI)	/* ra, imm */						\
	X(DI)	/* rd, imm */						\
	X(DA)	/* rd, ra */						\
	X(DAI)	/* rd, ra, imm */					\
	X(DAB)	/* rd, ra, rb */					\
	X(MAI)	/* rd read (not written) as address, ra, imm */

#endif /* _DTRACE_DIF_OPS_H */
