// SPDX-License-Identifier: GPL-2.0
/*
 * The pid provider: probes on user-space instructions, through uprobes.
 *
 *   pid1234:a.out:main:entry       one process (thread group)
 *   pid1234:libc.so.6:malloc:return
 *   uprobe:/usr/lib/.../libc.so.6:malloc:entry   every process
 *   myprov1234:a.out:main:mark     a USDT probe (arguments from its note)
 *
 * The module cannot read ELF symbol tables or a process's mappings in a
 * useful way, so the command does and offers sites with
 * DTRACE_IOC_UPROBE_PROVIDE: a file (a descriptor, from which we keep
 * the inode), an offset and four names. Each probe belongs to the
 * consumer that offered it and is destroyed when that consumer closes;
 * others never see it.
 *
 * A uprobe handler runs in the traced process, in process context,
 * preemptible; dtrace_probe_fire() disables interrupts for the firing
 * itself, so probe context's rules hold. When the site names a process,
 * the uprobe's filter keeps the breakpoint out of other processes (so
 * a probe on libc does not slow the whole system) and the handler
 * checks the thread group too.
 *
 * Unregistration: on 6.1 uprobe_unregister() waits for handlers in
 * flight; on 6.12 each disable is _nosync and commit waits once. The
 * probe is freed only after its consumer disabled it and committed.
 */
#include <linux/ctype.h>
#include <linux/dcache.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/jhash.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/threads.h>
#include <linux/uaccess.h>
#include <linux/uprobes.h>
#include <asm/ptrace.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_PID_MAX	262144	/* sites, all consumers */

struct dtrace_upr {
	struct hlist_node	u_hnode;	/* dtrace_pid_hash */
	struct uprobe_consumer	u_uc;
	struct dtrace_uprobe_handle u_h;
	struct inode		*u_inode;	/* a reference of ours */
	loff_t			u_offset;
	loff_t			u_refctr;
	pid_t			u_pid;		/* 0: every process */
	u32			u_flags;
	bool			u_decode;	/* u_args, rather than the ABI */
	bool			u_registered;
	struct dtrace_probe	*u_self;	/* the probe, always */
	struct dtrace_probe	*u_probe;	/* set while enabled */
	struct dtrace_uprobe_arg u_args[DTRACE_UPROBE_NARGS];
};

/*
 * By everything dtrace_pid_find() compares: offers of 65,536 sites stay
 * linear, even at one offset (the same site under many names, or for
 * many processes).
 */
static DEFINE_HASHTABLE(dtrace_pid_hash, 13);
static unsigned int dtrace_pid_count;
static bool dtrace_pid_unsynced;	/* unregistered since the last sync */

static const struct dtrace_provider_ops dtrace_pid_provider;

/* The registers of the x86-64 calling convention, in argument order. */
static unsigned long dtrace_pid_abi_arg(struct pt_regs *regs, unsigned int i)
{
	switch (i) {
	case 0: return regs->di;
	case 1: return regs->si;
	case 2: return regs->dx;
	case 3: return regs->cx;
	case 4: return regs->r8;
	case 5: return regs->r9;
	default: return 0;
	}
}

/* One USDT argument: a register, memory at register + offset, or a constant. */
static u64 dtrace_pid_decode(const struct dtrace_uprobe_arg *ua,
			     struct pt_regs *regs)
{
	unsigned long base = ((unsigned long *)regs)[ua->ua_reg];
	unsigned int size = abs(ua->ua_size);
	u64 v = 0;

	switch (ua->ua_kind) {
	case DTRACE_UARG_REG:
		v = base;
		break;
	case DTRACE_UARG_MEM:
		/* A fault leaves 0: the argument is simply unknown. */
		if (copy_from_user_nofault(&v, (void __user *)(base + ua->ua_off),
					   size))
			return 0;
		break;
	case DTRACE_UARG_CONST:
		return ua->ua_off;
	default:
		return 0;
	}
	if (size == 8)
		return v;
	v &= (1ULL << (8 * size)) - 1;
	if (ua->ua_size < 0 && (v & (1ULL << (8 * size - 1))))
		v |= ~((1ULL << (8 * size)) - 1);
	return v;
}

/*
 * Should @mm get the breakpoint? Only the process a site names, found
 * by the mm's owner (a memcg notion: without it, every process does
 * and the handler filters alone).
 */
bool dtrace_uprobe_filter(struct uprobe_consumer *uc, struct mm_struct *mm)
{
	struct dtrace_upr *u = container_of(uc, struct dtrace_upr, u_uc);
	bool ok = true;
#ifdef CONFIG_MEMCG
	struct task_struct *t;

	if (!u->u_pid)
		return true;
	rcu_read_lock();
	t = rcu_dereference(mm->owner);
	ok = t && t->tgid == u->u_pid;
	rcu_read_unlock();
#endif
	return ok;
}

int notrace dtrace_pid_handler(struct uprobe_consumer *uc,
			       struct pt_regs *regs)
{
	struct dtrace_upr *u = container_of(uc, struct dtrace_upr, u_uc);
	struct dtrace_probe *p = READ_ONCE(u->u_probe);
	struct dtrace_args a = { };
	unsigned int i;

	if (u->u_pid && current->tgid != u->u_pid)
		return UPROBE_HANDLER_REMOVE;	/* if the filter agrees */
	if (!p)
		return 0;
	for (i = 0; i < DTRACE_UPROBE_NARGS; i++)
		a.da_arg[i] = u->u_decode ? dtrace_pid_decode(&u->u_args[i], regs)
					  : dtrace_pid_abi_arg(regs, i);
	a.da_uentry = u->u_flags & DTRACE_UPROBE_ENTRY;
	dtrace_probe_fire(p, &a, NULL);
	return 0;
}

/* return: arg1 is the return value; arg0, DTrace's return offset, 0. */
int notrace dtrace_pid_ret_handler(struct uprobe_consumer *uc,
				   unsigned long func, struct pt_regs *regs)
{
	struct dtrace_upr *u = container_of(uc, struct dtrace_upr, u_uc);
	struct dtrace_probe *p = READ_ONCE(u->u_probe);
	struct dtrace_args a = { };

	if (!p || (u->u_pid && current->tgid != u->u_pid))
		return 0;
	a.da_arg[1] = regs_return_value(regs);
	dtrace_probe_fire(p, &a, NULL);
	return 0;
}

/* Context: dtrace_lock held, process context. */
static int dtrace_pid_enable(struct dtrace_probe *probe)
{
	struct dtrace_upr *u = probe->dp_arg;
	int err;

	/* A consumer being re-added must be out of the old list first. */
	if (dtrace_pid_unsynced) {
		dtrace_uprobe_unregister_sync();
		dtrace_pid_unsynced = false;
	}
	memset(&u->u_uc, 0, sizeof(u->u_uc));
	if (u->u_flags & DTRACE_UPROBE_RETURN)
		u->u_uc.ret_handler = dtrace_pid_ret_handler_cb;
	else
		u->u_uc.handler = dtrace_pid_handler_cb;
	u->u_uc.filter = dtrace_uprobe_filter_cb;
	WRITE_ONCE(u->u_probe, probe);
	err = dtrace_uprobe_register(&u->u_h, u->u_inode, u->u_offset,
				     u->u_refctr, &u->u_uc);
	if (err == -ENOTSUPP) {
		/*
		 * An instruction uprobes cannot step (the kernel decodes it
		 * only now): the probe stays unarmed rather than failing a
		 * clause that names every function of a library.
		 */
		WRITE_ONCE(u->u_probe, NULL);
		return 0;
	}
	if (err) {
		WRITE_ONCE(u->u_probe, NULL);
		return err;
	}
	u->u_registered = true;
	return 0;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_pid_disable(struct dtrace_probe *probe)
{
	struct dtrace_upr *u = probe->dp_arg;

	WRITE_ONCE(u->u_probe, NULL);
	if (!u->u_registered)
		return;
	dtrace_uprobe_unregister_nosync(&u->u_h, &u->u_uc);
	u->u_registered = false;
	dtrace_pid_unsynced = true;
}

/* commit: wait once for the handlers of everything unregistered. */
static int dtrace_pid_commit(void)
{
	if (dtrace_pid_unsynced) {
		dtrace_uprobe_unregister_sync();
		dtrace_pid_unsynced = false;
	}
	return 0;
}

/* Context: dtrace_lock held; the probe is disabled and committed. */
static void dtrace_pid_destroy(struct dtrace_probe *probe)
{
	struct dtrace_upr *u = probe->dp_arg;

	hash_del(&u->u_hnode);
	iput(u->u_inode);
	kfree(u);
	dtrace_pid_count--;
}

static const struct dtrace_provider_ops dtrace_pid_provider = {
	.name		= "pid",
	.enable		= dtrace_pid_enable,
	.disable	= dtrace_pid_disable,
	.commit		= dtrace_pid_commit,
	.destroy	= dtrace_pid_destroy,
};

static bool dtrace_pid_str_ok(const char *s, size_t size)
{
	return s[0] && strnlen(s, size) < size;
}

/*
 * A provider name: letters, digits, '_' and '-', and not one the kernel's
 * providers use (a consumer's "syscall" probes would only confuse).
 */
static bool dtrace_pid_prov_ok(const char *p, size_t size)
{
	size_t i;

	if (!dtrace_pid_str_ok(p, size) || dtrace_provider_exists(p))
		return false;
	for (i = 0; p[i]; i++)
		if (!isalnum(p[i]) && p[i] != '_' && p[i] != '-')
			return false;
	return true;
}

/* The checks that need no file: names, flags, argument specs. */
static bool dtrace_pid_site_ok(const struct dtrace_uprobe_site *s)
{
	unsigned int i;

	if (!dtrace_pid_prov_ok(s->us_provider, sizeof(s->us_provider)) ||
	    !dtrace_pid_str_ok(s->us_mod, sizeof(s->us_mod)) ||
	    !dtrace_pid_str_ok(s->us_func, sizeof(s->us_func)) ||
	    !dtrace_pid_str_ok(s->us_name, sizeof(s->us_name)) ||
	    (s->us_flags & ~DTRACE_UPROBE_MASK) || s->us_reserved ||
	    s->us_pid > PID_MAX_LIMIT || s->us_offset > LLONG_MAX ||
	    s->us_refctr > LLONG_MAX)
		return false;
	for (i = 0; i < DTRACE_UPROBE_NARGS; i++) {
		const struct dtrace_uprobe_arg *a = &s->us_args[i];
		int size = abs(a->ua_size);

		if (memchr_inv(a->ua_reserved, 0, sizeof(a->ua_reserved)) ||
		    a->ua_kind > DTRACE_UARG_CONST)
			return false;
		if (a->ua_kind == DTRACE_UARG_NONE)
			continue;
		if (a->ua_reg >= sizeof(struct pt_regs) / sizeof(long) ||
		    (size != 1 && size != 2 && size != 4 && size != 8))
			return false;
	}
	return true;
}

static u32 dtrace_pid_key(const struct dtrace_state *owner,
			  const struct inode *inode,
			  const struct dtrace_uprobe_site *s)
{
	u64 site[] = { (uintptr_t)inode, s->us_offset,
		       (u64)s->us_pid << 32 | s->us_flags };

	return dtrace_probe_hash(owner, s->us_provider, s->us_mod, s->us_func,
				 s->us_name) ^ jhash(site, sizeof(site), 0);
}

/* This consumer's probe for the same site and names, if any. */
static struct dtrace_upr *dtrace_pid_find(const struct dtrace_state *owner,
					  const struct inode *inode,
					  const struct dtrace_uprobe_site *s)
{
	struct dtrace_upr *u;

	hash_for_each_possible(dtrace_pid_hash, u, u_hnode,
			       dtrace_pid_key(owner, inode, s)) {
		const struct dtrace_probe *p = u->u_self;

		if (p->dp_owner == owner && u->u_inode == inode &&
		    u->u_offset == s->us_offset && u->u_pid == s->us_pid &&
		    u->u_flags == s->us_flags &&
		    !strcmp(p->dp_name, s->us_name) &&
		    !strcmp(p->dp_func, s->us_func) &&
		    !strcmp(p->dp_mod, s->us_mod) &&
		    !strcmp(p->dp_prov, s->us_provider))
			return u;
	}
	return NULL;
}

/**
 * dtrace_pid_offer() - create @state's probe for one site offered.
 * @state: the consumer that will own it
 * @s:     the entry, copied from the caller, unchecked
 * @o:     where the id of a probe created goes
 *
 * Context: process context, dtrace_lock held.
 * Return: 1 if accepted (new or known), 0 if refused, or a negative errno.
 */
int dtrace_pid_offer(struct dtrace_state *state,
		     const struct dtrace_uprobe_site *s, struct dtrace_offer *o)
{
	struct dtrace_upr *u;
	struct inode *inode;
	struct file *f;
	loff_t isize;
	unsigned int i;
	int id;

	lockdep_assert_held(&dtrace_lock);
	if (!dtrace_pid_site_ok(s))
		return 0;
	f = fget(s->us_fd);
	if (!f)
		return 0;
	/* The inode mappings use: overlayfs's own has no pages. */
	inode = d_real_inode(f->f_path.dentry);
	isize = i_size_read(inode);
	if (!S_ISREG(inode->i_mode) || s->us_offset >= isize ||
	    s->us_refctr >= isize) {
		fput(f);
		return 0;
	}
	if (dtrace_pid_find(state, inode, s)) {
		fput(f);
		return 1;
	}
	if (dtrace_pid_count >= DTRACE_PID_MAX) {
		fput(f);
		return -ENOSPC;
	}
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u) {
		fput(f);
		return -ENOMEM;
	}
	ihold(inode);
	fput(f);
	u->u_inode = inode;
	u->u_offset = s->us_offset;
	u->u_refctr = s->us_refctr;
	u->u_pid = s->us_pid;
	u->u_flags = s->us_flags;
	memcpy(u->u_args, s->us_args, sizeof(u->u_args));
	for (i = 0; i < DTRACE_UPROBE_NARGS; i++)
		u->u_decode |= s->us_args[i].ua_kind != DTRACE_UARG_NONE;

	id = dtrace_probe_create_owned(&dtrace_pid_provider, state,
				       s->us_provider, s->us_mod, s->us_func,
				       s->us_name, u);
	if (id < 0) {
		iput(inode);
		kfree(u);
		return id == -ENAMETOOLONG ? 0 : id;
	}
	u->u_self = dtrace_probe_lookup(id);
	hash_add(dtrace_pid_hash, &u->u_hnode, dtrace_pid_key(state, inode, s));
	dtrace_pid_count++;
	o->do_ids[o->do_n++] = id;
	return 1;
}

/* Context: module init. */
int dtrace_provider_pid_init(void)
{
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_pid_provider);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every consumer has closed, so no probe is left. */
void dtrace_provider_pid_exit(void)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_pid_provider);
	mutex_unlock(&dtrace_lock);
	WARN_ON(!hash_empty(dtrace_pid_hash));
}
