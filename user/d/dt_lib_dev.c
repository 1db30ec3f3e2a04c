// SPDX-License-Identifier: GPL-2.0
/*
 * devinfo_t's translator (lib/dtrace-linux/io.d), made from the block
 * devices the machine has when the script is compiled: the block trace
 * events record only a dev_t, and the kernel's names for it (sda, the
 * driver, the sysfs path) are in sysfs. Each device is one arm of a
 * D conditional; a device that appears later is "<unknown>".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_lib_dev.h"

#define DT_DEV_MAX	256	/* devices described; more are "<unknown>" */

struct dt_dev {
	unsigned int	major, minor;
	long		instance;
	char		name[64], driver[64], path[PATH_MAX + 8];
};

static int dt_dev_readline(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *nl;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

/* The block section of /proc/devices: each major's driver name. */
static void dt_dev_driver(const char *procdevs, unsigned int major,
			  char *buf, size_t len)
{
	FILE *f = fopen(procdevs, "r");
	char line[128], name[64];
	bool block = false;
	unsigned int m;

	snprintf(buf, len, "<unknown>");
	while (f && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "Block devices:", 14))
			block = true;
		else if (block && sscanf(line, "%u %63s", &m, name) == 2 &&
			 m == major) {
			snprintf(buf, len, "%s", name);
			break;
		}
	}
	if (f)
		fclose(f);
}

/*
 * The disk's index among its driver's: its first minor over the minors
 * each disk has (sdb: 16 / 16); a partition's is its disk's.
 */
static long dt_dev_instance(const char *dir)
{
	char disk[PATH_MAX], file[PATH_MAX + 16], buf[64];
	unsigned int maj, min;
	long range;

	snprintf(file, sizeof(file), "%s/partition", dir);
	snprintf(disk, sizeof(disk), access(file, F_OK) ? "%s" : "%s/..",
		 dir);
	snprintf(file, sizeof(file), "%s/range", disk);
	if (dt_dev_readline(file, buf, sizeof(buf)))
		return 0;
	range = strtol(buf, NULL, 10);
	snprintf(file, sizeof(file), "%s/dev", disk);
	if (dt_dev_readline(file, buf, sizeof(buf)) ||
	    sscanf(buf, "%u:%u", &maj, &min) != 2 || range <= 0)
		return 0;
	return (long)min / range;
}

static int dt_dev_one(const char *sysfs, const char *procdevs,
		      const char *entry, struct dt_dev *d)
{
	char dir[PATH_MAX], link[PATH_MAX];
	const char *rel, *base;
	ssize_t n;

	if (sscanf(entry, "%u:%u", &d->major, &d->minor) != 2)
		return -1;
	snprintf(dir, sizeof(dir), "%s/dev/block/%s", sysfs, entry);
	n = readlink(dir, link, sizeof(link) - 1);
	if (n <= 0)
		return -1;
	link[n] = '\0';
	base = strrchr(link, '/');
	base = base ? base + 1 : link;
	if (!*base || strlen(base) >= sizeof(d->name) ||
	    strpbrk(base, "\"\\"))
		return -1;
	snprintf(d->name, sizeof(d->name), "%s", base);
	/* ../../devices/...: the path below /sys */
	for (rel = link; !strncmp(rel, "../", 3); rel += 3)
		;
	if (strpbrk(rel, "\"\\"))
		rel = "";
	snprintf(d->path, sizeof(d->path), "/sys/%s", rel);
	dt_dev_driver(procdevs, d->major, d->driver, sizeof(d->driver));
	if (strpbrk(d->driver, "\"\\"))
		snprintf(d->driver, sizeof(d->driver), "<unknown>");
	d->instance = dt_dev_instance(dir);
	return 0;
}

static int dt_dev_cmp(const void *a, const void *b)
{
	const struct dt_dev *x = a, *y = b;

	if (x->major != y->major)
		return x->major < y->major ? -1 : 1;
	return x->minor < y->minor ? -1 : x->minor > y->minor;
}

/* member = D == dev ? "value" : ... : dflt; */
static void dt_dev_arms(FILE *out, const char *member,
			const struct dt_dev *v, int n, size_t field,
			const char *dflt)
{
	int i;

	fprintf(out, "\t%s =", member);
	for (i = 0; i < n; i++) {
		const char *s = field == 0 ? v[i].name : field == 1 ?
			v[i].driver : v[i].path;

		fprintf(out, "\n\t    D == %u ? \"%s\" :",
			(v[i].major << 20) | v[i].minor, s);
	}
	fprintf(out, " \"%s\";\n", dflt);
}

char *dt_lib_devinfo(const char *sysfs, const char *procdevs)
{
	struct dt_dev *v = calloc(DT_DEV_MAX, sizeof(*v));
	char dir[PATH_MAX], *text = NULL;
	size_t len = 0;
	struct dirent *e;
	FILE *out;
	DIR *d;
	int n = 0, i;

	if (!v)
		return NULL;
	snprintf(dir, sizeof(dir), "%s/dev/block", sysfs);
	d = opendir(dir);
	while (d && (e = readdir(d)) && n < DT_DEV_MAX)
		if (e->d_name[0] != '.' &&
		    !dt_dev_one(sysfs, procdevs, e->d_name, &v[n]))
			n++;
	if (d)
		closedir(d);
	qsort(v, n, sizeof(*v), dt_dev_cmp);
	out = open_memstream(&text, &len);
	if (!out) {
		free(v);
		return NULL;
	}
	fprintf(out, "translator devinfo_t < uint32_t D > {\n"
		"\tdev_major = D >> 20;\n\tdev_minor = D & 0xfffff;\n"
		"\tdev_instance =");
	for (i = 0; i < n; i++)
		fprintf(out, "\n\t    D == %u ? %ld :",
			(v[i].major << 20) | v[i].minor, v[i].instance);
	fprintf(out, " -1;\n");
	dt_dev_arms(out, "dev_name", v, n, 1, "<unknown>");
	dt_dev_arms(out, "dev_statname", v, n, 0, "<unknown>");
	dt_dev_arms(out, "dev_pathname", v, n, 2, "<unknown>");
	fprintf(out, "};\n");
	fclose(out);
	free(v);
	return text;
}
