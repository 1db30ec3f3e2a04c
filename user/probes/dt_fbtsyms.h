/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _DT_FBTSYMS_H
#define _DT_FBTSYMS_H

#include <stdbool.h>
#include <dtrace/dtrace_ioctl.h>

/*
 * Offer the fbt provider every traceable kernel function whose module
 * and name match the globs (NULL or "" matches all), through the open
 * device @fd. Returns 0 and how many the module accepted, or -errno.
 */
int dt_fbt_provide(int fd, const char *modpat, const char *funcpat,
		   unsigned int *accepted);

#endif /* _DT_FBTSYMS_H */
