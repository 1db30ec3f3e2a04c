// SPDX-License-Identifier: GPL-2.0
/*
 * The shared aggregation semantics (dif/dif_agg.c) over extreme values
 * and parameters: every bucket index is inside the value, every value
 * lies between its bucket's bound and the next one's, and the command's
 * dt_agg_value() writes only inside a value of dt_agg_valsize() bytes
 * (on the heap, so ASan sees a stray write).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_agg.h"
#include "kselftest_harness.h"

/* INT64_MIN, INT64_MAX, 0, ±1, every ±2^k and ±2^k±1 */
static size_t extremes(int64_t *x)
{
	size_t n = 0;
	int k;

	x[n++] = INT64_MIN;
	x[n++] = INT64_MIN + 1;
	x[n++] = INT64_MAX;
	x[n++] = INT64_MAX - 1;
	x[n++] = 0;
	for (k = 0; k < 63; k++) {
		int64_t p = (int64_t)(1ull << k);

		x[n++] = p;
		x[n++] = p - 1;
		x[n++] = p + 1;
		x[n++] = -p;
		x[n++] = -p - 1;
		x[n++] = -p + 1;
	}
	return n;
}

/* x is in bucket b of an n-bucket distribution, by the bounds */
static int inside(uint32_t f, const int64_t *p, uint32_t n, uint32_t b,
		  int64_t x)
{
	if (f == DTRACE_AGG_QUANTIZE) {
		if (x == 0)
			return b == DIF_AGG_QZERO;
		if (x > 0)
			return x >= dif_agg_bucket_low(f, p, b) &&
				(b == n - 1 || x < dif_agg_bucket_low(f, p, b + 1));
		/* negative: (-2^(63-b), -2^(62-b)], bucket 0 to INT64_MIN */
		return x <= dif_agg_bucket_low(f, p, b) &&
			(b == 0 || x > dif_agg_bucket_low(f, p, b - 1));
	}
	if (b == 0)
		return x < dif_agg_bucket_low(f, p, 1);
	if (b == n - 1)
		return x >= dif_agg_bucket_low(f, p, n - 1);
	return x >= dif_agg_bucket_low(f, p, b) &&
		x < dif_agg_bucket_low(f, p, b + 1);
}

/* Every extreme value, and both sides of every bound, land inside. */
static int check_all(struct __test_metadata *_metadata, uint32_t f,
		     const int64_t *p)
{
	uint32_t vs = dif_agg_valsize(f, p), n = vs / 8, b, i;
	int64_t xs[512];
	size_t nx = extremes(xs), j;
	uint64_t *v;

	EXPECT_NE(0, vs);
	if (!vs)
		return -1;
	for (i = 1; f != DTRACE_AGG_QUANTIZE && i + 1 < n; i++)
		EXPECT_LT(dif_agg_bucket_low(f, p, i),
			  dif_agg_bucket_low(f, p, i + 1));
	for (j = 0; j < nx; j++) {
		b = dif_agg_bucket(f, p, xs[j]);
		ASSERT_LT(b, n);
		EXPECT_TRUE(inside(f, p, n, b, xs[j]))
			TH_LOG("value %lld in bucket %u of %u",
			       (long long)xs[j], b, n);
	}
	for (i = 0; i < n; i++) {
		int64_t lo = dif_agg_bucket_low(f, p, i);
		int64_t near[3] = { lo, lo - (lo > INT64_MIN),
				    lo + (lo < INT64_MAX) };

		for (j = 0; j < 3; j++) {
			b = dif_agg_bucket(f, p, near[j]);
			ASSERT_LT(b, n);
			EXPECT_TRUE(inside(f, p, n, b, near[j]))
				TH_LOG("value %lld in bucket %u of %u",
				       (long long)near[j], b, n);
		}
	}
	/* all of them at once into a value exactly valsize long */
	v = malloc(vs);
	ASSERT_NE(NULL, v);
	memset(v, 0, vs);
	for (j = 0; j < nx; j++)
		dif_agg_apply(f, p, v, xs[j], false);
	for (i = 0, j = 0; i < n; i++)
		j += v[i];
	EXPECT_EQ(nx, j);
	free(v);
	return 0;
}

TEST(quantize_extremes)
{
	static const struct { int64_t x; uint32_t b; } t[] = {
		{ INT64_MIN, 0 }, { INT64_MIN + 1, 0 },
		{ -(1ll << 62) - 1, 0 }, { -(1ll << 62), 0 },
		{ -(1ll << 62) + 1, 1 }, { -4, 60 }, { -3, 61 }, { -2, 61 },
		{ -1, 62 }, { 0, 63 }, { 1, 64 }, { 2, 65 }, { 3, 65 },
		{ 4, 66 }, { (1ll << 62) - 1, 125 }, { 1ll << 62, 126 },
		{ INT64_MAX, 126 },
	};
	size_t i;

	ASSERT_EQ(127 * 8, dif_agg_valsize(DTRACE_AGG_QUANTIZE, NULL));
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		EXPECT_EQ(t[i].b, dif_agg_bucket(DTRACE_AGG_QUANTIZE, NULL,
						 t[i].x))
			TH_LOG("quantize(%lld)", (long long)t[i].x);
	EXPECT_EQ(-(1ll << 62), dif_agg_bucket_low(DTRACE_AGG_QUANTIZE,
						   NULL, 0));
	EXPECT_EQ(1ll << 62, dif_agg_bucket_low(DTRACE_AGG_QUANTIZE, NULL,
						126));
	check_all(_metadata, DTRACE_AGG_QUANTIZE, NULL);
}

/* lquantize(low, high, step), and bpftrace's lhist(), which it is */
static const int64_t lq_good[][4] = {
	{ 0, 100, 10 }, { -1000, 1000, 1 }, { -1, 0, 1 },
	{ INT64_MAX - 1, INT64_MAX, 1 }, { INT64_MIN, INT64_MIN + 1, 1 },
	{ INT64_MIN, INT64_MAX, 281479271743489 },	/* (2^64-1)/65535 */
	{ INT64_MIN, 0, 1ll << 62 }, { 0, INT64_MAX, INT64_MAX },
	{ 0, 65535, 1 },
};

static const int64_t lq_bad[][4] = {
	{ 0, 100, 0 }, { 0, 100, -10 }, { 100, 0, 10 }, { 5, 5, 1 },
	{ 0, 100, 7 }, { 0, 65536, 1 }, { INT64_MIN, INT64_MAX, 1 },
	{ INT64_MIN, INT64_MAX, INT64_MIN }, { 0, 100, INT64_MAX },
	{ INT64_MAX, INT64_MIN, 1 },
};

TEST(lquantize_extremes)
{
	size_t i;

	for (i = 0; i < sizeof(lq_good) / sizeof(lq_good[0]); i++) {
		TH_LOG("lquantize(%lld, %lld, %lld)", (long long)lq_good[i][0],
		       (long long)lq_good[i][1], (long long)lq_good[i][2]);
		check_all(_metadata, DTRACE_AGG_LQUANTIZE, lq_good[i]);
	}
	for (i = 0; i < sizeof(lq_bad) / sizeof(lq_bad[0]); i++)
		EXPECT_EQ(0, dif_agg_valsize(DTRACE_AGG_LQUANTIZE, lq_bad[i]))
			TH_LOG("lquantize(%lld, %lld, %lld)",
			       (long long)lq_bad[i][0],
			       (long long)lq_bad[i][1],
			       (long long)lq_bad[i][2]);
	EXPECT_EQ((65535 + 2) * 8,
		  dif_agg_valsize(DTRACE_AGG_LQUANTIZE, lq_good[5]));
}

/* llquantize(factor, low, high, steps) */
static const int64_t llq_good[][4] = {
	{ 10, 0, 6, 20 }, { 10, 0, 0, 4 }, { 10, 0, 17, 10 },
	{ 2, 0, 61, 1 }, { 2, 0, 61, 2 }, { 2, 61, 61, 2 }, { 3, 0, 38, 3 },
	{ 1000, 1, 2, 7 }, { INT64_MAX, 0, 0, 1 }, { 2, 0, 10, 4096 },
	{ 4, 30, 30, 1 }, { 10, 0, 2, INT64_MAX },
};

/* the last three: f^(high+1) is beyond INT64_MAX, no value reaches it */
static const int64_t llq_bad[][4] = {
	{ 1, 0, 6, 20 }, { 0, 0, 6, 20 }, { -10, 0, 6, 20 },
	{ 10, -1, 6, 20 }, { 10, 6, 5, 20 }, { 10, 0, 64, 20 },
	{ 10, 0, 6, 0 }, { 10, 0, 6, -1 }, { 2, 0, 63, 1 },
	{ 10, 0, 19, 10 }, { 2, 0, 11, 4096 }, { INT64_MAX, 0, 1, 1 },
	{ INT64_MAX, 0, 0, INT64_MAX }, { 2, 64, 64, 1 },
	{ 10, INT64_MAX, INT64_MAX, 1 }, { 10, 3, 5, INT64_MAX },
	{ 2, 0, 62, 1 }, { 10, 0, 18, 10 }, { 4, 31, 31, 1 },
};

TEST(llquantize_extremes)
{
	size_t i;

	for (i = 0; i < sizeof(llq_good) / sizeof(llq_good[0]); i++) {
		TH_LOG("llquantize(%lld, %lld, %lld, %lld)",
		       (long long)llq_good[i][0], (long long)llq_good[i][1],
		       (long long)llq_good[i][2], (long long)llq_good[i][3]);
		check_all(_metadata, DTRACE_AGG_LLQUANTIZE, llq_good[i]);
	}
	for (i = 0; i < sizeof(llq_bad) / sizeof(llq_bad[0]); i++)
		EXPECT_EQ(0, dif_agg_valsize(DTRACE_AGG_LLQUANTIZE,
					     llq_bad[i]))
			TH_LOG("llquantize(%lld, %lld, %lld, %lld)",
			       (long long)llq_bad[i][0],
			       (long long)llq_bad[i][1],
			       (long long)llq_bad[i][2],
			       (long long)llq_bad[i][3]);
	/* 10^0..10^1 by 2 (ten over four steps): 1 3 5 7 9, and below, above */
	EXPECT_EQ(7 * 8, dif_agg_valsize(DTRACE_AGG_LLQUANTIZE, llq_good[1]));
	/* 2^m..2^(m+1) by 1 for m = 0..10, and below, above */
	EXPECT_EQ(2049 * 8, dif_agg_valsize(DTRACE_AGG_LLQUANTIZE,
					    llq_good[9]));
	/* 9 + 90 + 900 by 1 */
	EXPECT_EQ(1001 * 8, dif_agg_valsize(DTRACE_AGG_LLQUANTIZE,
					    llq_good[11]));
}

/* The command's one value for a record: inside its valsize, exactly. */
TEST(command_value_stays_inside)
{
	static const uint32_t funcs[] = {
		DTRACE_AGG_COUNT, DTRACE_AGG_SUM, DTRACE_AGG_AVG,
		DTRACE_AGG_MIN, DTRACE_AGG_MAX, DTRACE_AGG_STDDEV,
		DTRACE_AGG_QUANTIZE, DTRACE_AGG_LQUANTIZE,
		DTRACE_AGG_LLQUANTIZE,
	};
	int64_t xs[512];
	size_t nx = extremes(xs), i, j;

	for (i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		struct dt_agg a = { .a_func = funcs[i] };
		uint64_t *v;

		if (funcs[i] == DTRACE_AGG_LQUANTIZE)
			memcpy(a.a_params, lq_good[5], sizeof(a.a_params));
		if (funcs[i] == DTRACE_AGG_LLQUANTIZE)
			memcpy(a.a_params, llq_good[3], sizeof(a.a_params));
		a.a_valsize = dt_agg_valsize(a.a_func, a.a_params);
		ASSERT_NE(0, a.a_valsize);
		v = malloc(a.a_valsize);
		ASSERT_NE(NULL, v);
		for (j = 0; j < nx; j++)
			dt_agg_value(&a, xs[j], v);
		/* the last one written was -2^62 + 1 */
		if (funcs[i] == DTRACE_AGG_MIN)
			EXPECT_EQ(-(1ll << 62) + 1, (int64_t)v[0]);
		free(v);
	}
}

/* stddev of INT64_MIN: its square, 2^126, held in 128 bits */
TEST(stddev_square_of_int64_min)
{
	uint64_t v[4] = { 0 };

	dif_agg_apply(DTRACE_AGG_STDDEV, NULL, v, INT64_MIN, true);
	EXPECT_EQ(1, v[0]);
	EXPECT_EQ((uint64_t)INT64_MIN, v[1]);
	EXPECT_EQ(1ull << 62, v[2]);
	EXPECT_EQ(0, v[3]);
}

/* A weight goes to the value's bucket, negative or not; others ignore it */
TEST(weights)
{
	int64_t lq[4] = { 0, 10, 2, 0 };
	uint64_t v[DIF_AGG_QBUCKETS] = { 0 };

	dif_agg_apply_weight(DTRACE_AGG_QUANTIZE, NULL, v, 5, 3, true);
	dif_agg_apply_weight(DTRACE_AGG_QUANTIZE, NULL, v, 6, -5, false);
	dif_agg_apply_weight(DTRACE_AGG_QUANTIZE, NULL, v, -1, -1, false);
	EXPECT_EQ(-2, (int64_t)v[dif_agg_bucket(DTRACE_AGG_QUANTIZE, NULL, 4)]);
	EXPECT_EQ(-1, (int64_t)v[DIF_AGG_QZERO - 1]);
	memset(v, 0, sizeof(v));
	dif_agg_apply_weight(DTRACE_AGG_LQUANTIZE, lq, v, 3, INT64_MAX, true);
	dif_agg_apply_weight(DTRACE_AGG_LQUANTIZE, lq, v, 2, 2, false);
	EXPECT_EQ((uint64_t)INT64_MAX + 2, v[2]);	/* wraps, as u64 */
	memset(v, 0, sizeof(v));
	dif_agg_apply_weight(DTRACE_AGG_SUM, NULL, v, 5, 100, true);
	dif_agg_apply_weight(DTRACE_AGG_COUNT, NULL, v + 1, 5, 100, true);
	EXPECT_EQ(5, v[0]);
	EXPECT_EQ(1, v[1]);
}

TEST_HARNESS_MAIN
