// SPDX-License-Identifier: GPL-2.0
/*
 * -x oformat=bpftrace: hist and lhist labels, bar widths, rows, sorting
 * and the blank lines, against lines Debian's bpftrace 0.17 printed.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "bt_print.h"
#include "dt_agg.h"
#include "dt_btargs.h"
#include "dt_options.h"
#include "kselftest_harness.h"

static char out[8192];

static FILE *open_out(void)
{
	memset(out, 0, sizeof(out));
	return fmemopen(out, sizeof(out), "w");
}

static const char *hlabel(unsigned int i)
{
	static char buf[64];

	dt_bt_hist_label(buf, sizeof(buf), i);
	return buf;
}

static const char *lnum(int64_t n)
{
	static char buf[64];

	dt_bt_lhist_num(buf, sizeof(buf), n);
	return buf;
}

TEST(hist_labels)
{
	EXPECT_STREQ("(..., 0)", hlabel(0));
	EXPECT_STREQ("[0]", hlabel(1));
	EXPECT_STREQ("[1]", hlabel(2));
	EXPECT_STREQ("[2, 4)", hlabel(3));
	EXPECT_STREQ("[512, 1K)", hlabel(11));
	EXPECT_STREQ("[1K, 2K)", hlabel(12));
	EXPECT_STREQ("[512K, 1M)", hlabel(21));
	EXPECT_STREQ("[2G, 4G)", hlabel(33));
	EXPECT_STREQ("[512G, 1T)", hlabel(41));
	EXPECT_STREQ("[4194304T, 8388608T)", hlabel(64));
}

TEST(lhist_bounds)
{
	EXPECT_STREQ("0", lnum(0));
	EXPECT_STREQ("10", lnum(10));
	EXPECT_STREQ("1000", lnum(1000));
	EXPECT_STREQ("1K", lnum(1024));
	EXPECT_STREQ("1536", lnum(1536));
	EXPECT_STREQ("3K", lnum(3072));
	EXPECT_STREQ("1M", lnum(1048576));
	EXPECT_STREQ("3M", lnum(3145728));
	EXPECT_STREQ("1025K", lnum(1049600));
	EXPECT_STREQ("-1K", lnum(-1024));
}

/* As tests/d/btout-bars.out and btout-lhist.out measured them. */
TEST(bar_widths)
{
	EXPECT_EQ(4, dt_bt_bar(1, 13));
	EXPECT_EQ(12, dt_bt_bar(3, 13));
	EXPECT_EQ(28, dt_bt_bar(7, 13));
	EXPECT_EQ(52, dt_bt_bar(13, 13));
	EXPECT_EQ(17, dt_bt_bar(1, 3));
	EXPECT_EQ(26, dt_bt_bar(1, 2));
	EXPECT_EQ(0, dt_bt_bar(0, 5));
	EXPECT_EQ(0, dt_bt_bar(0, 0));
}

static struct dt_aggdata *mkagg(const char *name, uint32_t func,
			    const struct dt_type *key, const int64_t *p)
{
	struct dt_agg *a = calloc(1, sizeof(*a));

	a->a_name = strdup(name);
	a->a_func = func;
	a->a_nkeys = key ? 1 : 0;
	if (key)
		a->a_keys[0] = *key;
	if (p)
		memcpy(a->a_params, p, sizeof(a->a_params));
	return agg_alone(a);
}


static void add(struct dt_aggdata *d, const char *key, int64_t x)
{
	uint8_t k[16] = { 0 };
	uint64_t v[4100];

	if (key)
		memcpy(k, key, strnlen(key, sizeof(k) - 1));
	dt_agg_value(d->ad_def, x, v);
	dt_agg_merge(d, k, v);
}

static void addint(struct dt_aggdata *d, int64_t key, int64_t x)
{
	uint64_t v[4100];

	dt_agg_value(d->ad_def, x, v);
	dt_agg_merge(d, (const uint8_t *)&key, v);
}

TEST(hist_rows)
{
	struct dt_aggdata *a = mkagg("h", DTRACE_AGG_QUANTIZE, NULL, NULL);
	FILE *fp;

	add(a, NULL, -100);
	add(a, NULL, 0);
	add(a, NULL, 1);
	add(a, NULL, 1);
	add(a, NULL, 5);
	fp = open_out();
	ASSERT_EQ(0, dt_bt_agg(fp, a, NULL));
	fclose(fp);
	EXPECT_STREQ("@h: \n"
		"(..., 0)               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@                          |\n"
		"[0]                    1 |@@@@@@@@@@@@@@@@@@@@@@@@@@                          |\n"
		"[1]                    2 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"[2, 4)                 0 |                                                    |\n"
		"[4, 8)                 1 |@@@@@@@@@@@@@@@@@@@@@@@@@@                          |\n"
		"\n", out);
	agg_free(a);
}

/* Keyed: by total, a blank line between entries and after the last. */
TEST(lhist_keyed)
{
	static const int64_t lq[4] = { 0, 100, 10, 0 };
	struct dt_type i64 = { .kind = DT_T_INT, .size = 8, .is_signed = true };
	struct dt_aggdata *a = mkagg("l", DTRACE_AGG_LQUANTIZE, &i64, lq);
	FILE *fp;

	addint(a, 7, -5);
	addint(a, 7, 150);
	addint(a, 7, 35);
	addint(a, -2, 12);
	fp = open_out();
	ASSERT_EQ(0, dt_bt_agg(fp, a, NULL));
	fclose(fp);
	EXPECT_STREQ("@l[-2]: \n"
		"[10, 20)               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"\n"
		"@l[7]: \n"
		"(..., 0)               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"[0, 10)                0 |                                                    |\n"
		"[10, 20)               0 |                                                    |\n"
		"[20, 30)               0 |                                                    |\n"
		"[30, 40)               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"[40, 50)               0 |                                                    |\n"
		"[50, 60)               0 |                                                    |\n"
		"[60, 70)               0 |                                                    |\n"
		"[70, 80)               0 |                                                    |\n"
		"[80, 90)               0 |                                                    |\n"
		"[90, 100)              0 |                                                    |\n"
		"[100, ...)             1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"\n", out);
	agg_free(a);
}

/* Ascending by value, ties by key; strings bare. */
TEST(count_sorted)
{
	struct dt_type str = { .kind = DT_T_STRING, .size = 16 };
	struct dt_aggdata *a = mkagg("c", DTRACE_AGG_COUNT, &str, NULL);
	FILE *fp;

	add(a, "zz", 0);
	add(a, "zz", 0);
	add(a, "b", 0);
	add(a, "a b", 0);
	add(a, "q\"x", 0);
	add(a, "q\"x", 0);
	add(a, "q\"x", 0);
	fp = open_out();
	ASSERT_EQ(0, dt_bt_agg(fp, a, NULL));
	fclose(fp);
	EXPECT_STREQ("@c[a b]: 1\n@c[b]: 1\n@c[zz]: 2\n@c[q\"x]: 3\n", out);
	agg_free(a);
}

/* avg( ) and stats( ): integer averages, a blank line after the map. */
TEST(avg_and_stats)
{
	struct dt_type str = { .kind = DT_T_STRING, .size = 16 };
	struct dt_aggdata *v = mkagg("v", DTRACE_AGG_AVG, &str, NULL);
	struct dt_aggdata *s = mkagg("", DTRACE_AGG_AVG, NULL, NULL);
	FILE *fp;

	((struct dt_agg *)s->ad_def)->a_stats = true;
	add(v, "a", 10);
	add(v, "a", 5);
	add(v, "b", -9);
	add(v, "b", 2);
	add(s, NULL, 10);
	add(s, NULL, 21);
	fp = open_out();
	ASSERT_EQ(0, dt_bt_agg(fp, v, NULL));
	ASSERT_EQ(0, dt_bt_agg(fp, s, NULL));
	fclose(fp);
	EXPECT_STREQ("@v[b]: -3\n@v[a]: 7\n\n"
		     "@: count 2, average 15, total 31\n\n", out);
	agg_free(v);
	agg_free(s);
}

/* No values: a count without keys is 0; the others print blank lines. */
TEST(empty)
{
	struct dt_type i64 = { .kind = DT_T_INT, .size = 8, .is_signed = true };
	struct dt_aggdata *c = mkagg("c", DTRACE_AGG_COUNT, NULL, NULL);
	struct dt_aggdata *kc = mkagg("kc", DTRACE_AGG_COUNT, &i64, NULL);
	struct dt_aggdata *st = mkagg("st", DTRACE_AGG_AVG, NULL, NULL);
	struct dt_aggdata *h = mkagg("h", DTRACE_AGG_QUANTIZE, NULL, NULL);
	FILE *fp = open_out();

	ASSERT_EQ(0, dt_bt_agg(fp, c, NULL));
	ASSERT_EQ(0, dt_bt_agg(fp, kc, NULL));
	ASSERT_EQ(0, dt_bt_agg(fp, st, NULL));
	ASSERT_EQ(0, dt_bt_agg(fp, h, NULL));
	fclose(fp);
	EXPECT_STREQ("@c: 0\n\n\n\n\n", out);
	agg_free(c);
	agg_free(kc);
	agg_free(st);
	agg_free(h);
}

TEST(attaching)
{
	FILE *fp = open_out();

	dt_bt_attaching(fp, 1);
	dt_bt_attaching(fp, 2);
	fclose(fp);
	EXPECT_STREQ("Attaching 1 probe...\nAttaching 2 probes...\n", out);
}

TEST(option)
{
	struct dt_options o;
	const char *why;

	dt_bt_options();
	dt_options_init(&o);
	ASSERT_EQ(0, dt_option_set(&o, "oformat", "bpftrace", &why));
	EXPECT_TRUE(o.o_fmtlang);
	EXPECT_TRUE(o.o_quiet);
	EXPECT_FALSE(o.o_json);
	ASSERT_EQ(0, dt_option_set(&o, "oformat", "json", &why));
	EXPECT_FALSE(o.o_fmtlang);
	EXPECT_TRUE(o.o_json);
	EXPECT_EQ(-1, dt_option_set(&o, "oformat", "yaml", &why));
	EXPECT_TRUE(o.o_json);
}

TEST_HARNESS_MAIN
