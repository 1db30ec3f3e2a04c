// SPDX-License-Identifier: GPL-2.0
/*
 * The profile provider: profile-N fires on every CPU and tick-N on one,
 * at a fixed rate, from hrtimers in hard interrupt context.
 *
 * N is a rate in hertz, or an interval with a unit suffix: ns, nsec, us,
 * usec, ms, msec, s, sec, m, min, h, hour, d, day, hz (profile-997,
 * tick-1s, profile-500us). A few common probes always exist; any other
 * one is created when a description names it. Intervals below 200 us are
 * refused, as DTrace does, so that a script cannot swamp the machine.
 *
 * arg0 is the interrupted kernel PC, or 0 in user mode; arg1 the
 * interrupted user PC, or 0 in kernel mode.
 */
#include <linux/ctype.h>
#include <linux/hrtimer.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <asm/irq_regs.h>
#include <asm/ptrace.h>
#include "dtrace_compat.h"
#include "dtrace_impl.h"

#define DTRACE_PROFILE_MIN_NS	(200 * NSEC_PER_USEC)
#define DTRACE_PROFILE_MAX	1000	/* probes, so listings cannot grow memory */

static unsigned int dtrace_profile_count;

struct dtrace_profile_timer {
	struct hrtimer		pt_timer;
	struct dtrace_probe	*pt_probe;
	ktime_t			pt_interval;
};

struct dtrace_profile {
	u64				pr_interval_ns;
	bool				pr_tick;	/* one CPU only */
	struct dtrace_profile_timer	*pr_one;	/* tick */
	struct dtrace_profile_timer __percpu *pr_cpus;	/* profile */
};

static const struct dtrace_provider_ops dtrace_profile_ops;

static const struct {
	const char	*name;
	u64		ns;	/* 0 for hz */
} dtrace_profile_units[] = {
	{ "ns", 1 }, { "nsec", 1 },
	{ "us", NSEC_PER_USEC }, { "usec", NSEC_PER_USEC },
	{ "ms", NSEC_PER_MSEC }, { "msec", NSEC_PER_MSEC },
	{ "s", NSEC_PER_SEC }, { "sec", NSEC_PER_SEC },
	{ "m", 60 * NSEC_PER_SEC }, { "min", 60 * NSEC_PER_SEC },
	{ "h", 3600 * NSEC_PER_SEC }, { "hour", 3600 * NSEC_PER_SEC },
	{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	{ "hz", 0 }, { "", 0 },
};

/* "profile-997" -> 1003009 ns; 0 if it is not a valid profile name. */
static u64 dtrace_profile_parse(const char *name, bool *tick)
{
	const char *p;
	u64 n = 0;
	int i;

	if (!strncmp(name, "profile-", 8)) {
		*tick = false;
		p = name + 8;
	} else if (!strncmp(name, "tick-", 5)) {
		*tick = true;
		p = name + 5;
	} else {
		return 0;
	}
	if (!isdigit(*p))
		return 0;
	for (; isdigit(*p); p++) {
		if (n > U32_MAX)
			return 0;
		n = n * 10 + (*p - '0');
	}
	for (i = 0; i < ARRAY_SIZE(dtrace_profile_units); i++) {
		if (strcmp(p, dtrace_profile_units[i].name))
			continue;
		if (!dtrace_profile_units[i].ns)
			return n ? NSEC_PER_SEC / n : 0;
		return n * dtrace_profile_units[i].ns;
	}
	return 0;
}

/* Always there, as in DTrace. */
static const char * const dtrace_profile_defaults[] = {
	"profile-97", "profile-199", "profile-499", "profile-997",
	"profile-1999", "profile-4001", "profile-4999",
	"tick-1", "tick-10", "tick-100", "tick-500", "tick-1000",
	"tick-5000", "tick-1s", "tick-10s",
};

static bool dtrace_profile_kept(const struct dtrace_probe *probe)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(dtrace_profile_defaults); i++)
		if (!strcmp(probe->dp_name, dtrace_profile_defaults[i]))
			return true;
	return false;
}

static void dtrace_profile_create(const char *name)
{
	struct dtrace_profile *pr;
	bool tick;
	u64 ns = dtrace_profile_parse(name, &tick);

	if (ns < DTRACE_PROFILE_MIN_NS)
		return;
	if (dtrace_probe_find(&dtrace_profile_ops, NULL, "", name))
		return;
	/* At the cap, listings' leftovers make room first. */
	if (dtrace_profile_count >= DTRACE_PROFILE_MAX)
		dtrace_probe_reclaim(&dtrace_profile_ops, dtrace_profile_kept);
	if (dtrace_profile_count >= DTRACE_PROFILE_MAX)
		return;

	pr = kzalloc(sizeof(*pr), GFP_KERNEL);
	if (!pr)
		return;
	pr->pr_interval_ns = ns;
	pr->pr_tick = tick;
	if (dtrace_probe_create(&dtrace_profile_ops, "", "", name, pr) < 0)
		kfree(pr);
	else
		dtrace_profile_count++;
}

/*
 * provide: create the probe a description names exactly, if it is a
 * valid profile or tick name. Context: dtrace_lock held.
 */
static void dtrace_profile_provide(const struct dtrace_probedesc *desc)
{
	if (desc->dpd_mod[0] || desc->dpd_func[0] ||
	    strpbrk(desc->dpd_name, "*?[\\"))
		return;
	dtrace_profile_create(desc->dpd_name);
}

static enum hrtimer_restart dtrace_profile_fire(struct hrtimer *t)
{
	struct dtrace_profile_timer *pt =
		container_of(t, struct dtrace_profile_timer, pt_timer);
	struct pt_regs *regs = get_irq_regs();
	struct dtrace_args a = { };

	if (regs) {
		if (user_mode(regs)) {
			a.da_arg[1] = instruction_pointer(regs);
			/* the timer's own frames are not the sample's */
			a.da_stack_none = true;
		} else {
			a.da_arg[0] = instruction_pointer(regs);
			a.da_stack_from = a.da_arg[0];
		}
	}
	dtrace_probe_fire(pt->pt_probe, &a, NULL);
	hrtimer_forward_now(t, pt->pt_interval);
	return HRTIMER_RESTART;
}

/* Runs on the timer's CPU, so that a pinned timer stays there. */
static void dtrace_profile_timer_start(void *arg)
{
	struct dtrace_profile_timer *pt = arg;

	hrtimer_start(&pt->pt_timer, pt->pt_interval,
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/* After this, hrtimer_cancel() is safe whether or not it started. */
static void dtrace_profile_timer_init(struct dtrace_profile_timer *pt,
				      struct dtrace_probe *probe)
{
	dtrace_hrtimer_setup(&pt->pt_timer, dtrace_profile_fire, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_HARD);
	pt->pt_probe = probe;
	pt->pt_interval = ns_to_ktime(((struct dtrace_profile *)
				       probe->dp_arg)->pr_interval_ns);
}

/*
 * enable: start the timers, one per online CPU for profile-N (each
 * started on its own CPU), one for tick-N.
 * Context: dtrace_lock held, process context.
 */
static int dtrace_profile_enable(struct dtrace_probe *probe)
{
	struct dtrace_profile *pr = probe->dp_arg;
	int cpu;

	if (pr->pr_tick) {
		pr->pr_one = kzalloc(sizeof(*pr->pr_one), GFP_KERNEL);
		if (!pr->pr_one)
			return -ENOMEM;
		dtrace_profile_timer_init(pr->pr_one, probe);
		dtrace_profile_timer_start(pr->pr_one);
		return 0;
	}

	pr->pr_cpus = alloc_percpu(struct dtrace_profile_timer);
	if (!pr->pr_cpus)
		return -ENOMEM;
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct dtrace_profile_timer *pt = per_cpu_ptr(pr->pr_cpus, cpu);

		dtrace_profile_timer_init(pt, probe);
		smp_call_function_single(cpu, dtrace_profile_timer_start, pt, 1);
	}
	cpus_read_unlock();
	return 0;
}

/* disable: cancel every timer, waiting for running callbacks. */
static void dtrace_profile_disable(struct dtrace_probe *probe)
{
	struct dtrace_profile *pr = probe->dp_arg;
	int cpu;

	if (pr->pr_tick) {
		hrtimer_cancel(&pr->pr_one->pt_timer);
		kfree(pr->pr_one);
		pr->pr_one = NULL;
		return;
	}
	for_each_possible_cpu(cpu) {
		struct dtrace_profile_timer *pt = per_cpu_ptr(pr->pr_cpus, cpu);

		if (pt->pt_probe)
			hrtimer_cancel(&pt->pt_timer);
	}
	free_percpu(pr->pr_cpus);
	pr->pr_cpus = NULL;
}

static void dtrace_profile_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_profile_count--;
}

static const struct dtrace_provider_ops dtrace_profile_ops = {
	.name		= "profile",
	.provide	= dtrace_profile_provide,
	.enable		= dtrace_profile_enable,
	.disable	= dtrace_profile_disable,
	.destroy	= dtrace_profile_destroy,
};


/* Context: module init. */
int dtrace_provider_profile_init(void)
{
	int i, err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_profile_ops);
	for (i = 0; !err && i < ARRAY_SIZE(dtrace_profile_defaults); i++)
		dtrace_profile_create(dtrace_profile_defaults[i]);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_profile_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_profile_ops);
	mutex_unlock(&dtrace_lock);
}
