// SPDX-License-Identifier: GPL-2.0
/*
 * Offering kernel functions to the module's fbt provider.
 *
 * The module cannot enumerate kernel symbols itself, so we read
 * /proc/kallsyms (addresses; root sees real ones) and ftrace's list of
 * traceable functions, keep those a probe description's module and
 * function globs can match, and send them in batches. The module checks
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

static FILE *dt_open_funcs(void)
{
	FILE *f = fopen(DT_TRACEFS_FUNCS, "r");

	return f ? f : fopen(DT_DEBUGFS_FUNCS, "r");
}

static int dt_want_load(struct dt_want *w, const char *modpat,
			const char *funcpat)
{
	char line[512], func[256], mod[128];
	FILE *f = dt_open_funcs();

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		int c = sscanf(line, "%255s [%127[^]]]", func, mod);

		if (c < 1)
			continue;
		if (c == 1)
			strcpy(mod, "vmlinux");
		if (!dt_glob(modpat, mod) || !dt_glob(funcpat, func) ||
		    strlen(func) >= DTRACE_FUNCNAMELEN ||
		    strlen(mod) >= DTRACE_MODNAMELEN)
			continue;
		if (w->n == w->cap) {
			size_t cap = w->cap ? 2 * w->cap : 1024;
			char **v = realloc(w->v, cap * sizeof(*v));

			if (!v)
				goto nomem;
			w->v = v;
			w->cap = cap;
		}
		if (asprintf(&w->v[w->n], "%s\t%s", func, mod) < 0)
			goto nomem;
		w->n++;
	}
	fclose(f);
	if (w->n)
		qsort(w->v, w->n, sizeof(*w->v), dt_str_cmp);
	return 0;
nomem:
	fclose(f);
	return -ENOMEM;
}

static void dt_want_free(struct dt_want *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
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

/*
 * Only the wanted functions are kept (one for fbt::vfs_read:entry);
 * kallsyms, 100,000 lines and more, is streamed past them.
 */
int dt_fbt_provide(int fd, const char *modpat, const char *funcpat,
		   unsigned int *accepted)
{
	struct dtrace_fbt_sym *batch = NULL;
	struct dt_want w = { 0 };
	char line[512], func[256], mod[128], key[400], *kp = key;
	unsigned long long addr;
	unsigned int n = 0;
	uint32_t flags = 0, gen = 0;
	FILE *f = NULL;
	char type;
	int err;

	*accepted = 0;
	/* Has everything been offered already? Then nothing need be read. */
	err = dt_flush(fd, NULL, &n, accepted, &flags, &gen);
	if (err || (flags & DTRACE_FBT_ALL))
		return err;
	err = dt_want_load(&w, modpat, funcpat);
	if (err || !w.n)
		goto out;
	batch = calloc(DT_BATCH, sizeof(*batch));
	f = fopen("/proc/kallsyms", "r");
	if (!batch || !f) {
		err = batch ? -errno : -ENOMEM;
		goto out;
	}
	while (!err && fgets(line, sizeof(line), f)) {
		struct dtrace_fbt_sym *s;
		int c = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type,
			       func, mod);

		if (c < 3 || (type != 't' && type != 'T') || !addr)
			continue;
		if (c == 3)
			strcpy(mod, "vmlinux");
		snprintf(key, sizeof(key), "%s\t%s", func, mod);
		if (!bsearch(&kp, w.v, w.n, sizeof(*w.v), dt_str_cmp))
			continue;
		/* each address of a repeated name; the module keeps one */
		s = &batch[n++];
		memset(s, 0, sizeof(*s));
		s->fs_addr = addr;
		strcpy(s->fs_mod, mod);
		strcpy(s->fs_func, func);
		if (n == DT_BATCH)
			err = dt_flush(fd, batch, &n, accepted, &flags, &gen);
	}
	/* The last batch says whether this was every function. */
	flags = dt_glob_all(modpat) && dt_glob_all(funcpat) ? DTRACE_FBT_ALL :
		0;
	if (!err)
		err = dt_flush(fd, batch, &n, accepted, &flags, &gen);
out:
	if (f)
		fclose(f);
	dt_want_free(&w);
	free(batch);
	return err;
}
