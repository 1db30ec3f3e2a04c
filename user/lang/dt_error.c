// SPDX-License-Identifier: GPL-2.0
/*
 * Compile errors and command diagnostics.
 */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

#include "dt_error.h"

int dt_verror(struct dt_pcb *pcb, const struct dt_loc *loc, const char *tag,
	      const char *fmt, va_list ap)
{
	if (pcb->pcb_failed)
		return -1;
	pcb->pcb_failed = true;
	pcb->pcb_errtag = tag;
	pcb->pcb_errregion = pcb->pcb_region;
	pcb->pcb_errline = loc ? loc->first_line : pcb->pcb_line;
	pcb->pcb_errcol = loc ? loc->first_column : pcb->pcb_col;
	pcb->pcb_errlastcol = loc && loc->last_line == loc->first_line ?
		loc->last_column : 0;
	vsnprintf(pcb->pcb_errmsg, sizeof(pcb->pcb_errmsg), fmt, ap);
	return -1;
}

int dt_error(struct dt_pcb *pcb, const struct dt_loc *loc, const char *tag,
	     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_verror(pcb, loc, tag, fmt, ap);
	va_end(ap);
	return -1;
}

int dt_error_nargs(struct dt_pcb *pcb, const struct dt_loc *loc,
		   const char *name, int nargs, int min, int max)
{
	return dt_error(pcb, loc, "D_PROTO_LEN", "%s( ) prototype mismatch: "
			"%d arg%s passed, %s%d expected", name, nargs,
			nargs == 1 ? "" : "s", min == max ? "" :
			nargs < min ? "at least " : "at most ",
			nargs < min ? min : max);
}

void dt_error_text(const struct dt_pcb *pcb, bool errtags, char *buf,
		   size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	if (errtags && pcb->pcb_errtag)
		n += snprintf(buf + n, len - n, "[%s] ", pcb->pcb_errtag);
	if (n >= len)
		return;
	/*
	 * A script file gives line numbers; a -n specifier gives the
	 * region of the clause instead, as DTrace does.
	 */
	if (pcb->pcb_file && pcb->pcb_errline > 0)
		n += snprintf(buf + n, len - n, "line %d: ", pcb->pcb_errline);
	else if (pcb->pcb_errregion)
		n += snprintf(buf + n, len - n, "in %s: ",
			      pcb->pcb_errregion);
	if (n >= len)
		return;
	snprintf(buf + n, len - n, "%s", pcb->pcb_errmsg);
}

static void dt_error_caret(const struct dt_pcb *pcb, FILE *fp)
{
	size_t len;
	const char *p = dt_pcb_line(pcb, pcb->pcb_errline, &len), *end;
	int col;

	if (!p)
		return;
	end = p + len;
	fprintf(fp, "  %.*s\n  ", (int)(end - p), p);
	for (col = 1; col < pcb->pcb_errcol && p + col - 1 < end; col++)
		fputc(p[col - 1] == '\t' ? '\t' : ' ', fp);
	fputs("^\n", fp);
}

void dt_error_print(const struct dt_pcb *pcb, FILE *fp, const char *spec,
		    bool errtags, bool caret)
{
	char text[1400];

	dt_error_text(pcb, errtags, text, sizeof(text));
	if (pcb->pcb_file)
		fprintf(fp, "dtrace: failed to compile script %s: %s\n",
			pcb->pcb_file, text);
	else
		fprintf(fp, "dtrace: invalid probe specifier %s: %s\n",
			spec ? spec : "", text);
	if (caret)
		dt_error_caret(pcb, fp);
}

void dt_warn(const char *fmt, ...)
{
	va_list ap;

	fputs("dtrace: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}
