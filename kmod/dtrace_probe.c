// SPDX-License-Identifier: GPL-2.0
/*
 * The probe registry: every probe any provider offers, by id.
 *
 * A new probe gets the lowest free id from 1, so ids of destroyed probes
 * are used again and offering probes over and over (every run of a
 * USDT program) never runs out of them. That is safe because nothing
 * names a probe by id for long: enablings match descriptions and hold
 * the probe itself, and the only probes destroyed before unload are a
 * consumer's own (pid, tracepoint), at its close or when its offer
 * fails, whose ids no other consumer ever saw, and capped providers'
 * probes that no clause holds, which a later description creates again.
 * Probes are created and removed only with dtrace_lock held, in process
 * context.
 */
#include <linux/hash.h>
#include <linux/jhash.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/xarray.h>
#include <linux/glob.h>
#include <linux/string.h>
#include <linux/smp.h>
#include "dtrace_impl.h"

DEFINE_MUTEX(dtrace_lock);
static DEFINE_XARRAY_ALLOC1(dtrace_probes);

/**
 * dtrace_probe_create() - add a probe to the registry.
 * @ops:  its provider
 * @mod:  module name ("" for none); copied
 * @func: function name ("" for none); copied
 * @name: probe name; copied
 * @arg:  the provider's private data, passed back in its callbacks
 *
 * Context: process context, dtrace_lock held.
 * Return: the new probe's id (> 0), or a negative errno.
 */
int dtrace_probe_create(const struct dtrace_provider_ops *ops,
			const char *mod, const char *func, const char *name,
			void *arg)
{
	return dtrace_probe_create_owned(ops, NULL, NULL, mod, func, name,
					 arg);
}

/**
 * dtrace_probe_create_owned() - add a probe one consumer owns.
 * @ops:   its provider
 * @owner: the consumer that alone may list and enable it, or NULL
 * @prov:  its provider name if not @ops->name (pid1234); copied
 * @mod, @func, @name, @arg: as for dtrace_probe_create()
 *
 * An owned probe is destroyed with its owner (dtrace_probe_remove_owner).
 *
 * Context: process context, dtrace_lock held.
 * Return: the new probe's id (> 0), or a negative errno.
 */
int dtrace_probe_create_owned(const struct dtrace_provider_ops *ops,
			      struct dtrace_state *owner,
			      const char *prov, const char *mod,
			      const char *func, const char *name, void *arg)
{
	struct dtrace_probe *probe;
	size_t lm = strlen(mod) + 1, lf = strlen(func) + 1;
	size_t ln = strlen(name) + 1, lp = prov ? strlen(prov) + 1 : 0;
	char *s;
	u32 id;
	int err;

	lockdep_assert_held(&dtrace_lock);
	if (lm > DTRACE_MODNAMELEN || lf > DTRACE_FUNCNAMELEN ||
	    ln > DTRACE_NAMELEN || lp > DTRACE_PROVNAMELEN || lp == 1)
		return -ENAMETOOLONG;

	/* One allocation holds the probe and its names. */
	probe = kzalloc(sizeof(*probe) + lm + lf + ln + lp, GFP_KERNEL);
	if (!probe)
		return -ENOMEM;
	s = (char *)(probe + 1);
	probe->dp_mod = memcpy(s, mod, lm);
	probe->dp_func = memcpy(s + lm, func, lf);
	probe->dp_name = memcpy(s + lm + lf, name, ln);
	probe->dp_prov = prov ? memcpy(s + lm + lf + ln, prov, lp) : ops->name;
	probe->dp_owner = owner;
	probe->dp_ops = ops;
	probe->dp_arg = arg;

	/* Ids fit the int returned, and "id + 1" never wraps. */
	err = xa_alloc(&dtrace_probes, &id, probe, XA_LIMIT(1, INT_MAX),
		       GFP_KERNEL);
	if (err) {
		kfree(probe);
		return err == -EBUSY ? -ENOSPC : err;
	}
	probe->dp_id = id;
	if (owner)
		hlist_add_head(&probe->dp_owned, &owner->ds_probes);
	dtrace_probeidx_add(probe);
	return id;
}

/**
 * dtrace_probe_remove_provider() - remove every probe of a provider.
 * @ops: the provider
 *
 * The provider's probes must no longer be enabled: enablings hold
 * module references through their consumers, so this runs only at
 * module unload or for probes nobody enabled.
 *
 * Context: process context, dtrace_lock held.
 */
void dtrace_probe_remove_provider(const struct dtrace_provider_ops *ops)
{
	struct dtrace_probe *probe;
	unsigned long id;

	lockdep_assert_held(&dtrace_lock);
	xa_for_each(&dtrace_probes, id, probe)
		if (probe->dp_ops == ops)
			dtrace_probe_destroy(probe);
}

/* Let others have dtrace_lock between chunks of a long job of ours. */
void dtrace_lock_breathe(void)
{
	mutex_unlock(&dtrace_lock);
	cond_resched();
	mutex_lock(&dtrace_lock);
}

/**
 * dtrace_probe_remove_owner() - remove every probe a consumer owns.
 * @owner: the consumer, whose clauses are all disabled already
 *
 * Up to hundreds of thousands (pid, USDT, tracepoint): dtrace_lock is
 * dropped between chunks. Nobody else sees or enables the probes of a
 * consumer, and this one is closing, so they stay as they are meanwhile.
 *
 * Context: process context, dtrace_lock held; dropped and taken again.
 */
void dtrace_probe_remove_owner(struct dtrace_state *owner)
{
	struct dtrace_probe *probe;
	u32 n = 0;

	lockdep_assert_held(&dtrace_lock);
	while (!hlist_empty(&owner->ds_probes)) {
		probe = hlist_entry(owner->ds_probes.first, struct dtrace_probe,
				    dp_owned);
		dtrace_probe_destroy(probe);
		if (++n % DTRACE_LOCK_CHUNK == 0)
			dtrace_lock_breathe();
	}
}

/**
 * dtrace_offer_undo() - destroy the probes an offer created.
 * @owner: the consumer that offered them, its ds_lock held throughout the
 *         offer: nobody enabled them, nobody else destroyed them
 * @o:     their ids
 *
 * Context: process context, dtrace_lock not held; taken a chunk at a time.
 */
void dtrace_offer_undo(struct dtrace_state *owner, struct dtrace_offer *o)
{
	struct dtrace_probe *probe;

	mutex_lock(&dtrace_lock);
	while (o->do_n) {
		probe = xa_load(&dtrace_probes, o->do_ids[--o->do_n]);
		if (!WARN_ON_ONCE(!probe || probe->dp_owner != owner))
			dtrace_probe_destroy(probe);
		if (o->do_n && o->do_n % DTRACE_LOCK_CHUNK == 0)
			dtrace_lock_breathe();
	}
	mutex_unlock(&dtrace_lock);
}

/**
 * dtrace_probe_destroy() - remove one probe nobody has enabled.
 * @probe: the probe
 *
 * Context: process context, dtrace_lock held.
 */
void dtrace_probe_destroy(struct dtrace_probe *probe)
{
	lockdep_assert_held(&dtrace_lock);
	WARN_ON_ONCE(probe->dp_nenabled);
	xa_erase(&dtrace_probes, probe->dp_id);
	dtrace_probeidx_del(probe);
	if (probe->dp_owner)
		hlist_del(&probe->dp_owned);
	if (probe->dp_ops->destroy)
		probe->dp_ops->destroy(probe);
	kfree(probe);
}

/**
 * dtrace_probe_reclaim() - destroy a capped provider's probes that no
 * clause holds, so that a cap reached by listings is not reached forever.
 * @ops:  the provider
 * @keep: says which of them stay anyway (always there), or NULL
 *
 * A probe with no enabling has been disabled and committed, so its
 * provider's own teardown waited for handlers in flight; dtrace_sync()
 * also waits out any firing that still holds the probe.
 *
 * Context: process context, dtrace_lock held; called from provide.
 * Return: how many were destroyed: none while an ENABLE is under way.
 */
unsigned int dtrace_probe_reclaim(const struct dtrace_provider_ops *ops,
				  bool (*keep)(const struct dtrace_probe *))
{
	struct dtrace_probe *probe;
	unsigned long id;
	unsigned int n = 0;

	lockdep_assert_held(&dtrace_lock);
	/* an ENABLE between stretches may have matched them: later */
	if (dtrace_ecb_linking)
		return 0;
	dtrace_sync();
	xa_for_each(&dtrace_probes, id, probe) {
		if (probe->dp_ops != ops || probe->dp_nenabled ||
		    (keep && keep(probe)))
			continue;
		dtrace_probe_destroy(probe);
		n++;
	}
	return n;
}

/*
 * A hash of a probe's owner and names, for the providers' indexes of
 * offered probes: an offer looks each entry up, so it stays linear.
 */
u32 dtrace_probe_hash(const struct dtrace_state *owner, const char *prov,
		      const char *mod, const char *func, const char *name)
{
	u32 h = hash_ptr(owner, 32);

	h = jhash(prov, strlen(prov), h);
	h = jhash(mod, strlen(mod), h);
	h = jhash(func, strlen(func), h);
	return jhash(name, strlen(name), h);
}

/* Context: dtrace_lock held. */
struct dtrace_probe *dtrace_probe_lookup(u32 id)
{
	lockdep_assert_held(&dtrace_lock);
	return xa_load(&dtrace_probes, id);
}

/**
 * dtrace_probe_next() - the probe with the lowest id >= *id.
 * @id: in: where to start; out: that probe's id
 *
 * Context: dtrace_lock held.
 * Return: the probe, or NULL when there is none.
 */
struct dtrace_probe *dtrace_probe_next(u32 *id)
{
	unsigned long index = *id;
	struct dtrace_probe *probe;

	lockdep_assert_held(&dtrace_lock);
	probe = xa_find(&dtrace_probes, &index, U32_MAX, XA_PRESENT);
	if (probe)
		*id = index;
	return probe;
}

/* An empty pattern field matches anything; otherwise a shell glob. */
static bool dtrace_field_matches(const char *pat, const char *s)
{
	return !pat[0] || glob_match(pat, s);
}

/*
 * @pat's strings must be NUL-terminated (the ioctl code ensures it).
 * @state: who asks; another consumer's probes never match.
 */
bool dtrace_probe_matches(const struct dtrace_probe *probe,
			  const struct dtrace_probedesc *pat,
			  const struct dtrace_state *state)
{
	if (probe->dp_owner && probe->dp_owner != state)
		return false;
	return dtrace_field_matches(pat->dpd_provider, probe->dp_prov) &&
	       dtrace_field_matches(pat->dpd_mod, probe->dp_mod) &&
	       dtrace_field_matches(pat->dpd_func, probe->dp_func) &&
	       dtrace_field_matches(pat->dpd_name, probe->dp_name);
}

static void dtrace_sync_func(void *unused)
{
}

/**
 * dtrace_sync() - wait until no CPU is in probe context it entered
 * before this call.
 *
 * Probe context runs with interrupts disabled, and a CPU serves the IPI
 * only once they are enabled again, so when every CPU has answered, all
 * firings that could see old state are over. This holds even where RCU
 * is not watching (idle, early entry code).
 *
 * Context: process context, may sleep.
 */
void dtrace_sync(void)
{
	on_each_cpu(dtrace_sync_func, NULL, 1);
}

int dtrace_probe_init(void)
{
	return dtrace_probeidx_init();
}

void dtrace_probe_exit(void)
{
	WARN_ON(!xa_empty(&dtrace_probes));
	xa_destroy(&dtrace_probes);
	dtrace_probeidx_exit();
}
