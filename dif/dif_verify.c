// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF verifier: a pure function of a program and its limits.
 *
 * It guarantees to the interpreter (dif_exec.c), for every instruction:
 *  - the opcode is one of dif_ops.h (the whitelist is the table itself);
 *  - every register field the format uses names %r0..%r15, every field
 *    it does not use is 0, and no instruction writes %r0;
 *  - branches go forward (imm >= 0) and land inside the program;
 *  - SETX indexes the integer table, SETS the first byte of a string of
 *    the string table;
 *  - LDB names a known scalar built-in, LDBA an array one (ARGS, UREGS);
 *  - a variable instruction names an entry of the variable table with
 *    the scope and kind the opcode implies;
 *  - CALL names a known subroutine; PUSHTV has imm 0 and PUSHTS a bound
 *    within 0..strsize;
 *  - where the tuple stack depth is known statically (no branch lands
 *    between the last instruction that empties it and here), it stays
 *    within DIF_TUPLE_MAX and a CALL finds exactly the subroutine's
 *    number of arguments; elsewhere dif_exec checks at run time;
 *  - the last instruction is RET;
 *  - every register an instruction reads (%r0 aside, which is 0) was
 *    written on every path that reaches it, so that dif_exec() need not
 *    zero the register file. Branches only go forward, so one pass in
 *    program order finds it: the registers set at a branch target are
 *    those set on every branch to it and, unless an unconditional
 *    branch or RET comes just before, on the fall-through. Targets still
 *    ahead are kept in a table of DIF_VRF_PENDING; a program with more
 *    at once is not refused but marked DIF_PF_ZEROREGS, and dif_exec()
 *    zeroes its registers as before.
 *
 * Termination is by construction: every instruction other than a branch
 * or RET goes on to the next one, branches only go forward, and the last
 * instruction returns, so a run executes at most ninsns instructions.
 *
 * Every violation is logged with its instruction offset; the verifier
 * goes on after one so that the log lists them all.
 */
#include "dif_vm.h"

/* What each operand format uses: rd written, rd read, ra, rb, imm. */
#define DIF_F_DW	0x01
#define DIF_F_DR	0x02
#define DIF_F_A		0x04
#define DIF_F_B		0x08
#define DIF_F_I		0x10

static const u8 dif_vrf_fmt_uses[] = {
	[DIF_FMT_NONE]	= 0,
	[DIF_FMT_A]	= DIF_F_A,
	[DIF_FMT_I]	= DIF_F_I,
	[DIF_FMT_AI]	= DIF_F_A | DIF_F_I,
	[DIF_FMT_DI]	= DIF_F_DW | DIF_F_I,
	[DIF_FMT_DA]	= DIF_F_DW | DIF_F_A,
	[DIF_FMT_DAI]	= DIF_F_DW | DIF_F_A | DIF_F_I,
	[DIF_FMT_DAB]	= DIF_F_DW | DIF_F_A | DIF_F_B,
	[DIF_FMT_MAI]	= DIF_F_DR | DIF_F_A | DIF_F_I,
};
_Static_assert(ARRAY_SIZE(dif_vrf_fmt_uses) == DIF_FMT_COUNT,
	       "every operand format needs its uses");

static const u8 dif_vrf_formats[] = {
#define DIF_X_FMT(name, fmt, sem)	\
	[DIF_OP_##name] = DIF_FMT_##fmt,
	DIF_OPCODES(DIF_X_FMT)
#undef DIF_X_FMT
};

static const char *const dif_vrf_scope_names[] = {
	[DIF_SCOPE_GLOBAL]	= "global",
	[DIF_SCOPE_THREAD]	= "thread-local",
	[DIF_SCOPE_LOCAL]	= "clause-local",
};

/* Branch targets ahead whose registers are tracked, at any one pc. */
#define DIF_VRF_PENDING		32
#define DIF_VRF_ALL		0xffffu		/* every register */

struct dif_vrf_target {
	u16	pc;
	u16	set;	/* registers set on every branch to it so far */
};

struct dif_vrf {
	const struct dif_prog	*p;
	struct dif_log		*log;
	u32			strsize;
	u32			pc;
	int			err;
	/* tuple stack depth since the last instruction that emptied it */
	u32			depth;
	u32			seg_start;	/* first pc after that */
	u32			tgt_hi;		/* 1 + highest branch target */
	/* registers written on every path to pc (dif_vrf_regs()) */
	u16			set;
	bool			falls;		/* pc - 1 falls through to pc */
	bool			unproven;	/* the table overflowed */
	u32			npending;
	struct dif_vrf_target	pending[DIF_VRF_PENDING];
};

__printf(2, 3)
static void dif_vrf_reject(struct dif_vrf *v, const char *fmt, ...)
{
	char msg[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	dif_log_printf(v->log, v->pc, "%s", msg);
	v->err = -EINVAL;
}

static void dif_vrf_operands(struct dif_vrf *v, const struct dif_insn *in)
{
	u8 uses = dif_vrf_fmt_uses[dif_vrf_formats[in->di_op]];

	if (uses & (DIF_F_DW | DIF_F_DR)) {
		if (in->di_rd >= DIF_NREGS)
			dif_vrf_reject(v, "register %%r%u out of range",
				       in->di_rd);
		else if ((uses & DIF_F_DW) && in->di_rd == 0)
			dif_vrf_reject(v, "write to %%r0");
	} else if (in->di_rd) {
		dif_vrf_reject(v, "unused field rd is %u, not 0", in->di_rd);
	}
	if (uses & DIF_F_A) {
		if (in->di_ra >= DIF_NREGS)
			dif_vrf_reject(v, "register %%r%u out of range",
				       in->di_ra);
	} else if (in->di_ra) {
		dif_vrf_reject(v, "unused field ra is %u, not 0", in->di_ra);
	}
	if (uses & DIF_F_B) {
		if (in->di_rb >= DIF_NREGS)
			dif_vrf_reject(v, "register %%r%u out of range",
				       in->di_rb);
	} else if (in->di_rb) {
		dif_vrf_reject(v, "unused field rb is %u, not 0", in->di_rb);
	}
	if (!(uses & DIF_F_I) && in->di_imm)
		dif_vrf_reject(v, "unused field imm is %d, not 0",
			       in->di_imm);
}

static void dif_vrf_branch(struct dif_vrf *v, const struct dif_insn *in)
{
	u64 target = (u64)v->pc + 1 + (s64)in->di_imm;

	if (in->di_imm < 0) {
		dif_vrf_reject(v, "backward branch (imm %d)", in->di_imm);
		return;
	}
	if (target >= v->p->ninsns) {
		dif_vrf_reject(v, "branch target %llu beyond end of program",
			       (unsigned long long)target);
		return;
	}
	if (target + 1 > v->tgt_hi)
		v->tgt_hi = target + 1;
}

static void dif_vrf_var(struct dif_vrf *v, const struct dif_insn *in,
			u32 scope, u32 kind)
{
	const struct dif_prog *p = v->p;
	u32 i;

	for (i = 0; i < p->nvars; i++) {
		if (p->vars[i].dv_scope != scope ||
		    p->vars[i].dv_id != (u32)in->di_imm)
			continue;
		if (p->vars[i].dv_kind != kind)
			dif_vrf_reject(v, "%s variable %d is %s, not %s",
				       dif_vrf_scope_names[scope], in->di_imm,
				       kind ? "a scalar" : "an array",
				       kind ? "an array" : "a scalar");
		return;
	}
	dif_vrf_reject(v, "%s variable %d not in the variable table",
		       dif_vrf_scope_names[scope], in->di_imm);
}

/* A push: count it, when the depth here is known. */
static void dif_vrf_push(struct dif_vrf *v)
{
	v->depth++;
	if (v->tgt_hi <= v->seg_start && v->depth > DIF_TUPLE_MAX)
		dif_vrf_reject(v, "tuple stack overflow: %u entries, max %u",
			       v->depth, DIF_TUPLE_MAX);
}

/* An instruction that consumes and empties the tuple stack. */
static void dif_vrf_consume(struct dif_vrf *v, int nargs)
{
	if (nargs >= 0 && v->tgt_hi <= v->seg_start &&
	    v->depth != (u32)nargs)
		dif_vrf_reject(v, "%s takes %d arguments, tuple stack has %u",
			       dif_subr_name(v->p->insns[v->pc].di_imm), nargs,
			       v->depth);
	v->depth = 0;
	v->seg_start = v->pc + 1;
}

static void dif_vrf_insn(struct dif_vrf *v, const struct dif_insn *in)
{
	const struct dif_prog *p = v->p;
	s32 imm = in->di_imm;

	if (in->di_op >= DIF_OP_COUNT) {
		dif_vrf_reject(v, "unknown opcode %u", in->di_op);
		return;
	}
	dif_vrf_operands(v, in);

	switch (in->di_op) {
	case DIF_OP_BA:
	case DIF_OP_BZ:
	case DIF_OP_BNZ:
		dif_vrf_branch(v, in);
		break;
	case DIF_OP_SETX:
		if (imm < 0 || (u32)imm >= p->nints)
			dif_vrf_reject(v, "integer table index %d outside 0..%d",
				       imm, (int)p->nints - 1);
		break;
	case DIF_OP_SETS:
		if (imm < 0 || (u32)imm >= p->strlen)
			dif_vrf_reject(v, "string table offset %d outside 0..%d",
				       imm, (int)p->strlen - 1);
		else if (imm > 0 && p->strtab[imm - 1] != '\0')
			dif_vrf_reject(v, "string table offset %d not at the start of a string",
				       imm);
		break;
	case DIF_OP_LDB:
		if (imm < 0 || imm >= DIF_VAR_COUNT)
			dif_vrf_reject(v, "unknown built-in variable %d", imm);
		else if (imm == DIF_VAR_ARGS || imm == DIF_VAR_UREGS)
			dif_vrf_reject(v, "built-in %s is an array: use LDBA",
				       dif_builtin_name(imm));
		break;
	case DIF_OP_LDBA:
		if (imm != DIF_VAR_ARGS && imm != DIF_VAR_UREGS)
			dif_vrf_reject(v, "LDBA of non-array built-in %d", imm);
		break;
	case DIF_OP_LDGS:
	case DIF_OP_STGS:
		dif_vrf_var(v, in, DIF_SCOPE_GLOBAL, DIF_KIND_SCALAR);
		break;
	case DIF_OP_LDLS:
	case DIF_OP_STLS:
		dif_vrf_var(v, in, DIF_SCOPE_LOCAL, DIF_KIND_SCALAR);
		break;
	case DIF_OP_LDTS:
	case DIF_OP_STTS:
		dif_vrf_var(v, in, DIF_SCOPE_THREAD, DIF_KIND_SCALAR);
		break;
	case DIF_OP_LDGA:
	case DIF_OP_STGA:
	case DIF_OP_LDTA:
	case DIF_OP_STTA:
		dif_vrf_var(v, in, in->di_op == DIF_OP_LDTA ||
			    in->di_op == DIF_OP_STTA ? DIF_SCOPE_THREAD :
			    DIF_SCOPE_GLOBAL, DIF_KIND_ARRAY);
		if (v->depth == 0 && v->tgt_hi <= v->seg_start)
			dif_vrf_reject(v, "array access with an empty tuple");
		dif_vrf_consume(v, -1);
		break;
	case DIF_OP_PUSHTV:
		if (imm)
			dif_vrf_reject(v, "PUSHTV imm is %d, not 0", imm);
		dif_vrf_push(v);
		break;
	case DIF_OP_PUSHTS:
		if (imm < 0 || (u32)imm > v->strsize)
			dif_vrf_reject(v, "PUSHTS bound %d outside 0..%u", imm,
				       v->strsize);
		dif_vrf_push(v);
		break;
	case DIF_OP_POPTS:
		dif_vrf_consume(v, -1);
		break;
	case DIF_OP_CALL:
		if (imm < 0 || imm >= DIF_SUBR_COUNT) {
			dif_vrf_reject(v, "unknown subroutine %d", imm);
			dif_vrf_consume(v, -1);
		} else {
			dif_vrf_consume(v, dif_subr_nargs(imm));
		}
		break;
	default:
		break;
	}
}

/* Registers set on every path to v->pc: the fall-through's and the branches'. */
static void dif_vrf_join(struct dif_vrf *v)
{
	bool reached = v->falls;
	u16 set = v->falls ? v->set : DIF_VRF_ALL;
	u32 i = 0;

	while (i < v->npending) {
		if (v->pending[i].pc != v->pc) {
			i++;
			continue;
		}
		set &= v->pending[i].set;
		reached = true;
		v->pending[i] = v->pending[--v->npending];
	}
	/* no path reaches it: it never runs, whatever it reads */
	v->set = reached ? set : DIF_VRF_ALL;
}

/* A branch to @target with v->set: the target's set is narrowed. */
static void dif_vrf_pend(struct dif_vrf *v, u32 target)
{
	u32 i;

	for (i = 0; i < v->npending; i++) {
		if (v->pending[i].pc == target) {
			v->pending[i].set &= v->set;
			return;
		}
	}
	if (v->npending == DIF_VRF_PENDING) {
		v->unproven = true;
		return;
	}
	v->pending[v->npending].pc = (u16)target;
	v->pending[v->npending].set = v->set;
	v->npending++;
}

static void dif_vrf_read(struct dif_vrf *v, u32 r)
{
	if (!v->unproven && !(v->set & (1u << r)))
		dif_vrf_reject(v, "reads %%r%u, not set on every path to here",
			       r);
}

/*
 * Def-before-use, in program order (see the top of this file). Runs
 * after dif_vrf_insn(), on an instruction whose fields it accepted.
 */
static void dif_vrf_regs(struct dif_vrf *v, const struct dif_insn *in)
{
	u8 uses = dif_vrf_fmt_uses[dif_vrf_formats[in->di_op]];

	dif_vrf_join(v);
	if (v->unproven)
		return;
	if (uses & DIF_F_A)
		dif_vrf_read(v, in->di_ra);
	if (uses & DIF_F_B)
		dif_vrf_read(v, in->di_rb);
	if (uses & DIF_F_DR)
		dif_vrf_read(v, in->di_rd);
	if (uses & DIF_F_DW)
		v->set |= 1u << in->di_rd;
	v->falls = in->di_op != DIF_OP_BA && in->di_op != DIF_OP_RET;
	if ((in->di_op == DIF_OP_BA || in->di_op == DIF_OP_BZ ||
	     in->di_op == DIF_OP_BNZ) && in->di_imm >= 0)
		dif_vrf_pend(v, v->pc + 1 + (u32)in->di_imm);
}

/**
 * dif_verify_flags() - dif_verify(), also saying what the program needs
 * @p:     the program
 * @lim:   limits, NULL for the defaults
 * @log:   where every violation is written, may be NULL
 * @flags: set to DIF_PF_ZEROREGS if its registers must start at 0
 *
 * Context: any; allocates nothing. Return: 0, or -EINVAL.
 */
int dif_verify_flags(const struct dif_prog *p, const struct dif_limits *lim,
		     struct dif_log *log, u32 *flags)
{
	struct dif_vrf v = { .p = p, .log = log, .set = 1, .falls = true };
	u32 max = DIF_INSNS_MAX;

	*flags = 0;
	v.strsize = DIF_STRSIZE_MAX;
	if (lim && lim->strsize && lim->strsize < v.strsize)
		v.strsize = lim->strsize;
	if (lim && lim->insns_max && lim->insns_max < max)
		max = lim->insns_max;

	if (p->ninsns == 0) {
		dif_log_printf(log, DIF_PC_NONE, "empty program");
		return -EINVAL;
	}
	if (p->ninsns > max) {
		dif_log_printf(log, DIF_PC_NONE,
			       "%u instructions exceed the limit of %u",
			       p->ninsns, max);
		return -EINVAL;
	}
	for (v.pc = 0; v.pc < p->ninsns; v.pc++) {
		int err = v.err;

		v.err = 0;
		dif_vrf_insn(&v, &p->insns[v.pc]);
		if (!v.err)
			dif_vrf_regs(&v, &p->insns[v.pc]);
		else
			v.unproven = true;	/* the fields cannot be used */
		v.err = v.err ? v.err : err;
	}
	v.pc = p->ninsns - 1;
	if (p->insns[v.pc].di_op != DIF_OP_RET)
		dif_vrf_reject(&v, "last instruction is not RET");
	if (v.unproven)
		*flags = DIF_PF_ZEROREGS;
	return v.err;
}

/**
 * dif_verify() - check that a program is safe to run with dif_exec()
 * @p:   the program, as dif_prog_load() set it up
 * @lim: limits, NULL for the defaults
 * @log: where every violation is written, may be NULL
 *
 * Context: any; allocates nothing. Return: 0, or -EINVAL.
 */
int dif_verify(const struct dif_prog *p, const struct dif_limits *lim,
	       struct dif_log *log)
{
	u32 flags;

	return dif_verify_flags(p, lim, log, &flags);
}
