// SPDX-License-Identifier: GPL-2.0
/*
 * stack() and ustack(): program counters of the kernel and user stacks,
 * captured in probe context into a record slot.
 *
 * Kernel stacks come from the kernel's unwinder (stack_trace_save()).
 * The frames of the machinery that fired the probe (dtrace.ko, ftrace,
 * the timer interrupt) are left out: a provider names the first frame
 * of the probed code, as DTrace shows it (the traced function's caller
 * for fbt, the interrupted function for profile). User stacks follow frame pointers from the
 * registers saved at kernel entry, each step a nofault read: a program
 * built without frame pointers gives only its first frames.
 */
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/stacktrace.h>
#include <linux/uaccess.h>
#include <asm/ptrace.h>
#include "dtrace_impl.h"

/* How many leading frames may belong to dtrace.ko and trampolines. */
#define DTRACE_STACK_SKIP_MAX	16

/* Index of the first frame to keep of the @got in @tmp. */
static unsigned int dtrace_stack_start(const unsigned long *tmp,
				       unsigned int got,
				       const struct dtrace_args *args)
{
	unsigned int i, lim = min_t(unsigned int, got, DTRACE_STACK_SKIP_MAX);

	if (args->da_stack_none)
		return got;
	for (i = 0; args->da_stack_from && i < lim; i++)
		if (tmp[i] == args->da_stack_from)
			return i + args->da_stack_after;
	for (i = 0; i < lim && within_module(tmp[i], THIS_MODULE); i++)
		;
	return i;
}

/**
 * dtrace_stack_kernel() - store up to @n kernel PCs at @pcs.
 * @pcs:  the record slot, @n words, zero-filled past the last frame
 * @n:    frames wanted, at most DTRACE_STACK_MAX
 * @tmp:  room for DTRACE_STACK_TMP words
 * @args: the firing's, which say where the probed code's frames begin
 *
 * Context: probe context.
 */
void dtrace_stack_kernel(u64 *pcs, u32 n, unsigned long *tmp,
			 const struct dtrace_args *args)
{
	unsigned int got, i, j = 0;

	got = stack_trace_save(tmp, n + DTRACE_STACK_SKIP_MAX, 0);
	for (i = dtrace_stack_start(tmp, got, args); i < got && j < n; i++)
		pcs[j++] = tmp[i];
	while (j < n)
		pcs[j++] = 0;
}

/**
 * dtrace_stack_kernel_depth() - stackdepth, and caller.
 * @tmp:    room for DTRACE_STACK_TMP words
 * @args:   the firing's
 * @caller: if not NULL, gets the first frame of the probed code, or 0
 *
 * Context: probe context.
 * Return: how many frames stack() would show, up to DTRACE_STACK_MAX.
 */
u32 dtrace_stack_kernel_depth(unsigned long *tmp,
			      const struct dtrace_args *args, u64 *caller)
{
	unsigned int got, start;

	got = stack_trace_save(tmp, DTRACE_STACK_TMP, 0);
	start = dtrace_stack_start(tmp, got, args);
	if (caller)
		*caller = start < got ? tmp[start] : 0;
	return min_t(u32, got - min(start, got), DTRACE_STACK_MAX);
}

/**
 * dtrace_stack_kernel_hash() - a hash of the PCs stack(@n) would store.
 * @n:    frames, at most DTRACE_STACK_MAX
 * @tmp:  room for DTRACE_STACK_TMP words
 * @args: the firing's
 *
 * bpftrace's kstack as a value (a map's, a key's) is this id; the
 * clause records the PCs beside it for the consumer to print.
 *
 * Context: probe context.
 * Return: FNV-1a over the PCs, never 0 (0 is a deleted element).
 */
u64 dtrace_stack_kernel_hash(u32 n, unsigned long *tmp,
			     const struct dtrace_args *args)
{
	unsigned int got, i, start;
	u64 h = 0xcbf29ce484222325ULL;

	got = stack_trace_save(tmp, n + DTRACE_STACK_SKIP_MAX, 0);
	start = dtrace_stack_start(tmp, got, args);
	for (i = start; i < got && i - start < n; i++)
		h = (h ^ tmp[i]) * 0x100000001b3ULL;
	return h ? h : 1;
}

/* ustackdepth: frames ustack() would show; @tmp as for the kernel's. */
u32 dtrace_stack_user_depth(unsigned long *tmp,
			    const struct dtrace_args *args)
{
	return dtrace_stack_user((u64 *)tmp, DTRACE_STACK_MAX, args);
}

/**
 * dtrace_stack_user() - store the pid and up to @n user PCs at @out.
 * @out: the record slot, @n + 1 words
 * @n:   frames wanted, at most DTRACE_STACK_MAX
 * @args: the firing's (da_uentry: at a function's entry)
 *
 * Context: probe context.
 * Return: how many frames it found.
 */
u32 dtrace_stack_user(u64 *out, u32 n, const struct dtrace_args *args)
{
	struct task_struct *t = current;
	struct pt_regs *regs;
	unsigned long fp, frame[2];
	u32 j = 0, found;

	out[0] = t->tgid;
	out++;
	if (!t->mm || (t->flags & PF_KTHREAD))
		goto fill;
	regs = task_pt_regs(t);
	out[j++] = instruction_pointer(regs);
	/* Before its prologue, a function's caller is found at the SP. */
	if (args->da_uentry && j < n &&
	    !copy_from_user_nofault(&frame[1], (void __user *)regs->sp,
				    sizeof(frame[1])) && frame[1])
		out[j++] = frame[1];
	fp = regs->bp;
	/* Each frame: the caller's frame pointer, then the return address. */
	while (j < n && fp && !(fp & (sizeof(long) - 1))) {
		if (copy_from_user_nofault(frame, (void __user *)fp,
					   sizeof(frame)) || !frame[1])
			break;
		out[j++] = frame[1];
		if (frame[0] <= fp)	/* stacks grow down: no loops */
			break;
		fp = frame[0];
	}
fill:
	found = j;
	while (j < n)
		out[j++] = 0;
	return found;
}
