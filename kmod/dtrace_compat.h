/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces that differ between the kernels we build for
 * (Debian 11's 5.10, Debian 12's 6.1 and 6.12), each wrapped once here.
 * What a newer kernel has and an older one lacks is defined here under
 * the newer kernel's name, so that the callers read as on the newest.
 * kmod/Kbuild finds out what the kernel has (the DTRACE_HAVE_* macros).
 */
#ifndef _DTRACE_COMPAT_H
#define _DTRACE_COMPAT_H

#include <linux/ftrace.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/kprobes.h>
#include <linux/overflow.h>
#include <linux/preempt.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uprobes.h>
#include <linux/perf_event.h>

/*
 * ftrace callbacks. From 5.11 they get struct ftrace_regs, whose
 * arguments are always there, and ftrace guards a callback against
 * recursion only if asked (FTRACE_OPS_FL_RECURSION). Before, they get
 * pt_regs, filled only with FTRACE_OPS_FL_SAVE_REGS, and the guard is
 * on unless the ops says FTRACE_OPS_FL_RECURSION_SAFE: 5.10 keeps it
 * (see dtrace_ftrace_set_filter_ips()).
 */
#ifndef DTRACE_HAVE_FTRACE_REGS
#define dtrace_ftrace_regs	pt_regs
#define DTRACE_FTRACE_OPS_FLAGS	FTRACE_OPS_FL_SAVE_REGS
#else
#define dtrace_ftrace_regs	ftrace_regs
#define DTRACE_FTRACE_OPS_FLAGS	0
#endif

/* Argument @n of a function, at its ftrace entry site. */
static __always_inline unsigned long
dtrace_fregs_arg(struct dtrace_ftrace_regs *fregs, unsigned int n)
{
#ifndef DTRACE_HAVE_FTRACE_REGS
	return regs_get_kernel_argument(fregs, n);
#elif defined(ftrace_regs_get_argument)	/* 6.2 and later */
	return ftrace_regs_get_argument(fregs, n);
#else
	return regs_get_kernel_argument(&fregs->regs, n);
#endif
}

/*
 * Add or remove @cnt addresses to or from @ops's filter in one update.
 * ftrace_set_filter_ips() is exported from 6.1 on. Before, the filter changes one
 * address at a time, and each change copies the whole filter (and, on a
 * registered ops, revisits every ftrace site): fine for a few hundred
 * functions, hours for every one. So a larger batch selects every
 * function instead ("*"), which the entry callback ignores unless it has
 * an enabled probe for it, and a larger removal leaves its sites armed
 * but silent, until the last entry probe goes and the ops is
 * unregistered and its filter emptied. Because "*" takes in functions
 * that probe context calls, dtrace.ko's own included, the ops keeps
 * ftrace's recursion guard there.
 */
#define DTRACE_FTRACE_BATCH	512

static inline int dtrace_ftrace_set_filter_ips(struct ftrace_ops *ops,
					       unsigned long *ips,
					       unsigned int cnt, int remove)
{
#ifndef DTRACE_HAVE_FILTER_IPS
	unsigned char all[] = "*";
	unsigned int i;
	int err = 0;

	if (cnt > DTRACE_FTRACE_BATCH)
		return remove ? 0 : ftrace_set_filter(ops, all, 1, 0);
	for (i = 0; i < cnt && !err; i++)
		err = ftrace_set_filter_ip(ops, ips[i], remove, 0);
	return err;
#else
	return ftrace_set_filter_ips(ops, ips, cnt, remove, 0);
#endif
}

/*
 * Drop an unregistered ops's filters. 5.10 does not export
 * ftrace_free_filter(); emptying both filters there hands the ops
 * ftrace's shared empty hash and frees its own.
 */
static inline void dtrace_ftrace_free_filter(struct ftrace_ops *ops)
{
#ifndef DTRACE_HAVE_FREE_FILTER
	ftrace_set_filter(ops, NULL, 0, 1);
	ftrace_set_notrace(ops, NULL, 0, 1);
#else
	ftrace_free_filter(ops);
#endif
}

/* The kretprobe of an instance: 5.11 hid the field behind a helper. */
#ifndef DTRACE_HAVE_GET_KRETPROBE
static inline struct kretprobe *get_kretprobe(struct kretprobe_instance *ri)
{
	return ri->rp;
}
#endif

/* 5.12 added krealloc_array(); before, the overflow check is ours. */
#ifndef DTRACE_HAVE_KREALLOC_ARRAY
static inline void *krealloc_array(void *p, size_t n, size_t size,
				   gfp_t flags)
{
	size_t bytes;

	if (check_mul_overflow(n, size, &bytes))
		return NULL;
	return krealloc(p, bytes, flags);
}
#endif

/*
 * The lockdown reason that keeps kernel memory from tracers: 5.10's
 * LOCKDOWN_BPF_READ, renamed in 5.14.
 */
#ifndef DTRACE_HAVE_BPF_READ_KERNEL
#define LOCKDOWN_BPF_READ_KERNEL	LOCKDOWN_BPF_READ
#endif

/*
 * The interrupt nesting level, 0 task, 1 softirq, 2 hardirq, 3 NMI:
 * newer kernels' interrupt_context_level(), from preempt_count() here.
 */
#ifndef DTRACE_HAVE_CONTEXT_LEVEL
static __always_inline unsigned char interrupt_context_level(void)
{
	unsigned long pc = preempt_count();

	if (pc & NMI_MASK)
		return 3;
	if (pc & HARDIRQ_MASK)
		return 2;
	return (pc & SOFTIRQ_OFFSET) ? 1 : 0;
}
#endif

/*
 * Uprobes (DTRACE_UPROBE_HANDLE comes from Kbuild): 6.1 names a registration by (inode, offset, consumer) and
 * unregisters synchronously; 6.12 returns a handle and splits
 * unregistration into _nosync (per probe) and _sync (once, waiting for
 * handlers in flight).
 */
struct dtrace_uprobe_handle {
#ifdef DTRACE_UPROBE_HANDLE
	struct uprobe	*uh_uprobe;
#endif
	struct inode	*uh_inode;
	loff_t		uh_offset;
};

static inline int dtrace_uprobe_register(struct dtrace_uprobe_handle *h,
					 struct inode *inode, loff_t offset,
					 loff_t refctr,
					 struct uprobe_consumer *uc)
{
	h->uh_inode = inode;
	h->uh_offset = offset;
#ifdef DTRACE_UPROBE_HANDLE
	h->uh_uprobe = uprobe_register(inode, offset, refctr, uc);
	return PTR_ERR_OR_ZERO(h->uh_uprobe);
#else
	if (refctr)
		return uprobe_register_refctr(inode, offset, refctr, uc);
	return uprobe_register(inode, offset, uc);
#endif
}

/* Handlers may still run until dtrace_uprobe_unregister_sync(). */
static inline void dtrace_uprobe_unregister_nosync(struct dtrace_uprobe_handle *h,
						   struct uprobe_consumer *uc)
{
#ifdef DTRACE_UPROBE_HANDLE
	uprobe_unregister_nosync(h->uh_uprobe, uc);
#else
	uprobe_unregister(h->uh_inode, h->uh_offset, uc);
#endif
}

/*
 * The uprobe filter (whether a process gets the breakpoint): 6.1 passes
 * a context argument too. Both call provider_pid.c's.
 */
bool dtrace_uprobe_filter(struct uprobe_consumer *uc, struct mm_struct *mm);
#ifdef DTRACE_UPROBE_HANDLE
static inline bool dtrace_uprobe_filter_cb(struct uprobe_consumer *uc,
					   struct mm_struct *mm)
{
	return dtrace_uprobe_filter(uc, mm);
}
#else
static inline bool dtrace_uprobe_filter_cb(struct uprobe_consumer *uc,
					   enum uprobe_filter_ctx ctx,
					   struct mm_struct *mm)
{
	return dtrace_uprobe_filter(uc, mm);
}
#endif

/*
 * The uprobe handlers: from 6.13 each takes a last __u64 *data (a
 * session's cookie, unused here). Both call provider_pid.c's.
 */
int dtrace_pid_handler(struct uprobe_consumer *uc, struct pt_regs *regs);
int dtrace_pid_ret_handler(struct uprobe_consumer *uc, unsigned long func,
			   struct pt_regs *regs);
#ifdef DTRACE_UPROBE_DATA
static inline int notrace dtrace_pid_handler_cb(struct uprobe_consumer *uc,
						struct pt_regs *regs,
						__u64 *data)
{
	return dtrace_pid_handler(uc, regs);
}

static inline int notrace dtrace_pid_ret_handler_cb(struct uprobe_consumer *uc,
						    unsigned long func,
						    struct pt_regs *regs,
						    __u64 *data)
{
	return dtrace_pid_ret_handler(uc, func, regs);
}
#else
#define dtrace_pid_handler_cb		dtrace_pid_handler
#define dtrace_pid_ret_handler_cb	dtrace_pid_ret_handler
#endif

static inline void dtrace_uprobe_unregister_sync(void)
{
#ifdef DTRACE_UPROBE_HANDLE
	uprobe_unregister_sync();
#endif
}

/*
 * A timer set up with its function: 6.13 added hrtimer_setup(), and
 * later kernels dropped hrtimer_init() (7.2 has only the former).
 */
static inline void dtrace_hrtimer_setup(struct hrtimer *t,
					enum hrtimer_restart (*fn)(struct hrtimer *),
					clockid_t clock, enum hrtimer_mode mode)
{
#ifdef DTRACE_HAVE_HRTIMER_SETUP
	hrtimer_setup(t, fn, clock, mode);
#else
	hrtimer_init(t, clock, mode);
	t->function = fn;
#endif
}

/*
 * Whether a perf sample carries @what: 6.1 says so in sample_flags.
 * Before, perf_sample_data_init() sets addr (0 when there is none) and
 * perf_tp_event() raw for every sample.
 */
static inline bool dtrace_perf_has(const struct perf_sample_data *data,
				   u64 what)
{
#ifndef DTRACE_HAVE_SAMPLE_FLAGS
	return true;
#else
	return data->sample_flags & what;
#endif
}

/*
 * The raw record of a perf sample (a tracepoint's event record). 6.1's
 * perf_tp_event() sets data->raw for every event on the tracepoint; from
 * 6.3 perf_sample_save_raw_data() sets it only for events that asked for
 * PERF_SAMPLE_RAW (ours do). Both flag it in sample_flags; fragments
 * chain only for BPF output, never for a tracepoint's record.
 */
static inline bool dtrace_perf_raw(const struct perf_sample_data *data,
				   const void **rec, u32 *len)
{
	const struct perf_raw_record *raw = data->raw;

	if (!dtrace_perf_has(data, PERF_SAMPLE_RAW) || !raw || !raw->frag.data)
		return false;
	if (!perf_raw_frag_last(&raw->frag))
		return false;
	*rec = raw->frag.data;
	*len = raw->frag.size;
	return true;
}

/*
 * The lockdown reason for writing user memory, 5.14's; before it, one
 * of the same integrity level.
 */
#ifndef DTRACE_HAVE_BPF_WRITE_USER
#define LOCKDOWN_BPF_WRITE_USER		LOCKDOWN_DEV_MEM
#endif

#endif /* _DTRACE_COMPAT_H */
