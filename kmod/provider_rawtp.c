// SPDX-License-Identifier: GPL-2.0
/*
 * The rawtracepoint provider: the kernel's tracepoints themselves, with
 * their raw arguments (bpftrace's rawtracepoint:EVENT), not perf's
 * formatted trace event.
 *
 *   rawtracepoint:vmlinux::sys_enter      arg0 = struct pt_regs *, arg1 = id
 *   rawtracepoint:vmlinux::sched_switch   arg0 = preempt, arg1 = prev, ...
 *
 * A probe is created when a description names a tracepoint of the kernel
 * proper exactly (for_each_kernel_tracepoint(); modules' tracepoints are
 * not looked at). Enabling registers our function on the tracepoint with
 * tracepoint_probe_register().
 *
 * A tracepoint calls its functions as void fn(void *data, ARGS...) with
 * its own prototype; ours takes five u64 after data, which on x86-64
 * are the registers of the first five arguments: arg0..arg4 are the
 * tracepoint's first five arguments as 64-bit values (an argument
 * narrower than 64 bits keeps whatever the register's upper bits held;
 * one the tracepoint does not have reads as what the register held).
 *
 * A kernel built with kCFI (CONFIG_CFI_CLANG) checks that an indirect
 * call's target has the caller's exact prototype, and a tracepoint calls
 * its functions with its own: our one handler would trap on the first
 * hit. There, enabling is refused (EOPNOTSUPP); tracepoint: still works.
 *
 * Probe context: tracepoint functions run with preemption disabled (an
 * RCU-sched or SRCU read side), from any context including NMI and with
 * scheduler locks held; dtrace_probe_fire() takes no lock and does not
 * sleep.
 *
 * Teardown: disable unregisters the function; commit waits with
 * tracepoint_synchronize_unregister() for calls in flight before destroy
 * may free the probe's data.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_RTP_MAX	4096	/* probes */

struct dtrace_rtp {
	struct tracepoint	*r_tp;
	struct dtrace_probe	*r_probe;	/* set while enabled */
	bool			r_on;		/* registered */
};

static unsigned int dtrace_rtp_count;
static bool dtrace_rtp_unsynced;
static const struct dtrace_provider_ops dtrace_rtp_ops;

/* Context: the tracepoint's (see above). */
static void notrace dtrace_rtp_handler(void *data, u64 a0, u64 a1, u64 a2,
				       u64 a3, u64 a4)
{
	struct dtrace_rtp *r = data;
	struct dtrace_probe *p = READ_ONCE(r->r_probe);
	struct dtrace_args a = { .da_arg = { a0, a1, a2, a3, a4 } };

	if (p)
		dtrace_probe_fire(p, &a, NULL);
}

struct dtrace_rtp_find {
	const char		*name;
	struct tracepoint	*tp;
};

static void dtrace_rtp_match(struct tracepoint *tp, void *priv)
{
	struct dtrace_rtp_find *f = priv;

	if (!f->tp && !strcmp(tp->name, f->name))
		f->tp = tp;
}

/* provide: rawtracepoint:vmlinux::NAME. Context: dtrace_lock held. */
static void dtrace_rtp_provide(const struct dtrace_probedesc *d)
{
	struct dtrace_rtp_find f = { .name = d->dpd_name };
	struct dtrace_rtp *r;

	if (strcmp(d->dpd_provider, "rawtracepoint") ||
	    (d->dpd_mod[0] && strcmp(d->dpd_mod, "vmlinux")) ||
	    d->dpd_func[0] || !d->dpd_name[0] ||
	    strpbrk(d->dpd_name, "*?[\\"))
		return;
	if (dtrace_probe_find(&dtrace_rtp_ops, NULL, "", d->dpd_name))
		return;
	/* At the cap, listings' leftovers make room first. */
	if (dtrace_rtp_count >= DTRACE_RTP_MAX)
		dtrace_probe_reclaim(&dtrace_rtp_ops, NULL);
	if (dtrace_rtp_count >= DTRACE_RTP_MAX)
		return;
	for_each_kernel_tracepoint(dtrace_rtp_match, &f);
	if (!f.tp)
		return;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return;
	r->r_tp = f.tp;
	if (dtrace_probe_create(&dtrace_rtp_ops, "vmlinux", "", d->dpd_name,
				r) < 0) {
		kfree(r);
		return;
	}
	dtrace_rtp_count++;
}

/* Context: dtrace_lock held, process context; may sleep. */
static int dtrace_rtp_enable(struct dtrace_probe *probe)
{
	struct dtrace_rtp *r = probe->dp_arg;
	int err;

	if (IS_ENABLED(CONFIG_CFI_CLANG) || IS_ENABLED(CONFIG_CFI))
		return -EOPNOTSUPP;
	WRITE_ONCE(r->r_probe, probe);
	err = tracepoint_probe_register(r->r_tp, (void *)dtrace_rtp_handler,
					r);
	if (err)
		WRITE_ONCE(r->r_probe, NULL);
	r->r_on = !err;
	return err;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_rtp_disable(struct dtrace_probe *probe)
{
	struct dtrace_rtp *r = probe->dp_arg;

	WRITE_ONCE(r->r_probe, NULL);
	if (r->r_on)
		tracepoint_probe_unregister(r->r_tp,
					    (void *)dtrace_rtp_handler, r);
	r->r_on = false;
	dtrace_rtp_unsynced = true;
}

/* Context: dtrace_lock held, process context: calls in flight end. */
static int dtrace_rtp_commit(void)
{
	if (dtrace_rtp_unsynced) {
		tracepoint_synchronize_unregister();
		dtrace_rtp_unsynced = false;
	}
	return 0;
}

/* Context: dtrace_lock held; disabled and committed. */
static void dtrace_rtp_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_rtp_count--;
}

static const struct dtrace_provider_ops dtrace_rtp_ops = {
	.name		= "rawtracepoint",
	.provide	= dtrace_rtp_provide,
	.enable		= dtrace_rtp_enable,
	.disable	= dtrace_rtp_disable,
	.commit		= dtrace_rtp_commit,
	.destroy	= dtrace_rtp_destroy,
};

/* Context: module init. */
int dtrace_provider_rawtp_init(void)
{
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_rtp_ops);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_rawtp_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_rtp_commit();
	dtrace_provider_unregister(&dtrace_rtp_ops);
	mutex_unlock(&dtrace_lock);
}
