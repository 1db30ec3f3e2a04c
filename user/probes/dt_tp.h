/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoint provider in the command (dt_provider_tracepoint): what
 * the stable providers built on trace events use of it.
 */
#ifndef DT_TP_H
#define DT_TP_H

#include <stddef.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_pcb.h"

#define DT_TP_BATCH	4096

/* Events offered to the module (DTRACE_IOC_TP_PROVIDE) in batches. */
struct dt_tp_offer {
	int			devfd;
	struct dtrace_tp_event	*v;
	size_t			n;
	int			accepted;
	int			err;
};

/* 0, or -1 (out of memory). */
int dt_tp_offer_begin(struct dt_tp_offer *o, int devfd);
/* 0, or -1 once an offer failed. */
int dt_tp_offer_add(struct dt_tp_offer *o, const struct dtrace_tp_event *e);
/* Offers the rest and frees: how many the module took, or -1 (errno). */
int dt_tp_offer_end(struct dt_tp_offer *o);

/* n becomes (struct tracepoint_SYS_EV *)arg0, whatever the clause. */
int dt_tp_args_event(struct dt_pcb *pcb, struct dt_node *n, const char *sys,
		     const char *ev);

#endif /* DT_TP_H */
