// SPDX-License-Identifier: GPL-2.0
/*
 * Compile errors of a bpftrace program, as bpftrace prints them:
 *
 *   stdin:1:12-15: ERROR: Unknown function: foo
 *   kprobe:f { foo(1); }
 *              ^~~
 *
 * (the script's name instead of stdin for a file). The D passes'
 * messages about names are put in bpftrace's words.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_error.h"
#include "dt_rows.h"

/* D's aggregating functions by bpftrace's names. */
static const char *bt_aggname(const char *d)
{
	static const struct bt_aggword {
		const char	*d, *bt;
	} aggs[] = {
		{ "quantize", "hist" },
		{ "lquantize", "lhist" },
		{ "stddev", "stats" },
	};
	const struct bt_aggword *a = DT_ROW_FIND(aggs, d);

	return a ? a->bt : d;
}

/* The limits that a while loop's 100 copies may be what reached. */
static bool bt_error_looplimit(const char *tag)
{
	static const char *const tags[] = {
		"D_VAR_MAX", "D_ACT_RECSIZE", "D_DIF_LIMIT",
	};

	return tag && DT_ROW_FIND(tags, tag);
}

static void bt_error_words(const char *msg, char *out, size_t len)
{
	static const char pre[] = "failed to resolve ";
	static const char post[] = ": Unknown variable name";
	size_t n = strlen(msg), np = strlen(post);
	const char *name = msg + sizeof(pre) - 1;
	char map[128], f1[32], f2[32];
	int nl;

	if (sscanf(msg, "failed to resolve @%127[^:]: aggregation is never "
		   "assigned%c", map, f1) == 1) {
		snprintf(out, len, "Undefined map: @%s", map);
		return;
	}
	/* D_AGG_REDEF: "... current: @m = count( ) ... previous: @m = sum( )" */
	if (sscanf(msg, "aggregation redefined: @%127[^\n] current: @%*[^=]= "
		   "%31[a-z]( ) previous: @%*[^=]= %31[a-z]( )", map, f2,
		   f1) == 3) {
		snprintf(out, len, "Type mismatch for @%s: trying to assign "
			 "value of type '%s' when map already contains a "
			 "value of type '%s'", map, bt_aggname(f2),
			 bt_aggname(f1));
		return;
	}
	if (strncmp(msg, pre, sizeof(pre) - 1) != 0 || n < sizeof(pre) + np ||
	    strcmp(msg + n - np, post) != 0) {
		snprintf(out, len, "%s", msg);
		return;
	}
	nl = (int)(n - np - (sizeof(pre) - 1));
	if (strncmp(name, "this->", 6) == 0)
		snprintf(out, len, "Undefined or undeclared variable: $%.*s",
			 nl - 6, name + 6);
	else if (name[0] == '@')
		snprintf(out, len, "Undefined map: %.*s", nl, name);
	else
		snprintf(out, len, "Unknown identifier: '%.*s'", nl, name);
}

/* x`3, a clause's own $x (bt_lower.c), is $x in messages. */
static void bt_error_unsuffix(char *msg)
{
	char *p = msg, *q;

	while ((p = strchr(p, '`'))) {
		for (q = p + 1; *q >= '0' && *q <= '9'; q++)
			;
		if (q > p + 1)
			memmove(p, q, strlen(q) + 1);
		else
			p++;
	}
}

void bt_error_print(const struct dt_pcb *pcb, FILE *fp)
{
	const char *p = pcb->pcb_src, *end;
	int line = 1, col, last = pcb->pcb_errlastcol;
	char msg[1100];

	bt_error_words(pcb->pcb_errmsg, msg, sizeof(msg));
	bt_error_unsuffix(msg);
	/* a limit reached in while loops' copies: say that they are */
	if (pcb->pcb_feloopline && bt_error_looplimit(pcb->pcb_errtag))
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), " (a "
			 "while loop is unrolled 100 times here; the loop at "
			 "line %d is too large)", pcb->pcb_feloopline);
	if (pcb->pcb_errline <= 0) {
		fprintf(fp, "%s: ERROR: %s\n", pcb->pcb_file ? pcb->pcb_file :
			"stdin", msg);
		return;
	}
	if (last < pcb->pcb_errcol)
		last = pcb->pcb_errcol;
	fprintf(fp, "%s:%d:%d-%d: ERROR: %s\n", pcb->pcb_file ?
		pcb->pcb_file : "stdin", pcb->pcb_errline, pcb->pcb_errcol,
		last, msg);
	while (*p && line < pcb->pcb_errline)
		if (*p++ == '\n')
			line++;
	end = p + strcspn(p, "\n");
	fprintf(fp, "%.*s\n", (int)(end - p), p);
	for (col = 1; col < pcb->pcb_errcol; col++)
		fputc(p + col - 1 < end && p[col - 1] == '\t' ? '\t' : ' ', fp);
	fputc('^', fp);
	for (col++; col < last; col++)
		fputc('~', fp);
	fputc('\n', fp);
}

void bt_warn_print(const struct dt_pcb *pcb, const struct dt_loc *loc,
		   const char *msg, FILE *fp)
{
	const char *p = pcb->pcb_src, *end;
	int line = 1, col, last = loc->last_column;

	if (loc->first_line <= 0 || !p) {
		fprintf(fp, "%s: WARNING: %s\n", pcb->pcb_file ?
			pcb->pcb_file : "stdin", msg);
		return;
	}
	/* a statement over several lines is marked on its first */
	if (loc->last_line != loc->first_line || last < loc->first_column)
		last = loc->first_column;
	fprintf(fp, "%s:%d:%d-%d: WARNING: %s\n", pcb->pcb_file ?
		pcb->pcb_file : "stdin", loc->first_line, loc->first_column,
		last, msg);
	while (*p && line < loc->first_line)
		if (*p++ == '\n')
			line++;
	end = p + strcspn(p, "\n");
	fprintf(fp, "%.*s\n", (int)(end - p), p);
	for (col = 1; col < loc->first_column; col++)
		fputc(p + col - 1 < end && p[col - 1] == '\t' ? '\t' : ' ', fp);
	fputc('^', fp);
	for (col++; col < last; col++)
		fputc('~', fp);
	fputc('\n', fp);
}
