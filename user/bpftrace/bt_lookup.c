// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace functions whose answers are looked up as the program
 * compiles (0.23 and later), each a tree of ?: over a table:
 *
 *   syscall_name(nr)  the name of system call nr (x86-64)
 *   strerror(e)       the C library's text of e
 *   cgroup_path(id)   the cgroup v2 directory's path (the cgroups that
 *                     exist then)
 *   ksym(constant)    the kernel symbol at a constant address
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
		dt_node_replace(n, bt_kvtree(kv, nkv, a, dflt, &n->n_loc));
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
	dt_node_replace(n, bt_str(name, &n->n_loc));
	return 0;
}
