/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DT_FBTSYMS_H
#define _DT_FBTSYMS_H

#include <stdbool.h>
#include <stddef.h>
#include <dtrace/dtrace_ioctl.h>

/* A description's module and function globs (NULL or "" matches all). */
struct dt_fbt_glob {
	const char	*fg_mod;
	const char	*fg_func;
};

/*
 * Offer the fbt provider every traceable kernel function that any of the
 * n glob pairs matches, through the open device @fd, reading kallsyms and
 * ftrace's list once for all of them. Returns 0 and how many the module
 * accepted, or -errno.
 */
int dt_fbt_provide(int fd, const struct dt_fbt_glob *g, size_t n,
		   unsigned int *accepted);

/* Each symbol dt_fbtsyms_scan() finds: 0 to go on, or -errno to stop. */
typedef int (*dt_fbtsym_fn)(const struct dtrace_fbt_sym *s, void *arg);

/*
 * dt_fbt_provide()'s reading: ftrace's function list filtered by the
 * globs, then kallsyms streamed past it (not read when nothing is
 * wanted), every text symbol of a wanted function to fn (each address of
 * a repeated name). NULL paths are the system's; tests give their own.
 * 0, or fn's or an -errno.
 */
int dt_fbtsyms_scan(const char *funcs, const char *kallsyms,
		    const struct dt_fbt_glob *g, size_t n, dt_fbtsym_fn fn,
		    void *arg);

#endif /* _DT_FBTSYMS_H */
