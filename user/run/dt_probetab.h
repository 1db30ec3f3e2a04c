/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module's probes, as the consumer and -l ask for them: by id, or
 * all that match a description.
 */
#ifndef DT_PROBETAB_H
#define DT_PROBETAB_H

#include <stddef.h>
#include <stdint.h>
#include <dtrace/dtrace_ioctl.h>

/* Probes by id, fetched from the module as records name them. */
struct dt_probetab {
	int			pt_fd;
	struct dtrace_probedesc	*pt_probes;	/* sorted by id */
	size_t			pt_n, pt_cap;
};

void dt_probetab_init(struct dt_probetab *pt, int fd);
void dt_probetab_fini(struct dt_probetab *pt);
/* Add a description (tests, or prefetching); keeps the table sorted. */
int dt_probetab_add(struct dt_probetab *pt, const struct dtrace_probedesc *pd);
/* The probe with this id, or NULL if the module does not know it. */
const struct dtrace_probedesc *dt_probetab_get(struct dt_probetab *pt,
					       uint32_t id);

/*
 * Every probe matching pat, in id order, to fn (stops early if fn
 * returns nonzero). Returns the count, or -1 with errno.
 */
int dt_probes_walk(int fd, const struct dtrace_probedesc *pat,
		   int (*fn)(const struct dtrace_probedesc *, void *),
		   void *arg);

#endif /* DT_PROBETAB_H */
