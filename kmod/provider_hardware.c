// SPDX-License-Identifier: GPL-2.0
/*
 * The hardware provider: perf's hardware events (the CPU's performance
 * counters), sampled every PERIOD occurrences (bpftrace's hardware:EV).
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
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"
#include "dtrace_perf.h"

#define DTRACE_HW_MAX	1000	/* probes, so listings cannot grow memory */

static const struct {
	const char	*name;
	const char	*alias;
	u32		config;		/* PERF_COUNT_HW_* */
	u64		period;		/* the default */
} dtrace_hw_events[] = {
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

struct dtrace_hw {
	u32			s_config;
	u64			s_period;
	struct dtrace_perf	s_perf;
	struct dtrace_probe	*s_probe;	/* set while enabled */
};

static unsigned int dtrace_hw_count;
static const struct dtrace_provider_ops dtrace_hw_ops;

/* "page-faults-10" -> its event and period; false if not a name of ours. */
static bool dtrace_hw_parse(const char *name, u32 *config, u64 *period)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dtrace_hw_events); i++) {
		const char *n[2] = { dtrace_hw_events[i].name,
				     dtrace_hw_events[i].alias };
		unsigned int j;

		for (j = 0; j < 2; j++) {
			size_t len = n[j] ? strlen(n[j]) : 0;

			if (!len || strncmp(name, n[j], len))
				continue;
			*config = dtrace_hw_events[i].config;
			*period = dtrace_hw_events[i].period;
			if (!name[len])
				return true;
			if (name[len] != '-' || !isdigit(name[len + 1]))
				continue;
			return !kstrtou64(name + len + 1, 10, period) &&
			       *period;
		}
	}
	return false;
}

/* Context: dtrace_lock held. */
static void dtrace_hw_create(const char *name)
{
	struct dtrace_hw *s;
	u32 config;
	u64 period;

	if (dtrace_hw_count >= DTRACE_HW_MAX ||
	    !dtrace_hw_parse(name, &config, &period))
		return;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return;
	s->s_config = config;
	s->s_period = period;
	if (dtrace_probe_create(&dtrace_hw_ops, "", "", name, s) < 0) {
		kfree(s);
		return;
	}
	dtrace_hw_count++;
}

/* provide: NAME-PERIOD, when a description names it exactly. */
static void dtrace_hw_provide(const struct dtrace_probedesc *desc)
{
	struct dtrace_probe *probe;
	u32 id;

	if ((desc->dpd_provider[0] &&
	     strcmp(desc->dpd_provider, "hardware")) ||
	    desc->dpd_mod[0] || desc->dpd_func[0] || !desc->dpd_name[0] ||
	    strpbrk(desc->dpd_name, "*?[\\"))
		return;
	for (id = 1; (probe = dtrace_probe_next(&id)); id++)
		if (probe->dp_ops == &dtrace_hw_ops &&
		    !strcmp(probe->dp_name, desc->dpd_name))
			return;
	dtrace_hw_create(desc->dpd_name);
}

static void notrace dtrace_hw_handler(struct perf_event *ev,
				      struct perf_sample_data *data,
				      struct pt_regs *regs)
{
	struct dtrace_hw *s = ev->overflow_handler_context;
	struct dtrace_probe *p = READ_ONCE(s->s_probe);
	struct dtrace_args a = { };

	if (!p)
		return;
	if (regs) {
		a.da_arg[1] = instruction_pointer(regs);
		if (!user_mode(regs))
			a.da_stack_from = a.da_arg[1];
	}
	dtrace_probe_fire(p, &a, NULL);
}

/* Context: dtrace_lock held, process context. */
static int dtrace_hw_enable(struct dtrace_probe *probe)
{
	struct dtrace_hw *s = probe->dp_arg;
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_HARDWARE,
		.size		= sizeof(attr),
		.config		= s->s_config,
		.sample_period	= s->s_period,
		.sample_type	= PERF_SAMPLE_IP,
	};
	int err;

	WRITE_ONCE(s->s_probe, probe);
	err = dtrace_perf_open(&s->s_perf, &attr, dtrace_hw_handler, s);
	if (err)
		WRITE_ONCE(s->s_probe, NULL);
	return err;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_hw_disable(struct dtrace_probe *probe)
{
	struct dtrace_hw *s = probe->dp_arg;

	WRITE_ONCE(s->s_probe, NULL);
	dtrace_perf_close(&s->s_perf);
}

static void dtrace_hw_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_hw_count--;
}

static const struct dtrace_provider_ops dtrace_hw_ops = {
	.name		= "hardware",
	.provide	= dtrace_hw_provide,
	.enable		= dtrace_hw_enable,
	.disable	= dtrace_hw_disable,
	.commit		= dtrace_perf_sync,	/* released handlers are over */
	.destroy	= dtrace_hw_destroy,
};

/* Context: module init. */
int dtrace_provider_hardware_init(void)
{
	unsigned int i;
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_hw_ops);
	for (i = 0; !err && i < ARRAY_SIZE(dtrace_hw_events); i++) {
		dtrace_hw_create(dtrace_hw_events[i].name);
		if (dtrace_hw_events[i].alias)
			dtrace_hw_create(dtrace_hw_events[i].alias);
	}
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_hardware_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_hw_ops);
	mutex_unlock(&dtrace_lock);
}
