// SPDX-License-Identifier: GPL-2.0
/*
 * What Debian's bpftrace tools need beyond the rest of the lowering:
 *
 *   kstack, ustack(mode, N)   D's stack( ), ustack( ), the mode in the
 *                             call's n_int (a map key's printing)
 *   printf("%s", kstack)      %stack(user, frames, mode): the consumer
 *                             prints the recorded PCs (bt_out.c)
 *   printf("%s", usym(a))     %usym(pid, a): named by the consumer
 *   printf("%r", buf(p, n))   the bytes copied to scratch first, then
 *                             %buf(scratch, len) with %s: the consumer
 *                             escapes them as bpftrace's %r does
 *   cat(fmt, ...)             %cat: the consumer prints the file
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "bt_check.h"
#include "bt_lower.h"
#include "dt_error.h"
#include "dt_funcs.h"
#include "dt_types.h"

#define BT_STACK_FRAMES	127	/* bpftrace's default depth */

bool bt_isstack(const struct dt_node *n)
{
	return (n->n_kind == DT_N_IDENT || n->n_kind == DT_N_CALL) &&
		(!strcmp(n->n_str, "kstack") || !strcmp(n->n_str, "ustack"));
}

/* kstack(N), kstack(mode), kstack(mode, N): *mode and *frames (or 0). */
static int bt_stackargs(struct bt_ctx *cx, const struct dt_node *n,
			int *mode, int64_t *frames)
{
	static const char *const modes[] = { "bpftrace", "perf", "raw" };
	const struct dt_node *a = n->n_kind == DT_N_CALL ? n->n_args : NULL;
	int i;

	*mode = DT_STACKMODE_OWN;
	*frames = 0;
	if (a && a->n_kind == DT_N_IDENT) {
		for (i = 0; i < 3 && strcmp(a->n_str, modes[i]); i++)
			;
		if (i == 3)
			return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
					"%s() expects a stack mode literal "
					"(bpftrace, perf or raw), not %s",
					n->n_str, a->n_str);
		*mode = i;
		a = a->n_next;
	}
	if (!a)
		return 0;
	if (a->n_kind != DT_N_INT || a->n_next || a->n_int < 1 ||
	    a->n_int > DTRACE_STACK_MAX)
		return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
				"%s() expects an integer literal depth from 1 "
				"to %d", n->n_str, DTRACE_STACK_MAX);
	*frames = a->n_int;
	return 0;
}

int bt_stack(struct bt_ctx *cx, struct dt_node *n, bool printfarg)
{
	const struct dt_loc *loc = &n->n_loc;
	bool user = n->n_str[0] == 'u';
	struct dt_node *r, *args;
	int64_t frames;
	int mode;

	if (bt_stackargs(cx, n, &mode, &frames))
		return -1;
	if (printfarg) {
		args = dt_node_int(user, &dt_type_int, loc);
		args->n_next = dt_node_int(frames ? frames : BT_STACK_FRAMES,
					   &dt_type_int, loc);
		args->n_next->n_next = dt_node_int(mode, &dt_type_int, loc);
		r = bt_call(bt_xname(BT_X_STACK), args, loc);
	} else {
		args = frames ? dt_node_int(frames, &dt_type_int, loc) : NULL;
		r = bt_call(user ? "ustack" : "stack", args, loc);
		r->n_int = mode;	/* the key's printing (dt_check_agg.c) */
	}
	dt_node_replace(n, r);
	return 0;
}

/*
 * x = kstack(mode, N): bpftrace keeps a stack id; here too, the
 * module's hash of the PCs, %stackid(N) (the mode in its n_int, for the
 * printing), and *rec = %stackrec(%stackid(N), N) records the PCs
 * beside the id for the consumer to learn them.
 */
int bt_stackvalue(struct bt_ctx *cx, struct dt_node *s, struct dt_node **rec)
{
	struct dt_node *v = s->n_kind == DT_N_ASSIGN ? s->n_right : NULL;
	const struct dt_loc *loc;
	struct dt_node *id, *args;
	int64_t frames;
	int mode;

	*rec = NULL;
	if (!v || !bt_isstack(v))
		return 0;
	loc = &v->n_loc;
	if (v->n_str[0] == 'u')
		return dt_error(cx->pcb, loc, "BT_CALL", "ustack as a value (in "
				"a map or a variable) is not supported: use it "
				"as a map key or a printf() argument");
	if (bt_stackargs(cx, v, &mode, &frames))
		return -1;
	if (!frames)
		frames = BT_STACK_FRAMES;
	id = bt_call(bt_xname(BT_X_STACKID), dt_node_int(frames, &dt_type_int,
							 loc), loc);
	id->n_int = mode;
	args = dt_node_copy(id);
	args->n_next = dt_node_int(frames, &dt_type_int, loc);
	*rec = bt_call(bt_xname(BT_X_STACKREC), args, loc);
	dt_node_replace(v, id);
	return 0;
}

/* Make conversion #k of printf's format (a string literal) a %s. */
static int bt_conv_s(struct bt_ctx *cx, struct dt_node *pf, int k)
{
	char *f = pf->n_args->n_str, *p;

	for (p = f; (p = strchr(p, '%')); ) {
		if (p[1] == '%') {
			p += 2;
			continue;
		}
		p++;
		p += strspn(p, "-+ #0123456789.hlLjzt");
		if (!*p)
			break;
		if (k-- == 0) {
			*p = 's';
			return 0;
		}
		p++;
	}
	return dt_error(cx->pcb, &pf->n_loc, "BT_CALL", "printf: too few "
			"conversions for the arguments");
}

int bt_printf_vals(struct bt_ctx *cx, struct dt_node *pf)
{
	struct dt_node *a, *args;
	int k = 0;

	if (!pf->n_args || pf->n_args->n_kind != DT_N_STR)
		return 0;
	for (a = pf->n_args->n_next; a; a = a->n_next, k++) {
		if (bt_isstack(a)) {
			if (bt_stack(cx, a, true))
				return -1;
		} else if (a->n_kind == DT_N_CALL &&
			   !strcmp(a->n_str, "usym")) {
			if (dt_node_count(a->n_args) != 1)
				return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
						"usym() requires one argument");
			if (bt_rw(cx, a->n_args))
				return -1;
			args = bt_ident("pid", &a->n_loc);
			args->n_next = bt_steal(&a->n_args);
			dt_node_replace(a, bt_call(bt_xname(BT_X_USYM), args,
						   &a->n_loc));
		} else if (a->n_kind == DT_N_CALL &&
			   !strcmp(a->n_str, bt_xname(BT_X_BUF))) {
			if (bt_conv_s(cx, pf, k))
				return -1;
		}
	}
	return 0;
}

/*
 * printf(..., buf(p, n), ...): before it
 *   this->%bK = alloca(64);
 *   this->%lK = (uint64)n > 64 ? 64 : n;
 *   bcopy(p, this->%bK, this->%lK);
 * and the argument becomes %buf(this->%bK, this->%lK): the module
 * records the scratch copy, never reading past n bytes at p.
 */
struct dt_node *bt_bufpre(struct bt_ctx *cx, struct dt_node *pf)
{
	struct dt_node *a, *out = NULL;

	if (!pf->n_args)
		return NULL;
	for (a = pf->n_args->n_next; a && !cx->pcb->pcb_failed;
	     a = a->n_next) {
		const struct dt_loc *loc = &a->n_loc;
		struct dt_node *p, *n, *s, *cmp, *cast;
		int id;

		if (a->n_kind != DT_N_CALL || strcmp(a->n_str, "buf"))
			continue;
		if (dt_node_count(a->n_args) != 2) {
			dt_error(cx->pcb, loc, "BT_CALL", "buf() requires 2 "
				 "arguments here: buf(addr, len)");
			return out;
		}
		p = bt_steal(&a->n_args);
		n = p->n_next;
		p->n_next = NULL;
		if (bt_rw(cx, p) || bt_rw(cx, n)) {
			dt_node_free(p);
			dt_node_free(n);
			return out;
		}
		id = cx->nbufs++;
		s = dt_node_op(DT_N_ASSIGN, DT_OP_SET,
			       bt_this("%%b%d", id, 0, loc),
			       bt_call("alloca", dt_node_int(DT_BUFVAL_MAX,
							     &dt_type_int,
							     loc), loc), loc);
		out = dt_node_append(out, s);
		cast = dt_node_op(DT_N_CAST, DT_OP_NONE, n, NULL, loc);
		cast->n_ctype = dt_type_ulong;
		cast->n_paren = true;
		cmp = dt_node_op(DT_N_BINARY, DT_OP_GT, cast,
				 dt_node_int(DT_BUFVAL_MAX, &dt_type_int, loc),
				 loc);
		s = dt_node_op(DT_N_TERNARY, DT_OP_NONE,
			       dt_node_int(DT_BUFVAL_MAX, &dt_type_int, loc),
			       dt_node_copy(n), loc);
		s->n_cond = cmp;
		out = dt_node_append(out, dt_node_op(
			DT_N_ASSIGN, DT_OP_SET, bt_this("%%l%d", id, 0, loc),
			s, loc));
		p->n_next = bt_this("%%b%d", id, 0, loc);
		p->n_next->n_next = bt_this("%%l%d", id, 0, loc);
		p = bt_call(bt_xname(BT_X_BUFSRC), p, loc);
		p->n_next = p->n_args->n_next;
		p->n_args->n_next = NULL;
		out = dt_node_append(out, bt_call("bcopy", p, loc));
		a->n_args = bt_this("%%b%d", id, 0, loc);
		a->n_args->n_next = bt_this("%%l%d", id, 0, loc);
		free(a->n_str);
		a->n_str = bt_strdup(bt_xname(BT_X_BUF));
	}
	return out;
}
