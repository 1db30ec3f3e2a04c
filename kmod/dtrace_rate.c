// SPDX-License-Identifier: GPL-2.0
/*
 * The share of each CPU's time spent in probe context, and what happens
 * when it is too high.
 *
 * The firing budget bounds one firing; nothing else bounds how often
 * probes fire. A tick-5000 clause whose firings cost a millisecond each,
 * or every kernel function traced on a slow machine, can leave a CPU in
 * probe context (interrupts off) nearly all the time. DTrace's deadman
 * is the model: when a CPU has spent more than probe_share_max percent
 * of its time in probe context for DTRACE_RATE_WINDOWS windows in a row,
 * the consumers whose probe fires next on it are stopped as the deadman
 * stops them (DRAINING, DTRACE_STATUS_DEADMAN), and the command says
 * "processing aborted: Abort due to systemic unresponsiveness".
 *
 * Cost per firing: two reads of the CPU's cycle counter and a few
 * per-CPU additions, with interrupts already off. No lock, no
 * allocation, and no clocksource read: under TCG the clocksource is the
 * HPET, a device access serialised across vCPUs, and its read function
 * is traceable. The share is a ratio of cycles, so no conversion; the
 * windows are counted in jiffies. Where get_cycles() is 0 (an
 * architecture without a counter) the NMI-safe clock stands in.
 */
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/jiffies.h>
#include <linux/timex.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include "dtrace_impl.h"

#define DTRACE_RATE_WINDOW	(HZ / 4)	/* jiffies */
#define DTRACE_RATE_WINDOWS	8	/* 2 s over the limit in a row */

static unsigned int probe_share_max = 90;
module_param(probe_share_max, uint, 0644);
MODULE_PARM_DESC(probe_share_max,
		 "Stop consumers when a CPU spends more than this percentage of its time in probe context for 2 s (0: never)");

/* The highest share a window has seen, for measuring normal loads. */
static unsigned int probe_share_peak;
module_param(probe_share_peak, uint, 0644);
MODULE_PARM_DESC(probe_share_peak,
		 "Highest percentage of a CPU's time seen in probe context over a quarter second (write 0 to reset)");

struct dtrace_rate {
	unsigned long	dr_start_j;	/* this window began, jiffies */
	u64		dr_start;	/* and in dtrace_rate_clock() units */
	u64		dr_busy;	/* units in probe context in it */
	unsigned int	dr_over;	/* windows over the limit in a row */
};

static DEFINE_PER_CPU(struct dtrace_rate, dtrace_rate);

static __always_inline u64 dtrace_rate_clock(void)
{
	u64 c = get_cycles();

	return c ?: ktime_get_mono_fast_ns();
}

/* Context: probe context, interrupts off. */
u64 dtrace_rate_enter(void)
{
	return dtrace_rate_clock();
}

/* A CPU kept in probe context: stop the consumers of @probe. */
static void dtrace_rate_abort(struct dtrace_probe *probe)
{
	struct dtrace_ecb_link *link;

	for (link = READ_ONCE(probe->dp_ecbs); link;
	     link = READ_ONCE(link->del_next)) {
		struct dtrace_state *state = link->del_ecb->de_state;
		int act = READ_ONCE(state->ds_activity);

		if (act != DTRACE_WARMUP && act != DTRACE_ACTIVE)
			continue;
		if (cmpxchg(&state->ds_activity, act, DTRACE_DRAINING) == act)
			atomic_or(DTRACE_STATUS_DEADMAN, &state->ds_status);
	}
}

/**
 * dtrace_rate_exit() - account a firing's time.
 * @probe: the probe that fired
 * @t0:    what dtrace_rate_enter() returned
 *
 * Context: probe context, interrupts off, this CPU's firing.
 */
void dtrace_rate_exit(struct dtrace_probe *probe, u64 t0)
{
	struct dtrace_rate *r = this_cpu_ptr(&dtrace_rate);
	unsigned int max = READ_ONCE(probe_share_max);
	u64 now = dtrace_rate_clock();
	u64 span, share;

	r->dr_busy += now - t0;
	if (time_before(jiffies, r->dr_start_j + DTRACE_RATE_WINDOW))
		return;
	/* An idle gap makes a long window with a low share: no special case. */
	span = now - r->dr_start;
	share = span ? min_t(u64, div64_u64(r->dr_busy * 100, span), 100) : 0;
	r->dr_start_j = jiffies;
	r->dr_start = now;
	r->dr_busy = 0;
	if (share > READ_ONCE(probe_share_peak))
		WRITE_ONCE(probe_share_peak, share);
	if (!max || share <= max) {
		r->dr_over = 0;
		return;
	}
	if (++r->dr_over < DTRACE_RATE_WINDOWS)
		return;
	r->dr_over = 0;
	dtrace_rate_abort(probe);
}
