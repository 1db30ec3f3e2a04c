// SPDX-License-Identifier: GPL-2.0
/*
 * DVARSNAP: the consumer reads (and empties) its global variables, for
 * bpftrace's maps that are not aggregations: print( ), clear( ) and the
 * printing at exit are the consumer's, as aggregations' are.
 *
 * The walk over the dynamic store visits every bucket, so it is never
 * done in probe context: a clear( ) in a probe is a record the consumer
 * turns into this ioctl. The store has a lock per hash chain; probes
 * only ever try one (bounded, then a drop), and the walk here takes
 * them one at a time with interrupts off, so that no probe on this CPU
 * finds a chain held by the walk it interrupted (one in NMI drops).
 *
 * The copy walks DTRACE_DVAR_SLICE hash chains per interrupts-off
 * stretch, with a scheduling point between: a full 256 MiB store held
 * interrupts off for 1.5 s in one walk. An entry lives in the chain of
 * its key's hash, so a walk sees each at most once; one a probe adds
 * meanwhile is seen if its chain is still to come, as in a walk of a
 * BPF map.
 */
#include <linux/irqflags.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"

#define DTRACE_DVAR_SLICE	1024	/* hash chains per interrupts-off walk */

/* dif_dyn_snap_range() over the whole store, a slice at a time. */
static u64 dtrace_dvar_copy(struct dtrace_state *state, u8 *buf, u64 room,
			    struct dtrace_ioc_dvarsnap *dv)
{
	struct dif_dyn *d = &state->ds_dyn;
	unsigned long flags;
	u64 used = 0;
	u32 b, count, more;

	for (b = 0; b < d->dd_nbuckets; b += DTRACE_DVAR_SLICE) {
		local_irq_save(flags);
		used += dif_dyn_snap_range(d, b, DTRACE_DVAR_SLICE,
					   buf + used, room - used, &count,
					   &more);
		local_irq_restore(flags);
		dv->dv_count += count;
		dv->dv_more += more;
		cond_resched();
	}
	return used;
}

/* clear(): a slice of chains at a time, as the copy above. */
static void dtrace_dvar_clear(struct dtrace_state *state, u32 id)
{
	struct dif_dyn *d = &state->ds_dyn;
	unsigned long flags;
	u32 b;

	for (b = 0; b < d->dd_nbuckets; b += DTRACE_DVAR_SLICE) {
		local_irq_save(flags);
		dif_dyn_clear_range(d, id, b, DTRACE_DVAR_SLICE);
		local_irq_restore(flags);
		cond_resched();
	}
}

/* The integer scalars, read once each: probes may store meanwhile. */
static int dtrace_dvar_globals(struct dtrace_state *state, u64 uaddr)
{
	u64 *g = kvmalloc_array(DIF_VARID_MAX + 1, sizeof(u64),
				GFP_KERNEL_ACCOUNT);
	int i, err = 0;

	if (!g)
		return -ENOMEM;
	for (i = 0; i <= DIF_VARID_MAX; i++)
		g[i] = READ_ONCE(state->ds_globals[i]);
	if (copy_to_user(u64_to_user_ptr(uaddr), g,
			 (DIF_VARID_MAX + 1) * sizeof(u64)))
		err = -EFAULT;
	kvfree(g);
	return err;
}

/**
 * dtrace_dvar_snap() - the DVARSNAP ioctl.
 * @state: the consumer, after GO
 * @dv:    the request, size and reserved fields checked
 *
 * Context: process context, state->ds_lock held (the store lives until
 * the consumer is destroyed, which no ioctl overlaps).
 * Return: 0, -EINVAL, -ENOMEM, -EFAULT.
 */
int dtrace_dvar_snap(struct dtrace_state *state,
		     struct dtrace_ioc_dvarsnap *dv)
{
	struct dif_dyn *d = &state->ds_dyn;
	u64 room, used = 0;
	u8 *buf = NULL;
	int err = 0;

	if (dv->dv_clear > DIF_VARID_MAX + 1)
		return -EINVAL;
	room = min_t(u64, dv->dv_bufsize, DTRACE_DVARSNAP_MAX);
	if (state->ds_dyn_mem)
		room = min_t(u64, room, d->dd_size);
	else
		room = 0;
	/* as much again as the store, for the call: charged as the rest */
	if (room) {
		err = dtrace_mem_charge(state, room);
		if (err)
			return err;
		buf = kvmalloc(room, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
		if (!buf) {
			dtrace_mem_uncharge(state, room);
			return -ENOMEM;
		}
	}
	if (dv->dv_clear)
		WRITE_ONCE(state->ds_globals[dv->dv_clear - 1], 0);
	dv->dv_count = 0;
	dv->dv_more = 0;
	if (state->ds_dyn_mem && d->dd_nchunks && dv->dv_clear)
		dtrace_dvar_clear(state, dv->dv_clear - 1);
	if (state->ds_dyn_mem && d->dd_nchunks)
		used = dtrace_dvar_copy(state, buf, room, dv);
	if (used && copy_to_user(u64_to_user_ptr(dv->dv_buf), buf, used))
		err = -EFAULT;
	kvfree(buf);
	if (room)
		dtrace_mem_uncharge(state, room);
	dv->dv_bufsize = used;
	if (!err && dv->dv_globals)
		err = dtrace_dvar_globals(state, dv->dv_globals);
	return err;
}
