// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe, rawtracepoint, hardware and watchpoint in the command: the
 * module creates their probes when a description names one; the command
 * only says what the arguments are (-lv).
 */
#include "dt_provider.h"
#include "dt_rows.h"

static const struct dt_kext_doc {
	const char	*provider;
	const char	*argdoc;
} dt_kext_docs[] = {
	{ "kprobe", "arg0..arg5: the argument registers at that "
		    "instruction" },
	{ "rawtracepoint", "arg0..arg4: the tracepoint's first five "
			   "arguments, as 64-bit values" },
	{ "hardware", "arg0: 0; arg1: the interrupted PC" },
	{ "watchpoint", "arg0: the address watched; arg1: the user PC" },
};

static const char *dt_kext_argdoc(const struct dtrace_probedesc *pd)
{
	const struct dt_kext_doc *d = DT_ROW_FIND(dt_kext_docs,
						  pd->dpd_provider);

	return d ? d->argdoc : NULL;
}

const struct dt_provider dt_provider_kext = {
	.pv_name	= "kprobe, rawtracepoint, hardware, watchpoint",
	.pv_argdoc	= dt_kext_argdoc,
};
