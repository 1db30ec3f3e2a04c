/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The consumer: decode the records of buffer snapshots, order them by
 * timestamp across CPUs, and print each as its clause says.
 *
 * A buffer is a sequence of records, each struct dtrace_rechdr then
 * de_recsize bytes of data (the clause's), 8-byte aligned; the EPID in
 * the header names the clause. Without -q a record prints as
 *
 *   CPU     ID                    FUNCTION:NAME
 *     0      1                           :BEGIN hello 42
 *
 * (the heading once, before the first record).
 */
#ifndef DT_CONSUME_H
#define DT_CONSUME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_enable.h"
#include "dt_probes.h"
#include "dt_probetab.h"
#include "dt_sym.h"

struct dt_crec;
struct dt_dvars;
struct dt_valext;

struct dt_consumer {
	FILE			*c_out;
	/*
	 * freopen( ): c_out is c_reopened (the consumer's, to close) until
	 * freopen("") makes it c_origout again, the output it started with.
	 */
	FILE			*c_origout;
	FILE			*c_reopened;
	bool			c_quiet;
	bool			c_heading;	/* printed already */
	bool			c_flow;		/* -F: flow indent */
	bool			c_rawbytes;	/* trace( ) strings as bytes */
	const struct dt_format	*c_fmt;		/* -x oformat (dt_format.h) */
	int			c_recouts;	/* printed of this record */
	pid_t			c_target;	/* -c/-p process, for %A */
	uint64_t		c_curts;	/* the printed record's time */
	int			c_indent;
	int			c_stackindent;	/* -x stackindent */
	const struct dt_epidtab	*c_epids;
	struct dt_probetab	*c_probes;
	struct dt_crec		*c_recs;	/* waiting to be printed */
	size_t			c_n, c_cap;
	uint64_t		c_seq;
	uint64_t		*c_drops;	/* per CPU, cumulative */
	bool			c_droptags;	/* -x droptags */
	int			c_ncpus;
	uint64_t		c_records;	/* printed so far */
	const struct dt_ecb	*c_errecb;	/* the ERROR handler's clause */
	FILE			*c_errfp;	/* where its reports go */
	uint64_t		c_nerrors;	/* reported so far */
	/* aggregations: printa( ) and friends bring them up to date first */
	struct dt_aggs		*c_aggs;	/* the totals (dt_agg.h) */
	int			(*c_aggsnap)(void *arg);
	void			*c_aggarg;
	bool			c_aggfresh;	/* snapped in this flush */
	/* what the program's language adds (dt_valext.h); NULL: none */
	const struct dt_valext	*c_ext;
	/*
	 * Names that stand for global variables (a_isvar): c_dvarsnap
	 * fills c_dvars (dt_dvars.h), after emptying variable clear - 1 if
	 * clear is not 0; printa( ), clear( ), trunc( ) and the exit call it.
	 */
	struct dt_dvars		*c_dvars;
	int			(*c_dvarsnap)(void *arg, uint32_t clear);
	void			*c_dvararg;
	struct dt_symtab	c_syms;		/* for stack( ), ustack( ) */
	/* setopt( ): 0, or -1 with why */
	int			(*c_setopt)(struct dt_consumer *c,
					    const char *name, const char *val,
					    const char **why);
	void			*c_setoptarg;
	/*
	 * A fault in probe context reported the caller's way instead of
	 * DTrace's: the faulting clause, its action (0:
	 * the predicate), the fault's words and address (0: none).
	 */
	void			(*c_fault)(void *arg, const struct dt_ecb *e,
					   int action, const char *fault,
					   uint64_t addr);
	void			*c_faultarg;
	char			c_err[256];
};

void dt_consumer_init(struct dt_consumer *c, FILE *out, bool quiet,
		      const struct dt_epidtab *epids,
		      struct dt_probetab *probes);
void dt_consumer_fini(struct dt_consumer *c);

/*
 * Take the records of one CPU's snapshot. Returns 0, or -1 with a
 * message in c_err (the records before the bad one are kept).
 */
int dt_consume_buf(struct dt_consumer *c, int cpu, const void *buf,
		   size_t len);

/* Print every record taken, oldest first. Returns 0 or -1 (write error). */
int dt_consume_flush(struct dt_consumer *c);

/* A CPU's cumulative drop count: report what is new, as DTrace does. */
/*
 * -x droptags: a drop report starts with DTrace's tag for its kind,
 * "[DTRACEDROP_PRINCIPAL] " (TAG without its prefix), or with nothing.
 */
const char *dt_droptag(bool on, const char *tag, char *buf, size_t size);
void dt_consume_drops(struct dt_consumer *c, int cpu, uint64_t drops,
		      FILE *err);

/*
 * The records of the ERROR handler (arg1..arg5 traced: EPID, action,
 * DIF offset, fault, address) become DTrace's error report:
 *
 *   dtrace: error on enabled probe ID 3 (ID 1: dtrace:::BEGIN):
 *   divide-by-zero in action #1 at DIF offset 4
 *
 * The module gives the probe that fired as arg0; if it is not known, the
 * enabling is named by its description.
 */
#define DT_ERROR_HANDLER "dtrace:::ERROR { trace(arg1); trace(arg2); " \
	"trace(arg3); trace(arg4); trace(arg5); trace(arg0); }"

/*
 * Tracing stops (interrupted: by SIGINT or SIGTERM), before the last
 * records are printed.
 */
void dt_consume_stop(struct dt_consumer *c, bool interrupted);

/* At the end: the aggregations printa( ) did not print, as DTrace. */
int dt_consume_aggs_end(struct dt_consumer *c);

/*
 * freopen(path): what is printed from now on is appended to path (made
 * if needed; relative to the working directory); "": to the output the
 * consumer started with again. A path that cannot be opened is reported
 * on stderr, as DTrace's run-time errors are, and the output stays where
 * it was. 0, or -1 if what was printed before could not be written.
 */
int dt_consume_freopen(struct dt_consumer *c, const char *path);

/*
 * ftruncate( ): the output, if it is a regular file, emptied and written
 * again from its start; any other output (a terminal, a pipe) is left
 * as it is. 0, or -1 as dt_consume_freopen( ).
 */
int dt_consume_ftruncate(struct dt_consumer *c);

/* Print one record (tests use this directly). */
int dt_consume_print(struct dt_consumer *c, int cpu, uint32_t probe_id,
		     const struct dt_ecb *e, const uint8_t *data);

#endif /* DT_CONSUME_H */
