// SPDX-License-Identifier: GPL-2.0
/*
 * Offering kernel functions to the module's fbt provider.
 *
 * The module cannot enumerate kernel symbols itself, so we read
 * /proc/kallsyms (addresses; root sees real ones) and ftrace's list of
 * traceable functions, keep those the module and function globs of the
 * command's probe descriptions can match (all of them at once: the files
 * are read once per command), and send them in batches. The module checks
 * every entry; a name kallsyms has several times (static functions) is
 * offered at each address and the module keeps the one ftrace can trace.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "dt_fbtsyms.h"

#define DT_TRACEFS_FUNCS	"/sys/kernel/tracing/available_filter_functions"
#define DT_DEBUGFS_FUNCS \
	"/sys/kernel/debug/tracing/available_filter_functions"
#define DT_BATCH		4096

/* Traceable functions the globs match, keyed "func\tmod", sorted. */
struct dt_want {
	char	**v;
	size_t	n, cap;
};

static int dt_str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool dt_glob(const char *pat, const char *s)
{
	return !pat || !pat[0] || !fnmatch(pat, s, 0);
}

static FILE *dt_open_funcs(const char *path)
{
	FILE *f;

	if (path)
		return fopen(path, "r");
	f = fopen(DT_TRACEFS_FUNCS, "r");
	return f ? f : fopen(DT_DEBUGFS_FUNCS, "r");
}

/* Does any of the pairs match? */
static bool dt_globs_match(const struct dt_fbt_glob *g, size_t n,
			   const char *mod, const char *func)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (dt_glob(g[i].fg_mod, mod) && dt_glob(g[i].fg_func, func))
			return true;
	return false;
}

static int dt_want_load(struct dt_want *w, FILE *f,
			const struct dt_fbt_glob *g, size_t ng)
{
	char line[512], func[256], mod[128];

	while (fgets(line, sizeof(line), f)) {
		int c = sscanf(line, "%255s [%127[^]]]", func, mod);

		if (c < 1)
			continue;
		if (c == 1)
			strcpy(mod, "vmlinux");
		if (strlen(func) >= DTRACE_FUNCNAMELEN ||
		    strlen(mod) >= DTRACE_MODNAMELEN ||
		    !dt_globs_match(g, ng, mod, func))
			continue;
		if (w->n == w->cap) {
			size_t cap = w->cap ? 2 * w->cap : 1024;
			char **v = realloc(w->v, cap * sizeof(*v));

			if (!v)
				return -ENOMEM;
			w->v = v;
			w->cap = cap;
		}
		if (asprintf(&w->v[w->n], "%s\t%s", func, mod) < 0)
			return -ENOMEM;
		w->n++;
	}
	if (w->n)
		qsort(w->v, w->n, sizeof(*w->v), dt_str_cmp);
	return 0;
}

static void dt_want_free(struct dt_want *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
}

/* kallsyms, 100,000 lines and more, streamed past the wanted functions. */
static int dt_want_scan(const struct dt_want *w, FILE *f, dt_fbtsym_fn fn,
			void *arg)
{
	char line[512], func[256], mod[128], key[400], *kp = key;
	struct dtrace_fbt_sym s;
	unsigned long long addr;
	char type;
	int err = 0;

	while (!err && fgets(line, sizeof(line), f)) {
		int c = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type,
			       func, mod);

		if (c < 3 || (type != 't' && type != 'T') || !addr)
			continue;
		if (c == 3)
			strcpy(mod, "vmlinux");
		snprintf(key, sizeof(key), "%s\t%s", func, mod);
		if (!bsearch(&kp, w->v, w->n, sizeof(*w->v), dt_str_cmp))
			continue;
		/* each address of a repeated name; the module keeps one */
		memset(&s, 0, sizeof(s));
		s.fs_addr = addr;
		strcpy(s.fs_mod, mod);
		strcpy(s.fs_func, func);
		err = fn(&s, arg);
	}
	return err;
}

int dt_fbtsyms_scan(const char *funcs, const char *kallsyms,
		    const struct dt_fbt_glob *g, size_t n, dt_fbtsym_fn fn,
		    void *arg)
{
	struct dt_want w = { 0 };
	FILE *f = dt_open_funcs(funcs);
	int err;

	if (!f)
		return -errno;
	err = dt_want_load(&w, f, g, n);
	fclose(f);
	if (!err && w.n) {
		f = fopen(kallsyms ? kallsyms : "/proc/kallsyms", "r");
		if (f) {
			err = dt_want_scan(&w, f, fn, arg);
			fclose(f);
		} else {
			err = -errno;
		}
	}
	dt_want_free(&w);
	return err;
}

/*
 * Send a batch (possibly empty). flags and gen go in as the ABI says and
 * come back as the module answers.
 */
static int dt_flush(int fd, struct dtrace_fbt_sym *batch, unsigned int *n,
		    unsigned int *accepted, uint32_t *flags, uint32_t *gen)
{
	struct dtrace_ioc_fbt_provide p = {
		.dfp_size = sizeof(p), .dfp_count = *n,
		.dfp_syms = (unsigned long)batch, .dfp_flags = *flags,
		.dfp_gen = *gen,
	};

	if (ioctl(fd, DTRACE_IOC_FBT_PROVIDE, &p))
		return -errno;
	*accepted += p.dfp_count;
	*n = 0;
	*flags = p.dfp_flags;
	*gen = p.dfp_gen;
	return 0;
}

static bool dt_glob_all(const char *pat)
{
	return !pat || !pat[0] || !strcmp(pat, "*");
}

/* An offer under way: the batch being filled and the module's answers. */
struct dt_offer {
	int			fd;
	struct dtrace_fbt_sym	*batch;
	unsigned int		n, *accepted;
	uint32_t		flags, gen;
};

static int dt_offer_sym(const struct dtrace_fbt_sym *s, void *arg)
{
	struct dt_offer *o = arg;

	o->batch[o->n++] = *s;
	if (o->n < DT_BATCH)
		return 0;
	return dt_flush(o->fd, o->batch, &o->n, o->accepted, &o->flags,
			&o->gen);
}

/* Only the wanted functions are kept (one for fbt::vfs_read:entry). */
int dt_fbt_provide(int fd, const struct dt_fbt_glob *g, size_t n,
		   unsigned int *accepted)
{
	struct dt_offer o = { .fd = fd, .accepted = accepted };
	size_t i;
	int err;

	*accepted = 0;
	/* Has everything been offered already? Then nothing need be read. */
	err = dt_flush(fd, NULL, &o.n, accepted, &o.flags, &o.gen);
	if (err || (o.flags & DTRACE_FBT_ALL) || !n)
		return err;
	o.batch = calloc(DT_BATCH, sizeof(*o.batch));
	if (!o.batch)
		return -ENOMEM;
	err = dt_fbtsyms_scan(NULL, NULL, g, n, dt_offer_sym, &o);
	/* The last batch says whether this was every function. */
	o.flags = 0;
	for (i = 0; i < n; i++)
		if (dt_glob_all(g[i].fg_mod) && dt_glob_all(g[i].fg_func))
			o.flags = DTRACE_FBT_ALL;
	if (!err)
		err = dt_flush(fd, o.batch, &o.n, accepted, &o.flags, &o.gen);
	free(o.batch);
	return err;
}
