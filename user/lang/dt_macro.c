// SPDX-License-Identifier: GPL-2.0
/*
 * D's macro variables (dt_macro.h), which probe descriptions and
 * programs both name.
 */
#include <unistd.h>

#include "dt_macro.h"
#include "dt_rows.h"

static int64_t dt_macro_pid(void) { return getpid(); }
static int64_t dt_macro_ppid(void) { return getppid(); }
static int64_t dt_macro_pgid(void) { return getpgid(0); }
static int64_t dt_macro_sid(void) { return getsid(0); }
static int64_t dt_macro_uid(void) { return getuid(); }
static int64_t dt_macro_gid(void) { return getgid(); }
static int64_t dt_macro_euid(void) { return geteuid(); }
static int64_t dt_macro_egid(void) { return getegid(); }

static const struct dt_macro_var {
	const char	*name;
	int64_t		(*value)(void);	/* NULL: $target, the process */
} dt_macros[] = {
	{ "target", NULL },
	{ "pid", dt_macro_pid },
	{ "ppid", dt_macro_ppid },
	{ "pgid", dt_macro_pgid },
	{ "sid", dt_macro_sid },
	{ "uid", dt_macro_uid },
	{ "gid", dt_macro_gid },
	{ "euid", dt_macro_euid },
	{ "egid", dt_macro_egid },
};

/* $target, $pid, ...: integers known when the program is compiled. */
int dt_macro_lookup(const char *name, int target, int64_t *v)
{
	const struct dt_macro_var *m = DT_ROW_FIND(dt_macros, name);

	if (!m || (!m->value && !target))
		return -1;
	*v = m->value ? m->value() : target;
	return 0;
}
