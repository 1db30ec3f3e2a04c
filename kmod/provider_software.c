// SPDX-License-Identifier: GPL-2.0
/*
 * The software provider: perf's software events, sampled every PERIOD
 * occurrences (or nanoseconds, for the clocks).
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
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"
#include "dtrace_perf.h"

#define DTRACE_SW_MAX	1000	/* probes, so listings cannot grow memory */

static const struct {
	const char	*name;
	const char	*alias;
	u32		config;		/* PERF_COUNT_SW_* */
	u64		period;		/* the default */
} dtrace_sw_events[] = {
	{ "cpu-clock", "cpu", PERF_COUNT_SW_CPU_CLOCK, 1000000 },
	{ "task-clock", NULL, PERF_COUNT_SW_TASK_CLOCK, 1000000 },
	{ "page-faults", "faults", PERF_COUNT_SW_PAGE_FAULTS, 100 },
	{ "context-switches", "cs", PERF_COUNT_SW_CONTEXT_SWITCHES, 1000 },
	{ "cpu-migrations", "migrations", PERF_COUNT_SW_CPU_MIGRATIONS, 1 },
	{ "minor-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MIN, 100 },
	{ "major-faults", NULL, PERF_COUNT_SW_PAGE_FAULTS_MAJ, 1 },
};

struct dtrace_sw {
	u32			s_config;
	u64			s_period;
	struct dtrace_perf	s_perf;
	struct dtrace_probe	*s_probe;	/* set while enabled */
};

static unsigned int dtrace_sw_count;
static const struct dtrace_provider_ops dtrace_sw_ops;

/* "page-faults-10" -> its event and period; false if not a name of ours. */
static bool dtrace_sw_parse(const char *name, u32 *config, u64 *period)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(dtrace_sw_events); i++) {
		const char *n[2] = { dtrace_sw_events[i].name,
				     dtrace_sw_events[i].alias };
		unsigned int j;

		for (j = 0; j < 2; j++) {
			size_t len = n[j] ? strlen(n[j]) : 0;

			if (!len || strncmp(name, n[j], len))
				continue;
			*config = dtrace_sw_events[i].config;
			*period = dtrace_sw_events[i].period;
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
static void dtrace_sw_create(const char *name)
{
	struct dtrace_sw *s;
	u32 config;
	u64 period;

	if (dtrace_sw_count >= DTRACE_SW_MAX ||
	    !dtrace_sw_parse(name, &config, &period))
		return;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return;
	s->s_config = config;
	s->s_period = period;
	if (dtrace_probe_create(&dtrace_sw_ops, "", "", name, s) < 0) {
		kfree(s);
		return;
	}
	dtrace_sw_count++;
}

/* provide: NAME-PERIOD, when a description names it exactly. */
static void dtrace_sw_provide(const struct dtrace_probedesc *desc)
{
	struct dtrace_probe *probe;
	u32 id;

	if (desc->dpd_mod[0] || desc->dpd_func[0] || !desc->dpd_name[0] ||
	    strpbrk(desc->dpd_name, "*?[\\"))
		return;
	for (id = 1; (probe = dtrace_probe_next(&id)); id++)
		if (probe->dp_ops == &dtrace_sw_ops &&
		    !strcmp(probe->dp_name, desc->dpd_name))
			return;
	dtrace_sw_create(desc->dpd_name);
}

static void notrace dtrace_sw_handler(struct perf_event *ev,
				      struct perf_sample_data *data,
				      struct pt_regs *regs)
{
	struct dtrace_sw *s = ev->overflow_handler_context;
	struct dtrace_probe *p = READ_ONCE(s->s_probe);
	struct dtrace_args a = { };

	if (!p)
		return;
	if (dtrace_perf_has(data, PERF_SAMPLE_ADDR))
		a.da_arg[0] = data->addr;
	if (regs) {
		a.da_arg[1] = instruction_pointer(regs);
		if (!user_mode(regs))
			a.da_stack_from = a.da_arg[1];
	}
	dtrace_probe_fire(p, &a, NULL);
}

/* Context: dtrace_lock held, process context. */
static int dtrace_sw_enable(struct dtrace_probe *probe)
{
	struct dtrace_sw *s = probe->dp_arg;
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_SOFTWARE,
		.size		= sizeof(attr),
		.config		= s->s_config,
		.sample_period	= s->s_period,
		.sample_type	= PERF_SAMPLE_IP | PERF_SAMPLE_ADDR,
	};
	int err;

	WRITE_ONCE(s->s_probe, probe);
	err = dtrace_perf_open(&s->s_perf, &attr, dtrace_sw_handler, s);
	if (err)
		WRITE_ONCE(s->s_probe, NULL);
	return err;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_sw_disable(struct dtrace_probe *probe)
{
	struct dtrace_sw *s = probe->dp_arg;

	WRITE_ONCE(s->s_probe, NULL);
	dtrace_perf_close(&s->s_perf);
}

static void dtrace_sw_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_sw_count--;
}

static const struct dtrace_provider_ops dtrace_sw_ops = {
	.name		= "software",
	.provide	= dtrace_sw_provide,
	.enable		= dtrace_sw_enable,
	.disable	= dtrace_sw_disable,
	.commit		= dtrace_perf_sync,	/* released handlers are over */
	.destroy	= dtrace_sw_destroy,
};

/* Context: module init. */
int dtrace_provider_software_init(void)
{
	unsigned int i;
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_sw_ops);
	for (i = 0; !err && i < ARRAY_SIZE(dtrace_sw_events); i++) {
		dtrace_sw_create(dtrace_sw_events[i].name);
		if (dtrace_sw_events[i].alias)
			dtrace_sw_create(dtrace_sw_events[i].alias);
	}
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_software_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_sw_ops);
	mutex_unlock(&dtrace_lock);
}
