// SPDX-License-Identifier: GPL-2.0
/*
 * One consumer's state: options, enablings, buffers and its life cycle.
 *
 *            GO                         exit() / fill       STOP
 *  INACTIVE ----> WARMUP --BEGIN done--> ACTIVE ----> DRAINING ----> STOPPED
 *                   |                                   ^      (END fires)
 *                   +------ exit() in BEGIN ------------+
 *
 * Only BEGIN fires in WARMUP and only END (and ERROR) while DRAINING, so
 * BEGIN comes before every other probe and END after all of them.
 *
 * The deadman: a consumer that stops polling (a stopped or wedged
 * command, or one that cannot get a CPU because its probes take all the
 * time there is) would keep its probes firing forever; after
 * deadman_timeout seconds without STATUS or a snapshot it is moved to
 * DRAINING, where its clauses no longer run. It is an hrtimer in hard
 * interrupt context, so it runs even when no task or softirq can.
 *
 * Memory: every consumer's kernel memory (its state, clauses, buffers,
 * variable store, snapshots) is charged to the memory cgroup of whoever
 * asked for it (__GFP_ACCOUNT) and, before it is allocated, to one limit
 * shared by all consumers (memlimit, by default half of RAM). A request
 * that would pass it, or take more than half of MemAvailable, gets
 * ENOMEM at once, before reclaim or the OOM killer are involved.
 */
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include "dtrace_compat.h"
#include "dtrace_impl.h"

static unsigned int deadman_timeout = 30;
module_param(deadman_timeout, uint, 0644);
MODULE_PARM_DESC(deadman_timeout,
		 "Stop a consumer that has not polled for this many seconds (0: never)");

static unsigned long memlimit;
module_param(memlimit, ulong, 0644);
MODULE_PARM_DESC(memlimit,
		 "Bytes all consumers together may hold (0: half of RAM)");

/* Bytes charged by every consumer: read-only, for tests and admins. */
static atomic64_t dtrace_mem_used = ATOMIC64_INIT(0);

static int dtrace_mem_used_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%lld\n", atomic64_read(&dtrace_mem_used));
}

static const struct kernel_param_ops dtrace_mem_used_ops = {
	.get	= dtrace_mem_used_get,
};
module_param_cb(memused, &dtrace_mem_used_ops, NULL, 0444);
MODULE_PARM_DESC(memused, "Bytes all consumers hold now");

/**
 * dtrace_mem_charge() - count @bytes against the shared limit.
 * @state: the consumer that will hold them
 * @bytes: what it is about to allocate
 *
 * Context: process context; state->ds_lock held, or @state not yet
 * shared.
 * Return: 0, or -ENOMEM with nothing charged.
 */
int dtrace_mem_charge(struct dtrace_state *state, u64 bytes)
{
	u64 limit = READ_ONCE(memlimit), avail;

	if (!limit)
		limit = ((u64)totalram_pages() << PAGE_SHIFT) / 2;
	avail = ((u64)si_mem_available() << PAGE_SHIFT) / 2;
	if (bytes > avail || bytes > limit)
		return -ENOMEM;
	if ((u64)atomic64_add_return(bytes, &dtrace_mem_used) > limit) {
		atomic64_sub(bytes, &dtrace_mem_used);
		return -ENOMEM;
	}
	state->ds_mem += bytes;
	return 0;
}

/* Give back what dtrace_mem_charge() counted, once freed. */
void dtrace_mem_uncharge(struct dtrace_state *state, u64 bytes)
{
	if (WARN_ON_ONCE(bytes > state->ds_mem))
		bytes = state->ds_mem;
	state->ds_mem -= bytes;
	atomic64_sub(bytes, &dtrace_mem_used);
}

#define DTRACE_STATE_MEM	(sizeof(struct dtrace_state) + \
				 (DIF_VARID_MAX + 1) * sizeof(u64))

#define DTRACE_BUFSIZE_DEFAULT	(4u << 20)
#define DTRACE_STRSIZE_DEFAULT	256
#define DTRACE_SCRATCH_MIN	(16u << 10)
#define DTRACE_DYNVARSIZE_DEFAULT	(1u << 20)
#define DTRACE_SPECSIZE_DEFAULT	(32u << 10)

static void dtrace_state_size_scratch(struct dtrace_state *state)
{
	state->ds_scratchsize = max_t(u64, DTRACE_SCRATCH_MIN,
				      16ULL * state->ds_strsize);
}

static enum hrtimer_restart dtrace_deadman(struct hrtimer *t)
{
	struct dtrace_state *state = container_of(t, struct dtrace_state,
						  ds_deadman);
	unsigned long limit = READ_ONCE(deadman_timeout) * HZ;
	int act = READ_ONCE(state->ds_activity);

	if (act == DTRACE_STOPPED || act == DTRACE_DRAINING)
		return HRTIMER_NORESTART;
	if (limit && (act == DTRACE_ACTIVE || act == DTRACE_WARMUP) &&
	    time_after(jiffies, READ_ONCE(state->ds_lastpoll) + limit) &&
	    cmpxchg(&state->ds_activity, act, DTRACE_DRAINING) == act) {
		atomic_or(DTRACE_STATUS_DEADMAN, &state->ds_status);
		return HRTIMER_NORESTART;
	}
	hrtimer_forward_now(t, NSEC_PER_SEC);
	return HRTIMER_RESTART;
}

/* The consumer is alive. Context: any. */
void dtrace_state_polled(struct dtrace_state *state)
{
	WRITE_ONCE(state->ds_lastpoll, jiffies);
}

/* Context: process context. Return: the new state or NULL. */
struct dtrace_state *dtrace_state_create(void)
{
	struct dtrace_state *state;

	state = kzalloc(sizeof(*state), GFP_KERNEL_ACCOUNT);
	if (!state)
		return NULL;
	if (dtrace_mem_charge(state, DTRACE_STATE_MEM)) {
		kfree(state);
		return NULL;
	}
	state->ds_globals = kvcalloc(DIF_VARID_MAX + 1, sizeof(u64),
				     GFP_KERNEL_ACCOUNT);
	if (!state->ds_globals) {
		dtrace_mem_uncharge(state, DTRACE_STATE_MEM);
		kfree(state);
		return NULL;
	}
	mutex_init(&state->ds_lock);
	dtrace_hrtimer_setup(&state->ds_deadman, dtrace_deadman, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_HARD);
	state->ds_bufsize = DTRACE_BUFSIZE_DEFAULT;
	state->ds_bufpolicy = DTRACE_BUFPOLICY_SWITCH;
	state->ds_strsize = DTRACE_STRSIZE_DEFAULT;
	state->ds_dynvarsize = DTRACE_DYNVARSIZE_DEFAULT;
	state->ds_aggsize = DTRACE_BUFSIZE_DEFAULT;
	state->ds_nspec = 1;
	state->ds_specsize = DTRACE_SPECSIZE_DEFAULT;
	dtrace_state_size_scratch(state);
	return state;
}

/**
 * dtrace_state_destroy() - tear a consumer down, whatever its activity.
 * @state: the consumer; freed on return
 *
 * Called when the device is closed, including when the command was
 * killed. END does not fire: nobody would read it.
 *
 * Context: process context, may sleep.
 */
void dtrace_state_destroy(struct dtrace_state *state)
{
	WRITE_ONCE(state->ds_activity, DTRACE_STOPPED);
	hrtimer_cancel(&state->ds_deadman);
	dtrace_ecb_disable_all(state);
	dtrace_sync();		/* no firing still sees this state */
	dtrace_buffers_free(state);
	kvfree(state->ds_dyn_mem);
	dtrace_ecb_free_all(state);
	mutex_lock(&dtrace_lock);
	dtrace_probe_remove_owner(state);	/* its pid probes */
	mutex_unlock(&dtrace_lock);
	kfree(state->ds_aggs);
	kvfree(state->ds_globals);
	/* all of it: buffers, store, clauses and the state itself */
	dtrace_mem_uncharge(state, state->ds_mem);
	mutex_destroy(&state->ds_lock);
	kfree(state);
}

/* Context: state->ds_lock held. */
int dtrace_state_options(struct dtrace_state *state,
			 const struct dtrace_ioc_options *opt)
{
	if (state->ds_activity != DTRACE_INACTIVE)
		return -EBUSY;
	if (opt->do_flags & ~DTRACE_OPT_MASK)
		return -EINVAL;
	if (opt->do_bufpolicy > DTRACE_BUFPOLICY_RING)
		return -EINVAL;
	if (opt->do_bufsize && (opt->do_bufsize < DTRACE_BUFSIZE_MIN ||
				opt->do_bufsize > DTRACE_BUFSIZE_MAX))
		return -EINVAL;
	/* a small aggsize only leads to drops, as in DTrace */
	if (opt->do_aggsize > DTRACE_BUFSIZE_MAX)
		return -EINVAL;
	if ((opt->do_specsize && (opt->do_specsize < DTRACE_BUFSIZE_MIN ||
				  opt->do_specsize > DTRACE_BUFSIZE_MAX)) ||
	    opt->do_nspec > DTRACE_NSPEC_MAX)
		return -EINVAL;
	if (opt->do_strsize > DTRACE_STRSIZE_MAX ||
	    opt->do_dynvarsize > DTRACE_DYNVARSIZE_MAX)
		return -EINVAL;

	state->ds_bufpolicy = opt->do_bufpolicy;
	/* down, as DTrace: -b 59 is 56 bytes */
	if (opt->do_bufsize)
		state->ds_bufsize = ALIGN_DOWN(opt->do_bufsize, 8);
	if (opt->do_aggsize)
		state->ds_aggsize = ALIGN(opt->do_aggsize, 8);
	if (opt->do_specsize)
		state->ds_specsize = ALIGN_DOWN(opt->do_specsize, 8);
	if (opt->do_nspec)
		state->ds_nspec = opt->do_nspec;
	if (opt->do_strsize)
		state->ds_strsize = opt->do_strsize;
	if (opt->do_dynvarsize)
		state->ds_dynvarsize = opt->do_dynvarsize;
	state->ds_flags = opt->do_flags;
	dtrace_state_size_scratch(state);
	return 0;
}

/* The dynamic variable store: self-> variables and arrays. */
static int dtrace_state_dyn_alloc(struct dtrace_state *state)
{
	u32 chunk = dif_dyn_chunksize(state->ds_strsize);
	/* at least one bucket and one variable, as DTrace rounds up */
	u64 size = max_t(u64, state->ds_dynvarsize, 8 + ALIGN(chunk, 8));
	int err;

	state->ds_dyn_mem = kvzalloc(size, GFP_KERNEL_ACCOUNT | __GFP_NOWARN);
	if (!state->ds_dyn_mem)
		return -ENOMEM;
	err = dif_dyn_init(&state->ds_dyn, state->ds_dyn_mem, size, chunk);
	if (err) {
		kvfree(state->ds_dyn_mem);
		state->ds_dyn_mem = NULL;
	}
	return err;
}

/* Does every clause's record fit in a buffer? DTrace's E2BIG if not. */
static int dtrace_state_fits(const struct dtrace_state *state)
{
	u32 i;

	for (i = 0; i < state->ds_necbs; i++) {
		const struct dtrace_ecb *ecb = state->ds_ecbs[i];

		if (ecb->de_needs_record &&
		    sizeof(struct dtrace_rechdr) + (u64)ecb->de_recsize >
		    state->ds_bufsize)
			return -E2BIG;
	}
	return 0;
}

/**
 * dtrace_state_go() - start tracing: allocate buffers, fire BEGIN.
 * @state: the consumer
 *
 * Context: process context, state->ds_lock held.
 * Return: 0, -EBUSY if already started, -ENOMEM, -EPERM for user-memory
 * writes under lockdown, -E2BIG if a clause's record exceeds bufsize.
 */
int dtrace_state_go(struct dtrace_state *state)
{
	int err;

	if (state->ds_activity != DTRACE_INACTIVE)
		return -EBUSY;
	err = dtrace_lockdown_writes(state);
	if (err)
		return err;
	err = dtrace_state_fits(state);
	if (err)
		return err;
	err = dtrace_buffers_alloc(state);
	if (err)
		return err;
	err = dtrace_state_dyn_alloc(state);
	if (err) {
		dtrace_buffers_free(state);
		dtrace_buffers_uncharge(state);
		return err;
	}

	dtrace_state_polled(state);
	hrtimer_start(&state->ds_deadman, NSEC_PER_SEC, HRTIMER_MODE_REL_HARD);
	WRITE_ONCE(state->ds_activity, DTRACE_WARMUP);
	dtrace_fire_begin(state);
	/* exit() in BEGIN has already moved us to DRAINING. */
	cmpxchg(&state->ds_activity, DTRACE_WARMUP, DTRACE_ACTIVE);
	return 0;
}

/**
 * dtrace_state_stop() - stop tracing and fire END.
 * @state: the consumer, after GO
 *
 * Context: process context, state->ds_lock held. May sleep.
 * Return: 0 (also when already stopped), -EINVAL before GO.
 */
int dtrace_state_stop(struct dtrace_state *state)
{
	int act = READ_ONCE(state->ds_activity);

	if (act == DTRACE_INACTIVE)
		return -EINVAL;
	if (act == DTRACE_STOPPED)
		return 0;

	WRITE_ONCE(state->ds_activity, DTRACE_DRAINING);
	dtrace_sync();		/* every other firing is over */
	dtrace_fire_end(state);
	WRITE_ONCE(state->ds_activity, DTRACE_STOPPED);
	atomic_or(DTRACE_STATUS_STOPPED, &state->ds_status);
	return 0;
}

/* Context: state->ds_lock held. */
void dtrace_state_status(struct dtrace_state *state,
			 struct dtrace_ioc_status *st)
{
	unsigned int cpu;

	st->ds_flags = atomic_read(&state->ds_status);
	smp_rmb();	/* the flag before the value it announces */
	st->ds_exitval = READ_ONCE(state->ds_exitval);
	st->ds_ncpus = nr_cpu_ids;
	st->ds_reentered = atomic64_read(&state->ds_reentered);
	st->ds_specdrops = atomic64_read(&state->ds_specdrops);
	if (state->ds_cpus)
		dtrace_spec_clean(state);	/* DTrace's cleanrate */
	st->ds_specbusy = atomic64_read(&state->ds_specbusy);
	st->ds_specunavail = atomic64_read(&state->ds_specunavail);
	st->ds_specreclaimed = atomic64_read(&state->ds_specreclaimed);
	if (!state->ds_cpus)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		struct dtrace_cpu *c = &state->ds_cpus[cpu];

		st->ds_drops += READ_ONCE(c->dc_drops);
		st->ds_errors += READ_ONCE(c->dc_errors);
		st->ds_aggdrops += READ_ONCE(c->dc_aggdrops);
		if (c->dc_mctx)
			st->ds_dyndrops += READ_ONCE(c->dc_mctx->dm_ms.dyn_drops);
	}
}
