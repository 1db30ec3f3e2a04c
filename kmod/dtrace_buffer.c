// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU buffer pairs.
 *
 * Each CPU has two buffers. Probe context on that CPU appends records to
 * the active one; the consumer asks for a switch, which runs on that CPU
 * with interrupts off (so never in the middle of a firing there), and then
 * copies out the buffer just retired at leisure:
 *
 *        probe context               consumer (BUFSNAP)
 *   +---------+---------+        IPI: active ^= 1, read drops
 *   | active  |  spare  |   -->  copy_to_user(spare), spare.offset = 0
 *   +---------+---------+
 *
 * A record that does not fit is dropped and counted on its CPU; no record
 * is ever split. With the fill policy the first drop also stops tracing,
 * as DTrace does. With the ring policy a full buffer wraps and the oldest
 * records make room, whole records at a time:
 *
 *   wrapped: | newer [0, offset) | overwritten... | older [first, end) |
 *
 * and a snapshot hands over the older part, then the newer.
 *
 * The spare is allocated at the first snapshot that switches, not at GO:
 * a short run (BEGIN { exit(0); }) never switches, since once tracing has
 * stopped a snapshot hands over the active buffer itself. With Debian's
 * init_on_alloc zeroing every page, that halves the start-up cost.
 */
#include <linux/bitmap.h>
#include <linux/cpu.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"

#define DTRACE_GFP	(GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_RETRY_MAYFAIL)

static void dtrace_cpu_free(struct dtrace_cpu *c)
{
	dtrace_agg_free(c);
	kvfree(c->dc_bufs[0].db_data);
	kvfree(c->dc_bufs[1].db_data);
	kvfree(c->dc_scratch);
	kvfree(c->dc_locals);
	kfree(c->dc_stack);
	kfree(c->dc_held);
	kfree(c->dc_mctx);
	memset(c, 0, sizeof(*c));
}

/* Longs a firing needs for its GUARDs: a bit per action of the longest. */
static u32 dtrace_held_longs(const struct dtrace_state *state)
{
	u32 i, n = 1;

	for (i = 0; i < state->ds_necbs; i++)
		if (state->ds_ecbs[i]->de_guarded)
			n = max(n, state->ds_ecbs[i]->de_nacts);
	return BITS_TO_LONGS(n);
}

static int dtrace_cpu_alloc(struct dtrace_state *state, struct dtrace_cpu *c,
			    int node)
{
	c->dc_bufs[0].db_data = kvzalloc_node(state->ds_bufsize, DTRACE_GFP,
					      node);
	c->dc_scratch = kvzalloc_node(state->ds_scratchsize, DTRACE_GFP, node);
	c->dc_locals = kvcalloc(DIF_VARID_MAX + 1, sizeof(u64), DTRACE_GFP);
	c->dc_mctx = kzalloc_node(sizeof(*c->dc_mctx), DTRACE_GFP, node);
	c->dc_stack = kmalloc_array_node(DTRACE_STACK_TMP, sizeof(long),
					 DTRACE_GFP, node);
	c->dc_held = kcalloc_node(dtrace_held_longs(state), sizeof(long),
				  DTRACE_GFP, node);
	if (!c->dc_bufs[0].db_data ||
	    !c->dc_scratch || !c->dc_locals || !c->dc_mctx || !c->dc_stack ||
	    !c->dc_held ||
	    dtrace_agg_alloc(state, c, node)) {
		dtrace_cpu_free(c);
		return -ENOMEM;
	}
	return 0;
}

/*
 * Bytes a run may come to hold: on every CPU the buffer pair (the spare
 * comes at the first switch), scratch, locals, the aggregation pair and
 * nspec speculation buffers; once, the dynamic variable store. At most
 * 1024 x 64 MiB x nr_cpu_ids plus change: no overflow in 64 bits.
 */
static u64 dtrace_buffers_need(const struct dtrace_state *state)
{
	u64 cpu = 2 * (u64)state->ds_bufsize + state->ds_scratchsize +
		  (DIF_VARID_MAX + 1) * sizeof(u64) +
		  dtrace_held_longs(state) * sizeof(long) +
		  (u64)state->ds_nspec * state->ds_specsize;

	if (state->ds_naggs)
		cpu += 2 * (u64)state->ds_aggsize;
	return cpu * num_online_cpus() + state->ds_dynvarsize;
}

/**
 * dtrace_buffers_alloc() - allocate the buffers of every online CPU,
 * and their speculation buffers.
 * @state: the consumer, before GO
 *
 * A CPU that comes online later has no buffers: its firings are skipped.
 * A run that would pass the limit all consumers share, or take more than
 * half the memory available, is refused before anything is allocated:
 * reclaim for it would squeeze every other task, and an allocation that
 * finally fails there may set off the OOM killer elsewhere. What it may
 * hold stays charged until the consumer goes (dtrace_buffers_uncharge()).
 *
 * Context: process context, state->ds_lock held.
 * Return: 0 or -ENOMEM, in which case nothing stays allocated or charged.
 */
int dtrace_buffers_alloc(struct dtrace_state *state)
{
	u64 need = dtrace_buffers_need(state);
	int cpu, err = 0;

	err = dtrace_mem_charge(state, need);
	if (err)
		return err;
	state->ds_bufmem = need;

	state->ds_cpus = kvcalloc(nr_cpu_ids, sizeof(*state->ds_cpus),
				  DTRACE_GFP);
	state->ds_cpumask = bitmap_zalloc(nr_cpu_ids, DTRACE_GFP);
	if (!state->ds_cpus || !state->ds_cpumask) {
		dtrace_buffers_free(state);
		return -ENOMEM;
	}

	cpus_read_lock();
	for_each_online_cpu(cpu) {
		err = dtrace_cpu_alloc(state, &state->ds_cpus[cpu],
				       cpu_to_node(cpu));
		if (err)
			break;
		set_bit(cpu, state->ds_cpumask);
	}
	cpus_read_unlock();
	err = err ?: dtrace_spec_alloc(state);
	if (err) {
		dtrace_buffers_free(state);
		dtrace_buffers_uncharge(state);
	}
	return err;
}

/* Give back what dtrace_buffers_alloc() charged. Context: as free. */
void dtrace_buffers_uncharge(struct dtrace_state *state)
{
	dtrace_mem_uncharge(state, state->ds_bufmem);
	state->ds_bufmem = 0;
}

/* Context: no probe can reach @state any more (after dtrace_sync()). */
void dtrace_buffers_free(struct dtrace_state *state)
{
	unsigned int cpu;

	dtrace_spec_free(state);
	bitmap_free(state->ds_cpumask);
	state->ds_cpumask = NULL;
	if (!state->ds_cpus)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		dtrace_cpu_free(&state->ds_cpus[cpu]);
	kvfree(state->ds_cpus);
	state->ds_cpus = NULL;
}

/**
 * dtrace_record_size() - bytes of the record at @off of @data, which holds
 * @len bytes of whole records.
 * @state: the consumer that wrote them
 * @data:  a buffer of @state's
 * @off:   where the record starts
 * @len:   where the records end
 *
 * Never trusts the header: an EPID that is not one of @state's, or a
 * record that would end past @len, gives 0.
 *
 * Return: the record's size, or 0 if what lies at @off is not a record.
 */
u32 dtrace_record_size(const struct dtrace_state *state, const char *data,
		       u64 off, u64 len)
{
	const struct dtrace_rechdr *r = (const void *)(data + off);
	u32 epid, size;

	if (off > len || len - off < sizeof(*r))
		return 0;
	epid = READ_ONCE(r->dr_epid);
	if (epid < 1 || epid > state->ds_necbs)
		return 0;
	size = sizeof(*r) + state->ds_ecbs[epid - 1]->de_recsize;
	return size <= len - off ? size : 0;
}

/* The ring policy: wrap, and let the oldest records go. */
static char *dtrace_buffer_reserve_ring(struct dtrace_state *state,
					struct dtrace_buffer *b, u32 size)
{
	if (size > state->ds_bufsize)
		return NULL;
	if (b->db_offset + size > state->ds_bufsize) {
		/* What lies past the offset is the oldest: given up. */
		b->db_end = b->db_offset;
		b->db_first = 0;
		b->db_offset = 0;
		b->db_wrapped = true;
	}
	while (b->db_wrapped && b->db_first < b->db_end &&
	       b->db_first < b->db_offset + size) {
		u32 n = dtrace_record_size(state, b->db_data, b->db_first,
					   b->db_end);

		if (!n) {	/* not a record: give up the older part */
			b->db_first = b->db_end;
			break;
		}
		b->db_first += n;
	}
	return b->db_data + b->db_offset;
}

/**
 * dtrace_buffer_reserve() - room for one record in this CPU's buffer.
 * @state: the consumer
 * @c:     this CPU's part of it
 * @size:  bytes of the whole record, a multiple of 8
 *
 * The record becomes visible only with dtrace_buffer_commit().
 *
 * Context: probe context.
 * Return: where to write, or NULL if it does not fit (counted).
 */

char *dtrace_buffer_reserve(struct dtrace_state *state, struct dtrace_cpu *c,
			    u32 size)
{
	struct dtrace_buffer *b = &c->dc_bufs[c->dc_active];
	char *p;

	if (state->ds_bufpolicy == DTRACE_BUFPOLICY_RING)
		p = dtrace_buffer_reserve_ring(state, b, size);
	else
		p = dtrace_buffer_reserve_in(b, state->ds_bufsize, size);

	if (unlikely(!p)) {
		c->dc_drops++;
		if (state->ds_bufpolicy == DTRACE_BUFPOLICY_FILL &&
		    cmpxchg(&state->ds_activity, DTRACE_ACTIVE,
			    DTRACE_DRAINING) == DTRACE_ACTIVE)
			atomic_or(DTRACE_STATUS_FILLED, &state->ds_status);
	}
	return p;
}

/* Room for @size bytes in @b, which holds @limit; NULL if none. */
char *dtrace_buffer_reserve_in(struct dtrace_buffer *b, u64 limit, u32 size)
{
	if (unlikely(b->db_offset + size > limit))
		return NULL;
	return b->db_data + b->db_offset;
}

/* Context: probe context, after a successful reserve of @size. */
void dtrace_buffer_commit(struct dtrace_cpu *c, u32 size)
{
	c->dc_bufs[c->dc_active].db_offset += size;
}

struct dtrace_switch {
	struct dtrace_state	*ds_state;
	struct dtrace_cpu	*ds_cpu;
	u64			ds_drops;
	bool			ds_swap;	/* false once stopped */
};

/*
 * Runs on the buffer's own CPU with interrupts off: pending commits of
 * speculations land in the buffer about to be handed over. Interrupts
 * off do not keep out an NMI, so this CPU counts as in probe context: a
 * probe firing in NMI meanwhile is skipped, not let reserve at the
 * offset being written here.
 */
static void dtrace_buffer_switch(void *arg)
{
	struct dtrace_switch *sw = arg;
	int was = dtrace_probe_context_enter();

	dtrace_spec_apply_all(sw->ds_state, sw->ds_cpu, smp_processor_id());
	if (sw->ds_swap)
		sw->ds_cpu->dc_active ^= 1;
	sw->ds_drops = sw->ds_cpu->dc_drops;
	dtrace_probe_context_exit(was);
}

/*
 * Copy out @b's records, oldest first; *@len gets the bytes copied. The
 * bounds are checked again: whatever the offsets say, no more than
 * @size bytes of the buffer go out, and nothing before or after it.
 */
static int dtrace_buffer_copyout(const struct dtrace_buffer *b, u64 size,
				 char __user *dst, u64 *len)
{
	u64 end = min(b->db_end, size), newer = min(b->db_offset, size);
	u64 older = 0;

	if (b->db_wrapped && b->db_first < end)
		older = min(end - b->db_first, size - newer);
	if (older && copy_to_user(dst, b->db_data + b->db_first, older))
		return -EFAULT;
	if (copy_to_user(dst + older, b->db_data, newer))
		return -EFAULT;
	*len = older + newer;
	return 0;
}

/**
 * dtrace_buffer_snap() - switch one CPU's buffers, copy out the old one;
 * once tracing has stopped, copy out the active one without a switch.
 * @state: the consumer, after GO
 * @snap:  the request, validated for size and reserved fields
 *
 * Context: process context, state->ds_lock held.
 * Return: 0; -EINVAL for a bad CPU or too small a user buffer; -ENXIO for
 * a CPU that has no buffers or is offline; -ENOMEM; -EFAULT.
 */
int dtrace_buffer_snap(struct dtrace_state *state,
		       struct dtrace_ioc_bufsnap *snap)
{
	struct dtrace_switch sw = { };
	struct dtrace_buffer *b;
	struct dtrace_cpu *c;
	int err;

	if (snap->db_cpu >= nr_cpu_ids || snap->db_bufsize < state->ds_bufsize)
		return -EINVAL;
	c = &state->ds_cpus[snap->db_cpu];
	if (!c->dc_mctx)
		return -ENXIO;

	/* Stopped: nothing fires any more, so the active buffer is ours. */
	sw.ds_swap = READ_ONCE(state->ds_activity) != DTRACE_STOPPED;
	b = &c->dc_bufs[c->dc_active ^ 1];
	if (sw.ds_swap && !b->db_data) {
		/* probe context never touches the spare: no race */
		b->db_data = kvzalloc_node(state->ds_bufsize, DTRACE_GFP,
					   cpu_to_node(snap->db_cpu));
		if (!b->db_data)
			return -ENOMEM;
	}
	sw.ds_state = state;
	sw.ds_cpu = c;
	err = smp_call_function_single(snap->db_cpu, dtrace_buffer_switch,
				       &sw, 1);
	if (err)
		return err;

	/* The retired buffer: no probe writes it until the next switch. */
	b = &c->dc_bufs[c->dc_active ^ sw.ds_swap];
	err = dtrace_buffer_copyout(b, state->ds_bufsize,
				    u64_to_user_ptr(snap->db_buf),
				    &snap->db_bufsize);
	if (err)
		return err;
	snap->db_drops = sw.ds_drops;
	b->db_offset = 0;
	b->db_wrapped = false;
	return 0;
}
