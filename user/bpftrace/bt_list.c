// SPDX-License-Identifier: GPL-2.0
/*
 * -l under the bpftrace front end: the probes in bpftrace's names,
 * sorted, one a line, as bpftrace 0.17 lists them:
 *
 *   fbt::F:entry, fbt::F:return    kprobe:F, kretprobe:F
 *   tracepoint:SUB::EV             tracepoint:SUB:EV
 *   software:::EV                  software:EV:
 *   uprobe:/ABS/PATH:F:entry       uprobe:PATH:F (PATH as written)
 *   fbt:MOD:F:entry, :return       kfunc:MOD:F, kretfunc:MOD:F, asked
 *                                  for by type, where BTF describes F
 *   (PATH's stapsdt notes)         usdt:PATH:PROVIDER:NAME, asked for
 *                                  by type (PATH as written)
 *
 * A search is a glob over the whole name ('kprobe:vfs_*', '*sleep*');
 * its type may be a short name (k:, t:, ...). With -v a tracepoint's
 * fields follow, indented 4, as its format file declares them, and a
 * kfunc's parameters and return value, as its prototype declares them.
 */
#define _GNU_SOURCE	/* asprintf */
#include <fnmatch.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_list.h"
#include "bt_parse.h"
#include "dt_btf.h"
#include "dt_pid.h"
#include "dt_probes.h"
#include "dt_probetab.h"
#include "dt_provider.h"
#include "dt_tracefs.h"

/* How a probe of a type is named after its type (bt_list_name). */
enum bt_lform {
	BT_LF_FUNC,		/* TYPE:F */
	BT_LF_MODNAME,		/* TYPE:SUB:EV */
	BT_LF_NAME,		/* TYPE:EV: */
	BT_LF_PATHFUNC,		/* TYPE:PATH:F */
	BT_LF_KFUNC,		/* TYPE:MOD:F, fbt's where BTF describes F */
};

static const struct {
	const char	*name, *alias, *prov, *pname;
	bool		bytype;	/* listed only when a search names it */
	const char	*newer;	/* its name from bpftrace 0.22 on */
	enum bt_lform	form;
} bt_ltypes[] = {
	{ "kprobe", "k", "fbt", "entry", false, NULL, BT_LF_FUNC },
	{ "kretprobe", "kr", "fbt", "return", true, NULL, BT_LF_FUNC },
	{ "tracepoint", "t", "tracepoint", NULL, false, NULL, BT_LF_MODNAME },
	{ "software", "s", "software", NULL, false, NULL, BT_LF_NAME },
	{ "uprobe", "u", "uprobe", "entry", false, NULL, BT_LF_PATHFUNC },
	{ "uretprobe", "ur", "uprobe", "return", false, NULL, BT_LF_PATHFUNC },
	{ "kfunc", "f", "fbt", "entry", true, "fentry", BT_LF_KFUNC },
	{ "kretfunc", "fr", "fbt", "return", true, "fexit", BT_LF_KFUNC },
};

#define BT_NTYPES	(sizeof(bt_ltypes) / sizeof(bt_ltypes[0]))

/* Type i's name as release 0.rel lists it. */
static const char *bt_ltype(size_t i, unsigned int rel)
{
	return rel >= 22 && bt_ltypes[i].newer ? bt_ltypes[i].newer :
	       bt_ltypes[i].name;
}

static bool bt_ltype_is(size_t i, const char *s, size_t n)
{
	const char *const names[] = {
		bt_ltypes[i].name, bt_ltypes[i].alias, bt_ltypes[i].newer,
	};
	size_t j;

	for (j = 0; j < 3; j++)
		if (names[j] && strlen(names[j]) == n && !strncmp(s, names[j], n))
			return true;
	return false;
}

/* "page-faults-10": a software event with its period. */
static bool bt_list_period(const char *name)
{
	const char *d = strrchr(name, '-');

	return d && d[1] && strspn(d + 1, "0123456789") == strlen(d + 1);
}

/* The first type that names pd's provider and probe, or BT_NTYPES. */
static size_t bt_list_type_of(const struct dtrace_probedesc *pd)
{
	size_t i;

	for (i = 0; i < BT_NTYPES; i++)
		if (bt_ltypes[i].form != BT_LF_KFUNC &&
		    !strcmp(bt_ltypes[i].prov, pd->dpd_provider) &&
		    (!bt_ltypes[i].pname ||
		     !strcmp(bt_ltypes[i].pname, pd->dpd_name)))
			break;
	return i;
}

int bt_list_name(const struct dtrace_probedesc *pd, const char *upath,
		 char *buf, size_t len)
{
	size_t i = bt_list_type_of(pd);
	const char *type;

	if (i == BT_NTYPES)
		return -1;
	type = bt_ltypes[i].name;
	switch (bt_ltypes[i].form) {
	case BT_LF_FUNC:
		snprintf(buf, len, "%s:%s", type, pd->dpd_func);
		return 0;
	case BT_LF_MODNAME:
		snprintf(buf, len, "%s:%s:%s", type, pd->dpd_mod,
			 pd->dpd_name);
		return 0;
	case BT_LF_NAME:
		/* page-faults-1 is page-faults with a period */
		if (bt_list_period(pd->dpd_name))
			return -1;
		snprintf(buf, len, "%s:%s:", type, pd->dpd_name);
		return 0;
	case BT_LF_PATHFUNC:
		snprintf(buf, len, "%s:%s:%s", type,
			 upath ? upath : pd->dpd_mod, pd->dpd_func);
		return 0;
	case BT_LF_KFUNC:	/* bt_list_type_of skips them */
		break;
	}
	return -1;
}

/* A tracepoint's fields, as bpftrace -lv prints them. */
void bt_list_tpfields(FILE *fp, const char *sys, const char *ev)
{
	char path[PATH_MAX], line[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/events/%s/%s/format",
		 dt_tracefs_dir(), sys, ev);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *d = strstr(line, "field:"), *end;

		if (!d)
			continue;
		d += 6;
		end = strchr(d, ';');
		if (!end)
			continue;
		*end = '\0';
		/* the common_ header is not the event's */
		if (strstr(d, " common_") || strncmp(d, "common_", 7) == 0)
			continue;
		fprintf(fp, "    %s\n", d);
	}
	fclose(f);
}

struct bt_names {
	char	**n;
	size_t	cnt, cap;
	const char *search;	/* whole-name glob */
	const char *upath;	/* uprobe's PATH as written */
	const char *kfunc;	/* "kfunc", "kretfunc": fbt's, so named */
	bool	verbose;
	unsigned int rel;	/* bpftrace's release: 0.rel */
};

/*
 * The entry of name (kfunc:MOD:F) for fbt's probe pd, if BTF describes
 * F; with -v its parameters and return value, indented 4, as bpftrace
 * lists them. NULL when F has no prototype.
 */
static char *bt_list_kfunc(const struct bt_names *l,
			   const struct dtrace_probedesc *pd, const char *name)
{
	const struct dt_btf *bt = dt_btf_module(pd->dpd_mod, NULL, 0);
	struct dt_btf_func f;
	char type[256], *v = NULL;
	size_t n;
	FILE *m;
	int i;

	if (!bt || dt_btf_func(bt, pd->dpd_func, &f, NULL, 0))
		return NULL;
	m = open_memstream(&v, &n);
	if (!m)
		return NULL;
	fprintf(m, "%s\n", name);
	for (i = 0; l->verbose && i < f.bf_nargs && i < DT_BTF_MAXARGS; i++)
		fprintf(m, "    %s %s\n",
			dt_btf_name(bt, f.bf_args[i], type, sizeof(type)),
			f.bf_argnames[i]);
	/* 0.27 lists retval for fexit only */
	if (l->verbose && f.bf_ret &&
	    (l->rel < 27 || !strcmp(pd->dpd_name, "return")))
		fprintf(m, "    %s retval\n",
			dt_btf_name(bt, f.bf_ret, type, sizeof(type)));
	fclose(m);
	return v;
}

/* Keep v (malloc'd, "NAME\n" and -v's lines), or -1. */
static int bt_list_keep(struct bt_names *l, char *v)
{
	if (!v)
		return -1;
	if (l->cnt == l->cap) {
		char **nn = realloc(l->n, (l->cap * 2 + 64) * sizeof(*nn));

		if (!nn) {
			free(v);
			return -1;
		}
		l->n = nn;
		l->cap = l->cap * 2 + 64;
	}
	l->n[l->cnt++] = v;
	return 0;
}

static int bt_list_add(const struct dtrace_probedesc *pd, void *arg)
{
	struct bt_names *l = arg;
	char name[1024], *v = NULL;
	size_t n;

	if (l->kfunc) {
		snprintf(name, sizeof(name), "%s:%s:%s", l->kfunc,
			 pd->dpd_mod[0] ? pd->dpd_mod : "vmlinux",
			 pd->dpd_func);
		if (l->search && fnmatch(l->search, name, 0))
			return 0;
	} else if (bt_list_name(pd, l->upath, name, sizeof(name)) ||
		   (l->search && fnmatch(l->search, name, 0))) {
		return 0;
	}
	/* -v: the fields after the name (sorting keeps them with it) */
	if (l->kfunc) {
		v = bt_list_kfunc(l, pd, name);
		if (!v)		/* no prototype: not a kfunc */
			return 0;
	} else if (l->verbose && !strcmp(pd->dpd_provider, "tracepoint")) {
		FILE *m = open_memstream(&v, &n);

		if (!m)
			return -1;
		fprintf(m, "%s\n", name);
		bt_list_tpfields(m, pd->dpd_mod, pd->dpd_name);
		fclose(m);
	} else if (asprintf(&v, "%s\n", name) < 0) {
		v = NULL;
	}
	return bt_list_keep(l, v);
}

/* usdt:PATH:PROVIDER:NAME, PATH as written, if the search matches. */
static int bt_list_usdtnote(void *arg, const char *prov, const char *name)
{
	struct bt_names *l = arg;
	char full[PATH_MAX + 512], *v;

	snprintf(full, sizeof(full), "usdt:%s:%s:%s", l->upath, prov, name);
	if (fnmatch(l->search, full, 0))
		return 0;
	/* 1 stops the walk: out of memory */
	return bt_list_keep(l, asprintf(&v, "%s\n", full) < 0 ? NULL : v) ?
		1 : 0;
}

/*
 * usdt:PATH[:PROVIDER:NAME]: the probes PATH's notes declare, read from
 * the file itself, as bpftrace lists them without a process.
 */
static int bt_list_usdt(const char *search, struct bt_names *l, char *err,
			size_t errlen)
{
	char path[PATH_MAX], rpath[PATH_MAX], *all;
	const char *rest = strchr(search, ':') + 1;
	size_t n = strcspn(rest, ":");
	int rc;

	snprintf(path, sizeof(path), "%.*s", (int)n, rest);
	if (!n || !strchr(path, '/') || !realpath(path, rpath)) {
		snprintf(err, errlen, "usdt target file '%s' does not exist "
			 "or is not executable%s", path, strchr(path, '/') ?
			 "" : " (usdt:PATH needs a path: ./FILE)");
		return -1;
	}
	/* U: is usdt:; usdt:PATH is every probe of PATH */
	if (asprintf(&all, "usdt:%s%s", rest, rest[n] ? "" : ":*") < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	l->search = all;
	l->upath = path;
	rc = dt_usdt_names(rpath, bt_list_usdtnote, l);
	l->upath = NULL;
	l->search = search;
	free(all);
	if (rc > 0 || rc < 0)
		snprintf(err, errlen, rc > 0 ? "out of memory" :
			 "usdt target file '%s' is not an ELF file", path);
	return rc ? -1 : 0;
}

static int bt_strpcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The search's type in full: "k:vfs_*" -> "kprobe:vfs_*". */
static char *bt_list_expand(const char *search, size_t *type,
			    unsigned int rel)
{
	size_t n = strcspn(search, ":"), i;
	char *s;

	*type = BT_NTYPES;
	if (!search[n])		/* no type: a glob over every name */
		return strdup(search);
	for (i = 0; i < BT_NTYPES; i++)
		if (bt_ltype_is(i, search, n))
			break;
	if (i == BT_NTYPES)
		return strdup(search);
	*type = i;
	if (asprintf(&s, "%s%s", bt_ltype(i, rel), search + n) < 0)
		return NULL;
	return s;
}

/* uprobe:PATH:FUNC: offer PATH's functions, then walk them. */
static int bt_list_uprobe(int fd, const char *search, size_t t,
			  struct bt_names *l, char *err, size_t errlen)
{
	char path[PATH_MAX], rpath[PATH_MAX], *func;
	struct dtrace_probedesc d;
	size_t n;

	search += strlen(bt_ltypes[t].name) + 1;
	func = strrchr(search, ':');
	if (!func) {
		snprintf(err, errlen, "uprobe: a PATH:FUNCTION is needed");
		return -1;
	}
	n = (size_t)(func - search);
	snprintf(path, sizeof(path), "%.*s", (int)n, search);
	if (strchr(path, '/') ? !realpath(path, rpath) :
	    bt_lib_path(path, rpath, sizeof(rpath))) {
		snprintf(err, errlen, "uprobe target file '%s' does not "
			 "exist or is not executable", path);
		return -1;
	}
	memset(&d, 0, sizeof(d));
	if (strlen(rpath) >= sizeof(d.dpd_mod)) {
		snprintf(err, errlen, "uprobe target file '%s': its path is "
			 "longer than %zu characters", rpath,
			 sizeof(d.dpd_mod) - 1);
		return -1;
	}
	strcpy(d.dpd_provider, "uprobe");
	strcpy(d.dpd_mod, rpath);
	snprintf(d.dpd_func, sizeof(d.dpd_func), "%s", func + 1);
	strcpy(d.dpd_name, bt_ltypes[t].pname);
	l->upath = path;
	if (dt_providers_offer(fd, &d, false, err, errlen))
		return -1;
	n = (size_t)dt_probes_walk(fd, &d, bt_list_add, l);
	l->upath = NULL;
	return (int)n < 0 ? -1 : 0;
}

/* Only what a typed search can match: fewer offers, a shorter walk. */
static void bt_list_narrow(struct dtrace_probedesc *d, const char *rest)
{
	char f[2][DTRACE_NAMELEN];
	size_t n;

	if (*rest++ != ':')
		return;
	n = strcspn(rest, ":");
	if (n >= sizeof(f[0]))
		return;
	snprintf(f[0], sizeof(f[0]), "%.*s", (int)n, rest);
	if (!strcmp(d->dpd_provider, "fbt")) {
		if (!rest[n]) {
			snprintf(d->dpd_func, sizeof(d->dpd_func), "%s", f[0]);
		} else if (!strchr(rest + n + 1, ':') &&
			   strlen(rest + n + 1) < sizeof(f[1])) {
			/* kfunc:MOD:F */
			snprintf(d->dpd_mod, sizeof(d->dpd_mod), "%s", f[0]);
			snprintf(d->dpd_func, sizeof(d->dpd_func), "%s",
				 rest + n + 1);
		}
	} else if (!strcmp(d->dpd_provider, "tracepoint") && rest[n] &&
		   !strchr(rest + n + 1, ':') &&
		   strlen(rest + n + 1) < sizeof(f[1])) {
		snprintf(d->dpd_mod, sizeof(d->dpd_mod), "%s", f[0]);
		snprintf(d->dpd_name, sizeof(d->dpd_name), "%s", rest + n + 1);
	}
}

int bt_list(int fd, const char *search, bool verbose, unsigned int rel,
	    FILE *fp, char *err, size_t errlen)
{
	struct bt_names l = { .verbose = verbose, .rel = rel };
	struct dtrace_probedesc d;
	size_t t = BT_NTYPES, i;
	char *s = search ? bt_list_expand(search, &t, rel) : NULL;
	size_t tn = t < BT_NTYPES ? strlen(bt_ltype(t, rel)) : 0;
	int rc = 0;

	if (s && t < BT_NTYPES && bt_ltypes[t].form == BT_LF_KFUNC &&
	    !strchr(s + tn + 1, ':')) {
		/* kfunc:F is kfunc:*:F, as bpftrace searches it */
		char *w;

		if (asprintf(&w, "%s:*:%s", bt_ltype(t, rel), s + tn + 1) < 0)
			w = NULL;
		free(s);
		s = w;
	}
	if (search && !s) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	l.search = s;
	if (t < BT_NTYPES && !strcmp(bt_ltypes[t].prov, "uprobe")) {
		rc = bt_list_uprobe(fd, s, t, &l, err, errlen);
	} else if (s && (!strncmp(s, "usdt:", 5) || !strncmp(s, "U:", 2))) {
		rc = bt_list_usdt(s, &l, err, errlen);
	} else if (s && t == BT_NTYPES && strchr(s, ':') &&
		   strcspn(s, "*?[") > strcspn(s, ":")) {
		/* hardware:, kfunc:, ...: none of ours has such a name */
		rc = 0;
	} else {
		for (i = 0; i < BT_NTYPES && !rc; i++) {
			if (!strcmp(bt_ltypes[i].prov, "uprobe") ||
			    (t < BT_NTYPES && t != i) ||
			    (t == BT_NTYPES && bt_ltypes[i].bytype))
				continue;
			l.kfunc = bt_ltypes[i].form == BT_LF_KFUNC ?
				  bt_ltype(i, rel) : NULL;
			memset(&d, 0, sizeof(d));
			strcpy(d.dpd_provider, bt_ltypes[i].prov);
			if (bt_ltypes[i].pname)
				strcpy(d.dpd_name, bt_ltypes[i].pname);
			if (t == i)
				bt_list_narrow(&d, s + tn);
			if (dt_providers_offer(fd, &d, false, err, errlen) ||
			    dt_probes_walk(fd, &d, bt_list_add, &l) < 0)
				rc = -1;
		}
	}
	if (!rc) {
		qsort(l.n, l.cnt, sizeof(*l.n), bt_strpcmp);
		for (i = 0; i < l.cnt; i++)
			if (!i || strcmp(l.n[i], l.n[i - 1]))
				fputs(l.n[i], fp);
	}
	for (i = 0; i < l.cnt; i++)
		free(l.n[i]);
	free(l.n);
	free(s);
	return rc;
}
