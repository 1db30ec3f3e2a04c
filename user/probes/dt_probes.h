/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe descriptions (provider:module:function:name, fields omitted from
 * the left, globs allowed) and the module's probe list.
 */
#ifndef DT_PROBES_H
#define DT_PROBES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <dtrace/dtrace_ioctl.h>

/*
 * Parse text into a pattern. Returns 0, or -1 with a message in err.
 * $N in a field is replaced by argv[N], $target by target (if not 0),
 * $pid and the other macro variables by their values.
 */
int dt_pdesc_parse(const char *text, struct dtrace_probedesc *pd,
		   int argc, char *const argv[], int target, char *err,
		   size_t errlen);

/* "provider:module:function:name" */
void dt_pdesc_str(const struct dtrace_probedesc *pd, char *buf, size_t len);

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

/* -l: the heading and one line per probe, in DTrace's columns (-lv's
 * arguments: dt_providers_argtext()). */
void dt_probes_heading(FILE *fp);
void dt_probes_line(FILE *fp, const struct dtrace_probedesc *pd);

#endif /* DT_PROBES_H */
