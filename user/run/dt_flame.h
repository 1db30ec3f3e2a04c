/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -x oformat=flamegraph: at the end, every aggregation as one
 * self-contained HTML flame graph, the stacks folded as -x
 * oformat=folded prints them (dt_folded.h). The page is
 * d3-flame-graph's own template (from npm, vendored by make flamegraph
 * with its licence), read from $DTRACE_FLAMEGRAPH, else
 * /usr/share/dtrace-linux/flamegraph.html, else build/flamegraph/ beside
 * the command; its "/ ** @flamegraph_json ** /" becomes the tree:
 *
 *   {"name":"all","value":0,"children":[{"name":"dd","value":0,
 *    "children":[...{"name":"vmlinux`vfs_read","value":12}]}]}
 *
 * value is a frame's own samples (the page sums the children). Records
 * print as text does, before the page: a script for this format prints
 * nothing else.
 */
#ifndef DT_FLAME_H
#define DT_FLAME_H

#include <stdio.h>

struct dt_aggs;
struct dt_symtab;
struct dt_format;

/*
 * The page: template (its text) with the aggregations' tree and
 * options in its placeholders. 0, or -1 with the reason in err.
 */
int dt_flame_write(FILE *fp, const char *template, struct dt_aggs *s,
		   struct dt_symtab *syms, char *err, size_t errlen);

extern const struct dt_format dt_format_flame;

#endif /* DT_FLAME_H */
