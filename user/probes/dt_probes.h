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

/* -l: the heading and one line per probe, in DTrace's columns (-lv's
 * arguments: dt_providers_argtext()). */
void dt_probes_heading(FILE *fp);
void dt_probes_line(FILE *fp, const struct dtrace_probedesc *pd);

#endif /* DT_PROBES_H */
