// SPDX-License-Identifier: GPL-2.0
/*
 * Printing as a given bpftrace release (-x btrelease, DTRACE_BTRELEASE):
 * the option's values, and the lines that differ between 0.17, 0.23
 * and 0.27, as each release printed them in the Debian 12, 13 and
 * forky guests.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "bt_print.h"
#include "dt_agg.h"
#include "dt_btargs.h"
#include "dt_options.h"
#include "kselftest_harness.h"

static char out[4096];

static FILE *open_out(void)
{
	memset(out, 0, sizeof(out));
	return fmemopen(out, sizeof(out), "w");
}

static struct dt_aggdata *mkagg(const char *name, uint32_t func)
{
	struct dt_agg *a = calloc(1, sizeof(*a));

	a->a_name = strdup(name);
	a->a_func = func;
	return agg_alone(a);
}

static void add(struct dt_aggdata *d, int64_t x)
{
	uint8_t k[16] = { 0 };
	uint64_t v[4100];

	dt_agg_value(d->ad_def, x, v);
	dt_agg_merge(d, k, v);
}

/* stats(10), avg(4) and hist(3), printed as release rel prints them */
static void print_as(unsigned int rel)
{
	struct dt_aggdata *st = mkagg("st", DTRACE_AGG_AVG);
	struct dt_aggdata *a = mkagg("a", DTRACE_AGG_AVG);
	struct dt_aggdata *h = mkagg("h", DTRACE_AGG_QUANTIZE);
	FILE *fp = open_out();

	((struct dt_agg *)st->ad_def)->a_stats = true;
	add(st, 10);
	add(a, 4);
	add(h, 3);
	dt_bt_release = rel;
	dt_bt_agg(fp, a, NULL);
	dt_bt_agg(fp, h, NULL);
	dt_bt_agg(fp, st, NULL);
	fclose(fp);
	dt_bt_release = DT_BTREL_DEFAULT;
	agg_free(st);
	agg_free(a);
	agg_free(h);
}

#define ROW "[2, 4)                 1 " \
	"|@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"

TEST(option)
{
	struct dt_options o;
	const char *why;

	dt_bt_options();
	dt_options_init(&o);
	EXPECT_EQ(17, dt_bt_rel(&o));
	ASSERT_EQ(0, dt_option_set(&o, "btrelease", "0.27", &why));
	EXPECT_EQ(27, dt_bt_rel(&o));
	ASSERT_EQ(0, dt_option_set(&o, "btrelease", "0.23.2", &why));
	EXPECT_EQ(23, dt_bt_rel(&o));
	EXPECT_EQ(-1, dt_option_set(&o, "btrelease", "1.0", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "btrelease", "0.5", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "btrelease", "0.27x", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "btrelease", "", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "btrelease", NULL, &why));
	EXPECT_EQ(23, dt_bt_rel(&o));
}

TEST(maps_017)
{
	print_as(17);
	EXPECT_STREQ("@a: 4\n\n@h: \n" ROW "\n"
		     "@st: count 1, average 10, total 10\n\n", out);
}

/* 0.23: a hist's name line lost its trailing blank */
TEST(maps_023)
{
	print_as(23);
	EXPECT_STREQ("@a: 4\n\n@h:\n" ROW "\n"
		     "@st: count 1, average 10, total 10\n\n", out);
}

/* 0.27: stats( ) is a record; avg( ) and stats( ) end with no blank */
TEST(maps_027)
{
	print_as(27);
	EXPECT_STREQ("@a: 4\n@h:\n" ROW "\n"
		     "@st: { .count = 1, .average = 10, .total = 10 }\n", out);
}

/* "Attaching" on the output up to 0.23; "Attached", on stderr, after */
TEST(attaching)
{
	char err[128] = { 0 };
	FILE *fp = open_out(), *tmp = tmpfile();
	int saved = dup(2);

	ASSERT_NE(NULL, tmp);
	ASSERT_LE(0, saved);
	fflush(stderr);
	ASSERT_LE(0, dup2(fileno(tmp), 2));
	dt_bt_release = 23;
	dt_bt_attaching(fp, 2);
	dt_bt_release = 27;
	dt_bt_attaching(fp, 1);
	dt_bt_attaching(fp, 3);
	dt_bt_release = DT_BTREL_DEFAULT;
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	fclose(fp);
	rewind(tmp);
	EXPECT_LT(0, (int)fread(err, 1, sizeof(err) - 1, tmp));
	fclose(tmp);
	EXPECT_STREQ("Attaching 2 probes...\n", out);
	EXPECT_STREQ("Attached 1 probe\nAttached 3 probes\n", err);
}

TEST_HARNESS_MAIN
