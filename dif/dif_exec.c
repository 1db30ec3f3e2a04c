// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF interpreter.
 *
 * Probe-context rules: dif_exec() runs wherever a probe fires (any
 * context, NMI included). It allocates nothing, sleeps never, takes no
 * lock but the dynamic store's trylock, and stops at the first fault,
 * recording kind, pc and address in ms->fault. It runs only verified
 * programs, so every instruction is known and every branch forward:
 * at most ninsns instructions run. It still fails safe on what the
 * verifier rules out (a pc past the end, an unknown opcode, a register
 * number too big) rather than trusting it blindly.
 *
 * Work is charged to ms->budget (see DIF_BUDGET_FIRING). Instructions
 * are charged once, when the program ends: branches go forward only, so
 * a program that stops at pc ran at most pc instructions. Subroutines
 * and memory routines charge as they go, and stop when it runs out.
 *
 * The dispatch loop is written once: each handler opens with
 * DIF_CASE(NAME), which is both a case of a switch and a label of a
 * computed-goto table expanded from dif_ops.h. With -DDIF_NO_COMPUTED_GOTO
 * (or a compiler without labels as values, or a retpoline kernel) the
 * switch dispatches; else the table does. The unit tests run both.
 */
#include "dif_impl.h"

/*
 * In a kernel built with retpolines, every computed goto goes through a
 * retpoline thunk, while the switch, compiled with -fno-jump-tables,
 * becomes a tree of direct branches: measured in the guest, the switch
 * made a syscall:::entry { @[execname] = count(); } event 6% cheaper.
 */
#if defined(DIF_NO_COMPUTED_GOTO) || !defined(__GNUC__) || \
	(defined(__KERNEL__) && (defined(CONFIG_RETPOLINE) || \
				 defined(CONFIG_MITIGATION_RETPOLINE)))
#define DIF_USE_SWITCH	1
#endif

#define DIF_R(f)	regs[in->f & (DIF_NREGS - 1)]
#define RD		DIF_R(di_rd)
#define RA		DIF_R(di_ra)
#define RB		DIF_R(di_rb)
#define IMM		((s64)in->di_imm)

/*
 * One handler per opcode, entered through DIF_CASE(NAME): a case label
 * of the switch, and a label of the computed-goto table. The switch is
 * always there; with computed goto, dispatch jumps past it straight to
 * the label. (The labels sit in a do-while so that this is a statement.)
 * A handler ends with "continue" to run the next instruction.
 */
#define DIF_CASE(name)							\
	do {								\
		case DIF_OP_##name:					\
			;						\
		L_##name: __maybe_unused;				\
	} while (0)

/* Loads, sign- or zero-extended, naturally aligned as in DTrace. */
static inline bool dif_load(struct dif_mstate *ms, u64 a, u32 size,
			    bool sign, bool user, u64 *out)
{
	union {
		u8 b;
		u16 h;
		u32 w;
		u64 x;
	} v;

	if (unlikely(a & (size - 1))) {
		dif_fault(ms, DIF_FAULT_BADALIGN, a);
		return false;
	}
	if (unlikely(!dif_mem_read(ms, &v, a, size, user)))
		return false;
	switch (size) {
	case 1:
		*out = sign ? (u64)(s8)v.b : v.b;
		break;
	case 2:
		*out = sign ? (u64)(s16)v.h : v.h;
		break;
	case 4:
		*out = sign ? (u64)(s32)v.w : v.w;
		break;
	default:
		*out = v.x;
		break;
	}
	return true;
}

/* Stores go to allocated scratch memory only. */
static inline bool dif_store(struct dif_mstate *ms, u64 a, u32 size,
			     u64 val)
{
	u8 *d;

	if (unlikely(a & (size - 1))) {
		dif_fault(ms, DIF_FAULT_BADALIGN, a);
		return false;
	}
	d = dif_scratch_range(ms, a, size);
	if (unlikely(!d)) {
		dif_fault(ms, DIF_FAULT_BADADDR, a);
		return false;
	}
	switch (size) {
	case 1:
		*d = (u8)val;
		break;
	case 2: {
		u16 h = (u16)val;

		memcpy(d, &h, 2);
		break;
	}
	case 4: {
		u32 w = (u32)val;

		memcpy(d, &w, 4);
		break;
	}
	default:
		memcpy(d, &val, 8);
		break;
	}
	return true;
}

static inline bool dif_isstr(const struct dif_prog *p, u32 scope, u32 id)
{
	return p->strvar[scope][id / 8] & (1u << (id % 8));
}

/*
 * The bytes a by-ref variable holds, 0 for any other. Its size is in
 * the variable table, looked up (as the verifier looks up ids) by a walk
 * the firing pays for: at most DIF_VARS_MAX entries.
 */
static u32 dif_refsize(struct dif_mstate *ms, u32 scope, u32 id)
{
	const struct dif_prog *p = ms->prog;
	u32 i;

	if (!(p->refvar[scope][id / 8] & (1u << (id % 8))))
		return 0;
	if (!dif_budget_charge(ms, p->nvars))
		return 0;
	for (i = 0; i < p->nvars; i++)
		if (p->vars[i].dv_scope == scope && p->vars[i].dv_id == id &&
		    p->vars[i].dv_type.dt_kind == DIF_TYPE_BYREF)
			return p->vars[i].dv_type.dt_size;
	return 0;
}

/*
 * Variable ids are checked against the variable table by the verifier;
 * against the host's storage here, where a short array must not be
 * overrun.
 */
static u64 *dif_slot(struct dif_mstate *ms, u32 scope, u32 id)
{
	if (scope == DIF_SCOPE_GLOBAL && id < ms->nglobals && ms->globals)
		return &ms->globals[id];
	if (scope == DIF_SCOPE_LOCAL && id < ms->nlocals && ms->locals)
		return &ms->locals[id];
	dif_fault(ms, DIF_FAULT_ILLOP, id);
	return NULL;
}

static u64 dif_ldgs(struct dif_mstate *ms, u32 id)
{
	u64 *slot;
	u32 ref;

	if (id > DIF_VARID_MAX) {
		dif_fault(ms, DIF_FAULT_ILLOP, id);
		return 0;
	}
	if (dif_isstr(ms->prog, DIF_SCOPE_GLOBAL, id))
		return dif_dyn_load(ms, DIF_SCOPE_GLOBAL, false, id, true, 0);
	ref = dif_refsize(ms, DIF_SCOPE_GLOBAL, id);
	if (dif_faulted(ms))
		return 0;
	if (ref)
		return dif_dyn_load(ms, DIF_SCOPE_GLOBAL, false, id, false,
				    ref);
	slot = dif_slot(ms, DIF_SCOPE_GLOBAL, id);
	return slot ? *slot : 0;
}

static void dif_stgs(struct dif_mstate *ms, u32 id, u64 val)
{
	u64 *slot;
	u32 ref;

	if (id > DIF_VARID_MAX) {
		dif_fault(ms, DIF_FAULT_ILLOP, id);
		return;
	}
	if (dif_isstr(ms->prog, DIF_SCOPE_GLOBAL, id)) {
		dif_dyn_store(ms, DIF_SCOPE_GLOBAL, false, id, true, 0, val);
		return;
	}
	ref = dif_refsize(ms, DIF_SCOPE_GLOBAL, id);
	if (dif_faulted(ms))
		return;
	if (ref) {
		dif_dyn_store(ms, DIF_SCOPE_GLOBAL, false, id, false, ref,
			      val);
		return;
	}
	slot = dif_slot(ms, DIF_SCOPE_GLOBAL, id);
	if (slot)
		*slot = val;
}

/* self-> variables and global arrays: the dynamic store. */
static u64 dif_dynvar(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		      bool store, u64 val)
{
	bool isstr;
	u32 ref;

	if (id > DIF_VARID_MAX) {
		dif_fault(ms, DIF_FAULT_ILLOP, id);
		return 0;
	}
	isstr = dif_isstr(ms->prog, scope, id);
	ref = isstr ? 0 : dif_refsize(ms, scope, id);
	if (dif_faulted(ms))
		return 0;
	if (store) {
		dif_dyn_store(ms, scope, array, id, isstr, ref, val);
		return 0;
	}
	return dif_dyn_load(ms, scope, array, id, isstr, ref);
}

/* Signed division without the traps of INT64_MIN / -1. */
static inline u64 dif_sdiv(u64 a, u64 b)
{
	if ((s64)b == -1)
		return 0 - a;
	return (u64)((s64)a / (s64)b);
}

static inline u64 dif_srem(u64 a, u64 b)
{
	if ((s64)b == -1)
		return 0;
	return (u64)((s64)a % (s64)b);
}

#ifdef DIF_CHECK_REGS
/*
 * Tests and fuzzers: trap on a read of a register not yet written in
 * this run, which dif_verify() must have made impossible. Returns the
 * registers written once @in has run.
 */
static u32 dif_check_regs(const struct dif_insn *in, u32 set)
{
	int fmt = dif_op_format(in->di_op);
	bool ra = fmt == DIF_FMT_A || fmt == DIF_FMT_AI ||
		  fmt == DIF_FMT_DA || fmt == DIF_FMT_DAI ||
		  fmt == DIF_FMT_DAB || fmt == DIF_FMT_MAI;

	if ((ra && !(set & 1u << (in->di_ra & (DIF_NREGS - 1)))) ||
	    (fmt == DIF_FMT_DAB && !(set & 1u << (in->di_rb & (DIF_NREGS - 1)))) ||
	    (fmt == DIF_FMT_MAI && !(set & 1u << (in->di_rd & (DIF_NREGS - 1)))))
		__builtin_trap();
	if (fmt == DIF_FMT_DI || fmt == DIF_FMT_DA || fmt == DIF_FMT_DAI ||
	    fmt == DIF_FMT_DAB)
		set |= 1u << (in->di_rd & (DIF_NREGS - 1));
	return set;
}
#endif

/* The interpreter proper; dif_exec() has prepared ms. */
static noinline u64 dif_run(const struct dif_prog *p, struct dif_mstate *ms)
{
	u64 regs[DIF_NREGS];
	const struct dif_insn *in;
	u32 pc = 0;
	u64 t;
#ifdef DIF_CHECK_REGS
	u32 set = 1;
#endif
#ifndef DIF_USE_SWITCH
	/* __annotate_jump_table tells the kernel's objtool what this is. */
	static const void *const dif_jump[DIF_OP_COUNT + 1]
		__annotate_jump_table = {
#define DIF_X_LABEL(name, fmt, sem)	\
	[DIF_OP_##name] = &&L_##name,
		DIF_OPCODES(DIF_X_LABEL)
#undef DIF_X_LABEL
		[DIF_OP_COUNT] = &&illegal,
	};
#endif

	/*
	 * dif_verify() proved that every register but %r0 is written
	 * before it is read, unless it said otherwise.
	 */
	if (unlikely(p->flags & DIF_PF_ZEROREGS)) {
		memset(regs, 0, sizeof(regs));
	} else {
#ifdef DIF_CHECK_REGS
		memset(regs, 0xdb, sizeof(regs));
#endif
		regs[0] = 0;
	}
	/*
	 * No bound on pc here: dif_verify() proved that branches go forward
	 * inside the program and that the last instruction is RET.
	 */
	for (;;) {
		in = &p->insns[pc++];
#ifdef DIF_CHECK_REGS
		if (!(p->flags & DIF_PF_ZEROREGS))
			set = dif_check_regs(in, set);
#endif
#ifndef DIF_USE_SWITCH
		goto *dif_jump[in->di_op < DIF_OP_COUNT ?
			       in->di_op : DIF_OP_COUNT];
#endif
		switch (in->di_op) {
		DIF_CASE(NOP);
			continue;
		DIF_CASE(RET);
			if (unlikely(!dif_budget_charge(ms, pc)))
				goto fault;
			return RA;
		DIF_CASE(ADD);
			RD = RA + RB;
			continue;
		DIF_CASE(SUB);
			RD = RA - RB;
			continue;
		DIF_CASE(MUL);
			RD = RA * RB;
			continue;
		DIF_CASE(SDIV);
			if (unlikely(RB == 0))
				goto divzero;
			RD = dif_sdiv(RA, RB);
			continue;
		DIF_CASE(UDIV);
			if (unlikely(RB == 0))
				goto divzero;
			RD = RA / RB;
			continue;
		DIF_CASE(SREM);
			if (unlikely(RB == 0))
				goto divzero;
			RD = dif_srem(RA, RB);
			continue;
		DIF_CASE(UREM);
			if (unlikely(RB == 0))
				goto divzero;
			RD = RA % RB;
			continue;
		DIF_CASE(AND);
			RD = RA & RB;
			continue;
		DIF_CASE(OR);
			RD = RA | RB;
			continue;
		DIF_CASE(XOR);
			RD = RA ^ RB;
			continue;
		DIF_CASE(SLL);
			RD = RA << (RB & 63);
			continue;
		DIF_CASE(SRL);
			RD = RA >> (RB & 63);
			continue;
		DIF_CASE(SRA);
			RD = (u64)((s64)RA >> (RB & 63));
			continue;
		DIF_CASE(NOT);
			RD = ~RA;
			continue;
		DIF_CASE(NEG);
			RD = 0 - RA;
			continue;
		DIF_CASE(MOV);
			RD = RA;
			continue;
		DIF_CASE(ADDI);
			RD = RA + (u64)IMM;
			continue;
		DIF_CASE(SETI);
			RD = (u64)IMM;
			continue;
		DIF_CASE(SETX);
			if (unlikely((u32)in->di_imm >= p->nints))
				goto illegal;
			RD = p->ints[in->di_imm];
			continue;
		DIF_CASE(SETS);
			if (unlikely((u32)in->di_imm >= p->strlen))
				goto illegal;
			RD = dif_addr(p->strtab + in->di_imm);
			continue;
		DIF_CASE(SEQ);
			RD = RA == RB;
			continue;
		DIF_CASE(SNE);
			RD = RA != RB;
			continue;
		DIF_CASE(SLT);
			RD = (s64)RA < (s64)RB;
			continue;
		DIF_CASE(SLE);
			RD = (s64)RA <= (s64)RB;
			continue;
		DIF_CASE(SLTU);
			RD = RA < RB;
			continue;
		DIF_CASE(SLEU);
			RD = RA <= RB;
			continue;
		DIF_CASE(SCMP);
			t = (u64)(s64)dif_str_cmp(ms, RA, RB);
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(BA);
			pc += (u32)in->di_imm;
			continue;
		DIF_CASE(BZ);
			if (RA == 0)
				pc += (u32)in->di_imm;
			continue;
		DIF_CASE(BNZ);
			if (RA != 0)
				pc += (u32)in->di_imm;
			continue;
		DIF_CASE(LDSB);
			if (!dif_load(ms, RA + IMM, 1, true, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDSH);
			if (!dif_load(ms, RA + IMM, 2, true, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDSW);
			if (!dif_load(ms, RA + IMM, 4, true, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDUB);
			if (!dif_load(ms, RA + IMM, 1, false, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDUH);
			if (!dif_load(ms, RA + IMM, 2, false, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDUW);
			if (!dif_load(ms, RA + IMM, 4, false, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDX);
			if (!dif_load(ms, RA + IMM, 8, false, false, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDSB);
			if (!dif_load(ms, RA + IMM, 1, true, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDSH);
			if (!dif_load(ms, RA + IMM, 2, true, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDSW);
			if (!dif_load(ms, RA + IMM, 4, true, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDUB);
			if (!dif_load(ms, RA + IMM, 1, false, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDUH);
			if (!dif_load(ms, RA + IMM, 2, false, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDUW);
			if (!dif_load(ms, RA + IMM, 4, false, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(ULDX);
			if (!dif_load(ms, RA + IMM, 8, false, true, &t))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(STB);
			if (!dif_store(ms, RD + IMM, 1, RA))
				goto fault;
			continue;
		DIF_CASE(STH);
			if (!dif_store(ms, RD + IMM, 2, RA))
				goto fault;
			continue;
		DIF_CASE(STW);
			if (!dif_store(ms, RD + IMM, 4, RA))
				goto fault;
			continue;
		DIF_CASE(STX);
			if (!dif_store(ms, RD + IMM, 8, RA))
				goto fault;
			continue;
		DIF_CASE(ALLOCS); {
			u8 *s = dif_scratch_alloc(ms, RA, true);

			if (!s)
				goto fault;
			RD = dif_addr(s);
			continue;
		}
		DIF_CASE(COPYS); {
			u8 *s = dif_scratch_alloc(ms, RB, false);

			if (!s || !dif_mem_read(ms, s, RA, (u32)RB, false))
				goto fault;
			RD = dif_addr(s);
			continue;
		}
		DIF_CASE(LDB);
			t = dif_env_builtin(ms, (u32)in->di_imm, 0);
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDBA);
			t = dif_env_builtin(ms, (u32)in->di_imm, RA);
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(LDGS);
			t = dif_ldgs(ms, (u32)in->di_imm);
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(STGS);
			dif_stgs(ms, (u32)in->di_imm, RA);
			if (dif_faulted(ms))
				goto fault;
			continue;
		DIF_CASE(LDLS); {
			u64 *slot = dif_slot(ms, DIF_SCOPE_LOCAL,
					     (u32)in->di_imm);

			if (!slot)
				goto fault;
			RD = *slot;
			continue;
		}
		DIF_CASE(STLS); {
			u64 *slot = dif_slot(ms, DIF_SCOPE_LOCAL,
					     (u32)in->di_imm);

			if (!slot)
				goto fault;
			*slot = RA;
			continue;
		}
		DIF_CASE(LDTS);
			t = dif_dynvar(ms, DIF_SCOPE_THREAD, false,
				       (u32)in->di_imm, false, 0);
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		DIF_CASE(STTS);
			dif_dynvar(ms, DIF_SCOPE_THREAD, false,
				   (u32)in->di_imm, true, RA);
			if (dif_faulted(ms))
				goto fault;
			continue;
		DIF_CASE(LDGA);
		DIF_CASE(STGA);
		DIF_CASE(LDTA);
		DIF_CASE(STTA); {
			bool st = in->di_op == DIF_OP_STGA ||
				  in->di_op == DIF_OP_STTA;

			t = dif_dynvar(ms, in->di_op == DIF_OP_LDTA ||
				       in->di_op == DIF_OP_STTA ?
				       DIF_SCOPE_THREAD : DIF_SCOPE_GLOBAL, true,
				       (u32)in->di_imm, st, st ? RA : 0);
			ms->ntuple = 0;
			if (dif_faulted(ms))
				goto fault;
			if (!st)
				RD = t;
			continue;
		}
		DIF_CASE(PUSHTV);
			if (unlikely(ms->ntuple >= DIF_TUPLE_MAX))
				goto tupoflow;
			ms->tuple[ms->ntuple].dt_value = RA;
			ms->tuple[ms->ntuple].dt_size = 0;
			ms->ntuple++;
			continue;
		DIF_CASE(PUSHTS);
			if (unlikely(ms->ntuple >= DIF_TUPLE_MAX))
				goto tupoflow;
			ms->tuple[ms->ntuple].dt_value = RA;
			ms->tuple[ms->ntuple].dt_size = in->di_imm > 0 ?
				(u32)in->di_imm : dif_strsize(ms);
			ms->ntuple++;
			continue;
		DIF_CASE(POPTS);
			ms->ntuple = 0;
			continue;
		DIF_CASE(CALL);
			t = dif_subr_call(ms, (u32)in->di_imm);
			ms->ntuple = 0;
			if (dif_faulted(ms))
				goto fault;
			RD = t;
			continue;
		default:
			goto illegal;
		}
	}

illegal:
	dif_fault(ms, DIF_FAULT_ILLOP, pc);
	goto fault;
divzero:
	dif_fault(ms, DIF_FAULT_DIVZERO, 0);
	goto fault;
tupoflow:
	dif_fault(ms, DIF_FAULT_TUPOFLOW, ms->ntuple);
fault:
	ms->fault.pc = pc ? pc - 1 : 0;
	ms->ntuple = 0;
	dif_budget_charge(ms, pc);
	return 0;
}

/*
 * A program of short_op: what dif_run() does for its two instructions,
 * without zeroing the registers or dispatching.
 */
static u64 dif_run_short(const struct dif_prog *p, struct dif_mstate *ms)
{
	const struct dif_insn *in = p->insns;
	u64 t;

	if (unlikely(!dif_budget_charge(ms, 2))) {
		ms->fault.pc = 1;
		return 0;
	}
	switch (p->short_op) {
	case DIF_OP_SETI:
		return (u64)IMM;
	case DIF_OP_LDB:
		t = dif_env_builtin(ms, (u32)in->di_imm, 0);
		break;
	default:	/* DIF_OP_LDTS */
		t = dif_dynvar(ms, DIF_SCOPE_THREAD, false, (u32)in->di_imm,
			       false, 0);
		break;
	}
	if (dif_faulted(ms)) {
		ms->fault.pc = 0;
		ms->ntuple = 0;
		return 0;
	}
	return t;
}

/**
 * dif_exec() - run a verified program
 * @p:  a program dif_prog_load() accepted
 * @ms: the machine state, filled by the host
 *
 * Context: any, including NMI; allocates nothing.
 * Return: the value RET returned, or 0 with ms->fault.kind set.
 */
u64 dif_exec(const struct dif_prog *p, struct dif_mstate *ms)
{
	ms->prog = p;
	ms->fault.kind = DIF_FAULT_NONE;
	ms->fault.pc = DIF_PC_NONE;
	ms->fault.addr = 0;
	ms->ntuple = 0;
	if (p->short_op)
		return dif_run_short(p, ms);
	return dif_run(p, ms);
}

/**
 * dif_mstate_reset() - prepare a machine state for a new probe firing
 * @ms: the state; its host-filled fields are kept
 *
 * Empties scratch and the tuple stack, forgets strtok()'s position,
 * clears the fault and gives the firing a whole budget. Context: any.
 */
void dif_mstate_reset(struct dif_mstate *ms)
{
	ms->budget = DIF_BUDGET_FIRING;
	ms->scratch_used = 0;
	ms->strtok_addr = 0;
	ms->ntuple = 0;
	ms->fault.kind = DIF_FAULT_NONE;
	ms->fault.pc = DIF_PC_NONE;
	ms->fault.addr = 0;
}

/*
 * Like dif_copy_string(), but writes nothing past the NUL and says how
 * long the string is: for a destination already zero, where padding a
 * strsize slot would be most of the work.
 */
int dif_copy_string_exact(struct dif_mstate *ms, char *dst, u64 addr,
			  u32 size, bool user, u32 *lenp)
{
	u32 mark = ms->scratch_used, len = 0;
	const char *p;

	ms->fault.kind = DIF_FAULT_NONE;
	ms->fault.pc = DIF_PC_NONE;
	*lenp = 0;
	if (size == 0)
		return 0;
	if (size > 1) {
		p = dif_str_get(ms, addr, size - 1, user, &len);
		if (!p) {
			ms->scratch_used = mark;
			return ms->fault.kind ? ms->fault.kind :
						DIF_FAULT_BADADDR;
		}
		memmove(dst, p, len);
	}
	dst[len] = '\0';
	ms->scratch_used = mark;
	*lenp = len;
	return 0;
}

/**
 * dif_copy_string() - copy a string value into a record
 * @ms:   the state dif_exec() ran with (its program's string table and
 *        scratch are read directly)
 * @dst:  size bytes; always NUL-terminated and zero-filled after the string
 * @addr: the string's address
 * @size: bytes of dst; at most size - 1 (and strsize) bytes are copied
 * @user: addr is in the current task's user memory
 *
 * Context: any. Return: 0, or the fault kind (also left in ms->fault
 * with pc DIF_PC_NONE).
 */
int dif_copy_string(struct dif_mstate *ms, char *dst, u64 addr, u32 size,
		    bool user)
{
	u32 max, strsize = dif_strsize(ms);
	const u8 *p;
	u64 avail;
	int len;

	if (size == 0)
		return 0;
	memset(dst, 0, size);
	ms->fault.kind = DIF_FAULT_NONE;
	ms->fault.pc = DIF_PC_NONE;
	max = size - 1 < strsize ? size - 1 : strsize;
	p = user ? NULL : dif_mem_direct(ms, addr, 0, &avail);
	if (p) {
		const u8 *z;

		if (avail < max)
			max = (u32)avail;
		z = memchr(p, '\0', max);
		len = z ? (u32)(z - p) : max;
		if (!dif_budget_charge(ms, (u64)len + 1)) {
			memset(dst, 0, size);
			return ms->fault.kind;
		}
		memmove(dst, p, len);
		return 0;
	}
	len = dif_str_fetch(ms, dst, addr, max, user);
	if (len < 0) {
		memset(dst, 0, size);
		return ms->fault.kind;
	}
	memset(dst + len, 0, size - len);
	return 0;
}
