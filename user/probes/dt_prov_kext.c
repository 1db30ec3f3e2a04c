// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe, rawtracepoint, hardware and watchpoint in the command: the
 * module creates their probes when a description names one; the command
 * only says what the arguments are (-lv).
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_kext_argdoc(const struct dtrace_probedesc *pd)
{
	if (!strcmp(pd->dpd_provider, "kprobe"))
		return "arg0..arg5: the argument registers at that "
		       "instruction";
	if (!strcmp(pd->dpd_provider, "rawtracepoint"))
		return "arg0..arg4: the tracepoint's first five arguments, "
		       "as 64-bit values";
	if (!strcmp(pd->dpd_provider, "hardware"))
		return "arg0: 0; arg1: the interrupted PC";
	if (!strcmp(pd->dpd_provider, "watchpoint"))
		return "arg0: the address watched; arg1: the user PC";
	return NULL;
}

const struct dt_provider dt_provider_kext = {
	.pv_name	= "kprobe, rawtracepoint, hardware, watchpoint",
	.pv_argdoc	= dt_kext_argdoc,
};
