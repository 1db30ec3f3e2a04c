// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's -f json (-x oformat=bpftrace-json), an output format
 * (dt_format.h): one object a line as bpftrace 0.17 prints them,
 *
 *   {"type": "attached_probes", "data": {"probes": 1}}
 *   {"type": "printf", "data": "hi 42\n"}      also "time", "syscall"
 *   {"type": "map", "data": {"@c": 1}}         count, sum, min, max
 *   {"type": "map", "data": {"@k": {"1": 1, "a,b": 2}}}
 *   {"type": "map", "data": {"@t": {"1": [5,"a"]}}}  a map that is a D
 *                                                   global (bt_mapvar.h)
 *   {"type": "stats", "data": {"@a": 4}}       avg (sic)
 *   {"type": "stats", "data": {"@s": {"count": 2, "average": 15,
 *                                      "total": 30}}}
 *   {"type": "hist", "data": {"@h": [{"max": -1, "count": 1},
 *                                     {"min": 2, "max": 3, "count": 1}]}}
 *
 * The transcripts of Debian's bpftrace are the reference
 * (tests/d/bt-cli-json.sh): keys joined by ",", entries in text's
 * order, hist rows from the first to the last with a count, and two
 * bare newlines before the maps printed at exit, as bpftrace writes.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_agg.h"
#include "bt_json.h"
#include "bt_print.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_json.h"
#include "dt_rec.h"

static void dt_btj_attached(FILE *fp, unsigned int nprobes)
{
	/* 0.27 says the count twice */
	if (dt_bt_release >= 27)
		fprintf(fp, "{\"type\": \"attached_probes\", \"count\": %u, "
			"\"data\": {\"probes\": %u}}\n", nprobes, nprobes);
	else
		fprintf(fp, "{\"type\": \"attached_probes\", \"data\": "
			"{\"probes\": %u}}\n", nprobes);
	fflush(fp);
}

/* An entry's keys as bpftrace's JSON names them: "1", "a,b". */
static void dt_btj_key(FILE *fp, const struct dt_agg *a, const uint8_t *key,
		       struct dt_symtab *syms)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int i;

	if (m) {
		for (i = 0; i < a->a_nkeys; i++) {
			if (i)
				fputc(',', m);
			dt_bt_key(m, a, key, i, syms);
		}
		fclose(m);
	}
	dt_json_str(fp, buf ? buf : "", len);
	free(buf);
}

/* hist: quantize's 127 buckets as bpftrace's 65, as its text shows. */
static void dt_btj_hist(FILE *fp, const uint64_t *v, uint64_t div)
{
	uint64_t b[65] = { 0 };
	int i, first = -1, last = -1;
	bool comma = false;

	for (i = 0; i < DIF_AGG_QZERO; i++)
		b[0] += v[i];
	b[1] = v[DIF_AGG_QZERO];
	for (i = DIF_AGG_QZERO + 1; i < DIF_AGG_QBUCKETS; i++)
		b[i - DIF_AGG_QZERO + 1] = v[i];
	for (i = 0; i < 65; i++) {
		if (!b[i])
			continue;
		if (first < 0)
			first = i;
		last = i;
	}
	fputc('[', fp);
	for (i = first; first >= 0 && i <= last; i++, comma = true) {
		fputs(!comma ? "{" : dt_bt_release < 27 ? ", {" : ",{", fp);
		if (i == 0)
			fputs("\"max\": -1", fp);
		else if (i <= 2)
			fprintf(fp, "\"min\": %d, \"max\": %d", i - 1, i - 1);
		else
			fprintf(fp, "\"min\": %llu, \"max\": %llu",
				1ull << (i - 2), (1ull << (i - 1)) - 1);
		fprintf(fp, ", \"count\": %llu}",
			(unsigned long long)(b[i] / div));
	}
	fputc(']', fp);
}

/* lhist: "(..., low)" has only a max, "[high, ...)" only a min. */
static void dt_btj_lhist(FILE *fp, const struct dt_agg *a, const uint64_t *v)
{
	static int64_t lows[4100];
	uint32_t n = dt_agg_rows(a, lows, sizeof(lows) / sizeof(lows[0])), i;
	int64_t first = -1, last = -1;
	bool comma = false;

	for (i = 0; i < n; i++) {
		if (!v[i])
			continue;
		if (first < 0)
			first = i;
		last = i;
	}
	fputc('[', fp);
	for (i = (uint32_t)first; first >= 0 && i <= (uint32_t)last;
	     i++, comma = true) {
		int k = dt_agg_rowkind(a, i);

		fputs(!comma ? "{" : dt_bt_release < 27 ? ", {" : ",{", fp);
		if (k < 0)
			fprintf(fp, "\"max\": %lld", (long long)lows[0] - 1);
		else if (k > 0)
			fprintf(fp, "\"min\": %lld", (long long)lows[i]);
		else
			fprintf(fp, "\"min\": %lld, \"max\": %lld",
				(long long)lows[i], (long long)lows[i + 1] - 1);
		fprintf(fp, ", \"count\": %llu}", (unsigned long long)v[i]);
	}
	fputc(']', fp);
}

static void dt_btj_value(FILE *fp, const struct dt_aggdata *d,
			 const uint64_t *v, uint64_t div)
{
	const struct dt_agg *a = d->ad_def;

	switch (a->a_func) {
	case DTRACE_AGG_QUANTIZE:
		dt_btj_hist(fp, v, div);
		break;
	case DTRACE_AGG_LQUANTIZE:
	case DTRACE_AGG_LLQUANTIZE:
		dt_btj_lhist(fp, a, v);
		break;
	case DTRACE_AGG_COUNT:
		fprintf(fp, "%llu", (unsigned long long)(v[0] / div));
		break;
	case DTRACE_AGG_AVG:
		if (a->a_stats)
			fprintf(fp, "{\"count\": %lld, \"average\": %lld, "
				"\"total\": %lld}", (long long)v[0],
				(long long)dt_bt_avg(v), (long long)v[1]);
		else
			fprintf(fp, "%lld",
				(long long)(dt_bt_avg(v) / (int64_t)div));
		break;
	case DTRACE_AGG_STDDEV:
		fprintf(fp, "%lld", (long long)dt_agg_scalar(d, v));
		break;
	default:	/* sum, min, max */
		fprintf(fp, "%lld", (long long)((int64_t)v[0] / (int64_t)div));
		break;
	}
}

static const char *dt_btj_type(const struct dt_agg *a)
{
	if (dt_agg_ishist(a))
		return "hist";
	if (a->a_func == DTRACE_AGG_AVG || a->a_func == DTRACE_AGG_STDDEV)
		return "stats";
	return "map";
}

int dt_btj_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	uint64_t div = d->ad_normal ? d->ad_normal : 1;
	const struct dt_aggent **ents;
	size_t i;

	if (!d->ad_nents) {
		/* bpftrace keeps a count without keys from the start */
		if (a->a_func == DTRACE_AGG_COUNT && !a->a_nkeys)
			fprintf(fp, "{\"type\": \"map\", \"data\": "
				"{\"@%s\": 0}}\n", a->a_name);
		return ferror(fp) ? -1 : 0;
	}
	ents = dt_bt_sorted(d);
	if (!ents)
		return -1;
	/* a map's name is an identifier: nothing to escape */
	fprintf(fp, "{\"type\": \"%s\", \"data\": {\"@%s\": ",
		dt_btj_type(a), a->a_name);
	if (a->a_nkeys)
		fputc('{', fp);
	for (i = 0; i < d->ad_nents; i++) {
		if (a->a_nkeys) {
			if (i)
				fputs(", ", fp);
			dt_btj_key(fp, a, ents[i]->ae_key, syms);
			fputs(": ", fp);
		}
		dt_btj_value(fp, d, ents[i]->ae_val, div);
		if (!a->a_nkeys)
			break;
	}
	if (a->a_nkeys)
		fputc('}', fp);
	fputs("}}\n", fp);
	free(ents);
	return ferror(fp) ? -1 : 0;
}

/* One map: an aggregation, or bpftrace's map that is a D global. */
static int dt_btj_one(struct dt_consumer *c, struct dt_aggdata *d, bool print)
{
	if (!d->ad_def->a_isvar)
		return dt_btj_agg(c->c_out, d, &c->c_syms);
	return dt_bt_varmap(c, d, print, true);
}

static int dt_btj_exit_one(struct dt_consumer *c, struct dt_aggdata *d)
{
	return dt_btj_one(c, d, false);
}

/* At exit: two newlines, as bpftrace writes them, then every map. */
static int dt_btj_aggs_end(struct dt_consumer *c)
{
	return dt_bt_maps_at_exit(c, dt_btj_exit_one, true);
}

/* time( ) is printf's one %<fmt>T: bpftrace calls it "time". */
static bool dt_btj_istime(const struct dt_out *o)
{
	const struct dt_pfmt *f = o->o_fmt;

	return f && f->pf_nconv == 1 && f->pf_nsegs >= 1 &&
		f->pf_segs[0].ps_tfmt && !*f->pf_segs[0].ps_text &&
		(f->pf_nsegs == 1 || (f->pf_nsegs == 2 &&
				      !f->pf_segs[1].ps_conv &&
				      !*f->pf_segs[1].ps_text));
}

static int dt_btj_printf(struct dt_consumer *c, const uint8_t *data,
			 const struct dt_ecb *e, const struct dt_out *o)
{
	FILE *out = c->c_out, *mem;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	mem = open_memstream(&buf, &len);
	if (!mem)
		return -1;
	c->c_out = mem;
	rc = dt_rec_printf(c, data, e, o);
	c->c_out = out;
	fclose(mem);
	if (rc >= 0) {
		fprintf(out, "{\"type\": \"%s\", \"data\": ",
			o->o_kind == DT_OUT_SYSTEM ? "syscall" :
			dt_btj_istime(o) ? "time" : "printf");
		dt_json_str(out, buf ? buf : "", len);
		fputs("}\n", out);
	}
	free(buf);
	return rc < 0 ? -1 : 0;
}

static void dt_btj_none(struct dt_consumer *c, int cpu, uint32_t probe_id,
			bool quiet)
{
	(void)c;
	(void)cpu;
	(void)probe_id;
	(void)quiet;
}

static void dt_btj_end(struct dt_consumer *c, bool quiet)
{
	(void)c;
	(void)quiet;
}

static int dt_btj_action(struct dt_consumer *c, const uint8_t *data,
			 const struct dt_ecb *e, const struct dt_out *o)
{
	int i;

	switch (o->o_kind) {
	case DT_OUT_PRINTF:
	case DT_OUT_SYSTEM:
		return dt_btj_printf(c, data, e, o);
	case DT_OUT_PRINTA:
		for (i = 0; i < o->o_naggs; i++) {
			struct dt_aggdata *d = dt_aggs_of(c->c_aggs,
							  o->o_aggs[i]);

			if (!d || dt_btj_one(c, d, true))
				return -1;
		}
		return 0;
	default:
		/* the front end makes no other printing action */
		return dt_text_action(c, data, e, o);
	}
}

const struct dt_format dt_format_btjson = {
	.fmt_name	= "bpftrace-json",
	.fmt_start	= dt_btj_attached,
	.fmt_begin	= dt_btj_none,
	.fmt_action	= dt_btj_action,
	.fmt_end	= dt_btj_end,
	.fmt_aggs_end	= dt_btj_aggs_end,
};
