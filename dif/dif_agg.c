// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregation semantics shared by dtrace.ko and the command: value
 * sizes, buckets and their bounds (see dif_agg.h).
 *
 * Arithmetic on values is done in u64 where s64 could overflow: a
 * difference known to lie in [0, 2^63) is exact either way, and u64
 * wraps where s64 would be undefined.
 */
#include "dif_agg.h"

#define DIF_AGG_S64_MAX	(~0ull >> 1)

/* floor(log2(x)) for x != 0 */
static u32 dif_agg_log2(u64 x)
{
	return 63 - __builtin_clzll(x);
}

static u32 dif_agg_qbucket(s64 x)
{
	u32 l;

	if (x > 0)
		return DIF_AGG_QZERO + 1 + dif_agg_log2(x);	/* at most 126 */
	if (x == 0)
		return DIF_AGG_QZERO;
	l = dif_agg_log2(-(u64)x);	/* 63 for INT64_MIN alone */
	return l >= DIF_AGG_QZERO - 1 ? 0 : DIF_AGG_QZERO - 1 - l;
}

static s64 dif_agg_qlow(u32 i)
{
	if (i >= DIF_AGG_QBUCKETS)
		i = DIF_AGG_QBUCKETS - 1;
	if (i == DIF_AGG_QZERO)
		return 0;
	if (i > DIF_AGG_QZERO)
		return (s64)(1ull << (i - DIF_AGG_QZERO - 1));
	return -(s64)(1ull << (DIF_AGG_QZERO - 1 - i));
}

/* lquantize(low, high, step): the steps from low to high, or 0 if bad. */
static u64 dif_agg_lqlevels(const s64 *p)
{
	u64 span;

	if (p[2] <= 0 || p[1] <= p[0])
		return 0;
	span = (u64)p[1] - (u64)p[0];	/* in [1, 2^64) */
	if (span % (u64)p[2] || span / (u64)p[2] > DIF_AGG_LQ_MAXLEVELS)
		return 0;
	return span / (u64)p[2];
}

static u32 dif_agg_lqbucket(const s64 *p, s64 x)
{
	if (x < p[0])
		return 0;
	if (x >= p[1])
		return ((u64)p[1] - (u64)p[0]) / (u64)p[2] + 1;
	return ((u64)x - (u64)p[0]) / (u64)p[2] + 1;
}

static s64 dif_agg_lqlow(const s64 *p, u32 i)
{
	u64 levels = ((u64)p[1] - (u64)p[0]) / (u64)p[2];

	if (i == 0)
		return p[0];
	if (i > levels)
		return p[1];
	return (s64)((u64)p[0] + (u64)(i - 1) * (u64)p[2]);
}

/* llquantize: the width of a bucket in the magnitude ending at @next. */
static u64 dif_agg_llqwidth(u64 next, const s64 *p)
{
	u64 w = next / (u64)p[3];

	return w ? w : 1;
}

/* Buckets of one magnitude [pow, next): the last may be narrower. */
static u64 dif_agg_llqcount(u64 pow, u64 next, u64 w)
{
	u64 d = next - pow;

	return d / w + (d % w != 0);
}

/* llquantize(factor, low, high, steps): how many buckets, or 0 if bad. */
static u32 dif_agg_llqbuckets(const s64 *p)
{
	u64 factor = (u64)p[0], pow = 1, next, n = 2;	/* below, above */
	s64 m;

	if (p[0] < 2 || p[1] < 0 || p[2] < p[1] || p[2] > 63 || p[3] < 1)
		return 0;
	for (m = 0; m < p[1]; m++)
		if (__builtin_mul_overflow(pow, factor, &pow))
			return 0;
	for (m = p[1]; m <= p[2]; m++) {
		if (__builtin_mul_overflow(pow, factor, &next))
			return 0;
		n += dif_agg_llqcount(pow, next, dif_agg_llqwidth(next, p));
		if (n > DIF_AGG_LLQ_MAXBUCKETS)
			return 0;
		pow = next;
	}
	/* a bound no s64 value reaches would be an empty, mislabelled row */
	if (pow > DIF_AGG_S64_MAX)
		return 0;
	return (u32)n;
}

/* Needs parameters dif_agg_llqbuckets() accepted: no product overflows. */
static u32 dif_agg_llqbucket(const s64 *p, s64 x)
{
	u64 factor = (u64)p[0], pow = 1, v = (u64)x, n = 1, next, w;
	s64 m;

	if (x <= 0)
		return 0;
	for (m = 0; m < p[1]; m++)
		pow *= factor;
	if (v < pow)
		return 0;
	for (m = p[1]; m <= p[2]; m++) {
		next = pow * factor;
		w = dif_agg_llqwidth(next, p);
		if (v < next)
			return n + (v - pow) / w;
		n += dif_agg_llqcount(pow, next, w);
		pow = next;
	}
	return n;
}

static s64 dif_agg_llqlow(const s64 *p, u32 i)
{
	u64 factor = (u64)p[0], pow = 1, n = 1, next, w, c;
	s64 m;

	for (m = 0; m < p[1]; m++)
		pow *= factor;
	if (i == 0)
		return (s64)pow;
	for (m = p[1]; m <= p[2]; m++) {
		next = pow * factor;
		w = dif_agg_llqwidth(next, p);
		c = dif_agg_llqcount(pow, next, w);
		if (i < n + c)
			return (s64)(pow + (i - n) * w);
		n += c;
		pow = next;
	}
	return (s64)pow;
}

u32 dif_agg_valsize(u32 func, const s64 *p)
{
	switch (func) {
	case DTRACE_AGG_COUNT:
	case DTRACE_AGG_SUM:
	case DTRACE_AGG_MIN:
	case DTRACE_AGG_MAX:
		return 8;
	case DTRACE_AGG_AVG:
		return 16;
	case DTRACE_AGG_STDDEV:
		return 32;
	case DTRACE_AGG_QUANTIZE:
		return DIF_AGG_QBUCKETS * 8;
	case DTRACE_AGG_LQUANTIZE:
		if (!dif_agg_lqlevels(p))
			return 0;
		return (u32)(dif_agg_lqlevels(p) + 2) * 8;
	case DTRACE_AGG_LLQUANTIZE:
		return dif_agg_llqbuckets(p) * 8;
	default:
		return 0;
	}
}

u32 dif_agg_bucket(u32 func, const s64 *p, s64 x)
{
	switch (func) {
	case DTRACE_AGG_QUANTIZE:
		return dif_agg_qbucket(x);
	case DTRACE_AGG_LQUANTIZE:
		return dif_agg_lqbucket(p, x);
	case DTRACE_AGG_LLQUANTIZE:
		return dif_agg_llqbucket(p, x);
	default:
		return 0;
	}
}

s64 dif_agg_bucket_low(u32 func, const s64 *p, u32 i)
{
	switch (func) {
	case DTRACE_AGG_QUANTIZE:
		return dif_agg_qlow(i);
	case DTRACE_AGG_LQUANTIZE:
		return dif_agg_lqlow(p, i);
	case DTRACE_AGG_LLQUANTIZE:
		return dif_agg_llqlow(p, i);
	default:
		return 0;
	}
}

void dif_agg_apply_weight(u32 func, const s64 *p, u64 *v, s64 x, s64 weight,
			  bool fresh)
{
	unsigned __int128 sq;
	u64 ux = x < 0 ? -(u64)x : (u64)x;

	switch (func) {
	case DTRACE_AGG_COUNT:
		v[0]++;
		break;
	case DTRACE_AGG_SUM:
		v[0] += (u64)x;
		break;
	case DTRACE_AGG_AVG:
		v[0]++;
		v[1] += (u64)x;
		break;
	case DTRACE_AGG_MIN:
		if (fresh || x < (s64)v[0])
			v[0] = (u64)x;
		break;
	case DTRACE_AGG_MAX:
		if (fresh || x > (s64)v[0])
			v[0] = (u64)x;
		break;
	case DTRACE_AGG_STDDEV:	/* count, sum, sum of squares in 128 bits */
		v[0]++;
		v[1] += (u64)x;
		sq = ((unsigned __int128)v[2] << 64 | v[3]) +
		     (unsigned __int128)ux * ux;
		v[2] = (u64)(sq >> 64);
		v[3] = (u64)sq;
		break;
	case DTRACE_AGG_QUANTIZE:
	case DTRACE_AGG_LQUANTIZE:
	case DTRACE_AGG_LLQUANTIZE:
		/* u64 wraps where s64 could overflow: a total, signed */
		v[dif_agg_bucket(func, p, x)] += (u64)weight;
		break;
	}
}
