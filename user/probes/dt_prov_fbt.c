// SPDX-License-Identifier: GPL-2.0
/*
 * fbt in the command: the module knows only the kernel functions the
 * command offers it (dt_fbtsyms.c).
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <dtrace/dif.h>

#include "dt_btf.h"
#include "dt_error.h"
#include "dt_fbtsyms.h"
#include "dt_ktype.h"
#include "dt_probes.h"
#include "dt_provider.h"

/* The arguments an entry probe gives: arg0..arg5. */
#define DT_FBT_NARGS	6

/*
 * Whether fbt offers for a description. One that leaves the provider
 * empty offers only when it names a function, not to read every kernel
 * symbol for ":::BEGIN".
 */
static bool dt_fbt_wants(const struct dtrace_probedesc *d)
{
	return d->dpd_provider[0] ? !fnmatch(d->dpd_provider, "fbt", 0) :
	       d->dpd_func[0] != '\0';
}

/*
 * The (module, function) globs this command has offered: the files are
 * read once for all its descriptions (dt_fbt_offer_set), and a
 * description offered already is not read for again.
 */
static struct dt_fbt_glob *dt_fbt_done;
static size_t dt_fbt_ndone;

/* Is d's (module, function) pair among the n of v? */
static bool dt_fbt_has(const struct dt_fbt_glob *v, size_t n,
		       const struct dtrace_probedesc *d)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i].fg_mod, d->dpd_mod) &&
		    !strcmp(v[i].fg_func, d->dpd_func))
			return true;
	return false;
}

/* Remember the pairs of g (strings of the descriptions) as offered. */
static void dt_fbt_mark_done(const struct dt_fbt_glob *g, size_t n)
{
	struct dt_fbt_glob *v;
	size_t i;

	v = realloc(dt_fbt_done, (dt_fbt_ndone + n) * sizeof(*v));
	if (!v)
		return;
	dt_fbt_done = v;
	for (i = 0; i < n; i++) {
		char *mod = strdup(g[i].fg_mod), *func = strdup(g[i].fg_func);

		if (!mod || !func) {
			free(mod);
			free(func);
			return;
		}
		v[dt_fbt_ndone].fg_mod = mod;
		v[dt_fbt_ndone++].fg_func = func;
	}
}

/* Offer the n pairs of g; remember them once the module has them. */
static void dt_fbt_offer_globs(int devfd, const struct dt_fbt_glob *g,
			       size_t n, bool verbose)
{
	unsigned int accepted = 0;
	int rc = dt_fbt_provide(devfd, g, n, &accepted);

	if (rc < 0 && verbose)
		dt_warn("could not offer functions to fbt: %s\n",
			strerror(-rc));
	if (!rc)
		dt_fbt_mark_done(g, n);
}

/* Offer the functions a description may name, unless offered already. */
static int dt_fbt_offer(int devfd, const struct dtrace_probedesc *d,
			bool verbose, char *err, size_t errlen)
{
	struct dt_fbt_glob g = { d->dpd_mod, d->dpd_func };

	(void)err;
	(void)errlen;
	if (dt_fbt_wants(d) && !dt_fbt_has(dt_fbt_done, dt_fbt_ndone, d))
		dt_fbt_offer_globs(devfd, &g, 1, verbose);
	return 0;
}

/*
 * Every description of the command at once: ftrace's list and kallsyms
 * are read once for all of them (each read takes seconds under
 * emulation), not once a description.
 */
static void dt_fbt_offer_set(int devfd, const struct dtrace_probedesc *d,
			     size_t n, bool verbose)
{
	struct dt_fbt_glob *g = calloc(n ? n : 1, sizeof(*g));
	size_t i, ng = 0;

	if (!g)
		return;
	for (i = 0; i < n; i++) {
		if (!dt_fbt_wants(&d[i]) ||
		    dt_fbt_has(dt_fbt_done, dt_fbt_ndone, &d[i]) ||
		    dt_fbt_has(g, ng, &d[i]))
			continue;
		g[ng].fg_mod = d[i].dpd_mod;
		g[ng++].fg_func = d[i].dpd_func;
	}
	if (ng)
		dt_fbt_offer_globs(devfd, g, ng, verbose);
	free(g);
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
	enum dt_site site;
	char type[256];
	int i;

	if (strcmp(pd->dpd_provider, "fbt"))
		return 0;
	bt = dt_btf_module(pd->dpd_mod, NULL, 0);
	if (!bt)
		bt = dt_btf_kernel(NULL, 0);
	if (!bt || dt_btf_func(bt, pd->dpd_func, &f, NULL, 0))
		return 0;
	site = dt_probe_site(pd->dpd_name);
	if (site == DT_SITE_RETURN) {
		fprintf(fp, "\t\targs[0]: int\n");
		if (!f.bf_ret)
			return 1;
		fprintf(fp, "\t\targs[1]: %s\n",
			dt_btf_name(bt, f.bf_ret, type, sizeof(type)));
		return 2;
	}
	if (site != DT_SITE_ENTRY)
		return 0;
	for (i = 0; i < f.bf_nargs && i < DT_FBT_NARGS &&
	     i < DT_BTF_MAXARGS; i++)
		fprintf(fp, "\t\targs[%d]: %s\n", i,
			dt_btf_name(bt, f.bf_args[i], type, sizeof(type)));
	return i;
}

/*
 * args[N] with N a constant, in a clause whose probes are all fbt's at
 * one function's entry or all at its return: n becomes (T)argN, T from
 * the function's prototype. Anything else is not ours: untyped.
 */
static int dt_fbt_args(struct dt_pcb *pcb, struct dt_node *n, int idx)
{
	struct dtrace_probedesc d, first;
	const struct dt_pdesc *pd;
	struct dt_node *a;
	struct dt_type t;
	char err[256];
	int rc;

	if (idx != -1 || !pcb->pcb_clause || n->n_args->n_kind != DT_N_INT)
		return 1;
	for (pd = pcb->pcb_clause->c_probes; pd; pd = pd->pd_next) {
		if (dt_pdesc_parse(pd->pd_text, &d, pcb->pcb_argc,
				   pcb->pcb_argv, pcb->pcb_target, err,
				   sizeof(err)) ||
		    strcmp(d.dpd_provider, "fbt") ||
		    strpbrk(d.dpd_func, "*?[\\") || !d.dpd_func[0] ||
		    strpbrk(d.dpd_mod, "*?[\\") ||
		    dt_probe_site(d.dpd_name) == DT_SITE_OTHER)
			return 1;
		if (pd == pcb->pcb_clause->c_probes)
			first = d;
		else if (strcmp(d.dpd_func, first.dpd_func) ||
			 strcmp(d.dpd_name, first.dpd_name) ||
			 strcmp(d.dpd_mod, first.dpd_mod))
			return 1;
	}
	rc = dt_ktype_fbtarg(pcb, first.dpd_mod, first.dpd_func,
			     dt_probe_site(first.dpd_name) == DT_SITE_RETURN,
			     n->n_args->n_int, &n->n_loc, &t);
	if (rc)
		return rc;
	a = dt_node_new(DT_N_BUILTIN, &n->n_loc);
	a->n_builtin = DIF_VAR_ARG0 + (int)n->n_args->n_int;
	a->n_type = dt_type_ulong;
	dt_node_free(n->n_left);
	dt_node_free(n->n_args);
	n->n_args = NULL;
	n->n_kind = DT_N_CAST;
	n->n_ctype = t;
	n->n_left = a;
	return 0;
}

static const char *dt_fbt_argdoc(const struct dtrace_probedesc *pd)
{
	static const char *const docs[] = {
		[DT_SITE_ENTRY] = "arg0-arg5: the function's arguments",
		[DT_SITE_RETURN] = "arg1: the return value; arg0: 0 (the "
				   "return site is not known)",
	};

	if (strcmp(pd->dpd_provider, "fbt"))
		return NULL;
	return docs[dt_probe_site(pd->dpd_name)];
}

const struct dt_provider dt_provider_fbt = {
	.pv_name	= "fbt",
	.pv_listall	= "fbt",
	.pv_offer	= dt_fbt_offer,
	.pv_offer_set	= dt_fbt_offer_set,
	.pv_args	= dt_fbt_args,
	.pv_argtypes	= dt_fbt_argtypes,
	.pv_argdoc	= dt_fbt_argdoc,
};
