// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel perf events as probe mechanisms: one counter per online CPU
 * (perf has no system-wide counter without a CPU), each calling the
 * provider's overflow handler with the sample. A CPU that comes online
 * later gets none, as it gets no buffers (Documentation/architecture.md).
 */
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/slab.h>
#include <linux/rcupdate.h>
#include "dtrace_perf.h"

/* Events released since the last dtrace_perf_sync(). */
static bool dtrace_perf_unsynced;

/**
 * dtrace_perf_open() - create @attr's event on every online CPU.
 * @pf:   empty set to fill
 * @attr: the event; the same for every CPU
 * @fn:   overflow handler, called in the event's context (NMI included)
 * @ctx:  its context, event->overflow_handler_context
 *
 * A CPU that goes offline meanwhile is skipped. On any other error every
 * event created is released again.
 *
 * Context: process context, may sleep.
 * Return: 0 or a negative errno.
 */
int dtrace_perf_open(struct dtrace_perf *pf, struct perf_event_attr *attr,
		     perf_overflow_handler_t fn, void *ctx)
{
	struct perf_event *ev;
	int cpu, err;

	pf->pf_events = kcalloc(nr_cpu_ids, sizeof(*pf->pf_events),
				GFP_KERNEL);
	if (!pf->pf_events)
		return -ENOMEM;
	for_each_online_cpu(cpu) {
		ev = perf_event_create_kernel_counter(attr, cpu, NULL, fn, ctx);
		if (IS_ERR(ev)) {
			err = PTR_ERR(ev);
			if (err == -ENODEV)	/* went offline */
				continue;
			dtrace_perf_close(pf);
			return err;
		}
		pf->pf_events[cpu] = ev;
	}
	return 0;
}

/*
 * Release every event. Handlers may still run on other CPUs until an RCU
 * grace period passes: the caller calls dtrace_perf_sync() before it
 * frees what @ctx points to.
 *
 * Context: process context, may sleep.
 */
void dtrace_perf_close(struct dtrace_perf *pf)
{
	int cpu;

	if (!pf->pf_events)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (pf->pf_events[cpu])
			perf_event_release_kernel(pf->pf_events[cpu]);
	kfree(pf->pf_events);
	pf->pf_events = NULL;
	dtrace_perf_unsynced = true;
}

/*
 * Wait once for the handlers of every event released so far: perf calls
 * them with preemption disabled, an RCU read side.
 *
 * Context: process context, dtrace_lock held: the commit of the
 * providers on perf.
 * Return: 0.
 */
int dtrace_perf_sync(void)
{
	if (!dtrace_perf_unsynced)
		return 0;
	synchronize_rcu();
	dtrace_perf_unsynced = false;
	return 0;
}
