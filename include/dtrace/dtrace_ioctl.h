/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * The ABI between dtrace.ko and the dtrace command: ioctls on /dev/dtrace.
 *
 * Rules every struct follows:
 *  - fixed-width fields, naturally aligned, no implicit padding;
 *  - the first field is the struct's size as the caller knows it; the
 *    kernel refuses a size it does not understand;
 *  - reserved fields and flag bits outside the *_MASK must be 0;
 *  - variable-size blobs (an enabling) are copied whole once, then every
 *    offset and count inside them is checked against that copy.
 *
 * One open of the device is one consumer. Its life:
 *
 *   open --> [OPTIONS] --> ENABLE* --> GO --> (BUFSNAP | STATUS)* --> STOP
 *                                                                     |
 *   close <------------------------ (BUFSNAP | STATUS)* <-------------+
 *
 * Calls out of this order fail with EBUSY (after GO) or EINVAL.
 */
#ifndef _DTRACE_IOCTL_H
#define _DTRACE_IOCTL_H

#include <linux/types.h>
#include <linux/ioctl.h>

#define DTRACE_ABI_VERSION	4
#define DTRACE_DEVNAME		"dtrace"

#define DTRACE_PROVNAMELEN	64
#define DTRACE_MODNAMELEN	64
#define DTRACE_FUNCNAMELEN	128
#define DTRACE_NAMELEN		64

#define DTRACE_ENABLE_MAX	(1u << 20)	/* bytes of one enabling blob */
/*
 * Actions in one clause: as many as one blob holds (32 bytes is the size
 * of struct dtrace_ioc_action). DTrace bounds a clause only by its size;
 * its work in a firing is bounded by the firing's budget.
 */
#define DTRACE_ACTIONS_MAX	(DTRACE_ENABLE_MAX / 32)
#define DTRACE_RECSIZE_MAX	65536		/* bytes of one record's data */

struct dtrace_ioc_version {
	__u32	dv_size;
	__u32	dv_abi;			/* out: DTRACE_ABI_VERSION */
	char	dv_module[32];		/* out: the module's version */
	__u32	dv_reserved[4];
};

/* A probe description: empty strings match anything, globs allowed. */
struct dtrace_probedesc {
	__u32	dpd_id;			/* 0 in patterns */
	__u32	dpd_reserved;
	char	dpd_provider[DTRACE_PROVNAMELEN];
	char	dpd_mod[DTRACE_MODNAMELEN];
	char	dpd_func[DTRACE_FUNCNAMELEN];
	char	dpd_name[DTRACE_NAMELEN];
};

/* List the probes that match a pattern, in id order, from dp_first_id. */
struct dtrace_ioc_probes {
	__u32	dp_size;
	__u32	dp_flags;		/* 0 */
	struct dtrace_probedesc dp_pattern;
	__u32	dp_first_id;		/* in: lowest id to report */
	__u32	dp_count;		/* in: room in dp_buf; out: written */
	__u64	dp_buf;			/* user address of probedesc[] */
	__u32	dp_next_id;		/* out: where to continue, 0: done */
	__u32	dp_reserved[3];
};

enum dtrace_bufpolicy {
	DTRACE_BUFPOLICY_SWITCH	= 0,	/* consumer switches buffer pairs */
	DTRACE_BUFPOLICY_FILL	= 1,	/* stop tracing when one fills */
	DTRACE_BUFPOLICY_RING	= 2,	/* keep the newest records */
};

/* Options, set before GO. A 0 leaves the module's default. */
struct dtrace_ioc_options {
	__u32	do_size;
	__u32	do_bufpolicy;
	__u64	do_bufsize;		/* bytes per CPU buffer */
	__u64	do_aggsize;		/* bytes per CPU aggregation buffer */
	__u64	do_dynvarsize;
	__u64	do_specsize;
	__u32	do_strsize;
	__u32	do_nspec;
	__u32	do_flags;		/* DTRACE_OPT_* */
	__u32	do_reserved[7];
};

#define DTRACE_OPT_DESTRUCTIVE	0x1
#define DTRACE_OPT_MASK		DTRACE_OPT_DESTRUCTIVE

/*
 * As small as DTrace takes: one word. A ring of a few hundred bytes keeps
 * the last records; GO refuses a clause whose record cannot fit (E2BIG).
 */
#define DTRACE_BUFSIZE_MIN	8
#define DTRACE_BUFSIZE_MAX	(64u << 20)
#define DTRACE_STRSIZE_MAX	8192
#define DTRACE_DYNVARSIZE_MAX	(256u << 20)
#define DTRACE_NSPEC_MAX	1024

/* What an action does in the kernel; printing is the consumer's. */
enum dtrace_act_kind {
	DTRACE_ACT_RECORD	= 1,	/* store the program's value */
	DTRACE_ACT_EXIT		= 2,	/* store it and request exit */
	DTRACE_ACT_AGGKEY	= 3,	/* store it in the aggregation key */
	DTRACE_ACT_AGGREGATE	= 4,	/* aggregate it; da_arg: agg id */
	DTRACE_ACT_STACK	= 5,	/* kernel PCs, innermost first, 0s
					 * after the last; da_arg: frames,
					 * da_rec_size 8 * frames; no DIF */
	DTRACE_ACT_USTACK	= 6,	/* the pid, then user PCs as above;
					 * da_rec_size 8 * (frames + 1) */
	DTRACE_ACT_SPECULATE	= 7,	/* first action only: the record
					 * goes to speculation (value);
					 * DTRACE_SPEC_NONE: as if none */
	DTRACE_ACT_COMMIT	= 8,	/* commit speculation (value) */
	DTRACE_ACT_DISCARD	= 9,	/* discard speculation (value) */
	DTRACE_ACT_TRACEMEM	= 10,	/* da_rec_size bytes of kernel (or
					 * scratch) memory at the value */
	/* destructive: ENABLE gives EPERM without DTRACE_OPT_DESTRUCTIVE */
	DTRACE_ACT_RAISE	= 11,	/* signal the process (value; 0:
					 * none) */
	DTRACE_ACT_STOP		= 12,	/* SIGSTOP it if the value is not 0 */
	DTRACE_ACT_CHILL	= 13,	/* spin for value ns (capped) */
	/* an if: the actions naming it (da_guard) run if the value is not 0 */
	DTRACE_ACT_GUARD	= 14,	/* stores nothing, or 8 bytes of it */
	/* quantize(x, incr) and the like: the next AGGREGATE's weight */
	DTRACE_ACT_AGGWEIGHT	= 15,	/* stores nothing; the AGGREGATE
					 * adds the value to its bucket
					 * instead of 1 (distributions only) */
};

/*
 * speculate() in an if block not taken: the record is not speculative.
 * speculate() is the first action, so no GUARD can come before it: its
 * own program gives this value when the block is not taken.
 */
#define DTRACE_SPEC_NONE	(~0ULL)

#define DTRACE_STACK_MAX	256	/* frames of stack() and ustack() */

/*
 * da_guard, if not 0, is 1 + the index of an earlier GUARD action of the
 * same clause: this action runs only if that guard ran and its value was
 * not 0. Otherwise it is skipped whole: no program runs, nothing is
 * recorded (its slot keeps whatever the buffer held: the consumer reads
 * the guard's own slot to know), aggregated, committed, signalled, and
 * exit() does not happen. A GUARD may itself be guarded: skipped, it
 * counts as 0.
 */
struct dtrace_ioc_action {
	__u32	da_kind;		/* enum dtrace_act_kind */
	__u32	da_difo_off;		/* blob offset of dif_object_hdr */
	__u32	da_rec_off;		/* where its data lies in a record */
	__u32	da_rec_size;		/* bytes it stores there */
	__u64	da_arg;			/* kind-specific, 0 if unused */
	__u32	da_guard;		/* 0, or 1 + a GUARD's index */
	__u32	da_reserved;
};

/*
 * One clause: a probe description, a predicate and actions. The blob is
 * this header, then the actions, then the DIF objects they point to.
 * ENABLE fails with EINVAL for a malformed blob and with EACCES for a
 * program the verifier refuses; then the verifier's reasons, one line
 * each naming the DIF offset, are in de_log (NUL-terminated).
 */
struct dtrace_ioc_enable {
	__u32	de_size;		/* bytes of the whole blob */
	__u32	de_flags;		/* 0 */
	struct dtrace_probedesc de_desc;
	__u32	de_pred_off;		/* predicate's DIF object, 0: none */
	__u32	de_nacts;
	__u32	de_act_off;		/* struct dtrace_ioc_action[] */
	__u32	de_recsize;		/* bytes of record data, 8-aligned */
	__u32	de_epid;		/* out: tags this clause's records */
	__u32	de_nprobes;		/* out: probes it enabled */
	__u64	de_log;			/* in: user buffer for reasons */
	__u32	de_logsize;		/* in: its size */
	__u32	de_reserved;
};

#define DTRACE_LOG_MAX		65536

/*
 * Each record in a buffer: this header, then de_recsize bytes of data.
 * The header and the data are 8-byte aligned.
 */
struct dtrace_rechdr {
	__u32	dr_epid;
	__u32	dr_probe_id;
	__u64	dr_timestamp;		/* ns, monotonic */
};

/* Switch one CPU's buffers and copy out the one just retired. */
struct dtrace_ioc_bufsnap {
	__u32	db_size;
	__u32	db_cpu;			/* in */
	__u64	db_buf;			/* in: user address */
	__u64	db_bufsize;		/* in: room (>= bufsize); out: copied */
	__u64	db_drops;		/* out: records dropped on this CPU */
	__u32	db_reserved[4];
};

#define DTRACE_STATUS_EXITED	0x1	/* exit() ran */
#define DTRACE_STATUS_STOPPED	0x2	/* STOP done, END fired */
#define DTRACE_STATUS_FILLED	0x4	/* a fill buffer filled */
#define DTRACE_STATUS_DEADMAN	0x8	/* stopped: the consumer stopped
					 * polling (module parameter
					 * deadman_timeout, seconds) */

struct dtrace_ioc_status {
	__u32	ds_size;
	__u32	ds_flags;		/* out: DTRACE_STATUS_* */
	__s32	ds_exitval;		/* out: exit()'s argument */
	__u32	ds_ncpus;		/* out: CPU ids are below this */
	__u64	ds_drops;		/* out: buffer drops, all CPUs */
	__u64	ds_errors;		/* out: faults in probe context */
	__u64	ds_dyndrops;		/* out: dynamic variable drops */
	__u64	ds_specdrops;		/* out: speculative records dropped */
	__u64	ds_reentered;		/* out: probes skipped in probe context */
	__u64	ds_aggdrops;		/* out: aggregation drops, all CPUs */
	__u64	ds_specbusy;		/* out: speculation() found none free,
					 * some being committed or discarded */
	__u64	ds_specreclaimed;	/* out: speculations unused for long
					 * while none was free, taken back */
	__u64	ds_specunavail;		/* out: speculation() found none free,
					 * none being committed or discarded */
};

/*
 * Offer kernel functions to the fbt provider. The module has no exported
 * way to enumerate symbols, so the command reads them (kallsyms and
 * ftrace's list of traceable functions) and hands them over; the module
 * checks each one itself: the address must be the start of a symbol of
 * that name and module, and a site ftrace can trace. Entries that fail
 * are skipped, not errors.
 */
struct dtrace_fbt_sym {
	__u64	fs_addr;
	char	fs_mod[DTRACE_MODNAMELEN];	/* "vmlinux" or a module */
	char	fs_func[DTRACE_FUNCNAMELEN];
};

#define DTRACE_FBT_SYMS_MAX	65536	/* entries in one call */

struct dtrace_ioc_fbt_provide {
	__u32	dfp_size;
	__u32	dfp_count;		/* in: entries; out: accepted */
	__u64	dfp_syms;		/* user address of dtrace_fbt_sym[] */
	__u32	dfp_flags;		/* in and out: DTRACE_FBT_* */
	__u32	dfp_gen;		/* in: as read; out: the current one */
	__u32	dfp_reserved[2];
};

/*
 * Offering every function takes seconds, so it is done once: a command
 * that read the lists whole ends its offer with DTRACE_FBT_ALL and the
 * dfp_gen an earlier call returned. The module then holds every
 * traceable function until a kernel module loads (which moves dfp_gen
 * on), and says so with DTRACE_FBT_ALL in any call's answer: the command
 * need offer nothing.
 */
#define DTRACE_FBT_ALL		0x1

/*
 * Aggregations. Each @name of a consumer is declared once, before GO,
 * with its function, the size of its key and the function's parameters;
 * the module answers with its id. A clause aggregates with AGGKEY
 * actions, which build the key (da_rec_off/da_rec_size name a slot of
 * the key rather than of the record), then one AGGREGATE action whose
 * program gives the value and whose da_arg is the id.
 *
 * Each CPU keeps its aggregations in a buffer pair, like records: AGGSNAP
 * switches the pair and copies out the retired buffer, which holds what
 * was aggregated since the previous AGGSNAP, as a sequence of
 * struct dtrace_aggrec. The consumer adds them up.
 */
enum dtrace_aggfunc {
	DTRACE_AGG_COUNT	= 1,	/* value: u64 count */
	DTRACE_AGG_SUM		= 2,	/* s64 sum */
	DTRACE_AGG_AVG		= 3,	/* u64 count, s64 sum */
	DTRACE_AGG_MIN		= 4,	/* s64 */
	DTRACE_AGG_MAX		= 5,	/* s64 */
	DTRACE_AGG_STDDEV	= 6,	/* u64 count, s64 sum, u64 sumsq[2]
					 * (128 bits: high word first) */
	DTRACE_AGG_QUANTIZE	= 7,	/* u64[127]: bucket 63 is 0, 64+i is
					 * [2^i, 2^(i+1)), 62-i its negative */
	DTRACE_AGG_LQUANTIZE	= 8,	/* p: low, high, step; u64[levels + 2]:
					 * below low, one a step, >= high */
	DTRACE_AGG_LLQUANTIZE	= 9,	/* p: factor, low, high, steps;
					 * see Documentation/architecture.md */
};

#define DTRACE_AGGKEY_MAX	1024	/* bytes of one key */
#define DTRACE_AGGS_MAX		1024	/* aggregations of one consumer */

struct dtrace_ioc_aggdesc {
	__u32	da_size;
	__u32	da_id;			/* out: the aggregation's id */
	__u32	da_func;		/* enum dtrace_aggfunc */
	__u32	da_keysize;		/* bytes, multiple of 8 */
	__s64	da_params[4];		/* the function's parameters */
	__u32	da_valsize;		/* out: bytes of its value */
	__u32	da_reserved[3];
};

/* One key's aggregated value in an AGGSNAP buffer, 8-aligned. */
struct dtrace_aggrec {
	__u32	dar_id;			/* the aggregation */
	__u32	dar_size;		/* bytes of this record: header,
					 * key, value */
	__u32	dar_next;		/* the module's; ignore */
	__u32	dar_hash;		/* the module's; ignore */
	/* then da_keysize bytes of key, then da_valsize of value */
};

/*
 * Offer user-space probe sites (uprobes) to the pid provider. The
 * command reads the ELF symbol tables and the process's mappings; each
 * site names a file by a descriptor open in the caller, a file offset
 * and the probe's four names. The module checks each site (a regular
 * file, an offset inside it, terminated names) and creates the probe for
 * this consumer only: others neither list nor enable it, and it is
 * destroyed when the consumer closes. The provider name is letters,
 * digits, '_' and '-', never one of the kernel's providers. A site
 * already offered by this consumer is counted, not duplicated. Sites
 * that fail a check are skipped.
 *
 * us_pid 0 fires in every process that maps the file, including ones
 * started later; otherwise only in that process (thread group).
 * Arguments: if every us_args[i].ua_kind is 0, arg0..arg5 are the
 * x86-64 argument registers (entry) or arg1 is the return value
 * (DTRACE_UPROBE_RETURN); otherwise each argN is decoded from its spec
 * (USDT). us_refctr, if not 0, is the file offset of a USDT semaphore
 * the kernel increments while the probe is enabled.
 */
enum dtrace_uprobe_argkind {
	DTRACE_UARG_NONE	= 0,
	DTRACE_UARG_REG		= 1,	/* the register's value */
	DTRACE_UARG_MEM		= 2,	/* memory at register + ua_off */
	DTRACE_UARG_CONST	= 3,	/* ua_off itself */
};

struct dtrace_uprobe_arg {
	__u8	ua_kind;		/* enum dtrace_uprobe_argkind */
	__u8	ua_reg;			/* word index in struct pt_regs */
	__s8	ua_size;		/* 1, 2, 4, 8 bytes; < 0: signed */
	__u8	ua_reserved[5];
	__s64	ua_off;
};

#define DTRACE_UPROBE_NARGS	10
#define DTRACE_UPROBE_RETURN	0x1	/* a uretprobe on the function */
#define DTRACE_UPROBE_ENTRY	0x2	/* at a function's first insn */
#define DTRACE_UPROBE_MASK	(DTRACE_UPROBE_RETURN | DTRACE_UPROBE_ENTRY)

struct dtrace_uprobe_site {
	__s32	us_fd;			/* the file, open in the caller */
	__u32	us_pid;			/* 0: every process */
	__u64	us_offset;		/* file offset of the instruction */
	__u64	us_refctr;		/* file offset of a semaphore, or 0 */
	__u32	us_flags;		/* DTRACE_UPROBE_* */
	__u32	us_reserved;
	struct dtrace_uprobe_arg us_args[DTRACE_UPROBE_NARGS];
	char	us_provider[DTRACE_PROVNAMELEN];
	char	us_mod[DTRACE_MODNAMELEN];
	char	us_func[DTRACE_FUNCNAMELEN];
	char	us_name[DTRACE_NAMELEN];
};

#define DTRACE_UPROBE_SITES_MAX	65536	/* entries in one call */

struct dtrace_ioc_uprobe_provide {
	__u32	dup_size;
	__u32	dup_count;		/* in: entries; out: accepted */
	__u64	dup_sites;		/* user address of dtrace_uprobe_site[] */
	__u32	dup_reserved[4];
};

/*
 * Offer kernel tracepoints to the tracepoint provider. The command reads
 * tracefs (events/SYSTEM/EVENT/id) and hands over each event's id and
 * names; the module checks the entries (id 1..65535, names of letters,
 * digits, '_' and '-', terminated, reserved 0) and creates the probe
 * tracepoint:SYSTEM::EVENT for this consumer only, as for
 * UPROBE_PROVIDE: others neither list nor enable it and it is destroyed
 * when the consumer closes. Whether the id names a tracepoint is known
 * only when the probe is enabled (perf refuses an unknown id; such a
 * probe stays unarmed). An event already offered is counted, not
 * duplicated; entries that fail a check are skipped.
 *
 * When a tracepoint probe fires, arg0 is the address of a copy of the
 * event's record (the layout tracefs's format file gives, common_*
 * fields first) and arg1 its length in bytes; the byte at arg0 + arg1
 * is 0.
 *
 * te_provider, if not empty, names the probe PROVIDER:SYSTEM::EVENT
 * instead (the command's stable providers, proc:::exec-success on
 * sched_process_exec); it follows the rules of a pid provider name, and
 * te_system may then be empty.
 */
struct dtrace_tp_event {
	__u32	te_id;			/* tracefs event id */
	__u32	te_reserved;
	char	te_provider[DTRACE_PROVNAMELEN];	/* "": tracepoint */
	char	te_system[DTRACE_MODNAMELEN];	/* the probe's module */
	char	te_event[DTRACE_NAMELEN];	/* the probe's name */
};

#define DTRACE_TP_EVENTS_MAX	65536	/* entries in one call */

struct dtrace_ioc_tp_provide {
	__u32	dtp_size;
	__u32	dtp_count;		/* in: entries; out: accepted */
	__u64	dtp_events;		/* user address of dtrace_tp_event[] */
	__u32	dtp_reserved[4];
};

/*
 * Global variables, for a consumer that prints them (bpftrace's maps).
 * DVARSNAP copies out, after STOP or while tracing, every global that
 * lives in the dynamic variable store (associative arrays and string
 * scalars) into dv_buf as a sequence of struct dtrace_dvar, 8-aligned;
 * if dv_globals is not 0, also the DIF_VARID_MAX + 1 integer scalars,
 * by id, as __u64s. It holds the store's lock for the copy (probes that
 * meanwhile find it taken count dynamic variable drops), so the entries
 * are one consistent view. Entries that do not fit are counted in
 * dv_more; none is cut.
 *
 * With dv_clear = 1 + id, it first empties global variable id: every
 * element of its array, its string and its integer scalar are deleted
 * (bpftrace's clear( )). Probe context never walks the store: the
 * consumer does this when it reads the clear( ) record.
 */
struct dtrace_dvar {
	__u32	dvr_size;		/* bytes of this record, 8-aligned */
	__u32	dvr_id;			/* the variable's id */
	__u16	dvr_keylen;		/* bytes of the tuple (0: a scalar) */
	__u16	dvr_vallen;		/* bytes of the value */
	__u32	dvr_flags;		/* DTRACE_DVAR_ARRAY */
	/*
	 * then the tuple: each element a __u32 tag, then 8 bytes of an
	 * integer (tag 0) or the string's bytes (tag DTRACE_DVAR_KSTR |
	 * length, no NUL); then the value: 8 bytes of an integer, or a
	 * string with its NUL
	 */
};

#define DTRACE_DVAR_ARRAY	0x1
#define DTRACE_DVAR_KSTR	0x80000000u

struct dtrace_ioc_dvarsnap {
	__u32	dv_size;
	__u32	dv_clear;		/* in: 0, or 1 + the id to empty */
	__u64	dv_buf;			/* in: user address, 8-aligned */
	__u64	dv_bufsize;		/* in: room; out: bytes copied */
	__u64	dv_globals;		/* in: address of __u64[1024] or 0 */
	__u32	dv_count;		/* out: entries copied */
	__u32	dv_more;		/* out: entries that did not fit */
	__u32	dv_reserved[4];
};

#define DTRACE_DVARSNAP_MAX	(256u << 20)	/* dv_bufsize read at most */

#define DTRACE_IOC_MAGIC	0xD7

#define DTRACE_IOC_VERSION	_IOWR(DTRACE_IOC_MAGIC, 1, struct dtrace_ioc_version)
#define DTRACE_IOC_PROBES	_IOWR(DTRACE_IOC_MAGIC, 2, struct dtrace_ioc_probes)
#define DTRACE_IOC_OPTIONS	_IOW(DTRACE_IOC_MAGIC, 3, struct dtrace_ioc_options)
#define DTRACE_IOC_ENABLE	_IOWR(DTRACE_IOC_MAGIC, 4, struct dtrace_ioc_enable)
#define DTRACE_IOC_GO		_IO(DTRACE_IOC_MAGIC, 5)
#define DTRACE_IOC_STOP		_IO(DTRACE_IOC_MAGIC, 6)
#define DTRACE_IOC_BUFSNAP	_IOWR(DTRACE_IOC_MAGIC, 7, struct dtrace_ioc_bufsnap)
#define DTRACE_IOC_STATUS	_IOWR(DTRACE_IOC_MAGIC, 8, struct dtrace_ioc_status)
#define DTRACE_IOC_FBT_PROVIDE	_IOWR(DTRACE_IOC_MAGIC, 9, struct dtrace_ioc_fbt_provide)
#define DTRACE_IOC_AGGDESC	_IOWR(DTRACE_IOC_MAGIC, 10, struct dtrace_ioc_aggdesc)
#define DTRACE_IOC_AGGSNAP	_IOWR(DTRACE_IOC_MAGIC, 11, struct dtrace_ioc_bufsnap)
#define DTRACE_IOC_UPROBE_PROVIDE \
	_IOWR(DTRACE_IOC_MAGIC, 12, struct dtrace_ioc_uprobe_provide)
#define DTRACE_IOC_TP_PROVIDE \
	_IOWR(DTRACE_IOC_MAGIC, 13, struct dtrace_ioc_tp_provide)
#define DTRACE_IOC_DVARSNAP \
	_IOWR(DTRACE_IOC_MAGIC, 14, struct dtrace_ioc_dvarsnap)

#endif /* _DTRACE_IOCTL_H */
