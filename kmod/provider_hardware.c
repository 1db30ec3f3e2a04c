// SPDX-License-Identifier: GPL-2.0
/*
 * The hardware provider: perf's hardware events (the CPU's performance
 * counters), sampled every PERIOD occurrences (bpftrace's hardware:EV);
 * the probes are made by the engine in provider_perf.c.
 *
 *   hardware:::cache-misses        every 1000000th cache miss (default)
 *   hardware:::instructions-100000 every 100000 instructions, each CPU
 *
 * Events and default periods are bpftrace's: cpu-cycles (cycles),
 * instructions, cache-references, cache-misses, branch-instructions
 * (branches), bus-cycles, ref-cycles, frontend-stalls, backend-stalls
 * 1000000; branch-misses 100000. The names without a period always
 * exist; NAME-PERIOD is created when a description names it.
 *
 * A machine without a PMU (a virtual machine that emulates none) has no
 * hardware events: enabling fails with perf's -ENOENT, which the command
 * reports as such.
 *
 * arg0 is 0; arg1 the interrupted PC.
 *
 * The handlers run in the PMU's overflow interrupt, an NMI on x86;
 * dtrace_probe_fire() takes no lock and does not sleep, and perf's
 * recursion guard keeps a handler from nesting at one context level.
 */
#include "provider_perf.h"

static const struct dtrace_perf_prov_event dtrace_hw_events[] = {
	{ "cpu-cycles", "cycles", PERF_COUNT_HW_CPU_CYCLES, 1000000 },
	{ "instructions", NULL, PERF_COUNT_HW_INSTRUCTIONS, 1000000 },
	{ "cache-references", NULL, PERF_COUNT_HW_CACHE_REFERENCES, 1000000 },
	{ "cache-misses", NULL, PERF_COUNT_HW_CACHE_MISSES, 1000000 },
	{ "branch-instructions", "branches",
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 1000000 },
	{ "branch-misses", NULL, PERF_COUNT_HW_BRANCH_MISSES, 100000 },
	{ "bus-cycles", NULL, PERF_COUNT_HW_BUS_CYCLES, 1000000 },
	{ "frontend-stalls", NULL, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND,
	  1000000 },
	{ "backend-stalls", NULL, PERF_COUNT_HW_STALLED_CYCLES_BACKEND,
	  1000000 },
	{ "ref-cycles", NULL, PERF_COUNT_HW_REF_CPU_CYCLES, 1000000 },
};

static const struct dtrace_perf_prov dtrace_hw;

static void dtrace_hw_provide(const struct dtrace_probedesc *desc)
{
	dtrace_perf_prov_provide(&dtrace_hw, desc);
}

static const struct dtrace_perf_prov dtrace_hw = {
	.pp_ops		= DTRACE_PERF_PROV_OPS("hardware", dtrace_hw_provide),
	.pp_type	= PERF_TYPE_HARDWARE,
	.pp_events	= dtrace_hw_events,
	.pp_nevents	= ARRAY_SIZE(dtrace_hw_events),
	.pp_max		= 1000,
	.pp_arg0_addr	= false,
	/* only "hardware" or no provider names one, never a glob */
	.pp_exact	= true,
};

/* Context: module init. */
int dtrace_provider_hardware_init(void)
{
	return dtrace_perf_prov_init(&dtrace_hw);
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_hardware_exit(void)
{
	dtrace_perf_prov_exit(&dtrace_hw);
}
