/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One engine for the providers on perf's generic events, software and
 * hardware: a const descriptor says which provider, which perf type and
 * events, and what arg0 is; provider_perf.c does the rest.
 */
#ifndef _DTRACE_PROVIDER_PERF_H
#define _DTRACE_PROVIDER_PERF_H

#include <linux/perf_event.h>
#include "dtrace_impl.h"
#include "dtrace_perf.h"

struct dtrace_perf_prov_event {
	const char	*name;
	const char	*alias;		/* NULL: none */
	u32		config;		/* PERF_COUNT_SW_* or PERF_COUNT_HW_* */
	u64		period;		/* the default */
};

struct dtrace_perf_prov {
	struct dtrace_provider_ops	pp_ops;		/* DTRACE_PERF_PROV_OPS */
	u32				pp_type;	/* PERF_TYPE_* */
	const struct dtrace_perf_prov_event *pp_events;
	unsigned int			pp_nevents;
	/* probes at most, so listings cannot grow memory */
	unsigned int			pp_max;
	/* arg0 is the sample's address where perf gives one; else 0 */
	bool				pp_arg0_addr;
	/*
	 * NAME-PERIOD only for a description naming the provider exactly
	 * or not at all; else for any whose provider glob matches ours
	 */
	bool				pp_exact;
};

int dtrace_perf_prov_enable(struct dtrace_probe *probe);
void dtrace_perf_prov_disable(struct dtrace_probe *probe);
void dtrace_perf_prov_destroy(struct dtrace_probe *probe);

/*
 * The ops of a provider on this engine. PROVIDE passes its descriptor to
 * dtrace_perf_prov_provide(): a provide callback gets no context of its
 * own; the others find the descriptor from the probe's dp_arg.
 */
#define DTRACE_PERF_PROV_OPS(NAME, PROVIDE) {				\
	.name		= NAME,						\
	.provide	= PROVIDE,					\
	.enable		= dtrace_perf_prov_enable,			\
	.disable	= dtrace_perf_prov_disable,			\
	/* released handlers are over */				\
	.commit		= dtrace_perf_sync,				\
	.destroy	= dtrace_perf_prov_destroy,			\
}

void dtrace_perf_prov_provide(const struct dtrace_perf_prov *pp,
			      const struct dtrace_probedesc *desc);
int dtrace_perf_prov_init(const struct dtrace_perf_prov *pp);
void dtrace_perf_prov_exit(const struct dtrace_perf_prov *pp);

#endif /* _DTRACE_PROVIDER_PERF_H */
