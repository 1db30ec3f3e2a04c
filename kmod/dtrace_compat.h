/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces that differ between the kernels we build for
 * (Debian's 6.1 and 6.12), each wrapped once here.
 */
#ifndef _DTRACE_COMPAT_H
#define _DTRACE_COMPAT_H

#include <linux/ftrace.h>
#include <linux/err.h>
#include <linux/uprobes.h>
#include <linux/perf_event.h>

/* Argument @n of a function, at its ftrace entry site. */
static __always_inline unsigned long
dtrace_fregs_arg(struct ftrace_regs *fregs, unsigned int n)
{
#ifdef ftrace_regs_get_argument	/* 6.2 and later */
	return ftrace_regs_get_argument(fregs, n);
#else
	return regs_get_kernel_argument(&fregs->regs, n);
#endif
}

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

static inline void dtrace_uprobe_unregister_sync(void)
{
#ifdef DTRACE_UPROBE_HANDLE
	uprobe_unregister_sync();
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

	if (!(data->sample_flags & PERF_SAMPLE_RAW) || !raw ||
	    !raw->frag.data)
		return false;
	if (!perf_raw_frag_last(&raw->frag))
		return false;
	*rec = raw->frag.data;
	*len = raw->frag.size;
	return true;
}

#endif /* _DTRACE_COMPAT_H */
