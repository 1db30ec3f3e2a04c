// SPDX-License-Identifier: GPL-2.0
/*
 * pid, usdt and uprobe in the command: the sites a description names
 * are found in the process's or the file's ELF (dt_pid.c,
 * dt_pid_usdt.c) and offered to the module.
 */
#include "dt_pid.h"
#include "dt_provider.h"

static int dt_pid_offer(int devfd, const struct dtrace_probedesc *d,
			bool verbose, char *err, size_t errlen)
{
	(void)verbose;
	return dt_pid_provide(devfd, d, err, errlen) ? -1 : 0;
}

const struct dt_provider dt_provider_pid = {
	.pv_name	= "pid",
	.pv_offer	= dt_pid_offer,
};
