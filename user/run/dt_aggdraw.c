// SPDX-License-Identifier: GPL-2.0
/*
 * Drawing aggregations, as illumos' consumer draws them (dt_aggdraw.h).
 */
#include <math.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_agg.h"
#include "dt_aggdraw.h"
#include "dt_sym.h"

#define DT_BAR_WIDTH	40
#define DT_ZOOM_MAX	0.95	/* illumos' height of the tallest bar */

/* A block glyph of Unicode's U+2580 range, in UTF-8. */
static void dt_put_block(FILE *fp, unsigned int cp)
{
	fputc(0xe0 | (cp >> 12), fp);
	fputc(0x80 | ((cp >> 6) & 0x3f), fp);
	fputc(0x80 | (cp & 0x3f), fp);
}

static void dt_put_n(FILE *fp, int c, int n)
{
	while (n-- > 0)
		fputc(c, fp);
}

void dt_bar_total(long double *total, int64_t v, bool zoom)
{
	long double m = fabsl((long double)v);

	if (!zoom) {
		*total += m;
		return;
	}
	m *= 1 / DT_ZOOM_MAX;
	if (*total < m)
		*total = m;
}

/* encoding=utf8: whole blocks, then one of eighths (U+2589-U+258F). */
static void dt_bar_utf8(FILE *fp, int64_t val, long double total)
{
	long double f = fabsl((long double)val) * DT_BAR_WIDTH / total;
	unsigned int whole = (unsigned int)f, i;
	unsigned int part = (unsigned int)((f - whole) * 8);

	if (whole > DT_BAR_WIDTH)
		whole = DT_BAR_WIDTH;
	fputc('|', fp);
	for (i = 0; i < whole; i++)
		dt_put_block(fp, 0x2588);
	if (part && i < DT_BAR_WIDTH) {
		dt_put_block(fp, 0x258f - (part - 1));
		i++;
	}
	dt_put_n(fp, ' ', DT_BAR_WIDTH - (int)i);
}

void dt_bar_line(FILE *fp, int64_t val, uint64_t normal, long double total,
		 int signs, bool utf8)
{
	int width = signs == (DT_QROW_POS | DT_QROW_NEG) ? DT_BAR_WIDTH / 2 :
		    DT_BAR_WIDTH, depth = 0;

	if (total > 0 && signs)
		depth = (int)(fabsl((long double)val) * width / total + 0.5);
	if (depth > width)
		depth = width;
	if (!(signs & DT_QROW_NEG)) {
		if ((signs & DT_QROW_POS) && utf8 && total > 0) {
			dt_bar_utf8(fp, val, total);
		} else {
			fputc('|', fp);
			dt_put_n(fp, '@', depth);
			dt_put_n(fp, ' ', width - depth);
		}
	} else if (!(signs & DT_QROW_POS)) {
		dt_put_n(fp, ' ', width - depth);
		dt_put_n(fp, '@', depth);
		fputc('|', fp);
	} else if (val <= 0) {
		/* the centre line; each value on its own side of it */
		dt_put_n(fp, ' ', width - depth);
		dt_put_n(fp, '@', depth);
		fputc('|', fp);
		dt_put_n(fp, ' ', width);
	} else {
		dt_put_n(fp, ' ', width);
		fputc('|', fp);
		dt_put_n(fp, '@', depth);
		dt_put_n(fp, ' ', width - depth);
	}
	fprintf(fp, " %-9lld\n", (long long)(val / (int64_t)normal));
}

/* The number row i is labelled with (its lower bound). */
static int64_t dt_row_low(const struct dt_agg *a, uint32_t i)
{
	return dif_agg_bucket_low(a->a_func, a->a_params, i);
}

void dt_agg_hist(FILE *fp, const struct dt_agg *a, const uint64_t *v,
		 uint64_t normal, const struct dt_aggview *av)
{
	uint32_t n = a->a_valsize / 8, i, first = 0, last = n - 1;
	long double total = 0;
	int signs = 0;
	char label[48];

	if (!n)
		return;
	while (first < n && !v[first])
		first++;
	if (first == n) {
		/* nothing (cleared, or increments that cancel): rows near 0 */
		first = a->a_func == DTRACE_AGG_QUANTIZE ? DIF_AGG_QZERO - 1 : 0;
		last = a->a_func == DTRACE_AGG_QUANTIZE ? DIF_AGG_QZERO + 1 :
		       a->a_func == DTRACE_AGG_LQUANTIZE ? 2 : 1;
		if (last > n - 1)
			last = n - 1;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && !v[last])
			last--;
		if (last < n - 1)
			last++;
	}
	for (i = first; i <= last; i++) {
		signs |= (int64_t)v[i] > 0 ? DT_QROW_POS :
			 (int64_t)v[i] < 0 ? DT_QROW_NEG : 0;
		dt_bar_total(&total, (int64_t)v[i], av && av->av_zoom);
	}
	fprintf(fp, "\n%16s %41s %-9s\n", "value",
		"------------- Distribution -------------", "count");
	for (i = first; i <= last; i++) {
		snprintf(label, sizeof(label), "%s%lld",
			 dt_agg_rowkind(a, i) < 0 ? "< " :
			 dt_agg_rowkind(a, i) > 0 ? ">= " : "",
			 (long long)dt_row_low(a, i));
		fprintf(fp, "%16s ", label);
		dt_bar_line(fp, (int64_t)v[i], normal, total, signs,
			    av && av->av_utf8);
	}
}

int dt_agg_packwidth(const struct dt_agg *a)
{
	static const int width[] = { [1] = 3, [2] = 5, [4] = 8, [8] = 16 };
	int i, w = 0;

	for (i = 0; i < a->a_nkeys; i++) {
		int k = 16;	/* strings and stacks */

		if (!a->a_keystack[i] && a->a_keys[i].kind != DT_T_STRING &&
		    a->a_keys[i].size <= 8 && width[a->a_keys[i].size])
			k = width[a->a_keys[i].size];
		w += k + 1;
	}
	return w;
}

void dt_agg_histhdr(FILE *fp, int width)
{
	fprintf(fp, "\n%*s %41s %-9s\n", width ? width : 16,
		width ? "key" : "value",
		"------------- Distribution -------------", "count");
}

void dt_agg_packrange(const struct dt_aggdata *d, uint32_t *lo, uint32_t *hi)
{
	const struct dt_agg *a = d->ad_def;
	uint32_t n = a->a_valsize / 8, i;
	size_t e;
	bool any = false;

	*lo = 0;
	*hi = n - 1;
	if (a->a_func != DTRACE_AGG_QUANTIZE)
		return;
	for (e = 0; e < d->ad_nents; e++) {
		for (i = 0; i < n; i++) {
			if (!d->ad_ents[e].ae_val[i])
				continue;
			if (!any || i < *lo)
				*lo = i;
			if (!any || i > *hi)
				*hi = i;
			any = true;
		}
	}
	if (!any)
		*lo = *hi = DIF_AGG_QZERO;
	/* one row below, unless the used ones start at 0, and one above */
	if (*lo != 0 && *lo != DIF_AGG_QZERO)
		(*lo)--;
	if (*hi < n - 1)
		(*hi)++;
}

/* The digits of v, at least 4, as illumos counts them (10 is 1 digit). */
static int dt_ndigits(long long v)
{
	long long cmp = 10;
	int n = 1;

	if (v < 0) {
		v = v == INT64_MIN ? INT64_MAX : -v;
		n++;
	}
	while (v > cmp && cmp > 0) {
		n++;
		cmp = cmp > INT64_MAX / 10 ? -1 : cmp * 10;
	}
	return n < 4 ? 4 : n;
}

void dt_agg_packhdr(FILE *fp, const struct dt_agg *a, int width, uint32_t lo,
		    uint32_t hi)
{
	int minw = 7, maxw = 8;

	if (a->a_func == DTRACE_AGG_QUANTIZE) {
		minw = dt_ndigits(dt_row_low(a, lo));
		maxw = dt_ndigits(dt_row_low(a, hi));
	}
	fprintf(fp, "\n%*s %*s .", width, width > 0 ? "key" : "", minw,
		"min");
	dt_put_n(fp, '-', (int)(hi - lo + 1));
	fprintf(fp, ". %*s | count\n", -maxw, "max");
}

/* A bucket in one glyph: its height among the row's. */
static void dt_pack_glyph(FILE *fp, int64_t v, long double total, bool utf8)
{
	static const char ascii[] = "__xxxxXX", neg[] = "vvvvVV";
	unsigned int i;

	if (v == 0 || total <= 0) {
		fputc(' ', fp);
		return;
	}
	if (v < 0) {
		i = (unsigned int)(fabsl((long double)v * (sizeof(neg) - 2)) /
				   total + 0.5);
		fputc(neg[i < sizeof(neg) - 1 ? i : sizeof(neg) - 2], fp);
		return;
	}
	i = (unsigned int)((long double)v * (sizeof(ascii) - 2) / total + 0.5);
	if (i > sizeof(ascii) - 2)
		i = sizeof(ascii) - 2;
	if (utf8)
		dt_put_block(fp, 0x2581 + i);
	else
		fputc(ascii[i], fp);
}

void dt_agg_packrow(FILE *fp, const struct dt_agg *a, const uint64_t *v,
		    uint32_t lo, uint32_t hi, const struct dt_aggview *av)
{
	int64_t first = dt_row_low(a, lo), last = dt_row_low(a, hi), count = 0;
	long double total = 0;
	char c[32];
	uint32_t i;

	if (a->a_func == DTRACE_AGG_QUANTIZE) {
		fprintf(fp, " %*lld :", dt_ndigits(first), (long long)first);
	} else {
		snprintf(c, sizeof(c), "< %lld", (long long)first);
		fprintf(fp, "%8s :", c);
	}
	for (i = lo; i <= hi; i++) {
		dt_bar_total(&total, (int64_t)v[i], av->av_zoom);
		count += (int64_t)v[i];
	}
	for (i = lo; i <= hi; i++)
		dt_pack_glyph(fp, (int64_t)v[i], total, av->av_packutf8);
	if (a->a_func == DTRACE_AGG_QUANTIZE) {
		fprintf(fp, ": %*lld | %lld\n", -dt_ndigits(last),
			(long long)last, (long long)count);
	} else {
		snprintf(c, sizeof(c), ">= %lld", (long long)last);
		fprintf(fp, ": %-8s | %lld\n", c, (long long)count);
	}
}

struct dt_frames {
	FILE	*fp;
	int	indent;
};

static void dt_frame_line(void *arg, const char *frame)
{
	struct dt_frames *f = arg;

	fprintf(f->fp, "%*s%s\n", f->indent, "", frame);
}

void dt_print_frames(FILE *fp, struct dt_symtab *syms, const void *words,
		     uint32_t n, bool user, int indent)
{
	struct dt_frames f = { fp, indent };

	dt_sym_stack(syms, words, n, user, dt_frame_line, &f);
}
