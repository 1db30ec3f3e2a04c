/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's entry in cmd/ (dt_btargs.c): its command line (options
 * beside DTrace's, environment variables, usage, -l), and what cmd/
 * hands the layers below of it: options, formats, consumer hooks.
 */
#ifndef DT_BTARGS_H
#define DT_BTARGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dt_program.h"

/* bpftrace's long options without a letter, as getopt_long returns them */
enum {
	DT_BTOPT_INCLUDE = 300, DT_BTOPT_DRYRUN, DT_BTOPT_NOWARN,
	DT_BTOPT_INFO, DT_BTOPT_USDTFILE, DT_BTOPT_EMIT,
};

/* The command runs under a name ending in "bpftrace". */
bool dt_bt_argv0(const char *argv0);

void dt_bt_usage(FILE *fp, const char *name);

/* One of bpftrace's options: 0, -1 (an error, printed), 1 (not one). */
int dt_bt_opt(struct dt_cmd *cmd, int c, const char *arg);

/*
 * The operands av[0, n): bpftrace's named parameters (--name[=value],
 * getopt( )'s) taken out; the count of the others, kept in order.
 */
int dt_bt_named(char **av, int n);

/* The BPFTRACE_* variables: 0, or -1 (an error, printed). */
int dt_bt_env(struct dt_cmd *cmd);

/* -k: a fault in probe context, as a warning at its statement. */
struct dt_ecb;
void dt_bt_fault(void *arg, const struct dt_ecb *e, int action,
		 const char *fault, uint64_t addr);

/* -l [SEARCH] in bpftrace's names: the exit status. */
int dt_bt_list(struct dt_cmd *cmd);

/*
 * The consumer's side of the languages: the output format -x oformat
 * chose (json and bpftrace: bpftrace's JSON), and what a program with
 * bpftrace pieces adds to the consumer (dt_valext.h).
 */
struct dt_format;
struct dt_valext;
const struct dt_format *dt_format_pick(bool json, bool bpftrace);
const struct dt_valext *dt_bt_valext(void);

/*
 * -x oformat=bpftrace and bpftrace-json, -x btrelease (dt_options.h):
 * registered before any option is read.
 */
void dt_bt_options(void);

#endif /* DT_BTARGS_H */
