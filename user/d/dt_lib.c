// SPDX-License-Identifier: GPL-2.0
/*
 * D's library directories (dt_lib.h). Whether a script needs a file is
 * a scan of words, not a parse: the file's declared names (an inline's,
 * a typedef's, a struct's tag) against the identifiers of the script
 * and of the library files already chosen, outside comments and
 * strings.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_lib.h"
#include "dt_lib_dev.h"
#include "dt_types.h"

#define DT_LIB_MAXDIRS	16
#define DT_LIB_MAXFILES	64
#define DT_LIB_MAXSIZE	(1 << 20)
#define DT_LIB_DEFAULT	"/../lib/dtrace-linux"

static char *dt_lib_dirs[DT_LIB_MAXDIRS];
static int dt_lib_ndirs;
static bool dt_lib_default;	/* the command's own directory is added */
/*
 * The files, read once per process (the stable providers compile each
 * argument as a D program of its own); -1: not yet.
 */
static char *dt_lib_paths[DT_LIB_MAXFILES], *dt_lib_texts[DT_LIB_MAXFILES];
static int dt_lib_nfiles = -1;

static void dt_lib_forget(void)
{
	int i;

	for (i = 0; i < dt_lib_nfiles; i++) {
		free(dt_lib_paths[i]);
		free(dt_lib_texts[i]);
	}
	dt_lib_nfiles = -1;
}

int dt_lib_adddir(const char *dir)
{
	dt_lib_forget();
	if (dt_lib_ndirs == DT_LIB_MAXDIRS)
		return -1;
	dt_lib_dirs[dt_lib_ndirs] = strdup(dir);
	return dt_lib_dirs[dt_lib_ndirs++] ? 0 : -1;
}

/* Next identifier of s from *p at brace depth *depth, or NULL at end. */
static const char *dt_lib_word(const char *s, size_t *p, size_t *len,
			       int *depth)
{
	size_t i = *p;

	while (s[i]) {
		if (s[i] == '/' && s[i + 1] == '*') {
			const char *e = strstr(s + i + 2, "*/");

			i = e ? (size_t)(e - s) + 2 : strlen(s);
		} else if (s[i] == '/' && s[i + 1] == '/') {
			while (s[i] && s[i] != '\n')
				i++;
		} else if (s[i] == '"' || s[i] == '\'') {
			char q = s[i++];

			while (s[i] && s[i] != q)
				i += s[i] == '\\' && s[i + 1] ? 2 : 1;
			if (s[i])
				i++;
		} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			size_t b = i;

			while (isalnum((unsigned char)s[i]) || s[i] == '_')
				i++;
			*p = i;
			*len = i - b;
			return s + b;
		} else {
			*depth += s[i] == '{' ? 1 : s[i] == '}' ? -1 : 0;
			i++;
		}
	}
	*p = i;
	return NULL;
}

/* What follows position p, past blanks. */
static char dt_lib_next(const char *s, size_t p)
{
	while (isspace((unsigned char)s[p]))
		p++;
	return s[p];
}

static bool dt_lib_names(const char *text, const char *w, size_t n)
{
	size_t p = 0, len;
	int depth = 0;
	const char *t;

	while ((t = dt_lib_word(text, &p, &len, &depth)))
		if (len == n && memcmp(t, w, n) == 0)
			return true;
	return false;
}

/* The script names provider w in a probe description: "io:::start". */
static bool dt_lib_names_provider(const char *text, const char *w, size_t n)
{
	size_t p = 0, len;
	int depth = 0;
	const char *t;

	while ((t = dt_lib_word(text, &p, &len, &depth)))
		if (!depth && len == n && memcmp(t, w, n) == 0 &&
		    text[p] == ':')
			return true;
	return false;
}

/* #pragma D depends_on provider NAME lines of lib, named by text. */
static bool dt_lib_provider_needed(const char *lib, const char *text)
{
	static const char key[] = "depends_on provider ";
	const char *s;

	for (s = lib; (s = strstr(s, "#pragma D ")); s++) {
		const char *w = s + strlen("#pragma D ");
		size_t n;

		if (strncmp(w, key, sizeof(key) - 1))
			continue;
		w += sizeof(key) - 1;
		n = strspn(w, "abcdefghijklmnopqrstuvwxyz0123456789_");
		if (n && dt_lib_names_provider(text, w, n))
			return true;
	}
	return false;
}

/*
 * At p, past blanks, "[...] =" or "(...) =" (not "=="): inline T
 * name[T a] = or, a library's subroutine, inline T name(T a) =
 */
static bool dt_lib_inline_params(const char *s, size_t p)
{
	const char *e;

	while (isspace((unsigned char)s[p]))
		p++;
	if (s[p] != '[' && s[p] != '(')
		return false;
	e = strchr(s + p, s[p] == '[' ? ']' : ')');
	if (!e)
		return false;
	p = (size_t)(e - s) + 1;
	return dt_lib_next(s, p) == '=' &&
	       s[strchr(s + p, '=') - s + 1] != '=';
}

bool dt_lib_needed(const char *lib, const char *text)
{
	size_t p = 0, len;
	int depth = 0;
	const char *w;
	char c;

	if (dt_lib_provider_needed(lib, text))
		return true;

	while ((w = dt_lib_word(lib, &p, &len, &depth))) {
		if (depth)
			continue;
		c = dt_lib_next(lib, p);
		/* inline T name =, typedef T name;, struct name { */
		if ((c == '=' || c == ';' || c == '{' ||
		     dt_lib_inline_params(lib, p)) &&
		    dt_lib_names(text, w, len))
			return true;
	}
	return false;
}

static char *dt_lib_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	size_t n;

	if (!f)
		return NULL;
	buf = malloc(DT_LIB_MAXSIZE + 1);
	n = buf ? fread(buf, 1, DT_LIB_MAXSIZE, f) : 0;
	fclose(f);
	if (!buf)
		return NULL;
	buf[n] = '\0';
	return realloc(buf, n + 1) ?: buf;
}

static int dt_lib_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether directory i is one of the directories before it. */
static bool dt_lib_seen_dir(int i)
{
	struct stat a, b;
	int j;

	if (stat(dt_lib_dirs[i], &a))
		return false;
	for (j = 0; j < i; j++)
		if (!stat(dt_lib_dirs[j], &b) && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return true;
	return false;
}

/* Whether one of paths[0..n) names a file called name. */
static bool dt_lib_has_name(char **paths, int n, const char *name)
{
	int j;

	for (j = 0; j < n; j++) {
		const char *slash = strrchr(paths[j], '/');

		if (!strcmp(slash ? slash + 1 : paths[j], name))
			return true;
	}
	return false;
}

/* Every *.d of the directories, sorted within each, -L's first. */
static int dt_lib_files(char **paths, int max)
{
	char self[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int i, k = 0;

	if (n > 0 && !dt_lib_default) {
		dt_lib_default = true;
		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash && (size_t)(slash - self) + sizeof(DT_LIB_DEFAULT) <
		    sizeof(self)) {
			strcpy(slash, DT_LIB_DEFAULT);
			dt_lib_adddir(self);
		}
	}
	for (i = 0; i < dt_lib_ndirs; i++) {
		DIR *d = dt_lib_seen_dir(i) ? NULL : opendir(dt_lib_dirs[i]);
		struct dirent *e;
		int first = k;

		while (d && (e = readdir(d)) && k < max) {
			size_t l = strlen(e->d_name);

			if (l < 3 || strcmp(e->d_name + l - 2, ".d"))
				continue;
			/* A file of an earlier directory (-L's) overrides. */
			if (dt_lib_has_name(paths, first, e->d_name))
				continue;
			if (asprintf(&paths[k], "%s/%s", dt_lib_dirs[i],
				     e->d_name) < 0)
				break;
			k++;
		}
		if (d)
			closedir(d);
		qsort(paths + first, k - first, sizeof(*paths), dt_lib_cmp);
	}
	return k;
}

/* Parse text as if it were pcb's source, then put the script back. */
static int dt_lib_parse(struct dt_pcb *pcb, const char *path,
			const char *text, int (*parse)(struct dt_pcb *))
{
	const char *src = pcb->pcb_src, *file = pcb->pcb_file;
	size_t srclen = pcb->pcb_srclen;
	int rc;

	pcb->pcb_src = text;
	pcb->pcb_srclen = strlen(text);
	pcb->pcb_file = path;
	pcb->pcb_inlib = true;
	rc = parse(pcb);
	pcb->pcb_inlib = false;
	if (!rc) {
		pcb->pcb_src = src;
		pcb->pcb_srclen = srclen;
		pcb->pcb_file = file;
	}
	pcb->pcb_eof = false;
	return rc;
}

/* sysfs and /proc/devices, for devinfo_t's translator (tests: others). */
static const char *dt_lib_sysfs = "/sys", *dt_lib_procdevs = "/proc/devices";
/* made once per process, kept: an error message may point into it */
static char *dt_lib_devtext;

void dt_lib_set_sysfs(const char *sysfs, const char *procdevs)
{
	dt_lib_sysfs = sysfs;
	dt_lib_procdevs = procdevs;
	free(dt_lib_devtext);
	dt_lib_devtext = NULL;
}

/*
 * A library that declares struct devinfo (io.d) gets its translator
 * from the machine's block devices, unless a file defined one.
 */
static int dt_lib_devinfo_load(struct dt_pcb *pcb,
			       int (*parse)(struct dt_pcb *))
{
	const struct dt_sou *s = dt_sou_lookup(&pcb->pcb_prog, "devinfo",
					       false);
	const struct dt_xlator *x;

	if (!s)
		return 0;
	for (x = pcb->pcb_prog.p_xlators; x; x = x->x_next)
		if (x->x_out.sou == s)
			return 0;
	if (!dt_lib_devtext)
		dt_lib_devtext = dt_lib_devinfo(dt_lib_sysfs, dt_lib_procdevs);
	if (!dt_lib_devtext)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	return dt_lib_parse(pcb, "devinfo_t (from /sys/dev/block)",
			    dt_lib_devtext, parse);
}

/* The next chosen file to parse: one that names no other left, if any. */
static int dt_lib_next_file(bool *chosen, int n)
{
	int i, j, first = -1;

	for (i = 0; i < n; i++) {
		bool names = false;

		if (!chosen[i])
			continue;
		if (first < 0)
			first = i;
		for (j = 0; j < n && !names; j++)
			names = j != i && chosen[j] &&
				dt_lib_needed(dt_lib_texts[j], dt_lib_texts[i]);
		if (!names)
			return i;
	}
	return first;
}

/* The library files and their texts, read once. */
static void dt_lib_init(void)
{
	int i;

	if (dt_lib_nfiles >= 0)
		return;
	dt_lib_nfiles = dt_lib_files(dt_lib_paths, DT_LIB_MAXFILES);
	for (i = 0; i < dt_lib_nfiles; i++)
		dt_lib_texts[i] = dt_lib_read(dt_lib_paths[i]);
}

bool dt_lib_exists(const char *name)
{
	dt_lib_init();
	return dt_lib_has_name(dt_lib_paths, dt_lib_nfiles, name);
}

bool dt_lib_module_exists(const char *name)
{
	char path[PATH_MAX];

	if (!strcmp(name, "vmlinux") || strchr(name, '/') || *name == '.')
		return !strcmp(name, "vmlinux");
	snprintf(path, sizeof(path), "%s/module/%s", dt_lib_sysfs, name);
	return access(path, F_OK) == 0;
}

int dt_lib_load(struct dt_pcb *pcb, int (*parse)(struct dt_pcb *))
{
	char **paths = dt_lib_paths, **texts = dt_lib_texts;
	bool chosen[DT_LIB_MAXFILES] = { false }, more = true;
	int n, i, j, rc = 0;

	dt_lib_init();
	n = dt_lib_nfiles;
	/* a file a chosen one names is chosen too, until none is new */
	while (more) {
		more = false;
		for (i = 0; i < n; i++) {
			bool need;

			if (chosen[i] || !texts[i])
				continue;
			need = dt_lib_needed(texts[i], pcb->pcb_src);
			for (j = 0; j < n && !need; j++)
				need = chosen[j] &&
					dt_lib_needed(texts[i], texts[j]);
			if (need)
				chosen[i] = more = true;
		}
	}
	/* each before the files that name what it declares */
	while (!rc && (i = dt_lib_next_file(chosen, n)) >= 0) {
		chosen[i] = false;
		rc = dt_lib_parse(pcb, paths[i], texts[i], parse);
	}
	return rc ?: dt_lib_devinfo_load(pcb, parse);
}
