// SPDX-License-Identifier: GPL-2.0
/*
 * D's macro variables (dt_macro.h), which probe descriptions and
 * programs both name.
 */
#include <string.h>
#include <unistd.h>

#include "dt_macro.h"

/* $target, $pid, ...: integers known when the program is compiled. */
int dt_macro_lookup(const char *name, int target, int64_t *v)
{
	if (strcmp(name, "target") == 0) {
		if (!target)
			return -1;
		*v = target;
	} else if (strcmp(name, "pid") == 0) {
		*v = getpid();
	} else if (strcmp(name, "ppid") == 0) {
		*v = getppid();
	} else if (strcmp(name, "pgid") == 0) {
		*v = getpgid(0);
	} else if (strcmp(name, "sid") == 0) {
		*v = getsid(0);
	} else if (strcmp(name, "uid") == 0) {
		*v = getuid();
	} else if (strcmp(name, "gid") == 0) {
		*v = getgid();
	} else if (strcmp(name, "euid") == 0) {
		*v = geteuid();
	} else if (strcmp(name, "egid") == 0) {
		*v = getegid();
	} else {
		return -1;
	}
	return 0;
}
