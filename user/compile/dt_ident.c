// SPDX-License-Identifier: GPL-2.0
/*
 * The names D knows before a program declares any: built-in variables
 * and functions (actions and subroutines).
 */
#include <string.h>

#include <dtrace/dif.h>
#include "dt_compile.h"

#define TI(sz, sg)	{ .kind = DT_T_INT, .size = (sz), .is_signed = (sg) }
#define TS		{ .kind = DT_T_STRING }
#define TV		{ .kind = DT_T_VOID }
#define TP		{ .kind = DT_T_INT, .size = 8, .ptr = 1, .rvoid = true }

static const struct dt_builtin dt_builtins[] = {
	{ "arg0", DIF_VAR_ARG0, TI(8, true) },
	{ "arg1", DIF_VAR_ARG1, TI(8, true) },
	{ "arg2", DIF_VAR_ARG2, TI(8, true) },
	{ "arg3", DIF_VAR_ARG3, TI(8, true) },
	{ "arg4", DIF_VAR_ARG4, TI(8, true) },
	{ "arg5", DIF_VAR_ARG5, TI(8, true) },
	{ "arg6", DIF_VAR_ARG6, TI(8, true) },
	{ "arg7", DIF_VAR_ARG7, TI(8, true) },
	{ "arg8", DIF_VAR_ARG8, TI(8, true) },
	{ "arg9", DIF_VAR_ARG9, TI(8, true) },
	{ "args", DIF_VAR_ARGS, TI(8, true) },
	{ "pid", DIF_VAR_PID, TI(4, true) },
	{ "ppid", DIF_VAR_PPID, TI(4, true) },
	{ "tid", DIF_VAR_TID, TI(4, true) },
	{ "uid", DIF_VAR_UID, TI(4, false) },
	{ "gid", DIF_VAR_GID, TI(4, false) },
	{ "execname", DIF_VAR_EXECNAME, TS },
	{ "curthread", DIF_VAR_CURTHREAD, TI(8, false) },
	{ "timestamp", DIF_VAR_TIMESTAMP, TI(8, false) },
	{ "vtimestamp", DIF_VAR_VTIMESTAMP, TI(8, false) },
	{ "walltimestamp", DIF_VAR_WALLTIMESTAMP, TI(8, true) },
	{ "cpu", DIF_VAR_CPU, TI(4, true) },
	{ "probeprov", DIF_VAR_PROBEPROV, TS },
	{ "probemod", DIF_VAR_PROBEMOD, TS },
	{ "probefunc", DIF_VAR_PROBEFUNC, TS },
	{ "probename", DIF_VAR_PROBENAME, TS },
	{ "errno", DIF_VAR_ERRNO, TI(4, true) },
	{ "stackdepth", DIF_VAR_STACKDEPTH, TI(4, false) },
	{ "ustackdepth", DIF_VAR_USTACKDEPTH, TI(4, false) },
	{ "caller", DIF_VAR_CALLER, TI(8, false) },
	{ "ucaller", DIF_VAR_UCALLER, TI(8, false) },
	{ "epid", DIF_VAR_EPID, TI(4, false) },
	{ "id", DIF_VAR_ID, TI(4, false) },
	{ "uregs", DIF_VAR_UREGS, TI(8, false) },
};

const struct dt_builtin *dt_builtin_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dt_builtins) / sizeof(dt_builtins[0]); i++)
		if (strcmp(dt_builtins[i].b_name, name) == 0)
			return &dt_builtins[i];
	return NULL;
}

#define ACT(n, lo, hi)	{ n, DT_F_ACTION, -1, lo, hi, TV, NULL }
#define SUBR(n, s, lo, hi, ret, args) \
	{ n, DT_F_SUBR, DIF_SUBR_##s, lo, hi, ret, args }
#define NOTYET(n)	{ n, DT_F_UNSUPP, -1, 0, 0, TV, NULL }

static const struct dt_func dt_funcs[] = {
	ACT("trace", 1, 1),
	ACT("printf", 1, 64),
	ACT("exit", 1, 1),
	ACT("printa", 1, 9),
	ACT("clear", 1, 1),
	ACT("trunc", 1, 2),
	ACT("normalize", 2, 2),
	ACT("denormalize", 1, 1),
	ACT("stack", 0, 1),
	ACT("ustack", 0, 2),
	ACT("speculate", 1, 1),
	ACT("commit", 1, 1),
	ACT("discard", 1, 1),
	ACT("tracemem", 2, 2),
	ACT("system", 1, 64),
	ACT("raise", 1, 1),
	ACT("stop", 0, 0),
	ACT("chill", 1, 1),
	ACT("setopt", 1, 2),
	SUBR("strlen", STRLEN, 1, 1, TI(8, false), "s"),
	SUBR("strjoin", STRJOIN, 2, 2, TS, "ss"),
	SUBR("substr", SUBSTR, 2, 3, TS, "sii"),
	SUBR("index", INDEX, 2, 2, TI(4, true), "ss"),
	SUBR("rindex", RINDEX, 2, 2, TI(4, true), "ss"),
	SUBR("strchr", STRCHR, 2, 2, TS, "si"),
	SUBR("strrchr", STRRCHR, 2, 2, TS, "si"),
	SUBR("strstr", STRSTR, 2, 2, TS, "ss"),
	SUBR("strtok", STRTOK, 2, 2, TS, "ss"),
	SUBR("basename", BASENAME, 1, 1, TS, "s"),
	SUBR("dirname", DIRNAME, 1, 1, TS, "s"),
	SUBR("lltostr", LLTOSTR, 1, 1, TS, "i"),
	SUBR("toupper", TOUPPER, 1, 1, TS, "s"),
	SUBR("tolower", TOLOWER, 1, 1, TS, "s"),
	SUBR("htons", HTONS, 1, 1, TI(2, false), "i"),
	SUBR("htonl", HTONL, 1, 1, TI(4, false), "i"),
	SUBR("htonll", HTONLL, 1, 1, TI(8, false), "i"),
	SUBR("ntohs", NTOHS, 1, 1, TI(2, false), "i"),
	SUBR("ntohl", NTOHL, 1, 1, TI(4, false), "i"),
	SUBR("ntohll", NTOHLL, 1, 1, TI(8, false), "i"),
	SUBR("rand", RAND, 0, 0, TI(4, true), ""),
	SUBR("progenyof", PROGENYOF, 1, 1, TI(4, true), "i"),
	SUBR("copyinstr", COPYINSTR, 1, 1, TS, "i"),
	SUBR("copyin", COPYIN, 2, 2, TP, "ii"),
	SUBR("copyinto", COPYINTO, 3, 3, TV, "iii"),
	SUBR("alloca", ALLOCA, 1, 1, TP, "i"),
	SUBR("bcopy", BCOPY, 3, 3, TV, "iii"),
	SUBR("speculation", SPECULATION, 0, 0, TI(4, true), ""),
	/* known to D, waiting for the module */
	NOTYET("jstack"),
	NOTYET("copyout"), NOTYET("copyoutstr"),
	NOTYET("panic"), NOTYET("breakpoint"), NOTYET("freopen"), NOTYET("ftruncate"),
	NOTYET("printm"),
	NOTYET("ufunc"),
	NOTYET("usym"), NOTYET("umod"), NOTYET("uaddr"),
	NOTYET("mutex_owned"),
	NOTYET("mutex_owner"), NOTYET("rw_read_held"),
	NOTYET("rw_write_held"), NOTYET("getminor"), NOTYET("getmajor"),
	NOTYET("ddi_pathname"), NOTYET("inet_ntoa"), NOTYET("inet_ntoa6"),
	NOTYET("inet_ntop"), NOTYET("cleanpath"), NOTYET("strtoll"),
	NOTYET("json"), NOTYET("msgsize"), NOTYET("msgdsize"),
	NOTYET("d_path"), NOTYET("link_ntop"),
};

const struct dt_func *dt_func_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(dt_funcs) / sizeof(dt_funcs[0]); i++)
		if (strcmp(dt_funcs[i].f_name, name) == 0)
			return &dt_funcs[i];
	return NULL;
}

uint32_t dt_rec_size(const struct dt_type *t, uint32_t strsize)
{
	switch (t->kind) {
	case DT_T_STRING:
		return strsize;
	case DT_T_INT:
		return 8;	/* the module records integers as 8 bytes */
	default:
		return 0;
	}
}
