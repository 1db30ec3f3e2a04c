// SPDX-License-Identifier: GPL-2.0
/*
 * The preprocessor lines of bpftrace's scripts, before the lexer sees
 * them. bpftrace hands its scripts to clang's preprocessor; the tools
 * Debian ships use little of it:
 *
 *   #ifndef BPFTRACE_HAVE_BTF        (kernel types known: skip the rest)
 *   #include <linux/sched.h>         (types come from BTF here: ignored)
 *   struct nameidata { ... };        (what BTF would give)
 *   #else
 *   #include <sys/socket.h>
 *   #endif
 *
 * So this knows #include (ignored), #define NAME [value] (object-like,
 * replaced where NAME is an identifier), #define NAME(a, b) value
 * (function-like: its arguments on the line of the call, the result
 * scanned again; a directive may go on over lines ending in '\'),
 * #undef, #ifdef, #ifndef, #if
 * with defined(NAME), !defined(NAME) or an integer, #else and #endif.
 * BPFTRACE_HAVE_BTF is defined when the kernel's types can be loaded,
 * which is asked only when a script tests it. Anything else is an
 * error naming the directive.
 *
 * The output has the input's lines, directives and skipped lines left
 * empty, so the lexer's lines are the script's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_btf.h"
#include "dt_error.h"

#define BT_CPP_DEFS	64	/* #define names a script may hold */
#define BT_CPP_DEPTH	16	/* nested #if */
#define BT_CPP_PARAMS	16	/* a function-like macro's parameters */
#define BT_CPP_NEST	16	/* macros expanded within macros */
#define BT_CPP_CALLS	10000	/* function-like expansions in all */

struct bt_cpp {
	struct dt_pcb	*pcb;
	char		*names[BT_CPP_DEFS];
	char		*values[BT_CPP_DEFS];
	char		*params[BT_CPP_DEFS][BT_CPP_PARAMS];
	int		nparams[BT_CPP_DEFS];	/* -1: object-like */
	int		ndefs;
	const char	*start;		/* of the text being copied */
	int		nest;		/* expansions being scanned */
	int		ncalls;		/* function-like expansions so far */
	int		col;		/* of the name being expanded */
	const char	*lstart;	/* the script's line being copied */
	bool		failed;
	bool		live[BT_CPP_DEPTH];	/* its lines count */
	bool		taken[BT_CPP_DEPTH];	/* an #else was seen */
	int		ifline[BT_CPP_DEPTH], ifcol[BT_CPP_DEPTH];
	int		depth;
	bool		comment;	/* inside a block comment */
	char		*out;
	size_t		len, cap;
	int		line;
};

static bool bt_cpp_live(const struct bt_cpp *c)
{
	int i;

	for (i = 0; i < c->depth; i++)
		if (!c->live[i])
			return false;
	return true;
}

static void bt_cpp_put(struct bt_cpp *c, const char *s, size_t n)
{
	if (c->len + n + 1 > c->cap) {
		size_t cap = (c->cap + n + 1) * 2;
		char *p = realloc(c->out, cap);

		if (!p) {
			fputs("dtrace: out of memory\n", stderr);
			exit(1);
		}
		c->out = p;
		c->cap = cap;
	}
	memcpy(c->out + c->len, s, n);
	c->len += n;
	c->out[c->len] = '\0';
}

static int bt_cpp_err(struct bt_cpp *c, int col, const char *fmt,
		      const char *arg, int argn)
{
	struct dt_loc loc = {
		.first_line = c->line, .last_line = c->line,
		.first_column = col, .last_column = col,
	};

	return dt_error(c->pcb, &loc, "BT_CPP", fmt, argn, arg);
}

static int bt_cpp_find(const struct bt_cpp *c, const char *name, size_t n)
{
	int i;

	for (i = 0; i < c->ndefs; i++)
		if (strlen(c->names[i]) == n && !strncmp(c->names[i], name, n))
			return i;
	return -1;
}

/* Is name defined? BPFTRACE_HAVE_BTF: can the kernel's types load? */
static bool bt_cpp_defined(const struct bt_cpp *c, const char *name,
			   size_t n)
{
	static const char btf[] = "BPFTRACE_HAVE_BTF";
	char err[512];

	if (bt_cpp_find(c, name, n) >= 0)
		return true;
	if (n == sizeof(btf) - 1 && !strncmp(name, btf, n))
		return dt_btf_kernel(err, sizeof(err)) != NULL;
	return false;
}

static size_t bt_cpp_idlen(const char *p)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n;
}

static const char *bt_cpp_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

/*
 * #if's condition: an integer, defined(NAME), defined NAME, each
 * perhaps after '!'. 0 or 1, or -1 for what this does not know.
 */
static int bt_cpp_cond(const struct bt_cpp *c, const char *p, const char *end)
{
	bool neg = false, paren = false, v;
	size_t n;

	p = bt_cpp_ws(p);
	while (*p == '!') {
		neg = !neg;
		p = bt_cpp_ws(p + 1);
	}
	if (isdigit((unsigned char)*p)) {
		char *e;

		v = strtoll(p, &e, 0) != 0;
		p = e;
	} else if (!strncmp(p, "defined", 7) && !bt_cpp_idlen(p + 7) &&
		   p[7] != '_') {
		p = bt_cpp_ws(p + 7);
		if (*p == '(') {
			paren = true;
			p = bt_cpp_ws(p + 1);
		}
		n = bt_cpp_idlen(p);
		if (!n)
			return -1;
		v = bt_cpp_defined(c, p, n);
		p = bt_cpp_ws(p + n);
		if (paren && *p++ != ')')
			return -1;
	} else {
		return -1;
	}
	p = bt_cpp_ws(p);
	if (p != end && strncmp(p, "//", 2) && strncmp(p, "/*", 2))
		return -1;
	return v != neg;
}

/* Definition i's value and parameters (not its name). */
static void bt_cpp_free(struct bt_cpp *c, int i)
{
	int j;

	free(c->values[i]);
	c->values[i] = NULL;
	for (j = 0; j < c->nparams[i]; j++) {
		free(c->params[i][j]);
		c->params[i][j] = NULL;
	}
	c->nparams[i] = -1;
}

static int bt_cpp_define(struct bt_cpp *c, const char *p, const char *end,
			 int col)
{
	size_t n = bt_cpp_idlen(p);
	const char *v;
	int i;

	if (!n)
		return bt_cpp_err(c, col, "%.*s: #define needs a name", p, 0);
	v = p[n] == '(' ? p + n + 1 : bt_cpp_ws(p + n);
	i = bt_cpp_find(c, p, n);
	if (i < 0) {
		if (c->ndefs == BT_CPP_DEFS)
			return bt_cpp_err(c, col, "too many #define names "
					  "(at most 64): %.*s", p, (int)n);
		i = c->ndefs++;
		c->names[i] = strndup(p, n);
	} else {
		bt_cpp_free(c, i);
	}
	c->nparams[i] = -1;
	if (p[n] == '(') {
		/* NAME(a, b): the parameters up to ')' */
		c->nparams[i] = 0;
		for (v = bt_cpp_ws(v); v < end && *v != ')';) {
			size_t pn = bt_cpp_idlen(v);

			if (!pn || c->nparams[i] == BT_CPP_PARAMS) {
				c->values[i] = strdup("");
				return bt_cpp_err(c, col, "#define %.*s: its "
						  "parameters must be at most "
						  "16 names", p, (int)n);
			}
			c->params[i][c->nparams[i]++] = strndup(v, pn);
			v = bt_cpp_ws(v + pn);
			if (*v == ',')
				v = bt_cpp_ws(v + 1);
		}
		if (v >= end) {
			c->values[i] = strdup("");
			return bt_cpp_err(c, col, "#define %.*s( without ')'",
					  p, (int)n);
		}
		v = bt_cpp_ws(v + 1);
	}
	for (p = v; p < end; p++)	/* a comment ends the value */
		if (p[0] == '/' && (p[1] == '/' || p[1] == '*'))
			end = p;
	while (end > v && isspace((unsigned char)end[-1]))
		end--;
	c->values[i] = strndup(v, (size_t)(end - v));
	if (!c->names[i] || !c->values[i]) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return 0;
}

static void bt_cpp_undef(struct bt_cpp *c, const char *p)
{
	int i = bt_cpp_find(c, p, bt_cpp_idlen(p)), j;

	if (i < 0)
		return;
	bt_cpp_free(c, i);
	free(c->names[i]);
	c->ndefs--;
	c->names[i] = c->names[c->ndefs];
	c->values[i] = c->values[c->ndefs];
	c->nparams[i] = c->nparams[c->ndefs];
	for (j = 0; j < BT_CPP_PARAMS; j++)
		c->params[i][j] = c->params[c->ndefs][j];
}

/* One directive line, p just after its '#'. */
static int bt_cpp_directive(struct bt_cpp *c, const char *line,
			    const char *p, const char *end)
{
	bool live = bt_cpp_live(c);
	int col = (int)(p - line), v;
	size_t n;

	p = bt_cpp_ws(p);
	n = bt_cpp_idlen(p);
#define IS(s)	(n == sizeof(s) - 1 && !strncmp(p, s, n))
	if (IS("ifdef") || IS("ifndef") || IS("if")) {
		const char *a = bt_cpp_ws(p + n);

		if (c->depth == BT_CPP_DEPTH)
			return bt_cpp_err(c, col, "#if nested too deep (at "
					  "most %d)%s", "", BT_CPP_DEPTH);
		if (IS("if")) {
			v = live ? bt_cpp_cond(c, a, end) : 0;
			if (v < 0)
				return bt_cpp_err(c, col, "#if supports only "
						  "defined(NAME) and integers: "
						  "%.*s", p, (int)(end - p));
		} else {
			size_t an = bt_cpp_idlen(a);

			if (!an)
				return bt_cpp_err(c, col, "#%.*s needs a name",
						  p, (int)n);
			v = live && bt_cpp_defined(c, a, an) == IS("ifdef");
		}
		c->live[c->depth] = v;
		c->ifline[c->depth] = c->line;
		c->ifcol[c->depth] = col;
		c->taken[c->depth++] = false;
		return 0;
	}
	if (IS("else") || IS("endif")) {
		if (!c->depth)
			return bt_cpp_err(c, col, "#%.*s without #if", p,
					  (int)n);
		if (IS("endif")) {
			c->depth--;
		} else if (c->taken[c->depth - 1]) {
			return bt_cpp_err(c, col, "#else after #else%.*s", "",
					  0);
		} else {
			c->taken[c->depth - 1] = true;
			c->live[c->depth - 1] = !c->live[c->depth - 1];
		}
		return 0;
	}
	if (!live)
		return 0;
	if (IS("include"))
		return 0;
	if (IS("define"))
		return bt_cpp_define(c, bt_cpp_ws(p + n), end, col);
	if (IS("undef")) {
		bt_cpp_undef(c, bt_cpp_ws(p + n));
		return 0;
	}
#undef IS
	return bt_cpp_err(c, col, "the C preprocessor directive #%.*s is "
			  "not supported", p, n ? (int)n : 1);
}

static void bt_cpp_copy(struct bt_cpp *c, const char *p, const char *end);

/* From p, just past a string's opening quote: just past its end. */
static const char *bt_cpp_skipstr(const char *p, const char *end)
{
	for (; p < end && *p != '"'; p++)
		if (*p == '\\' && p + 1 < end)
			p++;
	return p < end ? p + 1 : p;
}

/*
 * The call of function-like macro i at p (just past its name): its
 * value with the arguments in place of the parameters, scanned again.
 * The end of the call, or NULL when no '(' follows (the name alone).
 */
static const char *bt_cpp_call(struct bt_cpp *c, int i, const char *p,
			       const char *end)
{
	const char *args[BT_CPP_PARAMS + 1], *aend[BT_CPP_PARAMS + 1];
	const char *q = bt_cpp_ws(p), *v, *save = c->start;
	struct bt_cpp sub;
	int na = 0, depth = 0, k;

	if (q >= end || *q != '(')
		return NULL;
	args[0] = ++q;
	for (; q < end; q++) {
		if (*q == '"') {
			q = bt_cpp_skipstr(q + 1, end) - 1;
		} else if (*q == '(') {
			depth++;
		} else if (*q == ',' && !depth && na < BT_CPP_PARAMS) {
			aend[na++] = q;
			args[na] = q + 1;
		} else if (*q == ')' && !depth--) {
			break;
		}
	}
	if (q >= end) {
		bt_cpp_err(c, c->col, "unterminated argument list invoking "
			   "macro \"%.*s\" (the call must be on one line)",
			   c->names[i], (int)strlen(c->names[i]));
		c->failed = true;
		return end;
	}
	aend[na++] = q;
	if (na == 1 && c->nparams[i] == 0 && bt_cpp_ws(args[0]) == q)
		na = 0;		/* F( ) */
	if (na != c->nparams[i] || c->nest == BT_CPP_NEST ||
	    ++c->ncalls > BT_CPP_CALLS) {
		bt_cpp_err(c, c->col, c->nest == BT_CPP_NEST ||
			   c->ncalls > BT_CPP_CALLS ?
			   "macro \"%.*s\" expands within itself too deep "
			   "or too often" :
			   "macro \"%.*s\" given the wrong number of "
			   "arguments", c->names[i], (int)strlen(c->names[i]));
		c->failed = true;
		return end;
	}
	/* the value, parameters replaced, in a buffer of its own */
	sub = (struct bt_cpp){ .pcb = c->pcb };
	for (v = c->values[i]; *v;) {
		size_t n = bt_cpp_idlen(v);

		if (*v == '"') {
			const char *e = bt_cpp_skipstr(v + 1, v + strlen(v));

			bt_cpp_put(&sub, v, (size_t)(e - v));
			v = e;
			continue;
		}
		if (!n) {
			bt_cpp_put(&sub, v++, 1);
			continue;
		}
		for (k = 0; k < na; k++)
			if (strlen(c->params[i][k]) == n &&
			    !strncmp(c->params[i][k], v, n))
				break;
		if (k < na) {
			const char *a = bt_cpp_ws(args[k]), *e = aend[k];

			while (e > a && isspace((unsigned char)e[-1]))
				e--;
			bt_cpp_put(&sub, a, (size_t)(e - a));
		} else {
			bt_cpp_put(&sub, v, n);
		}
		v += n;
	}
	bt_cpp_put(&sub, "", 0);
	c->nest++;
	c->start = sub.out;
	bt_cpp_copy(c, sub.out, sub.out + sub.len);
	c->start = save;
	c->nest--;
	free(sub.out);
	return q + 1;
}

/*
 * A live line: copied, with #define'd names replaced outside strings
 * and comments, and the block comment state carried to the next line.
 */
static void bt_cpp_copy(struct bt_cpp *c, const char *p, const char *end)
{
	while (p < end) {
		const char *s = p;
		size_t n;
		int i;

		if (c->comment) {
			const char *e = strstr(p, "*/");

			if (!e || e >= end) {
				bt_cpp_put(c, p, (size_t)(end - p));
				return;
			}
			bt_cpp_put(c, p, (size_t)(e + 2 - p));
			p = e + 2;
			c->comment = false;
			continue;
		}
		if (p[0] == '/' && p[1] == '*') {
			c->comment = true;
			bt_cpp_put(c, p, 2);
			p += 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			bt_cpp_put(c, p, (size_t)(end - p));
			return;
		}
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++)
				if (*p == '\\' && p + 1 < end)
					p++;
			if (p < end)
				p++;
			bt_cpp_put(c, s, (size_t)(p - s));
			continue;
		}
		n = bt_cpp_idlen(p);
		if (n && !c->nest)
			c->col = (int)(p - c->lstart) + 1;
		if (n) {
			/* $x, @m, attach points' parts are not macros */
			bool word = p == c->start ||
				(p[-1] != '$' && p[-1] != '@' &&
				 p[-1] != ':' && p[-1] != '.' &&
				 !isalnum((unsigned char)p[-1]));

			i = word ? bt_cpp_find(c, p, n) : -1;
			if (i >= 0 && c->nparams[i] >= 0) {
				const char *r = bt_cpp_call(c, i, p + n, end);

				if (r) {
					p = r;
					continue;
				}
				bt_cpp_put(c, p, n);	/* no '(': the name */
			} else if (i >= 0)
				bt_cpp_put(c, c->values[i],
					   strlen(c->values[i]));
			else
				bt_cpp_put(c, p, n);
			p += n;
			continue;
		}
		bt_cpp_put(c, p, 1);
		p++;
	}
}

int bt_cpp(struct dt_pcb *pcb, char **out, size_t *outlen)
{
	struct bt_cpp c = { .pcb = pcb, .line = 1, .start = pcb->pcb_src };
	const char *p = pcb->pcb_src, *end = p + pcb->pcb_srclen;
	int rc = 0, i, more;

	bt_cpp_put(&c, "", 0);
	while (p < end && !rc) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		const char *q = bt_cpp_ws(p);

		if (!e)
			e = end;
		more = 0;
		c.lstart = p;
		if (c.line == 1 && p[0] == '#' && p[1] == '!') {
			;	/* the interpreter line */
		} else if (!c.comment && *q == '#') {
			/* a directive goes on over lines ending in '\' */
			struct bt_cpp j = { .pcb = pcb };

			while (e < end && e > p && e[-1] == '\\') {
				bt_cpp_put(&j, p, (size_t)(e - 1 - p));
				bt_cpp_put(&j, " ", 1);
				p = e + 1;
				e = memchr(p, '\n', (size_t)(end - p));
				if (!e)
					e = end;
				more++;
			}
			bt_cpp_put(&j, p, (size_t)(e - p));
			q = bt_cpp_ws(j.out);
			rc = bt_cpp_directive(&c, j.out, q + 1, j.out + j.len);
			free(j.out);
		} else if (bt_cpp_live(&c)) {
			bt_cpp_copy(&c, p, e);
			rc = c.failed ? -1 : 0;
		}
		c.line += more + 1;
		for (; more >= 0; more--)
			if (e < end || more)
				bt_cpp_put(&c, "\n", 1);
		p = e + 1;
	}
	if (!rc && c.depth) {
		c.line = c.ifline[c.depth - 1];
		rc = bt_cpp_err(&c, c.ifcol[c.depth - 1], "unterminated "
				"conditional directive: #if without "
				"#endif%.*s", "", 0);
	}
	for (i = 0; i < c.ndefs; i++) {
		bt_cpp_free(&c, i);
		free(c.names[i]);
	}
	if (rc) {
		free(c.out);
		return -1;
	}
	*out = c.out;
	*outlen = c.len;
	return 0;
}
