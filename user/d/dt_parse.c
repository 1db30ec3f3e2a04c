// SPDX-License-Identifier: GPL-2.0
/*
 * The front end's helpers: keywords, literals, pragmas, and the driver
 * that runs the lexer and grammar over one program.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "dt_aggdef.h"
#include "dt_pcb.h"
#include "dt_parse.h"
#include "dt_lib.h"
#include "dt_grammar.h"
#include "dt_error.h"
#include "dt_frontend.h"
#include "dt_compile.h"
#include "dt_ksym.h"
#include "dt_ktype.h"
#include "dt_options.h"
#include "dt_rows.h"
#include "dt_types.h"

int dt_lex_scan(DT_YYSTYPE *lval, DT_YYLTYPE *lloc, void *scanner);
void *dt_yyget_extra(void *scanner);

#define T_INT(sz, sg)	{ .kind = DT_T_INT, .size = (sz), .is_signed = (sg) }

static const struct dt_lex_kw dt_keywords[] = {
	{ "self", DT_TOK_SELF, false, {0} },
	{ "this", DT_TOK_THIS, false, {0} },
	{ "sizeof", DT_TOK_SIZEOF, false, {0} },
	{ "stringof", DT_TOK_STRINGOF, false, {0} },
	{ "offsetof", DT_TOK_OFFSETOF, false, {0} },
	{ "if", DT_TOK_IF, false, {0} },
	{ "else", DT_TOK_ELSE, false, {0} },
	{ "struct", DT_TOK_STRUCT, true, {0} },
	{ "char", DT_TOK_CHAR, true, {0} },
	{ "short", DT_TOK_SHORT, true, {0} },
	{ "int", DT_TOK_INTKW, true, {0} },
	{ "long", DT_TOK_LONG, true, {0} },
	{ "signed", DT_TOK_SIGNED, true, {0} },
	{ "unsigned", DT_TOK_UNSIGNED, true, {0} },
	{ "void", DT_TOK_VOID, true, {0} },
	{ "string", DT_TOK_STRINGKW, true, {0} },
	{ "int8_t", DT_TOK_TYPENAME, true, T_INT(1, true) },
	{ "int16_t", DT_TOK_TYPENAME, true, T_INT(2, true) },
	{ "int32_t", DT_TOK_TYPENAME, true, T_INT(4, true) },
	{ "int64_t", DT_TOK_TYPENAME, true, T_INT(8, true) },
	{ "uint8_t", DT_TOK_TYPENAME, true, T_INT(1, false) },
	{ "uint16_t", DT_TOK_TYPENAME, true, T_INT(2, false) },
	{ "uint32_t", DT_TOK_TYPENAME, true, T_INT(4, false) },
	{ "uint64_t", DT_TOK_TYPENAME, true, T_INT(8, false) },
	{ "intptr_t", DT_TOK_TYPENAME, true, T_INT(8, true) },
	{ "uintptr_t", DT_TOK_TYPENAME, true, T_INT(8, false) },
	{ "size_t", DT_TOK_TYPENAME, true, T_INT(8, false) },
	{ "ssize_t", DT_TOK_TYPENAME, true, T_INT(8, true) },
	{ "pid_t", DT_TOK_TYPENAME, true, T_INT(4, true) },
	{ "uid_t", DT_TOK_TYPENAME, true, T_INT(4, false) },
	{ "gid_t", DT_TOK_TYPENAME, true, T_INT(4, false) },
	{ "uchar_t", DT_TOK_TYPENAME, true, T_INT(1, false) },
	{ "ushort_t", DT_TOK_TYPENAME, true, T_INT(2, false) },
	{ "uint_t", DT_TOK_TYPENAME, true, T_INT(4, false) },
	{ "ulong_t", DT_TOK_TYPENAME, true, T_INT(8, false) },
	{ "longlong_t", DT_TOK_TYPENAME, true, T_INT(8, true) },
	{ "u_longlong_t", DT_TOK_TYPENAME, true, T_INT(8, false) },
	{ "ipaddr_t", DT_TOK_TYPENAME, true, T_INT(4, false) },
	/* declarations we do not support: reserved so they error clearly */
	{ "inline", DT_TOK_INLINE, true, {0} },
	{ "typedef", DT_TOK_TYPEDEF, true, {0} },
	{ "translator", DT_TOK_TRANSLATOR, true, {0} },
	{ "xlate", DT_TOK_XLATE, true, {0} },
	{ "provider", 0, true, {0} },
	{ "enum", DT_TOK_ENUM, true, {0} },
	{ "union", DT_TOK_UNION, true, {0} },
	{ "extern", DT_TOK_EXTERN, true, {0} },
	{ "static", DT_TOK_BADCLASS, true, {0} },
	{ "register", 0, true, {0} },
	{ "const", 0, true, {0} },
	{ "volatile", 0, true, {0} },
};

const struct dt_lex_kw *dt_lex_keyword(const char *s)
{
	return DT_ROW_FIND(dt_keywords, s);
}

int dt_lex_ident(struct dt_pcb *pcb, DT_YYSTYPE *lval, const char *text)
{
	const struct dt_lex_kw *kw = dt_lex_keyword(text);
	const struct dt_type *td = dt_tdef_lookup(&pcb->pcb_prog, text);

	if (td) {
		lval->ival.v = 0;
		lval->ival.t = *td;
		lval->ival.name = ((const struct dt_tdef *)((const char *)td -
			offsetof(struct dt_tdef, t_type)))->t_name;
		return DT_TOK_TYPENAME;
	}
	if (kw && kw->kw_token) {
		if (kw->kw_token == DT_TOK_TYPENAME) {
			lval->ival.v = 0;
			lval->ival.t = kw->kw_type;
			lval->ival.name = kw->kw_name;
		}
		if (kw->kw_token == DT_TOK_TYPEDEF)
			pcb->pcb_typedef = true;
		return kw->kw_token;
	}
	if (kw) {
		/* reserved words of D we do not implement */
		lval->str = strdup(text);
		return DT_TOK_ERROR;
	}
	lval->str = strdup(text);
	return lval->str ? DT_TOK_IDENT : DT_TOK_ERROR;
}

/* D`name: one of D's own types or the script's, as DTrace's module D. */
static int dt_lex_dscope(struct dt_pcb *pcb, DT_YYSTYPE *lval,
			 const char *text)
{
	int tok = dt_lex_ident(pcb, lval, text + 2);

	switch (tok) {
	case DT_TOK_TYPENAME:
	case DT_TOK_CHAR:
	case DT_TOK_SHORT:
	case DT_TOK_INTKW:
	case DT_TOK_LONG:
	case DT_TOK_SIGNED:
	case DT_TOK_UNSIGNED:
	case DT_TOK_VOID:
	case DT_TOK_STRINGKW:
		return tok;
	case DT_TOK_IDENT:
	case DT_TOK_ERROR:
		free(lval->str);
		break;
	}
	lval->str = strdup(text);
	return lval->str ? DT_TOK_KSYM : DT_TOK_ERROR;
}

/* mod`name: a type name if the module's types define it, else a symbol. */
int dt_lex_scoped(struct dt_pcb *pcb, DT_YYSTYPE *lval, const char *text)
{
	struct dt_type t;
	int rc;

	if (!strncmp(text, "D`", 2))
		return dt_lex_dscope(pcb, lval, text);
	rc = text[0] == '`' ? 1 : dt_ktype_typedef(pcb, text, NULL, &t);

	if (rc < 0)
		return DT_TOK_ERROR;
	if (!rc) {
		lval->ival.v = 0;
		lval->ival.t = t;
		lval->ival.name = NULL;
		return DT_TOK_TYPENAME;
	}
	lval->str = strdup(text);
	return lval->str ? DT_TOK_KSYM : DT_TOK_ERROR;
}

/*
 * `sym or mod`sym: the kernel variable, *(T *)its address, T its type
 * in BTF, else unsigned long; an array is its address.
 */
struct dt_node *dt_parse_ksym(struct dt_pcb *pcb, char *text,
			      const void *loc)
{
	const char *q = strchr(text, '`');
	struct dt_node *n = NULL, *c;
	char mod[128], err[256];
	struct dt_type t;
	uint64_t addr;
	int rc;

	snprintf(mod, sizeof(mod), "%.*s", (int)(q - text), text);
	if (dt_ksym_addr(NULL, mod, q + 1, &addr, err, sizeof(err))) {
		dt_error(pcb, loc, "D_IDENT_UNDEF", "failed to resolve %s: %s",
			 text, err);
		goto out;
	}
	rc = dt_ktype_var(pcb, text, loc, &t);
	if (rc < 0)
		goto out;
	if (rc)
		t = dt_type_ulong;
	c = dt_node_new(DT_N_CAST, loc);
	c->n_left = dt_node_int((int64_t)addr, &dt_type_ulong, loc);
	c->n_ctype = dt_type_ptrto(&t);
	n = dt_node_op(DT_N_UNARY, DT_OP_DEREF, c, NULL, loc);
out:
	free(text);
	return n;
}

bool dt_lex_pred_ends(const struct dt_pcb *pcb)
{
	const char *p = pcb->pcb_src + pcb->pcb_off;

	while (*p && isspace((unsigned char)*p))
		p++;
	return *p == '\0' || *p == '{' || *p == ';';
}

int dt_lex_int(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
	       const char *text)
{
	const char *p = text;
	unsigned long long v = 0;
	int base = 10, nu = 0, nl = 0, d;
	bool big = false;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && isdigit((unsigned char)p[1])) {
		base = 8;
		p++;
	}
	for (; isxdigit((unsigned char)*p); p++) {
		if (base != 16 && !isdigit((unsigned char)*p))
			break;
		d = isdigit((unsigned char)*p) ? *p - '0' :
			tolower((unsigned char)*p) - 'a' + 10;
		if (d >= base) {
			dt_error(pcb, (struct dt_loc *)lloc, "D_INT_DIGIT",
				 "constant %s contains invalid digit %c", text,
				 *p);
			return DT_TOK_ERROR;
		}
		if (v > (~0ull - (unsigned)d) / (unsigned)base)
			big = true;
		v = v * (unsigned)base + (unsigned)d;
	}
	for (; *p; p++) {
		if (*p == 'u' || *p == 'U')
			nu++;
		else
			nl++;
	}
	if (big || nu > 1 || nl > 2) {
		dt_error(pcb, (struct dt_loc *)lloc, big ? "D_INT_OFLOW" :
			 "D_INT_SUFFIX", big ?
			 "integer constant %s results in integer overflow" :
			 "invalid integer constant suffix: %s", text);
		return DT_TOK_ERROR;
	}
	lval->ival.v = (int64_t)v;
	lval->ival.t.kind = DT_T_INT;
	/* C's rules: the first type of the list that holds the value. */
	if (!nu && !nl && v <= 0x7fffffffull) {
		lval->ival.t = dt_type_int;
	} else if (!nl && v <= 0xffffffffull && (nu || base != 10)) {
		lval->ival.t = dt_type_uint;
	} else if (!nu && v <= 0x7fffffffffffffffull) {
		lval->ival.t = dt_type_long;
	} else {
		lval->ival.t = dt_type_ulong;
	}
	return DT_TOK_INT;
}

int dt_lex_unescape(const char *lit, char *out, size_t *outlen)
{
	char q = *lit++;
	size_t n = 0;
	int i, v;

	while (*lit && *lit != q) {
		char c = *lit++;

		if (c != '\\') {
			out[n++] = c;
			continue;
		}
		c = *lit++;
		switch (c) {
		case 'n': out[n++] = '\n'; break;
		case 't': out[n++] = '\t'; break;
		case 'r': out[n++] = '\r'; break;
		case 'a': out[n++] = '\a'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'v': out[n++] = '\v'; break;
		case '\\': out[n++] = '\\'; break;
		case '\'': out[n++] = '\''; break;
		case '"': out[n++] = '"'; break;
		case '?': out[n++] = '?'; break;
		case 'x':
			for (v = 0, i = 0; i < 2 && isxdigit((unsigned char)*lit);
			     i++, lit++)
				v = v * 16 + (isdigit((unsigned char)*lit) ?
					*lit - '0' :
					tolower((unsigned char)*lit) - 'a' + 10);
			if (i == 0)
				return -1;
			out[n++] = (char)v;
			break;
		default:
			if (c >= '0' && c <= '7') {
				v = c - '0';
				for (i = 1; i < 3 && *lit >= '0' && *lit <= '7';
				     i++, lit++)
					v = v * 8 + *lit - '0';
				out[n++] = (char)v;
				break;
			}
			return -1;
		}
	}
	out[n] = '\0';
	*outlen = n;
	return 0;
}

int dt_lex_char(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
		const char *text)
{
	char buf[64];
	size_t n, i;
	uint64_t u = 0;
	int64_t v;

	if (strlen(text) >= sizeof(buf) || dt_lex_unescape(text, buf, &n)) {
		dt_error(pcb, (struct dt_loc *)lloc, "D_CHR_ILL",
			 "invalid escape sequence in character constant %s",
			 text);
		return DT_TOK_ERROR;
	}
	if (n > 8) {
		dt_error(pcb, (struct dt_loc *)lloc, "D_CHR_OFLOW",
			 "character constant is too long");
		return DT_TOK_ERROR;
	}
	/* in unsigned arithmetic: '\xff234567' shifts into the sign bit */
	for (i = 0; i < n; i++)
		u = u << 8 | (unsigned char)buf[i];
	v = (int64_t)u;
	if (n == 1)
		v = (signed char)buf[0];
	lval->ival.v = v;
	lval->ival.t = n > 4 ? dt_type_long : dt_type_int;
	return DT_TOK_INT;
}

int dt_lex_string(struct dt_pcb *pcb, DT_YYLTYPE *lloc, DT_YYSTYPE *lval,
		  const char *text)
{
	size_t n;
	char *s = malloc(strlen(text) + 1);

	if (!s)
		return DT_TOK_ERROR;
	if (dt_lex_unescape(text, s, &n)) {
		free(s);
		dt_error(pcb, (struct dt_loc *)lloc, "D_STR_ESC",
			 "invalid escape sequence in string constant");
		return DT_TOK_ERROR;
	}
	if (strlen(s) != n) {
		free(s);
		dt_error(pcb, (struct dt_loc *)lloc, "D_STR_NUL",
			 "string constant contains a NUL character");
		return DT_TOK_ERROR;
	}
	lval->str = s;
	return DT_TOK_STRING;
}

/* #pragma error "text": the compile fails with the text. */
static int dt_pragma_error(struct dt_pcb *pcb, DT_YYLTYPE *lloc,
			   const char *text)
{
	const char *m = strstr(text, "error") + strlen("error");
	int n;

	m += strspn(m, " \t");
	n = (int)strcspn(m, "\n");
	if (n >= 2 && m[0] == '"' && m[n - 1] == '"') {
		m++;
		n -= 2;
	}
	return dt_error(pcb, (struct dt_loc *)lloc, "D_PRAGERR",
			"#pragma error: %.*s", n, m);
}

/* NAME/NAME/CLASS: two stabilities and a dependency class, DTrace's */
static bool dt_pragma_attr_ok(char *a)
{
	static const char *const stab[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable",
		"Evolving", "Stable", "Standard",
	};
	static const char *const class[] = {
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
	};
	char *save = NULL, *w[4];
	int n = 0;

	for (w[n] = strtok_r(a, "/", &save); w[n] && n < 3;
	     w[++n] = strtok_r(NULL, "/", &save))
		;
	return n == 3 && !w[3] && DT_ROW_FIND(stab, w[0]) &&
	       DT_ROW_FIND(stab, w[1]) && DT_ROW_FIND(class, w[2]);
}

/* #pragma D NAME words[3]..: 0, or -1 with the error reported */
typedef int (*dt_pragma_fn)(struct dt_pcb *pcb, struct dt_loc *loc,
			    char **words, int n);

/* option NAME[=VALUE] */
static int dt_pragma_option(struct dt_pcb *pcb, struct dt_loc *loc,
			    char **words, int n)
{
	const char *why, *eq;

	if (n != 4)
		return dt_error(pcb, loc, "D_PRAGMA_MALFORM",
				"malformed #pragma D option");
	if (!pcb->pcb_opts || !dt_option_setarg(pcb->pcb_opts, words[3],
						&why))
		return 0;
	eq = strchr(words[3], '=');
	return dt_error(pcb, loc, "D_PRAGMA_OPTSET",
			"failed to set option '%.*s'%s%s%s: %s",
			eq ? (int)(eq - words[3]) : (int)strlen(words[3]),
			words[3], eq ? " to '" : "", eq ? eq + 1 : "",
			eq ? "'" : "", why);
}

/* depends_on library|module|provider NAME */
static int dt_pragma_depends(struct dt_pcb *pcb, struct dt_loc *loc,
			     char **words, int n)
{
	static const struct dt_depclass {
		const char	*name;
		bool		(*exists)(const char *name);
		/* "program requires " pre NAME post */
		const char	*pre, *post;
	} classes[] = {
		{ "library", dt_lib_exists, "library \"",
		  "\" which is not in the library path" },
		{ "module", dt_lib_module_exists, "module ",
		  " which is not loaded" },
		/* checked as the probe descriptions name them */
		{ "provider", NULL, NULL, NULL },
	};
	const struct dt_depclass *c;

	if (n != 5)
		return dt_error(pcb, loc, "D_PRAGMA_MALFORM",
				"malformed #pragma D depends_on");
	c = DT_ROW_FIND(classes, words[3]);
	if (!c)
		return dt_error(pcb, loc, "D_PRAGMA_INVAL", "invalid class %s "
				"specified by #pragma D depends_on", words[3]);
	if (c->exists && !c->exists(words[4]))
		return dt_error(pcb, loc, "D_PRAGMA_DEPEND", "program requires "
				"%s%s%s", c->pre, words[4], c->post);
	return 0;
}

/* attributes ATTR ident, or ATTR provider NAME provider|...|args */
static int dt_pragma_attributes(struct dt_pcb *pcb, struct dt_loc *loc,
				char **words, int n)
{
	if ((n != 5 && (n != 7 || strcmp(words[4], "provider"))) ||
	    !dt_pragma_attr_ok(words[3]))
		return dt_error(pcb, loc, "D_PRAGMA_INVAL", "invalid "
				"attributes specified by #pragma D "
				"attributes");
	return 0;
}

static const struct dt_pragma {
	const char	*name;
	dt_pragma_fn	take;	/* NULL: taken, nothing to do */
} dt_pragmas[] = {
	{ "option", dt_pragma_option },
	{ "depends_on", dt_pragma_depends },
	{ "attributes", dt_pragma_attributes },
	{ "binding", NULL },
	{ "ident", NULL },
};

/* #pragma D NAME, by dt_pragmas; other pragmas are ignored, as DTrace. */
int dt_lex_pragma(struct dt_pcb *pcb, DT_YYLTYPE *lloc, const char *text)
{
	struct dt_loc *loc = (struct dt_loc *)lloc;
	char buf[512], *words[8], *save = NULL, *w;
	const struct dt_pragma *p;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", text);
	for (w = strtok_r(buf, " \t#", &save); w && n < 8;
	     w = strtok_r(NULL, " \t", &save))
		words[n++] = w;
	if (n >= 1 && strcmp(words[0], "pragma") == 0 && n >= 2 &&
	    strcmp(words[1], "error") == 0)
		return dt_pragma_error(pcb, lloc, text);
	if (n < 2 || strcmp(words[0], "pragma") != 0)
		return 0;
	if (strcmp(words[1], "D") != 0)
		return 0;	/* pragmas for others are ignored */
	if (n < 3)
		return dt_error(pcb, loc, "D_PRAGMA_MALFORM",
				"malformed #pragma D directive");
	p = DT_ROW_FIND(dt_pragmas, words[2]);
	if (!p)
		return dt_error(pcb, loc, "D_PRAGMA_INVAL", "invalid control "
				"directive: #pragma D %s", words[2]);
	return p->take ? p->take(pcb, loc, words, n) : 0;
}

/* A member of the struct being declared: type name[nelems]. */
struct dt_node *dt_parse_call(struct dt_pcb *pcb, struct dt_node *fn,
			      struct dt_node *args, const void *loc)
{
	struct dt_node *n;

	/* as DTrace: @a is a name, looked up (and not found) as one */
	if (fn->n_kind == DT_N_AGG)
		dt_error(pcb, loc, "D_FUNC_UNDEF", "undefined function name: "
			 "@%s", fn->n_str);
	else if (fn->n_kind != DT_N_IDENT)
		dt_error(pcb, loc, "D_FUNC_IDENT", "function designator is not "
			 "of function type");
	if (fn->n_kind != DT_N_IDENT) {
		dt_node_free(fn);
		dt_node_free(args);
		return NULL;
	}
	n = dt_node_new(DT_N_CALL, loc);
	n->n_str = fn->n_str;
	n->n_args = args;
	fn->n_str = NULL;
	dt_node_free(fn);
	return n;
}

/* offsetof(struct s, m): a constant. */
struct dt_node *dt_parse_offsetof(struct dt_pcb *pcb,
				  const struct dt_tspec *ts, char *name,
				  const void *loc)
{
	struct dt_member m;
	struct dt_type t;
	int rc = -1;

	if (dt_tspec_type(pcb, loc, ts, &t))
		goto out;
	if (t.kind != DT_T_SOU) {
		dt_error(pcb, loc, "D_OFFSETOF_TYPE", "offsetof operand must "
			 "be a struct or union type");
		goto out;
	}
	rc = dt_sou_member_get(pcb, t.sou, name, loc, &m);
	if (!rc && m.m_bitsize) {
		dt_error(pcb, loc, "D_OFFSETOF_BITFIELD", "cannot take offset "
			 "of a bit-field: %s", name);
		rc = -1;
	}
out:
	free(name);
	return rc ? NULL : dt_node_int(m.m_off, &dt_type_ulong, loc);
}

/* "short long " and the like: DTrace's name of a type it cannot make. */
static int dt_tspec_unknown(struct dt_pcb *pcb, const struct dt_loc *loc,
			    const struct dt_tspec *ts)
{
	char name[64] = "";
	int i;

	if (ts->ts_signed || ts->ts_unsigned)
		strcat(name, ts->ts_signed ? "signed " : "unsigned ");
	if (ts->ts_short)
		strcat(name, "short ");
	for (i = 0; i < ts->ts_long && i < 3; i++)
		strcat(name, "long ");
	strcat(name, ts->ts_char ? "char " : ts->ts_int ? "int " : "");
	name[strlen(name) - 1] = '\0';
	return dt_error(pcb, loc, "D_UNKNOWN", "failed to resolve type %s : "
			"Unknown type name", name);
}

int dt_tspec_attr(struct dt_pcb *pcb, const struct dt_loc *loc,
		  const struct dt_tspec *ts, bool is_int)
{
	if (ts->ts_char && (ts->ts_short || ts->ts_long))
		return dt_error(pcb, loc, "D_DECL_CHARATTR", "invalid type "
				"declaration: short and long may not be used "
				"with char type");
	if (ts->ts_void && (ts->ts_short || ts->ts_long || ts->ts_signed ||
			    ts->ts_unsigned))
		return dt_error(pcb, loc, "D_DECL_VOIDATTR", "invalid type "
				"declaration: attributes may not be used with "
				"void type");
	if (!is_int && (ts->ts_signed || ts->ts_unsigned))
		return dt_error(pcb, loc, "D_DECL_SIGNINT", "invalid type "
				"declaration: signed and unsigned may only be "
				"used with integer type");
	if (!is_int && ts->ts_long)
		return dt_error(pcb, loc, "D_DECL_LONGINT", "invalid type "
				"declaration: long and long long may only be "
				"used with integer or floating-point type");
	return dt_error(pcb, loc, "D_DECL_COMBO", "invalid type combination");
}

int dt_tspec_tname(struct dt_pcb *pcb, const struct dt_loc *loc,
		   struct dt_tspec *ts, const char *name,
		   const struct dt_type *t)
{
	struct dt_type old;

	/* <sys/types.h> says typedef __gid_t gid_t; of D's own gid_t */
	if (pcb->pcb_typedef && !ts->ts_ptr && !ts->ts_fwd[0] &&
	    !ts->ts_same && !dt_tspec_type(pcb, loc, ts, &old) &&
	    dt_type_eq(&old, t)) {
		ts->ts_same = true;
		return 0;
	}
	if (pcb->pcb_typedef)
		return dt_error(pcb, loc, "D_DECL_IDRED", "typedef "
				"redeclared: %s", name ? name : "?");
	if (ts->ts_short || ts->ts_long || ts->ts_signed || ts->ts_unsigned)
		return dt_tspec_attr(pcb, loc, ts, false);
	return dt_error(pcb, loc, "D_DECL_IDRED", "typedef identifier "
			"redeclared: %s", name ? name : "?");
}

bool dt_tspec_fwd(struct dt_pcb *pcb, struct dt_tspec *ts, const char *name,
		  bool is_union)
{
	if (!pcb->pcb_sou || strlen(name) >= sizeof(ts->ts_fwd) ||
	    dt_sou_lookup(&pcb->pcb_prog, name, is_union))
		return false;
	strcpy(ts->ts_fwd, name);
	ts->ts_fwdunion = is_union;
	return true;
}

/*
 * struct name or struct mod`name; D`name is the script's own, D being
 * DTrace's module of a script's types.
 */
int dt_tspec_sou(struct dt_pcb *pcb, struct dt_tspec *ts, const char *name,
		 bool is_union, const struct dt_loc *loc)
{
	bool own = !strncmp(name, "D`", 2);

	memset(ts, 0, sizeof(*ts));
	ts->ts_named++;
	if (own)
		name += 2;
	if (!strchr(name, '`') && dt_tspec_fwd(pcb, ts, name, is_union))
		return 0;
	/* D's, not the kernel's */
	if (own && !dt_sou_lookup(&pcb->pcb_prog, name, is_union))
		return dt_error(pcb, loc, "D_TYPE_ERR", "%s D`%s is not a known "
				"type: the script does not define it",
				is_union ? "union" : "struct", name);
	return dt_sou_type(pcb, name, is_union, loc, &ts->ts_type);
}

int dt_tspec_type(struct dt_pcb *pcb, const struct dt_loc *loc,
		  const struct dt_tspec *ts, struct dt_type *out)
{
	int nint = ts->ts_short + ts->ts_long + ts->ts_signed +
		ts->ts_unsigned;
	int nname = ts->ts_char + ts->ts_int + ts->ts_named + ts->ts_string +
		ts->ts_void;

	if (ts->ts_fwd[0]) {
		struct dt_tspec base = *ts;

		base.ts_fwd[0] = '\0';
		if (dt_sou_type(pcb, ts->ts_fwd, ts->ts_fwdunion, loc,
				&base.ts_type))
			return -1;
		return dt_tspec_type(pcb, loc, &base, out);
	}
	if (ts->ts_ptr) {
		struct dt_tspec base = *ts;
		struct dt_type bt;

		base.ts_ptr = 0;
		if (dt_tspec_type(pcb, loc, &base, &bt))
			return -1;
		if (bt.kind == DT_T_STRING)
			return dt_error(pcb, loc, "D_TYPE_ERR",
					"pointers to string are not "
					"supported");
		while (base.ts_ptr++ < ts->ts_ptr)
			bt = dt_type_ptrto(&bt);
		*out = bt;
		return 0;
	}
	/* in DTrace's order: two type names, then what qualifies them */
	if (nname > 1 || ts->ts_signed > 1 || ts->ts_unsigned > 1 ||
	    ts->ts_short > 1 || (ts->ts_signed && ts->ts_unsigned))
		return dt_error(pcb, loc, "D_DECL_COMBO",
				"invalid type combination");
	if (ts->ts_named || ts->ts_string || ts->ts_void) {
		if (nint)
			return dt_tspec_attr(pcb, loc, ts, false);
		*out = ts->ts_named ? ts->ts_type : ts->ts_string ?
			dt_type_string : dt_type_void;
		return 0;
	}
	if (ts->ts_char && (ts->ts_short || ts->ts_long))
		return dt_tspec_attr(pcb, loc, ts, true);
	if ((ts->ts_short && ts->ts_long) || ts->ts_long > 2)
		return dt_tspec_unknown(pcb, loc, ts);
	memset(out, 0, sizeof(*out));
	out->kind = DT_T_INT;
	out->is_signed = !ts->ts_unsigned;
	out->size = ts->ts_char ? 1 : ts->ts_short ? 2 : ts->ts_long ? 8 : 4;
	return 0;
}

struct dt_pdesc *dt_parse_pdesc(char *text, const void *loc)
{
	struct dt_pdesc *p = calloc(1, sizeof(*p));

	if (!p) {
		free(text);
		return NULL;
	}
	p->pd_text = text;
	p->pd_loc = *(const struct dt_loc *)loc;
	return p;
}

int dt_parse_clause(struct dt_pcb *pcb, struct dt_pdesc *probes,
		    struct dt_node *pred, struct dt_node *stmts,
		    const void *loc)
{
	struct dt_clause *c = calloc(1, sizeof(*c)), **pp;

	if (!c) {
		dt_node_free(pred);
		dt_node_free(stmts);
		while (probes) {
			struct dt_pdesc *n = probes->pd_next;

			free(probes->pd_text);
			free(probes);
			probes = n;
		}
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	}
	c->c_probes = probes;
	c->c_pred = pred;
	c->c_stmts = stmts;
	c->c_loc = *(const struct dt_loc *)loc;
	c->c_index = pcb->pcb_prog.p_nclauses++;
	for (pp = &pcb->pcb_prog.p_clauses; *pp; pp = &(*pp)->c_next)
		;
	*pp = c;
	return 0;
}

/* inline type name = expr; a name for an expression, typed. */
int dt_parse_inline(struct dt_pcb *pcb, const struct dt_tspec *ts, char *name,
		    struct dt_node *expr, const void *loc)
{
	struct dt_decl *d = calloc(1, sizeof(*d)), **pp;
	const struct dt_loc *l = loc;

	if (!d) {
		free(name);
		dt_node_free(expr);
		return dt_error(pcb, l, "D_NOMEM", "out of memory");
	}
	d->d_name = name;
	d->d_loc = *l;
	d->d_inline = expr;
	for (pp = &pcb->pcb_prog.p_decls; *pp; pp = &(*pp)->d_next)
		;
	*pp = d;
	if (dt_tspec_type(pcb, l, ts, &d->d_type))
		return -1;
	if (d->d_type.kind == DT_T_VOID)
		return dt_error(pcb, l, "D_DECL_VOID", "cannot declare "
				"inline %s as type void", name);
	/* a struct by value only as a translator makes one: fds[] */
	if (d->d_type.kind == DT_T_SOU && expr->n_kind != DT_N_XLATE)
		return dt_error(pcb, l, "D_UNSUPPORTED", "variables of type "
				"%s are not supported: use a pointer",
				dt_type_name(&d->d_type));
	return 0;
}

void dt_ilist_free(struct dt_ilist *il)
{
	int i;

	for (i = 0; i < il->il_n; i++)
		free(il->il_names[i]);
	il->il_n = 0;
}

int dt_parse_inline_params(struct dt_pcb *pcb, const struct dt_tspec *ts,
			   char *name, struct dt_ilist *il,
			   struct dt_node *expr, const void *loc, bool call)
{
	struct dt_decl *d;
	int i, j;

	/* D's own subroutines written in D (getf( )); not a script's */
	if (call && !pcb->pcb_inlib) {
		dt_error(pcb, loc, "D_DECL_FUNC", "inline %s( ): only D's "
			 "library may declare a subroutine; declare "
			 "inline %s[ ] and index it", name, name);
		dt_ilist_free(il);
		free(name);
		dt_node_free(expr);
		return -1;
	}
	for (i = 0; i < il->il_n; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(il->il_names[i], il->il_names[j])) {
				dt_error(pcb, loc, "D_DECL_IDRED", "identifier "
					 "redeclared: %s", il->il_names[i]);
				dt_ilist_free(il);
				free(name);
				dt_node_free(expr);
				return -1;
			}
	if (dt_parse_inline(pcb, ts, name, expr, loc)) {
		dt_ilist_free(il);
		return -1;
	}
	/* dt_parse_inline appended it: the list's last */
	for (d = pcb->pcb_prog.p_decls; d->d_next; d = d->d_next)
		;
	d->d_nkeys = il->il_n;
	d->d_call = call;
	for (i = 0; i < il->il_n; i++) {
		d->d_keys[i] = il->il_types[i];
		d->d_pnames[i] = il->il_names[i];
	}
	il->il_n = 0;
	return 0;
}

/*
 * translator out < in param > { member = expr; ... }: kept whole, each
 * member's expression resolved where a script uses it (dt_xlate.c).
 */
int dt_parse_xlator(struct dt_pcb *pcb, const struct dt_tspec *out,
		    const struct dt_tspec *in, char *param,
		    struct dt_node *mems, const void *loc)
{
	struct dt_xlator *x = calloc(1, sizeof(*x)), **pp;
	const struct dt_loc *l = loc;
	const struct dt_node *m, *o;

	if (!x) {
		free(param);
		dt_node_free(mems);
		return dt_error(pcb, l, "D_NOMEM", "out of memory");
	}
	x->x_param = param;
	x->x_mems = mems;
	x->x_loc = *l;
	for (pp = &pcb->pcb_prog.p_xlators; *pp; pp = &(*pp)->x_next)
		;
	*pp = x;
	if (dt_tspec_type(pcb, l, out, &x->x_out) ||
	    dt_tspec_type(pcb, l, in, &x->x_in))
		return -1;
	if (x->x_out.kind != DT_T_SOU)
		return dt_error(pcb, l, "D_XLATE_SOU", "translator output "
				"type must be a struct or union: %s",
				dt_type_name(&x->x_out));
	for (m = mems; m; m = m->n_next) {
		const char *name = m->n_left->n_str;

		if (!dt_sou_member(x->x_out.sou, name))
			return dt_error(pcb, &m->n_loc, "D_XLATE_MEMB",
					"translator member %s is not a member "
					"of %s", name,
					dt_type_name(&x->x_out));
		for (o = mems; o != m; o = o->n_next)
			if (strcmp(o->n_left->n_str, name) == 0)
				return dt_error(pcb, &m->n_loc, "D_XLATE_REDECL",
						"translator member %s "
						"redeclared", name);
	}
	return 0;
}

int dt_yylex(DT_YYSTYPE *lval, DT_YYLTYPE *lloc, void *scanner)
{
	struct dt_pcb *pcb = dt_yyget_extra(scanner);
	int tok = dt_lex_scan(lval, lloc, scanner);

	if (tok == 0) {
		pcb->pcb_eof = true;
		lloc->first_line = lloc->last_line = pcb->pcb_line;
		lloc->first_column = lloc->last_column = pcb->pcb_col;
	}
	if (tok == DT_TOK_ERROR && !pcb->pcb_failed) {
		/* a reserved word used as a name */
		free(lval->str);
		lval->str = NULL;
		dt_error(pcb, (struct dt_loc *)lloc, "D_SYNTAX",
			 "syntax error near \"%s\"", pcb->pcb_lasttok);
	}
	return tok;
}

void dt_yyerror(DT_YYLTYPE *lloc, void *scanner, struct dt_pcb *pcb,
		const char *msg)
{
	(void)scanner;
	/* the parser's stack at YYMAXDEPTH, never malloc's failure */
	if (strstr(msg, "memory exhausted")) {
		dt_error(pcb, (struct dt_loc *)lloc, "D_SYNTAX",
			 "expressions or statements nested too deeply near "
			 "\"%s\"", pcb->pcb_lasttok);
		return;
	}
	if (pcb->pcb_eof)
		dt_error(pcb, (struct dt_loc *)lloc, "D_SYNTAX",
			 "syntax error near end of input");
	else
		dt_error(pcb, (struct dt_loc *)lloc, "D_SYNTAX",
			 "syntax error near \"%s\"", pcb->pcb_lasttok);
}

int dt_yyparse(void *scanner, struct dt_pcb *pcb);

/* pcb's source text into its program: declarations, clauses. */
static int dt_parse_text(struct dt_pcb *pcb)
{
	int rc;

	if (dt_lex_begin(pcb))
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	rc = dt_yyparse(pcb->pcb_scanner, pcb);
	dt_lex_end(pcb);
	if (rc && !pcb->pcb_failed)
		dt_error(pcb, NULL, "D_SYNTAX", "syntax error");
	return pcb->pcb_failed ? -1 : 0;
}

int dt_parse_types_text(struct dt_pcb *pcb, const char *text, size_t len)
{
	const char *src = pcb->pcb_src;
	size_t srclen = pcb->pcb_srclen;
	int rc;

	pcb->pcb_src = text;
	pcb->pcb_srclen = len;
	rc = dt_parse_text(pcb);
	pcb->pcb_src = src;
	pcb->pcb_srclen = srclen;
	pcb->pcb_eof = false;
	return rc;
}

int dt_parse(struct dt_pcb *pcb)
{
	if (dt_lib_load(pcb, dt_parse_text) || dt_parse_text(pcb))
		return -1;
	return 0;	/* no clause is D_EMPTY after the declarations */
}

struct dt_node *dt_parse_pred(struct dt_pcb *pcb, const char *text)
{
	struct dt_pcb sub;
	struct dt_node *n = NULL;
	char src[4096];	/* the stable providers' conditions are long */

	snprintf(src, sizeof(src), "BEGIN /%s/ {}", text);
	dt_pcb_setup(&sub, src, NULL, pcb->pcb_opts);
	sub.pcb_fe = pcb->pcb_fe;
	sub.pcb_dpred = pcb->pcb_dpred;
	if (!dt_parse(&sub) && sub.pcb_prog.p_clauses) {
		n = sub.pcb_prog.p_clauses->c_pred;
		sub.pcb_prog.p_clauses->c_pred = NULL;
	}
	/* n's kernel types (a cast) live as long as the caller's program */
	while (n && sub.pcb_prog.p_sous) {
		struct dt_sou *s = sub.pcb_prog.p_sous;

		sub.pcb_prog.p_sous = s->s_next;
		s->s_next = pcb->pcb_prog.p_sous;
		pcb->pcb_prog.p_sous = s;
	}
	dt_pcb_fini(&sub);
	return n;
}

const struct dt_frontend dt_frontend_d = {
	.fe_name	= "D",
	.fe_parse	= dt_parse,
};
