// SPDX-License-Identifier: GPL-2.0
/*
 * How printa( ) draws aggregations under -x aggzoom, agghist, aggpack,
 * aggpercpu, encoding and stackindent. The expected text follows the
 * rules of illumos' consumer (dt_consume.c, dt_aggregate.c, read for
 * facts) and, for aggpercpu, Oracle's dtrace: bars 40 wide, rounded;
 * aggzoom's total is the largest value / 0.95 (for agghist cut to a whole
 * number); agghist's header is as wide as the keys, each 16 + 1; aggpack
 * glyphs "__xxxxXX" by value * 7 / the row's total, rounded.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "dif_agg.h"
#include "dt_agg.h"
#include "dt_aggdraw.h"
#include "kselftest_harness.h"

static struct dt_aggdata *mk(uint32_t func, int nkeys)
{
	struct dt_agg *a = calloc(1, sizeof(*a));

	a->a_name = strdup("a");
	a->a_func = func;
	a->a_nkeys = nkeys;
	if (nkeys)
		a->a_keys[0] = dt_type_long;
	return agg_alone(a);
}

/* x added under key k, as the module would. */
static void add(struct dt_aggdata *d, int64_t k, int64_t x)
{
	uint64_t v[DIF_AGG_QBUCKETS];

	dt_agg_value(d->ad_def, x, v);
	dt_agg_merge(d, (uint8_t *)&k, v);
}

/* Pairs of key and value, added in order. */
static void add_pairs(struct dt_aggdata *d, const int64_t *kx, int n)
{
	int i;

	for (i = 0; i < n; i += 2)
		add(d, kx[i], kx[i + 1]);
}

#define ADD(d, ...) do {						\
		static const int64_t kx_[] = { __VA_ARGS__ };		\
		add_pairs(d, kx_, sizeof(kx_) / sizeof(kx_[0]));	\
	} while (0)

static char *print(struct dt_aggdata *d)
{
	static char out[16384];
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out), "w");
	dt_agg_print(fp, d, NULL, NULL);
	fclose(fp);
	return out;
}

#define SP10	"          "
#define SP40	SP10 SP10 SP10 SP10
#define AT10	"@@@@@@@@@@"
#define HIST_HDR \
	"\n           value  ------------- Distribution ------------- count    \n"

TEST(aggzoom_quantize)
{
	struct dt_aggdata *d = mk(DTRACE_AGG_QUANTIZE, 0);

	ADD(d, 0, 1, 0, 2, 0, 3, 0, 2);
	/* 1 of 4 and 3 of 4: 10 and 30 */
	EXPECT_STREQ(HIST_HDR
		     "               0 |" SP40 " 0        \n"
		     "               1 |" AT10 SP10 SP10 SP10 " 1        \n"
		     "               2 |" AT10 AT10 AT10 SP10 " 3        \n"
		     "               4 |" SP40 " 0        \n\n", print(d));
	/* the largest, 3, is 95%: 3 * 40 / (3 / 0.95) = 38; 1 is 13 */
	d->ad_view.av_zoom = true;
	EXPECT_STREQ(HIST_HDR
		     "               0 |" SP40 " 0        \n"
		     "               1 |" AT10 "@@@" SP10 SP10 "       "
		     " 1        \n"
		     "               2 |" AT10 AT10 AT10 "@@@@@@@@  "
		     " 3        \n"
		     "               4 |" SP40 " 0        \n\n", print(d));
	agg_free(d);
}

/* Cleared, a distribution shows the rows about 0, as illumos' does. */
TEST(empty_rows)
{
	struct dt_aggdata *d = mk(DTRACE_AGG_QUANTIZE, 0);
	struct dt_agg *a = calloc(1, sizeof(*a));
	int64_t p[4] = { 10, 0, 1, 10 };

	ADD(d, 0, 5);
	dt_agg_clear(d);
	EXPECT_STREQ(HIST_HDR
		     "              -1 |" SP40 " 0        \n"
		     "               0 |" SP40 " 0        \n"
		     "               1 |" SP40 " 0        \n\n", print(d));
	agg_free(d);
	/* llquantize( ): its first two */
	a->a_name = strdup("a");
	a->a_func = DTRACE_AGG_LLQUANTIZE;
	memcpy(a->a_params, p, sizeof(p));
	d = agg_alone(a);
	ADD(d, 0, 5);
	dt_agg_clear(d);
	EXPECT_STREQ(HIST_HDR
		     "             < 1 |" SP40 " 0        \n"
		     "               1 |" SP40 " 0        \n\n", print(d));
	agg_free(d);
}

TEST(agghist_count)
{
	struct dt_aggdata *d = mk(DTRACE_AGG_COUNT, 1);

	ADD(d, 1, 0, 1, 0, 1, 0, 2, 0);
	d->ad_view.av_hist = true;
	EXPECT_STREQ("\n              key  ------------- Distribution -------------"
		     " count    \n"
		     "                2 |" AT10 SP10 SP10 SP10 " 1        \n"
		     "                1 |" AT10 AT10 AT10 SP10 " 3        \n",
		     print(d));
	/* (int64_t)(3 / 0.95) is 3: the largest bar is whole */
	d->ad_view.av_zoom = true;
	EXPECT_STREQ("\n              key  ------------- Distribution -------------"
		     " count    \n"
		     "                2 |" AT10 "@@@" SP10 SP10 "       "
		     " 1        \n"
		     "                1 |" AT10 AT10 AT10 AT10 " 3        \n",
		     print(d));
	/* min( ) has no bars: it prints as without agghist */
	agg_free(d);
	d = mk(DTRACE_AGG_MIN, 1);
	d->ad_view.av_hist = true;
	add(d, 1, 7);
	EXPECT_STREQ("                1                7\n", print(d));
	agg_free(d);
}

TEST(agghist_keyless_and_strings)
{
	struct dt_aggdata *d = mk(DTRACE_AGG_SUM, 0);

	d->ad_view.av_hist = true;
	add(d, 0, 5);
	EXPECT_STREQ(HIST_HDR " |" AT10 AT10 AT10 AT10 " 5        \n",
		     print(d));
	agg_free(d);
}

TEST(aggpack_quantize)
{
	struct dt_aggdata *d = mk(DTRACE_AGG_QUANTIZE, 1);

	ADD(d, 1, 1, 1, 2, 1, 3, 2, 8);
	d->ad_view.av_pack = true;
	/* rows 0 to 16: the used 1 to 8 and one either side */
	EXPECT_STREQ("\n              key  min .------. max  | count\n"
		     "                2    0 :    X : 16   | 1\n"
		     "                1    0 : xx   : 16   | 3\n", print(d));
	d->ad_view.av_packutf8 = true;
	EXPECT_STREQ("\n              key  min .------. max  | count\n"
		     "                2    0 :    \u2588 : 16   | 1\n"
		     "                1    0 : \u2583\u2586   : 16   | 3\n",
		     print(d));
	agg_free(d);
}

TEST(aggpack_lquantize)
{
	struct dt_agg *a = calloc(1, sizeof(*a));
	int64_t p[4] = { 0, 10, 5, 0 };
	struct dt_aggdata *d;

	a->a_name = strdup("a");
	a->a_func = DTRACE_AGG_LQUANTIZE;
	memcpy(a->a_params, p, sizeof(p));
	d = agg_alone(a);
	ADD(d, 0, -1, 0, 7, 0, 7, 0, 7, 0, 30);
	d->ad_view.av_pack = true;
	/* every row: < 0, 0, 5, >= 10; 1 of 5 is 1.4 of 7, 3 of 5 4.2 */
	EXPECT_STREQ("\n     min .----. max      | count\n"
		     "     < 0 :_ x_: >= 10    | 5\n", print(d));
	/* llquantize( ) is never packed */
	agg_free(d);
}

TEST(aggpercpu_values)
{
	struct dt_agg *a = calloc(1, sizeof(*a)), *m = calloc(1, sizeof(*m));
	struct dt_aggs s;
	uint8_t buf[256];
	char err[128];
	struct dtrace_aggrec r = { 0 };
	int64_t k;
	uint64_t v;
	size_t n;

	a->a_name = strdup("s");
	a->a_func = DTRACE_AGG_SUM;
	a->a_nkeys = 1;
	a->a_keys[0] = dt_type_long;
	a->a_next = m;
	m->a_name = strdup("m");
	m->a_func = DTRACE_AGG_MIN;
	m->a_ix = 1;
	ASSERT_EQ(0, dt_agg_layout(a, 16));
	ASSERT_EQ(0, dt_agg_layout(m, 16));
	a->a_declsize = m->a_declsize = 8;
	a->a_valsize = m->a_valsize = 8;
	ASSERT_EQ(0, dt_aggs_init(&s, a));
	s.ag_data[0].ad_declared = s.ag_data[1].ad_declared = true;
	s.ag_data[1].ad_id = 1;
	s.ag_ncpus = 2;
	r.dar_size = sizeof(r) + 16;
#define PUT(id, key, val) do {						\
		r.dar_id = id;						\
		k = key;						\
		v = (uint64_t)(val);					\
		memcpy(buf + n, &r, sizeof(r));				\
		memcpy(buf + n + sizeof(r), &k, 8);			\
		memcpy(buf + n + sizeof(r) + 8, &v, 8);			\
		n += r.dar_size;					\
	} while (0)
	n = 0;
	s.ag_cpu = 0;
	PUT(0, 1, 5);
	PUT(1, 0, 9);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	n = 0;
	s.ag_cpu = 1;
	PUT(0, 1, 7);
	PUT(0, 2, 1);
	PUT(1, 0, 4);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	EXPECT_STREQ("                2                1\n"
		     "    [CPU 0]                0\n"
		     "    [CPU 1]                1\n"
		     "                1               12\n"
		     "    [CPU 0]                5\n"
		     "    [CPU 1]                7\n", print(&s.ag_data[0]));
	EXPECT_STREQ("                4\n"
		     "    [CPU 0]                9\n"
		     "    [CPU 1]                4\n", print(&s.ag_data[1]));
	dt_agg_clear(&s.ag_data[1]);
	n = 0;
	PUT(1, 0, 6);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	/* cleared: CPU 1's minimum starts again */
	EXPECT_STREQ("                0\n"
		     "    [CPU 0]                0\n"
		     "    [CPU 1]                6\n", print(&s.ag_data[1]));
#undef PUT
	dt_aggs_fini(&s);
	dt_agg_freeall(a);
}

/* printa( )'s %k: a newline, each frame formatted, indented if "%-N". */
TEST(printa_stack_key)
{
	struct dt_agg *a = calloc(1, sizeof(*a));
	uint64_t key[3] = { 0x10, 0x20, 0 }, one = 1;
	static char out[512];
	char err[128];
	static const char *const fmts[] = { "%k|%@d\n", "%-6k|\n", "%8k|\n" };
	struct dt_aggdata *d;
	struct dt_pfmt *pf;
	FILE *fp;
	int i;

	a->a_name = strdup("a");
	a->a_func = DTRACE_AGG_COUNT;
	a->a_nkeys = 1;
	a->a_keys[0] = dt_type_long;
	a->a_keystack[0] = 1;
	a->a_keyframes[0] = 3;
	a->a_user = true;
	d = agg_alone(a);
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	fp = fmemopen(out, sizeof(out), "w");
	for (i = 0; i < 3; i++) {
		pf = dt_pfmt_parse(fmts[i], err, sizeof(err));
		ASSERT_NE(NULL, pf);
		dt_agg_print(fp, d, pf, NULL);
		dt_pfmt_free(pf);
	}
	fclose(fp);
	EXPECT_STREQ("\n0x10\n0x20\n|1\n"
		     "\n      0x10  \n      0x20  \n|\n"
		     "\n    0x10\n    0x20\n|\n", out);
	agg_free(d);
}

TEST(stackindent_and_utf8_bars)
{
	uint64_t pcs[3] = { 0x10, 0x20, 0 };
	char out[512];
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out), "w");
	dt_print_frames(fp, NULL, pcs, 3, false, 4);
	dt_print_frames(fp, NULL, pcs, 3, false, 0);
	/* 40 * 1 / 3: 13 whole blocks and 2 eighths (U+258E) */
	dt_bar_line(fp, 1, 1, 3, DT_QROW_POS, true);
	fclose(fp);
	EXPECT_STREQ("    0x10\n    0x20\n0x10\n0x20\n"
		     "|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588"
		     "\u2588\u2588\u2588\u2588\u258e" SP10 SP10 "      "
		     " 1        \n", out);
}

TEST_HARNESS_MAIN
