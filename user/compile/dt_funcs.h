/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's built-in functions, written once: actions, subroutines,
 * aggregating functions, and the names D knows that this DTrace does
 * not do (yet).
 *
 * The resolver sets each call's n_func to its entry (dt_resolve.c);
 * every pass then goes by the entry, never by the name: the check,
 * layout and cg passes each expand DT_FUNCS() into a table of their
 * hooks, indexed by the entry's id.
 *
 * X(ID, NAME, KIND, MIN, MAX, RET, ARGS, CODE, CHECK, LAYOUT, CG)
 *   ID      DT_FN_<ID>: the entry's index in every table
 *   KIND    DT_F_<KIND>
 *   MIN-MAX how many arguments it takes
 *   RET     its value's type (dt_ident.c): V void, S string, I4 int,
 *           I8 int64_t, U2 U4 U8 unsigned integers, P void *
 *   ARGS    SUBR: each argument's type, i integer, s string
 *   CODE    SUBR: DIF_SUBR_<CODE>; AGG: DTRACE_AGG_<CODE>; else NONE
 *   CHECK   dt_check_<CHECK>( ) (dt_check.c) checks a call; any: the
 *           argument count, then integers (ACTION) or ARGS (SUBR)
 *   LAYOUT  dt_layout_<LAYOUT>( ) (dt_layout.c) lays out a call that is
 *           a statement; any: traced if it has a value, else run before
 *           the next action
 *   CG      dt_cg_<CG>( ) (dt_cg.c) computes a call's value; any: CALL
 *           of the subroutine
 *
 * An AGG entry is the value of @name = f(...) (dt_check_agg.c,
 * dt_layout.c's dt_layout_aggstmt( )) and an error as any other call;
 * UNSUPP entries are errors: their hooks are never called.
 *
 * A front end adds the functions only its lowering calls (%names) in a
 * table of its own, looked up after this one: dt_funcext.h.
 */
#ifndef DT_FUNCS_H
#define DT_FUNCS_H

#include "dt_ast.h"

#define DT_FUNCS(X)							\
	/* actions: statements, no value */				\
	X(TRACE, "trace", ACTION, 1, 1, V, "", NONE, trace, value, any)	\
	X(PRINTF, "printf", ACTION, 1, 64, V, "", NONE, printf, printf,	\
	  any)								\
	X(EXIT, "exit", ACTION, 1, 1, V, "", NONE, exit, value, any)	\
	X(STACK, "stack", ACTION, 0, 1, V, "", NONE, any, stack, any)	\
	X(USTACK, "ustack", ACTION, 0, 2, V, "", NONE, any, stack, any)	\
	X(SPECULATE, "speculate", ACTION, 1, 1, V, "", NONE, any, spec,	\
	  any)								\
	X(COMMIT, "commit", ACTION, 1, 1, V, "", NONE, any, spec, any)	\
	X(DISCARD, "discard", ACTION, 1, 1, V, "", NONE, any, spec, any)	\
	X(TRACEMEM, "tracemem", ACTION, 2, 2, V, "", NONE, any,		\
	  tracemem, any)						\
	X(SYSTEM, "system", ACTION, 1, 64, V, "", NONE, printf, printf,	\
	  any)								\
	/* where the consumer's output goes (dt_rec.h) */		\
	X(FREOPEN, "freopen", ACTION, 1, 64, V, "", NONE, freopen,	\
	  printf, any)							\
	X(FTRUNCATE, "ftruncate", ACTION, 0, 0, V, "", NONE, any,	\
	  ftruncate, any)						\
	X(RAISE, "raise", ACTION, 1, 1, V, "", NONE, any, destructive,	\
	  any)								\
	X(STOP, "stop", ACTION, 0, 0, V, "", NONE, any, destructive, any)	\
	X(CHILL, "chill", ACTION, 1, 1, V, "", NONE, any, destructive,	\
	  any)								\
	X(SETOPT, "setopt", ACTION, 1, 2, V, "", NONE, setopt, setopt,	\
	  any)								\
	X(PRINT, "print", ACTION, 1, 1, V, "", NONE, print, print, any)	\
	/* actions on aggregations (dt_check_agg.c) */			\
	X(PRINTA, "printa", AGGACT, 1, 9, V, "", NONE, aggact, aggact,	\
	  any)								\
	X(CLEAR, "clear", AGGACT, 1, 1, V, "", NONE, aggact, aggact, any)	\
	X(TRUNC, "trunc", AGGACT, 1, 2, V, "", NONE, aggact, aggact, any)	\
	X(NORMALIZE, "normalize", AGGACT, 2, 2, V, "", NONE, aggact,	\
	  aggact, any)							\
	X(DENORMALIZE, "denormalize", AGGACT, 1, 1, V, "", NONE, aggact,	\
	  aggact, any)							\
	/* aggregating functions: the value, then parameters */		\
	X(COUNT, "count", AGG, 0, 0, V, "", COUNT, any, any, any)	\
	X(SUM, "sum", AGG, 1, 1, V, "", SUM, any, any, any)		\
	X(AVG, "avg", AGG, 1, 1, V, "", AVG, any, any, any)		\
	X(MIN, "min", AGG, 1, 1, V, "", MIN, any, any, any)		\
	X(MAX, "max", AGG, 1, 1, V, "", MAX, any, any, any)		\
	X(STDDEV, "stddev", AGG, 1, 1, V, "", STDDEV, any, any, any)	\
	X(QUANTIZE, "quantize", AGG, 1, 2, V, "", QUANTIZE, any, any,	\
	  any)								\
	X(LQUANTIZE, "lquantize", AGG, 3, 5, V, "", LQUANTIZE, any, any,	\
	  any)								\
	X(LLQUANTIZE, "llquantize", AGG, 5, 6, V, "", LLQUANTIZE, any,	\
	  any, any)							\
	/*								\
	 * stats( ): avg( ) to the module, printed whole (dt_aggdef.h);	\
	 * here, not in a front end's table: D programs call it too	\
	 */								\
	X(STATS, "stats", AGG, 1, 1, V, "", AVG, any, any, any)		\
	/* subroutines: a value computed in DIF */			\
	X(STRLEN, "strlen", SUBR, 1, 1, U8, "s", STRLEN, any, any, any)	\
	X(STRJOIN, "strjoin", SUBR, 2, 2, S, "ss", STRJOIN, any, any,	\
	  any)								\
	X(SUBSTR, "substr", SUBR, 2, 3, S, "sii", SUBSTR, any, any, any)	\
	X(INDEX, "index", SUBR, 2, 3, I4, "ssi", INDEX, any, any, any)	\
	X(RINDEX, "rindex", SUBR, 2, 3, I4, "ssi", RINDEX, any, any,	\
	  any)								\
	X(STRCHR, "strchr", SUBR, 2, 2, S, "si", STRCHR, any, any, any)	\
	X(STRRCHR, "strrchr", SUBR, 2, 2, S, "si", STRRCHR, any, any,	\
	  any)								\
	X(STRSTR, "strstr", SUBR, 2, 2, S, "ss", STRSTR, any, any, any)	\
	X(STRTOK, "strtok", SUBR, 2, 2, S, "ss", STRTOK, any, any, any)	\
	X(BASENAME, "basename", SUBR, 1, 1, S, "s", BASENAME, any, any,	\
	  any)								\
	X(DIRNAME, "dirname", SUBR, 1, 1, S, "s", DIRNAME, any, any,	\
	  any)								\
	X(LLTOSTR, "lltostr", SUBR, 1, 1, S, "i", LLTOSTR, any, any,	\
	  any)								\
	X(TOUPPER, "toupper", SUBR, 1, 1, S, "s", TOUPPER, any, any,	\
	  any)								\
	X(TOLOWER, "tolower", SUBR, 1, 1, S, "s", TOLOWER, any, any,	\
	  any)								\
	X(HTONS, "htons", SUBR, 1, 1, U2, "i", HTONS, any, any, any)	\
	X(HTONL, "htonl", SUBR, 1, 1, U4, "i", HTONL, any, any, any)	\
	X(HTONLL, "htonll", SUBR, 1, 1, U8, "i", HTONLL, any, any, any)	\
	X(NTOHS, "ntohs", SUBR, 1, 1, U2, "i", NTOHS, any, any, any)	\
	X(NTOHL, "ntohl", SUBR, 1, 1, U4, "i", NTOHL, any, any, any)	\
	X(NTOHLL, "ntohll", SUBR, 1, 1, U8, "i", NTOHLL, any, any, any)	\
	X(RAND, "rand", SUBR, 0, 0, I4, "", RAND, any, any, any)	\
	X(PROGENYOF, "progenyof", SUBR, 1, 1, I4, "i", PROGENYOF, any,	\
	  any, any)							\
	X(COPYINSTR, "copyinstr", SUBR, 1, 2, S, "ii", COPYINSTR, any,	\
	  any, any)							\
	X(COPYIN, "copyin", SUBR, 2, 2, P, "ii", COPYIN, any, any, any)	\
	X(COPYINTO, "copyinto", SUBR, 3, 3, V, "iii", COPYINTO, any,	\
	  any, any)							\
	X(ALLOCA, "alloca", SUBR, 1, 1, P, "i", ALLOCA, any, any, any)	\
	X(BCOPY, "bcopy", SUBR, 3, 3, V, "iii", BCOPY, any, any, any)	\
	X(SPECULATION, "speculation", SUBR, 0, 0, I4, "", SPECULATION,	\
	  any, any, any)						\
	X(INET_NTOA, "inet_ntoa", SUBR, 1, 1, S, "i", INET_NTOA, any,	\
	  any, any)							\
	X(INET_NTOA6, "inet_ntoa6", SUBR, 1, 1, S, "i", INET_NTOA6, any,	\
	  any, any)							\
	X(INET_NTOP, "inet_ntop", SUBR, 2, 2, S, "ii", INET_NTOP, any,	\
	  any, any)							\
	X(CLEANPATH, "cleanpath", SUBR, 1, 1, S, "s", CLEANPATH, any,	\
	  any, any)							\
	X(STRTOLL, "strtoll", SUBR, 1, 2, I8, "si", STRTOLL, any, any,	\
	  any)								\
	X(LINK_NTOP, "link_ntop", SUBR, 2, 2, S, "ii", LINK_NTOP, any,	\
	  any, any)							\
	/* struct mutex * and struct rw_semaphore * (dif_subr_lock.c) */\
	X(MUTEX_OWNED, "mutex_owned", SUBR, 1, 1, I4, "i", MUTEX_OWNED,	\
	  lock, any, any)						\
	X(MUTEX_OWNER, "mutex_owner", SUBR, 1, 1, P, "i", MUTEX_OWNER,	\
	  lock, any, any)						\
	X(MUTEX_TYPE_ADAPTIVE, "mutex_type_adaptive", SUBR, 1, 1, I4,	\
	  "i", MUTEX_TYPE_ADAPTIVE, lock, any, any)			\
	X(MUTEX_TYPE_SPIN, "mutex_type_spin", SUBR, 1, 1, I4, "i",	\
	  MUTEX_TYPE_SPIN, lock, any, any)				\
	X(RW_READ_HELD, "rw_read_held", SUBR, 1, 1, I4, "i",		\
	  RW_READ_HELD, lock, any, any)					\
	X(RW_WRITE_HELD, "rw_write_held", SUBR, 1, 1, I4, "i",		\
	  RW_WRITE_HELD, lock, any, any)				\
	X(RW_ISWRITER, "rw_iswriter", SUBR, 1, 1, I4, "i", RW_ISWRITER,	\
	  lock, any, any)						\
	/* the kernel's dev_t: 12 bits of major above 20 of minor */	\
	X(GETMAJOR, "getmajor", SUBR, 1, 1, U4, "i", NONE, any, any,	\
	  getdev)							\
	X(GETMINOR, "getminor", SUBR, 1, 1, U4, "i", NONE, any, any,	\
	  getdev)							\
	/* user writes: destructive (dt_layout.c) */			\
	X(COPYOUT, "copyout", SUBR, 3, 3, V, "iii", COPYOUT, any,	\
	  userwrite, any)						\
	X(COPYOUTSTR, "copyoutstr", SUBR, 3, 3, V, "sii", COPYOUTSTR,	\
	  any, userwrite, any)						\
	/* destructive, checked, then refused when enabled */		\
	X(PANIC, "panic", ACTION, 0, 0, V, "", NONE, any, never, any)	\
	X(BREAKPOINT, "breakpoint", ACTION, 0, 0, V, "", NONE, any,	\
	  never, any)							\
	/* an address, printed as a kernel symbol: no DIF of its own */	\
	X(SYM, "sym", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)		\
	X(FUNC, "func", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)	\
	X(MOD, "mod", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)		\
	/* a user address: recorded with its pid (dt_layout.c) */	\
	X(UFUNC, "ufunc", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)	\
	X(USYM, "usym", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)	\
	X(UMOD, "umod", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)	\
	X(UADDR, "uaddr", SUBR, 1, 1, U8, "i", NONE, sym, any, sym)	\
	/* known to D, waiting for the module */			\
	X(JSTACK, "jstack", UNSUPP, 0, 0, V, "", NONE, any, any, any)	\
	X(PRINTM, "printm", UNSUPP, 0, 0, V, "", NONE, any, any, any)	\
	X(DDI_PATHNAME, "ddi_pathname", UNSUPP, 0, 0, V, "", NONE, any,	\
	  any, any)							\
	X(JSON, "json", UNSUPP, 0, 0, V, "", NONE, any, any, any)	\
	X(MSGSIZE, "msgsize", UNSUPP, 0, 0, V, "", NONE, any, any, any)	\
	X(MSGDSIZE, "msgdsize", UNSUPP, 0, 0, V, "", NONE, any, any,	\
	  any)

enum dt_fid {
#define DT_FN_ENUM(id, ...)	DT_FN_##id,
	DT_FUNCS(DT_FN_ENUM)
#undef DT_FN_ENUM
	DT_FN_NFUNCS,
	/* an entry of a front end's own table (dt_funcext.h) */
	DT_FN_EXT,
};

enum dt_fkind {
	DT_F_ACTION,	/* a statement: trace, printf, exit */
	DT_F_AGGACT,	/* an action on aggregations: printa, clear */
	DT_F_AGG,	/* an aggregating function: @a = count( ) */
	DT_F_SUBR,	/* a value, computed in DIF (CALL) */
	DT_F_UNSUPP,	/* known to D, not supported yet */
};

struct dt_func {
	const char	*f_name;
	enum dt_fid	f_id;
	enum dt_fkind	f_kind;
	int		f_code;		/* DIF_SUBR_*, DTRACE_AGG_*; -1 */
	int		f_minargs, f_maxargs;
	struct dt_type	f_ret;
	const char	*f_args;	/* 'i' integer, 's' string per arg */
};

/* The entry of a name, or NULL; the entry of an id. */
const struct dt_func *dt_func_lookup(const char *name);
const struct dt_func *dt_func_byid(enum dt_fid id);

#endif /* DT_FUNCS_H */
