// SPDX-License-Identifier: GPL-2.0
/*
 * software (perf's software events) in the command: the module provides
 * every probe itself; the command only says what the arguments are.
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_software_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "software"))
		return NULL;
	return "arg0: the sample's address (a fault's), or 0; arg1: the "
	       "interrupted PC";
}

const struct dt_provider dt_provider_software = {
	.pv_name	= "software",
	.pv_argdoc	= dt_software_argdoc,
};
