/* SPDX-License-Identifier: GPL-2.0 */
/*
 * DTrace's stable providers (proc, sched, io) as named aliases of
 * kernel tracepoints, with their arguments mapped to D expressions over
 * the tracepoint's record.
 */
#ifndef DT_STABLE_H
#define DT_STABLE_H

#include <dtrace/dtrace_ioctl.h>
#include "dt_pcb.h"

struct dt_stable {
	const char	*s_prov, *s_name;	/* proc, exec-success */
	const char	*s_sys, *s_ev;		/* sched, sched_process_exec */
	const char	*s_pred;	/* D over args->, or NULL */
	const char	*s_args[5];	/* args[0..4] in D, NULL: none */
	const char	*s_doc;		/* -lv */
};

/* Each alias a description names, to fn; returns how many. */
int dt_stable_walk(const struct dtrace_probedesc *d,
		   void (*fn)(const struct dt_stable *s, void *arg),
		   void *arg);
/* The -lv text of a probe's arguments, or NULL if not a stable probe. */
const char *dt_stable_doc(const struct dtrace_probedesc *d);

/*
 * In a clause on stable probes: args[i] (an INDEX node) or argI (a
 * built-in, @idx >= 0) becomes the probe's D expression for it, and the
 * probes' conditions join the predicate. 0 when done, 1 when the clause
 * is not on stable probes, -1 on an error (reported).
 */
int dt_stable_arg(struct dt_pcb *pcb, struct dt_node *n, int idx);
int dt_stable_pred(struct dt_pcb *pcb, struct dt_clause *c);

#endif /* DT_STABLE_H */
