// SPDX-License-Identifier: GPL-2.0
/*
 * Offering user-space probe sites to the module's pid provider.
 *
 *   pidPID:MODULE:FUNCTION:NAME   the ELF files PID maps; MODULE is a
 *                                 file's basename, or a.out for the
 *                                 executable; NAME entry, return or a
 *                                 hex offset into FUNCTION
 *   uprobe:PATH:FUNCTION:NAME     the file PATH, in every process
 *   PROVPID:MODULE:FUNCTION:NAME  USDT probes of PID (dt_pid_usdt.c)
 *   PROV:/PATH:FUNCTION:NAME      USDT probes of the file PATH, in
 *                                 every process
 *
 * FUNCTION is a glob over the files' symbol tables (.symtab and
 * .dynsym). A site is a file descriptor and a file offset, the symbol's
 * value translated through the PT_LOAD segment holding it; the module
 * keeps the inode, so a file mapped later by any process fires too.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "dt_elf.h"
#include "dt_pid.h"
#include "dt_sym.h"

bool dt_glob(const char *pat, const char *s)
{
	return !pat[0] || !fnmatch(pat, s, 0);
}

int dt_sites_flush(struct dt_sites *s)
{
	struct dtrace_ioc_uprobe_provide p = {
		.dup_size = sizeof(p), .dup_count = s->n,
		.dup_sites = (uintptr_t)s->v,
	};

	if (!s->n)
		return 0;
	s->n = 0;
	if (ioctl(s->devfd, DTRACE_IOC_UPROBE_PROVIDE, &p))
		return -errno;
	s->accepted += p.dup_count;
	return 0;
}

struct dtrace_uprobe_site *dt_sites_new(struct dt_sites *s)
{
	struct dtrace_uprobe_site *u = &s->v[s->n++];

	memset(u, 0, sizeof(*u));
	return u;
}

static int dt_sites_add(struct dt_sites *s, int fd, uint64_t off,
			uint32_t flags, const char *mod, const char *func,
			const char *name)
{
	struct dtrace_uprobe_site *u = dt_sites_new(s);

	u->us_fd = fd;
	u->us_pid = s->pid;
	u->us_offset = off;
	u->us_flags = flags;
	snprintf(u->us_provider, sizeof(u->us_provider), "%s", s->prov);
	snprintf(u->us_mod, sizeof(u->us_mod), "%s", mod);
	snprintf(u->us_func, sizeof(u->us_func), "%s", func);
	snprintf(u->us_name, sizeof(u->us_name), "%s", name);
	return dt_sites_full(s) ? dt_sites_flush(s) : 0;
}

/* A NAME that is an offset into the function: hex digits, no glob. */
static bool dt_pid_offset(const char *name, unsigned long long *off)
{
	char *end;

	if (!isxdigit((unsigned char)name[0]))
		return false;
	errno = 0;
	*off = strtoull(name, &end, 16);
	return !*end && !errno;
}

/* The sites of one file, under module name @mod. */
static int dt_pid_file(struct dt_sites *s, const char *path, const char *mod)
{
	const struct dtrace_probedesc *d = s->desc;
	bool entry = dt_glob(d->dpd_name, "entry");
	bool ret = dt_glob(d->dpd_name, "return");
	unsigned long long k = 0;
	bool at = dt_pid_offset(d->dpd_name, &k);
	struct dt_uobj *o;
	char name[32];
	int fd, err = 0;
	size_t i;

	if (!dt_glob(d->dpd_mod, mod) || strlen(mod) >= DTRACE_MODNAMELEN ||
	    !(entry || ret || at))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	o = dt_uobj_load(path);
	snprintf(name, sizeof(name), "%llx", k);
	for (i = 0; o && !err && i < o->uo_nsyms; i++) {
		const struct dt_usym *u = &o->uo_syms[i];
		uint64_t off;

		/* .symtab and .dynsym often both hold a function. */
		if (i && u->us_addr == u[-1].us_addr &&
		    !strcmp(u->us_name, u[-1].us_name))
			continue;
		if (!dt_glob(d->dpd_func, u->us_name) ||
		    strlen(u->us_name) >= DTRACE_FUNCNAMELEN ||
		    dt_uobj_vaddr_to_off(o, u->us_addr, &off))
			continue;
		if (entry)
			err = dt_sites_add(s, fd, off, DTRACE_UPROBE_ENTRY, mod,
					   u->us_name, "entry");
		if (!err && ret)
			err = dt_sites_add(s, fd, off, DTRACE_UPROBE_RETURN,
					   mod, u->us_name, "return");
		if (!err && at && k < u->us_size)
			err = dt_sites_add(s, fd, off + k, 0, mod, u->us_name,
					   name);
	}
	/* The module takes the inode while the descriptor is open. */
	if (!err)
		err = dt_sites_flush(s);
	if (o)
		dt_uobj_free(o);
	close(fd);
	return err;
}

static const char *dt_basename(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/* Every ELF file @pid maps, once each. */
static int dt_pid_maps(struct dt_sites *s, char *err, size_t errlen)
{
	char path[64], exe[PATH_MAX], *line = NULL;
	char **seen = NULL;
	size_t nseen = 0, cap = 0, i;
	struct dt_mapent e;
	ssize_t n;
	int rc = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)s->pid);
	n = readlink(path, exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)s->pid);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "failed to grab pid %d: %s",
			 (int)s->pid, strerror(errno));
		return -1;
	}
	while (!rc && dt_maps_next(f, &line, &cap, &e)) {
		const char *file = e.me_path, *mod;
		char **ns;

		if (file[0] != '/' || strstr(file, " (deleted)"))
			continue;
		for (i = 0; i < nseen && strcmp(seen[i], file); i++)
			;
		if (i < nseen)
			continue;
		ns = realloc(seen, (nseen + 1) * sizeof(*seen));
		if (!ns || !(ns[nseen] = strdup(file))) {
			seen = ns ? ns : seen;
			rc = -ENOMEM;
			break;
		}
		seen = ns;
		nseen++;
		mod = dt_basename(file);
		/* a.out names the executable, when asked for by that name. */
		if (!strcmp(file, exe) && s->desc->dpd_mod[0] &&
		    dt_glob(s->desc->dpd_mod, "a.out"))
			mod = "a.out";
		rc = s->usdt ? dt_usdt_file(s, file, mod) :
			       dt_pid_file(s, file, mod);
	}
	free(line);
	fclose(f);
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	if (rc)
		snprintf(err, errlen, "failed to offer probes in pid %d: %s",
			 (int)s->pid, strerror(-rc));
	return rc ? -1 : 0;
}

/*
 * PREFIXNNN: the process, and in *usdt a copy of PREFIX unless it is
 * "pid"; 0 if @prov is not of that form.
 */
static pid_t dt_pid_of(const char *prov, char **usdt)
{
	size_t n = strlen(prov), k = n;
	long v;

	*usdt = NULL;
	while (k && isdigit((unsigned char)prov[k - 1]))
		k--;
	if (!k || k == n || strpbrk(prov, "*?[\\"))
		return 0;
	v = strtol(prov + k, NULL, 10);
	if (v <= 0 || v > INT_MAX)
		return 0;
	if (k != 3 || strncmp(prov, "pid", 3)) {
		*usdt = strndup(prov, k);
		if (!*usdt)
			return 0;
	}
	return (pid_t)v;
}

/*
 * A USDT provider by path (myapp:/usr/bin/myapp::request): a provider
 * name without a process id, an absolute module path.
 */
static bool dt_usdt_bypath(const struct dtrace_probedesc *d)
{
	const char *p = d->dpd_provider;

	if (!isalpha((unsigned char)p[0]) && p[0] != '_')
		return false;
	for (; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	return d->dpd_mod[0] == '/' && strcmp(d->dpd_provider, "uprobe");
}

int dt_pid_provide(int devfd, const struct dtrace_probedesc *d, char *err,
		   size_t errlen)
{
	struct dt_sites s = { .devfd = devfd, .desc = d,
			      .prov = d->dpd_provider };
	int rc = 0;

	err[0] = '\0';
	s.pid = dt_pid_of(d->dpd_provider, &s.usdt);
	if (!s.pid && dt_usdt_bypath(d)) {
		/* PROVIDER:/PATH::NAME: USDT in every process mapping PATH */
		s.usdt = strdup(d->dpd_provider);
		if (!s.usdt) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	} else if (!s.pid && strcmp(d->dpd_provider, "uprobe")) {
		return 0;
	}
	s.v = calloc(DT_PID_BATCH, sizeof(*s.v));
	if (!s.v) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (s.pid) {
		rc = dt_pid_maps(&s, err, errlen);
	} else if (d->dpd_mod[0] != '/' || strpbrk(d->dpd_mod, "*?[")) {
		snprintf(err, errlen, "uprobe probes name a file by its "
			 "absolute path, without globs: %s", d->dpd_mod);
		rc = -1;
	} else if (access(d->dpd_mod, R_OK)) {
		snprintf(err, errlen, "cannot open %s: %s", d->dpd_mod,
			 strerror(errno));
		rc = -1;
	} else if ((rc = s.usdt ? dt_usdt_file(&s, d->dpd_mod, d->dpd_mod) :
			   dt_pid_file(&s, d->dpd_mod, d->dpd_mod))) {
		snprintf(err, errlen, "failed to offer probes in %s: %s",
			 d->dpd_mod, strerror(-rc));
		rc = -1;
	}
	free(s.v);
	free(s.usdt);
	return rc;
}
