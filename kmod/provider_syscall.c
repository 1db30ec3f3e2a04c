// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall provider: syscall::NAME:entry and syscall::NAME:return for
 * every 64-bit system call of the kernel the module was built for.
 *
 * The names come from the kernel's own generated syscall table header,
 * so they match the running kernel without any symbol lookup. Probes
 * ride the raw_syscalls sys_enter/sys_exit tracepoints, registered only
 * while at least one syscall probe is enabled; each callback is one
 * array load when its syscall is not traced.
 *
 * entry: arg0..arg5 are the call's arguments.
 * return: arg0 and arg1 are the return value; errno is set for -errno.
 * System calls of 32-bit (compat) tasks do not fire these probes.
 */
#include <linux/err.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <linux/compat.h>
#include <asm/syscall.h>
#include <asm/unistd.h>
#include "dtrace_impl.h"

static const struct {
	u32		nr;
	const char	*name;
} dtrace_syscall_names[] = {
#define __SYSCALL(nr, sym) { nr, #sym },
#define __SYSCALL_NORETURN __SYSCALL	/* 6.12: exit, exit_group */
/* 5.10 marks the 64-bit-only and x32 calls; x32's are not ours. */
#define __SYSCALL_COMMON __SYSCALL
#define __SYSCALL_64 __SYSCALL
#define __SYSCALL_X32(nr, sym)
#include <asm/syscalls_64.h>
#undef __SYSCALL_X32
#undef __SYSCALL_64
#undef __SYSCALL_COMMON
#undef __SYSCALL_NORETURN
#undef __SYSCALL
};

#define DTRACE_NSYSCALLS	NR_syscalls

/* The enabled probes, read by the callbacks; NULL when not traced. */
static struct dtrace_probe *dtrace_sys_entry[DTRACE_NSYSCALLS];
static struct dtrace_probe *dtrace_sys_return[DTRACE_NSYSCALLS];

static struct tracepoint *dtrace_tp_enter, *dtrace_tp_exit;
static unsigned int dtrace_sys_nentry, dtrace_sys_nreturn;

/* probe->dp_arg: the syscall number, with this bit for return probes */
#define DTRACE_SYS_RETURN	0x80000000u

static void dtrace_sys_enter(void *data, struct pt_regs *regs, long id)
{
	struct dtrace_args a = { };
	unsigned long args[6];
	struct dtrace_probe *p;
	int i;

	if ((unsigned long)id >= DTRACE_NSYSCALLS)
		return;
	p = READ_ONCE(dtrace_sys_entry[id]);
	if (!p || in_compat_syscall())
		return;
	syscall_get_arguments(current, regs, args);
	for (i = 0; i < 6; i++)
		a.da_arg[i] = args[i];
	dtrace_probe_fire(p, &a, NULL);
}

static void dtrace_sys_exit(void *data, struct pt_regs *regs, long ret)
{
	long id = syscall_get_nr(current, regs);
	struct dtrace_args a = { };
	struct dtrace_probe *p;

	if ((unsigned long)id >= DTRACE_NSYSCALLS)
		return;
	p = READ_ONCE(dtrace_sys_return[id]);
	if (!p || in_compat_syscall())
		return;
	a.da_arg[0] = ret;
	a.da_arg[1] = ret;
	if (IS_ERR_VALUE(ret))
		a.da_errno = -ret;
	dtrace_probe_fire(p, &a, NULL);
}

/* Where the callbacks look for @probe. */
static struct dtrace_probe **dtrace_sys_slot(struct dtrace_probe *probe)
{
	u32 arg = (uintptr_t)probe->dp_arg, nr = arg & ~DTRACE_SYS_RETURN;

	return arg & DTRACE_SYS_RETURN ? &dtrace_sys_return[nr] :
					 &dtrace_sys_entry[nr];
}

/*
 * enable: publish the probe where its callback finds it, registering
 * the tracepoint for the first probe of its kind.
 * Context: dtrace_lock held, process context.
 */
static int dtrace_syscall_enable(struct dtrace_probe *probe)
{
	bool ret = (uintptr_t)probe->dp_arg & DTRACE_SYS_RETURN;
	unsigned int *count = ret ? &dtrace_sys_nreturn : &dtrace_sys_nentry;
	int err;

	if (!*count) {
		err = ret ? tracepoint_probe_register(dtrace_tp_exit,
						      dtrace_sys_exit, NULL) :
			    tracepoint_probe_register(dtrace_tp_enter,
						      dtrace_sys_enter, NULL);
		if (err)
			return err;
	}
	(*count)++;
	WRITE_ONCE(*dtrace_sys_slot(probe), probe);
	return 0;
}

/* disable: the reverse. Context: dtrace_lock held, process context. */
static void dtrace_syscall_disable(struct dtrace_probe *probe)
{
	bool ret = (uintptr_t)probe->dp_arg & DTRACE_SYS_RETURN;
	unsigned int *count = ret ? &dtrace_sys_nreturn : &dtrace_sys_nentry;

	WRITE_ONCE(*dtrace_sys_slot(probe), NULL);
	if (--(*count))
		return;
	if (ret)
		tracepoint_probe_unregister(dtrace_tp_exit, dtrace_sys_exit,
					    NULL);
	else
		tracepoint_probe_unregister(dtrace_tp_enter, dtrace_sys_enter,
					    NULL);
}

static const struct dtrace_provider_ops dtrace_syscall_ops = {
	.name		= "syscall",
	.enable		= dtrace_syscall_enable,
	.disable	= dtrace_syscall_disable,
};

static void dtrace_find_tracepoint(struct tracepoint *tp, void *unused)
{
	if (!strcmp(tp->name, "sys_enter"))
		dtrace_tp_enter = tp;
	else if (!strcmp(tp->name, "sys_exit"))
		dtrace_tp_exit = tp;
}

/* Context: module init. */
int dtrace_provider_syscall_init(void)
{
	unsigned int i;
	int err;

	for_each_kernel_tracepoint(dtrace_find_tracepoint, NULL);
	if (!dtrace_tp_enter || !dtrace_tp_exit) {
		pr_info("dtrace: no raw syscall tracepoints: syscall provider off\n");
		return 0;
	}

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_syscall_ops);
	for (i = 0; !err && i < ARRAY_SIZE(dtrace_syscall_names); i++) {
		const char *name = dtrace_syscall_names[i].name;
		u32 nr = dtrace_syscall_names[i].nr;

		if (nr >= DTRACE_NSYSCALLS || !strcmp(name, "sys_ni_syscall"))
			continue;
		if (!strncmp(name, "sys_", 4))
			name += 4;
		err = dtrace_probe_create(&dtrace_syscall_ops, "", name,
					  "entry", (void *)(uintptr_t)nr);
		if (err > 0)
			err = dtrace_probe_create(&dtrace_syscall_ops, "", name,
						  "return", (void *)(uintptr_t)
						  (nr | DTRACE_SYS_RETURN));
		err = err < 0 ? err : 0;
	}
	if (err)
		dtrace_provider_unregister(&dtrace_syscall_ops);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_provider_syscall_exit(void)
{
	if (!dtrace_tp_enter || !dtrace_tp_exit)
		return;
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_syscall_ops);
	mutex_unlock(&dtrace_lock);
	/* No callback may still be running module text. */
	tracepoint_synchronize_unregister();
}
