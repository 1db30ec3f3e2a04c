/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's entry in cmd/ (dt_btargs.c): its command line (options
 * beside DTrace's, environment variables, usage, -l), and what cmd/
 * hands the layers below of it: options, formats, consumer hooks. The
 * rest of cmd/ reaches it through dt_cmdlang (dt_cmdlang.h); these are
 * for its tests.
 */
#ifndef DT_BTARGS_H
#define DT_BTARGS_H

#include <stdbool.h>

/* The command runs under a name ending in "bpftrace". */
bool dt_bt_argv0(const char *argv0);

/*
 * -x oformat=bpftrace and bpftrace-json, -x btrelease (dt_options.h):
 * registered before any option is read.
 */
void dt_bt_options(void);

#endif /* DT_BTARGS_H */
