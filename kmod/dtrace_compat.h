/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces that differ between the kernels we build for
 * (Debian's 6.1 and 6.12), each wrapped once here.
 */
#ifndef _DTRACE_COMPAT_H
#define _DTRACE_COMPAT_H

#include <linux/ftrace.h>

/* Argument @n of a function, at its ftrace entry site. */
static __always_inline unsigned long
dtrace_fregs_arg(struct ftrace_regs *fregs, unsigned int n)
{
#ifdef ftrace_regs_get_argument	/* 6.2 and later */
	return ftrace_regs_get_argument(fregs, n);
#else
	return regs_get_kernel_argument(&fregs->regs, n);
#endif
}

#endif /* _DTRACE_COMPAT_H */
