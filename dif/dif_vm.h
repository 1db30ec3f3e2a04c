/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DIF virtual machine: loader, verifier, interpreter, dynamic
 * variables, disassembler. The public header of dif/.
 *
 * Life of a program:
 *
 *   blob --dif_prog_load()--> struct dif_prog --dif_exec(ms)--> value
 *           (header checks,     (pointers into    (any context; no
 *            then dif_verify)    the blob)         allocation, bounded)
 *
 * The host (dtrace.ko, or a test) owns the blob and keeps it alive and
 * unchanged as long as the dif_prog is used. It fills a struct
 * dif_mstate per CPU and implements the dif_env_*() functions declared
 * at the end of this file.
 *
 * Instruction offsets ("pc", "DIF offset N") count instructions, not
 * bytes, from 0.
 */
#ifndef _DIF_VM_H
#define _DIF_VM_H

#include "dif_env.h"

#define DIF_STRSIZE_DEFAULT	256	/* when dif_mstate.strsize is 0 */
#define DIF_STRSIZE_MAX		8192	/* = DTRACE_STRSIZE_MAX */
#define DIF_SCOPE_COUNT		3
#define DIF_PC_NONE		0xffffffffu

/*
 * The work one probe firing may do, across every clause and action on
 * the probe, in units of about one interpreted instruction: each
 * instruction costs 1, each byte a string or memory routine touches 1,
 * each read through dif_env_copy() DIF_COST_COPY more. The verifier
 * bounds one program; this bounds the firing, whose clauses, actions
 * and subroutines multiply programs. Running out is DIF_FAULT_BUDGET.
 */
#define DIF_BUDGET_FIRING	(1u << 20)
#define DIF_COST_COPY		32	/* one dif_env_copy() call */
#define DIF_COST_CALL		8	/* one subroutine call */
#define DIF_COST_DYN		96	/* key, lock, hash: a dynamic variable */
#define DIF_COST_CHAIN		8	/* one step along its hash chain */

/* Where the verifier writes why it rejected a program, one line each. */
struct dif_log {
	char	*buf;		/* may be NULL: nothing is written */
	u32	size;		/* bytes of buf */
	u32	len;		/* bytes written so far, excluding the NUL */
};

/* Limits the verifier applies beyond those of dif.h. 0 = default. */
struct dif_limits {
	u32	strsize;	/* largest PUSHTS bound; DIF_STRSIZE_MAX */
	u32	insns_max;	/* DIF_INSNS_MAX */
};

/*
 * A loaded program. Everything points into the caller's blob, which
 * must stay alive and unchanged.
 */
struct dif_prog {
	const struct dif_insn	*insns;
	u32			ninsns;
	const u64		*ints;
	u32			nints;
	const char		*strtab;
	u32			strlen;
	const struct dif_var	*vars;
	u32			nvars;
	struct dif_type		rtype;
	/*
	 * Filled by dif_prog_load() from the variable table: one more than
	 * the largest id of each scope (storage the host must provide:
	 * dif_mstate.nglobals >= nids[DIF_SCOPE_GLOBAL], nlocals >=
	 * nids[DIF_SCOPE_LOCAL]) and which variables hold strings or
	 * by-ref values.
	 */
	u32			nids[DIF_SCOPE_COUNT];
	u32			flags;		/* DIF_PF_* */
	/*
	 * Set by dif_prog_load() for "OP ..., %rN; ret %rN" with OP one of
	 * seti, ldb, ldts (a constant, a built-in, a self-> scalar: most
	 * clauses' keys and values): dif_exec() runs it without the loop.
	 */
	u8			short_op;
	u8			strvar[DIF_SCOPE_COUNT][(DIF_VARID_MAX + 8) / 8];
	/* which hold DIF_TYPE_BYREF values (their sizes: vars[]) */
	u8			refvar[DIF_SCOPE_COUNT][(DIF_VARID_MAX + 8) / 8];
};

#define DIF_PF_DYN	0x1	/* self->, arrays, string or by-ref globals */
/* the verifier could not prove each register set before it is read */
#define DIF_PF_ZEROREGS	0x2

/* One entry of the tuple stack: an array key part or a subr argument. */
struct dif_tuple {
	u64	dt_value;	/* a value, or a string's address */
	u32	dt_size;	/* 0: a value; else string read bound */
	u32	dt_pad;
};

struct dif_fault {
	u32	kind;		/* DIF_FAULT_*; NONE when all went well */
	u32	pc;		/* offset of the faulting insn, or PC_NONE */
	u64	addr;		/* the offending address or value */
};

/*
 * The dynamic variable store: self-> variables, associative arrays and
 * string globals, in memory the host gives to dif_dyn_init(). No lock
 * covers it all: each hash chain has its own, taken with
 * dif_env_trylock(), and the free list is a lock-free stack (see
 * dif_dyn.c).
 */
struct dif_dyn_bucket {
	u32	db_head;	/* chunk index, or DIF_DYN_NIL */
	u32	db_lock;	/* 0 free, 1 held: dif_env_trylock() */
};

struct dif_dyn {
	u8	*dd_base;	/* the memory given to dif_dyn_init() */
	u64	dd_size;
	u64	dd_free;	/* free list: generation << 32 | head index */
	struct dif_dyn_bucket *dd_buckets;
	u8	*dd_chunks;
	u32	dd_nbuckets;	/* a power of 2 */
	u32	dd_nchunks;
	u32	dd_chunksize;	/* bytes of one entry, key and value */
	u32	dd_nused;	/* entries in use (dif_env_add()) */
	/* each global array's entries, kept as they come and go */
	u32	dd_count[DIF_VARID_MAX + 1];
};

#define DIF_DYN_NIL	0xffffffffu

/*
 * Machine state of one execution context (one per CPU in the kernel).
 * The host fills the first group once, calls dif_mstate_reset() at each
 * probe firing, and reads the results after dif_exec(). A host that runs
 * several states in one firing carries budget from one to the next.
 */
struct dif_mstate {
	/* filled by the host */
	u8		*scratch;	/* scratch memory, 8-byte aligned */
	u32		scratch_size;
	u32		scratch_used;	/* bytes in use; reset per firing */
	u32		strsize;	/* string bound; 0: default */
	u32		nglobals;
	u64		*globals;	/* global integer scalars, by id */
	u64		*locals;	/* clause-local scalars, by id */
	u32		nlocals;
	u32		ms_pad;
	struct dif_dyn	*dyn;		/* may be NULL: see dif_dyn.c */
	void		*env;		/* the host's, for dif_env_*() */
	u64		budget;		/* work left; dif_mstate_reset() fills */
	/* results, read by the host */
	struct dif_fault fault;
	u64		dyn_drops;	/* dynamic variable drops, cumulative */
	/* private to dif/ */
	const struct dif_prog *prog;
	u64		strtok_addr;	/* where strtok() goes on; 0: none */
	u32		ntuple;		/* entries on the tuple stack */
	u32		ms_pad2;
	struct dif_tuple tuple[DIF_TUPLE_MAX];
};

/**
 * dif_budget_charge() - charge work to the firing
 * @ms:    the machine state
 * @units: what it costs (see DIF_BUDGET_FIRING)
 *
 * dif/ charges what it does; the host charges what it does on a
 * program's behalf (stack walks, records). Context: any.
 * Return: true, or false with DIF_FAULT_BUDGET recorded (if no fault
 * was) once the budget is spent: the caller stops.
 */
static inline bool dif_budget_charge(struct dif_mstate *ms, u64 units)
{
	if (likely(ms->budget >= units)) {
		ms->budget -= units;
		return true;
	}
	ms->budget = 0;
	if (ms->fault.kind == DIF_FAULT_NONE) {
		ms->fault.kind = DIF_FAULT_BUDGET;
		ms->fault.addr = 0;
	}
	return false;
}

/* Loader and verifier (dif_load.c, dif_verify.c). */
int dif_prog_load(struct dif_prog *p, const void *blob, u32 size,
		  struct dif_log *log);
int dif_prog_load_lim(struct dif_prog *p, const void *blob, u32 size,
		      const struct dif_limits *lim, struct dif_log *log);
int dif_verify(const struct dif_prog *p, const struct dif_limits *lim,
	       struct dif_log *log);
int dif_verify_flags(const struct dif_prog *p, const struct dif_limits *lim,
		     struct dif_log *log, u32 *flags);
__printf(3, 4)
void dif_log_printf(struct dif_log *log, u32 pc, const char *fmt, ...);

/* Interpreter (dif_exec.c). */
u64 dif_exec(const struct dif_prog *p, struct dif_mstate *ms);
void dif_mstate_reset(struct dif_mstate *ms);
int dif_copy_string(struct dif_mstate *ms, char *dst, u64 addr, u32 size,
		    bool user);
/* tracemem(): size bytes at addr; 0 or the fault kind. */
int dif_copy_mem(struct dif_mstate *ms, void *dst, u64 addr, u32 size);
u64 dif_str_scratch(struct dif_mstate *ms, const char *s, u32 max);
int dif_copy_string_exact(struct dif_mstate *ms, char *dst, u64 addr,
			  u32 size, bool user, u32 *lenp);
/* execargs: len bytes of user argument strings, NULs made spaces. */
u64 dif_str_args(struct dif_mstate *ms, u64 uaddr, u64 len);

/*
 * Where the host's lock words are, for the lock subroutines
 * (dif_subr_lock.c): offsets from the start of the lock, sizes 4 or 8.
 */
struct dif_locks {
	u32	mutex_owner_off;	/* struct mutex's owner word */
	u32	rwsem_count_off;	/* rw_semaphore's count (readers) */
	u64	mutex_flags;		/* the owner word's flag bits */
	u8	mutex_owner_size;
	u8	rwsem_count_size;
	u8	rwsem_rt;		/* PREEMPT_RT's rwbase_rt readers */
	u8	dl_pad[5];
};

/* Names (dif_names.c). */
const char *dif_op_name(u32 op);
const char *dif_fault_text(u32 kind);
const char *dif_builtin_name(u32 var);
const char *dif_subr_name(u32 subr);
int dif_subr_nargs(u32 subr);
int dif_op_format(u32 op);

/* Dynamic variable store (dif_dyn.c). */
int dif_dyn_init(struct dif_dyn *d, void *mem, u64 size, u32 chunksize);
u32 dif_dyn_chunksize(u32 strsize);
/* The hash of an entry's key (the tests build chains with it). */
u32 dif_dyn_hash(const u8 *k, u32 len);
/*
 * The consumer's reads and clears of the globals (dif_dyn.c): never in
 * probe context (they walk the whole store, waiting for each chain's
 * lock in turn).
 */
u64 dif_dyn_snap(struct dif_dyn *d, u8 *out, u64 room, u32 *count,
		 u32 *more);
u64 dif_dyn_snap_range(struct dif_dyn *d, u32 first, u32 n, u8 *out,
		       u64 room, u32 *count, u32 *more);
u32 dif_dyn_clear(struct dif_dyn *d, u32 id);
u32 dif_dyn_clear_range(struct dif_dyn *d, u32 id, u32 first, u32 n);

/* Disassembler (dif_disasm.c). */
typedef void (*dif_emit_fn)(void *arg, const char *line);
void dif_disasm(const struct dif_prog *p, dif_emit_fn emit, void *arg);
int dif_disasm_insn(const struct dif_prog *p, u32 pc, char *buf, u32 size);

/*
 * Environment: the host implements these. Each may be called from probe
 * context (any context, including NMI), must not sleep and must return
 * promptly.
 *
 * dif_env_copy: copy size bytes from a script-chosen address (kernel
 *   memory, or the current task's user memory if user) to dst. Must never
 *   fault itself. Returns 0, or DIF_FAULT_KPRIV / DIF_FAULT_UPRIV if the
 *   address is not one scripts may read, or any other nonzero value
 *   (recorded as DIF_FAULT_BADADDR) if it cannot be read.
 * dif_env_builtin: the value of built-in variable var (DIF_VAR_*); idx
 *   is the index for ARGS and UREGS, 0 otherwise. Strings are returned
 *   as an address that dif_env_copy can read. May record a fault in
 *   ms->fault.kind / ms->fault.addr (the pc is filled in by dif_exec).
 * dif_env_thread_key: a nonzero value naming the current thread, the key
 *   of self-> variables.
 * dif_env_copyout: write size bytes at src to the current task's user
 *   memory at uaddr (copyout( ), copyoutstr( )). Must never fault itself,
 *   and must refuse (DIF_FAULT_UPRIV) unless the consumer allowed
 *   destructive actions. Returns 0, or a fault kind.
 * dif_env_rand: a pseudo-random 64-bit value.
 * dif_env_progenyof: 1 if the current process is pid or a descendant.
 * dif_env_speculation: a new speculation id, 0 if none is free.
 * dif_env_stackid: a nonzero hash of the kernel stack's first frames
 *   PCs (at most DTRACE_STACK_MAX), the frames stack( ) would record.
 * dif_env_locks: the layout of the host's struct mutex and struct
 *   rw_semaphore, or NULL if it knows none (the lock subroutines are
 *   then an illegal operation).
 * dif_env_trylock/unlock: a lock word of the dynamic variable store
 *   (0 free, 1 held). trylock returns true if taken, with acquire
 *   ordering; it must not spin or sleep itself (dif/ retries a bounded
 *   number of times). unlock stores 0 with release ordering.
 * dif_env_cmpxchg64: if *p is old, set it to new; returns what *p was.
 *   A full barrier, as the kernel's cmpxchg().
 * dif_env_add: add v to *p atomically (no ordering).
 */
int dif_env_copy(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		 bool user);
int dif_env_copyout(struct dif_mstate *ms, u64 uaddr, const void *src,
		    u32 size);
u64 dif_env_builtin(struct dif_mstate *ms, u32 var, u64 idx);
u64 dif_env_thread_key(struct dif_mstate *ms);
u64 dif_env_rand(struct dif_mstate *ms);
u64 dif_env_progenyof(struct dif_mstate *ms, u64 pid);
u64 dif_env_speculation(struct dif_mstate *ms);
u64 dif_env_stackid(struct dif_mstate *ms, u64 frames);
const struct dif_locks *dif_env_locks(struct dif_mstate *ms);
bool dif_env_trylock(u32 *lock);
void dif_env_unlock(u32 *lock);
u64 dif_env_cmpxchg64(u64 *p, u64 old, u64 new);
void dif_env_add(u32 *p, s32 v);

#endif /* _DIF_VM_H */
