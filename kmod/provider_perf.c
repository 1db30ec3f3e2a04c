// SPDX-License-Identifier: GPL-2.0
/*
 * The engine of the software and hardware providers (provider_perf.h):
 * probes named EVENT or EVENT-PERIOD, each a perf event of the
 * provider's type on every CPU (dtrace_perf.c), sampled every PERIOD
 * occurrences, firing from perf's overflow handler. The names without
 * a period always exist; NAME-PERIOD is created when a description
 * names it, up to the provider's cap.
 *
 * Where the handler runs, and why that is safe, depends on the events:
 * each provider's file says it.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"
#include "provider_perf.h"

struct dtrace_pp_probe {
	const struct dtrace_perf_prov	*s_prov;
	u32				s_config;
	u64				s_period;
	struct dtrace_perf		s_perf;
	struct dtrace_probe		*s_probe;	/* set while enabled */
	bool				s_kept;		/* always there */
};

/* "page-faults-10" -> its event and period; false if not a name of ours. */
static bool dtrace_pp_parse(const struct dtrace_perf_prov *pp,
			    const char *name, u32 *config, u64 *period)
{
	unsigned int i;

	for (i = 0; i < pp->pp_nevents; i++) {
		const struct dtrace_perf_prov_event *ev = &pp->pp_events[i];
		const char *n[2] = { ev->name, ev->alias };
		unsigned int j;

		for (j = 0; j < 2; j++) {
			size_t len = n[j] ? strlen(n[j]) : 0;

			if (!len || strncmp(name, n[j], len))
				continue;
			*config = ev->config;
			*period = ev->period;
			if (!name[len])
				return true;
			if (name[len] != '-' || !isdigit(name[len + 1]))
				continue;
			return !kstrtou64(name + len + 1, 10, period) &&
			       *period;
		}
	}
	return false;
}

/* Context: dtrace_lock held. */
static void dtrace_pp_create(const struct dtrace_perf_prov *pp,
			     const char *name, bool kept)
{
	struct dtrace_pp_probe *s;
	u32 config;
	u64 period;

	if (!dtrace_pp_parse(pp, name, &config, &period))
		return;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return;
	s->s_prov = pp;
	s->s_config = config;
	s->s_period = period;
	s->s_kept = kept;
	if (dtrace_probe_create(&pp->pp_ops, "", "", name, s) < 0)
		kfree(s);
}

/* The events' own names and aliases stay; NAME-PERIOD ones may go. */
static bool dtrace_pp_kept(const struct dtrace_probe *probe)
{
	return ((const struct dtrace_pp_probe *)probe->dp_arg)->s_kept;
}

/**
 * dtrace_perf_prov_provide() - create NAME-PERIOD if @desc names it.
 * @pp:   the provider
 * @desc: a description: only an exact name creates a probe
 *
 * Context: dtrace_lock held.
 */
void dtrace_perf_prov_provide(const struct dtrace_perf_prov *pp,
			      const struct dtrace_probedesc *desc)
{
	struct dtrace_probe *probe;
	unsigned int n = 0;
	u64 period;
	u32 id, config;

	if ((pp->pp_exact && desc->dpd_provider[0] &&
	     strcmp(desc->dpd_provider, pp->pp_ops.name)) ||
	    desc->dpd_mod[0] || desc->dpd_func[0] || !desc->dpd_name[0] ||
	    strpbrk(desc->dpd_name, "*?[\\"))
		return;
	if (!dtrace_pp_parse(pp, desc->dpd_name, &config, &period) ||
	    dtrace_probe_find(&pp->pp_ops, NULL, "", desc->dpd_name))
		return;
	/* a new one: count ours, for the cap */
	for (id = 1; (probe = dtrace_probe_next(&id)); id++)
		n += probe->dp_ops == &pp->pp_ops;
	/* At the cap, listings' leftovers make room first. */
	if (n >= pp->pp_max)
		n -= dtrace_probe_reclaim(&pp->pp_ops, dtrace_pp_kept);
	if (n < pp->pp_max)
		dtrace_pp_create(pp, desc->dpd_name, false);
}

/* Runs where perf counts: the provider's file says where, and why safe. */
static void notrace dtrace_pp_handler(struct perf_event *ev,
				      struct perf_sample_data *data,
				      struct pt_regs *regs)
{
	struct dtrace_pp_probe *s = ev->overflow_handler_context;
	struct dtrace_probe *p = READ_ONCE(s->s_probe);
	struct dtrace_args a = { };

	if (!p)
		return;
	if (s->s_prov->pp_arg0_addr &&
	    dtrace_perf_has(data, PERF_SAMPLE_ADDR))
		a.da_arg[0] = data->addr;
	if (regs) {
		a.da_arg[1] = instruction_pointer(regs);
		if (!user_mode(regs))
			a.da_stack_from = a.da_arg[1];
	}
	dtrace_probe_fire(p, &a, NULL);
}

/* Context: dtrace_lock held, process context. */
int dtrace_perf_prov_enable(struct dtrace_probe *probe)
{
	struct dtrace_pp_probe *s = probe->dp_arg;
	const struct dtrace_perf_prov *pp = s->s_prov;
	struct perf_event_attr attr = {
		.type		= pp->pp_type,
		.size		= sizeof(attr),
		.config		= s->s_config,
		.sample_period	= s->s_period,
		.sample_type	= PERF_SAMPLE_IP |
				  (pp->pp_arg0_addr ? PERF_SAMPLE_ADDR : 0),
	};
	int err;

	WRITE_ONCE(s->s_probe, probe);
	err = dtrace_perf_open(&s->s_perf, &attr, dtrace_pp_handler, s);
	if (err)
		WRITE_ONCE(s->s_probe, NULL);
	return err;
}

/* Context: dtrace_lock held, process context. */
void dtrace_perf_prov_disable(struct dtrace_probe *probe)
{
	struct dtrace_pp_probe *s = probe->dp_arg;

	WRITE_ONCE(s->s_probe, NULL);
	dtrace_perf_close(&s->s_perf);
}

void dtrace_perf_prov_destroy(struct dtrace_probe *probe)
{
	kfree(probe->dp_arg);
}

/* Register @pp and create its events' names and aliases. Context: init. */
int dtrace_perf_prov_init(const struct dtrace_perf_prov *pp)
{
	unsigned int i;
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&pp->pp_ops);
	for (i = 0; !err && i < pp->pp_nevents; i++) {
		dtrace_pp_create(pp, pp->pp_events[i].name, true);
		if (pp->pp_events[i].alias)
			dtrace_pp_create(pp, pp->pp_events[i].alias, true);
	}
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every probe is disabled. */
void dtrace_perf_prov_exit(const struct dtrace_perf_prov *pp)
{
	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&pp->pp_ops);
	mutex_unlock(&dtrace_lock);
}
