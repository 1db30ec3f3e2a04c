// SPDX-License-Identifier: GPL-2.0
/*
 * profile in the command: the module makes profile-N and tick-N probes
 * as they are enabled; the command only says what the arguments are.
 */
#include <string.h>

#include "dt_provider.h"

static const char *dt_profile_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "profile"))
		return NULL;
	return "arg0: the interrupted kernel PC, or 0; arg1: the "
	       "interrupted user PC, or 0";
}

const struct dt_provider dt_provider_profile = {
	.pv_name	= "profile",
	.pv_argdoc	= dt_profile_argdoc,
};
