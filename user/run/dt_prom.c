// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations as OpenMetrics text (dt_prom.h).
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_folded.h"
#include "dt_prom.h"
#include "dt_sym.h"

/* The length of a well-formed UTF-8 sequence at s, or 0. */
static size_t dt_prom_utf8(const unsigned char *s, size_t len)
{
	size_t n, i;
	uint32_t cp;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	if (n > len)
		return 0;
	cp = s[0] & (0x7f >> n);
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong, surrogates, past U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

void dt_prom_labelval(FILE *fp, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, n;

	fputc('"', fp);
	while (i < len && u[i]) {
		n = u[i] < 0x80 ? 1 : dt_prom_utf8(u + i, len - i);
		if (u[i] == '\\' || u[i] == '"') {
			fputc('\\', fp);
			fputc(u[i++], fp);
		} else if (u[i] == '\n') {
			fputs("\\n", fp);
			i++;
		} else if (u[i] < 0x80) {
			fputc(u[i++], fp);
		} else if (n) {
			fwrite(u + i, 1, n, fp);
			i += n;
		} else {
			fputs("\xef\xbf\xbd", fp);	/* U+FFFD */
			i++;
		}
	}
	fputc('"', fp);
}

/* A metric name keeps [A-Za-z0-9_:]; anything else becomes '_'. */
static void dt_prom_name(FILE *fp, const char *name)
{
	fputs("dtrace_agg", fp);
	if (*name)
		fputc('_', fp);
	for (; *name; name++)
		fputc((*name >= 'a' && *name <= 'z') ||
		      (*name >= 'A' && *name <= 'Z') ||
		      (*name >= '0' && *name <= '9') || *name == '_' ?
		      *name : '_', fp);
}

/*
 * Key i's label name as the script wrote it, or NULL for keyN: also
 * when an earlier key has the name, or the name is a keyN another
 * key would take.
 */
static const char *dt_prom_keyname(const struct dt_agg *a, int i)
{
	const char *name = a->a_keyname[i];
	int j;

	if (!name[0] || (!strncmp(name, "key", 3) &&
			 strspn(name + 3, "0123456789") == strlen(name + 3)))
		return NULL;
	for (j = 0; j < i; j++)
		if (!strcmp(a->a_keyname[j], name))
			return NULL;
	return name;
}

/* The labels of an entry, and extra ("le=..."), or nothing. */
static void dt_prom_labels(FILE *fp, const struct dt_aggdata *d,
			   const uint8_t *key, struct dt_symtab *syms,
			   const char *extra)
{
	const struct dt_agg *a = d->ad_def;
	char buf[DTRACE_STRSIZE_MAX + 1];
	int i;

	if (!a->a_nkeys && !extra)
		return;
	fputc('{', fp);
	for (i = 0; i < a->a_nkeys; i++) {
		const char *name = dt_prom_keyname(a, i);

		if (name)
			fprintf(fp, "%s%s=", i ? "," : "", name);
		else
			fprintf(fp, "%skey%d=", i ? "," : "", i);
		if (a->a_keystack[i]) {
			char *mem = NULL;
			size_t len = 0;
			FILE *m = open_memstream(&mem, &len);

			if (m) {
				dt_folded_stack(m, syms, key + a->a_keyoff[i],
						a->a_keysz[i] / 8,
						a->a_keystack[i] == 2);
				fclose(m);
			}
			dt_prom_labelval(fp, mem ? mem : "", mem ? len : 0);
			free(mem);
		} else {
			dt_prom_labelval(fp, dt_agg_keytext(a, key, i, syms,
							    buf, sizeof(buf)),
					 sizeof(buf));
		}
	}
	if (extra)
		fprintf(fp, "%s%s", a->a_nkeys ? "," : "", extra);
	fputc('}', fp);
}

/*
 * The largest integer row i holds: the next row's low less one, except
 * quantize( )'s negative rows, labelled by their value nearest zero.
 */
static int64_t dt_prom_rowmax(const struct dt_agg *a, const int64_t *lows,
			      uint32_t i)
{
	if (a->a_func == DTRACE_AGG_QUANTIZE && lows[i] < 0)
		return lows[i];
	return lows[i + 1] - 1;
}

static void dt_prom_hist(FILE *fp, const struct dt_aggdata *d,
			 const struct dt_aggent *e, struct dt_symtab *syms)
{
	static int64_t lows[4100];
	const struct dt_agg *a = d->ad_def;
	uint64_t normal = d->ad_normal ? d->ad_normal : 1, cum = 0, c;
	uint32_t n, i;
	long double sum = 0;
	char le[48];

	n = dt_agg_rows(a, lows, sizeof(lows) / sizeof(lows[0]));

	for (i = 0; i < n; i++) {
		c = e->ae_val[i] / normal;
		cum += c;
		sum += (long double)lows[i] * c;
		if (i + 1 < n)
			snprintf(le, sizeof(le), "le=\"%lld\"",
				 (long long)dt_prom_rowmax(a, lows, i));
		else
			snprintf(le, sizeof(le), "le=\"+Inf\"");
		dt_prom_name(fp, a->a_name);
		fputs("_bucket", fp);
		dt_prom_labels(fp, d, e->ae_key, syms, le);
		fprintf(fp, " %llu\n", (unsigned long long)cum);
	}
	dt_prom_name(fp, a->a_name);
	fputs("_count", fp);
	dt_prom_labels(fp, d, e->ae_key, syms, NULL);
	fprintf(fp, " %llu\n", (unsigned long long)cum);
	dt_prom_name(fp, a->a_name);
	fputs("_sum", fp);
	dt_prom_labels(fp, d, e->ae_key, syms, NULL);
	fprintf(fp, " %.0Lf\n", sum);
}

static const char *dt_prom_type(const struct dt_agg *a)
{
	if (dt_agg_ishist(a))
		return "histogram";
	return a->a_func == DTRACE_AGG_COUNT || a->a_func == DTRACE_AGG_SUM ?
		"counter" : "gauge";
}

/* One family; returns the entries left out. */
static size_t dt_prom_agg(FILE *fp, struct dt_aggdata *d,
			  struct dt_symtab *syms, uint32_t maxseries)
{
	const struct dt_agg *a = d->ad_def;
	bool counter = !strcmp(dt_prom_type(a), "counter");
	size_t i, from;

	fputs("# TYPE ", fp);
	dt_prom_name(fp, a->a_name);
	fprintf(fp, " %s\n# HELP ", dt_prom_type(a));
	dt_prom_name(fp, a->a_name);
	/* names are identifiers: nothing of HELP's to escape */
	fprintf(fp, " DTrace aggregation @%s = %s()\n", a->a_name,
		dt_agg_funcname(a->a_func));
	dt_agg_sort(d);
	from = d->ad_nents > maxseries ? d->ad_nents - maxseries : 0;
	for (i = from; i < d->ad_nents; i++) {
		const struct dt_aggent *e = &d->ad_ents[i];

		if (dt_agg_ishist(a)) {
			dt_prom_hist(fp, d, e, syms);
			continue;
		}
		dt_prom_name(fp, a->a_name);
		if (counter)
			fputs("_total", fp);
		dt_prom_labels(fp, d, e->ae_key, syms, NULL);
		fprintf(fp, " %lld\n", (long long)dt_agg_scalar(d, e->ae_val));
	}
	return from;
}

int dt_prom_write(FILE *fp, struct dt_aggs *s, struct dt_symtab *syms,
		  uint32_t maxseries, const struct dt_promstats *st)
{
	size_t *dropped = calloc(s->ag_n + 1, sizeof(*dropped));
	uint32_t i;

	if (!dropped)
		return -1;
	for (i = 0; i < s->ag_n; i++) {
		struct dt_aggdata *d = &s->ag_data[i];

		/* names that stand for variables are not aggregations */
		if (!d->ad_def->a_isvar)
			dropped[i] = dt_prom_agg(fp, d, syms, maxseries);
	}
	fprintf(fp, "# TYPE dtrace_drops counter\n"
		"# HELP dtrace_drops Records DTrace dropped, by kind.\n"
		"dtrace_drops_total{kind=\"buffer\"} %llu\n"
		"dtrace_drops_total{kind=\"aggregation\"} %llu\n"
		"dtrace_drops_total{kind=\"dynamic\"} %llu\n"
		"dtrace_drops_total{kind=\"speculative\"} %llu\n"
		"# TYPE dtrace_errors counter\n"
		"# HELP dtrace_errors Errors in probe context.\n"
		"dtrace_errors_total %llu\n"
		"# TYPE dtrace_series_dropped gauge\n"
		"# HELP dtrace_series_dropped Entries over promseries, not "
		"served.\n",
		(unsigned long long)st->ps_drops,
		(unsigned long long)st->ps_aggdrops,
		(unsigned long long)st->ps_dyndrops,
		(unsigned long long)st->ps_specdrops,
		(unsigned long long)st->ps_errors);
	for (i = 0; i < s->ag_n; i++) {
		if (s->ag_data[i].ad_def->a_isvar)
			continue;
		fputs("dtrace_series_dropped{aggregation=", fp);
		dt_prom_labelval(fp, s->ag_data[i].ad_def->a_name,
				 strlen(s->ag_data[i].ad_def->a_name));
		fprintf(fp, "} %zu\n", dropped[i]);
	}
	free(dropped);
	fputs("# EOF\n", fp);
	return ferror(fp) ? -1 : 0;
}
