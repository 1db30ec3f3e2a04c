// SPDX-License-Identifier: GPL-2.0
/*
 * The DIF environment in the kernel: what dif/ asks of its host.
 *
 * Everything here runs in probe context (see dtrace_fire.c): interrupts
 * are off, nothing sleeps, nothing allocates, and the only lock is the
 * dynamic variable store's, taken with trylock. Reads of addresses a
 * script chose are nofault copies.
 */
#include <linux/cred.h>
#include <linux/mm_types.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/rwsem.h>
#include <linux/topology.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/sched/task_stack.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/ktime.h>
#include <linux/uaccess.h>
#include <asm/tlbflush.h>	/* nmi_uaccess_okay( ), on x86 */
#include "dtrace_impl.h"

/* How far progenyof() climbs before it gives up. */
#define DTRACE_PROGENY_DEPTH	1024

static DEFINE_PER_CPU(struct rnd_state, dtrace_rnd);

static struct dtrace_mctx *dtrace_mctx(struct dif_mstate *ms)
{
	return container_of(ms, struct dtrace_mctx, dm_ms);
}

/**
 * dtrace_mctx_init() - prepare the machine state for one clause.
 * @mc:    this CPU's context of @state
 * @state: the consumer
 * @cpu:   this CPU's part of @state
 * @ecb:   the clause about to run
 * @probe: the probe that fired
 * @args:  its arguments
 * @firing: which firing of this CPU this is: this-> variables live as
 *          long as one firing, across its clauses, as in DTrace
 *
 * Context: probe context.
 */
void dtrace_mctx_init(struct dtrace_mctx *mc, struct dtrace_state *state,
		      struct dtrace_cpu *cpu, struct dtrace_ecb *ecb,
		      struct dtrace_probe *probe, const struct dtrace_args *args,
		      u64 firing)
{
	struct dif_mstate *ms = &mc->dm_ms;

	if (unlikely(ms->env != mc)) {
		/* Fixed from GO on (this context is allocated there). */
		ms->scratch = cpu->dc_scratch;
		ms->scratch_size = state->ds_scratchsize;
		ms->strsize = state->ds_strsize;
		ms->globals = state->ds_globals;
		ms->nglobals = DIF_VARID_MAX + 1;
		ms->locals = cpu->dc_locals;
		ms->nlocals = DIF_VARID_MAX + 1;
		ms->dyn = state->ds_dyn_mem ? &state->ds_dyn : NULL;
		ms->env = mc;
		mc->dm_cpu = cpu;
	}
	dif_mstate_reset(ms);
	if (cpu->dc_firing != firing) {
		if (state->ds_nlocals)
			memset(cpu->dc_locals, 0,
			       state->ds_nlocals * sizeof(u64));
		cpu->dc_firing = firing;
		mc->dm_now = 0;
	}
	mc->dm_probe = probe;
	mc->dm_args = args;
	mc->dm_ecb = ecb;
}

/**
 * dtrace_mctx_now() - the firing's timestamp: the clock is read once per
 * firing, for every reference and the record's header, as in DTrace.
 * @mc: the firing
 *
 * Context: probe context.
 */
u64 dtrace_mctx_now(struct dtrace_mctx *mc)
{
	if (!mc->dm_now)
		mc->dm_now = ktime_get_mono_fast_ns();
	return mc->dm_now;
}

int dif_env_copy(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		 bool user)
{
	if (user)
		return copy_from_user_nofault(dst, u64_to_user_ptr(addr), size) ?
		       DIF_FAULT_BADADDR : 0;
	/* as DTrace's toxic ranges: an invalid address, not a privilege */
	if (!dtrace_kaddr_readable(addr, size))
		return DIF_FAULT_BADADDR;
	return copy_from_kernel_nofault(dst, (const void *)(uintptr_t)addr,
					size) ? DIF_FAULT_BADADDR : 0;
}

#ifndef nmi_uaccess_okay
#define nmi_uaccess_okay()	true	/* as <asm-generic/tlb.h> */
#endif

/*
 * copyout( ), copyoutstr( ): only for a consumer that allowed destructive
 * actions (the compiler asks for -w too), only into a user process, and
 * only what copy_to_user_nofault( ) can write without sleeping.
 */
int dif_env_copyout(struct dif_mstate *ms, u64 uaddr, const void *src,
		    u32 size)
{
	struct dtrace_mctx *mc = ms->env;
	struct task_struct *t = current;

	if (!(mc->dm_ecb->de_state->ds_flags & DTRACE_OPT_DESTRUCTIVE))
		return DIF_FAULT_UPRIV;
	if (!t->mm || (t->flags & PF_KTHREAD))
		return DIF_FAULT_BADADDR;
	/* an NMI may come while another mm is loaded: never write there */
	if (in_nmi() && !nmi_uaccess_okay())
		return DIF_FAULT_BADADDR;
	return copy_to_user_nofault(u64_to_user_ptr(uaddr), src, size) ?
	       DIF_FAULT_BADADDR : 0;
}

/* A stack walk costs the firing a read per frame; returns the depth. */
static u32 dtrace_env_frames(struct dif_mstate *ms, u32 depth)
{
	dif_budget_charge(ms, (u64)DIF_COST_COPY * (depth + 1));
	return depth;
}

static u64 dtrace_env_illop(struct dif_mstate *ms, u64 what)
{
	ms->fault.kind = DIF_FAULT_ILLOP;
	ms->fault.addr = what;
	return 0;
}

/*
 * A string the kernel owns (comm, a probe's names), placed in scratch so
 * that the program reads it in place rather than through dif_env_copy().
 */
static u64 dtrace_env_str(struct dif_mstate *ms, const char *s, u32 max)
{
	u64 v = dif_str_scratch(ms, s, max);

	return v ? v : (uintptr_t)s;
}

/**
 * dtrace_env_kstr() - the string the kernel owns that a built-in names
 * @mc:   the firing
 * @var:  DIF_VAR_EXECNAME or a probe's name (DIF_VAR_PROBEPROV ...)
 * @maxp: set to its bound
 *
 * Context: probe context. Return: the string, or NULL for any other @var.
 */
const char *dtrace_env_kstr(const struct dtrace_mctx *mc, u32 var,
			    u32 *maxp)
{
	switch (var) {
	case DIF_VAR_EXECNAME:
		*maxp = sizeof(current->comm);
		return current->comm;
	case DIF_VAR_PROBEPROV:
		*maxp = DTRACE_PROVNAMELEN;
		return mc->dm_probe->dp_prov;
	case DIF_VAR_PROBEMOD:
		*maxp = DTRACE_MODNAMELEN;
		return mc->dm_probe->dp_mod;
	case DIF_VAR_PROBEFUNC:
		*maxp = DTRACE_FUNCNAMELEN;
		return mc->dm_probe->dp_func;
	case DIF_VAR_PROBENAME:
		*maxp = DTRACE_NAMELEN;
		return mc->dm_probe->dp_name;
	default:
		return NULL;
	}
}

/*
 * ipl: Linux has no interrupt priority levels; the kind of context the
 * probe fired in stands for one, higher as it interrupts more: 0 a task
 * (or a softirq run from one with bottom halves only disabled), 1 a
 * softirq being served, 2 a hard interrupt, 3 an NMI.
 */
static u64 dtrace_env_ipl(void)
{
	if (in_nmi())
		return 3;
	if (hardirq_count())
		return 2;
	if (in_serving_softirq())
		return 1;
	return 0;
}

/*
 * execargs: the current process's arguments (mm->arg_start to arg_end),
 * read where the process keeps them, NULs made spaces; "" for a kernel
 * thread. The mm is the current task's own, alive while it runs.
 */
static u64 dtrace_env_execargs(struct dif_mstate *ms)
{
	struct task_struct *t = current;
	struct mm_struct *mm = READ_ONCE(t->mm);
	unsigned long start, end;

	if (!mm || (t->flags & PF_KTHREAD))
		return dtrace_env_str(ms, "", 1);
	start = READ_ONCE(mm->arg_start);
	end = READ_ONCE(mm->arg_end);
	if (end <= start)
		return dtrace_env_str(ms, "", 1);
	return dif_str_args(ms, start, end - start);
}

u64 dif_env_builtin(struct dif_mstate *ms, u32 var, u64 idx)
{
	struct dtrace_mctx *mc = dtrace_mctx(ms);
	struct task_struct *t = current;

	switch (var) {
	case DIF_VAR_ARG0 ... DIF_VAR_ARG9:
		return mc->dm_args->da_arg[var - DIF_VAR_ARG0];
	case DIF_VAR_ARGS:
		if (idx > DIF_VAR_ARG9 - DIF_VAR_ARG0)
			return dtrace_env_illop(ms, idx);
		return mc->dm_args->da_arg[idx];
	case DIF_VAR_PID:
		return t->tgid;
	case DIF_VAR_PPID:
		/* Interrupts are off: an RCU read side, as real_parent wants. */
		return READ_ONCE(t->real_parent)->tgid;
	case DIF_VAR_TID:
		return t->pid;
	case DIF_VAR_UID:
		return from_kuid(&init_user_ns, current_uid());
	case DIF_VAR_GID:
		return from_kgid(&init_user_ns, current_gid());
	case DIF_VAR_EXECNAME:
	case DIF_VAR_PROBEPROV ... DIF_VAR_PROBENAME: {
		u32 max;
		const char *s = dtrace_env_kstr(mc, var, &max);

		return dtrace_env_str(ms, s, max);
	}
	case DIF_VAR_CURTHREAD:
		return (uintptr_t)t;
	case DIF_VAR_TIMESTAMP:
		return dtrace_mctx_now(mc);
	case DIF_VAR_VTIMESTAMP:
		return t->se.sum_exec_runtime;
	case DIF_VAR_WALLTIMESTAMP:
		return ktime_get_real_fast_ns();
	case DIF_VAR_CPU:
		return smp_processor_id();
	case DIF_VAR_EPID:
		return mc->dm_ecb->de_epid;
	case DIF_VAR_ID:
		return mc->dm_probe->dp_id;
	case DIF_VAR_ERRNO:
		return mc->dm_args->da_errno;
	case DIF_VAR_STACKDEPTH:
		return dtrace_env_frames(ms, dtrace_stack_kernel_depth(
			mc->dm_cpu->dc_stack, mc->dm_args, NULL));
	case DIF_VAR_CALLER: {
		u64 caller = 0;

		dtrace_env_frames(ms, dtrace_stack_kernel_depth(
			mc->dm_cpu->dc_stack, mc->dm_args, &caller));
		return caller;
	}
	case DIF_VAR_USTACKDEPTH:
		return dtrace_env_frames(ms, dtrace_stack_user_depth(
			mc->dm_cpu->dc_stack, mc->dm_args));
	case DIF_VAR_UCALLER:
		return t->mm && !(t->flags & PF_KTHREAD) ?
		       instruction_pointer(task_pt_regs(t)) : 0;
	case DIF_VAR_UREGS:
		/* Index: the word of the user's struct pt_regs. */
		if (!t->mm || (t->flags & PF_KTHREAD) ||
		    idx >= sizeof(struct pt_regs) / sizeof(long))
			return dtrace_env_illop(ms, idx);
		return ((unsigned long *)task_pt_regs(t))[idx];
	case DIF_VAR_CHIP:
		return (u64)(s64)topology_physical_package_id(
			smp_processor_id());
	case DIF_VAR_LGRP:
		return (u64)(s64)cpu_to_node(smp_processor_id());
	case DIF_VAR_IPL:
		return dtrace_env_ipl();
	case DIF_VAR_EXECARGS:
		return dtrace_env_execargs(ms);
	default:
		/* Not provided yet; the compiler refuses these too. */
		return dtrace_env_illop(ms, var);
	}
}

u64 dif_env_thread_key(struct dif_mstate *ms)
{
	return (uintptr_t)current;
}

u64 dif_env_rand(struct dif_mstate *ms)
{
	struct rnd_state *rs = this_cpu_ptr(&dtrace_rnd);

	return (u64)prandom_u32_state(rs) << 32 | prandom_u32_state(rs);
}

u64 dif_env_progenyof(struct dif_mstate *ms, u64 pid)
{
	struct task_struct *t = current;
	bool found = false;
	int depth;

	for (depth = 0; depth < DTRACE_PROGENY_DEPTH; depth++) {
		struct task_struct *parent = READ_ONCE(t->real_parent);

		found = t->tgid == pid;
		if (found || !parent || parent == t)
			break;
		t = parent;
	}
	dif_budget_charge(ms, depth);
	return found;
}

u64 dif_env_speculation(struct dif_mstate *ms)
{
	return dtrace_speculation(dtrace_mctx(ms)->dm_ecb->de_state, ms);
}

u64 dif_env_stackid(struct dif_mstate *ms, u64 frames)
{
	struct dtrace_mctx *mc = dtrace_mctx(ms);

	return dtrace_stack_kernel_hash(min_t(u64, frames, DTRACE_STACK_MAX),
					mc->dm_cpu->dc_stack, mc->dm_args);
}

/*
 * The lock words of this kernel's struct mutex and struct rw_semaphore
 * (dif_subr_lock.c says how they read). PREEMPT_RT builds both on
 * rt_mutex: the owner is the rt_mutex's, its flag RT_MUTEX_HAS_WAITERS,
 * and the rw_semaphore's word is rwbase_rt's readers.
 */
static const struct dif_locks dtrace_locks = {
#ifdef CONFIG_PREEMPT_RT
	.mutex_owner_off = offsetof(struct mutex, rtmutex.owner),
	.mutex_owner_size = sizeof(struct task_struct *),
	.mutex_flags = 0x1,
	.rwsem_count_off = offsetof(struct rw_semaphore, rwbase.readers),
	.rwsem_count_size = sizeof(atomic_t),
	.rwsem_rt = 1,
#else
	.mutex_owner_off = offsetof(struct mutex, owner),
	.mutex_owner_size = sizeof(atomic_long_t),
	.mutex_flags = 0x7,	/* MUTEX_FLAGS, kernel/locking/mutex.h */
	.rwsem_count_off = offsetof(struct rw_semaphore, count),
	.rwsem_count_size = sizeof(atomic_long_t),
#endif
};

const struct dif_locks *dif_env_locks(struct dif_mstate *ms)
{
	return &dtrace_locks;
}

/*
 * A chain lock of the store: one word, a cmpxchg (no lockdep, no
 * sleeping on PREEMPT_RT, fine in NMI: dif/ only ever tries it).
 */
bool dif_env_trylock(u32 *lock)
{
	/* cmpxchg_acquire, not try_: 5.10 has only the former */
	return !READ_ONCE(*lock) && cmpxchg_acquire(lock, 0, 1) == 0;
}

void dif_env_unlock(u32 *lock)
{
	/* the chain's writes seen before the next holder's reads */
	smp_store_release(lock, 0);
}

u64 dif_env_cmpxchg64(u64 *p, u64 old, u64 new)
{
	return cmpxchg64(p, old, new);
}

void dif_env_add(u32 *p, s32 v)
{
	BUILD_BUG_ON(sizeof(atomic_t) != sizeof(u32));
	atomic_add(v, (atomic_t *)p);
}

/* Context: module init. */
void dtrace_env_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		prandom_seed_state(per_cpu_ptr(&dtrace_rnd, cpu),
				   get_random_u64());
}
