// SPDX-License-Identifier: GPL-2.0
/*
 * The fbt provider: fbt:MODULE:FUNCTION:entry and :return for kernel
 * functions ftrace can trace.
 *
 * Where the functions come from: no exported interface enumerates kernel
 * symbols, so the command reads kallsyms and ftrace's list of traceable
 * functions and offers them with DTRACE_IOC_FBT_PROVIDE. The module
 * trusts none of it: the address must be the start of a symbol of that
 * very name and module (sprint_symbol()), and ftrace must accept it as a
 * site (ftrace_set_filter_ip() on a scratch ops). Functions that probe
 * context itself calls, and the whole of dtrace.ko, are never offered,
 * so fbt cannot recurse into the framework.
 *
 * Entry probes share one ftrace_ops whose filter holds exactly the
 * enabled functions; enables and disables are batched and applied in one
 * ftrace update at commit, so enabling every function costs one
 * registration. Return probes are kretprobes, one per enabled function,
 * registered as they are enabled (register_kretprobes() too arms them one
 * at a time) and unregistered in batches at commit, one RCU grace period
 * per DTRACE_FBT_KRP_BATCH instead of one each.
 *
 * Lost returns: a kretprobe needs a free instance per call in flight
 * (module parameter kretmaxactive, 0 for the kernel's default); a call
 * that finds none, or hits the probe from kprobe context, is counted by
 * the kernel in nmissed. The next return that fires on the function
 * reports the growth as drops on its CPU, so the command prints them.
 *
 * entry: arg0..arg5 are the function's arguments.
 * return: arg1 is the return value; arg0, the offset of the return site
 * in DTrace, is 0: a kretprobe does not know which return was taken.
 */
#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_FBT_HASH_BITS	16
#define DTRACE_FBT_MAX		200000	/* functions, all modules */
#define DTRACE_FBT_KRP_BATCH	256	/* kretprobes per grace period */
#define DTRACE_FBT_KRP_MAXACTIVE	4096	/* instances per function */

static unsigned int kretmaxactive;
module_param(kretmaxactive, uint, 0644);
MODULE_PARM_DESC(kretmaxactive,
		 "fbt return probes: calls in flight per function before returns are lost and counted as drops (0: the kernel's default, at most 4096)");

struct dtrace_fbt {
	unsigned long		fb_addr;
	struct dtrace_fbt	*fb_hnext;	/* hash chain */
	struct dtrace_probe	*fb_entry;	/* set while enabled */
	struct dtrace_probe	*fb_return;	/* set while enabled */
	struct dtrace_fbt	*fb_next;	/* every fbt, for teardown */
	struct kretprobe	fb_krp;
	unsigned long		fb_missed;	/* nmissed already reported */
	bool			fb_krp_dead;	/* queued for unregistration */
	bool			fb_gone;	/* its module was unloaded */
	char			fb_mod[DTRACE_MODNAMELEN];
};

/* Read in probe context without locks: entries are only ever added. */
static struct dtrace_fbt *dtrace_fbt_hash[1 << DTRACE_FBT_HASH_BITS];
static struct dtrace_fbt *dtrace_fbt_all;
static unsigned int dtrace_fbt_count;

/* Entry probes: the filter holds the enabled ones. */
static struct ftrace_ops dtrace_fbt_ops;
static bool dtrace_fbt_registered;
static unsigned int dtrace_fbt_nentry;	/* enabled entry probes */
static unsigned long *dtrace_fbt_pending;	/* addresses to add/remove */
static unsigned int dtrace_fbt_npending;
static bool dtrace_fbt_pending_remove;
#ifndef DTRACE_HAVE_FILTER_IPS
/*
 * Before 6.1 a batch of more than DTRACE_FTRACE_BATCH sites selects every
 * function ("*", dtrace_ftrace_set_filter_ips()): until the filter is
 * reset, further entry sites need no update.
 */
static bool dtrace_fbt_star;
#endif

/* Return probes disabled, their kretprobes not yet unregistered. */
static struct kretprobe **dtrace_fbt_krp_dead;
static unsigned int dtrace_fbt_nkrp_dead;

/* A scratch ops, never registered: asks ftrace whether a site is one. */
static struct ftrace_ops dtrace_fbt_check_ops;

static const struct dtrace_provider_ops dtrace_fbt_provider;
static int dtrace_fbt_commit(void);

/* Kernel functions probe context calls: tracing them would recurse. */
static const char * const dtrace_fbt_denied[] = {
	"copy_from_kernel_nofault", "copy_from_kernel_nofault_allowed",
	"copy_from_user_nofault", "ktime_get_mono_fast_ns",
	"ktime_get_real_fast_ns", "prandom_u32_state", "nmi_uaccess_okay",
	"__check_object_size", "check_object_size", "__virt_addr_valid",
	"vmalloc_to_page",
	/* clocksource reads, under ktime_get_mono_fast_ns() */
	"read_tsc", "read_hpet", "acpi_pm_read", "kvm_clock_get_cycles",
};

static u32 dtrace_fbt_hashfn(unsigned long addr)
{
	return hash_long(addr, DTRACE_FBT_HASH_BITS);
}

static struct dtrace_fbt *dtrace_fbt_find(unsigned long addr)
{
	struct dtrace_fbt *fb;

	for (fb = READ_ONCE(dtrace_fbt_hash[dtrace_fbt_hashfn(addr)]); fb;
	     fb = READ_ONCE(fb->fb_hnext))
		if (fb->fb_addr == addr)
			return fb;
	return NULL;
}

static void notrace dtrace_fbt_entry(unsigned long ip, unsigned long pip,
				     struct ftrace_ops *op,
				     struct dtrace_ftrace_regs *fregs)
{
	struct dtrace_args a = { };
	struct dtrace_fbt *fb;
	struct dtrace_probe *p;
	unsigned int i;

#ifdef CONFIG_X86_KERNEL_IBT
	/* The ftrace site usually follows the function's ENDBR. */
	fb = dtrace_fbt_find(ip - ENDBR_INSN_SIZE);
	if (!fb)
		fb = dtrace_fbt_find(ip);
#else
	fb = dtrace_fbt_find(ip);
#endif
	if (!fb)
		return;
	p = READ_ONCE(fb->fb_entry);
	if (!p)
		return;
	for (i = 0; i < 6; i++)
		a.da_arg[i] = dtrace_fregs_arg(fregs, i);
	/* stack() starts at the caller, past the call to the trampoline. */
	a.da_stack_from = ip + MCOUNT_INSN_SIZE;
	a.da_stack_after = true;
	dtrace_probe_fire(p, &a, NULL);
}

static int notrace dtrace_fbt_ret(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	struct dtrace_fbt *fb = container_of(get_kretprobe(ri),
					     struct dtrace_fbt, fb_krp);
	struct dtrace_probe *p = READ_ONCE(fb->fb_return);
	struct dtrace_args a = { };
	unsigned long missed, seen;

	if (!p)
		return 0;
	a.da_arg[1] = regs_return_value(regs);
	/* Another CPU may report the same growth: only one wins. */
	missed = (unsigned long)READ_ONCE(fb->fb_krp.nmissed) +
		 READ_ONCE(fb->fb_krp.kp.nmissed);
	seen = READ_ONCE(fb->fb_missed);
	if (missed != seen && cmpxchg(&fb->fb_missed, seen, missed) == seen)
		a.da_missed = missed - seen;
	dtrace_probe_fire(p, &a, NULL);
	return 0;
}

/* Queue an address for the next commit; flushes a batch of the other
 * direction first.
 */
static int dtrace_fbt_queue(unsigned long addr, bool remove)
{
	int err;

	if (dtrace_fbt_npending && dtrace_fbt_pending_remove != remove) {
		err = dtrace_fbt_commit();
		if (err)
			return err;
	}
	if (!dtrace_fbt_pending) {
		dtrace_fbt_pending = kvmalloc_array(DTRACE_FBT_MAX,
						    sizeof(unsigned long),
						    GFP_KERNEL);
		if (!dtrace_fbt_pending)
			return -ENOMEM;
	}
	dtrace_fbt_pending_remove = remove;
	dtrace_fbt_pending[dtrace_fbt_npending++] = addr;
	return 0;
}

/*
 * Unregister the kretprobes of disabled return probes: a grace period per
 * batch, and a scheduling point between batches.
 * Context: dtrace_lock held, process context.
 */
static void dtrace_fbt_krp_flush(void)
{
	unsigned int i, n;

	for (i = 0; i < dtrace_fbt_nkrp_dead; i += n) {
		n = min_t(unsigned int, dtrace_fbt_nkrp_dead - i,
			  DTRACE_FBT_KRP_BATCH);
		unregister_kretprobes(&dtrace_fbt_krp_dead[i], n);
		cond_resched();
	}
	for (i = 0; i < dtrace_fbt_nkrp_dead; i++)
		container_of(dtrace_fbt_krp_dead[i], struct dtrace_fbt,
			     fb_krp)->fb_krp_dead = false;
	dtrace_fbt_nkrp_dead = 0;
}

/*
 * enable: entry probes join the next ftrace update; return probes get
 * their kretprobe now. Context: dtrace_lock held, process context.
 */
static int dtrace_fbt_enable(struct dtrace_probe *probe)
{
	struct dtrace_fbt *fb = probe->dp_arg;
	int err;

	if (fb->fb_gone)
		return -ENOENT;
	if (!strcmp(probe->dp_name, "entry")) {
		err = dtrace_fbt_queue(fb->fb_addr, false);
		if (err)
			return err;
		dtrace_fbt_nentry++;
		WRITE_ONCE(fb->fb_entry, probe);
		return 0;
	}

	if (fb->fb_krp_dead)	/* disabled and enabled again before commit */
		dtrace_fbt_krp_flush();
	memset(&fb->fb_krp, 0, sizeof(fb->fb_krp));
	fb->fb_missed = 0;
	fb->fb_krp.kp.addr = (kprobe_opcode_t *)fb->fb_addr;
	fb->fb_krp.handler = dtrace_fbt_ret;
	fb->fb_krp.maxactive = min_t(unsigned int, READ_ONCE(kretmaxactive),
				     DTRACE_FBT_KRP_MAXACTIVE);
	WRITE_ONCE(fb->fb_return, probe);
	err = register_kretprobe(&fb->fb_krp);
	if (err)
		WRITE_ONCE(fb->fb_return, NULL);
	return err;
}

/* disable: the reverse. Context: dtrace_lock held, process context. */
static void dtrace_fbt_disable(struct dtrace_probe *probe)
{
	struct dtrace_fbt *fb = probe->dp_arg;

	if (!strcmp(probe->dp_name, "entry")) {
		WRITE_ONCE(fb->fb_entry, NULL);
		dtrace_fbt_nentry--;
		/* On failure the site stays armed but fires nothing. */
		if (!fb->fb_gone)
			dtrace_fbt_queue(fb->fb_addr, true);
		return;
	}
	/* Until it is unregistered, it fires nothing. */
	WRITE_ONCE(fb->fb_return, NULL);
	if (!dtrace_fbt_krp_dead)
		dtrace_fbt_krp_dead = kvmalloc_array(DTRACE_FBT_MAX,
						     sizeof(*dtrace_fbt_krp_dead),
						     GFP_KERNEL);
	if (!dtrace_fbt_krp_dead) {
		unregister_kretprobe(&fb->fb_krp);
		return;
	}
	fb->fb_krp_dead = true;
	dtrace_fbt_krp_dead[dtrace_fbt_nkrp_dead++] = &fb->fb_krp;
	dtrace_deferred++;	/* a stretch unregisters 256 at most */
}

/*
 * Where the entry ops' filter points while no entry probe is enabled: a
 * function nobody calls. Unregistering the ops instead would wait for
 * tasks RCU (seconds under TCG) under dtrace_lock at every close.
 */
static noinline void dtrace_fbt_idle(void)
{
	barrier();
}

/*
 * commit: one ftrace update for every queued entry site. The ops is
 * registered from the first entry probe on and never with an empty
 * filter, which would trace everything: with no entry probe left it
 * traces dtrace_fbt_idle() alone.
 * Context: dtrace_lock held, process context.
 */
static int dtrace_fbt_commit(void)
{
	int err = 0;

	dtrace_fbt_krp_flush();
#ifndef DTRACE_HAVE_FILTER_IPS
	if (dtrace_fbt_star && !dtrace_fbt_pending_remove)
		dtrace_fbt_npending = 0;
	/*
	 * Between stretches, commit only a batch that is one update (every
	 * function): smaller ones and removals go one function at a time
	 * there, an update each, so they wait for the end. An ENABLE of
	 * every function thus holds dtrace_lock for one update at most.
	 */
	if (dtrace_commit_partial &&
	    (dtrace_fbt_pending_remove ||
	     dtrace_fbt_npending <= DTRACE_FTRACE_BATCH))
		return 0;
#endif
	if (!dtrace_fbt_nentry) {
		/*
		 * Unregister before emptying the filter: a registered ops
		 * with an empty filter would trace every function.
		 */
		dtrace_fbt_npending = 0;
#ifndef DTRACE_HAVE_FILTER_IPS
		dtrace_fbt_star = false;
#endif
		if (!dtrace_fbt_registered ||
		    !ftrace_set_filter_ip(&dtrace_fbt_ops,
					  (unsigned long)dtrace_fbt_idle, 0, 1))
			return 0;
		unregister_ftrace_function(&dtrace_fbt_ops);
		dtrace_fbt_registered = false;
		return ftrace_set_filter(&dtrace_fbt_ops, NULL, 0, 1);
	}

	if (dtrace_fbt_npending)
		err = dtrace_ftrace_set_filter_ips(&dtrace_fbt_ops,
						   dtrace_fbt_pending,
						   dtrace_fbt_npending,
						   dtrace_fbt_pending_remove);
#ifndef DTRACE_HAVE_FILTER_IPS
	if (!err && !dtrace_fbt_pending_remove &&
	    dtrace_fbt_npending > DTRACE_FTRACE_BATCH)
		dtrace_fbt_star = true;
#endif
	dtrace_fbt_npending = 0;
	if (!err && !dtrace_fbt_registered) {
		err = register_ftrace_function(&dtrace_fbt_ops);
		dtrace_fbt_registered = !err;
	}
	return err;
}

static void dtrace_fbt_destroy(struct dtrace_probe *probe)
{
}

static const struct dtrace_provider_ops dtrace_fbt_provider = {
	.name		= "fbt",
	.enable		= dtrace_fbt_enable,
	.disable	= dtrace_fbt_disable,
	.commit		= dtrace_fbt_commit,
	.destroy	= dtrace_fbt_destroy,
};

static bool dtrace_fbt_is_denied(const struct dtrace_fbt_sym *s)
{
	unsigned int i;

	if (!strcmp(s->fs_mod, KBUILD_MODNAME))
		return true;
	for (i = 0; i < ARRAY_SIZE(dtrace_fbt_denied); i++)
		if (!strcmp(s->fs_func, dtrace_fbt_denied[i]))
			return true;
	return false;
}

/* Is @s->fs_addr the very start of @s's function, in @s's module? */
static bool dtrace_fbt_symbol_ok(const struct dtrace_fbt_sym *s, char *buf)
{
	size_t n = strlen(s->fs_func);
	const char *rest;

	sprint_symbol(buf, s->fs_addr);
	if (strncmp(buf, s->fs_func, n) || strncmp(buf + n, "+0x0/", 5))
		return false;
	rest = strchr(buf + n, ' ');
	if (!rest)
		return !strcmp(s->fs_mod, "vmlinux");
	return rest[1] == '[' && !strncmp(rest + 2, s->fs_mod,
					  strlen(s->fs_mod)) &&
	       rest[2 + strlen(s->fs_mod)] == ']';
}

static int dtrace_fbt_add(const struct dtrace_fbt_sym *s)
{
	struct dtrace_fbt *fb;
	int err;
	u32 h;

	fb = kzalloc(sizeof(*fb), GFP_KERNEL);
	if (!fb)
		return -ENOMEM;
	fb->fb_addr = s->fs_addr;
	strscpy(fb->fb_mod, s->fs_mod, sizeof(fb->fb_mod));
	err = dtrace_probe_create(&dtrace_fbt_provider, s->fs_mod, s->fs_func,
				  "entry", fb);
	if (err > 0)
		err = dtrace_probe_create(&dtrace_fbt_provider, s->fs_mod,
					  s->fs_func, "return", fb);
	if (err < 0) {
		/* The entry probe may exist: it stays, pointing at @fb. */
		fb->fb_gone = true;
	}
	fb->fb_next = dtrace_fbt_all;
	dtrace_fbt_all = fb;
	h = dtrace_fbt_hashfn(fb->fb_addr);
	fb->fb_hnext = dtrace_fbt_hash[h];
	/* Probe context walks the chain: publish a complete entry. */
	smp_store_release(&dtrace_fbt_hash[h], fb);
	dtrace_fbt_count++;
	return err < 0 ? err : 0;
}

/**
 * dtrace_fbt_provide() - create probes for the functions offered.
 * @syms: entries copied from the caller, unchecked
 * @n:    how many
 *
 * Context: process context, dtrace_lock held.
 * Return: how many were accepted (new or known), or a negative errno.
 */
int dtrace_fbt_provide(const struct dtrace_fbt_sym *syms, u32 n)
{
	char *buf = kmalloc(KSYM_SYMBOL_LEN, GFP_KERNEL);
	int accepted = 0, err = 0;
	u32 i;

	lockdep_assert_held(&dtrace_lock);
	if (!buf)
		return -ENOMEM;
	for (i = 0; i < n && !err; i++) {
		const struct dtrace_fbt_sym *s = &syms[i];
		struct dtrace_fbt *fb;

		cond_resched();	/* offers come 40,000 at a time */
		if (strnlen(s->fs_mod, sizeof(s->fs_mod)) == sizeof(s->fs_mod) ||
		    strnlen(s->fs_func, sizeof(s->fs_func)) ==
		    sizeof(s->fs_func) || !s->fs_func[0] ||
		    dtrace_fbt_is_denied(s))
			continue;
		fb = dtrace_fbt_find(s->fs_addr);
		if (fb) {
			accepted += !fb->fb_gone;
			continue;
		}
		if (dtrace_fbt_count >= DTRACE_FBT_MAX)
			break;
		if (!dtrace_fbt_symbol_ok(s, buf) ||
		    ftrace_set_filter_ip(&dtrace_fbt_check_ops, s->fs_addr, 0,
					 1))
			continue;
		err = dtrace_fbt_add(s);
		accepted += !err;
	}
	kfree(buf);
	return err ?: accepted;
}

/*
 * Whether every traceable function has been offered (DTRACE_FBT_ALL):
 * true from a whole offer made against the current generation until a
 * kernel module comes, whose functions nobody offered yet.
 */
static u32 dtrace_fbt_gen;
static bool dtrace_fbt_all_offered;

/**
 * dtrace_fbt_offered() - after an offer: record and report completeness.
 * @flags: in, DTRACE_FBT_ALL if the offer was whole; out, whether the
 *         module now holds every function
 * @gen:   in, the generation the offer was read in; out, the current one
 *
 * Context: process context, dtrace_lock held.
 */
void dtrace_fbt_offered(u32 *flags, u32 *gen)
{
	lockdep_assert_held(&dtrace_lock);
	if ((*flags & DTRACE_FBT_ALL) && *gen == dtrace_fbt_gen)
		dtrace_fbt_all_offered = true;
	*flags = dtrace_fbt_all_offered ? DTRACE_FBT_ALL : 0;
	*gen = dtrace_fbt_gen;
}

/*
 * A module coming: it has functions not offered yet. A module going: its
 * functions will never fire again.
 */
static int dtrace_fbt_module_notify(struct notifier_block *nb,
				    unsigned long action, void *data)
{
	struct module *mod = data;
	struct dtrace_fbt *fb;

	if (action == MODULE_STATE_COMING) {
		mutex_lock(&dtrace_lock);
		dtrace_fbt_gen++;
		dtrace_fbt_all_offered = false;
		mutex_unlock(&dtrace_lock);
		return NOTIFY_DONE;
	}
	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&dtrace_lock);
	for (fb = dtrace_fbt_all; fb; fb = fb->fb_next) {
		if (!strcmp(fb->fb_mod, mod->name))
			fb->fb_gone = true;
		cond_resched();
	}
	mutex_unlock(&dtrace_lock);
	return NOTIFY_DONE;
}

static struct notifier_block dtrace_fbt_module_nb = {
	.notifier_call = dtrace_fbt_module_notify,
};

/* Context: module init. */
int dtrace_provider_fbt_init(void)
{
	int err;

	dtrace_fbt_ops.func = dtrace_fbt_entry;
	dtrace_fbt_ops.flags = DTRACE_FTRACE_OPS_FLAGS;
	/* a whole offer must quote it: random, so it cannot be guessed */
	dtrace_fbt_gen = get_random_u32();
	/*
	 * No FTRACE_OPS_FL_RECURSION: probe context has its own per-CPU
	 * guard, so ftrace need not wrap the callback in another.
	 */
	err = register_module_notifier(&dtrace_fbt_module_nb);
	if (err)
		return err;
	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_fbt_provider);
	mutex_unlock(&dtrace_lock);
	if (err)
		unregister_module_notifier(&dtrace_fbt_module_nb);
	return err;
}

/*
 * Context: module exit; every probe is disabled and committed, the ops
 * left on dtrace_fbt_idle() if it was ever used.
 */
void dtrace_provider_fbt_exit(void)
{
	struct dtrace_fbt *fb;

	unregister_module_notifier(&dtrace_fbt_module_nb);
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_fbt_provider);
	mutex_unlock(&dtrace_lock);
	if (dtrace_fbt_registered)	/* on dtrace_fbt_idle() */
		unregister_ftrace_function(&dtrace_fbt_ops);
	dtrace_fbt_registered = false;
	while ((fb = dtrace_fbt_all)) {
		dtrace_fbt_all = fb->fb_next;
		kfree(fb);
	}
	memset(dtrace_fbt_hash, 0, sizeof(dtrace_fbt_hash));
	kvfree(dtrace_fbt_pending);
	dtrace_fbt_pending = NULL;
	kvfree(dtrace_fbt_krp_dead);
	dtrace_fbt_krp_dead = NULL;
	dtrace_fbt_count = 0;
	/* Once, at the end: it frees the hashes without resetting them. */
	dtrace_ftrace_free_filter(&dtrace_fbt_ops);
	dtrace_ftrace_free_filter(&dtrace_fbt_check_ops);
}
