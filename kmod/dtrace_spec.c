// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations: records held aside until the script decides, with
 * commit() or discard(), whether the consumer sees them.
 *
 * Each of a consumer's nspec speculations has a buffer of specsize bytes
 * on every CPU. Its life:
 *
 *         speculation()              commit(id) / discard(id)
 *   FREE ---------------> ACTIVE ---------------------------> COMMITTING
 *    ^                                                     or DISCARDING
 *    +--------- every CPU has applied it --------------------------+
 *
 * The CPU that commits applies it to its own buffer at once. Every other
 * CPU applies it when it next switches buffers (the consumer's BUFSNAP
 * IPI, which runs on that CPU with interrupts off), so no CPU ever
 * touches another's buffers. Records speculated into a speculation that
 * is not ACTIVE are dropped and counted.
 */
#include <linux/bitmap.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include "dtrace_impl.h"

enum {
	DTRACE_SPEC_FREE,
	DTRACE_SPEC_ACTIVE,
	DTRACE_SPEC_COMMITTING,
	DTRACE_SPEC_DISCARDING,
};

/* Context: process context, GO, after the CPU buffers. */
int dtrace_spec_alloc(struct dtrace_state *state)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
	unsigned int cpu, i;

	if (!state->ds_nspec)
		return 0;
	state->ds_specs = kcalloc(state->ds_nspec, sizeof(*state->ds_specs),
				  gfp);
	if (!state->ds_specs)
		return -ENOMEM;
	for (i = 0; i < state->ds_nspec; i++) {
		state->ds_specs[i].sp_cpus = bitmap_zalloc(nr_cpu_ids, gfp);
		if (!state->ds_specs[i].sp_cpus)
			return -ENOMEM;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct dtrace_cpu *c = &state->ds_cpus[cpu];

		if (!c->dc_mctx)
			continue;
		c->dc_specbufs = kcalloc(state->ds_nspec,
					 sizeof(*c->dc_specbufs), gfp);
		if (!c->dc_specbufs)
			return -ENOMEM;
		for (i = 0; i < state->ds_nspec; i++) {
			c->dc_specbufs[i].db_data =
				kvzalloc_node(state->ds_specsize, gfp,
					      cpu_to_node(cpu));
			if (!c->dc_specbufs[i].db_data)
				return -ENOMEM;
		}
	}
	return 0;
}

/* Context: no probe can reach @state any more; also after a failed alloc. */
void dtrace_spec_free(struct dtrace_state *state)
{
	unsigned int cpu, i;

	for (cpu = 0; state->ds_cpus && cpu < nr_cpu_ids; cpu++) {
		struct dtrace_cpu *c = &state->ds_cpus[cpu];

		for (i = 0; c->dc_specbufs && i < state->ds_nspec; i++)
			kvfree(c->dc_specbufs[i].db_data);
		kfree(c->dc_specbufs);
		c->dc_specbufs = NULL;
	}
	for (i = 0; state->ds_specs && i < state->ds_nspec; i++)
		bitmap_free(state->ds_specs[i].sp_cpus);
	kfree(state->ds_specs);
	state->ds_specs = NULL;
}

/**
 * dtrace_speculation() - speculation(): claim a free speculation.
 * @state: the consumer
 *
 * Context: probe context.
 * Return: its id, from 1; 0 if none is free (counted).
 */
u32 dtrace_speculation(struct dtrace_state *state)
{
	u32 i;

	for (i = 0; i < state->ds_nspec; i++)
		if (atomic_cmpxchg(&state->ds_specs[i].sp_state,
				   DTRACE_SPEC_FREE, DTRACE_SPEC_ACTIVE) ==
		    DTRACE_SPEC_FREE)
			return i + 1;
	atomic64_inc(&state->ds_specbusy);
	return 0;
}

/**
 * dtrace_spec_buffer() - where speculate(@id) puts this CPU's record.
 * @state: the consumer
 * @c:     this CPU's part of it
 * @id:    the speculation; 0 (speculation() found none) drops silently
 *
 * Context: probe context.
 * Return: the buffer, NULL to drop the record, or an ERR_PTR for an id
 * that never existed.
 */
struct dtrace_buffer *dtrace_spec_buffer(struct dtrace_state *state,
					 struct dtrace_cpu *c, u64 id)
{
	if (!id)
		return NULL;
	if (id > state->ds_nspec)
		return ERR_PTR(-EINVAL);
	if (atomic_read(&state->ds_specs[id - 1].sp_state) !=
	    DTRACE_SPEC_ACTIVE) {
		atomic64_inc(&state->ds_specdrops);
		return NULL;
	}
	return &c->dc_specbufs[id - 1];
}

/* Copy every record of @sb into this CPU's principal buffer. */
static void dtrace_spec_copy(struct dtrace_state *state, struct dtrace_cpu *c,
			     struct dtrace_buffer *sb)
{
	u64 off = 0;

	for (;;) {
		u32 size = dtrace_record_size(state, sb->db_data, off,
					      sb->db_offset);
		char *dst;

		if (!size)	/* the end, or not a record: nothing more */
			break;
		dst = dtrace_buffer_reserve(state, c, size);
		if (dst) {
			memcpy(dst, sb->db_data + off, size);
			dtrace_buffer_commit(c, size);
		}
		off += size;
	}
}

/* Apply a pending commit or discard of speculation @i on this CPU. */
static void dtrace_spec_apply(struct dtrace_state *state, struct dtrace_cpu *c,
			      unsigned int cpu, u32 i)
{
	struct dtrace_spec *sp = &state->ds_specs[i];
	int st = atomic_read(&sp->sp_state);

	if (st != DTRACE_SPEC_COMMITTING && st != DTRACE_SPEC_DISCARDING)
		return;
	if (!test_and_clear_bit(cpu, sp->sp_cpus))
		return;
	if (st == DTRACE_SPEC_COMMITTING)
		dtrace_spec_copy(state, c, &c->dc_specbufs[i]);
	c->dc_specbufs[i].db_offset = 0;
	if (atomic_dec_and_test(&sp->sp_pending))
		atomic_set(&sp->sp_state, DTRACE_SPEC_FREE);
}

/**
 * dtrace_spec_end() - commit(@id) or discard(@id).
 * @state:  the consumer
 * @c:      this CPU's part of it
 * @cpu:    this CPU
 * @id:     the speculation; 0 does nothing
 * @commit: commit, rather than discard
 *
 * Context: probe context.
 * Return: 0, or DIF_FAULT_ILLOP for an id that never existed.
 */
int dtrace_spec_end(struct dtrace_state *state, struct dtrace_cpu *c,
		    unsigned int cpu, u64 id, bool commit)
{
	struct dtrace_spec *sp;
	unsigned int i;

	if (!id)
		return 0;
	if (id > state->ds_nspec)
		return DIF_FAULT_ILLOP;
	sp = &state->ds_specs[id - 1];
	/* Only the first commit or discard counts. */
	if (atomic_cmpxchg(&sp->sp_state, DTRACE_SPEC_ACTIVE,
			   commit ? DTRACE_SPEC_COMMITTING :
				    DTRACE_SPEC_DISCARDING) != DTRACE_SPEC_ACTIVE)
		return 0;
	/*
	 * The count first, then each CPU's bit, atomically: a CPU may apply
	 * (and clear its bit) as soon as it is set.
	 */
	atomic_set(&sp->sp_pending, bitmap_weight(state->ds_cpumask,
						  nr_cpu_ids));
	for_each_set_bit(i, state->ds_cpumask, nr_cpu_ids)
		set_bit(i, sp->sp_cpus);
	dtrace_spec_apply(state, c, cpu, id - 1);
	return 0;
}

/* Context: this CPU, interrupts off: the BUFSNAP switch. */
void dtrace_spec_apply_all(struct dtrace_state *state, struct dtrace_cpu *c,
			   unsigned int cpu)
{
	u32 i;

	for (i = 0; state->ds_specs && i < state->ds_nspec; i++)
		dtrace_spec_apply(state, c, cpu, i);
}
