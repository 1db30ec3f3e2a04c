/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An output format: what the consumer calls to print a record, an
 * aggregation and the end of tracing. The consumer (dt_consume.c)
 * decodes records, does the actions that print nothing (aggregating,
 * clear( ), trunc( ), normalize( ), setopt( )) and hands each printing
 * action to the format; a format reads values through dt_rec.h and
 * never calls back into the consumer.
 *
 *   dt_format_text      DTrace's output (dt_text.c)
 *   dt_format_json      -x oformat=json (dt_json.c)
 *   dt_format_folded    -x oformat=folded (dt_folded.h)
 *   dt_format_flame     -x oformat=flamegraph (dt_flame.h)
 *
 * and a language's own, which cmd/ picks (dt_run.c).
 */
#ifndef DT_FORMAT_H
#define DT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct dt_aggdata;
struct dt_consumer;
struct dt_ecb;
struct dt_out;

struct dt_format {
	const char	*fmt_name;
	/* Print records of clauses without actions even under -q. */
	bool		fmt_bare;
	/*
	 * A record prints as one piece (a JSON line): freopen( ) and
	 * ftruncate( ) act after it, not between its actions.
	 */
	bool		fmt_whole;
	/* Before tracing, once the probes are enabled (NULL: nothing). */
	void	(*fmt_start)(FILE *fp, unsigned int nprobes);
	/* A record that prints something: before its first action. */
	void	(*fmt_begin)(struct dt_consumer *c, int cpu,
			     uint32_t probe_id, bool quiet);
	/*
	 * One printing action: trace( ), printf( ), system( ), tracemem( ),
	 * stack( ), ustack( ), printa( ) (its aggregations are up to date).
	 * c->c_recouts counts those printed before it. 0 or -1.
	 */
	int	(*fmt_action)(struct dt_consumer *c, const uint8_t *data,
			      const struct dt_ecb *e, const struct dt_out *o);
	/*
	 * A fault's report is about to go to stderr: false to count it
	 * only (NULL: report each).
	 */
	bool	(*fmt_fault)(struct dt_consumer *c);
	/* After the record's last action. */
	void	(*fmt_end)(struct dt_consumer *c, bool quiet);
	/*
	 * Tracing stops, before the last records; interrupted: by SIGINT
	 * or SIGTERM (NULL: nothing).
	 */
	void	(*fmt_stop)(struct dt_consumer *c, bool interrupted);
	/* At the end, one aggregation printa( ) did not print: 0 or -1. */
	int	(*fmt_agg)(struct dt_consumer *c, struct dt_aggdata *d);
	/* At the end, instead of fmt_agg for each: 0 or -1. */
	int	(*fmt_aggs_end)(struct dt_consumer *c);
};

extern const struct dt_format dt_format_text, dt_format_json;

/* The text format's pieces, for formats that reuse them (dt_text.c). */
void dt_text_begin(struct dt_consumer *c, int cpu, uint32_t probe_id,
		   bool quiet);
int dt_text_action(struct dt_consumer *c, const uint8_t *data,
		   const struct dt_ecb *e, const struct dt_out *o);
void dt_text_end(struct dt_consumer *c, bool quiet);

#endif /* DT_FORMAT_H */
