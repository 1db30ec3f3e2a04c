// SPDX-License-Identifier: GPL-2.0
/*
 * In-kernel aggregations.
 *
 * Each CPU aggregates into its own buffer pair, without locks (probe
 * context has interrupts off). A buffer is an arena of records, one per
 * (aggregation, key), found through a hash table of chains:
 *
 *   buckets[h] --> rec --dar_next--> rec --> NIL
 *   arena: | aggrec | key | value | aggrec | key | value | ...  offset->
 *
 * AGGSNAP switches the pair, like BUFSNAP, and hands the consumer the
 * retired arena: what was aggregated on that CPU since the last snapshot.
 * The consumer adds those up; clear(), trunc() and normalize() are its
 * business. A key that does not fit in the arena is dropped and counted.
 *
 * Keys are the script's, so may be the user's (file and process names):
 * the hash is seeded at random for each buffer at each reset (process
 * context), there is a bucket per DTRACE_AGG_BUCKET_BYTES of arena, and
 * each step along a chain is charged to the firing's budget, which ends
 * the firing (DIF_FAULT_BUDGET) however long a chain someone built.
 */
#include <linux/random.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"
#include "dif_agg.h"

#define DTRACE_AGG_NIL		0xffffffffu

/**
 * dtrace_agg_declare() - the AGGDESC ioctl: declare one aggregation.
 * @state: the consumer, before GO
 * @d:     the descriptor, size and reserved fields checked; da_id and
 *         da_valsize are filled in
 *
 * Context: process context, state->ds_lock held.
 */
int dtrace_agg_declare(struct dtrace_state *state,
		       struct dtrace_ioc_aggdesc *d)
{
	struct dtrace_aggdesc *ad;

	if (state->ds_activity != DTRACE_INACTIVE)
		return -EBUSY;
	if (state->ds_naggs >= DTRACE_AGGS_MAX)
		return -ENOSPC;
	if (d->da_id || d->da_valsize || d->da_keysize % 8 ||
	    d->da_keysize > DTRACE_AGGKEY_MAX)
		return -EINVAL;
	d->da_valsize = dif_agg_valsize(d->da_func, d->da_params);
	if (!d->da_valsize)
		return -EINVAL;
	if (!state->ds_aggs) {
		state->ds_aggs = kcalloc(DTRACE_AGGS_MAX, sizeof(*ad),
					 GFP_KERNEL_ACCOUNT);
		if (!state->ds_aggs)
			return -ENOMEM;
	}
	ad = &state->ds_aggs[state->ds_naggs];
	ad->ad_func = d->da_func;
	ad->ad_keysize = d->da_keysize;
	ad->ad_valsize = d->da_valsize;
	memcpy(ad->ad_params, d->da_params, sizeof(ad->ad_params));
	d->da_id = state->ds_naggs++;
	return 0;
}

/* Context: process context (GO, AGGSNAP), the buffer not in use. */
static void dtrace_aggbuf_reset(struct dtrace_aggbuf *b)
{
	b->ab_offset = 0;
	b->ab_seed = get_random_u32();
	memset(b->ab_buckets, 0xff, b->ab_nbuckets * sizeof(u32));
}

/* A power of 2 near one per DTRACE_AGG_BUCKET_BYTES of @aggsize. */
static u32 dtrace_agg_nbuckets(u64 aggsize)
{
	u32 n = DTRACE_AGG_BUCKETS_MIN;

	while (n < DTRACE_AGG_BUCKETS_MAX &&
	       (u64)n * DTRACE_AGG_BUCKET_BYTES < aggsize)
		n *= 2;
	return n;
}

/* Context: process context; GO. Frees nothing on failure: see free. */
int dtrace_agg_alloc(struct dtrace_state *state, struct dtrace_cpu *c,
		     int node)
{
	gfp_t gfp = GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
	int i;

	/*
	 * The key buffer always: a clause may build a key (AGGKEY) without
	 * aggregating it, and probe context must have somewhere to put it.
	 */
	c->dc_aggkey = kzalloc_node(DTRACE_AGGKEY_MAX, gfp, node);
	if (!c->dc_aggkey)
		return -ENOMEM;
	if (!state->ds_naggs)
		return 0;
	for (i = 0; i < 2; i++) {
		struct dtrace_aggbuf *b = &c->dc_aggbufs[i];

		b->ab_nbuckets = dtrace_agg_nbuckets(state->ds_aggsize);
		b->ab_data = kvzalloc_node(state->ds_aggsize, gfp, node);
		b->ab_buckets = kvmalloc_node(b->ab_nbuckets * sizeof(u32),
					      gfp, node);
		if (!b->ab_data || !b->ab_buckets)
			return -ENOMEM;
		dtrace_aggbuf_reset(b);
	}
	return 0;
}

void dtrace_agg_free(struct dtrace_cpu *c)
{
	int i;

	for (i = 0; i < 2; i++) {
		kvfree(c->dc_aggbufs[i].ab_data);
		kvfree(c->dc_aggbufs[i].ab_buckets);
	}
	kfree(c->dc_aggkey);
}

/*
 * A key's hash, a word at a time over its data rounded up to a word:
 * the key is zero past its data, and a key size is a multiple of 8. The
 * buffer's random seed, the aggregation and the length go in first.
 */
static u32 dtrace_agg_hash(const char *k, u32 len, u32 seed, u32 id)
{
	u64 h = ((u64)seed << 32 | seed) ^ ((u64)id << 32 | len), w;
	u32 n;

	for (n = 0; n < len; n += 8, k += 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	h *= 0xc4ceb9fe1a85ec53ull;
	return (u32)(h ^ h >> 32);
}

/* Equal hashes: equal keys, a word at a time as dtrace_agg_hash(). */
static bool dtrace_agg_keyeq(const char *a, const char *b, u32 len)
{
	u64 x, y;
	u32 n;

	for (n = 0; n < len; n += 8, a += 8, b += 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return false;
	}
	return true;
}

/* count() and sum(), most aggregations, without the general switch. */
static void dtrace_agg_apply(const struct dtrace_aggdesc *ad, u64 *v, s64 x,
			     s64 weight, bool fresh)
{
	if (ad->ad_func == DTRACE_AGG_COUNT)
		v[0]++;
	else if (ad->ad_func == DTRACE_AGG_SUM)
		v[0] += (u64)x;
	else
		dif_agg_apply_weight(ad->ad_func, ad->ad_params, v, x, weight,
				     fresh);
}

/**
 * dtrace_aggregate() - add @x to aggregation @id under the key this CPU
 * has built.
 * @state: the consumer
 * @c:     this CPU's part of it
 * @ms:    the firing's state, charged each step along the chain
 * @id:    the aggregation, checked at ENABLE
 * @x:     the value
 * @weight: what the distributions add to @x's bucket (1, or an AGGWEIGHT)
 *
 * Context: probe context.
 * Return: 0, or DIF_FAULT_BUDGET (nothing aggregated) once the budget is
 * spent.
 */
int dtrace_aggregate(struct dtrace_state *state, struct dtrace_cpu *c,
		     struct dif_mstate *ms, u32 id, s64 x, s64 weight)
{
	const struct dtrace_aggdesc *ad = &state->ds_aggs[id];
	struct dtrace_aggbuf *b = &c->dc_aggbufs[c->dc_aggactive];
	u32 ks = ad->ad_keysize, size, h, off, *bucket;
	/*
	 * Equal keys have equal data extents; the rest is zero in both, up
	 * to ks, a multiple of 8.
	 */
	u32 len = (min(c->dc_aggkeylen, ks) + 7) & ~7u;
	struct dtrace_aggrec *r;

	h = dtrace_agg_hash(c->dc_aggkey, len, b->ab_seed, id);
	bucket = &b->ab_buckets[h & (b->ab_nbuckets - 1)];
	for (off = *bucket; off != DTRACE_AGG_NIL; off = r->dar_next) {
		if (!dif_budget_charge(ms, DIF_COST_CHAIN))
			return DIF_FAULT_BUDGET;
		r = (struct dtrace_aggrec *)(b->ab_data + off);
		if (r->dar_hash == h && r->dar_id == id &&
		    dtrace_agg_keyeq((char *)(r + 1), c->dc_aggkey, len)) {
			dtrace_agg_apply(ad, (u64 *)((char *)(r + 1) + ks), x,
					 weight, false);
			return 0;
		}
	}

	size = sizeof(*r) + ks + ad->ad_valsize;
	if (b->ab_offset + size > state->ds_aggsize) {
		c->dc_aggdrops++;
		return 0;
	}
	r = (struct dtrace_aggrec *)(b->ab_data + b->ab_offset);
	r->dar_id = id;
	r->dar_size = size;
	r->dar_hash = h;
	memcpy(r + 1, c->dc_aggkey, ks);
	memset((char *)(r + 1) + ks, 0, ad->ad_valsize);
	dtrace_agg_apply(ad, (u64 *)((char *)(r + 1) + ks), x, weight, true);
	r->dar_next = *bucket;
	*bucket = b->ab_offset;
	b->ab_offset += size;
	return 0;
}

struct dtrace_aggswitch {
	struct dtrace_cpu	*as_cpu;
	u64			as_drops;
};

/* Runs on the buffer's own CPU with interrupts off. */
static void dtrace_agg_switch(void *arg)
{
	struct dtrace_aggswitch *sw = arg;

	sw->as_cpu->dc_aggactive ^= 1;
	sw->as_drops = sw->as_cpu->dc_aggdrops;
}

/**
 * dtrace_agg_snap() - the AGGSNAP ioctl for one CPU.
 * @state: the consumer, after GO
 * @snap:  the request, size and reserved fields checked
 *
 * Context: process context, state->ds_lock held.
 */
int dtrace_agg_snap(struct dtrace_state *state,
		    struct dtrace_ioc_bufsnap *snap)
{
	struct dtrace_aggswitch sw = { };
	struct dtrace_aggbuf *b;
	struct dtrace_cpu *c;
	int err;

	if (snap->db_cpu >= nr_cpu_ids || snap->db_bufsize < state->ds_aggsize)
		return -EINVAL;
	c = &state->ds_cpus[snap->db_cpu];
	if (!c->dc_mctx)
		return -ENXIO;
	if (!c->dc_aggbufs[0].ab_data) {	/* no aggregations */
		snap->db_bufsize = 0;
		snap->db_drops = 0;
		return 0;
	}
	sw.as_cpu = c;
	err = smp_call_function_single(snap->db_cpu, dtrace_agg_switch, &sw, 1);
	if (err)
		return err;

	b = &c->dc_aggbufs[c->dc_aggactive ^ 1];
	if (copy_to_user(u64_to_user_ptr(snap->db_buf), b->ab_data,
			 b->ab_offset))
		return -EFAULT;
	snap->db_bufsize = b->ab_offset;
	snap->db_drops = sw.as_drops;
	dtrace_aggbuf_reset(b);
	return 0;
}
