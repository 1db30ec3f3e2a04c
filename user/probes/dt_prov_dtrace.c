// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace (BEGIN, END, ERROR) in the command: what the arguments are.
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_dtrace_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "dtrace"))
		return NULL;
	if (!strcmp(pd->dpd_name, "ERROR"))
		return "arg0: the probe that fired; arg1: the enabled probe "
		       "ID; arg2: the action; arg3: the DIF offset; arg4: the "
		       "fault; arg5: the address";
	return "none";
}

const struct dt_provider dt_provider_dtrace = {
	.pv_name	= "dtrace",
	.pv_argdoc	= dt_dtrace_argdoc,
};
