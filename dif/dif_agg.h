/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Aggregation semantics, defined once for the module and the command:
 * how big a function's value is, which bucket a value falls in, and
 * where each bucket starts. dtrace.ko aggregates with these in probe
 * context; the command sizes its records and labels its rows with the
 * same functions, so the two cannot disagree.
 *
 * Buckets (value words of quantize, lquantize and llquantize):
 *
 *   quantize                 127: DIF_AGG_QZERO (63) holds 0, 64+i
 *                            [2^i, 2^(i+1)), 62-i (-2^(i+1), -2^i];
 *                            bucket 0 also holds INT64_MIN
 *   lquantize(low, high, st) 0 below low, 1+i [low+i*st, low+(i+1)*st),
 *                            the last at or above high
 *   llquantize(f, lo, hi, n) 0 below f^lo; for each magnitude m in
 *                            [lo, hi], buckets of width max(1, f^(m+1)/n)
 *                            from f^m up to f^(m+1) (the last of each
 *                            may be narrower); the last at or above
 *                            f^(hi+1)
 *
 * bpftrace's hist() is quantize and lhist() lquantize.
 *
 * Everything here is a pure function of its arguments, bounded (at most
 * 64 steps of a loop), safe in any context, NMI included.
 */
#ifndef _DIF_AGG_H
#define _DIF_AGG_H

#include "dif_env.h"
#include <dtrace/dtrace_ioctl.h>	/* DTRACE_AGG_*, the ABI's own */

#define DIF_AGG_QBUCKETS	127
#define DIF_AGG_QZERO		63
#define DIF_AGG_LQ_MAXLEVELS	65535
#define DIF_AGG_LLQ_MAXBUCKETS	4096

/*
 * dif_agg_valsize() - bytes of @func's value for parameters @p (four
 * words, see dtrace_ioc_aggdesc), or 0 if @func or @p is invalid.
 */
u32 dif_agg_valsize(u32 func, const s64 *p);

/*
 * dif_agg_bucket() - the value word @x counts in, for the distributions;
 * @p must be parameters dif_agg_valsize() accepted. Always below
 * dif_agg_valsize() / 8.
 */
u32 dif_agg_bucket(u32 func, const s64 *p, s64 x);

/*
 * dif_agg_bucket_low() - the lowest value bucket @i holds, as DTrace
 * labels it (quantize's negative buckets: the bound nearest zero); the
 * first bucket of lquantize and llquantize is "below" this, the last "at
 * or above".
 */
s64 dif_agg_bucket_low(u32 func, const s64 *p, u32 i);

/*
 * dif_agg_apply_weight() - add @x to the value words @v of @func; @fresh
 * when @v was just zeroed for a new key (min and max take @x as it is).
 * The distributions add @weight to @x's bucket (quantize(x, incr)), which
 * may make a bucket negative; the other functions ignore it.
 */
void dif_agg_apply_weight(u32 func, const s64 *p, u64 *v, s64 x, s64 weight,
			  bool fresh);

/* dif_agg_apply() - as dif_agg_apply_weight( ), @x counted once. */
static inline void dif_agg_apply(u32 func, const s64 *p, u64 *v, s64 x,
				 bool fresh)
{
	dif_agg_apply_weight(func, p, v, x, 1, fresh);
}

#endif /* _DIF_AGG_H */
