// SPDX-License-Identifier: GPL-2.0
/*
 * Built-ins and functions of bpftrace's newer standard library (0.23 to
 * 0.27), in D's terms:
 *
 *   pcomm, leader_pid,     curtask->real_parent->comm, ->group_leader->
 *   leader_tid,            tgid, ->pid and ->comm (the library's own
 *   leader_comm            definitions)
 *   getopt("n"[, d[, s]])  --n or --n=V after -- on the command line, a
 *                          constant as the program compiles; d's type
 *   syscall_name(nr)       the name of system call nr (x86-64), strerror(e)
 *   strerror(e)            the C library's text of e, and cgroup_path(id)
 *   cgroup_path(id)        the cgroup v2 directory's path: each a tree of
 *                          ?: over a table known as the program compiles
 *                          (cgroup_path: the cgroups that exist then)
 */
#define _GNU_SOURCE	/* nftw's FTW_PHYS */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_ktype.h"
#include "dt_types.h"

/* ---- (curtask)->a->b: the task's fields ---- */

static int bt_taskchain(struct bt_ctx *cx, struct dt_node *n,
			const char *a, const char *b)
{
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *e;
	struct dt_type t;

	if (dt_sou_type(cx->pcb, "task_struct", false, loc, &t))
		return -1;
	e = dt_node_op(DT_N_CAST, DT_OP_NONE, bt_ident("curthread", loc),
		       NULL, loc);
	e->n_ctype = dt_type_ptrto(&t);
	e->n_paren = true;
	e = dt_node_op(DT_N_MEMBER, DT_OP_NONE, e, NULL, loc);
	e->n_str = bt_strdup(a);
	e->n_post = true;
	e = dt_node_op(DT_N_MEMBER, DT_OP_NONE, e, NULL, loc);
	e->n_str = bt_strdup(b);
	e->n_post = true;
	bt_replace(n, e);
	return 0;
}

int bt_pcomm(struct bt_ctx *cx, struct dt_node *n)
{
	return bt_taskchain(cx, n, "real_parent", "comm");
}

int bt_leader(struct bt_ctx *cx, struct dt_node *n)
{
	return bt_taskchain(cx, n, "group_leader",
			    !strcmp(n->n_str, "leader_pid") ? "tgid" :
			    !strcmp(n->n_str, "leader_tid") ? "pid" : "comm");
}

/* ---- getopt( ) and the named parameters ---- */

#define BT_NAMED_MAX	64

static const char *bt_named[BT_NAMED_MAX];
static int bt_nnamed;

int bt_named_take(char **av, int n)
{
	int i, k = 0;

	bt_nnamed = 0;
	for (i = 0; i < n; i++) {
		if (strncmp(av[i], "--", 2) == 0 && av[i][2] &&
		    bt_nnamed < BT_NAMED_MAX)
			bt_named[bt_nnamed++] = av[i] + 2;
		else
			av[k++] = av[i];
	}
	if (k < n)
		av[k] = NULL;
	return k;
}

/* --name's value: "" for a bare --name, NULL when not given. */
static const char *bt_named_get(const char *name)
{
	size_t len = strlen(name);
	int i;

	for (i = 0; i < bt_nnamed; i++) {
		if (strncmp(bt_named[i], name, len) != 0)
			continue;
		if (!bt_named[i][len])
			return "";
		if (bt_named[i][len] == '=')
			return bt_named[i] + len + 1;
	}
	return NULL;
}

bool bt_getopt_int(const struct dt_node *n, int64_t *v)
{
	const struct dt_node *a = n->n_args, *d = a ? a->n_next : NULL;
	const char *s;
	char *end;

	if (n->n_kind != DT_N_CALL || strcmp(n->n_str, "getopt") ||
	    !a || a->n_kind != DT_N_STR || !d || d->n_kind != DT_N_INT)
		return false;
	s = bt_named_get(a->n_str);
	if (!s) {
		*v = d->n_int;
		return true;
	}
	*v = strtoll(s, &end, 0);
	return *s && !*end;
}

int bt_rw_getopt(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *d = a ? a->n_next : NULL;
	const struct dt_loc *loc = &n->n_loc;
	const char *v;
	char *end;
	long long iv;

	(void)f;
	if (!a || a->n_kind != DT_N_STR)
		return dt_error(cx->pcb, loc, "BT_CALL", "First argument to "
				"'getopt' must be a string literal.");
	if (d && d->n_kind != DT_N_STR && d->n_kind != DT_N_INT)
		return dt_error(cx->pcb, &d->n_loc, "BT_CALL", "Second "
				"argument to 'getopt' must be a string "
				"literal, integer literal, or a boolean "
				"literal.");
	if (d && d->n_next && (d->n_next->n_kind != DT_N_STR ||
			       d->n_next->n_next))
		return dt_error(cx->pcb, loc, "BT_CALL", "Function 'getopt' "
				"requires the third parameter to be a string");
	v = bt_named_get(a->n_str);
	if (d && d->n_kind == DT_N_STR) {
		bt_replace(n, bt_str(v ? v : d->n_str, loc));
		return 0;
	}
	if (!v) {
		bt_replace(n, dt_node_int(d ? d->n_int : 0, &dt_type_long,
					  loc));
		return 0;
	}
	/* a flag: --x, --x=true|1 true, --x=false|0 false */
	if (!*v || !strcmp(v, "true"))
		iv = 1;
	else if (!strcmp(v, "false"))
		iv = 0;
	else if ((iv = strtoll(v, &end, 0)), *end)
		return dt_error(cx->pcb, loc, "BT_CALL", "Invalid value for "
				"--%s: %s is not an integer", a->n_str, v);
	bt_replace(n, dt_node_int(iv, &dt_type_long, loc));
	return 0;
}

/* ---- tables as trees of ?: ---- */

static int bt_kv_cmp(const void *a, const void *b)
{
	const struct bt_kv *x = a, *y = b;

	return x->k < y->k ? -1 : x->k > y->k;
}

/*
 * kv[lo, hi), sorted by key, as a tree of ?: of depth log2(n) (a chain
 * would hold a DIF register per entry): e < K ? left : right, and at
 * each leaf e == K ? "v" : dflt. e and dflt are copied where used.
 */
static struct dt_node *bt_kvsub(const struct bt_kv *kv, int lo, int hi,
				const struct dt_node *e,
				const struct dt_node *dflt,
				const struct dt_loc *loc)
{
	struct dt_node *t;
	int mid = lo + (hi - lo) / 2;

	if (hi - lo == 1) {
		t = dt_node_op(DT_N_TERNARY, DT_OP_NONE, bt_str(kv[lo].v, loc),
			       dt_node_copy(dflt), loc);
		t->n_cond = dt_node_op(DT_N_BINARY, DT_OP_EQ, dt_node_copy(e),
				       dt_node_int(kv[lo].k, &dt_type_long,
						   loc), loc);
	} else {
		t = dt_node_op(DT_N_TERNARY, DT_OP_NONE,
			       bt_kvsub(kv, lo, mid, e, dflt, loc),
			       bt_kvsub(kv, mid, hi, e, dflt, loc), loc);
		t->n_cond = dt_node_op(DT_N_BINARY, DT_OP_LT, dt_node_copy(e),
				       dt_node_int(kv[mid].k, &dt_type_long,
						   loc), loc);
	}
	t->n_paren = true;
	return t;
}

struct dt_node *bt_kvtree(struct bt_kv *kv, int n, const struct dt_node *e,
			  const struct dt_node *dflt, const struct dt_loc *loc)
{
	if (!n)
		return dt_node_copy(dflt);
	qsort(kv, n, sizeof(kv[0]), bt_kv_cmp);
	return bt_kvsub(kv, 0, n, e, dflt, loc);
}

/* f(e) of a table: the one argument, lowered, as the tree's key. */
static int bt_tablecall(struct bt_ctx *cx, struct dt_node *n,
			struct bt_kv *kv, int nkv, struct dt_node *dflt)
{
	struct dt_node *a = n->n_args;
	int rc = 0;

	if (dt_node_count(a) != 1)
		rc = dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() requires "
			      "one argument (%d provided)", n->n_str,
			      dt_node_count(a));
	else if (!(rc = bt_rw(cx, a)))
		bt_replace(n, bt_kvtree(kv, nkv, a, dflt, &n->n_loc));
	dt_node_free(dflt);
	return rc;
}

static const struct bt_kv bt_syscalls[] = {
#define BT_SYSCALL(name, nr)	{ nr, #name },
#include "bt_syscalls.h"
#undef BT_SYSCALL
};

int bt_rw_syscallname(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f)
{
	struct bt_kv kv[sizeof(bt_syscalls) / sizeof(bt_syscalls[0]) + 1];
	int nkv = (int)(sizeof(bt_syscalls) / sizeof(bt_syscalls[0]));

	(void)f;
	memcpy(kv, bt_syscalls, sizeof(bt_syscalls));
	return bt_tablecall(cx, n, kv, nkv, bt_str("", &n->n_loc));
}

#define BT_ERRNO_MAX	134	/* EHWPOISON, the last of Linux's */

int bt_rw_strerror(struct bt_ctx *cx, struct dt_node *n,
		   const struct bt_fn *f)
{
	struct bt_kv kv[BT_ERRNO_MAX];
	/* strerror( ) may reuse its buffer (an unknown errno's text) */
	char msg[BT_ERRNO_MAX][64];
	int i;

	(void)f;
	for (i = 0; i < BT_ERRNO_MAX; i++) {
		snprintf(msg[i], sizeof(msg[i]), "%s", strerror(i + 1));
		kv[i].k = i + 1;
		kv[i].v = msg[i];
	}
	return bt_tablecall(cx, n, kv, BT_ERRNO_MAX,
			    bt_str("Unknown error", &n->n_loc));
}

/* ---- cgroup_path( ): the cgroups of /sys/fs/cgroup as it compiles ---- */

#define BT_CGROUPS	512
#define BT_CGROOT	"/sys/fs/cgroup"

static struct bt_kv *bt_cg;
static int bt_ncg;

static int bt_cg_one(const char *path, const struct stat *st, int type,
		     struct FTW *ftw)
{
	(void)ftw;
	if (type != FTW_D)
		return 0;
	if (bt_ncg == BT_CGROUPS)
		return 1;
	bt_cg[bt_ncg].k = (int64_t)st->st_ino;
	/* bpftrace prints the root as "/" and the others below it */
	bt_cg[bt_ncg++].v = bt_strdup(path[sizeof(BT_CGROOT) - 1] ?
				      path + sizeof(BT_CGROOT) - 1 : "/");
	return 0;
}

int bt_rw_cgrouppath(struct bt_ctx *cx, struct dt_node *n,
		     const struct bt_fn *f)
{
	struct bt_kv kv[BT_CGROUPS];
	int rc, i;

	(void)f;
	bt_cg = kv;
	bt_ncg = 0;
	nftw(BT_CGROOT, bt_cg_one, 16, FTW_PHYS | FTW_MOUNT);
	rc = bt_tablecall(cx, n, kv, bt_ncg, bt_str("", &n->n_loc));
	for (i = 0; i < bt_ncg; i++)
		free((char *)kv[i].v);
	bt_cg = NULL;
	return rc;
}

/* ---- ksym(constant) ---- */

/*
 * The function of /proc/kallsyms that holds addr, as ksym( ) names it,
 * else "0x..." (ksym(0): xfsdist's first value, which gives its map
 * ksym's type where func is a string here).
 */
static void bt_ksym_const(uint64_t addr, char *out, size_t len)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], type;
	unsigned long long a, best = 0;

	snprintf(out, len, "0x%llx", (unsigned long long)addr);
	while (addr && fp && fgets(line, sizeof(line), fp))
		if (sscanf(line, "%llx %c %255s", &a, &type, sym) == 3 &&
		    (type == 't' || type == 'T') && a && a <= addr &&
		    a >= best) {
			best = a;
			snprintf(out, len, "%s", sym);
		}
	if (fp)
		fclose(fp);
}

int bt_rw_ksym(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	char name[256];

	if (dt_node_count(n->n_args) != 1 || n->n_args->n_kind != DT_N_INT)
		return bt_rw_renamed(cx, n, f);
	bt_ksym_const((uint64_t)n->n_args->n_int, name, sizeof(name));
	bt_replace(n, bt_str(name, &n->n_loc));
	return 0;
}
