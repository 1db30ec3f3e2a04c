// SPDX-License-Identifier: GPL-2.0
/*
 * The software provider: perf's software events, sampled every PERIOD
 * occurrences (or nanoseconds, for the clocks); the probes are made by
 * the engine in provider_perf.c.
 *
 *   software:::page-faults        every 100th page fault (the default)
 *   software:::page-faults-1      every page fault
 *   software:::cpu-clock-1000000  every 1 ms of CPU time, on each CPU
 *
 * Events and default periods are bpftrace's: cpu-clock (cpu) 1000000,
 * task-clock 1000000, page-faults (faults) 100, context-switches (cs)
 * 1000, cpu-migrations (migrations) 1, minor-faults 100, major-faults 1.
 * The names without a period always exist; NAME-PERIOD is created when a
 * description names it.
 *
 * arg0 is the sample's address where perf gives one (the faulting
 * address of a fault), else 0; arg1 the interrupted PC.
 *
 * The handlers run where perf counts: the fault path, the scheduler with
 * its run-queue lock held (context-switches), hrtimer interrupts (the
 * clocks). dtrace_probe_fire() takes no lock and does not sleep, so each
 * is safe; perf's own recursion guard keeps a handler from nesting at
 * one context level.
 */
#include "provider_perf.h"

static const struct dtrace_perf_prov_event dtrace_sw_events[] = {
	{ "cpu-clock", "cpu", PERF_COUNT_SW_CPU_CLOCK, 1000000 },
	{ "task-clock", NULL, PERF_COUNT_SW_TASK_CLOCK, 1000000 },
	{ "page-faults", "faults", PERF_COUNT_SW_PAGE_FAULTS, 100 },
	{ "context-switches", "cs", PERF_COUNT_SW_CONTEXT_SWITCHES, 1000 },
	{ "cpu-migrations", "migrations", PERF_COUNT_SW_CPU_MIGRATIONS, 1 },
	{ "minor-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MIN, 100 },
	{ "major-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MAJ, 1 },
};

static const struct dtrace_perf_prov dtrace_sw;

static void dtrace_sw_provide(const struct dtrace_probedesc *desc)
{
	dtrace_perf_prov_provide(&dtrace_sw, desc);
}

static const struct dtrace_perf_prov dtrace_sw = {
	.pp_ops		= DTRACE_PERF_PROV_OPS("software", dtrace_sw_provide),
	.pp_type	= PERF_TYPE_SOFTWARE,
	.pp_events	= dtrace_sw_events,
	.pp_nevents	= ARRAY_SIZE(dtrace_sw_events),
	.pp_max		= 1000,
	.pp_arg0_addr	= true,
	/* any description whose provider matches ours may name one */
	.pp_exact	= false,
};

/* Context: module init. */
int dtrace_provider_software_init(void)
{
	return dtrace_perf_prov_init(&dtrace_sw);
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_software_exit(void)
{
	dtrace_perf_prov_exit(&dtrace_sw);
}
