// SPDX-License-Identifier: GPL-2.0
/*
 * Destructive actions, run only for a consumer that asked for them (-w):
 * raise(sig) and stop() signal the current process, chill(ns) spins.
 *
 * Probe context may have irqs off (or be an NMI), where a signal cannot
 * be sent. The signal is queued instead: one irq_work per CPU, holding a
 * reference to the task, sends it as soon as irqs are on (as the kernel's
 * bpf_send_signal() does). A CPU whose irq_work is still pending drops
 * the next raise() and counts it as an error of that firing.
 *
 * chill(ns) busy-waits with DTrace's limits: at most
 * DTRACE_CHILL_MAX ns of chilling per DTRACE_CHILL_INTERVAL on each CPU;
 * asking for more is an "illegal operation" fault.
 *
 * copyout( ) and copyoutstr( ) write user memory: a kernel locked down
 * for integrity refuses them as it refuses bpf_probe_write_user( )
 * (LOCKDOWN_BPF_WRITE_USER), at ENABLE and again at GO, since lockdown
 * may come between the two.
 */
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/security.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_CHILL_MAX	(500 * NSEC_PER_MSEC)
#define DTRACE_CHILL_INTERVAL	NSEC_PER_SEC

struct dtrace_sigwork {
	struct irq_work		sw_work;
	struct task_struct	*sw_task;
	int			sw_sig;
	atomic_t		sw_busy;
};

struct dtrace_chill {
	u64	ch_start;	/* of the current interval */
	u64	ch_spent;	/* ns chilled in it */
};

static DEFINE_PER_CPU(struct dtrace_sigwork, dtrace_sigwork);
static DEFINE_PER_CPU(struct dtrace_chill, dtrace_chills);

static void dtrace_sig_send(struct irq_work *w)
{
	struct dtrace_sigwork *sw = container_of(w, struct dtrace_sigwork,
						 sw_work);
	struct task_struct *t = sw->sw_task;
	int sig = sw->sw_sig;

	sw->sw_task = NULL;
	atomic_set_release(&sw->sw_busy, 0);
	send_sig(sig, t, 1);
	put_task_struct(t);
}

/**
 * dtrace_raise() - queue signal @sig for the current process
 * @sig: 1.._NSIG-1; 0 sends nothing (as kill(pid, 0); an if block not
 *       taken gives 0)
 *
 * Context: probe context. Return: a DIF_FAULT_* (0 if queued or if the
 * current task is a kernel thread, which has no process to signal).
 */
int dtrace_raise(u64 sig)
{
	struct dtrace_sigwork *sw;

	if (sig == 0)
		return 0;
	if (sig >= _NSIG)
		return DIF_FAULT_ILLOP;
	if (current->flags & PF_KTHREAD)
		return 0;
	sw = this_cpu_ptr(&dtrace_sigwork);
	if (atomic_cmpxchg(&sw->sw_busy, 0, 1))
		return DIF_FAULT_ILLOP;
	sw->sw_task = get_task_struct(current);
	sw->sw_sig = (int)sig;
	irq_work_queue(&sw->sw_work);
	return 0;
}

/* stop(): the process stops as if by a job-control signal. */
int dtrace_raise_stop(void)
{
	return dtrace_raise(SIGSTOP);
}

/**
 * dtrace_chill() - spin for @ns nanoseconds, within DTrace's limits
 * @ns: how long
 *
 * Context: probe context (this CPU's accounting; preemption is off).
 * Return: 0, or DIF_FAULT_ILLOP when this CPU's budget is spent.
 */
int dtrace_chill(u64 ns)
{
	struct dtrace_chill *ch = this_cpu_ptr(&dtrace_chills);
	u64 now = ktime_get_mono_fast_ns(), end;

	if (now - ch->ch_start > DTRACE_CHILL_INTERVAL) {
		ch->ch_start = now;
		ch->ch_spent = 0;
	}
	if (ns > DTRACE_CHILL_MAX || ch->ch_spent + ns > DTRACE_CHILL_MAX)
		return DIF_FAULT_ILLOP;
	ch->ch_spent += ns;
	end = now + ns;
	while (ktime_get_mono_fast_ns() < end)
		cpu_relax();
	return 0;
}

/* Does @p call copyout( ) or copyoutstr( )? @p was verified. */
static bool dtrace_prog_writes_user(const struct dif_prog *p)
{
	u32 i;

	for (i = 0; i < p->ninsns; i++)
		if (p->insns[i].di_op == DIF_OP_CALL &&
		    (p->insns[i].di_imm == DIF_SUBR_COPYOUT ||
		     p->insns[i].di_imm == DIF_SUBR_COPYOUTSTR))
			return true;
	return false;
}

/* Whether any program of a loaded clause writes user memory. */
bool dtrace_ecb_writes_user(const struct dtrace_ecb *ecb)
{
	u32 i;

	if (ecb->de_has_pred && dtrace_prog_writes_user(&ecb->de_pred))
		return true;
	for (i = 0; i < ecb->de_nacts; i++)
		if (dtrace_prog_writes_user(&ecb->de_acts[i].dac_prog))
			return true;
	return false;
}

/**
 * dtrace_lockdown_writes() - may @state's clauses write user memory?
 * @state: the consumer
 *
 * Context: process context, state->ds_lock held.
 * Return: 0, or -EPERM when a clause writes user memory and the kernel
 * is locked down for integrity.
 */
int dtrace_lockdown_writes(const struct dtrace_state *state)
{
	u32 i;

	for (i = 0; i < state->ds_necbs; i++)
		if (state->ds_ecbs[i]->de_writes_user)
			return security_locked_down(LOCKDOWN_BPF_WRITE_USER);
	return 0;
}

void dtrace_destructive_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct dtrace_sigwork *sw = per_cpu_ptr(&dtrace_sigwork, cpu);

		init_irq_work(&sw->sw_work, dtrace_sig_send);
		atomic_set(&sw->sw_busy, 0);
	}
}

/* After the last probe has fired: every queued signal is sent. */
void dtrace_destructive_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&dtrace_sigwork, cpu)->sw_work);
}
