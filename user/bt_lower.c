// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's program in D's terms, on the AST the grammar built:
 *
 * - each attach point becomes a clause of its own (bt_probe.c names
 *   it), so built-ins like probe and retval know their probe type;
 * - built-ins: comm -> execname, nsecs -> timestamp, func -> probefunc,
 *   retval -> arg1, kstack/ustack -> stack()/ustack(), curtask ->
 *   curthread, elapsed -> timestamp minus the time of compilation, probe
 *   -> bpftrace's probe name;
 * - a map given count sum avg min max stats hist lhist is a D
 *   aggregation (stats -> stddev, hist -> quantize, lhist -> lquantize);
 *   any other map is a D global ("@name"; an array with keys), and
 *   delete(@m[k]) assigns it 0;
 * - functions: print -> printa, clear -> trunc, zero -> clear,
 *   str -> %str (copyinstr, or the string itself: bt_check.c), join ->
 *   a printf for each argument while argv[i] is not NULL.
 */
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_agg.h"
#include "dt_error.h"
#include "dt_types.h"

#define BT_MAXMAPS	256
#define BT_JOIN_ARGS	16	/* bpftrace's join reads at most 16 */

struct bt_ctx {
	struct dt_pcb	*pcb;
	const char	*aggs[BT_MAXMAPS];	/* maps that aggregate */
	int		naggs;
	const struct bt_probe *probe;
	int		njoins;
};

static const char *const bt_aggfuncs[][2] = {
	{ "count", "count" }, { "sum", "sum" }, { "avg", "avg" },
	{ "min", "min" }, { "max", "max" }, { "stats", "stddev" },
	{ "hist", "quantize" }, { "lhist", "lquantize" },
};

static char *bt_strdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return d;
}

static const char *bt_aggfunc(const char *name)
{
	size_t i;

	/* D's stats( ), where the consumer has bpftrace's output */
	if (strcmp(name, "stats") == 0 && dt_agg_func("stats"))
		return "stats";
	for (i = 0; i < sizeof(bt_aggfuncs) / sizeof(bt_aggfuncs[0]); i++)
		if (strcmp(bt_aggfuncs[i][0], name) == 0)
			return bt_aggfuncs[i][1];
	return NULL;
}

static bool bt_isagg(const struct bt_ctx *cx, const char *name)
{
	int i;

	for (i = 0; i < cx->naggs; i++)
		if (strcmp(cx->aggs[i], name) == 0)
			return true;
	return false;
}

/* The @name an assignment's left side names, or NULL. */
static const struct dt_node *bt_mapof(const struct dt_node *lhs)
{
	if (lhs->n_kind == DT_N_INDEX)
		lhs = lhs->n_left;
	return lhs->n_kind == DT_N_AGG ? lhs : NULL;
}

static void bt_findaggs(struct bt_ctx *cx, const struct dt_node *n)
{
	const struct dt_node *m;

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_IF) {
			bt_findaggs(cx, n->n_left);
			bt_findaggs(cx, n->n_right);
			continue;
		}
		if (n->n_kind != DT_N_ASSIGN || !(m = bt_mapof(n->n_left)) ||
		    n->n_right->n_kind != DT_N_CALL ||
		    !bt_aggfunc(n->n_right->n_str) ||
		    bt_isagg(cx, m->n_str) || cx->naggs == BT_MAXMAPS)
			continue;
		cx->aggs[cx->naggs++] = m->n_str;
	}
}

static struct dt_node *bt_ident(const char *name, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_IDENT, loc);

	n->n_str = bt_strdup(name);
	return n;
}

static struct dt_node *bt_str(const char *s, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_STR, loc);

	n->n_str = bt_strdup(s);
	return n;
}

static struct dt_node *bt_call(const char *name, struct dt_node *args,
			       const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_CALL, loc);

	n->n_str = bt_strdup(name);
	n->n_args = args;
	return n;
}

static struct dt_node *bt_this(const char *fmt, int a, int b,
			       const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_THIS, loc);
	char name[32];

	snprintf(name, sizeof(name), fmt, a, b);
	n->n_str = bt_strdup(name);
	return n;
}

/* Replace n's contents by r's, keeping n's place in its list. */
static void bt_replace(struct dt_node *n, struct dt_node *r)
{
	struct dt_node *next = n->n_next;

	n->n_next = NULL;
	dt_node_free(n->n_left);
	dt_node_free(n->n_right);
	dt_node_free(n->n_cond);
	dt_node_free(n->n_args);
	free(n->n_str);
	*n = *r;
	n->n_next = next;
	free(r);
}

/* strjoin(a, strjoin(b, ...)) of a NULL-terminated list. */
static struct dt_node *bt_strjoin(struct dt_node **parts)
{
	struct dt_node *r = parts[0];
	int i;

	for (i = 1; parts[i]; i++)
		;
	for (r = parts[--i]; i > 0; i--) {
		struct dt_node *l = parts[i - 1];

		l->n_next = r;
		r = bt_call("strjoin", l, &l->n_loc);
	}
	return r;
}

/* probe: bpftrace's name, built at run time when a glob matched many. */
static struct dt_node *bt_probename(const struct bt_probe *bp,
				    const struct dt_loc *loc)
{
	struct dt_node *p[6] = { NULL };
	char pre[2048];
	const char *colon;

	if (!bp->bp_glob)
		return bt_str(bp->bp_name, loc);
	switch (bp->bp_kind) {
	case BT_P_TRACEPOINT:
		p[0] = bt_str("tracepoint:", loc);
		p[1] = bt_ident("probemod", loc);
		p[2] = bt_str(":", loc);
		p[3] = bt_ident("probename", loc);
		break;
	default:
		/* kprobe:F, uprobe:PATH:F: all but F is known */
		colon = strrchr(bp->bp_name, ':');
		snprintf(pre, sizeof(pre), "%.*s",
			 (int)(colon - bp->bp_name + 1), bp->bp_name);
		p[0] = bt_str(pre, loc);
		p[1] = bt_ident("probefunc", loc);
		break;
	}
	return bt_strjoin(p);
}

static int bt_rw(struct bt_ctx *cx, struct dt_node *n);

static bool bt_isnum(const char *s)
{
	char *end;

	if (!s || !*s)
		return false;
	(void)strtoll(s, &end, 0);
	return *end == '\0';
}

static int bt_rwlist(struct bt_ctx *cx, struct dt_node *n)
{
	for (; n; n = n->n_next)
		if (bt_rw(cx, n))
			return -1;
	return 0;
}

static int bt_builtin(struct bt_ctx *cx, struct dt_node *n)
{
	static const char *const same[] = {
		"pid", "tid", "uid", "gid", "cpu", "arg0", "arg1",
		"arg2", "arg3", "arg4", "arg5", "arg6", "arg7", "arg8", "arg9",
	};
	static const char *const renamed[][2] = {
		{ "comm", "execname" }, { "nsecs", "timestamp" },
		{ "func", "probefunc" }, { "curtask", "curthread" },
	};
	const struct bt_probe *bp = cx->probe;
	const char *s = n->n_str;
	struct dt_node *r;
	size_t i;

	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		if (strcmp(s, same[i]) == 0)
			return 0;
	for (i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++) {
		if (strcmp(s, renamed[i][0]) == 0) {
			free(n->n_str);
			n->n_str = bt_strdup(renamed[i][1]);
			return 0;
		}
	}
	if (strcmp(s, "args") == 0) {
		/* a tracepoint's record; without BTF nothing else has one */
		if (bp->bp_kind != BT_P_TRACEPOINT)
			return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
					"args is only available in tracepoint "
					"probes here (there is no BTF): use "
					"arg0, arg1, ...");
		return 0;
	}
	if (strcmp(s, "retval") == 0) {
		if (bp->bp_kind != BT_P_KRETPROBE &&
		    bp->bp_kind != BT_P_URETPROBE)
			return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
					"The retval builtin can only be used "
					"with 'kretprobe' and 'uretprobe' "
					"probes");
		free(n->n_str);
		n->n_str = bt_strdup("arg1");
		return 0;
	}
	if (strcmp(s, "kstack") == 0 || strcmp(s, "ustack") == 0) {
		r = bt_call(s[0] == 'k' ? "stack" : "ustack", NULL, &n->n_loc);
	} else if (strcmp(s, "probe") == 0) {
		r = bt_probename(bp, &n->n_loc);
	} else if (strcmp(s, "elapsed") == 0) {
		/* timestamp is CLOCK_MONOTONIC's: count from now */
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		r = dt_node_op(DT_N_BINARY, DT_OP_SUB,
			       bt_ident("timestamp", &n->n_loc),
			       dt_node_int((int64_t)ts.tv_sec * 1000000000 +
					   ts.tv_nsec, &dt_type_long,
					   &n->n_loc), &n->n_loc);
		r->n_paren = true;
	} else if (strcmp(s, "cgroup") == 0 || strcmp(s, "username") == 0 ||
		   strcmp(s, "sarg0") == 0 || strcmp(s, "cpid") == 0) {
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
				"%s is not supported by this DTrace", s);
	} else {
		return dt_error(cx->pcb, &n->n_loc, "BT_IDENT",
				"Unknown identifier: '%s'", s);
	}
	bt_replace(n, r);
	return 0;
}

/* The one map argument of print, clear, zero; 0 if it aggregates. */
static int bt_maparg(struct bt_ctx *cx, struct dt_node *n, bool *agg)
{
	struct dt_node *a = n->n_args;

	if (!a || a->n_kind != DT_N_AGG || (strcmp(n->n_str, "print") != 0 &&
					    dt_node_count(a) != 1))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() expects "
				"a map argument", n->n_str);
	*agg = bt_isagg(cx, a->n_str);
	return 0;
}

/* @m[k] -> "@m"[k], @m -> "@m": a map that is not an aggregation. */
static void bt_mapvar(struct dt_node *n)
{
	char name[256];

	snprintf(name, sizeof(name), "@%s", n->n_str);
	free(n->n_str);
	n->n_str = bt_strdup(name);
	n->n_kind = DT_N_IDENT;
}

/* The text of conversion #k (0-based) of a printf format: [*b, *e). */
static int bt_pfconv(const char *f, int k, const char **b, const char **e)
{
	const char *p;

	for (p = f; (p = strchr(p, '%')); ) {
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		*b = p++;
		p += strspn(p, "-+ #0123456789.hlLjzt");
		if (!*p)
			return -1;
		*e = ++p;
		if (k-- == 0)
			return 0;
	}
	return -1;
}

/*
 * printf("... %s ...", strftime(fmt, t)), its arguments rewritten: the
 * conversion becomes %<fmt>T and the value t in wall-clock time
 * (bpftrace's t is nsecs).
 */
static int bt_strftime(struct bt_ctx *cx, struct dt_node *pf)
{
	struct dt_node *a, *f = pf->n_args;
	const char *b, *e;
	char *nf;
	int k = 0;

	for (a = f ? f->n_next : NULL; a; a = a->n_next, k++) {
		struct dt_node *tf, *t, *wall;

		if (a->n_kind != DT_N_CALL || strcmp(a->n_str, "strftime"))
			continue;
		tf = a->n_args;
		if (dt_node_count(tf) != 2 || tf->n_kind != DT_N_STR ||
		    f->n_kind != DT_N_STR || bt_pfconv(f->n_str, k, &b, &e))
			return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
					"strftime() is supported as a printf "
					"argument, with a string literal "
					"format");
		nf = malloc(strlen(f->n_str) + strlen(tf->n_str) + 4);
		if (!nf)
			return dt_error(cx->pcb, &a->n_loc, "D_NOMEM",
					"out of memory");
		sprintf(nf, "%.*s%%<%s>T%s", (int)(b - f->n_str), f->n_str,
			tf->n_str, e);
		free(f->n_str);
		f->n_str = nf;
		t = tf->n_next;
		tf->n_next = NULL;
		a->n_args = NULL;
		dt_node_free(tf);
		/* t + (walltimestamp - timestamp) */
		wall = dt_node_op(DT_N_BINARY, DT_OP_SUB,
				  bt_ident("walltimestamp", &a->n_loc),
				  bt_ident("timestamp", &a->n_loc), &a->n_loc);
		wall->n_paren = true;
		bt_replace(a, dt_node_op(DT_N_BINARY, DT_OP_ADD, t, wall,
					 &a->n_loc));
	}
	return 0;
}

static int bt_func(struct bt_ctx *cx, struct dt_node *n)
{
	static const char *const same[] = {
		"printf", "system", "exit", "count", "sum", "avg", "min",
		"max", "strjoin", "strlen", "strftime",
	};
	const char *s = n->n_str, *agg;
	int nargs = dt_node_count(n->n_args);
	struct dt_node *a = n->n_args;
	bool isagg = false;
	size_t i;

	if ((agg = bt_aggfunc(s))) {
		if (strcmp(s, "hist") == 0 && nargs != 1)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"hist() requires one argument (%d "
					"provided)", nargs);
		if (strcmp(s, "lhist") == 0 && nargs != 4)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"lhist() requires 4 arguments (%d "
					"provided)", nargs);
		free(n->n_str);
		n->n_str = bt_strdup(agg);
		return bt_rwlist(cx, n->n_args);
	}
	if (strcmp(s, "print") == 0 || strcmp(s, "clear") == 0 ||
	    strcmp(s, "zero") == 0) {
		if (bt_maparg(cx, n, &isagg))
			return -1;
		if (nargs > 1)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"print() takes a map, 0 and a divisor "
					"here: print(@m, 0, div)");
		if (!isagg)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"%s() of a map that is not an "
					"aggregation is not supported", s);
		agg = s[0] == 'p' ? "printa" : s[0] == 'c' ? "trunc" : "clear";
		free(n->n_str);	/* s too */
		n->n_str = bt_strdup(agg);
		return 0;
	}
	if (strcmp(s, "delete") == 0) {
		struct dt_node *m = a;

		if (nargs >= 2 && a->n_kind == DT_N_AGG) {
			/* delete(@m, k, ...): newer bpftrace's spelling */
			m = dt_node_op(DT_N_INDEX, DT_OP_NONE, a, NULL,
				       &a->n_loc);
			m->n_args = a->n_next;
			a->n_next = NULL;
			n->n_args = m;
		} else if (nargs != 1 || !bt_mapof(a)) {
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"delete() expects a map element");
		}
		if (bt_isagg(cx, bt_mapof(m)->n_str))
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"delete() of an aggregation's element "
					"is not supported: use clear()");
		n->n_args = NULL;
		bt_replace(n, dt_node_op(DT_N_ASSIGN, DT_OP_SET, m,
					 dt_node_int(0, &dt_type_int,
						     &n->n_loc), &n->n_loc));
		return bt_rw(cx, n);
	}
	if (strcmp(s, "str") == 0) {
		if (nargs < 1 || nargs > 2)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"str() requires 1 or 2 arguments (%d "
					"provided)", nargs);
		if (a->n_kind == DT_N_MACRO && nargs == 1) {
			a->n_post = true;	/* str($1): $$1 */
			n->n_args = NULL;
			bt_replace(n, a);
			return 0;
		}
		if (bt_rwlist(cx, a))
			return -1;
		if (nargs == 2) {
			/* str(s, n): at most n - 1 characters */
			struct dt_node *len = a->n_next, *inner;

			a->n_next = NULL;
			inner = bt_call("%str", a, &n->n_loc);
			inner->n_next = dt_node_int(0, &dt_type_int,
						    &n->n_loc);
			inner->n_next->n_next = dt_node_op(
				DT_N_BINARY, DT_OP_SUB, len,
				dt_node_int(1, &dt_type_int, &n->n_loc),
				&n->n_loc);
			n->n_args = inner;
			free(n->n_str);
			n->n_str = bt_strdup("substr");
			return 0;
		}
		free(n->n_str);
		n->n_str = bt_strdup("%str");
		return 0;
	}
	if (strcmp(s, "kstack") == 0 || strcmp(s, "ustack") == 0) {
		if (s[0] == 'k') {
			free(n->n_str);
			n->n_str = bt_strdup("stack");
		}
		return bt_rwlist(cx, n->n_args);
	}
	if (strcmp(s, "ksym") == 0) {
		free(n->n_str);
		n->n_str = bt_strdup("func");
		return bt_rwlist(cx, n->n_args);
	}
	if (strcmp(s, "strncmp") == 0) {
		/* 0 when equal: substr(a, 0, n) != substr(b, 0, n) */
		struct dt_node *b, *len, *sa, *sb;

		if (nargs != 3)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"strncmp() requires 3 arguments (%d "
					"provided)", nargs);
		if (bt_rwlist(cx, a))
			return -1;
		b = a->n_next;
		len = b->n_next;
		a->n_next = b->n_next = NULL;
		n->n_args = NULL;
		sa = bt_call("substr", a, &n->n_loc);
		a->n_next = dt_node_int(0, &dt_type_int, &n->n_loc);
		a->n_next->n_next = len;
		sb = bt_call("substr", b, &n->n_loc);
		b->n_next = dt_node_int(0, &dt_type_int, &n->n_loc);
		b->n_next->n_next = dt_node_copy(len);
		bt_replace(n, dt_node_op(DT_N_BINARY, DT_OP_NE, sa, sb,
					 &n->n_loc));
		return 0;
	}
	if (strcmp(s, "time") == 0) {
		/* printf's %<fmt>T formats walltimestamp with strftime */
		const char *tf = !a ? "%H:%M:%S\n" : nargs == 1 &&
			a->n_kind == DT_N_STR ? a->n_str : NULL;
		char *fmt;

		if (!tf)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"time() expects a string literal");
		fmt = malloc(strlen(tf) + 5);
		if (!fmt)
			return dt_error(cx->pcb, &n->n_loc, "D_NOMEM",
					"out of memory");
		sprintf(fmt, "%%<%s>T", tf);
		dt_node_free(n->n_args);
		n->n_args = bt_str(fmt, &n->n_loc);
		n->n_args->n_next = bt_ident("walltimestamp", &n->n_loc);
		free(fmt);
		free(n->n_str);
		n->n_str = bt_strdup("printf");
		return 0;
	}
	if (strcmp(s, "join") == 0)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
				"join() may only be used as a statement");
	for (i = 0; i < sizeof(same) / sizeof(same[0]); i++)
		if (strcmp(s, same[i]) == 0)
			break;
	if (i == sizeof(same) / sizeof(same[0]))
		return dt_error(cx->pcb, &n->n_loc, "BT_FUNC",
				"Unknown function: %s", s);
	if (strcmp(s, "exit") == 0 && nargs == 0)
		n->n_args = dt_node_int(0, &dt_type_int, &n->n_loc);
	if (bt_rwlist(cx, n->n_args))
		return -1;
	return strcmp(s, "printf") == 0 ? bt_strftime(cx, n) : 0;
}

static int bt_rw(struct bt_ctx *cx, struct dt_node *n)
{
	switch (n->n_kind) {
	case DT_N_IDENT:
		return bt_builtin(cx, n);
	case DT_N_MACRO:
		/* bpftrace's $N is a string when it is not a number */
		if (n->n_int > 0 && n->n_int < cx->pcb->pcb_argc &&
		    !bt_isnum(cx->pcb->pcb_argv[n->n_int]))
			n->n_post = true;
		return 0;
	case DT_N_AGG:
		if (!bt_isagg(cx, n->n_str))
			bt_mapvar(n);
		return 0;
	case DT_N_CALL:
		return bt_func(cx, n);
	case DT_N_IF:
		if (bt_rw(cx, n->n_cond))
			return -1;
		return bt_rwlist(cx, n->n_left) ?: bt_rwlist(cx, n->n_right);
	default:
		break;
	}
	if (n->n_left && bt_rw(cx, n->n_left))
		return -1;
	if (n->n_right && bt_rw(cx, n->n_right))
		return -1;
	if (n->n_cond && bt_rw(cx, n->n_cond))
		return -1;
	return bt_rwlist(cx, n->n_args);
}

/*
 * join(argv[, sep]) as a statement:
 *
 *   this->%jNp = argv;
 *   this->%jN0 = *(uint64 *)copyin(this->%jNp, 8);
 *   if (this->%jN0) { printf("%s", copyinstr(this->%jN0));
 *       this->%jN1 = *(uint64 *)copyin(this->%jNp + 8, 8);
 *       if (this->%jN1) { printf(" %s", ...); ... } }
 *   printf("\n");
 */
static struct dt_node *bt_join(struct bt_ctx *cx, struct dt_node *call)
{
	const struct dt_loc *loc = &call->n_loc;
	struct dt_node *argv = call->n_args, *sep = argv->n_next;
	struct dt_node *out, *inner = NULL, *set, *load, *pf;
	struct dt_type pt = dt_type_ptrto(&dt_type_ulong);
	char fmt[64];
	int id = cx->njoins++, i;

	/* the separator before each argument but the first */
	snprintf(fmt, sizeof(fmt), "%s%%s", sep && sep->n_kind == DT_N_STR ?
		 sep->n_str : " ");
	argv->n_next = NULL;
	for (i = BT_JOIN_ARGS - 1; i >= 0; i--) {
		struct dt_node *addr = bt_this("%%j%dp", id, 0, loc), *ifn;

		if (i)
			addr = dt_node_op(DT_N_BINARY, DT_OP_ADD, addr,
					  dt_node_int(8 * i, &dt_type_int,
						      loc), loc);
		addr->n_next = dt_node_int(8, &dt_type_int, loc);
		load = dt_node_op(DT_N_CAST, DT_OP_NONE,
				  bt_call("copyin", addr, loc), NULL, loc);
		load->n_ctype = pt;
		load = dt_node_op(DT_N_UNARY, DT_OP_DEREF, load, NULL, loc);
		set = dt_node_op(DT_N_ASSIGN, DT_OP_SET,
				 bt_this("%%j%d_%d", id, i, loc), load, loc);
		pf = bt_str(i ? fmt : "%s", loc);
		pf->n_next = bt_call("copyinstr",
				     bt_this("%%j%d_%d", id, i, loc), loc);
		pf = bt_call("printf", pf, loc);
		pf->n_next = inner;
		ifn = dt_node_op(DT_N_IF, DT_OP_NONE, pf, NULL, loc);
		ifn->n_cond = bt_this("%%j%d_%d", id, i, loc);
		set->n_next = ifn;
		inner = set;
	}
	out = dt_node_op(DT_N_ASSIGN, DT_OP_SET, bt_this("%%j%dp", id, 0, loc),
			 argv, loc);
	out->n_next = inner;
	pf = bt_call("printf", bt_str("\n", loc), loc);
	dt_node_append(out, pf);
	dt_node_free(sep);
	call->n_args = NULL;
	return out;
}

/*
 * print(@m, 0, div) as normalize(@m, div); printa(@m); denormalize(@m).
 * bpftrace's top (the second argument) is only 0 here: D's trunc( )
 * would drop the other keys for good.
 */
static struct dt_node *bt_printdiv(struct bt_ctx *cx, struct dt_node *call)
{
	struct dt_node *m = call->n_args, *top = m->n_next;
	struct dt_node *div = top ? top->n_next : NULL, *out;

	if (dt_node_count(m) > 3 || top->n_kind != DT_N_INT || top->n_int) {
		dt_error(cx->pcb, &call->n_loc, "BT_CALL", "print() with a top "
			 "count is not supported: print(@m) or print(@m, 0, "
			 "div)");
		return NULL;
	}
	m->n_next = NULL;
	if (!div) {
		dt_node_free(top);
		call->n_args = m;
		return bt_rw(cx, call) ? NULL : call;
	}
	top->n_next = NULL;
	dt_node_free(top);
	if (bt_rw(cx, div))
		return NULL;
	call->n_args = NULL;
	m->n_next = div;
	out = bt_call("normalize", m, &call->n_loc);
	out->n_next = bt_call("printa", dt_node_copy(m), &call->n_loc);
	out->n_next->n_next = bt_call("denormalize", dt_node_copy(m),
				      &call->n_loc);
	return out;
}

/* Expand join( ) statements, then rewrite each statement. */
static struct dt_node *bt_stmts(struct bt_ctx *cx, struct dt_node *list)
{
	struct dt_node *out = NULL, *s, *next;

	for (s = list; s; s = next) {
		next = s->n_next;
		s->n_next = NULL;
		if (s->n_kind == DT_N_CALL && strcmp(s->n_str, "join") == 0 &&
		    !cx->pcb->pcb_failed) {
			struct dt_node *j;

			if (dt_node_count(s->n_args) < 1 ||
			    dt_node_count(s->n_args) > 2) {
				dt_error(cx->pcb, &s->n_loc, "BT_CALL",
					 "join() requires 1 or 2 arguments");
			} else if (!bt_rw(cx, s->n_args)) {
				j = bt_join(cx, s);
				dt_node_free(s);
				out = dt_node_append(out, j);
				continue;
			}
		} else if (s->n_kind == DT_N_CALL &&
			   strcmp(s->n_str, "print") == 0 &&
			   dt_node_count(s->n_args) > 1 &&
			   !cx->pcb->pcb_failed) {
			struct dt_node *p = bt_printdiv(cx, s);

			if (p && p != s) {
				dt_node_free(s);
				s = p;
			}
		} else if (s->n_kind == DT_N_IF) {
			if (!cx->pcb->pcb_failed)
				bt_rw(cx, s->n_cond);
			s->n_left = bt_stmts(cx, s->n_left);
			s->n_right = bt_stmts(cx, s->n_right);
		} else if (!cx->pcb->pcb_failed) {
			bt_rw(cx, s);
		}
		out = dt_node_append(out, s);
	}
	return out;
}

/* With -p or -c, bpftrace's uprobes fire in that process only. */
static void bt_pidpred(struct dt_pcb *pcb, const struct bt_probe *bp,
		       struct dt_clause *c)
{
	struct dt_node *p;

	if (!pcb->pcb_target || (bp->bp_kind != BT_P_UPROBE &&
				 bp->bp_kind != BT_P_URETPROBE))
		return;
	p = dt_node_op(DT_N_BINARY, DT_OP_EQ, bt_ident("pid", &c->c_loc),
		       dt_node_int(pcb->pcb_target, &dt_type_int, &c->c_loc),
		       &c->c_loc);
	if (c->c_pred)
		p = dt_node_op(DT_N_LOGICAL, DT_OP_LAND, p, c->c_pred,
			       &c->c_loc);
	c->c_pred = p;
}

static struct dt_clause *bt_clause_new(struct dt_pcb *pcb, const char *desc,
				       const struct dt_loc *loc)
{
	struct dt_clause *c = calloc(1, sizeof(*c));

	if (!c || !(c->c_probes = calloc(1, sizeof(*c->c_probes)))) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	c->c_probes->pd_text = bt_strdup(desc);
	c->c_probes->pd_loc = *loc;
	c->c_loc = *loc;
	(void)pcb;
	return c;
}

/* A statement list's copy: an if's blocks are lists too. */
struct dt_node *bt_copylist(const struct dt_node *n)
{
	struct dt_node *head = NULL, *c;

	for (; n; n = n->n_next) {
		c = dt_node_copy(n);
		if (n->n_kind == DT_N_IF) {
			dt_node_free(c->n_left);
			dt_node_free(c->n_right);
			c->n_left = bt_copylist(n->n_left);
			c->n_right = bt_copylist(n->n_right);
		}
		head = dt_node_append(head, c);
	}
	return head;
}

int bt_lower(struct dt_pcb *pcb)
{
	struct dt_clause *c, *next, *out = NULL, **tail = &out;
	struct bt_ctx cx = { .pcb = pcb };
	struct bt_probe bp;
	int idx = 0;

	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next)
		bt_findaggs(&cx, c->c_stmts);
	for (c = pcb->pcb_prog.p_clauses; c && !pcb->pcb_failed;
	     c = c->c_next) {
		struct dt_pdesc *pd;

		for (pd = c->c_probes; pd && !pcb->pcb_failed;
		     pd = pd->pd_next) {
			struct dt_clause *nc;

			if (bt_probe_parse(pcb, pd->pd_text, &pd->pd_loc, &bp))
				break;
			nc = bt_clause_new(pcb, bp.bp_desc, &pd->pd_loc);
			nc->c_loc = c->c_loc;
			cx.probe = &bp;
			nc->c_pred = dt_node_copy(c->c_pred);
			if (nc->c_pred)
				bt_rw(&cx, nc->c_pred);
			bt_pidpred(pcb, &bp, nc);
			nc->c_stmts = bt_stmts(&cx, bt_copylist(c->c_stmts));
			*tail = nc;
			tail = &nc->c_next;
		}
	}
	/* the program is now the lowered clauses */
	for (c = pcb->pcb_prog.p_clauses; c; c = next) {
		struct dt_pdesc *pd, *pn;

		next = c->c_next;
		for (pd = c->c_probes; pd; pd = pn) {
			pn = pd->pd_next;
			free(pd->pd_text);
			free(pd);
		}
		dt_node_free(c->c_pred);
		dt_node_free(c->c_stmts);
		free(c);
	}
	pcb->pcb_prog.p_clauses = out;
	for (c = out; c; c = c->c_next)
		c->c_index = idx++;
	pcb->pcb_prog.p_nclauses = idx;
	return pcb->pcb_failed ? -1 : 0;
}
