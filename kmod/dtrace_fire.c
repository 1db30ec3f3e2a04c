// SPDX-License-Identifier: GPL-2.0
/*
 * Probe context: what runs when a probe fires.
 *
 * Providers call dtrace_probe_fire() from wherever their mechanism runs:
 * process, softirq, hard irq or NMI context, preemptible or not. The rules
 * that make that safe:
 *
 *  - Interrupts are off on this CPU for the whole firing. A record is
 *    therefore written by one CPU into that CPU's own buffer, and
 *    dtrace_sync() (an IPI answered by every CPU) waits for every firing
 *    in progress before anything it used is changed or freed.
 *  - Nothing here sleeps, allocates or takes a lock. Everything a firing
 *    touches (ECB lists, buffers, scratch, variables) was set up before
 *    GO and is freed only after a dtrace_sync().
 *  - A probe that fires while this CPU is already in probe context (a
 *    traced function called from here, an NMI) is skipped and counted,
 *    never nested, except the ERROR probe fired on purpose below.
 *  - Every load from an address a script chose is a nofault copy
 *    (dif_env_kernel.c). A fault ends the clause: its record is not
 *    committed, the error is counted and the ERROR probe fires.
 *  - A firing has a budget of work (DIF_BUDGET_FIRING), shared by every
 *    clause and action on the probe and by the ERROR clauses they fire.
 *    The clause that spends it ends in DIF_FAULT_BUDGET, the ERROR probe
 *    fires for it with a reserve of its own, and the rest of the firing
 *    is skipped: however many clauses, actions and subroutines there
 *    are, interrupts are off for a bounded time.
 *  - Nothing is printed from here.
 */
#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/irqflags.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/ktime.h>
#include "dtrace_impl.h"

static DEFINE_PER_CPU(int, dtrace_in_probe);
static DEFINE_PER_CPU(u64, dtrace_firings);	/* counts this CPU's firings */
static DEFINE_PER_CPU(u64, dtrace_budget);	/* work left in this firing */

/* What ERROR's clauses may do after a clause spent the budget. */
#define DTRACE_BUDGET_ERROR	(DIF_BUDGET_FIRING / 8)
/* May this state's clauses run for this firing? */
static bool dtrace_state_fires(const struct dtrace_state *state,
			       const struct dtrace_state *only)
{
	int act = READ_ONCE(state->ds_activity);

	if (only)	/* BEGIN, END, ERROR: fired for one consumer */
		return state == only && act >= DTRACE_WARMUP &&
		       act <= DTRACE_DRAINING;
	return act == DTRACE_ACTIVE;
}

/*
 * exit() only tells the consumer to stop, as in DTrace: the clauses after
 * it in the same firing still run, though the state is already draining.
 */
static bool dtrace_state_exiting(const struct dtrace_state *state,
				 unsigned int cpuid, u64 firing)
{
	return READ_ONCE(state->ds_activity) == DTRACE_DRAINING &&
	       state->ds_cpus[cpuid].dc_exited == firing;
}

/*
 * exit(): stop every probe but END; STOP will fire END. An exit( ) after
 * that (END's, or a later clause's of the same firing) has the last word
 * on the status, as DTrace's consumer takes the last exit record.
 */
static void dtrace_state_exit(struct dtrace_state *state, int val)
{
	int act = READ_ONCE(state->ds_activity);

	if (act != DTRACE_WARMUP && act != DTRACE_ACTIVE &&
	    act != DTRACE_DRAINING)
		return;
	if (act != DTRACE_DRAINING &&
	    cmpxchg(&state->ds_activity, act, DTRACE_DRAINING) != act)
		return;
	WRITE_ONCE(state->ds_exitval, val);
	smp_wmb();	/* exitval before the flag the consumer polls */
	atomic_or(DTRACE_STATUS_EXITED, &state->ds_status);
}

/* A fault found outside DIF: no instruction to blame. */
static int dtrace_fault(struct dtrace_mctx *mc, int kind, u64 addr)
{
	mc->dm_ms.fault.kind = kind;
	mc->dm_ms.fault.pc = DIF_PC_NONE;
	mc->dm_ms.fault.addr = addr;
	return kind;
}

/*
 * Store a value in its slot of the record or of the aggregation key, and
 * return in *endp where its data ends. A string is copied up to its NUL
 * and not padded: the key is zero past its data (the rest of the slot
 * stays so), and a record's string is read up to its NUL.
 */
static int dtrace_action_store(struct dtrace_mctx *mc,
			       const struct dtrace_action *act, char *base,
			       u64 val, u32 *endp)
{
	char *dst = base + act->dac_rec_off;
	u32 len;
	int fault;

	*endp = act->dac_rec_off + act->dac_rec_size;
	if (act->dac_string) {
		fault = dif_copy_string_exact(&mc->dm_ms, dst, val,
					      act->dac_rec_size, act->dac_user,
					      &len);
		*endp = act->dac_rec_off + len + 1;
		return fault;
	}
	switch (act->dac_rec_size) {
	case 1:
		*(u8 *)dst = val;
		break;
	case 2:
		*(u16 *)dst = val;
		break;
	case 4:
		*(u32 *)dst = val;
		break;
	default:
		*(u64 *)dst = val;
		break;
	}
	return 0;
}

/*
 * What dif_exec() charges for a program of one operation and its RET,
 * for the ones run here without it. False when the budget is spent.
 */
static bool dtrace_charge_short(struct dtrace_mctx *mc)
{
	if (dif_budget_charge(&mc->dm_ms, 2))
		return true;
	mc->dm_ms.fault.pc = 1;
	return false;
}

/*
 * Zero the key this CPU built, a word at a time: it is 8-aligned and
 * DTRACE_AGGKEY_MAX long, a multiple of 8.
 */
static void dtrace_key_clear(struct dtrace_cpu *cpu)
{
	u64 *k = (u64 *)cpu->dc_aggkey;
	u32 i, n = (cpu->dc_aggkeylen + 7) / 8;

	for (i = 0; i < n; i++)
		k[i] = 0;
	cpu->dc_aggkeylen = 0;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define DTRACE_KEY_COMM_WORDS	1
/*
 * execname: comm's 16 bytes read as two words, its NUL found a word at
 * a time, and as many bytes stored as the slot holds (zeros past the
 * NUL, as the key is). Returns its length.
 */
static u32 dtrace_key_comm(char *dst, u32 slot)
{
	u64 w[2], z;
	u32 i, len = 16;

	BUILD_BUG_ON(sizeof(current->comm) != sizeof(w));
	memcpy(w, current->comm, sizeof(w));
	for (i = 0; i < 2; i++) {
		z = (w[i] - 0x0101010101010101ull) & ~w[i] &
		    0x8080808080808080ull;
		if (z) {
			len = i * 8 + __builtin_ctzll(z) / 8;
			break;
		}
	}
	len = min(len, slot - 1);
	/* bytes from len on are zero: the NUL and the key's padding */
	if (len < 8) {
		w[0] &= ~(~0ull << len * 8);
		w[1] = 0;
	} else {
		w[1] &= len < 16 ? ~(~0ull << (len - 8) * 8) : ~0ull;
	}
	if (slot >= sizeof(w))
		memcpy(dst, w, sizeof(w));	/* two stores */
	else
		memcpy(dst, w, slot);
	return len;
}
#endif

/*
 * An aggregation key part that is a string the kernel owns (@[execname],
 * @[probefunc]: DTRACE_FAST_KSTR), copied straight into the key rather
 * than into scratch by the program and from there into the key. Sets
 * *endp to where its data ends.
 */
static void dtrace_key_kstr(struct dtrace_mctx *mc,
			    const struct dtrace_action *act, char *key,
			    u32 *endp)
{
	char *dst = key + act->dac_rec_off;
	u32 max = 0, len;
	const char *s;

#ifdef DTRACE_KEY_COMM_WORDS
	if (act->dac_var == DIF_VAR_EXECNAME) {
		len = dtrace_key_comm(dst, act->dac_rec_size);
		*endp = act->dac_rec_off + len + 1;
		return;
	}
#endif
	s = dtrace_env_kstr(mc, act->dac_var, &max);
	if (!s)		/* cannot be: the plan knows dtrace_env_kstr()'s */
		s = "";
	len = strnlen(s, min(max, act->dac_rec_size - 1));
	memcpy(dst, s, len);
	dst[len] = '\0';
	*endp = act->dac_rec_off + len + 1;
}

/*
 * Run one clause for one firing. Returns the fault that stopped it
 * (DIF_FAULT_NONE if none) and which action faulted in *actp.
 * Aggregations take effect as their action runs; the record only if
 * every action succeeded. An action whose GUARD did not hold is skipped.
 */
static int dtrace_ecb_run(struct dtrace_mctx *mc, struct dtrace_cpu *cpu,
			  struct dtrace_ecb *ecb, u32 probe_id, u32 *actp)
{
	struct dtrace_state *state = ecb->de_state;
	u32 size = sizeof(struct dtrace_rechdr) + ecb->de_recsize;
	struct dtrace_rechdr *hdr = NULL;
	struct dtrace_buffer *buf = NULL;
	unsigned long *held = cpu->dc_held;	/* GUARDs not 0 */
	bool exiting = false;
	int exitval = 0;
	u64 now = 0;		/* a speculated record's time, read once */
	u32 i, end;
	u64 v;

	*actp = 0;
	if (!dif_budget_charge(&mc->dm_ms, DTRACE_COST_CLAUSE))
		return DIF_FAULT_BUDGET;
	if (ecb->de_has_pred) {
		v = dif_exec(&ecb->de_pred, &mc->dm_ms);
		if (mc->dm_ms.fault.kind != DIF_FAULT_NONE)
			return mc->dm_ms.fault.kind;
		if (!v)
			return DIF_FAULT_NONE;
	}

	v = DTRACE_SPEC_NONE;
	if (ecb->de_speculates) {
		/* speculate(id): the record goes to that speculation. */
		v = dif_exec(&ecb->de_acts[0].dac_prog, &mc->dm_ms);
		if (mc->dm_ms.fault.kind != DIF_FAULT_NONE)
			return mc->dm_ms.fault.kind;
	}
	if (v != DTRACE_SPEC_NONE) {
		now = dtrace_mctx_now(mc);
		buf = dtrace_spec_buffer(state, cpu, v, now);
		if (IS_ERR(buf))
			return dtrace_fault(mc, DIF_FAULT_ILLOP, v);
		if (!buf)
			return DIF_FAULT_NONE;
		hdr = (void *)dtrace_buffer_reserve_in(buf, state->ds_specsize,
						       size);
		if (!hdr) {
			atomic64_inc(&state->ds_specdrops);
			return DIF_FAULT_NONE;
		}
	} else if (ecb->de_needs_record) {
		hdr = (void *)dtrace_buffer_reserve(state, cpu, size);
		if (!hdr)
			return DIF_FAULT_NONE;	/* counted as a drop */
	}
	if (hdr) {
		hdr->dr_epid = ecb->de_epid;
		hdr->dr_probe_id = probe_id;
		hdr->dr_timestamp = now ? now : dtrace_mctx_now(mc);
	}
	/* Past the last key's data, the key is still all zero. */
	if (ecb->de_aggkeysize && cpu->dc_aggkeylen)
		dtrace_key_clear(cpu);
	cpu->dc_aggweight = 1;	/* an earlier firing may have faulted */

	if (ecb->de_guarded)
		bitmap_zero(held, ecb->de_nacts);	/* no guard is past them */
	for (i = ecb->de_speculates; i < ecb->de_nacts; i++) {
		const struct dtrace_action *act = &ecb->de_acts[i];
		int fault = 0;

		/* In an if block not taken: as if it were not there. */
		if (act->dac_guard && !test_bit(act->dac_guard - 1, held))
			continue;
		*actp = i + 1;
		if (!dif_budget_charge(&mc->dm_ms, act->dac_cost))
			return DIF_FAULT_BUDGET;
		if (act->dac_kind == DTRACE_ACT_STACK) {
			dtrace_stack_kernel((u64 *)((char *)(hdr + 1) +
					    act->dac_rec_off), act->dac_arg,
					    cpu->dc_stack, mc->dm_args);
			continue;
		}
		if (act->dac_kind == DTRACE_ACT_USTACK) {
			dtrace_stack_user((u64 *)((char *)(hdr + 1) +
					  act->dac_rec_off), act->dac_arg,
					  mc->dm_args);
			continue;
		}
		if (act->dac_fast == DTRACE_FAST_KSTR) {
			if (!dtrace_charge_short(mc))
				return DIF_FAULT_BUDGET;
			dtrace_key_kstr(mc, act, cpu->dc_aggkey, &end);
			cpu->dc_aggkeylen = max(cpu->dc_aggkeylen, end);
			continue;
		}
		if (act->dac_fast == DTRACE_FAST_CONST) {
			/* a constant, as count()'s value: nothing to run */
			if (!dtrace_charge_short(mc))
				return DIF_FAULT_BUDGET;
			v = act->dac_value;
		} else {
			v = dif_exec(&act->dac_prog, &mc->dm_ms);
			if (mc->dm_ms.fault.kind != DIF_FAULT_NONE)
				return mc->dm_ms.fault.kind;
		}
		switch (act->dac_kind) {
		case DTRACE_ACT_AGGKEY:
			/* Hashing and comparing stop where the data does. */
			fault = dtrace_action_store(mc, act, cpu->dc_aggkey, v,
						    &end);
			cpu->dc_aggkeylen = max(cpu->dc_aggkeylen, end);
			break;
		case DTRACE_ACT_AGGREGATE:
			if (!dif_budget_charge(&mc->dm_ms, DIF_COST_DYN +
					       cpu->dc_aggkeylen))
				return DIF_FAULT_BUDGET;
			fault = dtrace_aggregate(state, cpu, &mc->dm_ms,
						 act->dac_arg, v,
						 cpu->dc_aggweight);
			/* The next aggregation builds its own key. */
			dtrace_key_clear(cpu);
			cpu->dc_aggweight = 1;
			break;
		case DTRACE_ACT_AGGWEIGHT:
			cpu->dc_aggweight = (s64)v;
			break;
		case DTRACE_ACT_COMMIT:
		case DTRACE_ACT_DISCARD:
			fault = dtrace_spec_end(state, cpu, smp_processor_id(), v,
						act->dac_kind == DTRACE_ACT_COMMIT);
			break;
		case DTRACE_ACT_RAISE:
			fault = dtrace_raise(v);
			break;
		case DTRACE_ACT_STOP:
			if (v)
				fault = dtrace_raise_stop();
			break;
		case DTRACE_ACT_CHILL:
			fault = dtrace_chill(v);
			break;
		case DTRACE_ACT_TRACEMEM:
			fault = dif_copy_mem(&mc->dm_ms, (char *)(hdr + 1) +
					     act->dac_rec_off, v,
					     act->dac_rec_size);
			break;
		case DTRACE_ACT_EXIT:
			exiting = true;
			exitval = (int)v;
			fault = dtrace_action_store(mc, act, (char *)(hdr + 1),
						    v, &end);
			break;
		case DTRACE_ACT_GUARD:
			if (v)
				__set_bit(i, held);
			if (!act->dac_rec_size)
				break;
			fallthrough;
		default:
			fault = dtrace_action_store(mc, act, (char *)(hdr + 1),
						    v, &end);
			break;
		}
		if (fault)
			return dtrace_fault(mc, fault, v);
	}

	if (buf)
		buf->db_offset += size;
	else if (hdr)
		dtrace_buffer_commit(cpu, size);
	if (exiting) {
		dtrace_state_exit(state, exitval);
		cpu->dc_exited = cpu->dc_firing;
	}
	return DIF_FAULT_NONE;
}

/*
 * A clause of aggregations only, each key part and value a constant or
 * a built-in (de_fast, dtrace_plan.c): what dtrace_ecb_run() does for
 * it, without machine state, record, guards or programs. The caller
 * runs it only with de_fast_budget left, so every fixed charge is made
 * as dtrace_ecb_run() would make it and cannot fail: the only fault is
 * a hash chain that spends the budget, at the same step.
 */
static int dtrace_ecb_fast(struct dtrace_mctx *mc, struct dtrace_cpu *cpu,
			   struct dtrace_ecb *ecb, struct dtrace_probe *probe,
			   const struct dtrace_args *args, u32 *actp)
{
	struct dif_mstate *ms = &mc->dm_ms;
	u32 i, end;
	u64 v;

	mc->dm_probe = probe;	/* what the built-ins read */
	mc->dm_args = args;
	mc->dm_ecb = ecb;
	if (cpu->dc_aggkeylen)	/* left by a clause that faulted */
		dtrace_key_clear(cpu);
	cpu->dc_aggweight = 1;
	ms->budget -= DTRACE_COST_CLAUSE;
	for (i = 0; i < ecb->de_nacts; i++) {
		const struct dtrace_action *act = &ecb->de_acts[i];

		ms->budget -= act->dac_cost + 2;	/* 2: the program's */
		if (act->dac_fast == DTRACE_FAST_KSTR) {
			dtrace_key_kstr(mc, act, cpu->dc_aggkey, &end);
			cpu->dc_aggkeylen = max(cpu->dc_aggkeylen, end);
			continue;
		}
		if (act->dac_fast == DTRACE_FAST_CONST)
			v = act->dac_value;
		else
			v = dif_env_builtin(ms, act->dac_var, 0);
		if (act->dac_kind == DTRACE_ACT_AGGKEY) {
			dtrace_action_store(mc, act, cpu->dc_aggkey, v, &end);
			cpu->dc_aggkeylen = max(cpu->dc_aggkeylen, end);
			continue;
		}
		ms->budget -= DIF_COST_DYN + cpu->dc_aggkeylen;
		if (dtrace_aggregate(ecb->de_state, cpu, ms, act->dac_arg, v,
				     1)) {
			*actp = i + 1;
			ms->fault.kind = DIF_FAULT_BUDGET;
			ms->fault.pc = DIF_PC_NONE;
			ms->fault.addr = 0;
			return DIF_FAULT_BUDGET;
		}
		dtrace_key_clear(cpu);
	}
	return DIF_FAULT_NONE;
}

static void __dtrace_probe_fire(struct dtrace_probe *probe, const struct dtrace_args *args,
				struct dtrace_state *only)
{
	unsigned int cpuid = smp_processor_id();
	u64 firing = this_cpu_inc_return(dtrace_firings);
	struct dtrace_ecb_link *link;

	for (link = READ_ONCE(probe->dp_ecbs); link;
	     link = READ_ONCE(link->del_next)) {
		struct dtrace_ecb *ecb = link->del_ecb;
		struct dtrace_state *state = ecb->de_state;
		struct dtrace_cpu *cpu;
		struct dtrace_mctx *mc;
		struct dif_fault fault;
		u32 act;
		int kind;

		if (!dtrace_state_fires(state, only) &&
		    (only || !dtrace_state_exiting(state, cpuid, firing)))
			continue;
		cpu = &state->ds_cpus[cpuid];
		mc = cpu->dc_mctx;
		if (!mc)	/* a CPU that came online after GO */
			continue;
		if (ecb->de_fast &&
		    __this_cpu_read(dtrace_budget) >= ecb->de_fast_budget) {
			mc->dm_ms.budget = __this_cpu_read(dtrace_budget);
			kind = dtrace_ecb_fast(mc, cpu, ecb, probe, args, &act);
		} else {
			dtrace_mctx_init(mc, state, cpu, ecb, probe, args,
					 firing);
			mc->dm_ms.budget = __this_cpu_read(dtrace_budget);
			kind = dtrace_ecb_run(mc, cpu, ecb, probe->dp_id, &act);
		}
		__this_cpu_write(dtrace_budget, mc->dm_ms.budget);
		if (kind == DIF_FAULT_NONE)
			continue;

		cpu->dc_errors++;
		fault = mc->dm_ms.fault;
		if (kind == DIF_FAULT_BUDGET && probe != dtrace_probe_error)
			__this_cpu_write(dtrace_budget, DTRACE_BUDGET_ERROR);
		if (probe != dtrace_probe_error)
			dtrace_fire_error(state, probe->dp_id, ecb->de_epid, act,
					  &fault);
		if (kind == DIF_FAULT_BUDGET) {
			/* The rest of the firing is skipped. */
			__this_cpu_write(dtrace_budget, 0);
			return;
		}
	}
}

/*
 * Firings of @probe the kernel lost before this one (a kretprobe with no
 * free instance): drops on this CPU for every consumer enabled on it.
 */
static void dtrace_probe_missed(struct dtrace_probe *probe, unsigned long n)
{
	unsigned int cpuid = smp_processor_id();
	struct dtrace_ecb_link *link;

	for (link = READ_ONCE(probe->dp_ecbs); link;
	     link = READ_ONCE(link->del_next)) {
		struct dtrace_state *state = link->del_ecb->de_state;

		if (READ_ONCE(state->ds_activity) == DTRACE_ACTIVE &&
		    state->ds_cpus)
			state->ds_cpus[cpuid].dc_drops += n;
	}
}

/**
 * dtrace_probe_fire() - a probe fired: run every clause enabled on it.
 * @probe: the probe
 * @args:  its arguments
 * @only:  NULL, or the one consumer whose clauses run (BEGIN, END, ERROR)
 *
 * Context: any, including NMI. Does not sleep.
 */
void dtrace_probe_fire(struct dtrace_probe *probe, const struct dtrace_args *args,
		       struct dtrace_state *only)
{
	unsigned long flags;
	u64 t0;
	int *in;

	local_irq_save(flags);
	in = this_cpu_ptr(&dtrace_in_probe);
	if (*in) {
		struct dtrace_ecb_link *link;

		for (link = READ_ONCE(probe->dp_ecbs); link;
		     link = READ_ONCE(link->del_next))
			atomic64_inc(&link->del_ecb->de_state->ds_reentered);
		local_irq_restore(flags);
		return;
	}
	*in = 1;
	t0 = dtrace_rate_enter();
	__this_cpu_write(dtrace_budget, DIF_BUDGET_FIRING);
	__dtrace_probe_fire(probe, args, only);
	if (args->da_missed)
		dtrace_probe_missed(probe, args->da_missed);
	dtrace_rate_exit(probe, t0);
	*in = 0;
	local_irq_restore(flags);
}

/**
 * dtrace_probe_context_enter() - keep probes off this CPU's buffers while
 * the consumer works on them from an IPI (buffer switch, speculation
 * commit): a probe that fires meanwhile, in NMI, is skipped and counted
 * as if nested.
 *
 * Context: interrupts off.
 * Return: what to give dtrace_probe_context_exit().
 */
int dtrace_probe_context_enter(void)
{
	int *in = this_cpu_ptr(&dtrace_in_probe);
	int was = *in;

	*in = 1;
	barrier();	/* set before the work it guards */
	return was;
}

void dtrace_probe_context_exit(int was)
{
	barrier();
	this_cpu_write(dtrace_in_probe, was);
}

/**
 * dtrace_fire_error() - fire ERROR for one consumer from probe context.
 * @state:    the consumer whose clause faulted
 * @probe_id: the probe that fired
 * @epid:     the clause
 * @act:      the action that faulted, 0 for the predicate
 * @fault:    what happened
 *
 * ERROR's arguments are DTrace's: arg1 the EPID, arg2 the action,
 * arg3 the DIF offset, arg4 the fault kind, arg5 the address; arg0,
 * which DTrace leaves to the kernel, is the id of the probe that fired,
 * since one clause may be enabled on many.
 *
 * Context: probe context (interrupts off, dtrace_in_probe set).
 */
void dtrace_fire_error(struct dtrace_state *state, u32 probe_id, u32 epid,
		       u32 act, const struct dif_fault *fault)
{
	struct dtrace_args args = {
		.da_arg = { probe_id, epid, act, fault->pc, fault->kind,
			    fault->addr },
	};

	if (dtrace_probe_error)
		__dtrace_probe_fire(dtrace_probe_error, &args, state);
}
