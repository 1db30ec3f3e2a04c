/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command's half of a provider, as struct dtrace_provider_ops is the
 * module's: what it offers the module before a description is enabled
 * or listed, how a clause on its probes sees their arguments, and what
 * -lv says about them. Every hook may be NULL. dt_provider.c holds the
 * one table the command loops over, in the order offers are made (the
 * module numbers probes in that order).
 *
 * A new provider is one file that defines its struct dt_provider
 * dt_provider_NAME and one line X(NAME) in that table.
 */
#ifndef DT_PROVIDER_H
#define DT_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_pcb.h"

/* pv_args's idx for `args` unindexed; -1 is args[i], 0..9 argN. */
#define DT_ARGS_BARE	(-2)

/* A tracepoint event a description stands for (dt_tracefs_walk's). */
typedef int (*dt_tpevent_fn)(const char *sys, const char *ev, uint32_t id,
			     void *arg);

struct dt_provider {
	const char	*pv_name;
	/* The provider field -l offers without a description; NULL: none. */
	const char	*pv_listall;
	/*
	 * Offer the module what d may name. 0, or -1 with the description's
	 * error in err; failures that are not the description's are
	 * warnings (with -v).
	 */
	int	(*pv_offer)(int devfd, const struct dtrace_probedesc *d,
			    bool verbose, char *err, size_t errlen);
	/*
	 * Offer what all n descriptions of a command may name at once,
	 * before pv_offer is called for each: a provider whose reading is
	 * costly reads once here and its pv_offer skips what was offered.
	 * Errors are left to pv_offer.
	 */
	void	(*pv_offer_set)(int devfd, const struct dtrace_probedesc *d,
				size_t n, bool verbose);
	/* The trace events d stands for, each to fn; 0 if none are ours. */
	int	(*pv_events)(const struct dtrace_probedesc *d, dt_tpevent_fn fn,
			     void *arg);
	/*
	 * `args` (DT_ARGS_BARE), args[i] (-1) or argN (N) in a clause on
	 * this provider's probes: 0 rewritten, 1 not ours, -1 an error
	 * (reported).
	 */
	int	(*pv_args)(struct dt_pcb *pcb, struct dt_node *n, int idx);
	/* What the clause's probes add to its predicate: 0 or -1. */
	int	(*pv_pred)(struct dt_pcb *pcb, struct dt_clause *c);
	/* -lv: "Argument Types" lines for pd; how many (0: none). */
	int	(*pv_argtypes)(FILE *fp, const struct dtrace_probedesc *pd);
	/* -lv: what arg0.. hold, or NULL if pd is not this provider's. */
	const char *(*pv_argdoc)(const struct dtrace_probedesc *pd);
};

/* Where a probe fires, as its name says: fbt's, syscall's, uprobe's. */
enum dt_site { DT_SITE_OTHER, DT_SITE_ENTRY, DT_SITE_RETURN };
enum dt_site dt_probe_site(const char *name);

/*
 * Whether d's provider may exist: a glob, a known name or a pid/USDT
 * form; false is DTrace's compile-time "does not match any probes".
 */
bool dt_provider_known(const struct dtrace_probedesc *d);

/* The table, NULL-terminated. */
extern const struct dt_provider *const dt_providers[];

/* Every provider's offer, in order; the first error stops: -1 and err. */
int dt_providers_offer(int devfd, const struct dtrace_probedesc *d,
		       bool verbose, char *err, size_t errlen);
/* Every provider's pv_offer_set: the command's descriptions, once. */
void dt_providers_offer_set(int devfd, const struct dtrace_probedesc *d,
			    size_t n, bool verbose);
/* -l without descriptions: each provider offers all it has. */
void dt_providers_offer_all(int devfd, bool verbose);
/* pv_events of every provider: how many own d (0: none). */
int dt_providers_events(const struct dtrace_probedesc *d, dt_tpevent_fn fn,
			void *arg);
/* pv_args until one owns n: 0, 1 (nobody's), -1. */
int dt_providers_args(struct dt_pcb *pcb, struct dt_node *n, int idx);
/* Every pv_pred: 0 or -1. */
int dt_providers_pred(struct dt_pcb *pcb, struct dt_clause *c);
/* -lv: the arguments, after the probe's line. */
void dt_providers_argtext(FILE *fp, const struct dtrace_probedesc *pd);

#endif /* DT_PROVIDER_H */
