/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parse control block: one compilation of one D program, from
 * source text to checked AST, and the first error it met.
 */
#ifndef DT_PCB_H
#define DT_PCB_H

#include <stdio.h>
#include "dt_ast.h"

struct dt_options;
struct dt_frontend;
struct dt_enumc;

struct dt_pcb {
	/* input */
	const char	*pcb_src;	/* whole text, NUL-terminated */
	size_t		pcb_srclen;
	const char	*pcb_file;	/* -s: the script's name; NULL for -n */
	struct dt_options *pcb_opts;	/* #pragma D option sets these */
	int		pcb_argc;	/* $0..$N: macro arguments */
	char * const	*pcb_argv;
	bool		pcb_allow_empty_args; /* -x defaultargs */
	int		pcb_target;	/* $target: -c or -p's pid; 0: none */
	bool		pcb_child;	/* pcb_target is -c's */
	/* the language, pcb_fe[pcb_lang]: 0 D, 1 the command's other */
	uint8_t		pcb_lang;
	/* the languages (compile/dt_frontend.h) */
	const struct dt_frontend *const *pcb_fe;
	/*
	 * D text of a predicate to its tree, or NULL: for providers whose
	 * arguments are D expressions (dt_stable.c), in either language
	 */
	struct dt_node	*(*pcb_dpred)(struct dt_pcb *pcb, const char *text);

	/* the lexer's and parser's state */
	void		*pcb_scanner;
	size_t		pcb_off;	/* byte offset just past the last token */
	int		pcb_line, pcb_col;
	int		pcb_parens;	/* open '(' inside a predicate */
	int		pcb_bracks;	/* open '[' likewise */
	int		pcb_braces;	/* open '{' of if blocks in a body */
	int		pcb_nifs;	/* if statements lowered so far */
	struct dt_sou	*pcb_sou;	/* the struct being declared */
	int64_t		pcb_enumnext;	/* the next enumerator's value */
	bool		pcb_typedef;	/* in a typedef declaration */
	const struct dt_enumc *pcb_enumprev; /* p_enums before this enum */
	char		pcb_lasttok[64];/* for "syntax error near" */
	bool		pcb_eof;
	bool		pcb_inlib;	/* parsing a file of D's library */

	/* output */
	struct dt_program pcb_prog;
	uint32_t	pcb_nvars[3];	/* next id per scope */
	const char	*pcb_region;	/* "predicate", "action list" */
	bool		pcb_agglate;	/* dt_check's second look at printa */
	int		pcb_inlines;	/* inlines being expanded */
	size_t		pcb_inline_nodes;	/* nodes they made, bounded */
	struct dt_xlframe *pcb_xlating;	/* translations being resolved */
	const struct dt_clause *pcb_clause; /* being resolved: args' type */
	const struct dt_clause *pcb_tpclause;	/* whose tracepoint struct */
	const struct dt_sou *pcb_tpsou;		/* ... is this (dt_tp.c) */
	/* a language's own: its macros, freed with the pcb; its first loop */
	struct dt_node	*pcb_femacros;
	int		pcb_feloopline;	/* 0: none */
	void		*pcb_fescope;	/* what it records while parsing */
	char		*pcb_fewarn;	/* its warnings, the command prints */

	/* the first error */
	bool		pcb_failed;
	const char	*pcb_errtag;	/* D_SYNTAX, ... */
	const char	*pcb_errregion;
	int		pcb_errline, pcb_errcol;
	int		pcb_errlastcol;	/* where its token ends, if known */
	char		pcb_errmsg[1024];
};

/*
 * A pcb for src with no language yet: the command's dt_pcb_init( )
 * (dt_program.h) adds its languages; dt_pcb_fini( ) (dt_compile.h)
 * frees what a compilation made.
 */
void dt_pcb_setup(struct dt_pcb *pcb, const char *src, const char *file,
		  struct dt_options *opts);

/*
 * Line `line` (1-based) of pcb's text, *len its bytes without the
 * newline; NULL if the text has no such line.
 */
const char *dt_pcb_line(const struct dt_pcb *pcb, int line, size_t *len);

/* The strsize option the program compiles with (its default if unset). */
uint32_t dt_pcb_strsize(const struct dt_pcb *pcb);

#endif /* DT_PCB_H */
