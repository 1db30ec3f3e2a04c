// SPDX-License-Identifier: GPL-2.0
/*
 * syscall in the command: the module provides every probe itself; the
 * command only says what the arguments are.
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_syscall_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "syscall"))
		return NULL;
	if (!strcmp(pd->dpd_name, "entry"))
		return "arg0-arg5: the system call's arguments";
	if (!strcmp(pd->dpd_name, "return"))
		return "arg0, arg1: the return value; errno: the error of a "
		       "failed call";
	return NULL;
}

const struct dt_provider dt_provider_syscall = {
	.pv_name	= "syscall",
	.pv_argdoc	= dt_syscall_argdoc,
};
