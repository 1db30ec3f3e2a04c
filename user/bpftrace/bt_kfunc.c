// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's kfunc and kretfunc probes (fentry and fexit in newer
 * bpftrace), on the fbt provider:
 *
 *   kfunc:F, kfunc:MOD:F, fentry:, f:     fbt:MOD:F:entry
 *   kretfunc:F, kretfunc:MOD:F, fexit:, fr: fbt:MOD:F:return
 *
 * The probe builtin is KIND:MOD:F, MOD vmlinux for the kernel's own
 * functions (a module's are named with their module: kfunc:MOD:F).
 * args->NAME is args[N], N the place of parameter NAME in F's prototype
 * (the kernel's BTF, or the type data DKMS built), typed as the fbt
 * provider types args[N]; retval in kretfunc is args[1], the typed
 * return value. fbt's entry is F's ftrace call site, where bpftrace
 * puts its trampoline. Its return is a kretprobe, which does not keep
 * the arguments: args->NAME in kretfunc reads self->%kfaK, which one
 * clause of the program's own at F's entry sets to args[N] with F's
 * other saves (before the program's clauses, so D types it there) and
 * one at F's return, after them, frees. A recursive F's inner call
 * overwrites the outer's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "bt_parse.h"
#include "bt_print.h"
#include "dt_btf.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_pcb.h"

bool bt_kfunc_kind(enum bt_pkind k)
{
	return k == BT_P_KFUNC || k == BT_P_KRETFUNC;
}

/* The prototype of the probe's function: 0, or -1 with err. */
static int bt_kfunc_proto(const char *mod, const char *fn,
			  struct dt_btf_func *f, char *err, size_t errlen)
{
	const struct dt_btf *bt = dt_btf_module(mod, err, errlen);

	if (!bt)
		return -1;
	return dt_btf_func(bt, fn, f, err, errlen);
}

int bt_kfunc_probe(struct dt_pcb *pcb, char **f, int n,
		   const struct dt_loc *loc, struct bt_probe *bp)
{
	const char *mod, *fn;
	struct dt_btf_func proto;
	char err[512];
	unsigned int rel;

	/* n is -1 for more fields than bt_probe_parse( ) splits */
	if (n != 2 && n != 3)
		return 1;
	mod = n == 3 ? f[1] : "";
	fn = f[n - 1];
	if (!*fn || (n == 3 && !*mod))
		return 1;
	if (!dt_btf_kernel(err, sizeof(err)))
		return dt_error(pcb, loc, "BT_PROBE", "%s not available for "
				"your kernel version: %s", f[0], err);
	bp->bp_glob = strpbrk(fn, "*?[") != NULL;
	if (!bp->bp_glob &&
	    bt_kfunc_proto(mod, fn, &proto, err, sizeof(err)))
		return dt_error(pcb, loc, "BT_PROBE", "No BTF found for %s%s%s%s",
				mod, *mod ? ":" : "", fn, dt_btf_from_file() ?
				" (the type data in use, built from the "
				"kernel's headers, describes no functions: "
				"kfunc needs /sys/kernel/btf/vmlinux)" : "");
	snprintf(bp->bp_desc, sizeof(bp->bp_desc), "fbt:%s:%s:%s", mod, fn,
		 bp->bp_kind == BT_P_KFUNC ? "entry" : "return");
	/*
	 * bpftrace names the kernel's own "vmlinux", written or not, and
	 * the probe fentry or fexit from 0.22 on, whichever name was written
	 */
	rel = dt_bt_rel(pcb->pcb_opts);
	snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s:%s", rel < 22 ? f[0] :
		 bp->bp_kind == BT_P_KFUNC ? "fentry" : "fexit",
		 *mod ? mod : "vmlinux", fn);
	return 0;
}

/* The probe's module and function, from its fbt description. */
static bool bt_kfunc_split(const struct bt_probe *bp, char *mod, char *fn,
			   size_t len)
{
	const char *a = strchr(bp->bp_desc, ':'), *b, *c;

	if (!a || !(b = strchr(a + 1, ':')) || !(c = strchr(b + 1, ':')) ||
	    (size_t)(b - a - 1) >= len || (size_t)(c - b - 1) >= len)
		return false;
	snprintf(mod, len, "%.*s", (int)(b - a - 1), a + 1);
	snprintf(fn, len, "%.*s", (int)(c - b - 1), b + 1);
	return true;
}

/* args[idx] at loc. */
static struct dt_node *bt_kfunc_arg(int idx, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_INDEX, loc);

	n->n_left = bt_ident("args", loc);
	n->n_args = dt_node_int(idx, &dt_type_int, loc);
	return n;
}

/* self->%kfaK, the save of argument arg of the probe's function. */
static struct dt_node *bt_kfunc_self(int k, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_new(DT_N_SELF, loc);
	char name[32];

	snprintf(name, sizeof(name), "%%kfa%d", k);
	n->n_str = bt_strdup(name);
	return n;
}

/* args->NAME in kretfunc: n reads the value saved at the entry. */
static int bt_kfunc_saved(struct bt_ctx *cx, struct dt_node *n, int arg)
{
	const char *desc = cx->probe->bp_desc;
	size_t fnlen = strrchr(desc, ':') - desc;
	int k;

	for (k = 0; k < cx->nkfsaves; k++)
		if (cx->kfsaves[k].arg == arg &&
		    strlen(cx->kfsaves[k].fn) == fnlen &&
		    !strncmp(cx->kfsaves[k].fn, desc, fnlen))
			break;
	if (k == BT_MAXMAPS)
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN", "more than "
				"%d arguments of kretfunc probes", BT_MAXMAPS);
	if (k == cx->nkfsaves) {
		cx->kfsaves[k].fn = strndup(desc, fnlen);
		if (!cx->kfsaves[k].fn) {
			fputs("dtrace: out of memory\n", stderr);
			exit(1);
		}
		cx->kfsaves[k].arg = arg;
		cx->nkfsaves++;
	}
	dt_node_replace(n, bt_kfunc_self(k, &n->n_loc));
	return 0;
}

int bt_kfunc_member(struct bt_ctx *cx, struct dt_node *n)
{
	const struct bt_probe *bp = cx->probe;
	struct dt_loc whole, *loc = &whole;
	struct dt_btf_func proto;
	char mod[256], fn[256], err[512];
	int i;

	if (!bt_kfunc_kind(bp->bp_kind) || n->n_kind != DT_N_MEMBER ||
	    !n->n_post || !n->n_left || n->n_left->n_kind != DT_N_IDENT ||
	    strcmp(n->n_left->n_str, "args"))
		return 1;
	/* errors underline args->NAME, as bpftrace's */
	whole = n->n_loc;
	if (n->n_left->n_loc.first_line == whole.last_line) {
		whole.first_line = n->n_left->n_loc.first_line;
		whole.first_column = n->n_left->n_loc.first_column;
		whole.last_column += strlen(n->n_str);
	}
	if (bp->bp_glob)
		return dt_error(cx->pcb, loc, "BT_BUILTIN", "args in a probe "
				"that names several functions: name one "
				"function");
	if (!bt_kfunc_split(bp, mod, fn, sizeof(mod)) ||
	    bt_kfunc_proto(mod, fn, &proto, err, sizeof(err)))
		return dt_error(cx->pcb, loc, "BT_BUILTIN", "No BTF found for "
				"%s", fn);
	for (i = 0; i < proto.bf_nargs && i < DT_BTF_MAXARGS; i++)
		if (!strcmp(proto.bf_argnames[i], n->n_str))
			break;
	if (i == proto.bf_nargs || i == DT_BTF_MAXARGS)
		return dt_error(cx->pcb, loc, "BT_BUILTIN", "Can't find "
				"function parameter %s", n->n_str);
	if (bp->bp_kind == BT_P_KRETFUNC)
		return bt_kfunc_saved(cx, n, i);
	dt_node_replace(n, bt_kfunc_arg(i, loc));
	return 0;
}

/* A hidden clause at fn's probe name, with no statements yet. */
static struct dt_clause *bt_kfunc_clause(const char *fn, const char *name,
					 const struct dt_loc *loc)
{
	char desc[2048];
	struct dt_clause *c;

	snprintf(desc, sizeof(desc), "%s:%s", fn, name);
	c = bt_clause_new(desc, loc);
	c->c_hidden = true;
	return c;
}

struct dt_clause *bt_kfunc_saves(struct bt_ctx *cx, struct dt_clause *out)
{
	const struct dt_loc *loc = &out->c_loc;
	struct dt_clause *c, *r, **tail = &out;
	int k, j;

	while (*tail)
		tail = &(*tail)->c_next;
	for (k = 0; k < cx->nkfsaves; k++) {
		const char *fn = cx->kfsaves[k].fn;

		for (j = 0; j < k && strcmp(cx->kfsaves[j].fn, fn); j++)
			;
		if (j < k)	/* in the clauses of its function's first */
			continue;
		/* one firing of each for all of fn's saves */
		c = bt_kfunc_clause(fn, "entry", loc);
		r = bt_kfunc_clause(fn, "return", loc);
		for (j = k; j < cx->nkfsaves; j++) {
			if (strcmp(cx->kfsaves[j].fn, fn))
				continue;
			/* self->%kfaJ = args[N] before the program's */
			c->c_stmts = dt_node_append(c->c_stmts,
				dt_node_op(DT_N_ASSIGN, DT_OP_SET,
					   bt_kfunc_self(j, loc),
					   bt_kfunc_arg(cx->kfsaves[j].arg,
							loc), loc));
			/* self->%kfaJ = 0 after them */
			r->c_stmts = dt_node_append(r->c_stmts,
				dt_node_op(DT_N_ASSIGN, DT_OP_SET,
					   bt_kfunc_self(j, loc),
					   dt_node_int(0, &dt_type_int, loc),
					   loc));
		}
		c->c_next = out;
		out = c;
		*tail = r;
		tail = &r->c_next;
	}
	return out;
}

void bt_kfunc_free(struct bt_ctx *cx)
{
	while (cx->nkfsaves > 0)
		free(cx->kfsaves[--cx->nkfsaves].fn);
}

int bt_kfunc_retval(struct bt_ctx *cx, struct dt_node *n)
{
	if (cx->probe->bp_kind != BT_P_KRETFUNC)
		return 1;
	dt_node_replace(n, bt_kfunc_arg(1, &n->n_loc));
	return 0;
}
