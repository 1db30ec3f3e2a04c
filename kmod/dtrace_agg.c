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
 */
#include <linux/jhash.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"

#define DTRACE_AGG_NIL		0xffffffffu
#define DTRACE_QUANTIZE_BUCKETS	127
#define DTRACE_QUANTIZE_ZERO	63
#define DTRACE_LQUANTIZE_MAXLEVELS	65535
#define DTRACE_LLQUANTIZE_MAXBUCKETS	4096

/* Buckets of llquantize(factor, low, high, steps): see architecture.md. */
static u64 dtrace_llq_width(u64 pow_next, u64 steps)
{
	return max_t(u64, 1, div64_u64(pow_next, steps));
}

static int dtrace_llq_nbuckets(const s64 *p)
{
	u64 factor = p[0], pow = 1, n = 2;	/* underflow, overflow */
	s64 m;

	if (factor < 2 || p[1] < 0 || p[2] < p[1] || p[3] < 1 ||
	    p[2] > 63)
		return -EINVAL;
	for (m = 0; m < p[1]; m++)
		if (check_mul_overflow(pow, factor, &pow))
			return -EINVAL;
	for (m = p[1]; m <= p[2]; m++) {
		u64 next;

		if (check_mul_overflow(pow, factor, &next))
			return -EINVAL;
		n += div64_u64(next - pow, dtrace_llq_width(next, p[3]));
		if (n > DTRACE_LLQUANTIZE_MAXBUCKETS)
			return -EINVAL;
		pow = next;
	}
	return n;
}

static u32 dtrace_llq_bucket(const s64 *p, s64 x)
{
	u64 factor = p[0], pow = 1, v = x, n = 1;
	s64 m;

	if (x <= 0)
		return 0;
	for (m = 0; m < p[1]; m++)
		pow *= factor;
	if (v < pow)
		return 0;
	for (m = p[1]; m <= p[2]; m++) {
		u64 next = pow * factor, w = dtrace_llq_width(next, p[3]);

		if (v < next)
			return n + div64_u64(v - pow, w);
		n += div64_u64(next - pow, w);
		pow = next;
	}
	return n;	/* overflow */
}

/* Check a descriptor and work out its value size. */
static int dtrace_aggdesc_size(struct dtrace_ioc_aggdesc *d)
{
	const s64 *p = d->da_params;
	s64 span;
	int n;

	switch (d->da_func) {
	case DTRACE_AGG_COUNT:
	case DTRACE_AGG_SUM:
	case DTRACE_AGG_MIN:
	case DTRACE_AGG_MAX:
		d->da_valsize = 8;
		return 0;
	case DTRACE_AGG_AVG:
		d->da_valsize = 16;
		return 0;
	case DTRACE_AGG_STDDEV:
		d->da_valsize = 32;
		return 0;
	case DTRACE_AGG_QUANTIZE:
		d->da_valsize = DTRACE_QUANTIZE_BUCKETS * 8;
		return 0;
	case DTRACE_AGG_LQUANTIZE:
		if (p[2] <= 0 || p[1] <= p[0] || check_sub_overflow(p[1], p[0], &span) ||
		    div64_s64(span, p[2]) > DTRACE_LQUANTIZE_MAXLEVELS ||
		    span % p[2])
			return -EINVAL;
		d->da_valsize = (div64_s64(span, p[2]) + 2) * 8;
		return 0;
	case DTRACE_AGG_LLQUANTIZE:
		n = dtrace_llq_nbuckets(p);
		if (n < 0)
			return n;
		d->da_valsize = n * 8;
		return 0;
	default:
		return -EINVAL;
	}
}

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
	int err;

	if (state->ds_activity != DTRACE_INACTIVE)
		return -EBUSY;
	if (state->ds_naggs >= DTRACE_AGGS_MAX)
		return -ENOSPC;
	if (d->da_id || d->da_valsize || d->da_keysize % 8 ||
	    d->da_keysize > DTRACE_AGGKEY_MAX)
		return -EINVAL;
	err = dtrace_aggdesc_size(d);
	if (err)
		return err;
	if (!state->ds_aggs) {
		state->ds_aggs = kcalloc(DTRACE_AGGS_MAX, sizeof(*ad),
					 GFP_KERNEL);
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

static void dtrace_aggbuf_reset(struct dtrace_aggbuf *b)
{
	b->ab_offset = 0;
	memset(b->ab_buckets, 0xff, DTRACE_AGG_BUCKETS * sizeof(u32));
}

/* Context: process context; GO. Frees nothing on failure: see free. */
int dtrace_agg_alloc(struct dtrace_state *state, struct dtrace_cpu *c,
		     int node)
{
	gfp_t gfp = GFP_KERNEL | __GFP_NOWARN | __GFP_RETRY_MAYFAIL;
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

		b->ab_data = kvzalloc_node(state->ds_aggsize, gfp, node);
		b->ab_buckets = kvmalloc_node(DTRACE_AGG_BUCKETS * sizeof(u32),
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

static u32 dtrace_quantize_bucket(s64 x)
{
	if (x > 0)
		return DTRACE_QUANTIZE_ZERO + 1 + ilog2((u64)x);
	if (x < 0)
		return DTRACE_QUANTIZE_ZERO - 1 - ilog2(-(u64)x);
	return DTRACE_QUANTIZE_ZERO;
}

static u32 dtrace_lquantize_bucket(const s64 *p, s64 x)
{
	if (x < p[0])
		return 0;
	if (x >= p[1])
		return div64_s64(p[1] - p[0], p[2]) + 1;
	return div64_s64(x - p[0], p[2]) + 1;
}

static void dtrace_agg_apply(const struct dtrace_aggdesc *ad, u64 *v, s64 x,
			     bool fresh)
{
	unsigned __int128 sq;

	switch (ad->ad_func) {
	case DTRACE_AGG_COUNT:
		v[0]++;
		break;
	case DTRACE_AGG_SUM:
		v[0] += x;
		break;
	case DTRACE_AGG_AVG:
		v[0]++;
		v[1] += x;
		break;
	case DTRACE_AGG_MIN:
		if (fresh || x < (s64)v[0])
			v[0] = x;
		break;
	case DTRACE_AGG_MAX:
		if (fresh || x > (s64)v[0])
			v[0] = x;
		break;
	case DTRACE_AGG_STDDEV:
		v[0]++;
		v[1] += x;
		sq = ((unsigned __int128)v[2] << 64 | v[3]) +
		     (unsigned __int128)((s64)x < 0 ? -(u64)x : (u64)x) *
		     ((s64)x < 0 ? -(u64)x : (u64)x);
		v[2] = sq >> 64;
		v[3] = (u64)sq;
		break;
	case DTRACE_AGG_QUANTIZE:
		v[dtrace_quantize_bucket(x)]++;
		break;
	case DTRACE_AGG_LQUANTIZE:
		v[dtrace_lquantize_bucket(ad->ad_params, x)]++;
		break;
	case DTRACE_AGG_LLQUANTIZE:
		v[dtrace_llq_bucket(ad->ad_params, x)]++;
		break;
	}
}

/**
 * dtrace_aggregate() - add @x to aggregation @id under the key this CPU
 * has built.
 * @state: the consumer
 * @c:     this CPU's part of it
 * @id:    the aggregation, checked at ENABLE
 * @x:     the value
 *
 * Context: probe context.
 */
void dtrace_aggregate(struct dtrace_state *state, struct dtrace_cpu *c,
		      u32 id, s64 x)
{
	const struct dtrace_aggdesc *ad = &state->ds_aggs[id];
	struct dtrace_aggbuf *b = &c->dc_aggbufs[c->dc_aggactive];
	u32 ks = ad->ad_keysize, size, h, off;
	/* Equal keys have equal data extents; the rest is zero in both. */
	u32 len = min(c->dc_aggkeylen, ks);
	struct dtrace_aggrec *r;

	h = jhash(c->dc_aggkey, len, id ^ len << 16);
	for (off = b->ab_buckets[h % DTRACE_AGG_BUCKETS]; off != DTRACE_AGG_NIL;
	     off = r->dar_next) {
		r = (struct dtrace_aggrec *)(b->ab_data + off);
		if (r->dar_hash == h && r->dar_id == id &&
		    !memcmp(r + 1, c->dc_aggkey, len)) {
			dtrace_agg_apply(ad, (u64 *)((char *)(r + 1) + ks), x,
					 false);
			return;
		}
	}

	size = sizeof(*r) + ks + ad->ad_valsize;
	if (b->ab_offset + size > state->ds_aggsize) {
		c->dc_aggdrops++;
		return;
	}
	r = (struct dtrace_aggrec *)(b->ab_data + b->ab_offset);
	r->dar_id = id;
	r->dar_size = size;
	r->dar_hash = h;
	memcpy(r + 1, c->dc_aggkey, ks);
	memset((char *)(r + 1) + ks, 0, ad->ad_valsize);
	dtrace_agg_apply(ad, (u64 *)((char *)(r + 1) + ks), x, true);
	r->dar_next = b->ab_buckets[h % DTRACE_AGG_BUCKETS];
	b->ab_buckets[h % DTRACE_AGG_BUCKETS] = b->ab_offset;
	b->ab_offset += size;
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
