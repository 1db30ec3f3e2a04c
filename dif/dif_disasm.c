// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF disassembler, one line per instruction in the style of
 * `dtrace -S`: offset, encoding, mnemonic and operands with the
 * destination last, and what a constant, string, variable, built-in or
 * subroutine resolves to after a "!".
 *
 *   OFF OPCODE            INSTRUCTION
 *   00: 13 01 00 00 00000005  seti 5, %r1
 *   01: 34 02 00 00 0000000b  ldb DT_VAR(11), %r2         ! pid
 *
 * Used by the command (-S) and the tests; it reads only the program, so
 * it is safe on any program dif_prog_load() accepted.
 */
#include "dif_vm.h"

#define DIF_DIS_LINE	160

static const char *const dif_dis_scopes[] = {
	[DIF_SCOPE_GLOBAL]	= "global",
	[DIF_SCOPE_THREAD]	= "thread",
	[DIF_SCOPE_LOCAL]	= "local",
};

static const char *const dif_dis_types[] = {
	[DIF_TYPE_INT]		= "int",
	[DIF_TYPE_STRING]	= "string",
	[DIF_TYPE_PTR]		= "ptr",
	[DIF_TYPE_BYREF]	= "byref",
};

/* Mnemonics are the table's names in lower case. */
static void dif_dis_lower(char *dst, const char *src, u32 size)
{
	u32 i;

	for (i = 0; src[i] && i + 1 < size; i++)
		dst[i] = src[i] >= 'A' && src[i] <= 'Z' ?
			 src[i] - 'A' + 'a' : src[i];
	dst[i] = '\0';
}

static const char *dif_dis_type(const struct dif_type *t)
{
	return t->dt_kind < ARRAY_SIZE(dif_dis_types) ?
	       dif_dis_types[t->dt_kind] : "?";
}

/* A string of the table, shortened and with its quotes escaped. */
static void dif_dis_quote(char *dst, u32 size, const struct dif_prog *p,
			  u32 off)
{
	u32 i, n = 0;

	if (size < 8)
		return;
	dst[n++] = '"';
	for (i = off; i < p->strlen && p->strtab[i] && n + 6 < size; i++) {
		char c = p->strtab[i];

		if (c == '"' || c == '\\')
			dst[n++] = '\\';
		dst[n++] = (c >= 0x20 && c < 0x7f) ? c : '?';
	}
	if (i < p->strlen && p->strtab[i])
		n += snprintf(dst + n, size - n, "...");
	if (n + 1 < size)
		dst[n++] = '"';
	dst[n] = '\0';
}

static const struct dif_var *dif_dis_var(const struct dif_prog *p,
					 u32 scope, s32 id)
{
	u32 i;

	for (i = 0; i < p->nvars; i++)
		if (p->vars[i].dv_scope == scope && (s32)p->vars[i].dv_id == id)
			return &p->vars[i];
	return NULL;
}

static void dif_dis_varnote(char *dst, u32 size, const struct dif_prog *p,
			    u32 scope, s32 id)
{
	const struct dif_var *v = dif_dis_var(p, scope, id);

	if (!v) {
		snprintf(dst, size, "%s variable %d: not declared",
			 dif_dis_scopes[scope], id);
		return;
	}
	snprintf(dst, size, "%s %s %s", dif_dis_scopes[scope],
		 v->dv_kind == DIF_KIND_ARRAY ? "array" : "scalar",
		 dif_dis_type(&v->dv_type));
}

/* Operands (destination last) and note of one instruction. */
static void dif_dis_operands(const struct dif_prog *p, u32 pc,
			     const struct dif_insn *in, char *ops, u32 osz,
			     char *note, u32 nsz)
{
	s32 imm = in->di_imm;
	const char *name;

	note[0] = '\0';
	switch (in->di_op) {
	case DIF_OP_BA:
		snprintf(ops, osz, "%lld", (long long)pc + 1 + imm);
		return;
	case DIF_OP_BZ:
	case DIF_OP_BNZ:
		snprintf(ops, osz, "%%r%u, %lld", in->di_ra,
			 (long long)pc + 1 + imm);
		return;
	case DIF_OP_SETX:
		snprintf(ops, osz, "DT_INTEGER[%d], %%r%u", imm, in->di_rd);
		if (imm >= 0 && (u32)imm < p->nints)
			snprintf(note, nsz, "0x%llx",
				 (unsigned long long)p->ints[imm]);
		return;
	case DIF_OP_SETS:
		snprintf(ops, osz, "DT_STRING[%d], %%r%u", imm, in->di_rd);
		if (imm >= 0 && (u32)imm < p->strlen)
			dif_dis_quote(note, nsz, p, imm);
		return;
	case DIF_OP_LDB:
		snprintf(ops, osz, "DT_VAR(%d), %%r%u", imm, in->di_rd);
		name = dif_builtin_name(imm);
		if (name)
			dif_dis_lower(note, name, nsz);
		return;
	case DIF_OP_LDBA:
		snprintf(ops, osz, "DT_VAR(%d)[%%r%u], %%r%u", imm, in->di_ra,
			 in->di_rd);
		name = dif_builtin_name(imm);
		if (name)
			dif_dis_lower(note, name, nsz);
		return;
	case DIF_OP_LDGS:
	case DIF_OP_LDGA:
	case DIF_OP_LDLS:
	case DIF_OP_LDTS:
	case DIF_OP_LDTA:
		snprintf(ops, osz, "DT_VAR(%d), %%r%u", imm, in->di_rd);
		dif_dis_varnote(note, nsz, p,
				in->di_op == DIF_OP_LDLS ? DIF_SCOPE_LOCAL :
				in->di_op == DIF_OP_LDTS ||
				in->di_op == DIF_OP_LDTA ? DIF_SCOPE_THREAD :
				DIF_SCOPE_GLOBAL, imm);
		return;
	case DIF_OP_STGS:
	case DIF_OP_STGA:
	case DIF_OP_STLS:
	case DIF_OP_STTS:
	case DIF_OP_STTA:
		snprintf(ops, osz, "%%r%u, DT_VAR(%d)", in->di_ra, imm);
		dif_dis_varnote(note, nsz, p,
				in->di_op == DIF_OP_STLS ? DIF_SCOPE_LOCAL :
				in->di_op == DIF_OP_STTS ||
				in->di_op == DIF_OP_STTA ? DIF_SCOPE_THREAD :
				DIF_SCOPE_GLOBAL, imm);
		return;
	case DIF_OP_CALL:
		snprintf(ops, osz, "DIF_SUBR(%d), %%r%u", imm, in->di_rd);
		name = dif_subr_name(imm);
		if (name)
			dif_dis_lower(note, name, nsz);
		return;
	case DIF_OP_PUSHTV:
		snprintf(ops, osz, "%%r%u", in->di_ra);
		return;
	case DIF_OP_PUSHTS:
		snprintf(ops, osz, "%%r%u, %d", in->di_ra, imm);
		return;
	default:
		break;
	}

	switch (dif_op_format(in->di_op)) {
	case DIF_FMT_A:
		snprintf(ops, osz, "%%r%u", in->di_ra);
		break;
	case DIF_FMT_I:
		snprintf(ops, osz, "%d", imm);
		break;
	case DIF_FMT_AI:
		snprintf(ops, osz, "%%r%u, %d", in->di_ra, imm);
		break;
	case DIF_FMT_DI:
		snprintf(ops, osz, "%d, %%r%u", imm, in->di_rd);
		break;
	case DIF_FMT_DA:
		snprintf(ops, osz, "%%r%u, %%r%u", in->di_ra, in->di_rd);
		break;
	case DIF_FMT_DAI:
		if (in->di_op == DIF_OP_ADDI)
			snprintf(ops, osz, "%%r%u, %d, %%r%u", in->di_ra, imm,
				 in->di_rd);
		else
			snprintf(ops, osz, "[%%r%u%+d], %%r%u", in->di_ra, imm,
				 in->di_rd);
		break;
	case DIF_FMT_DAB:
		snprintf(ops, osz, "%%r%u, %%r%u, %%r%u", in->di_ra,
			 in->di_rb, in->di_rd);
		break;
	case DIF_FMT_MAI:
		snprintf(ops, osz, "%%r%u, [%%r%u%+d]", in->di_ra, in->di_rd,
			 imm);
		break;
	default:
		ops[0] = '\0';
		break;
	}
}

/**
 * dif_disasm_insn() - one instruction as text, without a newline
 * @p:    the program
 * @pc:   the instruction's offset
 * @buf:  where the text goes, NUL-terminated
 * @size: bytes of buf
 *
 * Return: the length written (as snprintf), or -1 if pc is outside.
 */
int dif_disasm_insn(const struct dif_prog *p, u32 pc, char *buf, u32 size)
{
	const struct dif_insn *in;
	char mnem[16], ops[64], note[64], text[96];
	const char *name;

	if (pc >= p->ninsns)
		return -1;
	in = &p->insns[pc];
	name = dif_op_name(in->di_op);
	if (name) {
		dif_dis_lower(mnem, name, sizeof(mnem));
		dif_dis_operands(p, pc, in, ops, sizeof(ops), note,
				 sizeof(note));
	} else {
		snprintf(mnem, sizeof(mnem), "op%u", in->di_op);
		ops[0] = '\0';
		note[0] = '\0';
	}
	snprintf(text, sizeof(text), "%s%s%s", mnem, ops[0] ? " " : "", ops);
	if (!note[0])
		return snprintf(buf, size, "%02u: %02x %02x %02x %02x %08x  %s",
				pc, in->di_op, in->di_rd, in->di_ra, in->di_rb,
				(u32)in->di_imm, text);
	return snprintf(buf, size, "%02u: %02x %02x %02x %02x %08x  %-28s ! %s",
			pc, in->di_op, in->di_rd, in->di_ra, in->di_rb,
			(u32)in->di_imm, text, note);
}

/**
 * dif_disasm() - a listing of a program, one line per emit() call
 * @p:    the program (a loaded one, or one being built)
 * @emit: called with each line, without a newline
 * @arg:  passed to emit
 *
 * A header, the instructions, then the variable table if any.
 */
void dif_disasm(const struct dif_prog *p, dif_emit_fn emit, void *arg)
{
	char line[DIF_DIS_LINE];
	u32 i;

	snprintf(line, sizeof(line), "DIFO returns %s%s (size %u)",
		 p->rtype.dt_flags & DIF_TF_SIGNED ? "signed " : "",
		 dif_dis_type(&p->rtype), p->rtype.dt_size);
	emit(arg, line);
	emit(arg, "OFF OPCODE            INSTRUCTION");
	for (i = 0; i < p->ninsns; i++) {
		dif_disasm_insn(p, i, line, sizeof(line));
		emit(arg, line);
	}
	if (!p->nvars)
		return;
	emit(arg, "");
	emit(arg, "ID    SCOPE  KIND    TYPE");
	for (i = 0; i < p->nvars; i++) {
		const struct dif_var *v = &p->vars[i];

		snprintf(line, sizeof(line), "%-5u %-6s %-7s %s (size %u)",
			 v->dv_id, v->dv_scope < ARRAY_SIZE(dif_dis_scopes) ?
			 dif_dis_scopes[v->dv_scope] : "?",
			 v->dv_kind == DIF_KIND_ARRAY ? "array" : "scalar",
			 dif_dis_type(&v->dv_type), v->dv_type.dt_size);
		emit(arg, line);
	}
}
