// SPDX-License-Identifier: GPL-2.0
/*
 * The names D knows before a program declares any: built-in variables
 * and functions (actions and subroutines).
 */
#include <string.h>

#include <dtrace/dif.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_frontend.h"
#include "dt_options.h"
#include "dt_rows.h"

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
	{ "chip", DIF_VAR_CHIP, TI(4, true) },
	{ "lgrp", DIF_VAR_LGRP, TI(4, true) },
	{ "ipl", DIF_VAR_IPL, TI(4, false) },
	{ "execargs", DIF_VAR_EXECARGS, TS },
};

const struct dt_builtin *dt_builtin_lookup(const char *name)
{
	return DT_ROW_FIND(dt_builtins, name);
}

#define DT_RET_V	TV
#define DT_RET_S	TS
#define DT_RET_I4	TI(4, true)
#define DT_RET_U2	TI(2, false)
#define DT_RET_U4	TI(4, false)
#define DT_RET_I8	TI(8, true)
#define DT_RET_U8	TI(8, false)
#define DT_RET_P	TP

/* CODE: a subroutine's DIF_SUBR_*, an aggregating function's DTRACE_AGG_* */
#define DT_CODE_ACTION(c)	-1
#define DT_CODE_AGGACT(c)	-1
#define DT_CODE_AGG(c)		DTRACE_AGG_##c
#define DT_CODE_SUBR(c)		DIF_SUBR_##c
#define DT_CODE_UNSUPP(c)	-1
/* sym( ), func( ), mod( ): no subroutine of their own */
#define DIF_SUBR_NONE		-1

#define DT_FN_ENTRY(id, name, kind, lo, hi, ret, args, code, ...)	\
	[DT_FN_##id] = { name, DT_FN_##id, DT_F_##kind,			\
			 DT_CODE_##kind(code), lo, hi, DT_RET_##ret, args },

static const struct dt_func dt_funcs[] = {
	DT_FUNCS(DT_FN_ENTRY)
};

const struct dt_func *dt_func_lookup(const char *name)
{
	return DT_ROW_FIND(dt_funcs, name);
}

const struct dt_func *dt_func_byid(enum dt_fid id)
{
	return &dt_funcs[id];
}

const struct dt_func *dt_func_resolve(const struct dt_pcb *pcb,
				      const char *name)
{
	const struct dt_func *f = dt_func_lookup(name);
	const struct dt_frontend *fe;
	size_t i;

	if (f || !pcb->pcb_fe)
		return f;
	fe = dt_frontend(pcb);
	for (i = 0; i < fe->fe_nfuncs; i++)
		if (strcmp(fe->fe_funcs[i].fx_func.f_name, name) == 0)
			return &fe->fe_funcs[i].fx_func;
	return NULL;
}

uint32_t dt_rec_size(const struct dt_type *t, uint32_t strsize)
{
	switch (t->kind) {
	case DT_T_STRING:
		return DT_STRSLOT(strsize);
	case DT_T_INT:
		return 8;	/* the module records integers as 8 bytes */
	default:
		return 0;
	}
}
