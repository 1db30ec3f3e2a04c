// SPDX-License-Identifier: GPL-2.0
/*
 * The command's providers (dt_provider.h), looped over in one place.
 */
#include <ctype.h>
#include <string.h>

#include "dt_provider.h"
#include "dt_rows.h"

/*
 * Each provider's struct dt_provider dt_provider_NAME, defined in its
 * own file. Offers are made in this order: fbt, then trace events, then
 * the stable providers built on them (-l's probe ids follow it), then
 * user space.
 */
#define DT_PROVIDERS(X)	\
	X(fbt)		\
	X(syscall)	\
	X(profile)	\
	X(dtrace)	\
	X(tracepoint)	\
	X(stable)	\
	X(software)	\
	X(kext)		\
	X(pid)

#define DT_PROVIDER_DECL(name)	extern const struct dt_provider dt_provider_##name;
#define DT_PROVIDER_ENTRY(name)	&dt_provider_##name,
DT_PROVIDERS(DT_PROVIDER_DECL)

const struct dt_provider *const dt_providers[] = {
	DT_PROVIDERS(DT_PROVIDER_ENTRY)
	NULL,
};

#define for_each_provider(pp, p) \
	for (pp = dt_providers; (p = *pp) != NULL; pp++)

enum dt_site dt_probe_site(const char *name)
{
	static const struct dt_nameval sites[] = {
		{ "entry", DT_SITE_ENTRY },
		{ "return", DT_SITE_RETURN },
	};

	return (enum dt_site)DT_NAMEVAL(sites, name, DT_SITE_OTHER);
}

int dt_providers_offer(int devfd, const struct dtrace_probedesc *d,
		       bool verbose, char *err, size_t errlen)
{
	const struct dt_provider *const *pp, *p;

	for_each_provider(pp, p)
		if (p->pv_offer && p->pv_offer(devfd, d, verbose, err, errlen))
			return -1;
	return 0;
}

void dt_providers_offer_set(int devfd, const struct dtrace_probedesc *d,
			    size_t n, bool verbose)
{
	const struct dt_provider *const *pp, *p;

	for_each_provider(pp, p)
		if (p->pv_offer_set)
			p->pv_offer_set(devfd, d, n, verbose);
}

void dt_providers_offer_all(int devfd, bool verbose)
{
	const struct dt_provider *const *pp, *p;
	struct dtrace_probedesc all;
	char err[256];

	for_each_provider(pp, p) {
		if (!p->pv_offer || !p->pv_listall)
			continue;
		memset(&all, 0, sizeof(all));
		strcpy(all.dpd_provider, p->pv_listall);
		(void)p->pv_offer(devfd, &all, verbose, err, sizeof(err));
	}
}

int dt_providers_events(const struct dtrace_probedesc *d, dt_tpevent_fn fn,
			void *arg)
{
	const struct dt_provider *const *pp, *p;

	for_each_provider(pp, p)
		if (p->pv_events && p->pv_events(d, fn, arg) > 0)
			return 1;
	return 0;
}

int dt_providers_args(struct dt_pcb *pcb, struct dt_node *n, int idx)
{
	const struct dt_provider *const *pp, *p;
	int rc;

	for_each_provider(pp, p) {
		if (!p->pv_args)
			continue;
		rc = p->pv_args(pcb, n, idx);
		if (rc <= 0)
			return rc;
	}
	return 1;
}

int dt_providers_pred(struct dt_pcb *pcb, struct dt_clause *c)
{
	const struct dt_provider *const *pp, *p;

	for_each_provider(pp, p)
		if (p->pv_pred && p->pv_pred(pcb, c))
			return -1;
	return 0;
}

void dt_providers_argtext(FILE *fp, const struct dtrace_probedesc *pd)
{
	const struct dt_provider *const *pp, *p;
	const char *args = NULL;
	int ntypes = 0;

	for_each_provider(pp, p)
		if (!args && p->pv_argdoc)
			args = p->pv_argdoc(pd);
	fprintf(fp, "\n\tArgument Types\n");
	for_each_provider(pp, p)
		if (!ntypes && p->pv_argtypes)
			ntypes = p->pv_argtypes(fp, pd);
	if (ntypes <= 0)
		fprintf(fp, "\t\tNone\n");
	fprintf(fp, "\n\tArguments (64-bit integers)\n\t\t%s\n\n",
		args ? args : "none");
}

/*
 * Every provider name the command or the module knows; pid, USDT and
 * uprobe names (NAMEpid, a module that is a path) are recognised by form.
 */
static const char *const dt_provider_names[] = {
	"dtrace", "fbt", "syscall", "profile", "tracepoint", "proc", "sched",
	"io", "ip", "tcp", "udp", "lockstat", "software", "kprobe", "rawtracepoint", "hardware",
	"watchpoint", "uprobe", NULL,
};

bool dt_provider_known(const struct dtrace_probedesc *d)
{
	const char *p = d->dpd_provider;
	size_t i, n = strlen(p);

	if (!n || strpbrk(p, "*?[\\") || d->dpd_mod[0] == '/')
		return true;
	if (isdigit((unsigned char)p[n - 1]))
		return true;
	for (i = 0; dt_provider_names[i]; i++)
		if (!strcmp(p, dt_provider_names[i]))
			return true;
	return false;
}
