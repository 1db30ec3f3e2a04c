// SPDX-License-Identifier: GPL-2.0
/*
 * tracefs for the tracepoint provider: the events the kernel has and
 * the layout of each one's record, as its format file describes it:
 *
 *	field:const char * filename;	offset:24;	size:8;	signed:0;
 *	field:__data_loc char[] name;	offset:8;	size:4;	signed:1;
 *	field:char comm[16];	offset:8;	size:16;	signed:1;
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_tracefs.h"

static bool dt_tracefs_has_events(const char *dir)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/events", dir);
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *dt_tracefs_dir(void)
{
	static const char *const dirs[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	static char found[4096];
	const char *env = getenv("DTRACE_TRACEFS");
	size_t i;

	if (found[0])
		return found;
	if (env && *env) {
		snprintf(found, sizeof(found), "%s", env);
		return found;
	}
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		if (dt_tracefs_has_events(dirs[i])) {
			snprintf(found, sizeof(found), "%s", dirs[i]);
			return found;
		}
	}
	/* a minimal system (the test guest) may not mount it */
	if (geteuid() == 0 &&
	    mount("tracefs", dirs[0], "tracefs", 0, NULL) == 0 &&
	    dt_tracefs_has_events(dirs[0])) {
		snprintf(found, sizeof(found), "%s", dirs[0]);
		return found;
	}
	return NULL;
}

static bool dt_tracefs_glob(const char *pat, const char *s)
{
	return !pat[0] || !fnmatch(pat, s, 0);
}

static int dt_tracefs_id(const char *dir, const char *sys, const char *ev,
			 uint32_t *id)
{
	char path[4096];
	unsigned long v;
	FILE *fp;
	int ok;

	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, sys, ev);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	ok = fscanf(fp, "%lu", &v) == 1 && v > 0 && v <= 65535;
	fclose(fp);
	if (!ok)
		return -1;
	*id = (uint32_t)v;
	return 0;
}

static int dt_tracefs_names(const struct dirent *d)
{
	return d->d_name[0] != '.';
}

int dt_tracefs_walk(const char *syspat, const char *evpat,
		    int (*fn)(const char *sys, const char *ev, uint32_t id,
			      void *arg),
		    void *arg)
{
	const char *dir = dt_tracefs_dir();
	struct dirent **sys = NULL, **ev = NULL;
	int nsys, nev, i, j, count = 0, stop = 0;
	char path[4096];

	if (!dir)
		return -1;
	snprintf(path, sizeof(path), "%s/events", dir);
	nsys = scandir(path, &sys, dt_tracefs_names, alphasort);
	if (nsys < 0)
		return -1;
	for (i = 0; i < nsys; i++) {
		if (stop || !dt_tracefs_glob(syspat, sys[i]->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/events/%s", dir,
			 sys[i]->d_name);
		nev = scandir(path, &ev, dt_tracefs_names, alphasort);
		if (nev < 0)	/* a file: enable, header_page, ... */
			continue;
		for (j = 0; j < nev; j++) {
			uint32_t id;

			if (!stop && dt_tracefs_glob(evpat, ev[j]->d_name) &&
			    !dt_tracefs_id(dir, sys[i]->d_name,
					   ev[j]->d_name, &id)) {
				count++;
				stop = fn(sys[i]->d_name, ev[j]->d_name, id,
					  arg);
			}
			free(ev[j]);
		}
		free(ev);
	}
	for (i = 0; i < nsys; i++)
		free(sys[i]);
	free(sys);
	return count;
}

/* "const char * filename" -> filename; "char comm[16]" -> comm, 16. */
static int dt_tpfield_decl(const char *decl, size_t len,
			   struct dt_tpfield *f, bool *ptr, bool *chr)
{
	const char *end = decl + len, *p;
	size_t n;

	f->f_nelems = 0;
	while (end > decl && isspace((unsigned char)end[-1]))
		end--;
	if (end > decl && end[-1] == ']') {	/* name[N], not char[] name */
		for (p = end - 1; p > decl && *p != '['; p--)
			;
		f->f_nelems = (uint32_t)strtoul(p + 1, NULL, 10);
		if (!f->f_nelems)	/* a flexible array: no place to read */
			return -1;
		end = p;
		while (end > decl && isspace((unsigned char)end[-1]))
			end--;
	}
	for (p = end; p > decl && (isalnum((unsigned char)p[-1]) ||
				   p[-1] == '_'); p--)
		;
	n = (size_t)(end - p);
	if (!n || n >= sizeof(f->f_name))
		return -1;
	memcpy(f->f_name, p, n);
	f->f_name[n] = '\0';
	*ptr = memchr(decl, '*', (size_t)(p - decl)) != NULL;
	*chr = false;
	for (; decl + 4 <= p; decl++)
		if (!strncmp(decl, "char", 4) &&
		    (decl + 4 == p || !isalnum((unsigned char)decl[4])))
			*chr = true;
	return 0;
}

/* One "field:" line; 1 if it gave a field, 0 if skipped. */
static int dt_tpfield_parse(const char *line, struct dt_tpfield *f)
{
	const char *decl = strstr(line, "field:"), *semi, *o, *z, *s;
	unsigned long off, size;
	bool ptr, chr;

	if (!decl)
		return 0;
	decl += 6;
	semi = strchr(decl, ';');
	o = strstr(line, "offset:");
	z = strstr(line, "size:");
	s = strstr(line, "signed:");
	if (!semi || !o || !z)
		return 0;
	off = strtoul(o + 7, NULL, 10);
	size = strtoul(z + 5, NULL, 10);
	if (off > 65535 || !size || size > 65535)
		return 0;
	memset(f, 0, sizeof(*f));
	f->f_off = (uint32_t)off;
	f->f_size = (uint32_t)size;
	f->f_signed = s && s[7] == '1';
	if (!strncmp(decl, "__data_loc", 10)) {
		if (dt_tpfield_decl(decl, (size_t)(semi - decl), f, &ptr,
				    &chr) || size != 4 || !chr)
			return 0;
		f->f_kind = DT_TPF_LOC;
		f->f_nelems = 0;
		return 1;
	}
	if (!strncmp(decl, "__rel_loc", 9) ||
	    dt_tpfield_decl(decl, (size_t)(semi - decl), f, &ptr, &chr))
		return 0;
	if (ptr && !f->f_nelems) {
		f->f_kind = DT_TPF_INT;
		f->f_signed = false;
		return size == 8 || size == 4;
	}
	if (f->f_nelems) {
		if (chr && !ptr) {
			f->f_kind = DT_TPF_STR;
			return 1;
		}
		f->f_kind = DT_TPF_ARRAY;
		size /= f->f_nelems;
		return size * f->f_nelems == f->f_size &&
		       (size == 1 || size == 2 || size == 4 || size == 8);
	}
	f->f_kind = DT_TPF_INT;
	/* syscall arguments: "int dfd" in 8 bytes; the int is the low half */
	if (size == 8 && !strncmp(decl, "int ", 4)) {
		f->f_size = 4;
		f->f_signed = true;
	}
	return size == 1 || size == 2 || size == 4 || size == 8;
}

int dt_tpformat_parse(const char *text, struct dt_tpformat *f)
{
	const char *line = text;

	f->fields = NULL;
	f->n = 0;
	while (line && *line) {
		const char *nl = strchr(line, '\n');
		struct dt_tpfield fld, *v;
		char buf[1024];
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, line, len);
		buf[len] = '\0';
		line = nl ? nl + 1 : NULL;
		if (!dt_tpfield_parse(buf, &fld))
			continue;
		v = realloc(f->fields, (size_t)(f->n + 1) * sizeof(*v));
		if (!v) {
			dt_tpformat_free(f);
			errno = ENOMEM;
			return -1;
		}
		f->fields = v;
		f->fields[f->n++] = fld;
	}
	return 0;
}

int dt_tpformat_read(const char *sys, const char *ev, struct dt_tpformat *f)
{
	const char *dir = dt_tracefs_dir();
	char path[4096], *text = NULL;
	size_t len = 0, cap = 0, n;
	FILE *fp;
	int rc;

	if (!dir) {
		errno = ENOENT;
		return -1;
	}
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, sys, ev);
	fp = fopen(path, "r");
	if (!fp)
		return -1;
	do {
		if (len + 4096 + 1 > cap) {
			char *t = realloc(text, cap = len + 8192);

			if (!t) {
				free(text);
				fclose(fp);
				errno = ENOMEM;
				return -1;
			}
			text = t;
		}
		n = fread(text + len, 1, 4096, fp);
		len += n;
	} while (n > 0 && len < (1u << 20));
	fclose(fp);
	text[len] = '\0';
	rc = dt_tpformat_parse(text, f);
	free(text);
	return rc;
}

void dt_tpformat_free(struct dt_tpformat *f)
{
	free(f->fields);
	f->fields = NULL;
	f->n = 0;
}
