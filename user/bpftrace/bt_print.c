// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's output format (bt_print.h, dt_format.h). Widths, labels, bars, sorting
 * and blank lines were measured on Debian's bpftrace 0.17; the expected
 * files of tests/d/btout-* are its transcripts.
 */
#define _GNU_SOURCE	/* qsort_r */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_agg.h"
#include "bt_print.h"
#include "bt_value.h"
#include "bt_mapvar.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_options.h"
#include "dt_sym.h"

#define DT_BT_BAR	52	/* bar width */
#define DT_BT_HBUCKETS	65	/* hist: <0, 0, 1, then powers of 2 */

unsigned int dt_bt_release = DT_BTREL_DEFAULT;

void dt_bt_attaching(FILE *fp, unsigned int nprobes)
{
	if (dt_bt_release >= 24) {
		fprintf(stderr, "Attached %u probe%s\n", nprobes,
			nprobes == 1 ? "" : "s");
		return;
	}
	fprintf(fp, "Attaching %u probe%s...\n", nprobes,
		nprobes == 1 ? "" : "s");
	fflush(fp);
}

/* 2^power with a K, M, G or T suffix, as bpftrace labels hist rows. */
static void dt_bt_pow2(char *buf, size_t len, unsigned int power)
{
	static const char sfx[] = "\0KMGT";
	unsigned int s = power / 10 < 4 ? power / 10 : 4;

	snprintf(buf, len, "%llu%.1s", 1ull << (power - 10 * s), &sfx[s]);
}

void dt_bt_hist_label(char *buf, size_t len, unsigned int i)
{
	char lo[24], hi[24];

	if (i == 0) {
		snprintf(buf, len, "(..., 0)");
	} else if (i == 1) {
		snprintf(buf, len, "[0]");
	} else if (i == 2) {
		snprintf(buf, len, "[1]");
	} else {
		dt_bt_pow2(lo, sizeof(lo), i - 2);
		dt_bt_pow2(hi, sizeof(hi), i - 1);
		snprintf(buf, len, "[%s, %s)", lo, hi);
	}
}

void dt_bt_lhist_num(char *buf, size_t len, int64_t n)
{
	if (n != 0 && n % (1 << 20) == 0)
		snprintf(buf, len, "%lldM", (long long)(n / (1 << 20)));
	else if (n != 0 && n % 1024 == 0)
		snprintf(buf, len, "%lldK", (long long)(n / 1024));
	else
		snprintf(buf, len, "%lld", (long long)n);
}

/* In float, as bpftrace computes it: a bar is never rounded up. */
int dt_bt_bar(uint64_t count, uint64_t max)
{
	int w;

	if (!max)
		return 0;
	w = (int)((float)count / (float)max * DT_BT_BAR);
	return w < 0 ? 0 : w > DT_BT_BAR ? DT_BT_BAR : w;
}

static void dt_bt_row(FILE *fp, const char *label, uint64_t shown,
		      uint64_t count, uint64_t max)
{
	char bar[DT_BT_BAR + 1];
	int w = dt_bt_bar(count, max);

	memset(bar, '@', (size_t)w);
	bar[w] = '\0';
	fprintf(fp, "%-16s%8llu |%-*s|\n", label, (unsigned long long)shown,
		DT_BT_BAR, bar);
}

/* quantize's 127 buckets as hist's 65: every negative one in the first. */
static void dt_bt_hist(FILE *fp, const uint64_t *v, uint64_t div)
{
	uint64_t b[DT_BT_HBUCKETS] = { 0 }, max = 0;
	int i, first = -1, last = -1;
	char label[64];

	for (i = 0; i < DIF_AGG_QZERO; i++)
		b[0] += v[i];
	b[1] = v[DIF_AGG_QZERO];
	for (i = DIF_AGG_QZERO + 1; i < DIF_AGG_QBUCKETS; i++)
		b[i - DIF_AGG_QZERO + 1] = v[i];
	for (i = 0; i < DT_BT_HBUCKETS; i++) {
		if (b[i]) {
			if (first < 0)
				first = i;
			last = i;
		}
		if (b[i] > max)
			max = b[i];
	}
	for (i = first; first >= 0 && i <= last; i++) {
		dt_bt_hist_label(label, sizeof(label), (unsigned int)i);
		dt_bt_row(fp, label, b[i] / div, b[i], max);
	}
}

/*
 * lquantize (and llquantize) as lhist: the rows from the first to the
 * last with a count; the first row is "(..., low)", the last
 * "[high, ...)". lhist's counts are not divided by normalize( ).
 */
static void dt_bt_lhist(FILE *fp, const struct dt_agg *a, const uint64_t *v)
{
	static int64_t lows[4100];
	uint32_t n = dt_agg_rows(a, lows, sizeof(lows) / sizeof(lows[0])), i;
	uint64_t max = 0;
	int64_t first = -1, last = -1;
	char lo[32], hi[32], label[80];

	for (i = 0; i < n; i++) {
		if (v[i]) {
			if (first < 0)
				first = i;
			last = i;
		}
		if (v[i] > max)
			max = v[i];
	}
	for (i = (uint32_t)first; first >= 0 && i <= (uint32_t)last; i++) {
		if (dt_agg_rowkind(a, i) < 0) {
			dt_bt_lhist_num(lo, sizeof(lo), lows[0]);
			snprintf(label, sizeof(label), "(..., %s)", lo);
		} else if (dt_agg_rowkind(a, i) > 0) {
			dt_bt_lhist_num(lo, sizeof(lo), lows[i]);
			snprintf(label, sizeof(label), "[%s, ...)", lo);
		} else {
			dt_bt_lhist_num(lo, sizeof(lo), lows[i]);
			dt_bt_lhist_num(hi, sizeof(hi), lows[i + 1]);
			snprintf(label, sizeof(label), "[%s, %s)", lo, hi);
		}
		dt_bt_row(fp, label, v[i], v[i], max);
	}
}

/*
 * A stack key: a newline, a line per frame indented 4 (mode, in the
 * key's type, as dt_btval_stack( ) takes it); "" if empty.
 */
static void dt_bt_stack(FILE *fp, struct dt_symtab *syms, const uint8_t *w,
			uint32_t n, bool user, uint8_t sym)
{
	uint64_t pc = 0;
	int mode = sym >= DT_SYM_KSTACK ? (sym - DT_SYM_KSTACK) % 3 : 0;

	if (n > (uint32_t)user)
		memcpy(&pc, w + 8 * user, 8);
	if (pc)
		dt_btval_stack(fp, syms, w, n, user, mode, 4);
}

void dt_bt_key(FILE *fp, const struct dt_agg *a, const uint8_t *key, int i,
	       struct dt_symtab *syms)
{
	const struct dt_type *t = &a->a_keys[i];
	char buf[DTRACE_STRSIZE_MAX + 1], *p;
	int64_t v;

	if (a->a_keystack[i]) {
		dt_bt_stack(fp, syms, key + a->a_keyoff[i],
			    a->a_keysz[i] / 8, a->a_keystack[i] == 2, t->sym);
		return;
	}
	if (t->kind == DT_T_STRING) {
		fputs(dt_agg_keystr(a, key, i, buf, sizeof(buf)), fp);
		return;
	}
	v = dt_agg_keyint(a, key, i);
	if (DT_SYM_ISUSER(t->sym) && syms) {
		/* D's ufunc( ) and its like: pid and address, as D names */
		dt_sym_value(syms, t->sym, key + a->a_keyoff[i], buf,
			     sizeof(buf));
		fputs(buf, fp);
	} else if (t->sym >= DT_SYM_KSTACKID && t->sym < DT_SYM_KSTACKID + 3) {
		/* kstack as a value: its id (bt_value.h) */
		dt_btval_stackid(fp, syms, (uint64_t)v,
				 t->sym - DT_SYM_KSTACKID, 4);
	} else if (t->sym && syms) {
		/* ksym( ): the function's name alone */
		dt_sym_kernel_as(syms, t->sym == DT_SYM_MOD ?
				 DT_SYM_MOD : DT_SYM_FUNC, (uint64_t)v,
				 buf, sizeof(buf));
		p = t->sym == DT_SYM_MOD ? NULL : strchr(buf, '`');
		fputs(p ? p + 1 : buf, fp);
	} else if (t->is_signed) {
		fprintf(fp, "%lld", (long long)v);
	} else {
		fprintf(fp, "%llu", (unsigned long long)v);
	}
}

static void dt_bt_keys(FILE *fp, const struct dt_agg *a, const uint8_t *key,
		       struct dt_symtab *syms)
{
	int i;

	if (!a->a_nkeys)
		return;
	fputc('[', fp);
	for (i = 0; i < a->a_nkeys; i++) {
		if (i)
			fputs(", ", fp);
		dt_bt_key(fp, a, key, i, syms);
	}
	fputc(']', fp);
}

/* avg( ) and stats( ): bpftrace's integer average, 0 for no values. */
int64_t dt_bt_avg(const uint64_t *v)
{
	return v[0] ? (int64_t)v[1] / (int64_t)v[0] : 0;
}

/* As DTrace sorts, but by bpftrace's integer average. */
static long double dt_bt_sortval(const struct dt_agg *a,
				 const struct dt_aggent *e)
{
	if (a->a_func == DTRACE_AGG_AVG)
		return (long double)dt_bt_avg(e->ae_val);
	return dt_agg_sortval(a, e);
}

static int dt_bt_entcmp(const void *p, const void *q, void *arg)
{
	const struct dt_aggent *x = *(const struct dt_aggent *const *)p;
	const struct dt_aggent *y = *(const struct dt_aggent *const *)q;
	const struct dt_aggdata *d = arg;
	long double vx = dt_bt_sortval(d->ad_def, x);
	long double vy = dt_bt_sortval(d->ad_def, y);

	if (vx != vy)
		return vx < vy ? -1 : 1;
	return dt_agg_keycmp(d, x->ae_key, y->ae_key);
}

static void dt_bt_value(FILE *fp, const struct dt_aggdata *d,
			const uint64_t *v, uint64_t div)
{
	const struct dt_agg *a = d->ad_def;

	switch (a->a_func) {
	case DTRACE_AGG_COUNT:
		fprintf(fp, "%llu", (unsigned long long)(v[0] / div));
		break;
	case DTRACE_AGG_AVG:
		if (a->a_stats && dt_bt_release >= 27)
			fprintf(fp, "{ .count = %lld, .average = %lld, "
				".total = %lld }",
				(long long)v[0], (long long)dt_bt_avg(v),
				(long long)v[1]);
		else if (a->a_stats)
			fprintf(fp, "count %lld, average %lld, total %lld",
				(long long)v[0], (long long)dt_bt_avg(v),
				(long long)v[1]);
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

const struct dt_aggent **dt_bt_sorted(struct dt_aggdata *d)
{
	const struct dt_aggent **ents;
	size_t i;

	ents = malloc((d->ad_nents ? d->ad_nents : 1) * sizeof(*ents));
	if (!ents)
		return NULL;
	for (i = 0; i < d->ad_nents; i++)
		ents[i] = &d->ad_ents[i];
	qsort_r(ents, d->ad_nents, sizeof(*ents), dt_bt_entcmp, d);
	return ents;
}

int dt_bt_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	uint64_t div = d->ad_normal ? d->ad_normal : 1;
	bool hist = dt_agg_ishist(a);
	/* avg and stats end with a blank line, as bpftrace's did */
	bool blank = a->a_func == DTRACE_AGG_AVG && dt_bt_release < 27;
	const struct dt_aggent **ents;
	size_t i;

	if (!d->ad_nents) {
		/* bpftrace keeps a count without keys from the start */
		if (a->a_func == DTRACE_AGG_COUNT && !a->a_nkeys)
			fprintf(fp, "@%s: 0\n", a->a_name);
		else
			fputs(blank ? "\n\n" : "\n", fp);
		return ferror(fp) ? -1 : 0;
	}
	ents = dt_bt_sorted(d);
	if (!ents)
		return -1;
	for (i = 0; i < d->ad_nents; i++) {
		if (i)
			fputc('\n', fp);
		fprintf(fp, "@%s", a->a_name);
		dt_bt_keys(fp, a, ents[i]->ae_key, syms);
		fputs(!hist ? ": " : dt_bt_release < 23 ? ": \n" : ":\n", fp);
		if (a->a_func == DTRACE_AGG_QUANTIZE)
			dt_bt_hist(fp, ents[i]->ae_val, div);
		else if (hist)
			dt_bt_lhist(fp, a, ents[i]->ae_val);
		else
			dt_bt_value(fp, d, ents[i]->ae_val, div);
	}
	free(ents);
	fputs(blank ? "\n\n" : "\n", fp);
	return ferror(fp) ? -1 : 0;
}

int dt_bt_varmap(struct dt_consumer *c, struct dt_aggdata *d, bool print,
		 bool json)
{
	const struct dt_agg *a = d->ad_def;
	int64_t top = print ? d->ad_vartop : 0;

	d->ad_vartop = 0;
	if (!a->a_var || !c->c_dvars) {	/* never assigned, or no store */
		if (!json && dt_bt_release < 27)	/* 0.27: nothing */
			fputc('\n', c->c_out);
		return ferror(c->c_out) ? -1 : 0;
	}
	return (json ? dt_bt_var_json : dt_bt_var)(c->c_out, a, c->c_dvars,
			top, print && d->ad_normal > 1 ? d->ad_normal : 1,
			&c->c_syms);
}

/* One map: an aggregation, or bpftrace's map that is a D global. */
static int dt_bt_one(struct dt_consumer *c, struct dt_aggdata *d, bool print)
{
	if (!d->ad_def->a_isvar)
		return dt_bt_agg(c->c_out, d, &c->c_syms);
	return dt_bt_varmap(c, d, print, false);
}

static int dt_bt_namecmp(const void *p, const void *q)
{
	const struct dt_aggdata *x = *(const struct dt_aggdata *const *)p;
	const struct dt_aggdata *y = *(const struct dt_aggdata *const *)q;

	return strcmp(x->ad_def->a_name, y->ad_def->a_name);
}

int dt_bt_maps_at_exit(struct dt_consumer *c,
		       int (*one)(struct dt_consumer *, struct dt_aggdata *),
		       bool json)
{
	struct dt_aggdata **all;
	size_t n = c->c_aggs ? c->c_aggs->ag_n : 0, i;
	int rc = 0;

	if (!json || dt_bt_release < 27)
		fputs("\n\n", c->c_out);
	all = malloc((n ? n : 1) * sizeof(*all));
	if (!all)
		return -1;
	for (i = 0; i < n; i++)
		all[i] = &c->c_aggs->ag_data[i];
	qsort(all, n, sizeof(*all), dt_bt_namecmp);
	for (i = 0; i < n && !rc; i++) {
		/* 0.27 prints an empty map (a cleared one) by print( ) only */
		if (dt_bt_release >= 27 && !all[i]->ad_nents &&
		    !all[i]->ad_def->a_isvar)
			continue;
		rc = one(c, all[i]);
	}
	free(all);
	return rc || fflush(c->c_out) ? -1 : 0;
}

static int dt_bt_exit_one(struct dt_consumer *c, struct dt_aggdata *d)
{
	FILE *out = c->c_out;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (dt_bt_release < 27 || !d->ad_def->a_isvar)
		return dt_bt_one(c, d, false);
	/* 0.27 leaves out an empty map, which prints as a bare newline */
	c->c_out = open_memstream(&buf, &len);
	if (!c->c_out) {
		c->c_out = out;
		return -1;
	}
	rc = dt_bt_one(c, d, false);
	fclose(c->c_out);
	c->c_out = out;
	if (!rc && buf && strcmp(buf, "\n"))
		fputs(buf, out);
	free(buf);
	return rc;
}

static int dt_bt_aggs_end(struct dt_consumer *c)
{
	return dt_bt_maps_at_exit(c, dt_bt_exit_one, false);
}

/*
 * 0.27's print( ) of an aggregation with no entries (cleared, or never
 * filled): nothing for one with keys or a hist, the zero of a scalar one;
 * 0.17 printed a blank line. True when it is done here.
 */
static bool dt_bt_print_empty(struct dt_consumer *c,
			      const struct dt_aggdata *d)
{
	const struct dt_agg *a = d->ad_def;

	if (dt_bt_release < 27 || a->a_isvar || d->ad_nents)
		return false;
	if (a->a_nkeys || a->a_func == DTRACE_AGG_QUANTIZE ||
	    a->a_func == DTRACE_AGG_LQUANTIZE)
		return true;
	fprintf(c->c_out, a->a_stats ?
		"@%s: { .count = 0, .average = 0, .total = 0 }\n" :
		"@%s: 0\n", a->a_name);
	return true;
}

/*
 * Records print as in text (the format implies -q); printa(@x) without
 * a format prints as bpftrace's print(@x), and every aggregation prints
 * again at exit.
 */
static int dt_bt_action(struct dt_consumer *c, const uint8_t *data,
			const struct dt_ecb *e, const struct dt_out *o)
{
	int i;

	if (o->o_kind != DT_OUT_PRINTA || o->o_fmt)
		return dt_text_action(c, data, e, o);
	for (i = 0; i < o->o_naggs; i++) {
		struct dt_aggdata *d = dt_aggs_of(c->c_aggs, o->o_aggs[i]);

		if (!d)
			return -1;
		if (dt_bt_print_empty(c, d))
			continue;
		if (dt_bt_one(c, d, true))
			return -1;
	}
	return 0;
}

/*
 * bpftrace reads faulting memory as zeros (tcpdrop's NULL skb->sk)
 * where D stops the clause: in bpftrace's output, the first fault is a
 * warning and the others are only counted.
 */
static bool dt_bt_fault_once(struct dt_consumer *c)
{
	if (c->c_nerrors)
		return false;
	fprintf(stderr, "WARNING: a probe stopped at a fault (bpftrace "
		"would read zeros; later faults are not reported): ");
	return true;
}

const struct dt_format dt_format_bpftrace = {
	.fmt_name	= "bpftrace",
	.fmt_start	= dt_bt_attaching,
	.fmt_begin	= dt_text_begin,
	.fmt_action	= dt_bt_action,
	.fmt_fault	= dt_bt_fault_once,
	.fmt_end	= dt_text_end,
	.fmt_aggs_end	= dt_bt_aggs_end,
};
