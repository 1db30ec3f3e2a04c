// SPDX-License-Identifier: GPL-2.0
/*
 * Every bpftrace tool of a Debian release compiles, unchanged: the
 * .bt files of build/ROOT/root/usr/sbin (Debian 13's bpftrace 0.23,
 * forky's 0.27), each with `dtrace --bpftrace --dry-run TOOL.bt` in a
 * child, against the types of the kernel that root ships
 * (bt-root-btf.sh, DTRACE_BTF). A root that is absent is a skip. The
 * tools that do not compile yet are listed below with their error, so
 * a change in either direction shows here.
 */
#define _GNU_SOURCE	/* asprintf */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dt_program.h"
#include "kselftest_harness.h"

/* What does not compile yet, and why (Documentation/bpftrace-language.md). */
static const struct {
	const char	*root, *tool, *error;
} bt_gaps[] = {
	{ NULL, NULL, NULL },	/* none now */
};

static const char *bt_gap(const char *root, const char *tool)
{
	size_t i;

	for (i = 0; bt_gaps[i].root; i++)
		if (!strcmp(bt_gaps[i].root, root) &&
		    !strcmp(bt_gaps[i].tool, tool))
			return bt_gaps[i].error;
	return NULL;
}

/* Is sym in this host's /proc/kallsyms (kaddr( ) reads it)? */
static int bt_host_has_sym(const char *sym)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], name[256], type;
	unsigned long long a;
	int found = 0;

	while (fp && !found && fgets(line, sizeof(line), fp))
		found = sscanf(line, "%llx %c %255s", &a, &type, name) == 3 &&
			!strcmp(name, sym);
	if (fp)
		fclose(fp);
	return found;
}

/* dtrace --bpftrace --dry-run path in a child: its exit, stderr in err. */
static int bt_dry_run(const char *path, char *err, size_t len)
{
	char tmpl[] = "/tmp/bt_roots_XXXXXX";
	int fd = mkstemp(tmpl), status = 0;
	ssize_t n;
	pid_t pid;

	if (fd < 0)
		return -1;
	unlink(tmpl);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		char *argv[] = { "dtrace", "--bpftrace", "--dry-run",
				 (char *)path, NULL };

		dup2(fd, 1);
		dup2(fd, 2);
		_exit(dt_cmd_main(4, argv));
	}
	waitpid(pid, &status, 0);
	n = pread(fd, err, len - 1, 0);
	err[n > 0 ? n : 0] = '\0';
	close(fd);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void bt_root(const char *root, struct __test_metadata *_metadata)
{
	char dir[256], btf[256], cmd[768], path[512], err[4096];
	int ntools = 0, ok = 0, gaps = 0, host = 0, bad = 0;
	const char *gap;
	struct dirent *de;
	DIR *d;

	/* whole only once fetch-root.sh wrote its stamp: make check makes
	 * the roots beside the unit tests
	 */
	snprintf(dir, sizeof(dir), "build/%s/.made", root);
	if (access(dir, R_OK))
		SKIP(return, "build/%s is absent or not whole yet (make deps makes it)",
		     root);
	snprintf(dir, sizeof(dir), "build/%s/root/usr/sbin", root);
	d = opendir(dir);
	if (!d)
		SKIP(return, "build/%s is absent (make deps makes it)", root);
	snprintf(btf, sizeof(btf), "build/roots-btf/%s.btf", root);
	snprintf(cmd, sizeof(cmd), "tests/unit/bt-root-btf.sh build/%s/root "
		 "%s", root, btf);
	if (access(btf, R_OK) && system(cmd)) {
		closedir(d);
		SKIP(return, "no kernel types from build/%s's kernel", root);
	}
	setenv("DTRACE_BTF", btf, 1);
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n < 4 || strcmp(de->d_name + n - 3, ".bt"))
			continue;
		ntools++;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		gap = bt_gap(root, de->d_name);
		if (bt_dry_run(path, err, sizeof(err)) == 0) {
			ok++;
			if (gap) {
				bad++;
				TH_LOG("%s compiles now: update bt_gaps",
				       path);
			}
		} else if (gap && strstr(err, gap)) {
			gaps++;
		} else if (strstr(err, "Failed to resolve kernel symbol: "
				  "avenrun") && !bt_host_has_sym("avenrun")) {
			/* loads.bt's kaddr( ): data symbols need
			 * CONFIG_KALLSYMS_ALL in this host's kernel */
			host++;
		} else {
			bad++;
			TH_LOG("%s: %s", path, err);
		}
	}
	closedir(d);
	unsetenv("DTRACE_BTF");
	TH_LOG("%s: %d tools, %d compile, %d known gaps, %d need this "
	       "host's kallsyms", root, ntools, ok, gaps, host);
	EXPECT_EQ(39, ntools);
	EXPECT_EQ(0, bad);
}

/* Debian 13: bpftrace 0.23.2 */
TEST(trixie_tools)
{
	bt_root("trixie", _metadata);
}

/* Debian testing (forky): bpftrace 0.27.0 */
TEST(forky_tools)
{
	bt_root("forky", _metadata);
}

TEST_HARNESS_MAIN
