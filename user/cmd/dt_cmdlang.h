/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command's other language's command side: what cmd/ asks of a
 * language beside D, whose compiler side is its struct dt_frontend
 * (pcb_fe[1]). Its command line (under --NAME, or run under a name it
 * claims), its -l, its -d, its start of tracing and its consumer hooks.
 * dt_cmdlang is its entry's (dt_btargs.c), NULL in a build with no other
 * language (tests/unit/dt_nobt.c); cmd->c_lang is it while its command
 * line is in force, NULL for DTrace's. The other files of cmd/ reach it
 * only through this. Every hook may be NULL.
 */
#ifndef DT_CMDLANG_H
#define DT_CMDLANG_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dt_options.h"
#include "dt_program.h"

/* getopt_long's value of --NAME; its long options without a letter */
#define DT_OPT_LANG	256
#define DT_OPT_LANGOWN	300	/* and up: illegal in DTrace's command line */

struct dt_cprog;
struct dt_ecb;
struct dt_format;
struct dt_valext;
struct dtrace_probedesc;

struct dt_cmdlang {
	const char	*cl_name;	/* --NAME turns its command line on */
	/* its -x values (oformat=NAME, its release), before any option */
	const struct dt_optlang *cl_optlang;
	/* oformat=NAME, NAME-json: [o_json] (o_fmtlang) */
	const struct dt_format *cl_fmt[2];
	/* what the consumer reads of its programs (run/dt_valext.h) */
	const struct dt_valext *cl_valext;
	/* its paragraph at the end of dtrace --help */
	const char	*cl_help;
	/* its letters (getopt( )'s string), its long options (DT_OPT_LANG
	 * for --NAME, DT_OPT_LANGOWN and up, NULL-ended; in DTrace's
	 * command line too, to name them) */
	const char	*cl_letters;
	const struct option *cl_longopts;

	/* The command runs under a name that is the language's. */
	bool	(*cl_argv0)(const char *argv0);
	/* Its environment variables, before the options: 0, -1 (printed). */
	int	(*cl_env)(struct dt_cmd *cmd);
	/* One option of its command line: 0, -1 (printed), 1 (not one). */
	int	(*cl_opt)(struct dt_cmd *cmd, int c, const char *arg);
	/* -h, --help in its command line. */
	void	(*cl_usage)(FILE *fp, const char *argv0);
	/*
	 * After the options, the operands av[*optindp, *argcp) and the
	 * pieces: which pieces are in the language (p_lang), its program
	 * operand, the operands that are its own; 0, -1 (printed).
	 */
	int	(*cl_operands)(struct dt_cmd *cmd, int *optindp, int *argcp,
			       char **argv);

	/* -l in its names (c_langlist) without descriptions: exit status */
	int	(*cl_list)(struct dt_cmd *cmd);
	/* -l in its names of one probe a description matched: 1, or 0
	 * where it has no name for it */
	int	(*cl_listone)(FILE *fp, const struct dtrace_probedesc *pd,
			      bool verbose);
	/* -d (c_langdump): a compiled piece in its words */
	void	(*cl_dump)(FILE *fp, const struct dt_cprog *cp);
	/*
	 * A description of one of its pieces matched no probe (str: as
	 * printed): true if the language skips it (having warned as it
	 * does), false for D's error.
	 */
	bool	(*cl_skip)(struct dt_cmd *cmd, const struct dtrace_probedesc *d,
			   const char *str);
	/*
	 * Before tracing, whatever the pieces' language, nprobes enabled:
	 * 0, or -1 (printed) to refuse.
	 */
	int	(*cl_start)(struct dt_cmd *cmd, uint64_t nprobes);
	/* A fault in probe context with c_faultwarn (struct dt_consumer) */
	void	(*cl_fault)(void *arg, const struct dt_ecb *e, int action,
			    const char *fault, uint64_t addr);
};

extern const struct dt_cmdlang *const dt_cmdlang;

/* Its -x values are option values from now on (lang/dt_options.h). */
static inline void dt_cmdlang_options(void)
{
	dt_options_lang(dt_cmdlang ? dt_cmdlang->cl_optlang : NULL);
}

#endif /* DT_CMDLANG_H */
