// SPDX-License-Identifier: GPL-2.0
/*
 * Block scoping of $x, as bpftrace 0.22 and later check it: a $x is
 * known from its first assignment (or let) to the end of the block that
 * holds it, so
 *
 *   BEGIN { if (1) { $y = 1; } print($y); }
 *
 * is "Undefined or undeclared variable: $y" at the $y of print( ). The
 * grammar records, in source order, the blocks' '{' and '}', every $x
 * read, assigned or declared; bt_scope_check( ) walks the record after
 * the parse. Before 0.22 a $x belonged to its probe: nothing is checked
 * (D's own check refuses a $x read before any assignment).
 *
 * Only the names are checked here: lowering still makes each $x one
 * variable of its clause.
 */
#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "bt_print.h"
#include "dt_error.h"
#include "dt_rows.h"

enum bt_sev {
	BT_SEV_OPEN,	/* '{' */
	BT_SEV_CLOSE,	/* '}' */
	BT_SEV_READ,	/* $x read (or changed by ++, +=: read first) */
	BT_SEV_SET,	/* $x = v: declares $x if unknown, after v */
	BT_SEV_DECL,	/* let $x */
	BT_SEV_INNER,	/* for ($x : a..b): $x of the next block */
	BT_SEV_NONE,	/* a read that turned out to be an assignment */
	BT_SEV_DISCARD,	/* a statement's value dropped (0.27 warns) */
	BT_SEV_PROBE,	/* a probe's end: n attach points, its filter */
};

struct bt_sevent {
	enum bt_sev	kind;
	char		*name;
	struct dt_loc	loc;
	const void	*node;
	int		nattach;
	struct dt_loc	semi;	/* a discarded value's ';' (none: 0) */
};

struct bt_scope {
	struct bt_sevent *ev;
	size_t		n, cap;
	bool		oom;
};

static struct bt_scope *bt_scope_get(struct dt_pcb *pcb)
{
	if (!pcb->pcb_fescope)
		pcb->pcb_fescope = calloc(1, sizeof(struct bt_scope));
	return pcb->pcb_fescope;
}

static void bt_scope_add(struct dt_pcb *pcb, enum bt_sev kind,
			 const char *name, const struct dt_loc *loc,
			 const void *node)
{
	struct bt_scope *s = bt_scope_get(pcb);
	struct bt_sevent *e;

	if (!s || s->oom)
		return;
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct bt_sevent *ev = realloc(s->ev, cap * sizeof(*ev));

		if (!ev) {
			s->oom = true;
			return;
		}
		s->ev = ev;
		s->cap = cap;
	}
	e = &s->ev[s->n];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->node = node;
	if (loc)
		e->loc = *loc;
	if (name && !(e->name = strdup(name))) {
		s->oom = true;
		return;
	}
	s->n++;
}

void bt_scope_open(struct dt_pcb *pcb)
{
	bt_scope_add(pcb, BT_SEV_OPEN, NULL, NULL, NULL);
}

void bt_scope_close(struct dt_pcb *pcb)
{
	bt_scope_add(pcb, BT_SEV_CLOSE, NULL, NULL, NULL);
}

void bt_scope_read(struct dt_pcb *pcb, const struct dt_node *var)
{
	bt_scope_add(pcb, BT_SEV_READ, var->n_str, &var->n_loc, var);
}

void bt_scope_decl(struct dt_pcb *pcb, const char *name,
		   const struct dt_loc *loc, bool inner)
{
	bt_scope_add(pcb, inner ? BT_SEV_INNER : BT_SEV_DECL, name, loc,
		     NULL);
}

/*
 * lhs = v, reduced after v: lhs was recorded as a read before v's own
 * reads; it is the assignment now, after them ($x = $x + 1 reads an
 * unknown $x, as bpftrace says).
 */
void bt_scope_set(struct dt_pcb *pcb, const struct dt_node *lhs)
{
	struct bt_scope *s = pcb->pcb_fescope;
	size_t i;

	if (!s || lhs->n_kind != DT_N_THIS)
		return;
	for (i = s->n; i-- > 0;)
		if (s->ev[i].kind == BT_SEV_READ && s->ev[i].node == lhs) {
			s->ev[i].kind = BT_SEV_NONE;
			bt_scope_add(pcb, BT_SEV_SET, lhs->n_str, &lhs->n_loc,
				     NULL);
			return;
		}
}

size_t bt_scope_mark(struct dt_pcb *pcb)
{
	struct bt_scope *s = pcb->pcb_fescope;

	return s ? s->n : 0;
}

/* A macro's body: its $params are the caller's, not checked here. */
void bt_scope_cut(struct dt_pcb *pcb, size_t mark)
{
	struct bt_scope *s = pcb->pcb_fescope;

	if (!s)
		return;
	while (s->n > mark)
		free(s->ev[--s->n].name);
}

void bt_scope_free(struct dt_pcb *pcb)
{
	struct bt_scope *s = pcb->pcb_fescope;

	if (!s)
		return;
	bt_scope_cut(pcb, 0);
	free(s->ev);
	free(s);
	pcb->pcb_fescope = NULL;
}

/* The names known, innermost last, each with the depth of its block. */
struct bt_known {
	const char	*name;
	int		depth;
};

static bool bt_known(const struct bt_known *k, size_t n, const char *name)
{
	while (n-- > 0)
		if (strcmp(k[n].name, name) == 0)
			return true;
	return false;
}

int bt_scope_check(struct dt_pcb *pcb)
{
	struct bt_scope *s = pcb->pcb_fescope;
	struct bt_known *k;
	size_t i, nk = 0;
	const struct bt_sevent *inner = NULL;
	int depth = 0, rc = 0;

	if (!s || pcb->pcb_failed || dt_bt_rel(pcb->pcb_opts) < 22)
		return 0;
	if (s->oom)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	k = calloc(s->n + 1, sizeof(*k));
	if (!k)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	for (i = 0; i < s->n && !rc; i++) {
		const struct bt_sevent *e = &s->ev[i];

		switch (e->kind) {
		case BT_SEV_OPEN:
			depth++;
			if (inner) {
				k[nk].name = inner->name;
				k[nk++].depth = depth;
				inner = NULL;
			}
			break;
		case BT_SEV_CLOSE:
			while (nk > 0 && k[nk - 1].depth >= depth)
				nk--;
			depth--;
			break;
		case BT_SEV_READ:
			if (!bt_known(k, nk, e->name))
				rc = dt_error(pcb, &e->loc, "D_IDENT_UNDEF",
					      "Undefined or undeclared "
					      "variable: $%s", e->name);
			break;
		case BT_SEV_SET:
		case BT_SEV_DECL:
			if (!bt_known(k, nk, e->name)) {
				k[nk].name = e->name;
				k[nk++].depth = depth;
			}
			break;
		case BT_SEV_INNER:
			inner = e;
			break;
		case BT_SEV_NONE:
		case BT_SEV_DISCARD:
		case BT_SEV_PROBE:
			break;
		}
	}
	free(k);
	return rc;
}

/*
 * 0.27's "Return value discarded." for a statement whose value nothing
 * takes: any expression but an assignment, ++/--, and a call of a
 * function that returns nothing (or of a macro: not known here, not
 * warned). "_ = delete(...)" takes it.
 */
static const char *const bt_valued[] = {
	"bswap", "buf", "cgroup_path", "cgroupid", "delete", "has_key",
	"kaddr", "kptr", "ksym", "len", "macaddr", "ntop", "offsetof",
	"path", "percpu_kaddr", "pton", "reg", "sizeof", "str",
	"strcontains", "strerror", "strftime", "strncmp", "uaddr", "uptr",
	"usym",
};

void bt_warn_discard(struct dt_pcb *pcb, const struct dt_node *e,
		     const struct dt_loc *loc, const struct dt_loc *semi)
{
	struct bt_scope *s;

	if (!e || e->n_kind == DT_N_ASSIGN || e->n_kind == DT_N_INCDEC)
		return;
	if (e->n_kind == DT_N_CALL) {
		if (!e->n_str || !DT_ROW_FIND(bt_valued, e->n_str))
			return;
	}
	bt_scope_add(pcb, BT_SEV_DISCARD, NULL, loc, e);
	s = pcb->pcb_fescope;
	if (semi && s && s->n && s->ev[s->n - 1].kind == BT_SEV_DISCARD)
		s->ev[s->n - 1].semi = *semi;
}

/*
 * A block's statements are in: 0.27 marks a discarded value up to its
 * ';' when a statement follows it, the value alone when it is the last.
 */
void bt_warn_block(struct dt_pcb *pcb, const struct dt_node *stmts)
{
	struct bt_scope *s = pcb->pcb_fescope;
	size_t i;

	if (!s || !stmts)
		return;
	while (stmts->n_next)
		stmts = stmts->n_next;
	for (i = s->n; i-- > 0;)
		if (s->ev[i].kind == BT_SEV_DISCARD && s->ev[i].node == stmts) {
			memset(&s->ev[i].semi, 0, sizeof(s->ev[i].semi));
			return;
		}
}

void bt_warn_probe(struct dt_pcb *pcb, int nattach, const struct dt_loc *loc)
{
	struct bt_scope *s;

	bt_scope_add(pcb, BT_SEV_PROBE, NULL, loc, NULL);
	s = pcb->pcb_fescope;
	if (s && s->n && s->ev[s->n - 1].kind == BT_SEV_PROBE)
		s->ev[s->n - 1].nattach = nattach;
}

/* FILE:L:C-D: WARNING: TEXT, the line, '~' from C up to D (0.27's). */
static void bt_warn_one(FILE *fp, const struct dt_pcb *pcb,
			const struct dt_loc *loc, const char *text)
{
	const char *p = pcb->pcb_src, *end;
	int line = 1, col, last = loc->last_column;

	if (loc->last_line != loc->first_line || last <= loc->first_column)
		last = loc->first_column + 1;
	fprintf(fp, "%s:%d:%d-%d: WARNING: %s\n", pcb->pcb_file ?
		pcb->pcb_file : "stdin", loc->first_line, loc->first_column,
		last, text);
	if (!p)
		return;
	while (*p && line < loc->first_line)
		if (*p++ == '\n')
			line++;
	end = p + strcspn(p, "\n");
	if (loc->last_line != loc->first_line)
		last = (int)(end - p) + 1;
	fprintf(fp, "%.*s\n", (int)(end - p), p);
	for (col = 1; col < loc->first_column; col++)
		fputc(p + col - 1 < end && p[col - 1] == '\t' ? '\t' : ' ', fp);
	for (; col < last; col++)
		fputc('~', fp);
	fputc('\n', fp);
}

/*
 * The warnings as 0.27 prints them, into pcb_fewarn: each clause's in
 * order; a clause of several attach points is checked once per point,
 * so its warnings come that many times, each followed by "expanded
 * from" its filter (or its block when it has none).
 */
int bt_scope_warn(struct dt_pcb *pcb)
{
	struct bt_scope *s = pcb->pcb_fescope;
	size_t i, j, first = 0;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int k;

	if (!s || s->oom || pcb->pcb_failed || dt_bt_rel(pcb->pcb_opts) < 27)
		return 0;
	fp = open_memstream(&buf, &len);
	if (!fp)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	for (i = 0; i < s->n; i++) {
		const struct bt_sevent *p = &s->ev[i];

		if (p->kind != BT_SEV_PROBE)
			continue;
		for (k = 0; k < (p->nattach > 1 ? p->nattach : 1); k++)
			for (j = first; j < i; j++) {
				if (s->ev[j].kind != BT_SEV_DISCARD)
					continue;
				struct dt_loc l = s->ev[j].loc;

				if (s->ev[j].semi.first_line == l.first_line &&
				    s->ev[j].semi.last_column > l.last_column)
					l.last_column =
						s->ev[j].semi.last_column;
				bt_warn_one(fp, pcb, &l,
					    "Return value discarded.");
				if (p->nattach > 1)
					bt_warn_one(fp, pcb, &p->loc,
						    "expanded from");
			}
		first = i + 1;
	}
	if (fclose(fp)) {
		free(buf);
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	}
	if (len) {
		free(pcb->pcb_fewarn);
		pcb->pcb_fewarn = buf;
	} else {
		free(buf);
	}
	return 0;
}
