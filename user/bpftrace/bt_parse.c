// SPDX-License-Identifier: GPL-2.0
/*
 * The bpftrace front end's driver and lexer helpers: keywords,
 * integers, strings, unroll, and bison's errors in bpftrace's words.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "bt_grammar.h"
#include "dt_btf.h"
#include "dt_error.h"
#include "dt_rows.h"

int bt_lex_scan(BT_YYSTYPE *lval, BT_YYLTYPE *lloc, void *scanner);
void *bt_yyget_extra(void *scanner);
int bt_yyparse(void *scanner, struct dt_pcb *pcb);

#define T_INT(sz, sg)	{ .kind = DT_T_INT, .size = (sz), .is_signed = (sg) }

static const struct bt_keyword {
	const char	*name;
	int		tok;
	struct dt_type	type;
} bt_keywords[] = {
	{ "if", BT_TOK_IF, {0} },
	{ "else", BT_TOK_ELSE, {0} },
	{ "unroll", BT_TOK_UNROLL, {0} },
	{ "for", BT_TOK_FOR, {0} },
	{ "struct", BT_TOK_STRUCT, {0} },
	{ "union", BT_TOK_UNION, {0} },
	{ "sizeof", BT_TOK_SIZEOF, {0} },
	{ "offsetof", BT_TOK_OFFSETOF, {0} },
	{ "int8", BT_TOK_TYPE, T_INT(1, true) },
	{ "int16", BT_TOK_TYPE, T_INT(2, true) },
	{ "int32", BT_TOK_TYPE, T_INT(4, true) },
	{ "int64", BT_TOK_TYPE, T_INT(8, true) },
	{ "uint8", BT_TOK_TYPE, T_INT(1, false) },
	{ "uint16", BT_TOK_TYPE, T_INT(2, false) },
	{ "uint32", BT_TOK_TYPE, T_INT(4, false) },
	{ "uint64", BT_TOK_TYPE, T_INT(8, false) },
	/* bpftrace >= 0.20 (bt_flow.c) */
	{ "while", BT_TOK_WHILE, {0} },
	{ "break", BT_TOK_BREAK, {0} },
	{ "continue", BT_TOK_CONTINUE, {0} },
	{ "return", BT_TOK_RETURN, {0} },
	{ "let", BT_TOK_LET, {0} },
};

int bt_bool_word(const char *s)
{
	static const struct dt_nameval words[] = {
		{ "true", 1 },
		{ "false", 0 },
	};

	return DT_NAMEVAL(words, s, -1);
}

int bt_lex_ident(struct dt_pcb *pcb, BT_YYSTYPE *lval, const char *text)
{
	const struct bt_keyword *k;
	int b = bt_bool_word(text);

	(void)pcb;
	/* bpftrace >= 0.22's booleans, integers as in C */
	if (b >= 0) {
		lval->ival = b;
		return BT_TOK_INT;
	}
	k = DT_ROW_FIND(bt_keywords, text);
	if (k) {
		lval->type = k->type;
		return k->tok;
	}
	lval->str = strdup(text);
	return lval->str ? BT_TOK_IDENT : BT_TOK_ERROR;
}

/* A number as bt_num.c reads it, or bpftrace's error. */
int bt_lex_int(struct dt_pcb *pcb, BT_YYLTYPE *lloc, BT_YYSTYPE *lval,
	       const char *text)
{
	struct bt_num_err err;
	BT_YYLTYPE at = *lloc;
	uint64_t v;

	if (bt_num_parse(text, &v, &err)) {
		at.first_column += err.off;
		at.last_column = at.first_column + err.len;
		dt_error(pcb, (struct dt_loc *)&at, "BT_INT", "%s", err.msg);
		return BT_TOK_ERROR;
	}
	lval->ival = (int64_t)v;
	return BT_TOK_INT;
}

int bt_lex_string(struct dt_pcb *pcb, BT_YYLTYPE *lloc, BT_YYSTYPE *lval,
		  const char *text)
{
	size_t n;
	char *s = malloc(strlen(text) + 1);

	if (!s)
		return BT_TOK_ERROR;
	if (dt_lex_unescape(text, s, &n) || strlen(s) != n) {
		free(s);
		dt_error(pcb, lloc, "BT_STR", "invalid escape in string");
		return BT_TOK_ERROR;
	}
	lval->str = s;
	return BT_TOK_STRING;
}

struct dt_node *bt_unroll(struct dt_pcb *pcb, int64_t n, struct dt_node *body,
			  const struct dt_loc *loc)
{
	struct dt_node *out = NULL;
	int64_t i;

	/* bpftrace's own bounds */
	if (n < 1 || n > 100) {
		dt_node_free(body);
		dt_error(pcb, loc, "BT_UNROLL", "unroll maximum value is 100 "
			 "and minimum is 1");
		return NULL;
	}
	for (i = 1; i < n; i++)
		out = dt_node_append(out, bt_copylist(body));
	return dt_node_append(out, body);
}

int bt_yylex(BT_YYSTYPE *lval, BT_YYLTYPE *lloc, void *scanner)
{
	struct dt_pcb *pcb = bt_yyget_extra(scanner);
	int tok = bt_lex_scan(lval, lloc, scanner);

	if (tok == 0) {
		pcb->pcb_eof = true;
		lloc->first_line = lloc->last_line = pcb->pcb_line;
		lloc->first_column = lloc->last_column = pcb->pcb_col;
	}
	return tok;
}

/* bison says "syntax error, unexpected X, expecting Y", as bpftrace. */
void bt_yyerror(BT_YYLTYPE *lloc, void *scanner, struct dt_pcb *pcb,
		const char *msg)
{
	(void)scanner;
	/* the parser's stack at YYMAXDEPTH, never malloc's failure */
	if (strstr(msg, "memory exhausted")) {
		dt_error(pcb, lloc, "D_SYNTAX",
			 "expressions or statements nested too deeply");
		return;
	}
	dt_error(pcb, lloc, "D_SYNTAX", "%s", msg);
}

int bt_parse_text(struct dt_pcb *pcb)
{
	const char *orig = pcb->pcb_src;
	size_t origlen = pcb->pcb_srclen;
	char *src;
	size_t len;
	int rc;

	if (bt_cpp(pcb, &src, &len))
		return -1;
	if (bt_sou_defs(pcb, src, len)) {
		free(src);
		return -1;
	}
	/* the lexer looks ahead in pcb_src; errors show the script's lines */
	pcb->pcb_src = src;
	pcb->pcb_srclen = len;
	if (bt_lex_begin(pcb)) {
		rc = -1;
	} else {
		rc = bt_yyparse(pcb->pcb_scanner, pcb);
		bt_lex_end(pcb);
		if (!rc)
			rc = bt_scope_check(pcb) ? 1 : 0;
	}
	pcb->pcb_src = orig;
	pcb->pcb_srclen = origlen;
	if (!rc && bt_scope_warn(pcb))
		rc = 1;
	bt_scope_free(pcb);
	free(src);
	if (rc < 0 && !pcb->pcb_failed)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	if (rc && !pcb->pcb_failed)
		dt_error(pcb, NULL, "D_SYNTAX", "syntax error");
	if (pcb->pcb_failed)
		return -1;
	if (!pcb->pcb_prog.p_clauses)
		return dt_error(pcb, NULL, "D_EMPTY", "No probes to attach");
	return 0;
}

int bt_lower_prog(struct dt_pcb *pcb)
{
	if (bt_macro_expand(pcb) || bt_tuples(pcb) || bt_flow(pcb))
		return -1;
	return bt_lower(pcb);
}

int bt_parse(struct dt_pcb *pcb)
{
	return bt_parse_text(pcb) || bt_lower_prog(pcb) ? -1 : 0;
}
