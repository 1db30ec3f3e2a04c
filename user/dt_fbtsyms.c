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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include "dt_fbtsyms.h"

#define DT_TRACEFS_FUNCS	"/sys/kernel/tracing/available_filter_functions"
#define DT_DEBUGFS_FUNCS \
	"/sys/kernel/debug/tracing/available_filter_functions"
#define DT_BATCH		4096

struct dt_ksym {
	unsigned long long	addr;
	char			*name;	/* "func\tmod", one allocation */
};

struct dt_ksyms {
	struct dt_ksym	*v;
	size_t		n, cap;
};

static int dt_ksym_cmp(const void *a, const void *b)
{
	return strcmp(((const struct dt_ksym *)a)->name,
		      ((const struct dt_ksym *)b)->name);
}

/* Text symbols of kallsyms, keyed "func\tmod", sorted. */
static int dt_ksyms_load(struct dt_ksyms *ks)
{
	char line[512], name[256], mod[128];
	unsigned long long addr;
	char type;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		int n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type,
			       name, mod);

		if (n < 3 || (type != 't' && type != 'T') || !addr)
			continue;
		if (n == 3)
			strcpy(mod, "vmlinux");
		if (ks->n == ks->cap) {
			size_t cap = ks->cap ? 2 * ks->cap : 65536;
			struct dt_ksym *v = realloc(ks->v, cap * sizeof(*v));

			if (!v)
				goto nomem;
			ks->v = v;
			ks->cap = cap;
		}
		ks->v[ks->n].addr = addr;
		if (asprintf(&ks->v[ks->n].name, "%s\t%s", name, mod) < 0)
			goto nomem;
		ks->n++;
	}
	fclose(f);
	qsort(ks->v, ks->n, sizeof(*ks->v), dt_ksym_cmp);
	return 0;
nomem:
	fclose(f);
	return -ENOMEM;
}

static void dt_ksyms_free(struct dt_ksyms *ks)
{
	size_t i;

	for (i = 0; i < ks->n; i++)
		free(ks->v[i].name);
	free(ks->v);
}

static FILE *dt_open_funcs(void)
{
	FILE *f = fopen(DT_TRACEFS_FUNCS, "r");

	return f ? f : fopen(DT_DEBUGFS_FUNCS, "r");
}

static int dt_flush(int fd, struct dtrace_fbt_sym *batch, unsigned int *n,
		    unsigned int *accepted)
{
	struct dtrace_ioc_fbt_provide p = {
		.dfp_size = sizeof(p), .dfp_count = *n,
		.dfp_syms = (unsigned long)batch,
	};

	if (!*n)
		return 0;
	if (ioctl(fd, DTRACE_IOC_FBT_PROVIDE, &p))
		return -errno;
	*accepted += p.dfp_count;
	*n = 0;
	return 0;
}

static bool dt_glob(const char *pat, const char *s)
{
	return !pat || !pat[0] || !fnmatch(pat, s, 0);
}

int dt_fbt_provide(int fd, const char *modpat, const char *funcpat,
		   unsigned int *accepted)
{
	struct dtrace_fbt_sym *batch;
	struct dt_ksyms ks = { 0 };
	char line[512], func[256], mod[128], key[400];
	unsigned int n = 0;
	int err;
	FILE *f;

	*accepted = 0;
	f = dt_open_funcs();
	if (!f)
		return -errno;
	batch = calloc(DT_BATCH, sizeof(*batch));
	err = batch ? dt_ksyms_load(&ks) : -ENOMEM;
	while (!err && fgets(line, sizeof(line), f)) {
		struct dt_ksym k = { .name = key }, *hit;
		int c = sscanf(line, "%255s [%127[^]]]", func, mod);

		if (c < 1)
			continue;
		if (c == 1)
			strcpy(mod, "vmlinux");
		if (!dt_glob(modpat, mod) || !dt_glob(funcpat, func) ||
		    strlen(func) >= DTRACE_FUNCNAMELEN ||
		    strlen(mod) >= DTRACE_MODNAMELEN)
			continue;
		snprintf(key, sizeof(key), "%s\t%s", func, mod);
		hit = bsearch(&k, ks.v, ks.n, sizeof(k), dt_ksym_cmp);
		if (!hit)
			continue;
		while (hit > ks.v && !strcmp(hit[-1].name, key))
			hit--;
		for (; hit < ks.v + ks.n && !strcmp(hit->name, key); hit++) {
			struct dtrace_fbt_sym *s = &batch[n++];

			memset(s, 0, sizeof(*s));
			s->fs_addr = hit->addr;
			strcpy(s->fs_mod, mod);
			strcpy(s->fs_func, func);
			if (n == DT_BATCH)
				err = dt_flush(fd, batch, &n, accepted);
			if (err)
				break;
		}
	}
	if (!err)
		err = dt_flush(fd, batch, &n, accepted);
	fclose(f);
	dt_ksyms_free(&ks);
	free(batch);
	return err;
}
