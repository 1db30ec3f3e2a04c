// SPDX-License-Identifier: GPL-2.0
/*
 * The kprobe provider: a probe on one instruction inside a kernel
 * function, at a byte offset from its start (bpftrace's kprobe:F+OFF).
 *
 *   kprobe::vfs_read:8            vfs_read+0x8
 *   kprobe:ext4:ext4_sync_fs:1c   a module's function
 *
 * NAME is the offset in hexadecimal, as the pid provider's. A probe is
 * created when a description names it exactly (no globs); fbt's entry
 * and return stay on ftrace and kretprobes.
 *
 * The kernel checks every site at registration: kprobes refuses an
 * address that is not the start of an instruction (-EILSEQ), its
 * blacklist and the entry code; we also refuse a site that is not inside
 * the named function (sprint_symbol() of the address must name it) and
 * a site in dtrace.ko, as fbt does. The kprobe is
 * registered disabled and armed only after those checks.
 *
 * arg0..arg5 are the registers of the first six arguments (what they
 * hold at that instruction, which may no longer be the arguments).
 *
 * Probe context: the pre-handler runs from the breakpoint trap (NMI-like,
 * interrupts off) or from an optimized probe's detour (preemption off);
 * kprobes itself skips a probe hit while a kprobe handler runs on the
 * CPU, so a probe inside code probe context calls cannot recurse.
 *
 * Teardown: unregister_kprobe() waits for handlers in flight before
 * disable returns.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_KP_MAX	1000	/* probes, so descriptions cannot grow memory */

struct dtrace_kp {
	struct kprobe		k_kp;
	struct dtrace_probe	*k_probe;	/* set while enabled */
	unsigned long		k_off;
	bool			k_on;		/* registered */
	/* "mod:func" or "func", as kprobes looks names up */
	char			k_sym[DTRACE_MODNAMELEN + DTRACE_FUNCNAMELEN];
};

static unsigned int dtrace_kp_count;
static const struct dtrace_provider_ops dtrace_kp_ops;

/* Context: kprobe pre-handler (see above). */
static int notrace dtrace_kp_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct dtrace_kp *k = container_of(kp, struct dtrace_kp, k_kp);
	struct dtrace_probe *p = READ_ONCE(k->k_probe);
	struct dtrace_args a = { };
	unsigned int i;

	if (!p)
		return 0;
	for (i = 0; i < 6; i++)
		a.da_arg[i] = regs_get_kernel_argument(regs, i);
	dtrace_probe_fire(p, &a, NULL);
	return 0;
}

static bool dtrace_kp_str_ok(const char *s)
{
	return *s && !strpbrk(s, "*?[\\:");
}

/* provide: kprobe:MOD:FUNC:HEX, named exactly. Context: dtrace_lock held. */
static void dtrace_kp_provide(const struct dtrace_probedesc *d)
{
	struct dtrace_kp *k;
	unsigned long off;

	if (strcmp(d->dpd_provider, "kprobe") ||
	    (d->dpd_mod[0] && !dtrace_kp_str_ok(d->dpd_mod)) ||
	    !dtrace_kp_str_ok(d->dpd_func) ||
	    kstrtoul(d->dpd_name, 16, &off) || off > INT_MAX)
		return;
	if (dtrace_probe_find(&dtrace_kp_ops, d->dpd_mod, d->dpd_func,
			      d->dpd_name))
		return;
	/* At the cap, listings' leftovers make room first. */
	if (dtrace_kp_count >= DTRACE_KP_MAX)
		dtrace_probe_reclaim(&dtrace_kp_ops, NULL);
	if (dtrace_kp_count >= DTRACE_KP_MAX)
		return;
	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		return;
	k->k_off = off;
	snprintf(k->k_sym, sizeof(k->k_sym), "%s%s%s", d->dpd_mod,
		 d->dpd_mod[0] ? ":" : "", d->dpd_func);
	if (dtrace_probe_create(&dtrace_kp_ops, d->dpd_mod, d->dpd_func,
				d->dpd_name, k) < 0) {
		kfree(k);
		return;
	}
	dtrace_kp_count++;
}

/*
 * The site lies inside FUNC (an offset past its end would land in the
 * next function), outside dtrace.ko. The offset itself may have moved:
 * kprobes puts a probe at +0 past an ENDBR instruction.
 */
static bool dtrace_kp_site_ok(const struct dtrace_kp *k, const char *func)
{
	char buf[KSYM_SYMBOL_LEN], want[DTRACE_FUNCNAMELEN + 4];
	unsigned long addr = (unsigned long)k->k_kp.addr;

	if (within_module(addr, THIS_MODULE))
		return false;
	sprint_symbol(buf, addr);
	snprintf(want, sizeof(want), "%s+0x", func);
	return !strncmp(buf, want, strlen(want));
}

/* Context: dtrace_lock held, process context; may sleep. */
static int dtrace_kp_enable(struct dtrace_probe *probe)
{
	struct dtrace_kp *k = probe->dp_arg;
	int err;

	memset(&k->k_kp, 0, sizeof(k->k_kp));
	k->k_kp.symbol_name = k->k_sym;
	k->k_kp.offset = k->k_off;
	k->k_kp.pre_handler = dtrace_kp_handler;
	k->k_kp.flags = KPROBE_FLAG_DISABLED;
	err = register_kprobe(&k->k_kp);
	if (err)
		return err;
	if (!dtrace_kp_site_ok(k, probe->dp_func)) {
		unregister_kprobe(&k->k_kp);
		return -EINVAL;
	}
	k->k_on = true;
	WRITE_ONCE(k->k_probe, probe);
	err = enable_kprobe(&k->k_kp);
	if (err) {
		WRITE_ONCE(k->k_probe, NULL);
		unregister_kprobe(&k->k_kp);
		k->k_on = false;
	}
	return err;
}

/* Context: dtrace_lock held, process context; waits for handlers. */
static void dtrace_kp_disable(struct dtrace_probe *probe)
{
	struct dtrace_kp *k = probe->dp_arg;

	WRITE_ONCE(k->k_probe, NULL);
	if (k->k_on)
		unregister_kprobe(&k->k_kp);
	k->k_on = false;
}

/* Context: dtrace_lock held; the probe is disabled. */
static void dtrace_kp_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
	dtrace_kp_count--;
}

static const struct dtrace_provider_ops dtrace_kp_ops = {
	.name		= "kprobe",
	.provide	= dtrace_kp_provide,
	.enable		= dtrace_kp_enable,
	.disable	= dtrace_kp_disable,
	.destroy	= dtrace_kp_destroy,
};

/* Context: module init. */
int dtrace_provider_kprobe_init(void)
{
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_kp_ops);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_kprobe_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_kp_ops);
	mutex_unlock(&dtrace_lock);
}
