/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command's state: program pieces in the order given (-n, -s, -P,
 * -m, -f), their compilations, and what running them needs.
 */
#ifndef DT_PROGRAM_H
#define DT_PROGRAM_H

#include <stdbool.h>
#include <stdio.h>

#include "dt_agg.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_enable.h"
#include "dt_options.h"
#include "dt_pcb.h"
#include "dt_probes.h"
#include "dt_probetab.h"
#include "dt_proc.h"

/*
 * A pcb for src in D, or in the command's other language once pcb_lang
 * is set (dt_langs.c); dt_pcb_fini( ) frees it.
 */
void dt_pcb_init(struct dt_pcb *pcb, const char *src, const char *file,
		 struct dt_options *opts);

struct dt_cmdlang;
struct dt_format;

struct dt_piece {
	char		p_kind;		/* the option: n s P m f i */
	const char	*p_arg;		/* its argument */
	char		*p_src;		/* D source */
	char		*p_name;	/* for "description 'NAME' matched" */
	struct dt_pcb	p_pcb;
	struct dt_cprog	p_cp;
	bool		p_compiled;
	bool		p_lang;		/* in the command's other language */
	uint32_t	p_matched;	/* probes enabled */
};

struct dt_cmd {
	struct dt_options c_opts;
	struct dt_piece	*c_pieces;
	int		c_npieces;
	bool		c_cpp, c_exec, c_list, c_disasm, c_verbose;
	const char	*c_outfile;
	const char	*c_cmdline;	/* -c */
	int		c_grabpid;	/* -p */
	struct dt_proc	c_proc;		/* $target */
	char		**c_cppargs;
	int		c_ncppargs;
	int		c_argc;		/* $1.. */
	char		**c_argv;
	char		**c_margv;	/* $0, $1, ... for one piece */
	/* running */
	int		c_fd;
	FILE		*c_out;
	struct dt_epidtab c_epids;
	struct dt_probetab c_probes;
	struct dt_agg	*c_aggs;	/* all pieces' @names (the last owns) */
	struct dt_aggs	c_totals;	/* the consumer's, from AGGDESC on */
	struct dt_piece	c_errpiece;	/* our dtrace:::ERROR handler */
	const struct dt_ecb *c_errecb;	/* its clause, if enabled */
	/* the other language's command line (dt_cmdlang.h) */
	const struct dt_cmdlang *c_lang;	/* in force, or NULL */
	bool		c_langlist;	/* -l in its names */
	const char	*c_langsearch;	/* -l's pattern, or NULL */
	bool		c_nostart;	/* its -q: the format says nothing
					 * before tracing */
	bool		c_langfmt;	/* its output format given */
	int		c_faultwarn;	/* faults as its warnings: cl_fault */
	int		c_langdump;	/* -d in its words, times: cl_dump */
	bool		c_nowarn;	/* no warnings */
	int		c_bufmode;	/* 1 + _IONBF, _IOLBF, _IOFBF; 0 */
	bool		c_outtrunc;	/* the output file is truncated */
	uint32_t	c_maxprobes;	/* the most probes it enables; 0: no
					 * limit */
};

/* The format -x oformat chose: D's text or JSON, or the language's. */
const struct dt_format *dt_cmd_format(const struct dt_cmd *cmd);

/* The whole command: arguments to exit status (dt_args.c). */
int dt_cmd_main(int argc, char **argv);

void dt_cmd_init(struct dt_cmd *cmd);
void dt_cmd_fini(struct dt_cmd *cmd);
int dt_cmd_piece(struct dt_cmd *cmd, char kind, const char *arg);
int dt_cmd_cppopt(struct dt_cmd *cmd, char opt, const char *arg);

/* Compile every piece; print the first error. 0 or -1. */
int dt_cmd_compile(struct dt_cmd *cmd);
/* Everything after option parsing; returns the exit status. */
int dt_cmd_run(struct dt_cmd *cmd);

/* The consumer loop (dt_run.c): GO to exit; returns the exit status. */
int dt_cmd_trace(struct dt_cmd *cmd);
/* SIGINT, SIGTERM, SIGHUP, SIGPIPE from now on stop tracing (dt_run.c). */
void dt_cmd_catch_signals(void);

#endif /* DT_PROGRAM_H */
