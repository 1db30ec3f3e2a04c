/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracepoint provider in the command: offering tracefs's events to
 * the module, and typing `args` in clauses on them.
 */
#ifndef DT_TP_H
#define DT_TP_H

#include <stdio.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_pcb.h"

/*
 * Offer the events a description may name (provider "tracepoint" or
 * empty, module = system, name = event). Returns how many the module
 * accepted, or -1 with errno (tracefs absent: 0).
 */
int dt_tp_provide(int devfd, const struct dtrace_probedesc *d);

/*
 * `args` bare in a clause whose probes are all tracepoints: rewrite @n
 * into (struct tracepoint_SYS_EVENT *)arg0, the struct typed from the
 * events' format files (the fields every matched event has alike).
 * Returns 0 if rewritten, 1 if the clause is not on tracepoints, -1 on
 * an error (reported).
 */
int dt_tp_args(struct dt_pcb *pcb, struct dt_node *n);
/* The same for one event's struct (SYS, EV), whatever the clause. */
int dt_tp_args_event(struct dt_pcb *pcb, struct dt_node *n, const char *sys,
		     const char *ev);

/* -lv: "args->NAME: TYPE" for each field; how many, or -1. */
int dt_tp_fields_print(FILE *fp, const char *sys, const char *ev);

#endif /* DT_TP_H */
