// SPDX-License-Identifier: GPL-2.0
/*
 * JSON output (dt_json.h), an output format (dt_format.h). Values are the ones the text output prints:
 * aggregations sorted and normalized the same way, avg( ) and stddev( )
 * as their integer results, symbols resolved.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_errout.h"
#include "dt_format.h"
#include "dt_json.h"
#include "dt_pretty.h"
#include "dt_rec.h"

void dt_json_str(FILE *fp, const char *s, size_t max)
{
	size_t i;

	fputc('"', fp);
	for (i = 0; i < max && s[i]; i++) {
		unsigned char ch = (unsigned char)s[i];

		if (ch == '"' || ch == '\\')
			fprintf(fp, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", fp);
		else if (ch == '\t')
			fputs("\\t", fp);
		else if (ch < 0x20 || ch == 0x7f)
			fprintf(fp, "\\u%04x", ch);
		else
			fputc(ch, fp);	/* UTF-8 passes through */
	}
	fputc('"', fp);
}

struct dt_json_frames {
	FILE	*jf_fp;
	int	jf_n;
};

static void dt_json_frame(void *arg, const char *frame)
{
	struct dt_json_frames *f = arg;

	if (f->jf_n++)
		fputc(',', f->jf_fp);
	dt_json_str(f->jf_fp, frame, strlen(frame));
}

static void dt_json_stack(FILE *fp, struct dt_symtab *syms, const void *w,
			  uint32_t n, int user)
{
	struct dt_json_frames f = { fp, 0 };

	fputc('[', fp);
	dt_sym_stack(syms, w, n, user, dt_json_frame, &f);
	fputc(']', fp);
}

static void dt_json_keys(FILE *fp, const struct dt_agg *a, const uint8_t *key,
			 struct dt_symtab *syms)
{
	char buf[DTRACE_STRSIZE_MAX + 1];
	int i;

	fputs("\"keys\":[", fp);
	for (i = 0; i < a->a_nkeys; i++) {
		if (i)
			fputc(',', fp);
		if (a->a_keystack[i]) {
			dt_json_stack(fp, syms, key + a->a_keyoff[i],
				      a->a_keysz[i] / 8,
				      a->a_keystack[i] == 2);
		} else if (a->a_keys[i].kind == DT_T_STRING) {
			dt_agg_keystr(a, key, i, buf, sizeof(buf));
			dt_json_str(fp, buf, sizeof(buf));
		} else if (a->a_keys[i].sym && syms) {
			dt_sym_value(syms, a->a_keys[i].sym,
				     key + a->a_keyoff[i], buf, sizeof(buf));
			dt_json_str(fp, buf, sizeof(buf));
		} else {
			fprintf(fp, "%lld", (long long)dt_agg_keyint(a, key, i));
		}
	}
	fputc(']', fp);
}

static void dt_json_buckets(FILE *fp, const struct dt_aggdata *d,
			    const uint64_t *v)
{
	static int64_t lows[4100];
	const struct dt_agg *a = d->ad_def;
	uint64_t normal = d->ad_normal ? d->ad_normal : 1;
	uint32_t n = dt_agg_rows(a, lows, sizeof(lows) / sizeof(lows[0])), i;
	bool first = true;

	fputs("\"buckets\":[", fp);
	for (i = 0; i < n; i++) {
		if (!(v[i] / normal))
			continue;
		fprintf(fp, "%s{\"%s\":%lld,\"count\":%llu}", first ? "" : ",",
			dt_agg_rowkind(a, i) < 0 ? "below" : "value",
			(long long)lows[i],
			(unsigned long long)(v[i] / normal));
		first = false;
	}
	fputc(']', fp);
}

int dt_json_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	size_t i;

	dt_agg_sort(d);
	fputs("{\"type\":\"aggregation\",\"name\":", fp);
	dt_json_str(fp, a->a_name, strlen(a->a_name));
	fprintf(fp, ",\"function\":\"%s\",\"entries\":[",
		dt_agg_funcname(a->a_func));
	for (i = 0; i < d->ad_nents; i++) {
		const struct dt_aggent *e = &d->ad_ents[i];

		fputs(i ? ",{" : "{", fp);
		dt_json_keys(fp, a, e->ae_key, syms);
		fputc(',', fp);
		if (dt_agg_ishist(a))
			dt_json_buckets(fp, d, e->ae_val);
		else
			fprintf(fp, "\"value\":%lld",
				(long long)dt_agg_scalar(d, e->ae_val));
		fputc('}', fp);
	}
	fputs("]}", fp);
	return ferror(fp) ? -1 : 0;
}

static void dt_json_trace(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_rec *r)
{
	FILE *fp = c->c_out;
	char *tmp = NULL, sym[512];

	fputs("{\"trace\":", fp);
	if (r->r_type.kind == DT_T_STRING) {
		dt_json_str(fp, dt_rec_str(data, r, &tmp), r->r_size);
		free(tmp);
	} else if (r->r_type.sym) {
		/* a user symbol: the pid's slot, the address's after it */
		dt_sym_value(&c->c_syms, r->r_type.sym, data + r->r_off, sym,
			     sizeof(sym));
		dt_json_str(fp, sym, sizeof(sym));
	} else {
		fprintf(fp, "%lld", (long long)dt_rec_int(data, r));
	}
	fputc('}', fp);
}

/* tracemem( ): the bytes, in hex. */
static void dt_json_bytes(FILE *fp, const uint8_t *p, uint32_t n)
{
	uint32_t i;

	fputs("{\"tracemem\":\"", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%02x", p[i]);
	fputs("\"}", fp);
}

/*
 * printf( ): its text, formatted as the text output would print it;
 * system( ): what the command wrote.
 */
static int dt_json_printf(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_ecb *e, const struct dt_out *o)
{
	FILE *out = c->c_out, *mem;
	char *buf = NULL;
	size_t len = 0;
	int rc;

	if (o->o_stderr)	/* an error: stderr's, not the output's */
		return dt_rec_errprintf(c, data, e, o) < 0 ? -1 : 0;
	mem = open_memstream(&buf, &len);
	if (!mem)
		return -1;
	c->c_out = mem;
	rc = dt_rec_printf(c, data, e, o);
	c->c_out = out;
	fclose(mem);
	if (rc >= 0) {
		fputs(o->o_kind == DT_OUT_SYSTEM ? "{\"system\":" :
		      "{\"printf\":", out);
		dt_json_str(out, buf ? buf : "", len);
		fputc('}', out);
	}
	free(buf);
	return rc < 0 ? -1 : 0;
}

static int dt_json_printa(struct dt_consumer *c, const struct dt_out *o)
{
	int i;

	fputs("{\"printa\":[", c->c_out);
	for (i = 0; i < o->o_naggs; i++) {
		struct dt_aggdata *d = dt_aggs_of(c->c_aggs, o->o_aggs[i]);

		if (i)
			fputc(',', c->c_out);
		if (!d || dt_json_agg(c->c_out, d, &c->c_syms))
			return -1;
		d->ad_printed = true;
	}
	fputs("]}", c->c_out);
	return 0;
}

static void dt_json_begin(struct dt_consumer *c, int cpu, uint32_t probe_id,
			  bool quiet)
{
	const struct dtrace_probedesc *pd =
		c->c_probes ? dt_probetab_get(c->c_probes, probe_id) : NULL;
	FILE *fp = c->c_out;

	(void)quiet;
	fprintf(fp, "{\"type\":\"probe\",\"timestamp\":%llu,\"cpu\":%d,"
		"\"id\":%u", (unsigned long long)c->c_curts, cpu, probe_id);
	if (pd) {
		fputs(",\"provider\":", fp);
		dt_json_str(fp, pd->dpd_provider, sizeof(pd->dpd_provider));
		fputs(",\"module\":", fp);
		dt_json_str(fp, pd->dpd_mod, sizeof(pd->dpd_mod));
		fputs(",\"function\":", fp);
		dt_json_str(fp, pd->dpd_func, sizeof(pd->dpd_func));
		fputs(",\"name\":", fp);
		dt_json_str(fp, pd->dpd_name, sizeof(pd->dpd_name));
	}
	fputs(",\"data\":[", fp);
}

/* One element of "data". */
static int dt_json_action(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_ecb *e, const struct dt_out *o)
{
	const struct dt_rec *r = o->o_nrecs ? &e->e_recs[o->o_rec] : NULL;
	FILE *fp = c->c_out;
	int rc = 0;

	if (c->c_recouts)
		fputc(',', fp);
	if (o->o_kind == DT_OUT_TRACE && r) {
		dt_json_trace(c, data, r);
	} else if (o->o_kind == DT_OUT_PRINTF || o->o_kind == DT_OUT_SYSTEM ||
		   o->o_kind == DT_OUT_CAT) {
		rc = dt_json_printf(c, data, e, o);
	} else if (o->o_kind == DT_OUT_TRACEMEM && r) {
		dt_json_bytes(fp, data + r->r_off, r->r_size);
	} else if (o->o_kind == DT_OUT_PRINTA) {
		rc = dt_json_printa(c, o);
	} else if (o->o_kind == DT_OUT_PRINT && r) {
		fputs("{\"print\":", fp);
		rc = dt_pretty_print(fp, &r->r_type, data + r->r_off,
				     r->r_size, true);
		fputc('}', fp);
	} else if (r) {
		fprintf(fp, "{\"%s\":", o->o_kind == DT_OUT_STACK ?
			"stack" : "ustack");
		dt_json_stack(fp, &c->c_syms, data + r->r_off, r->r_size / 8,
			      o->o_kind == DT_OUT_USTACK);
		fputc('}', fp);
	}
	return rc ? -1 : 0;
}

static void dt_json_end(struct dt_consumer *c, bool quiet)
{
	(void)quiet;
	fputs("]}\n", c->c_out);
}

/* At the end: each aggregation a line. */
static int dt_json_aggline(struct dt_consumer *c, struct dt_aggdata *d)
{
	return dt_json_agg(c->c_out, d, &c->c_syms) ||
		fputc('\n', c->c_out) == EOF ? -1 : 0;
}

const struct dt_format dt_format_json = {
	.fmt_name	= "json",
	.fmt_bare	= true,
	.fmt_whole	= true,
	.fmt_begin	= dt_json_begin,
	.fmt_action	= dt_json_action,
	.fmt_end	= dt_json_end,
	.fmt_agg	= dt_json_aggline,
};
