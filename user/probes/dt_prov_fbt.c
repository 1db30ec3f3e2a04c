// SPDX-License-Identifier: GPL-2.0
/*
 * fbt in the command: the module knows only the kernel functions the
 * command offers it (dt_fbtsyms.c).
 */
#include <fnmatch.h>
#include <string.h>

#include "dt_btf.h"
#include "dt_error.h"
#include "dt_fbtsyms.h"
#include "dt_provider.h"

/* The arguments an entry probe gives: arg0..arg5. */
#define DT_FBT_NARGS	6

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

/*
 * -lv: args[N] typed from the function's prototype in the kernel's BTF
 * (a module's function from the module's, else the kernel's); at return
 * args[0] is the return site (int) and args[1] the return value. 0 when
 * there are no types: -lv says what it always said.
 */
static int dt_fbt_argtypes(FILE *fp, const struct dtrace_probedesc *pd)
{
	const struct dt_btf *bt;
	struct dt_btf_func f;
	char type[256];
	int i;

	if (strcmp(pd->dpd_provider, "fbt"))
		return 0;
	bt = dt_btf_module(pd->dpd_mod, NULL, 0);
	if (!bt)
		bt = dt_btf_kernel(NULL, 0);
	if (!bt || dt_btf_func(bt, pd->dpd_func, &f, NULL, 0))
		return 0;
	if (!strcmp(pd->dpd_name, "return")) {
		fprintf(fp, "\t\targs[0]: int\n");
		if (!f.bf_ret)
			return 1;
		fprintf(fp, "\t\targs[1]: %s\n",
			dt_btf_name(bt, f.bf_ret, type, sizeof(type)));
		return 2;
	}
	if (strcmp(pd->dpd_name, "entry"))
		return 0;
	for (i = 0; i < f.bf_nargs && i < DT_FBT_NARGS &&
	     i < DT_BTF_MAXARGS; i++)
		fprintf(fp, "\t\targs[%d]: %s\n", i,
			dt_btf_name(bt, f.bf_args[i], type, sizeof(type)));
	return i;
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
	.pv_argtypes	= dt_fbt_argtypes,
	.pv_argdoc	= dt_fbt_argdoc,
};
