// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations: records held aside until the script decides, with
 * commit() or discard(), whether the consumer sees them.
 *
 * Each of a consumer's nspec speculations has a buffer of specsize bytes
 * on every CPU. Its life:
 *
 *           speculation()            speculate(id)
 *   FREE -----------------> FRESH -----------------> ACTIVE
 *    ^ ^                      |                         |
 *    | +----------------------+                         | commit(id),
 *    |   commit(id), discard(id) or reclaimed: nothing  | discard(id)
 *    |   was speculated, so nothing to apply            v
 *    +---- every CPU has applied it ---- COMMITTING or DISCARDING
 *
 * The CPUs that hold its records apply a commit or discard, each to its
 * own buffers: no CPU ever touches another's. The CPU that commits
 * applies it at once; when the records are on that CPU alone (ACTIVE
 * remembers the one CPU that speculated into it, as DTrace's ACTIVEONE),
 * the speculation is free at once. Every other CPU applies it when it
 * next switches buffers (the consumer's BUFSNAP IPI), or when the
 * consumer's STATUS finds it pending (an IPI as well, as DTrace's
 * cleaner, so that neither the ring policy, which snapshots only at the
 * end, nor a slow switchrate keeps it busy). Records speculated into a
 * speculation that is not FRESH or ACTIVE are dropped and counted.
 *
 * The state word also counts the speculation's lives, so that no
 * compare-and-swap of one life can succeed on the next.
 *
 * An id can be lost: `self->s = speculation()` whose store the dynamic
 * variable store dropped (full, or its lock held too long by another
 * CPU), or a predicate whose load of it was dropped. DTrace keeps such a
 * speculation busy until the end; here, once speculation() has found
 * none free, STATUS reclaims every speculation unused for long: FRESH
 * (nothing speculated into it) for a second, ACTIVE for ten (its records
 * discarded). Each is counted.
 */
#include <linux/bitmap.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include "dtrace_impl.h"

enum {
	DTRACE_SPEC_FREE,
	DTRACE_SPEC_CLAIMING,	/* being handed out: its stamp set */
	DTRACE_SPEC_FRESH,
	DTRACE_SPEC_ACTIVE,
	DTRACE_SPEC_COMMITTING,
	DTRACE_SPEC_DISCARDING,
};

/*
 * The state word: the state in bits 0-2; for ACTIVE, in bits 3-16, the
 * one CPU that speculated into it plus 1 (0: several); above, the life.
 */
#define DTRACE_SPEC_STATE	0x7u
#define DTRACE_SPEC_OWNER_SHIFT	3
#define DTRACE_SPEC_OWNER_MAX	0x3fffu
#define DTRACE_SPEC_LIFE	(1u << 17)
/*
 * How long a speculation may go unused while others are wanted: FRESH
 * (claimed, never speculated into), then ACTIVE (holding records).
 */
#define DTRACE_SPEC_IDLE_FRESH	NSEC_PER_SEC
#define DTRACE_SPEC_IDLE_ACTIVE	(10 * NSEC_PER_SEC)
/* How stale the last-use stamp may be: not a write per speculate(). */
#define DTRACE_SPEC_STAMP_NS	(NSEC_PER_SEC / 10)
/* Tries at a compare-and-swap that another CPU keeps changing. */
#define DTRACE_SPEC_TRIES	4

static u32 dtrace_spec_st(u32 v)
{
	return v & DTRACE_SPEC_STATE;
}

/* ACTIVE: the one CPU that holds its records plus 1, or 0 for several. */
static u32 dtrace_spec_owner(u32 v)
{
	return (v >> DTRACE_SPEC_OWNER_SHIFT) & DTRACE_SPEC_OWNER_MAX;
}

/* The same life as @v, in state @st (no owner). */
static u32 dtrace_spec_to(u32 v, u32 st)
{
	return (v & ~(DTRACE_SPEC_LIFE - 1)) | st;
}

/* The same life as @v, ACTIVE with records on @cpu alone. */
static u32 dtrace_spec_to_one(u32 v, unsigned int cpu)
{
	if (cpu + 1 > DTRACE_SPEC_OWNER_MAX)	/* as if on several */
		return dtrace_spec_to(v, DTRACE_SPEC_ACTIVE);
	return dtrace_spec_to(v, DTRACE_SPEC_ACTIVE) |
	       (cpu + 1) << DTRACE_SPEC_OWNER_SHIFT;
}

/* Context: process context, GO, after the CPU buffers. */
int dtrace_spec_alloc(struct dtrace_state *state)
{
	gfp_t gfp = GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
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

/*
 * What looking at one speculation costs speculation(): a failing call
 * looks at every one, and a firing may make many calls.
 */
#define DTRACE_COST_SPECSLOT	2

/**
 * dtrace_speculation() - speculation(): claim a free speculation.
 * @state: the consumer
 * @ms:    the firing's state, charged each speculation looked at
 *
 * Context: probe context.
 * Return: its id, from 1; 0 if none is free (counted as busy if one
 * was being committed or discarded, else as unavailable), or 0 with
 * DIF_FAULT_BUDGET recorded once the budget is spent.
 */
u32 dtrace_speculation(struct dtrace_state *state, struct dif_mstate *ms)
{
	atomic64_t *fail = &state->ds_specunavail;
	u32 i, v, next;

	for (i = 0; i < state->ds_nspec; i++) {
		struct dtrace_spec *sp = &state->ds_specs[i];

		if (!dif_budget_charge(ms, DTRACE_COST_SPECSLOT))
			return 0;
		v = atomic_read(&sp->sp_state);
		if (dtrace_spec_st(v) == DTRACE_SPEC_COMMITTING ||
		    dtrace_spec_st(v) == DTRACE_SPEC_DISCARDING)
			fail = &state->ds_specbusy;	/* as DTrace counts */
		if (dtrace_spec_st(v) != DTRACE_SPEC_FREE)
			continue;
		next = dtrace_spec_to(v + DTRACE_SPEC_LIFE, DTRACE_SPEC_FREE);
		if (atomic_cmpxchg(&sp->sp_state, v,
				   dtrace_spec_to(next, DTRACE_SPEC_CLAIMING)) !=
		    v)
			continue;
		WRITE_ONCE(sp->sp_used, ktime_get_mono_fast_ns());
		/* the stamp before the state that lets STATUS read it */
		atomic_set_release(&sp->sp_state,
				   dtrace_spec_to(next, DTRACE_SPEC_FRESH));
		return i + 1;
	}
	atomic64_inc(fail);
	return 0;
}

/**
 * dtrace_spec_buffer() - where speculate(@id) puts this CPU's record.
 * @state: the consumer
 * @c:     this CPU's part of it
 * @id:    the speculation; 0 (speculation() found none) drops silently
 * @now:   the firing's time (the record's timestamp), its last use
 *
 * Context: probe context.
 * Return: the buffer, NULL to drop the record, or an ERR_PTR for an id
 * that never existed.
 */
struct dtrace_buffer *dtrace_spec_buffer(struct dtrace_state *state,
					 struct dtrace_cpu *c, u64 id, u64 now)
{
	unsigned int cpu = smp_processor_id();
	struct dtrace_spec *sp;
	u32 v, next;
	int i;

	if (!id)
		return NULL;
	if (id > state->ds_nspec)
		return ERR_PTR(-EINVAL);
	sp = &state->ds_specs[id - 1];
	for (i = 0; i < DTRACE_SPEC_TRIES; i++) {
		v = atomic_read(&sp->sp_state);
		if (dtrace_spec_st(v) == DTRACE_SPEC_FRESH) {
			/* The first record: on this CPU alone so far. */
			next = dtrace_spec_to_one(v, cpu);
		} else if (dtrace_spec_st(v) == DTRACE_SPEC_ACTIVE) {
			if (dtrace_spec_owner(v) == cpu + 1 ||
			    !dtrace_spec_owner(v))
				goto used;
			/* A second CPU: every CPU applies its end. */
			next = dtrace_spec_to(v, DTRACE_SPEC_ACTIVE);
		} else {
			break;
		}
		if (atomic_cmpxchg(&sp->sp_state, v, next) == v)
			goto used;
	}
	atomic64_inc(&state->ds_specdrops);
	return NULL;
used:
	if (now - READ_ONCE(sp->sp_used) > DTRACE_SPEC_STAMP_NS)
		WRITE_ONCE(sp->sp_used, now);
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
	u32 v = atomic_read(&sp->sp_state);

	if (dtrace_spec_st(v) != DTRACE_SPEC_COMMITTING &&
	    dtrace_spec_st(v) != DTRACE_SPEC_DISCARDING)
		return;
	if (!test_and_clear_bit(cpu, sp->sp_cpus))
		return;
	if (dtrace_spec_st(v) == DTRACE_SPEC_COMMITTING)
		dtrace_spec_copy(state, c, &c->dc_specbufs[i]);
	c->dc_specbufs[i].db_offset = 0;
	if (atomic_dec_and_test(&sp->sp_pending))
		atomic_set(&sp->sp_state, dtrace_spec_to(v, DTRACE_SPEC_FREE));
}

/*
 * The CPUs that hold records of @sp, whose end (state @v was ACTIVE)
 * has just begun, have it to apply: the owner alone, or every CPU.
 */
static void dtrace_spec_pend(struct dtrace_state *state,
			     struct dtrace_spec *sp, u32 v)
{
	unsigned int i;

	/*
	 * The count first, then each CPU's bit, atomically: a CPU may apply
	 * (and clear its bit) as soon as it is set.
	 */
	if (dtrace_spec_owner(v)) {
		atomic_set(&sp->sp_pending, 1);
		set_bit(dtrace_spec_owner(v) - 1, sp->sp_cpus);
		return;
	}
	atomic_set(&sp->sp_pending, bitmap_weight(state->ds_cpumask,
						  nr_cpu_ids));
	for_each_set_bit(i, state->ds_cpumask, nr_cpu_ids)
		set_bit(i, sp->sp_cpus);
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
	int try;
	u32 v;

	if (!id)
		return 0;
	if (id > state->ds_nspec)
		return DIF_FAULT_ILLOP;
	sp = &state->ds_specs[id - 1];
	/* Only the first commit or discard counts. */
	for (try = 0; try < DTRACE_SPEC_TRIES; try++) {
		v = atomic_read(&sp->sp_state);
		if (dtrace_spec_st(v) == DTRACE_SPEC_FRESH) {
			/* Nothing speculated on any CPU: free at once. */
			if (atomic_cmpxchg(&sp->sp_state, v,
					   dtrace_spec_to(v, DTRACE_SPEC_FREE)) ==
			    v)
				return 0;
			continue;
		}
		if (dtrace_spec_st(v) != DTRACE_SPEC_ACTIVE)
			return 0;
		if (atomic_cmpxchg(&sp->sp_state, v,
				   dtrace_spec_to(v, commit ?
						  DTRACE_SPEC_COMMITTING :
						  DTRACE_SPEC_DISCARDING)) == v)
			break;
	}
	if (try == DTRACE_SPEC_TRIES)
		return 0;
	/* Its records on this CPU alone, as most often: free at once. */
	dtrace_spec_pend(state, sp, v);
	dtrace_spec_apply(state, c, cpu, id - 1);
	return 0;
}

/* Context: this CPU, interrupts off: the BUFSNAP switch or a clean IPI. */
void dtrace_spec_apply_all(struct dtrace_state *state, struct dtrace_cpu *c,
			   unsigned int cpu)
{
	u32 i;

	for (i = 0; state->ds_specs && i < state->ds_nspec; i++)
		dtrace_spec_apply(state, c, cpu, i);
}

struct dtrace_spec_clean {
	struct dtrace_state	*sc_state;
	struct dtrace_cpu	*sc_cpu;
};

/* IPI: apply on this CPU what is pending, as a buffer switch does. */
static void dtrace_spec_clean_here(void *arg)
{
	struct dtrace_spec_clean *sc = arg;
	int was = dtrace_probe_context_enter();

	dtrace_spec_apply_all(sc->sc_state, sc->sc_cpu, smp_processor_id());
	dtrace_probe_context_exit(was);
}

/* Is any commit or discard waiting for a CPU? */
static bool dtrace_spec_pending(struct dtrace_state *state)
{
	u32 i, st;

	for (i = 0; i < state->ds_nspec; i++) {
		st = dtrace_spec_st(atomic_read(&state->ds_specs[i].sp_state));
		if (st == DTRACE_SPEC_COMMITTING ||
		    st == DTRACE_SPEC_DISCARDING)
			return true;
	}
	return false;
}

/* Does @cpu have a commit or discard to apply? */
static bool dtrace_spec_pending_on(struct dtrace_state *state,
				   unsigned int cpu)
{
	u32 i;

	for (i = 0; i < state->ds_nspec; i++)
		if (test_bit(cpu, state->ds_specs[i].sp_cpus))
			return true;
	return false;
}

/*
 * Reclaim the speculations whose ids were lost (see the top), while
 * speculation() goes short: one never speculated into is free at once,
 * one holding records is discarded on every CPU.
 */
static void dtrace_spec_reclaim(struct dtrace_state *state)
{
	u64 fail = atomic64_read(&state->ds_specbusy) +
		   atomic64_read(&state->ds_specunavail);
	u64 now = ktime_get_mono_fast_ns(), idle;
	u32 i, v, st;

	if (fail == state->ds_specfail_seen)
		return;
	state->ds_specfail_seen = fail;
	for (i = 0; i < state->ds_nspec; i++) {
		struct dtrace_spec *sp = &state->ds_specs[i];

		v = atomic_read_acquire(&sp->sp_state);
		st = dtrace_spec_st(v);
		if (st != DTRACE_SPEC_FRESH && st != DTRACE_SPEC_ACTIVE)
			continue;
		idle = now - READ_ONCE(sp->sp_used);
		if (idle < (st == DTRACE_SPEC_FRESH ? DTRACE_SPEC_IDLE_FRESH :
			    DTRACE_SPEC_IDLE_ACTIVE) || (s64)idle < 0)
			continue;
		/* Fails if used, ended or reborn meanwhile. */
		if (atomic_cmpxchg(&sp->sp_state, v, dtrace_spec_to(v,
				   st == DTRACE_SPEC_FRESH ? DTRACE_SPEC_FREE :
				   DTRACE_SPEC_DISCARDING)) != v)
			continue;
		if (st == DTRACE_SPEC_ACTIVE)
			dtrace_spec_pend(state, sp, v);
		atomic64_inc(&state->ds_specreclaimed);
	}
}

/**
 * dtrace_spec_clean() - what DTrace's cleaner does, at each STATUS:
 * have every CPU apply its pending commits and discards, and reclaim
 * the speculations whose ids were lost.
 * @state: the consumer, after GO
 *
 * Context: process context, state->ds_lock held.
 */
void dtrace_spec_clean(struct dtrace_state *state)
{
	struct dtrace_spec_clean sc = { .sc_state = state };
	unsigned int cpu;

	if (!state->ds_specs)
		return;
	dtrace_spec_reclaim(state);
	if (!dtrace_spec_pending(state))
		return;
	for_each_set_bit(cpu, state->ds_cpumask, nr_cpu_ids) {
		if (!dtrace_spec_pending_on(state, cpu))
			continue;
		sc.sc_cpu = &state->ds_cpus[cpu];
		/* an offline CPU: its speculations stay busy (safety.md) */
		smp_call_function_single(cpu, dtrace_spec_clean_here, &sc, 1);
	}
}
