/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * DIF: the D Intermediate Format, as the command sends it to the module.
 *
 * One instruction is 64 bits:
 *
 *   63                 32 31      24 23      16 15       8 7        0
 *  +---------------------+----------+----------+----------+----------+
 *  |        imm          |    rb    |    ra    |    rd    |    op    |
 *  +---------------------+----------+----------+----------+----------+
 *
 * There are DIF_NREGS 64-bit registers; %r0 always reads 0 and is never
 * written. The opcodes are listed in dif_ops.h.
 *
 * A DIF object (one program: a predicate, or the value of one action) is
 * sent as one contiguous blob that starts with struct dif_object_hdr and
 * holds four tables at the offsets it gives. Every offset and count is
 * checked by the kernel before the verifier looks at the code.
 */
#ifndef _DTRACE_DIF_H
#define _DTRACE_DIF_H

#include <linux/types.h>
#include "dif_ops.h"

#define DIF_NREGS	16	/* registers %r0..%r15 */
#define DIF_TUPLE_MAX	8	/* entries on the tuple stack */
#define DIF_INSNS_MAX	8192	/* instructions in one program */
#define DIF_INTS_MAX	1024	/* entries of the integer table */
#define DIF_STRTAB_MAX	65536	/* bytes of the string table */
#define DIF_VARS_MAX	1024	/* entries of the variable table */
#define DIF_VARID_MAX	1023	/* largest variable id of any scope */

struct dif_insn {
	__u8	di_op;
	__u8	di_rd;
	__u8	di_ra;
	__u8	di_rb;
	__s32	di_imm;
};

enum dif_opcode {
#define DIF_X_ENUM(name, fmt, sem) DIF_OP_##name,
	DIF_OPCODES(DIF_X_ENUM)
#undef DIF_X_ENUM
	DIF_OP_COUNT
};

enum dif_format {
#define DIF_X_FMT(fmt) DIF_FMT_##fmt,
	DIF_FORMATS(DIF_X_FMT)
#undef DIF_X_FMT
	DIF_FMT_COUNT
};

/* Variable scopes and kinds, as named in the variable table. */
enum dif_var_scope {
	DIF_SCOPE_GLOBAL	= 0,
	DIF_SCOPE_THREAD	= 1,	/* self-> */
	DIF_SCOPE_LOCAL		= 2,	/* this->, lives for one clause */
};

enum dif_var_kind {
	DIF_KIND_SCALAR		= 0,
	DIF_KIND_ARRAY		= 1,	/* associative, keyed by a tuple */
};

/* Types of a value: what a program returns, what a variable holds. */
enum dif_type_kind {
	DIF_TYPE_INT		= 0,	/* an integer of dt_size bytes */
	DIF_TYPE_STRING		= 1,	/* a string of at most dt_size bytes */
	DIF_TYPE_PTR		= 2,	/* an address */
	/*
	 * dt_size bytes (a struct or union) a global or self-> variable
	 * holds by value: a load gives their address, a store copies
	 * dt_size bytes from the address it is given.
	 */
	DIF_TYPE_BYREF		= 3,
};

#define DIF_BYREF_MAX	16384	/* bytes of a DIF_TYPE_BYREF value */

struct dif_type {
	__u8	dt_kind;	/* enum dif_type_kind */
	__u8	dt_flags;	/* DIF_TF_* */
	__u16	dt_reserved;	/* must be 0 */
	__u32	dt_size;	/* bytes: 1, 2, 4, 8 for integers */
};

#define DIF_TF_SIGNED	0x01
#define DIF_TF_USER	0x02	/* a string or pointer into user memory */
#define DIF_TF_MASK	(DIF_TF_SIGNED | DIF_TF_USER)

struct dif_var {
	__u32	dv_id;		/* 0..DIF_VARID_MAX within its scope */
	__u8	dv_scope;	/* enum dif_var_scope */
	__u8	dv_kind;	/* enum dif_var_kind */
	__u16	dv_reserved;	/* must be 0 */
	struct dif_type dv_type;
};

/*
 * The blob of one DIF object. All offsets are from the start of the
 * header, 8-byte aligned, inside doh_size, and do not overlap.
 */
struct dif_object_hdr {
	__u32	doh_size;	/* bytes of the whole blob */
	__u32	doh_magic;	/* DIF_OBJECT_MAGIC */
	__u32	doh_insn_off;	/* struct dif_insn[doh_ninsns] */
	__u32	doh_ninsns;
	__u32	doh_int_off;	/* __u64[doh_nints] */
	__u32	doh_nints;
	__u32	doh_str_off;	/* char[doh_strlen], NUL-terminated strings */
	__u32	doh_strlen;
	__u32	doh_var_off;	/* struct dif_var[doh_nvars] */
	__u32	doh_nvars;
	struct dif_type doh_rtype;	/* type of the returned value */
	__u32	doh_reserved[2];	/* must be 0 */
};

#define DIF_OBJECT_MAGIC	0x44494630	/* "DIF0" */

/*
 * Built-in variables, the imm of LDB and LDBA. Append only.
 */
#define DIF_BUILTINS(X)							\
	X(ARG0)	X(ARG1)	X(ARG2)	X(ARG3)	X(ARG4)				\
	X(ARG5)	X(ARG6)	X(ARG7)	X(ARG8)	X(ARG9)				\
	X(ARGS)		/* LDBA: args[ra] */				\
	X(PID)	X(PPID)	X(TID)	X(UID)	X(GID)				\
	X(EXECNAME)	/* string: the current task's comm */		\
	X(CURTHREAD)	/* address of the current task */		\
	X(TIMESTAMP)	/* ns, monotonic */				\
	X(VTIMESTAMP)	/* ns the thread has run on CPU */		\
	X(WALLTIMESTAMP) /* ns since the epoch */			\
	X(CPU)								\
	X(PROBEPROV) X(PROBEMOD) X(PROBEFUNC) X(PROBENAME) /* strings */\
	X(ERRNO)							\
	X(STACKDEPTH)	X(USTACKDEPTH)					\
	X(CALLER)	X(UCALLER)					\
	X(EPID)		X(ID)						\
	X(UREGS)	/* LDBA: uregs[ra] */				\
	X(CHIP)		/* the CPU's physical package */		\
	X(LGRP)		/* the CPU's NUMA node */			\
	X(IPL)		/* 0 task, 1 softirq, 2 hardirq, 3 NMI */	\
	X(EXECARGS)	/* string: the process's arguments */

enum dif_builtin {
#define DIF_X_BUILTIN(name) DIF_VAR_##name,
	DIF_BUILTINS(DIF_X_BUILTIN)
#undef DIF_X_BUILTIN
	DIF_VAR_COUNT
};

/*
 * Subroutines, the imm of CALL, with the number of tuple-stack entries
 * each takes. Append only.
 */
#define DIF_SUBRS(X)							\
	X(STRLEN, 1)	X(STRJOIN, 2)	X(SUBSTR, 3)			\
	X(INDEX, 2)	X(RINDEX, 2)	X(STRCHR, 2)	X(STRRCHR, 2)	\
	X(STRSTR, 2)	X(STRTOK, 2)	X(BASENAME, 1)	X(DIRNAME, 1)	\
	X(LLTOSTR, 1)	X(TOUPPER, 1)	X(TOLOWER, 1)			\
	X(HTONS, 1)	X(HTONL, 1)	X(HTONLL, 1)			\
	X(NTOHS, 1)	X(NTOHL, 1)	X(NTOHLL, 1)			\
	X(RAND, 0)	X(COPYIN, 2)	X(COPYINSTR, 1)	X(COPYINTO, 3)	\
	X(ALLOCA, 1)	X(BCOPY, 3)	X(STRINGOF, 1)	X(PROGENYOF, 1)	\
	X(SPECULATION, 0)						\
	X(INDEX_AT, 3)	X(RINDEX_AT, 3)	/* with a start position */	\
	X(COPYINSTR_MAX, 2)	/* copyinstr(addr, maxlen) */		\
	X(COPYOUT, 3)	X(COPYOUTSTR, 3) /* destructive: user writes */	\
	X(INET_NTOA, 1)	X(INET_NTOA6, 1) X(INET_NTOP, 2)		\
	X(CLEANPATH, 1)							\
	X(JOIN, 2)	/* join(argv, sep): a user string array's */	\
	X(STACKID, 1)	/* a kernel stack's hash: bpftrace's kstack value */\
	X(GLOBAL_COUNT, 1) /* the entries of global array id: len(@m) */\
	X(STRTOLL, 2)	/* strtoll(s, base) */				\
	X(MUTEX_OWNED, 1)	X(MUTEX_OWNER, 1) /* struct mutex * */	\
	X(MUTEX_TYPE_ADAPTIVE, 1)	X(MUTEX_TYPE_SPIN, 1)		\
	X(RW_READ_HELD, 1)	X(RW_WRITE_HELD, 1) /* rw_semaphore * */\
	X(RW_ISWRITER, 1)						\
	X(LINK_NTOP, 2)	/* link_ntop(ARPHRD_*, addr) */

enum dif_subr {
#define DIF_X_SUBR(name, nargs) DIF_SUBR_##name,
	DIF_SUBRS(DIF_X_SUBR)
#undef DIF_X_SUBR
	DIF_SUBR_COUNT
};

/* Why a program stopped early; reported through the ERROR probe. */
#define DIF_FAULTS(X)							\
	X(NONE,		"no fault")					\
	X(BADADDR,	"invalid address")				\
	X(BADALIGN,	"invalid alignment")				\
	X(ILLOP,	"illegal operation")				\
	X(DIVZERO,	"divide-by-zero")				\
	X(NOSCRATCH,	"out of scratch space")				\
	X(KPRIV,	"invalid kernel access")			\
	X(UPRIV,	"invalid user access")				\
	X(TUPOFLOW,	"tuple stack overflow")				\
	X(BADSTACK,	"bad stack")					\
	X(BUDGET,	"firing exceeded its work budget")

enum dif_fault_kind {
#define DIF_X_FAULT(name, text) DIF_FAULT_##name,
	DIF_FAULTS(DIF_X_FAULT)
#undef DIF_X_FAULT
	DIF_FAULT_COUNT
};

#endif /* _DTRACE_DIF_H */
