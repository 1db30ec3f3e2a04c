// SPDX-License-Identifier: GPL-2.0
/*
 * printf( ) format strings: parse, check argument types, print.
 *
 * Conversions: d i u o x X c s p e E f F g G Y %, with the flags
 * "-+ #0", DTrace's '?' (the width of a pointer, 16), a width and a
 * precision (each a number or '*'), and the length modifiers hh h l ll L
 * j z t. printa( )'s %@ may come anywhere before the conversion ("%@d",
 * "%-8@d"). Integers print at the size of their D type (or of the length
 * modifier), as DTrace does. Errors are in DTrace's words.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_printf.h"

int64_t dt_int_normalize(int64_t v, const struct dt_type *t)
{
	uint64_t u = (uint64_t)v;

	if (t->kind != DT_T_INT || t->size >= 8 || t->size == 0)
		return v;
	u &= (1ull << (t->size * 8)) - 1;
	if (t->is_signed && (u >> (t->size * 8 - 1)) & 1)
		u |= ~0ull << (t->size * 8);
	return (int64_t)u;
}

void dt_pfmt_free(struct dt_pfmt *pf)
{
	int i;

	if (!pf)
		return;
	for (i = 0; i < pf->pf_nsegs; i++) {
		free(pf->pf_segs[i].ps_text);
		free(pf->pf_segs[i].ps_tfmt);
	}
	free(pf->pf_segs);
	free(pf);
}

/* %k: a stack, which only printa( ) has, as an aggregation's key */
static const char dt_pf_convs[] = "diuoxXcsSpaAeEfFgGYk";

/*
 * %<fmt>T after the '%': *pp at '<'; on success *pp is at the 'T'.
 * Not DTrace's: another language's time(fmt) is lowered to it.
 */
static int dt_pf_tfmt(struct dt_pfseg *seg, const char **pp)
{
	const char *p = *pp, *q = strchr(p, '>');

	if (!q || q[1] != 'T')
		return -1;
	seg->ps_tfmt = strndup(p + 1, (size_t)(q - p - 1));
	if (!seg->ps_tfmt)
		return -1;
	*pp = q + 1;
	return 0;
}

/* "%3$d": digits, then '$' (DTrace does not take them). */
static bool dt_pf_positional(const char *p)
{
	if (*p < '1' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9')
		p++;
	return *p == '$';
}

struct dt_pfmt *dt_pfmt_parse(const char *fmt, char *err, size_t errlen)
{
	struct dt_pfmt *pf = calloc(1, sizeof(*pf));
	size_t cap = strlen(fmt) + 1, tl;
	char *text = malloc(cap);
	const char *p = fmt;

	if (!pf || !text)
		goto nomem;
	for (;;) {
		struct dt_pfseg seg, *ns;
		const char *start;

		memset(&seg, 0, sizeof(seg));
		seg.ps_width = seg.ps_prec = DT_PF_NONE;
		tl = 0;
		while (*p && !(p[0] == '%' && p[1] != '%')) {
			if (p[0] == '%')	/* %% */
				p++;
			text[tl++] = *p++;
		}
		text[tl] = '\0';
		seg.ps_text = strdup(text);
		if (!seg.ps_text)
			goto nomem;
		if (*p == '%') {
			size_t nf = 0;

			start = ++p;
			if (*p == '<' && dt_pf_tfmt(&seg, &p)) {
				free(seg.ps_text);
				snprintf(err, errlen, "printf( ) format "
					 "conversion #%d is undefined: %%<",
					 pf->pf_nconv + 1);
				goto fail;
			}
			if (dt_pf_positional(p)) {
				snprintf(err, errlen, "format conversion #%d "
					 "uses unsupported positional format "
					 "(%%n$)", pf->pf_nconv + 1);
				free(seg.ps_text);
				goto fail;
			}
			while (!seg.ps_tfmt && *p && strchr("-+ #0@?", *p)) {
				if (*p == '@')
					seg.ps_agg = true;
				else if (*p == '?')
					seg.ps_ptrwidth = true;
				else if (nf < sizeof(seg.ps_flags) - 1 &&
					 !strchr(seg.ps_flags, *p))
					seg.ps_flags[nf++] = *p;
				p++;
			}
			if (*p == '*') {
				seg.ps_width = DT_PF_STAR;
				p++;
			} else if (*p >= '0' && *p <= '9') {
				seg.ps_width = (int)strtol(p, (char **)&p, 10);
			}
			if (*p == '@') {
				seg.ps_agg = true;
				p++;
			}
			if (*p == '.') {
				p++;
				if (*p == '*') {
					seg.ps_prec = DT_PF_STAR;
					p++;
				} else {
					seg.ps_prec = (int)strtol(p, (char **)&p,
								  10);
					if (seg.ps_prec < 0)
						seg.ps_prec = 0;
				}
			}
			if (*p == '@') {
				seg.ps_agg = true;
				p++;
			}
			if (seg.ps_ptrwidth && seg.ps_width == DT_PF_NONE)
				seg.ps_width = 16;
			if ((p[0] == 'h' && p[1] == 'h') ||
			    (p[0] == 'l' && p[1] == 'l')) {
				memcpy(seg.ps_len, p, 2);
				p += 2;
			} else if (*p && strchr("hlLjzt", *p)) {
				seg.ps_len[0] = *p++;
			}
			seg.ps_conv = seg.ps_tfmt ? 'T' : *p;
			snprintf(seg.ps_spec, sizeof(seg.ps_spec), "%.*s",
				 (int)(p - start + (*p ? 1 : 0)), start);
			if (seg.ps_tfmt)
				snprintf(seg.ps_spec, sizeof(seg.ps_spec), "T");
			/* DTrace names a conversion without flags or sizes */
			snprintf(seg.ps_name, sizeof(seg.ps_name), "%s%c",
				 seg.ps_len, seg.ps_conv ? seg.ps_conv : ' ');
			if (!seg.ps_tfmt && !*p) {
				snprintf(err, errlen, "format conversion #%d "
					 "name expected before end of format "
					 "string", pf->pf_nconv + 1);
				free(seg.ps_text);
				goto fail;
			}
			if (!seg.ps_tfmt && !strchr(dt_pf_convs, *p)) {
				snprintf(err, errlen, "format conversion #%d "
					 "is undefined: %%%s", pf->pf_nconv + 1,
					 seg.ps_spec);
				free(seg.ps_text);
				goto fail;
			}
			p++;
			pf->pf_nconv++;
			pf->pf_nargs += 1 + (seg.ps_width == DT_PF_STAR) +
				(seg.ps_prec == DT_PF_STAR);
		}
		ns = realloc(pf->pf_segs, (pf->pf_nsegs + 1) * sizeof(*ns));
		if (!ns) {
			free(seg.ps_text);
			goto nomem;
		}
		pf->pf_segs = ns;
		pf->pf_segs[pf->pf_nsegs++] = seg;
		if (!seg.ps_conv)
			break;
	}
	free(text);
	return pf;
nomem:
	snprintf(err, errlen, "out of memory");
fail:	/* every error but memory is DTrace's D_SYNTAX (dt_printf.h) */
	free(text);
	dt_pfmt_free(pf);
	return NULL;
}

int dt_pfmt_argconv(const struct dt_pfmt *pf, int argi,
		    const struct dt_pfseg **seg, int *conv, bool *star)
{
	int a = 0, i, n = 0;

	for (i = 0; i < pf->pf_nsegs; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];
		int take;

		if (!s->ps_conv)
			continue;
		n++;
		if (s->ps_agg)
			continue;
		take = 1 + (s->ps_width == DT_PF_STAR) +
			(s->ps_prec == DT_PF_STAR);
		if (argi < a + take) {
			*seg = s;
			*conv = n;
			*star = argi < a + take - 1;
			return 0;
		}
		a += take;
	}
	return -1;
}

const char *dt_pfmt_proto(char conv)
{
	switch (conv) {
	case 's':
	case 'S':
		return "char [] or string (or use stringof)";
	case 'p':
	case 'a':
	case 'A':
		return "pointer or integer";
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		return "float, double, long double or integer";
	case 'Y':
		return "int64_t, uint64_t, long long or unsigned long long";
	case 'k':
		return "stack";
	default:
		return "char, short, int, long, or long long";
	}
}

int dt_pfmt_check(const struct dt_pfmt *pf, const char *func,
		  const struct dt_type *types, int ntypes, char *err,
		  size_t errlen)
{
	int a = 0, i, conv = 0;

	for (i = 0; i < pf->pf_nsegs; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];
		int k;

		if (!s->ps_conv)
			continue;
		conv++;
		if (s->ps_agg) {
			snprintf(err, errlen, "%%@ conversion requires an "
				 "aggregation and is not for use with %s( )",
				 func);
			return DT_PFE_AGG_CONV;
		}
		for (k = 0; k < 3; k++) {
			bool star = (k == 0 && s->ps_width == DT_PF_STAR) ||
				(k == 1 && s->ps_prec == DT_PF_STAR);
			const char *dyn = k == 0 ? "*" : ".*";
			const struct dt_type *t;
			bool ok;

			if (k < 2 && !star)
				continue;
			if (a >= ntypes && k < 2) {
				snprintf(err, errlen, "%s( ) prototype "
					 "mismatch: conversion #%d (%%%s) is "
					 "missing a corresponding \"%s\" "
					 "argument", func, conv, s->ps_name,
					 dyn);
				return DT_PFE_DYN_PROTO;
			}
			if (a >= ntypes) {
				snprintf(err, errlen, "%s( ) prototype "
					 "mismatch: conversion #%d (%%%s) is "
					 "missing a corresponding value "
					 "argument", func, conv, s->ps_name);
				return DT_PFE_ARG_PROTO;
			}
			t = &types[a++];
			if (k == 2 && s->ps_conv == 'k')
				ok = false;	/* no value is a stack */
			else if (k < 2 ||
				 (s->ps_conv != 's' && s->ps_conv != 'S'))
				ok = t->kind == DT_T_INT;
			else
				ok = t->kind == DT_T_STRING;
			if (!ok && k < 2) {
				snprintf(err, errlen, "%s( ) argument #%d is "
					 "incompatible with conversion #%d "
					 "prototype:\n\tconversion: %% %s %s"
					 "\n\t prototype: int\n\t  argument: "
					 "%s", func, a + 1, conv, dyn,
					 s->ps_name, dt_type_name(t));
				return DT_PFE_DYN_TYPE;
			}
			if (!ok) {
				snprintf(err, errlen, "%s( ) argument #%d is "
					 "incompatible with conversion #%d "
					 "prototype:\n\tconversion: %%%s\n\t"
					 " prototype: %s\n\t  argument: %s",
					 func, a + 1, conv, s->ps_name,
					 dt_pfmt_proto(s->ps_conv),
					 dt_type_name(t));
				return DT_PFE_ARG_TYPE;
			}
		}
	}
	/* DTrace counts the values the format takes, not the format */
	if (a < ntypes) {
		snprintf(err, errlen, "%s( ) prototype mismatch: only %d "
			 "arguments required by this format string", func, a);
		return DT_PFE_ARG_EXTRA;
	}
	return 0;
}

const char *dt_pfmt_tag(int rc)
{
	switch (rc) {
	case DT_PFE_ARG_EXTRA:
		return "D_PRINTF_ARG_EXTRA";
	case DT_PFE_ARG_PROTO:
		return "D_PRINTF_ARG_PROTO";
	case DT_PFE_DYN_PROTO:
		return "D_PRINTF_DYN_PROTO";
	case DT_PFE_DYN_TYPE:
		return "D_PRINTF_DYN_TYPE";
	case DT_PFE_AGG_CONV:
		return "D_PRINTF_AGG_CONV";
	default:
		return "D_PRINTF_ARG_TYPE";
	}
}

/* The integer as the conversion sees it: its type's or the modifier's. */
static int64_t dt_pf_intval(const struct dt_pfseg *s,
			    const struct dt_pfarg *a, bool is_signed)
{
	struct dt_type t = a->pa_type;

	if (strcmp(s->ps_len, "hh") == 0)
		t.size = 1;
	else if (strcmp(s->ps_len, "h") == 0)
		t.size = 2;
	else if (s->ps_len[0] == 'l' || s->ps_len[0] == 'j' ||
		 s->ps_len[0] == 'z' || s->ps_len[0] == 't' ||
		 s->ps_len[0] == 'L')
		t.size = 8;
	t.is_signed = is_signed;
	return dt_int_normalize(a->pa_int, &t);
}

static int dt_pf_walltime(FILE *fp, const char *spec, int64_t ns)
{
	time_t secs = (time_t)(ns / 1000000000);
	char buf[64], f[48];
	struct tm tm;

	if (!localtime_r(&secs, &tm) ||
	    strftime(buf, sizeof(buf), "%Y %b %e %T", &tm) == 0)
		snprintf(buf, sizeof(buf), "%lld", (long long)ns);
	/* width, precision and flags apply as to %s */
	snprintf(f, sizeof(f), "%%%.*ss", (int)strlen(spec) - 1, spec);
	return fprintf(fp, f, buf);
}

/* %S: the string with C's escapes for what would not print. */
static int dt_pf_escaped(FILE *fp, const char *spec, const char *str)
{
	static const char from[] = "\a\b\f\n\r\t\v\\\"", to[] = "abfnrtv\\\"";
	char buf[DTRACE_STRSIZE_MAX * 4 + 1];
	size_t n = 0;

	for (; *str && n + 4 < sizeof(buf); str++) {
		unsigned char ch = (unsigned char)*str;
		const char *e = strchr(from, ch);

		if (e) {
			buf[n++] = '\\';
			buf[n++] = to[e - from];
		} else if (ch < 0x20 || ch >= 0x7f) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n,
					      "\\%03o", ch);
		} else {
			buf[n++] = (char)ch;
		}
	}
	buf[n] = '\0';
	return fprintf(fp, spec, buf);
}

/*
 * %f in a %<fmt>T format is the microseconds (six digits), which
 * strftime(3) does not know: they are written into the format first.
 */
static void dt_pf_usecs(char *out, size_t size, const char *fmt,
			unsigned int us)
{
	size_t n = 0;

	while (*fmt && n + 7 < size) {
		if (fmt[0] == '%' && fmt[1] == 'f') {
			n += (size_t)snprintf(out + n, size - n, "%06u", us);
			fmt += 2;
		} else if (fmt[0] == '%' && fmt[1]) {
			out[n++] = *fmt++;
			out[n++] = *fmt++;
		} else {
			out[n++] = *fmt++;
		}
	}
	out[n] = '\0';
}

int dt_pfseg_print(FILE *fp, const struct dt_pfseg *s,
		   const struct dt_pfarg *args, int nargs, int *a)
{
	char f[64], wbuf[16] = "", pbuf[16] = "", spec[32];
	const struct dt_pfarg *v;

	if (s->ps_width == DT_PF_STAR) {
		if (*a >= nargs)
			return -1;
		snprintf(wbuf, sizeof(wbuf), "%d", (int)args[(*a)++].pa_int);
	} else if (s->ps_width >= 0) {
		snprintf(wbuf, sizeof(wbuf), "%d", s->ps_width);
	}
	if (s->ps_prec == DT_PF_STAR) {
		if (*a >= nargs)
			return -1;
		snprintf(pbuf, sizeof(pbuf), ".%d", (int)args[(*a)++].pa_int);
	} else if (s->ps_prec >= 0) {
		snprintf(pbuf, sizeof(pbuf), ".%d", s->ps_prec);
	}
	if (*a >= nargs)
		return -1;
	v = &args[(*a)++];
	/* a leading '-' from a '*' width is a flag, as in C */
	snprintf(spec, sizeof(spec), "%%%s%s%s", s->ps_flags, wbuf, pbuf);
	switch (s->ps_conv) {
	case 'd': case 'i':
		snprintf(f, sizeof(f), "%slld", spec);
		return fprintf(fp, f, (long long)dt_pf_intval(s, v, true));
	case 'u': case 'o': case 'x': case 'X':
		snprintf(f, sizeof(f), "%sll%c", spec, s->ps_conv);
		return fprintf(fp, f, (unsigned long long)
			       dt_pf_intval(s, v, false));
	case 'c':
		snprintf(f, sizeof(f), "%sc", spec);
		return fprintf(fp, f, (unsigned char)v->pa_int);
	case 's':
		snprintf(f, sizeof(f), "%ss", spec);
		return fprintf(fp, f, v->pa_str ? v->pa_str : "");
	case 'S':
		snprintf(f, sizeof(f), "%ss", spec);
		return dt_pf_escaped(fp, f, v->pa_str ? v->pa_str : "");
	case 'a':	/* the consumer put the symbol in pa_str */
	case 'A':
		snprintf(f, sizeof(f), "%ss", spec);
		if (v->pa_str)
			return fprintf(fp, f, v->pa_str);
		snprintf(f, sizeof(f), "%%#%s%s%sllx", s->ps_flags, wbuf,
			 pbuf);
		return fprintf(fp, f, (unsigned long long)v->pa_int);
	case 'p': {
		/* always 0x, 0 too; the width is the whole field's */
		char hex[24];

		snprintf(hex, sizeof(hex), "0x%llx",
			 (unsigned long long)v->pa_int);
		snprintf(f, sizeof(f), "%%%s%ss", strchr(s->ps_flags, '-') ?
			 "-" : "", wbuf);
		return fprintf(fp, f, hex);
	}
	case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
		snprintf(f, sizeof(f), "%s%c", spec, s->ps_conv);
		return fprintf(fp, f, v->pa_type.is_signed ?
			       (double)v->pa_int : (double)(uint64_t)v->pa_int);
	case 'Y':
		snprintf(f, sizeof(f), "%sY", spec + 1);
		return dt_pf_walltime(fp, f, v->pa_int);
	case 'T': {
		time_t secs = (time_t)(v->pa_int / 1000000000);
		char buf[512], tf[512];
		struct tm tm;

		if (!localtime_r(&secs, &tm))
			return -1;
		dt_pf_usecs(tf, sizeof(tf), s->ps_tfmt,
			    (unsigned int)(v->pa_int % 1000000000 / 1000));
		return fputs(strftime(buf, sizeof(buf), tf, &tm) ?
			     buf : "", fp) < 0 ? -1 : (int)strlen(buf);
	}
	default:
		return -1;
	}
}

int dt_pfmt_print(FILE *fp, const struct dt_pfmt *pf,
		  const struct dt_pfarg *args, int nargs)
{
	int i, a = 0, total = 0, n;

	for (i = 0; i < pf->pf_nsegs; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];

		if (fputs(s->ps_text, fp) < 0)
			return -1;
		total += (int)strlen(s->ps_text);
		if (!s->ps_conv)
			continue;
		n = dt_pfseg_print(fp, s, args, nargs, &a);
		if (n < 0)
			return -1;
		total += n;
	}
	return total;
}
