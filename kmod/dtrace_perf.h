/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A set of kernel perf events, one per online CPU, all calling one
 * overflow handler: what the tracepoint, software and hardware providers
 * arm.
 */
#ifndef _DTRACE_PERF_H
#define _DTRACE_PERF_H

#include <linux/perf_event.h>

struct dtrace_perf {
	struct perf_event	**pf_events;	/* [nr_cpu_ids], NULL: none */
};

int dtrace_perf_open(struct dtrace_perf *pf, struct perf_event_attr *attr,
		     perf_overflow_handler_t fn, void *ctx);
void dtrace_perf_close(struct dtrace_perf *pf);
int dtrace_perf_sync(void);

#endif /* _DTRACE_PERF_H */
