// SPDX-License-Identifier: GPL-2.0
/*
 * syscall in the command: the module provides every probe itself; the
 * command only says what the arguments are.
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_syscall_argdoc(const struct dtrace_probedesc *pd)
{
	static const char *const docs[] = {
		[DT_SITE_ENTRY] = "arg0-arg5: the system call's arguments",
		[DT_SITE_RETURN] = "arg0, arg1: the return value; errno: the "
				   "error of a failed call",
	};

	if (strcmp(pd->dpd_provider, "syscall"))
		return NULL;
	return docs[dt_probe_site(pd->dpd_name)];
}

const struct dt_provider dt_provider_syscall = {
	.pv_name	= "syscall",
	.pv_argdoc	= dt_syscall_argdoc,
};
