// SPDX-License-Identifier: GPL-2.0
/*
 * Folded stacks (dt_folded.h), and -x oformat=folded, an output format
 * (dt_format.h) that prints records as text does.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_folded.h"
#include "dt_format.h"

struct dt_frames {
	char		*f_frame[DTRACE_STACK_MAX];
	uint32_t	f_n;
};

static void dt_folded_collect(void *arg, const char *frame)
{
	struct dt_frames *f = arg;

	if (f->f_n < DTRACE_STACK_MAX)
		f->f_frame[f->f_n++] = strdup(frame);
}

/* A frame without its offset, with the separators made harmless. */
static void dt_folded_frame(FILE *fp, const char *s)
{
	const char *end = strstr(s, "+0x");
	size_t n = end ? (size_t)(end - s) : strlen(s), i;

	for (i = 0; i < n; i++)
		fputc(s[i] == ';' || s[i] == ' ' || s[i] == '\n' ? '_' : s[i],
		      fp);
}

static void dt_folded_text(FILE *fp, const char *s)
{
	dt_folded_frame(fp, *s ? s : "-");
}

void dt_folded_stack(FILE *fp, struct dt_symtab *syms, const void *words,
		     uint32_t n, int user)
{
	struct dt_frames f = { .f_n = 0 };
	uint32_t i;
	bool first = true;

	dt_sym_stack(syms, words, n, user, dt_folded_collect, &f);
	/* recorded leaf first: the root comes last */
	for (i = f.f_n; i-- > 0;) {
		if (!f.f_frame[i])
			continue;
		if (!first)
			fputc(';', fp);
		dt_folded_frame(fp, f.f_frame[i]);
		first = false;
		free(f.f_frame[i]);
	}
	if (first)
		fputs("[unknown]", fp);	/* as flamegraph.pl names it */
}

void dt_folded_key(FILE *fp, const struct dt_aggdata *d, const uint8_t *key,
		   struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	char buf[DTRACE_STRSIZE_MAX + 1];
	int i;

	for (i = 0; i < a->a_nkeys; i++) {
		if (i)
			fputc(';', fp);
		if (a->a_keystack[i]) {
			dt_folded_stack(fp, syms, key + a->a_keyoff[i],
					a->a_keysz[i] / 8,
					a->a_keystack[i] == 2);
		} else {
			dt_folded_text(fp, dt_agg_keytext(a, key, i, syms, buf,
							  sizeof(buf)));
		}
	}
}

int dt_folded_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms)
{
	size_t i;

	dt_agg_sort(d);
	for (i = 0; i < d->ad_nents; i++) {
		const struct dt_aggent *e = &d->ad_ents[i];
		int64_t v = dt_agg_ishist(d->ad_def) ?
			    (int64_t)dt_agg_sortval(d->ad_def, e) :
			    dt_agg_scalar(d, e->ae_val);

		if (v <= 0)	/* a box has a positive width */
			continue;
		if (d->ad_def->a_nkeys)
			dt_folded_key(fp, d, e->ae_key, syms);
		else
			dt_folded_text(fp, d->ad_def->a_name[0] ?
				       d->ad_def->a_name : "@");
		fprintf(fp, " %lld\n", (long long)v);
	}
	return ferror(fp) ? -1 : 0;
}

static int dt_folded_aggend(struct dt_consumer *c, struct dt_aggdata *d)
{
	return dt_folded_agg(c->c_out, d, &c->c_syms);
}

const struct dt_format dt_format_folded = {
	.fmt_name	= "folded",
	.fmt_begin	= dt_text_begin,
	.fmt_action	= dt_text_action,
	.fmt_end	= dt_text_end,
	.fmt_agg	= dt_folded_aggend,
};
