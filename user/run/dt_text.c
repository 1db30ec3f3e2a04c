// SPDX-License-Identifier: GPL-2.0
/*
 * DTrace's text output (dt_format.h): a heading, a line per record that
 * starts with its CPU, probe id and FUNCTION:NAME (unless -q), each
 * action's value after it, and at the end a newline and the
 * aggregations printa( ) did not print.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_aggdraw.h"
#include "dt_consume.h"
#include "dt_errout.h"
#include "dt_format.h"
#include "dt_pretty.h"
#include "dt_printf.h"
#include "dt_provider.h"
#include "dt_rec.h"

/*
 * tracemem( ), and trace( ) under -x rawbytes: DTrace's raw dump, 16
 * bytes a line, offsets in hex:
 *
 *              0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
 *          0: 68 69 00 00 00 00 00 00 00 00 00 00 00 00 00 00  hi..............
 */
static int dt_print_bytes(struct dt_consumer *c, const uint8_t *p,
			  uint32_t size)
{
	uint32_t i, j;

	fprintf(c->c_out, "\n%11s", "");
	for (i = 0; i < 16; i++)
		fprintf(c->c_out, "  %c", "0123456789abcdef"[i]);
	fprintf(c->c_out, "  0123456789abcdef\n");
	for (i = 0; i < size; i += 16) {
		fprintf(c->c_out, "%5s%5x:", "", i);
		for (j = i; j < i + 16 && j < size; j++)
			fprintf(c->c_out, " %02x", p[j]);
		for (; j < i + 16; j++)
			fprintf(c->c_out, "   ");
		fprintf(c->c_out, "  ");
		for (j = i; j < i + 16 && j < size; j++)
			fputc(p[j] < ' ' || p[j] > '~' ? '.' : p[j], c->c_out);
		fputc('\n', c->c_out);
	}
	return ferror(c->c_out) ? -1 : 0;
}

static int dt_print_trace(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_rec *r)
{
	FILE *fp = c->c_out;
	bool q = c->c_quiet;
	char *tmp = NULL;
	int64_t v;
	int n;

	/* strsize bytes, as DTrace's: not the slot's room for the NUL */
	if (r->r_type.kind == DT_T_STRING && c->c_rawbytes)
		return dt_print_bytes(c, data + r->r_off, r->r_size - 1);
	if (r->r_type.kind == DT_T_STRING) {
		const char *s = dt_rec_str(data, r, &tmp);

		n = q ? fprintf(fp, "%s", s) : fprintf(fp, "  %-33s", s);
		free(tmp);
		return n;
	}
	if (r->r_type.sym) {
		char sym[512];

		/* a user symbol: the pid's slot, the address's after it */
		dt_sym_value(&c->c_syms, r->r_type.sym, data + r->r_off, sym,
			     sizeof(sym));
		return fprintf(fp, "  %-50s", sym);
	}
	v = dt_rec_int(data, r);
	/* as DTrace: the width of the value's size, printed signed */
	switch (r->r_type.size) {
	case 1:
		return fprintf(fp, q ? "%d" : " %3d", (int)(int8_t)v);
	case 2:
		return fprintf(fp, q ? "%d" : " %5d", (int)(int16_t)v);
	case 4:
		return fprintf(fp, q ? "%d" : " %8d", (int)(int32_t)v);
	default:
		return fprintf(fp, q ? "%lld" : " %16lld", (long long)v);
	}
}

/*
 * -F: entry probes indent what follows by two, return probes undo it:
 *
 *   CPU FUNCTION
 *     0  -> ksys_read
 *     0    -> vfs_read
 *     0    <- vfs_read
 *     0  <- ksys_read
 */
static void dt_print_flow(struct dt_consumer *c, int cpu, uint32_t probe_id)
{
	const struct dtrace_probedesc *pd =
		c->c_probes ? dt_probetab_get(c->c_probes, probe_id) : NULL;
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 300];
	const char *fn = pd ? pd->dpd_func : "", *pn = pd ? pd->dpd_name : "";
	static const char *const arrows[] = {
		[DT_SITE_ENTRY] = "->", [DT_SITE_RETURN] = "<-",
	};
	enum dt_site site = dt_probe_site(pn);
	int ind;

	if (!c->c_heading) {
		fprintf(c->c_out, "%3s %-41s\n", "CPU", "FUNCTION");
		c->c_heading = true;
	}
	if (site == DT_SITE_RETURN && c->c_indent >= 2)
		c->c_indent -= 2;
	ind = c->c_indent < 200 ? c->c_indent : 200;
	if (arrows[site])
		snprintf(name, sizeof(name), "%*s %s %s", ind, "",
			 arrows[site], fn);
	else
		snprintf(name, sizeof(name), "%*s | %s:%s", ind, "", fn, pn);
	fprintf(c->c_out, "%3d %-41s ", cpu, name);
	if (site == DT_SITE_ENTRY)
		c->c_indent += 2;
}

/*
 * stack( ), ustack( ): a newline, then a line per frame, indented 14 (or
 * -x stackindent), as DTrace prints them; the first zero PC ends it.
 */
static int dt_print_stack(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_rec *r, bool user)
{
	fputc('\n', c->c_out);
	dt_print_frames(c->c_out, &c->c_syms, data + r->r_off, r->r_size / 8,
			user, c->c_stackindent);
	return ferror(c->c_out) ? -1 : 0;
}

void dt_text_begin(struct dt_consumer *c, int cpu, uint32_t probe_id,
		   bool quiet)
{
	const struct dtrace_probedesc *pd;
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 2];

	if (quiet)
		return;
	if (c->c_flow) {
		dt_print_flow(c, cpu, probe_id);
		return;
	}
	pd = c->c_probes ? dt_probetab_get(c->c_probes, probe_id) : NULL;
	if (!c->c_heading) {
		fprintf(c->c_out, "%3s %6s %32s\n", "CPU", "ID",
			"FUNCTION:NAME");
		c->c_heading = true;
	}
	snprintf(name, sizeof(name), "%s:%s", pd ? pd->dpd_func : "",
		 pd ? pd->dpd_name : "");
	fprintf(c->c_out, "%3d %6u %32s ", cpu, probe_id, name);
}

/*
 * After printa( ) has printed one of its entries, DTrace leaves that
 * aggregation out of the print at exit; one still empty is printed then.
 */
static void dt_text_printed(struct dt_aggdata *d)
{
	if (d->ad_nents)
		d->ad_printed = true;
}

/*
 * printa( ): several aggregations joined by their keys, or one. Without
 * a format, DTrace starts with a newline.
 */
static int dt_text_printa(struct dt_consumer *c, const struct dt_out *o)
{
	struct dt_aggdata *d[sizeof(o->o_aggs) / sizeof(o->o_aggs[0])];
	int i, rc;

	for (i = 0; i < o->o_naggs; i++)
		if (!(d[i] = dt_aggs_of(c->c_aggs, o->o_aggs[i])))
			return -1;
	if (!o->o_fmt)
		fputc('\n', c->c_out);
	if (o->o_naggs > 1)
		rc = dt_agg_print_joined(c->c_out, d, o->o_naggs, o->o_fmt,
					 &c->c_syms);
	else
		rc = dt_agg_print(c->c_out, d[0], o->o_fmt, &c->c_syms);
	for (i = 0; i < o->o_naggs; i++)
		dt_text_printed(d[i]);
	return rc;
}

/*
 * print( ): the value by its type (dt_pretty.h); a struct starts on a
 * line of its own, after the probe's columns. Under -q each ends its
 * line, as the record's end does without -q.
 */
static int dt_text_print(struct dt_consumer *c, const uint8_t *data,
			 const struct dt_rec *r)
{
	if (!c->c_quiet && r->r_type.kind == DT_T_SOU && !r->r_type.ptr)
		fputc('\n', c->c_out);
	if (dt_pretty_print(c->c_out, &r->r_type, data + r->r_off, r->r_size,
			    false))
		return -1;
	if (c->c_quiet)
		fputc('\n', c->c_out);
	return ferror(c->c_out) ? -1 : 0;
}

int dt_text_action(struct dt_consumer *c, const uint8_t *data,
		   const struct dt_ecb *e, const struct dt_out *o)
{
	int n = 0;

	if (o->o_stderr)	/* a run-time error (bt_flow.c) */
		return dt_rec_errprintf(c, data, e, o) < 0 ? -1 : 0;
	if (o->o_kind == DT_OUT_TRACE)
		n = dt_print_trace(c, data, &e->e_recs[o->o_rec]);
	else if (o->o_kind == DT_OUT_PRINTF || o->o_kind == DT_OUT_SYSTEM ||
		 o->o_kind == DT_OUT_CAT)
		n = dt_rec_printf(c, data, e, o);
	else if (o->o_kind == DT_OUT_TRACEMEM)
		n = dt_print_bytes(c, data + e->e_recs[o->o_rec].r_off,
				   e->e_recs[o->o_rec].r_size);
	else if (o->o_kind == DT_OUT_STACK || o->o_kind == DT_OUT_USTACK)
		n = dt_print_stack(c, data, &e->e_recs[o->o_rec],
				   o->o_kind == DT_OUT_USTACK);
	else if (o->o_kind == DT_OUT_PRINTA)
		n = dt_text_printa(c, o);
	else if (o->o_kind == DT_OUT_PRINT)
		n = dt_text_print(c, data, &e->e_recs[o->o_rec]);
	return n < 0 ? -1 : 0;
}

void dt_text_end(struct dt_consumer *c, bool quiet)
{
	if (!quiet)
		fputc('\n', c->c_out);
}

static void dt_text_stop(struct dt_consumer *c, bool interrupted)
{
	/* DTrace's newline after the ^C echo, even under -q */
	if (interrupted)
		fputc('\n', c->c_out);
}

/*
 * When tracing stops, DTrace writes one newline, always (under -q and
 * with nothing left to print too), then the entries of every aggregation
 * printa( ) has not printed, back to back, in the order the program
 * first uses them (the reverse under aggsortrev).
 */
static int dt_text_aggs_end(struct dt_consumer *c)
{
	uint32_t n = c->c_aggs ? c->c_aggs->ag_n : 0, i;
	bool rev = n && c->c_aggs->ag_data[0].ad_sort.as_rev;

	fputc('\n', c->c_out);
	for (i = 0; i < n; i++) {
		struct dt_aggdata *d = &c->c_aggs->ag_data[rev ? n - 1 - i : i];

		if (!d->ad_printed &&
		    dt_agg_print(c->c_out, d, NULL, &c->c_syms))
			return -1;
	}
	return fflush(c->c_out) ? -1 : 0;
}

const struct dt_format dt_format_text = {
	.fmt_name	= "text",
	.fmt_begin	= dt_text_begin,
	.fmt_action	= dt_text_action,
	.fmt_end	= dt_text_end,
	.fmt_stop	= dt_text_stop,
	.fmt_aggs_end	= dt_text_aggs_end,
};
