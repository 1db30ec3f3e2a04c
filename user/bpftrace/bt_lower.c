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
 * - a map given count sum avg min max stats hist lhist anywhere is a D
 *   aggregation; any other map is a D global ("@name"; an array with
 *   keys);
 * - $x is this->x, $1 a macro argument;
 * - functions: bt_func.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bt_check.h"
#include "bt_lower.h"
#include "dt_error.h"
#include "dt_funcs.h"
#include "dt_ktype.h"
#include "dt_rows.h"
#include "dt_tracefs.h"
#include "dt_types.h"

char *bt_strdup(const char *s)
{
	char *d = strdup(s);

	if (!d) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	return d;
}

bool bt_isagg(const struct bt_ctx *cx, const char *name)
{
	int i;

	for (i = 0; i < cx->naggs; i++)
		if (strcmp(cx->aggs[i], name) == 0)
			return true;
	return false;
}

const struct dt_node *bt_mapof(const struct dt_node *lhs)
{
	if (lhs->n_kind == DT_N_INDEX)
		lhs = lhs->n_left;
	return lhs->n_kind == DT_N_AGG ? lhs : NULL;
}

static bool bt_inlist(const char *const *l, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(l[i], name) == 0)
			return true;
	return false;
}

bool bt_iscount(const struct bt_ctx *cx, const char *name)
{
	return bt_inlist(cx->counts, cx->ncounts, name) &&
		!bt_inlist(cx->sets, cx->nsets, name);
}

int bt_tuplesize(const struct bt_ctx *cx, const char *name)
{
	char elem[300];
	int n = 0;

	for (;;) {
		snprintf(elem, sizeof(elem), "%s.%d", name, n);
		if (!bt_inlist(cx->sets, cx->nsets, elem))
			return n;
		n++;
	}
}

bool bt_isassigned(const struct bt_ctx *cx, const char *name)
{
	return bt_isagg(cx, name) || bt_inlist(cx->sets, cx->nsets, name) ||
		bt_inlist(cx->counts, cx->ncounts, name) ||
		bt_tuplesize(cx, name);
}

bool bt_isstrmap(const struct bt_ctx *cx, const char *name)
{
	return bt_inlist(cx->strs, cx->nstrs, name);
}

/* Is the value a string, as far as its spelling says before types? */
static bool bt_isstrval(const struct bt_ctx *cx, const struct dt_node *v)
{
	static const char *const strs[] = {
		"comm", "func", "probe", "str", "ksym", "strjoin",
	};

	if (v->n_kind == DT_N_STR)
		return true;
	if (v->n_kind == DT_N_INDEX)
		v = v->n_left;
	if (v->n_kind == DT_N_AGG)
		return bt_isstrmap(cx, v->n_str);
	if (v->n_kind != DT_N_IDENT && v->n_kind != DT_N_CALL)
		return false;
	return DT_ROW_FIND(strs, v->n_str) != NULL;
}

/*
 * Counters: maps that statements only change with ++, --, += and -=.
 * They stay D globals (so they can be read) and an aggregation of the
 * same name sums the changes, so they print at exit as bpftrace's do.
 */
static void bt_findcount(struct bt_ctx *cx, const struct dt_node *n)
{
	const struct dt_node *m = NULL;
	bool count;

	if (bt_iscall(n, BT_FN_DELETE)) {
		m = n->n_args ? bt_mapof(n->n_args) : NULL;
		if (m && cx->nsets < BT_MAXMAPS)
			cx->sets[cx->nsets++] = m->n_str;
		return;
	}
	if (n->n_kind == DT_N_ASSIGN || n->n_kind == DT_N_INCDEC)
		m = bt_mapof(n->n_left);
	if (!m)
		return;
	count = n->n_kind == DT_N_INCDEC || n->n_op == DT_OP_ADD ||
		n->n_op == DT_OP_SUB;
	if (count && cx->ncounts < BT_MAXMAPS)
		cx->counts[cx->ncounts++] = m->n_str;
	else if (!count && cx->nsets < BT_MAXMAPS)
		cx->sets[cx->nsets++] = m->n_str;
	if (n->n_kind == DT_N_ASSIGN && bt_isstrval(cx, n->n_right) &&
	    !bt_isstrmap(cx, m->n_str) && cx->nstrs < BT_MAXMAPS)
		cx->strs[cx->nstrs++] = m->n_str;
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
		bt_findcount(cx, n);
		m = n->n_kind == DT_N_ASSIGN ? bt_mapof(n->n_left) : NULL;
		if (!m || n->n_right->n_kind != DT_N_CALL ||
		    !bt_aggfunc(n->n_right->n_str) ||
		    bt_isagg(cx, m->n_str) || cx->naggs == BT_MAXMAPS)
			continue;
		cx->aggs[cx->naggs++] = m->n_str;
	}
}

struct dt_node *bt_ident(const char *name, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_IDENT, loc);

	n->n_str = bt_strdup(name);
	return n;
}

struct dt_node *bt_str(const char *s, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_STR, loc);

	n->n_str = bt_strdup(s);
	return n;
}

struct dt_node *bt_call(const char *name, struct dt_node *args,
			const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_CALL, loc);

	n->n_str = bt_strdup(name);
	n->n_args = args;
	return n;
}

struct dt_node *bt_this(const char *fmt, int a, int b,
			const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_THIS, loc);
	char name[32];

	snprintf(name, sizeof(name), fmt, a, b);
	n->n_str = bt_strdup(name);
	return n;
}

struct dt_node *bt_steal(struct dt_node **p)
{
	struct dt_node *n = *p;

	*p = NULL;
	return n;
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

static bool bt_isnum(const char *s)
{
	char *end;

	if (!s || !*s)
		return false;
	(void)strtoll(s, &end, 0);
	return *end == '\0';
}

int bt_rwlist(struct bt_ctx *cx, struct dt_node *n)
{
	for (; n; n = n->n_next)
		if (bt_rw(cx, n))
			return -1;
	return 0;
}

/* args: a tracepoint's record, or (bt_kfunc.c) fbt's args[ ]. */
static int bt_bi_args(struct bt_ctx *cx, struct dt_node *n)
{
	if (cx->probe->bp_kind != BT_P_TRACEPOINT &&
	    !bt_kfunc_kind(cx->probe->bp_kind))
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
				"args is only available in tracepoint and "
				"kfunc probes here: use arg0, arg1, ...");
	return 0;
}

static int bt_bi_retval(struct bt_ctx *cx, struct dt_node *n)
{
	const struct bt_probe *bp = cx->probe;

	if (bt_kfunc_retval(cx, n) <= 0)
		return 0;
	if (bp->bp_kind != BT_P_KRETPROBE && bp->bp_kind != BT_P_URETPROBE)
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
				"The retval builtin can only be used with "
				"'kretprobe' and 'uretprobe' probes");
	free(n->n_str);
	n->n_str = bt_strdup("arg1");
	return 0;
}

static int bt_bi_stack(struct bt_ctx *cx, struct dt_node *n)
{
	return bt_stack(cx, n, false);
}

static int bt_bi_probe(struct bt_ctx *cx, struct dt_node *n)
{
	dt_node_replace(n, bt_probename(cx->probe, &n->n_loc));
	return 0;
}

/* elapsed: timestamp is CLOCK_MONOTONIC's, so count from now. */
static int bt_bi_elapsed(struct bt_ctx *cx, struct dt_node *n)
{
	struct timespec ts;
	struct dt_node *r;

	(void)cx;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	r = dt_node_op(DT_N_BINARY, DT_OP_SUB,
		       bt_ident("timestamp", &n->n_loc),
		       dt_node_int((int64_t)ts.tv_sec * 1000000000 +
				   ts.tv_nsec, &dt_type_long, &n->n_loc),
		       &n->n_loc);
	r->n_paren = true;
	dt_node_replace(n, r);
	return 0;
}

static int bt_bi_unsupported(struct bt_ctx *cx, struct dt_node *n)
{
	return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
			"%s is not supported by this DTrace", n->n_str);
}

/*
 * bpftrace's built-in variables, one row each: D's own (same name, or
 * BTB_RENAME's), a constant (BTB_CONST: the macros of the headers the
 * tools #include, <linux/sched.h>'s and <sys/socket.h>'s, as there is
 * no clang here), or a hook that lowers it. A name not here may be one
 * of the kernel's enumerators (TCP_CLOSE), from its types.
 */
enum bt_bikind { BTB_SAME, BTB_RENAME, BTB_CONST, BTB_HOOK };

static const struct bt_bivar {
	const char	*bv_name;
	enum bt_bikind	bv_kind;
	const char	*bv_to;		/* BTB_RENAME */
	int		bv_value;	/* BTB_CONST */
	int		(*bv_hook)(struct bt_ctx *cx, struct dt_node *n);
} bt_bivars[] = {
#define BTB(name)		{ name, BTB_SAME, NULL, 0, NULL }
#define BTB_AS(name, to)	{ name, BTB_RENAME, to, 0, NULL }
#define BTB_INT(name, v)	{ name, BTB_CONST, NULL, v, NULL }
#define BTB_FN(name, hook)	{ name, BTB_HOOK, NULL, 0, hook }
	BTB("pid"), BTB("tid"), BTB("uid"), BTB("gid"), BTB("cpu"),
	BTB("arg0"), BTB("arg1"), BTB("arg2"), BTB("arg3"), BTB("arg4"),
	BTB("arg5"), BTB("arg6"), BTB("arg7"), BTB("arg8"), BTB("arg9"),
	BTB("ppid"),
	BTB_AS("comm", "execname"), BTB_AS("nsecs", "timestamp"),
	BTB_AS("func", "probefunc"), BTB_AS("curtask", "curthread"),
	BTB_INT("TASK_RUNNING", 0), BTB_INT("TASK_INTERRUPTIBLE", 1),
	BTB_INT("TASK_UNINTERRUPTIBLE", 2), BTB_INT("AF_UNSPEC", 0),
	BTB_INT("AF_UNIX", 1), BTB_INT("AF_INET", 2),
	BTB_INT("AF_INET6", 10),
	BTB_FN("args", bt_bi_args), BTB_FN("retval", bt_bi_retval),
	BTB_FN("kstack", bt_bi_stack), BTB_FN("ustack", bt_bi_stack),
	BTB_FN("probe", bt_bi_probe), BTB_FN("elapsed", bt_bi_elapsed),
	BTB_FN("sarg0", bt_bi_unsupported),
	BTB_FN("rand", bt_rand), BTB_FN("cpid", bt_cpid),
	BTB_FN("ncpus", bt_ncpus), BTB_FN("jiffies", bt_jiffies),
	BTB_FN("numaid", bt_numaid), BTB_FN("cgroup", bt_cgroup),
	BTB_FN("username", bt_username), BTB_FN("pcomm", bt_pcomm),
	BTB_FN("leader_pid", bt_leader), BTB_FN("leader_tid", bt_leader),
	BTB_FN("leader_comm", bt_leader),
#undef BTB
#undef BTB_AS
#undef BTB_INT
#undef BTB_FN
};

static int bt_builtin(struct bt_ctx *cx, struct dt_node *n)
{
	const struct bt_bivar *v = DT_ROW_FIND(bt_bivars, n->n_str);
	int64_t ev;

	if (!v) {
		if (!dt_ktype_enumval(n->n_str, &ev))
			return dt_error(cx->pcb, &n->n_loc, "BT_IDENT",
					"Unknown identifier: '%s'", n->n_str);
		dt_node_replace(n, dt_node_int(ev, &dt_type_long, &n->n_loc));
		return 0;
	}
	switch (v->bv_kind) {
	case BTB_RENAME:
		free(n->n_str);
		n->n_str = bt_strdup(v->bv_to);
		return 0;
	case BTB_CONST:
		dt_node_replace(n, dt_node_int(v->bv_value, &dt_type_int,
					  &n->n_loc));
		return 0;
	case BTB_HOOK:
		return v->bv_hook(cx, n);
	default:
		return 0;
	}
}

/*
 * The struct a tracepoint's field points to, from its format file
 * ("field:struct __kernel_timespec * rqtp;"): true with its name.
 */
bool bt_tp_sou(const struct bt_probe *bp, const char *field, char *sou,
	       size_t len)
{
	char sys[256], ev[256], path[4096], line[512], name[256], f[128];
	const char *dir = dt_tracefs_dir();
	bool found = false;
	FILE *fp;

	if (!dir || bp->bp_kind != BT_P_TRACEPOINT || bp->bp_glob ||
	    sscanf(bp->bp_desc, "tracepoint:%255[^:]::%255s", sys, ev) != 2)
		return false;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, sys, ev);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	/* clock_nanosleep's is "const struct __kernel_timespec * rqtp" */
	while (!found && fgets(line, sizeof(line), fp))
		found = (sscanf(line, " field:struct %255s * %127[^;];", name,
				f) == 2 ||
			 sscanf(line, " field:const struct %255s * %127[^;];",
				name, f) == 2) && !strcmp(f, field);
	fclose(fp);
	if (found)
		snprintf(sou, len, "%s", name);
	return found;
}

/*
 * args->rqtp->tv_sec, where the event's rqtp is a struct's address in
 * the process (a system call's argument): bpftrace reads it through
 * the struct's type; D does it as ((struct T *)copyin(p, sizeof (T))).
 */
struct dt_node *bt_copyin_sou(struct dt_node *addr, const struct dt_type *t,
			      const struct dt_loc *loc)
{
	struct dt_node *sz = dt_node_new(DT_N_SIZEOF, loc), *cp, *cast;

	sz->n_ctype = *t;
	addr->n_next = sz;
	cp = bt_call(dt_func_byid(DT_FN_COPYIN)->f_name, addr, loc);
	cast = dt_node_op(DT_N_CAST, DT_OP_NONE, cp, NULL, loc);
	cast->n_ctype = dt_type_ptrto(t);
	cast->n_paren = true;
	return cast;
}

static int bt_tp_deref(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_node *f = n->n_left;
	const struct dt_loc *loc = &f->n_loc;
	struct dt_type t;
	char sou[256];

	if (!n->n_post || f->n_kind != DT_N_MEMBER || !f->n_left ||
	    f->n_left->n_kind != DT_N_IDENT ||
	    strcmp(f->n_left->n_str, "args") ||
	    !bt_tp_sou(cx->probe, f->n_str, sou, sizeof(sou)))
		return 1;
	if (bt_rw(cx, f) || dt_sou_type(cx->pcb, sou, false, loc, &t))
		return -1;
	n->n_left = bt_copyin_sou(f, &t, loc);
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

/* s[i], one index: a character of a string, when s is one. */
static bool bt_charat(const struct dt_node *n, bool lit)
{
	return n->n_kind == DT_N_INDEX && n->n_args && !n->n_args->n_next &&
		(n->n_left->n_kind == DT_N_STR ||
		 (!lit && n->n_left->n_kind == DT_N_THIS));
}

/*
 * $path[0] != "/"[0] (forky's opensnoop): characters of strings
 * compared, as substr(s, i, 1) of each; D has no string's character
 * as a value, so only beside a literal's, which says they are strings.
 */
static int bt_charcmp(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_node *side[2] = { n->n_left, n->n_right }, *s;
	int i;

	if ((n->n_op != DT_OP_EQ && n->n_op != DT_OP_NE) ||
	    !bt_charat(side[0], false) || !bt_charat(side[1], false) ||
	    (!bt_charat(side[0], true) && !bt_charat(side[1], true)))
		return 1;
	for (i = 0; i < 2; i++) {
		s = side[i];
		if (bt_rw(cx, s->n_left) || bt_rwlist(cx, s->n_args))
			return -1;
		s->n_left->n_next = bt_steal(&s->n_args);
		s->n_left->n_next->n_next = dt_node_int(1, &dt_type_int,
							&s->n_loc);
		dt_node_replace(s, bt_call("substr", bt_steal(&s->n_left),
				      &s->n_loc));
	}
	return 0;
}

int bt_rw(struct bt_ctx *cx, struct dt_node *n)
{
	switch (n->n_kind) {
	case DT_N_BINARY: {
		int rc = bt_charcmp(cx, n);

		if (rc <= 0)
			return rc;
		break;
	}
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
		if (bt_ismark(n, "%tprint"))	/* print(tuple): bt_tuple.c */
			return bt_rwlist(cx, n->n_args);
		return bt_func(cx, n);
	case DT_N_ASSIGN:
		bt_uptr_note(cx, n);
		break;
	case DT_N_MEMBER: {
		int rc = bt_uptr_member(cx, n);

		if (rc <= 0)
			return rc;
		rc = bt_kfunc_member(cx, n);

		if (rc < 0)
			return rc;
		if (rc == 0)	/* now args[N]: typed by the fbt provider */
			return bt_rw(cx, n);
		rc = bt_tp_deref(cx, n);

		if (rc <= 0)
			return rc;
		break;
	}
	case DT_N_UNARY:
		/* *e: %deref(e) loads from an integer too (bt_check.c) */
		if (n->n_op != DT_OP_DEREF)
			break;
		if (bt_uderef(cx, n) <= 0)
			return cx->pcb->pcb_failed ? -1 : 0;
		if (bt_rw(cx, n->n_left))
			return -1;
		dt_node_replace(n, bt_call(bt_xname(BT_X_DEREF),
					   bt_steal(&n->n_left), &n->n_loc));
		return 0;
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

/* After a counter's change, its aggregation's: @m[k] = sum(delta). */
static struct dt_node *bt_countagg(const char *name, const struct dt_node *s)
{
	const struct dt_node *lhs = s->n_left;
	struct dt_node *agg = dt_node_new(DT_N_AGG, &s->n_loc), *d;

	agg->n_str = bt_strdup(name);
	if (lhs->n_kind == DT_N_INDEX) {
		agg = dt_node_op(DT_N_INDEX, DT_OP_NONE, agg, NULL, &s->n_loc);
		agg->n_args = bt_copylist(lhs->n_args);
	}
	if (s->n_kind == DT_N_INCDEC)
		d = dt_node_int(s->n_op == DT_OP_INC ? 1 : -1, &dt_type_int,
				&s->n_loc);
	else if (s->n_op == DT_OP_ADD)
		d = dt_node_copy(s->n_right);
	else
		d = dt_node_op(DT_N_UNARY, DT_OP_NEG, dt_node_copy(s->n_right),
			       NULL, &s->n_loc);
	return dt_node_op(DT_N_ASSIGN, DT_OP_SET, agg,
			  bt_call("sum", d, &s->n_loc), &s->n_loc);
}

/*
 * if (0) { @m = sum(0); ... } for each plain map @m (neither an
 * aggregation nor a counter): aggregations of their names that never
 * fire, so the printing at exit shows each such map empty (a blank
 * line) in its place by name, as bpftrace shows a map emptied by
 * delete( ) or clear( ). (Their elements themselves are D variables,
 * which the consumer cannot read.) A map of tuples' element maps
 * (@m.0, @m.1: bt_tuple.c) have one, @m's, which says how many.
 */
static struct dt_node *bt_emptyaggs(const struct bt_ctx *cx,
				    const struct dt_loc *loc)
{
	struct dt_node *sets = NULL, *ifn;
	int i;

	for (i = 0; i < cx->nsets; i++) {
		const char *name = cx->sets[i], *dot = strchr(name, '.');
		struct dt_node *agg;

		if (bt_isagg(cx, name) ||
		    bt_inlist(cx->sets, i, name) ||
		    (dot && strcmp(dot, ".0") != 0))
			continue;
		agg = dt_node_new(DT_N_AGG, loc);
		agg->n_str = bt_strdup(name);
		agg->n_isvar = true;
		if (dot) {
			agg->n_str[dot - name] = '\0';
			agg->n_ntvars = bt_tuplesize(cx, agg->n_str);
		}
		sets = dt_node_append(sets, dt_node_op(
			DT_N_ASSIGN, DT_OP_SET, agg,
			bt_call("sum", dt_node_int(0, &dt_type_int, loc), loc),
			loc));
	}
	if (!sets)
		return NULL;
	ifn = dt_node_op(DT_N_IF, DT_OP_NONE, sets, NULL, loc);
	ifn->n_cond = dt_node_int(0, &dt_type_int, loc);
	return ifn;
}

/* Expand join( ) statements, then rewrite each statement. */
static struct dt_node *bt_stmts(struct bt_ctx *cx, struct dt_node *list)
{
	struct dt_node *out = NULL, *s, *next;

	for (s = list; s; s = next) {
		next = s->n_next;
		s->n_next = NULL;
		if (bt_noop(cx, s)) {
			dt_node_free(s);
			continue;
		}
		if (bt_iscall(s, BT_FN_JOIN) && !cx->pcb->pcb_failed) {
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
		} else if (bt_iscall(s, BT_FN_PRINT) &&
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
			const struct dt_node *m = s->n_kind == DT_N_ASSIGN ||
				s->n_kind == DT_N_INCDEC ? bt_mapof(s->n_left) :
				NULL;
			char *count = m && bt_iscount(cx, m->n_str) ?
				bt_strdup(m->n_str) : NULL;

			/* buf( )'s bytes go to scratch first (bt_tools.c) */
			if (bt_iscall(s, BT_FN_PRINTF))
				out = dt_node_append(out, bt_bufpre(cx, s));

			struct dt_node *rec = NULL;

			if (!bt_stackvalue(cx, s, &rec) && !bt_rw(cx, s) &&
			    count)
				s->n_next = bt_countagg(count, s);
			if (rec)
				s->n_next = rec;
			free(count);
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

struct dt_clause *bt_clause_new(const char *desc, const struct dt_loc *loc)
{
	struct dt_clause *c = calloc(1, sizeof(*c));

	if (c)
		c->c_probes = calloc(1, sizeof(*c->c_probes));
	if (!c || !c->c_probes) {
		fputs("dtrace: out of memory\n", stderr);
		exit(1);
	}
	c->c_probes->pd_text = bt_strdup(desc);
	c->c_probes->pd_loc = *loc;
	c->c_loc = *loc;
	return c;
}

/* A statement list's copy: an if's (and a while's) blocks are lists too. */
struct dt_node *bt_copylist(const struct dt_node *n)
{
	struct dt_node *head = NULL, *c;

	for (; n; n = n->n_next) {
		c = dt_node_copy(n);
		if (n->n_kind == DT_N_IF || bt_ismark(n, "%while")) {
			dt_node_free(c->n_left);
			dt_node_free(c->n_right);
			c->n_left = bt_copylist(n->n_left);
			c->n_right = bt_copylist(n->n_right);
		}
		head = dt_node_append(head, c);
	}
	return head;
}

/* Does the expression or statement list name the built-in args? */
static bool bt_usesargs(const struct dt_node *n)
{
	for (; n; n = n->n_next)
		if ((n->n_kind == DT_N_IDENT && strcmp(n->n_str, "args") == 0) ||
		    bt_usesargs(n->n_left) || bt_usesargs(n->n_right) ||
		    bt_usesargs(n->n_cond) || bt_usesargs(n->n_args))
			return true;
	return false;
}

#define BT_TP_EXPAND	64	/* events a glob with args expands into */

struct bt_tplist {
	char	names[BT_TP_EXPAND][160];
	int	n;
	bool	over;
};

static int bt_tp_one(const char *sys, const char *ev, uint32_t id, void *arg)
{
	struct bt_tplist *l = arg;

	(void)id;
	if (l->n == BT_TP_EXPAND) {
		l->over = true;
		return 1;
	}
	snprintf(l->names[l->n++], sizeof(l->names[0]), "%s:%s", sys, ev);
	return 0;
}

/*
 * A tracepoint glob whose clause reads args (tracepoint:syscalls:
 * sys_enter_exec*): one clause per event, as bpftrace compiles them, so
 * each has its own record (a glob gets only the fields all events share
 * at the same place). NULL when it stays one glob.
 */
static struct bt_tplist *bt_tp_expand(const struct bt_probe *bp,
				      const struct dt_clause *c)
{
	struct bt_tplist *l;
	char sys[1024], ev[1024];

	if (bp->bp_kind != BT_P_TRACEPOINT || !bp->bp_glob ||
	    (!bt_usesargs(c->c_pred) && !bt_usesargs(c->c_stmts)) ||
	    sscanf(bp->bp_desc, "tracepoint:%1023[^:]::%1023s", sys, ev) != 2)
		return NULL;
	l = calloc(1, sizeof(*l));
	if (!l)
		return NULL;
	if (dt_tracefs_walk(sys, ev, bt_tp_one, l) < 0 || !l->n || l->over) {
		free(l);
		return NULL;
	}
	return l;
}

/*
 * A map read before any assignment in program order (tcplife's
 * "@birth[$sk] == 0" before "@birth[$sk] = nsecs"): D types a variable
 * at its first assignment, bpftrace wherever it is. Before the first
 * statement that reads such a map goes "if (0) { A }", A a copy of the
 * program's first assignment of it: it never runs but gives the type.
 */
struct bt_hoist {
	struct dt_node	*all;	/* every clause's statements */
	const char	*seen[BT_MAXMAPS];	/* assigned so far */
	int		nseen;
};

static bool bt_hoist_seen(const struct bt_hoist *h, const char *name)
{
	return bt_inlist(h->seen, h->nseen, name);
}

static void bt_hoist_mark(struct bt_hoist *h, const char *name)
{
	if (!bt_hoist_seen(h, name) && h->nseen < BT_MAXMAPS)
		h->seen[h->nseen++] = name;
}

/* The first "@name... = v" of a statement list, if blocks included. */
static const struct dt_node *bt_firstset(const struct dt_node *n,
					 const char *name, bool count)
{
	const struct dt_node *m, *r;

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_IF) {
			r = bt_firstset(n->n_left, name, count);
			if (!r)
				r = bt_firstset(n->n_right, name, count);
			if (r)
				return r;
			continue;
		}
		/* a counter's first change types it as well (@n++) */
		m = (n->n_kind == DT_N_ASSIGN && n->n_op == DT_OP_SET) ||
			((n->n_kind == DT_N_ASSIGN ||
			  n->n_kind == DT_N_INCDEC) && count) ?
			bt_mapof(n->n_left) : NULL;
		if (m && !strcmp(m->n_str, name))
			return n;
	}
	return NULL;
}

/* A plain map the expression reads before it is assigned, or NULL. */
static const char *bt_unseen_read(const struct bt_ctx *cx,
				  const struct bt_hoist *h,
				  const struct dt_node *n, bool lhs)
{
	const char *r;

	for (; n; n = lhs ? NULL : n->n_next) {
		if (n->n_kind == DT_N_AGG && !lhs && !bt_isagg(cx, n->n_str) &&
		    !bt_hoist_seen(h, n->n_str))
			return n->n_str;
		if (n->n_kind == DT_N_ASSIGN && n->n_op == DT_OP_SET) {
			const struct dt_node *l = n->n_left;

			r = l->n_kind == DT_N_INDEX ?
				bt_unseen_read(cx, h, l->n_args, false) :
				bt_unseen_read(cx, h, l, true);
			if (!r)
				r = bt_unseen_read(cx, h, n->n_right, false);
		} else {
			r = bt_unseen_read(cx, h, n->n_left, false);
			if (!r)
				r = bt_unseen_read(cx, h, n->n_right, false);
			if (!r)
				r = bt_unseen_read(cx, h, n->n_cond, false);
			if (!r)
				r = bt_unseen_read(cx, h, n->n_args, false);
		}
		if (r)
			return r;
		if (lhs)
			break;
	}
	return NULL;
}

static void bt_hoist_assigns(struct bt_hoist *h, const struct dt_node *n)
{
	const struct dt_node *m;

	for (; n; n = n->n_next) {
		m = n->n_kind == DT_N_ASSIGN || n->n_kind == DT_N_INCDEC ?
			bt_mapof(n->n_left) : NULL;
		if (m)
			bt_hoist_mark(h, m->n_str);
	}
}

/*
 * In the never-run copy, reads of the map it assigns (@n = @n + 1)
 * become what an unset element reads as, 0 or "": D cannot read @n
 * before this very assignment types it.
 */
static void bt_hoist_unread(const struct bt_ctx *cx, struct dt_node *n,
			    const char *name)
{
	for (; n; n = n->n_next) {
		const struct dt_node *m = n->n_kind == DT_N_INDEX ||
			n->n_kind == DT_N_AGG ? bt_mapof(n) : NULL;

		if (m && !strcmp(m->n_str, name)) {
			dt_node_replace(n, bt_isstrmap(cx, name) ?
				   bt_str("", &n->n_loc) :
				   dt_node_int(0, &dt_type_int, &n->n_loc));
			continue;
		}
		bt_hoist_unread(cx, n->n_left, name);
		bt_hoist_unread(cx, n->n_right, name);
		bt_hoist_unread(cx, n->n_cond, name);
		bt_hoist_unread(cx, n->n_args, name);
	}
}

static struct dt_node *bt_hoist_list(const struct bt_ctx *cx,
				     struct bt_hoist *h, struct dt_node *list)
{
	struct dt_node *out = NULL, *s, *next;

	for (s = list; s; s = next) {
		const struct dt_node *set = NULL;
		struct dt_node *cp;
		const char *name;

		next = s->n_next;
		s->n_next = NULL;
		while ((name = bt_unseen_read(cx, h, s->n_kind == DT_N_IF ?
					      s->n_cond : s, false))) {
			struct dt_node *ifn;

			set = bt_firstset(h->all, name,
					  bt_iscount(cx, name));
			bt_hoist_mark(h, name);
			if (!set)
				continue;	/* D's error: never assigned */
			cp = dt_node_copy(set);
			bt_hoist_unread(cx, cp->n_right, name);
			if (cp->n_left->n_kind == DT_N_INDEX)
				bt_hoist_unread(cx, cp->n_left->n_args, name);
			ifn = dt_node_op(DT_N_IF, DT_OP_NONE, cp, NULL,
					 &s->n_loc);
			ifn->n_cond = dt_node_int(0, &dt_type_int, &s->n_loc);
			out = dt_node_append(out, ifn);
			set = NULL;
		}
		if (s->n_kind == DT_N_IF) {
			s->n_left = bt_hoist_list(cx, h, s->n_left);
			s->n_right = bt_hoist_list(cx, h, s->n_right);
		} else {
			bt_hoist_assigns(h, s);
		}
		out = dt_node_append(out, s);
	}
	return out;
}

static void bt_hoist(const struct bt_ctx *cx, struct dt_clause *clauses)
{
	struct bt_hoist h = { .all = NULL };
	struct dt_clause *c;

	/* the lists change as statements go in: search a copy */
	for (c = clauses; c; c = c->c_next)
		h.all = dt_node_append(h.all, bt_copylist(c->c_stmts));
	for (c = clauses; c; c = c->c_next)
		c->c_stmts = bt_hoist_list(cx, &h, c->c_stmts);
	dt_node_free(h.all);
}

/*
 * $x of the idx-th lowered clause is this->x`idx: scratch variables
 * are the clause's own, so $x may hold an integer in one probe and a
 * string in another, as in bpftrace (D types this->x once for all
 * clauses). bt_error.c takes the suffix out of messages.
 */
static void bt_scratch_rename(struct dt_node *n, int idx)
{
	char name[300];

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_THIS && n->n_str[0] != '%' && idx > 0) {
			snprintf(name, sizeof(name), "%s`%d", n->n_str, idx);
			free(n->n_str);
			n->n_str = bt_strdup(name);
		}
		bt_scratch_rename(n->n_left, idx);
		bt_scratch_rename(n->n_right, idx);
		bt_scratch_rename(n->n_cond, idx);
		bt_scratch_rename(n->n_args, idx);
	}
}

/* One lowered clause of c for the attach point bp. */
static struct dt_clause *bt_lower_one(struct bt_ctx *cx,
				      const struct dt_clause *c,
				      const struct bt_probe *bp,
				      const struct dt_loc *loc, int idx)
{
	struct dt_clause *nc = bt_clause_new(bp->bp_desc, loc);

	nc->c_loc = c->c_loc;
	cx->probe = bp;
	bt_uptr_clause(cx);
	nc->c_pred = dt_node_copy(c->c_pred);
	if (nc->c_pred)
		bt_rw(cx, nc->c_pred);
	bt_pidpred(cx->pcb, bp, nc);
	nc->c_stmts = bt_stmts(cx, bt_copylist(c->c_stmts));
	bt_scratch_rename(nc->c_pred, idx);
	bt_scratch_rename(nc->c_stmts, idx);
	return nc;
}

int bt_lower(struct dt_pcb *pcb)
{
	struct dt_clause *c, *next, *out = NULL, **tail = &out;
	struct bt_ctx cx = { .pcb = pcb };
	struct bt_probe bp;
	int idx = 0, nlow = 0;

	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		bt_findstrftime(&cx, c->c_stmts);
		bt_findaggs(&cx, c->c_stmts);
	}
	bt_hoist(&cx, pcb->pcb_prog.p_clauses);
	for (c = pcb->pcb_prog.p_clauses; c && !pcb->pcb_failed;
	     c = c->c_next) {
		struct dt_pdesc *pd;

		for (pd = c->c_probes; pd && !pcb->pcb_failed;
		     pd = pd->pd_next) {
			struct bt_tplist *tl;
			int i;

			if (bt_probe_parse(pcb, pd->pd_text, &pd->pd_loc, &bp))
				break;
			tl = bt_tp_expand(&bp, c);
			for (i = 0; i < (tl ? tl->n : 1); i++) {
				if (tl) {
					const char *ev = strchr(tl->names[i],
								':') + 1;

					snprintf(bp.bp_desc,
						 sizeof(bp.bp_desc),
						 "tracepoint:%.*s::%s",
						 (int)(ev - 1 - tl->names[i]),
						 tl->names[i], ev);
					snprintf(bp.bp_name,
						 sizeof(bp.bp_name),
						 "tracepoint:%s",
						 tl->names[i]);
					bp.bp_glob = false;
				}
				*tail = bt_lower_one(&cx, c, &bp, &pd->pd_loc,
						     nlow++);
				tail = &(*tail)->c_next;
			}
			free(tl);
		}
	}
	if (out && !pcb->pcb_failed)
		out = bt_kfunc_saves(&cx, out);
	if (out && !pcb->pcb_failed) {
		struct dt_node *e = bt_emptyaggs(&cx, &out->c_loc);

		if (e) {
			e->n_next = out->c_stmts;
			out->c_stmts = e;
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
	bt_strftime_free(&cx);
	bt_kfunc_free(&cx);
	bt_uptr_free(&cx);
	for (c = out; c; c = c->c_next)
		c->c_index = idx++;
	pcb->pcb_prog.p_nclauses = idx;
	return pcb->pcb_failed ? -1 : 0;
}
