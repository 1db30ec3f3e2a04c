// SPDX-License-Identifier: GPL-2.0
/*
 * The watchpoint provider: a hardware breakpoint on a user address of
 * one process (bpftrace's watchpoint:ADDR:LEN:MODE and asyncwatchpoint,
 * with -p or -c).
 *
 *   watchpoint:1234::7ffd1000-8-w    pid 1234 writes 8 bytes there
 *   watchpoint:1234::401126-8-x      pid 1234 executes 0x401126
 *
 * MODULE is the process id, NAME the address in hexadecimal, the length
 * (1, 2, 4 or 8) and the mode (r, w, x: what the CPU can watch; x86 has
 * no read-only watchpoint, "rw" is read or write, "x" needs length 8).
 * A probe is created when a description names one exactly. Enabling
 * registers a breakpoint on the process's main thread (as bpftrace's
 * perf event does) with register_user_hw_breakpoint(); the hardware
 * checks the mode and length, and the kernel that the address is a user
 * one (exclude_kernel: a kernel address, which the kernel would let a
 * root's breakpoint watch, is refused). No slot left, or no debug registers (a virtual machine may have
 * none), fails the enabling with the kernel's error.
 *
 * arg0 is the address watched, arg1 the user PC that touched it (after
 * the instruction, for a data watchpoint).
 *
 * Probe context: the handler runs in the debug exception (#DB, NMI-like
 * on x86) of the watched thread; dtrace_probe_fire() takes no lock and
 * does not sleep.
 *
 * Teardown: disable releases the breakpoint; commit waits an RCU grace
 * period for a handler in flight before destroy may free the probe.
 */
#include <linux/hw_breakpoint.h>
#include <linux/kernel.h>
#include <linux/perf_event.h>
#include <linux/pid.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_WP_MAX	256	/* probes */

struct dtrace_wp {
	pid_t			w_pid;
	u64			w_addr;
	u32			w_len;
	u32			w_type;		/* HW_BREAKPOINT_* */
	struct perf_event	*w_bp;		/* while enabled */
	struct dtrace_probe	*w_probe;	/* set while enabled */
};

static unsigned int dtrace_wp_count;
static bool dtrace_wp_unsynced;
static const struct dtrace_provider_ops dtrace_wp_ops;

/* Context: the #DB handler of the watched thread. */
static void notrace dtrace_wp_handler(struct perf_event *bp,
				      struct perf_sample_data *data,
				      struct pt_regs *regs)
{
	struct dtrace_wp *w = bp->overflow_handler_context;
	struct dtrace_probe *p = READ_ONCE(w->w_probe);
	struct dtrace_args a = { };

	if (!p)
		return;
	a.da_arg[0] = w->w_addr;
	if (regs)
		a.da_arg[1] = instruction_pointer(regs);
	dtrace_probe_fire(p, &a, NULL);
}

/* "7ffd1000-8-rw" -> address, length and type; false if not one. */
static bool dtrace_wp_parse(const char *name, struct dtrace_wp *w)
{
	char buf[DTRACE_NAMELEN], *len, *mode;
	unsigned long long addr;
	unsigned int n;
	const char *m;

	if (strscpy(buf, name, sizeof(buf)) < 0)
		return false;
	len = strchr(buf, '-');
	mode = len ? strchr(len + 1, '-') : NULL;
	if (!mode)
		return false;
	*len++ = '\0';
	*mode++ = '\0';
	if (kstrtoull(buf, 16, &addr) || kstrtouint(len, 10, &n) ||
	    (n != 1 && n != 2 && n != 4 && n != 8) || !*mode)
		return false;
	w->w_type = 0;
	for (m = mode; *m; m++) {
		u32 t = *m == 'r' ? HW_BREAKPOINT_R : *m == 'w' ?
			HW_BREAKPOINT_W : *m == 'x' ? HW_BREAKPOINT_X : 0;

		if (!t || (w->w_type & t))
			return false;
		w->w_type |= t;
	}
	w->w_addr = addr;
	w->w_len = n;
	return true;
}

/* provide: watchpoint:PID::HEXADDR-LEN-MODE. Context: dtrace_lock held. */
static void dtrace_wp_provide(const struct dtrace_probedesc *d)
{
	struct dtrace_wp *w;
	int pid;

	if (strcmp(d->dpd_provider, "watchpoint") || d->dpd_func[0] ||
	    kstrtoint(d->dpd_mod, 10, &pid) || pid <= 0 ||
	    pid > PID_MAX_LIMIT)
		return;
	if (dtrace_probe_find(&dtrace_wp_ops, d->dpd_mod, "", d->dpd_name))
		return;
	/* At the cap, listings' leftovers make room first. */
	if (dtrace_wp_count >= DTRACE_WP_MAX)
		dtrace_probe_reclaim(&dtrace_wp_ops, NULL);
	if (dtrace_wp_count >= DTRACE_WP_MAX)
		return;
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w)
		return;
	w->w_pid = pid;
	if (!dtrace_wp_parse(d->dpd_name, w) ||
	    dtrace_probe_create(&dtrace_wp_ops, d->dpd_mod, "", d->dpd_name,
				w) < 0) {
		kfree(w);
		return;
	}
	dtrace_wp_count++;
}

/* Context: dtrace_lock held, process context; may sleep. */
static int dtrace_wp_enable(struct dtrace_probe *probe)
{
	struct dtrace_wp *w = probe->dp_arg;
	struct perf_event_attr attr;
	struct task_struct *t;
	struct perf_event *bp;
	struct pid *pid;

	pid = find_get_pid(w->w_pid);
	t = pid ? get_pid_task(pid, PIDTYPE_PID) : NULL;
	put_pid(pid);
	if (!t)
		return -ESRCH;
	hw_breakpoint_init(&attr);
	attr.bp_addr = w->w_addr;
	attr.bp_len = w->w_len;
	attr.bp_type = w->w_type;
	attr.exclude_kernel = 1;	/* a user address only: -EINVAL else */
	WRITE_ONCE(w->w_probe, probe);
	bp = register_user_hw_breakpoint(&attr, dtrace_wp_handler, w, t);
	put_task_struct(t);
	if (IS_ERR(bp)) {
		WRITE_ONCE(w->w_probe, NULL);
		return PTR_ERR(bp);
	}
	w->w_bp = bp;
	return 0;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_wp_disable(struct dtrace_probe *probe)
{
	struct dtrace_wp *w = probe->dp_arg;

	WRITE_ONCE(w->w_probe, NULL);
	if (w->w_bp)
		unregister_hw_breakpoint(w->w_bp);
	w->w_bp = NULL;
	dtrace_wp_unsynced = true;
}

/* Context: dtrace_lock held, process context: handlers in flight end. */
static int dtrace_wp_commit(void)
{
	if (dtrace_wp_unsynced) {
		synchronize_rcu();
		dtrace_wp_unsynced = false;
	}
	return 0;
}

/* Context: dtrace_lock held; disabled and committed. */
static void dtrace_wp_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_wp_count--;
}

static const struct dtrace_provider_ops dtrace_wp_ops = {
	.name		= "watchpoint",
	.provide	= dtrace_wp_provide,
	.enable		= dtrace_wp_enable,
	.disable	= dtrace_wp_disable,
	.commit		= dtrace_wp_commit,
	.destroy	= dtrace_wp_destroy,
};

/* Context: module init. */
int dtrace_provider_watchpoint_init(void)
{
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_wp_ops);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_watchpoint_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_wp_commit();
	dtrace_provider_unregister(&dtrace_wp_ops);
	mutex_unlock(&dtrace_lock);
}
