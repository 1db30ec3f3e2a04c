// SPDX-License-Identifier: GPL-2.0
/*
 * fbt in the command: the module knows only the kernel functions the
 * command offers it (dt_fbtsyms.c).
 */
#include <fnmatch.h>
#include <string.h>

#include "dt_error.h"
#include "dt_fbtsyms.h"
#include "dt_provider.h"

/*
 * Offer the functions a description may name. A description that leaves
 * the provider empty offers only when it names a function, not to read
 * every kernel symbol for ":::BEGIN".
 */
static int dt_fbt_offer(int devfd, const struct dtrace_probedesc *d,
			bool verbose, char *err, size_t errlen)
{
	unsigned int n = 0;
	int rc;

	(void)err;
	(void)errlen;
	if (d->dpd_provider[0] ? fnmatch(d->dpd_provider, "fbt", 0) != 0 :
	    !d->dpd_func[0])
		return 0;
	rc = dt_fbt_provide(devfd, d->dpd_mod, d->dpd_func, &n);
	if (rc < 0 && verbose)
		dt_warn("could not offer functions to fbt: %s\n",
			strerror(-rc));
	return 0;
}

static const char *dt_fbt_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "fbt"))
		return NULL;
	if (!strcmp(pd->dpd_name, "entry"))
		return "arg0-arg5: the function's arguments";
	if (!strcmp(pd->dpd_name, "return"))
		return "arg1: the return value; arg0: 0 (the return site is "
		       "not known)";
	return NULL;
}

const struct dt_provider dt_provider_fbt = {
	.pv_name	= "fbt",
	.pv_listall	= "fbt",
	.pv_offer	= dt_fbt_offer,
	.pv_argdoc	= dt_fbt_argdoc,
};
