// SPDX-License-Identifier: GPL-2.0
/*
 * The probe registry indexed by function, and by probe name.
 *
 * Once fbt has offered every kernel function there are some 80,000
 * probes, and an ENABLE and a listing walked them all, a few times for
 * each clause of a script, as did a provider looking for a probe it may
 * have made. A description that names its function exactly
 * (fbt::vfs_read:entry, syscall::openat:entry), or its probe exactly
 * (BEGIN, profile:::tick-1s), finds its probes in one bucket instead.
 * A bucket longer than a chunk (every probe named entry, many sites of
 * one function) leaves the caller to walk every probe as before, so a
 * hostile consumer's offers can slow only that, never make it
 * unbounded.
 */
#include <linux/jhash.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include "dtrace_impl.h"

#define DTRACE_PROBEIDX_SIZE	(1U << 13)

static struct hlist_head *dtrace_byfunc, *dtrace_byname;

static struct hlist_head *dtrace_probeidx_func(const char *func)
{
	u32 h = jhash(func, strlen(func), 0);

	return &dtrace_byfunc[h & (DTRACE_PROBEIDX_SIZE - 1)];
}

static struct hlist_head *dtrace_probeidx_name(const char *name)
{
	u32 h = jhash(name, strlen(name), 0);

	return &dtrace_byname[h & (DTRACE_PROBEIDX_SIZE - 1)];
}

/* Context: dtrace_lock held, the probe named and not yet visible. */
void dtrace_probeidx_add(struct dtrace_probe *probe)
{
	lockdep_assert_held(&dtrace_lock);
	hlist_add_head(&probe->dp_byfunc, dtrace_probeidx_func(probe->dp_func));
	hlist_add_head(&probe->dp_byname, dtrace_probeidx_name(probe->dp_name));
}

/* Context: dtrace_lock held. */
void dtrace_probeidx_del(struct dtrace_probe *probe)
{
	lockdep_assert_held(&dtrace_lock);
	hlist_del(&probe->dp_byfunc);
	hlist_del(&probe->dp_byname);
}

/* A pattern field that only its own text matches (lib/glob.c). */
static bool dtrace_probeidx_exact(const char *s)
{
	return s[0] && !strpbrk(s, "*?[\\");
}

static bool dtrace_probeidx_is(const struct dtrace_probe *probe,
			       const struct dtrace_provider_ops *ops,
			       const char *mod, const char *func,
			       const char *name)
{
	return probe->dp_ops == ops && !strcmp(probe->dp_func, func) &&
	       !strcmp(probe->dp_name, name) &&
	       (!mod || !strcmp(probe->dp_mod, mod));
}

static int dtrace_probeidx_cmp(const void *a, const void *b)
{
	u32 x = (*(struct dtrace_probe * const *)a)->dp_id;
	u32 y = (*(struct dtrace_probe * const *)b)->dp_id;

	return x < y ? -1 : x > y;
}

/* @head's probes matching @pat into @v, or -E2BIG for a long bucket. */
static int dtrace_probeidx_scan(struct hlist_head *head, size_t off,
				const struct dtrace_probedesc *pat,
				const struct dtrace_state *state,
				struct dtrace_probe **v)
{
	struct hlist_node *node;
	int n = 0, seen = 0;

	hlist_for_each(node, head) {
		struct dtrace_probe *probe = (void *)((char *)node - off);

		if (++seen > DTRACE_SHORTLIST_MAX)
			return -E2BIG;
		if (dtrace_probe_matches(probe, pat, state))
			v[n++] = probe;
	}
	sort(v, n, sizeof(*v), dtrace_probeidx_cmp, NULL);
	return n;
}

/**
 * dtrace_probe_shortlist() - the probes matching a description, from
 * the index.
 * @pat:   the description, its strings NUL-terminated
 * @state: who asks; another consumer's probes never match
 * @v:     room for DTRACE_SHORTLIST_MAX probes
 *
 * Context: dtrace_lock held; the probes are valid while it is.
 * Return: how many match, in @v in id order; -E2BIG when the index
 * cannot tell (no exact field, or a long bucket): walk every probe.
 */
int dtrace_probe_shortlist(const struct dtrace_probedesc *pat,
			   const struct dtrace_state *state,
			   struct dtrace_probe **v)
{
	int n = -E2BIG;

	lockdep_assert_held(&dtrace_lock);
	if (dtrace_probeidx_exact(pat->dpd_func))
		n = dtrace_probeidx_scan(dtrace_probeidx_func(pat->dpd_func),
					 offsetof(struct dtrace_probe,
						  dp_byfunc),
					 pat, state, v);
	if (n == -E2BIG && dtrace_probeidx_exact(pat->dpd_name))
		n = dtrace_probeidx_scan(dtrace_probeidx_name(pat->dpd_name),
					 offsetof(struct dtrace_probe,
						  dp_byname),
					 pat, state, v);
	return n;
}

/**
 * dtrace_probe_find() - a provider's probe by its names.
 * @ops:  the provider
 * @mod:  its module, or NULL for any
 * @func: its function ("" for none)
 * @name: its name
 *
 * For a provider that makes probes as descriptions name them: is this
 * one made already? Its bucket holds every probe of that function or,
 * without one, of that name: never a walk of every probe.
 *
 * Context: dtrace_lock held.
 * Return: the probe, or NULL.
 */
struct dtrace_probe *dtrace_probe_find(const struct dtrace_provider_ops *ops,
				       const char *mod, const char *func,
				       const char *name)
{
	struct dtrace_probe *probe;

	lockdep_assert_held(&dtrace_lock);
	if (func[0]) {
		hlist_for_each_entry(probe, dtrace_probeidx_func(func),
				     dp_byfunc)
			if (dtrace_probeidx_is(probe, ops, mod, func, name))
				return probe;
		return NULL;
	}
	hlist_for_each_entry(probe, dtrace_probeidx_name(name), dp_byname)
		if (dtrace_probeidx_is(probe, ops, mod, func, name))
			return probe;
	return NULL;
}

int dtrace_probeidx_init(void)
{
	dtrace_byfunc = kvcalloc(DTRACE_PROBEIDX_SIZE, sizeof(*dtrace_byfunc),
				 GFP_KERNEL);
	dtrace_byname = kvcalloc(DTRACE_PROBEIDX_SIZE, sizeof(*dtrace_byname),
				 GFP_KERNEL);
	if (dtrace_byfunc && dtrace_byname)
		return 0;
	dtrace_probeidx_exit();
	return -ENOMEM;
}

void dtrace_probeidx_exit(void)
{
	kvfree(dtrace_byfunc);
	kvfree(dtrace_byname);
	dtrace_byfunc = NULL;
	dtrace_byname = NULL;
}
