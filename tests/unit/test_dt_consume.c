// SPDX-License-Identifier: GPL-2.0
/*
 * The consumer over synthetic buffers: record decoding, ordering across
 * CPUs, default and quiet output, drops, malformed buffers, and DTrace's
 * output when tracing stops.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg_test.h"
#include "consumer_test.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

/* Clause 1 (EPID 10): printf("%d %s\n", v, s); clause 2 (EPID 11): trace. */
static void setup(struct consumer_test *f, bool quiet)
{
	static const struct dtrace_probedesc probes[] = {
		{ 1, 0, "dtrace", "", "", "BEGIN" },
		{ 7, 0, "syscall", "vmlinux", "read", "entry" },
	};

	/* strsize 15: a 16-byte string slot, with its NUL */
	if (consumer_test_init(f, "BEGIN { printf(\"%d %s\\n\", arg0, "
			       "execname); }"
			       "syscall::read:entry { trace(arg0); }", 15,
			       probes, 2, quiet))
		abort();
}

#define put consumer_test_put

static size_t put_printf(uint8_t *buf, size_t off, uint64_t ts, int64_t v,
			 const char *s)
{
	uint8_t data[24];

	memset(data, 0, sizeof(data));
	memcpy(data, &v, 8);
	strncpy((char *)data + 8, s, 16);
	return put(buf, off, 10, 1, ts, data, sizeof(data));
}

TEST(ordered_across_cpus_quiet)
{
	struct consumer_test f;
	uint8_t b0[256], b1[256];
	size_t n0 = 0, n1 = 0;
	int64_t v = 99;

	setup(&f, true);
	ASSERT_EQ(24, f.cp.cp_ecbs[0].e_recsize);
	n0 = put_printf(b0, n0, 30, 3, "c");
	n0 = put_printf(b0, n0, 10, 1, "a");
	n1 = put_printf(b1, n1, 20, 2, "b");
	n1 = put(b1, n1, 11, 7, 40, &v, 8);
	ASSERT_EQ(0, dt_consume_buf(&f.c, 0, b0, n0));
	ASSERT_EQ(0, dt_consume_buf(&f.c, 1, b1, n1));
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	fflush(f.fp);
	EXPECT_STREQ("1 a\n2 b\n3 c\n99", f.out);
	consumer_test_fini(&f);
}

TEST(default_output)
{
	struct consumer_test f;
	uint8_t b[256];
	size_t n = 0;
	int64_t v = -5;
	char want[512];

	setup(&f, false);
	n = put_printf(b, n, 1, 42, "sh");
	n = put(b, n, 11, 7, 2, &v, 8);
	ASSERT_EQ(0, dt_consume_buf(&f.c, 3, b, n));
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	fflush(f.fp);
	snprintf(want, sizeof(want), "%3s %6s %32s\n%3d %6d %32s 42 sh\n\n"
		 "%3d %6d %32s  %16d\n", "CPU", "ID", "FUNCTION:NAME", 3, 1,
		 ":BEGIN", 3, 7, "read:entry", -5);
	EXPECT_STREQ(want, f.out);
	consumer_test_fini(&f);
}

TEST(bad_buffers)
{
	struct consumer_test f;
	uint8_t b[256];
	size_t n;

	setup(&f, true);
	n = put_printf(b, 0, 1, 1, "x");
	n = put(b, n, 99, 1, 2, "", 0);
	EXPECT_EQ(-1, dt_consume_buf(&f.c, 0, b, n));
	EXPECT_STREQ("failed to consume buffer of CPU 0: unknown EPID 99 at "
		     "offset 40", f.c.c_err);
	EXPECT_EQ(-1, dt_consume_buf(&f.c, 1, b, 30));
	EXPECT_STREQ("failed to consume buffer of CPU 1: record at offset 0 "
		     "is truncated", f.c.c_err);
	EXPECT_EQ(-1, dt_consume_buf(&f.c, 2, b, 44));
	EXPECT_STREQ("failed to consume buffer of CPU 2: 4 stray bytes at "
		     "its end", f.c.c_err);
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	fflush(f.fp);
	/* the good records before the bad ones are kept */
	EXPECT_STREQ("1 x\n1 x\n", f.out);
	consumer_test_fini(&f);
}

TEST(drops)
{
	struct consumer_test f;
	char err[256] = "";
	FILE *ef = fmemopen(err, sizeof(err), "w");

	setup(&f, true);
	dt_consume_drops(&f.c, 0, 0, ef);
	dt_consume_drops(&f.c, 2, 1, ef);
	dt_consume_drops(&f.c, 2, 1, ef);
	dt_consume_drops(&f.c, 2, 6, ef);
	fclose(ef);
	EXPECT_STREQ("dtrace: 1 drop on CPU 2\ndtrace: 5 drops on CPU 2\n", err);
	consumer_test_fini(&f);
}

/* -x droptags: DTrace's tag before the sentence */
TEST(drops_tagged)
{
	struct consumer_test f;
	char err[256] = "";
	FILE *ef = fmemopen(err, sizeof(err), "w");

	setup(&f, true);
	f.c.c_droptags = true;
	dt_consume_drops(&f.c, 1, 3, ef);
	fclose(ef);
	EXPECT_STREQ("dtrace: [DTRACEDROP_PRINCIPAL] 3 drops on CPU 1\n", err);
	consumer_test_fini(&f);
}

TEST(strings_unterminated)
{
	struct consumer_test f;
	uint8_t b[256];
	uint8_t data[24];
	int64_t v = 1;

	setup(&f, true);
	memcpy(data, &v, 8);
	memset(data + 8, 'z', 16);	/* fills the slot, no NUL */
	ASSERT_EQ(0, dt_consume_buf(&f.c, 0, b, put(b, 0, 10, 1, 1, data, 24)));
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	fflush(f.fp);
	EXPECT_STREQ("1 zzzzzzzzzzzzzzzz\n", f.out);
	consumer_test_fini(&f);
}

/* -q: records of clauses that print nothing are not kept at all. */
TEST(quiet_drops_bare_records)
{
	struct consumer_test t;
	uint8_t buf[64], data[8] = { 0 };
	size_t n;

	ASSERT_EQ(0, consumer_test_init(&t, "syscall::read:entry { self->ts = "
					"timestamp; }", 0, NULL, 0, true));
	ASSERT_EQ(0, t.cp.cp_ecbs[0].e_nouts);
	ASSERT_EQ(8, t.cp.cp_ecbs[0].e_recsize);
	n = put(buf, 0, 10, 7, 1, data, sizeof(data));
	n = put(buf, n, 10, 7, 1, data, sizeof(data));
	ASSERT_EQ(0, dt_consume_buf(&t.c, 0, buf, n)) TH_LOG("%s", t.c.c_err);
	EXPECT_EQ(0, t.c.c_n);
	ASSERT_EQ(0, dt_consume_flush(&t.c));
	fflush(t.fp);
	EXPECT_STREQ("", t.out);
	consumer_test_fini(&t);
}

/* A scalar @name keyed by one long, its totals in s (by a_ix). */
static struct dt_agg *mkscalar(const char *name, uint32_t func, uint32_t ix)
{
	struct dt_agg *a = calloc(1, sizeof(*a));

	a->a_name = strdup(name);
	a->a_func = func;
	a->a_ix = ix;
	a->a_nkeys = 1;
	a->a_keys[0] = dt_type_long;
	dt_agg_layout(a, 16);
	a->a_valsize = dt_agg_valsize(func, a->a_params);
	return a;
}

/*
 * When tracing stops, DTrace writes one newline even under -q with
 * nothing to print, then the aggregations printa( ) left, back to back
 * in the order of first use (the reverse under aggsortrev); SIGINT and
 * SIGTERM add one newline as tracing stops.
 */
TEST(text_end_of_tracing)
{
	struct dt_agg *a = mkscalar("a", DTRACE_AGG_COUNT, 0);
	struct dt_aggsort rev = { .as_rev = true };
	struct consumer_test f;
	struct dt_aggs s;
	int64_t k;
	uint64_t v;

	setup(&f, true);
	dt_consume_stop(&f.c, false);
	ASSERT_EQ(0, dt_consume_aggs_end(&f.c));
	EXPECT_STREQ("\n", f.out);
	consumer_test_fini(&f);

	a->a_next = mkscalar("b", DTRACE_AGG_SUM, 1);
	a->a_next->a_next = mkscalar("c", DTRACE_AGG_MAX, 2);
	ASSERT_EQ(0, dt_aggs_init(&s, a));
	for (k = 1; k <= 2; k++) {
		v = (uint64_t)k;
		ASSERT_EQ(0, dt_agg_merge(&s.ag_data[0], (uint8_t *)&k, &v));
		v = (uint64_t)(10 * k);
		ASSERT_EQ(0, dt_agg_merge(&s.ag_data[1], (uint8_t *)&k, &v));
	}
	s.ag_data[2].ad_printed = true;	/* by printa( ): left out */
	ASSERT_EQ(0, dt_agg_merge(&s.ag_data[2], (uint8_t *)&k, &v));
	setup(&f, true);
	f.c.c_aggs = &s;
	dt_consume_stop(&f.c, true);
	ASSERT_EQ(0, dt_consume_aggs_end(&f.c));
	EXPECT_STREQ("\n\n"
		     "                1                1\n"
		     "                2                2\n"
		     "                1               10\n"
		     "                2               20\n", f.out);
	consumer_test_fini(&f);

	dt_agg_setsort(&s, &rev);
	setup(&f, false);
	f.c.c_aggs = &s;
	ASSERT_EQ(0, dt_consume_aggs_end(&f.c));
	EXPECT_STREQ("\n"
		     "                2               20\n"
		     "                1               10\n"
		     "                2                2\n"
		     "                1                1\n", f.out);
	consumer_test_fini(&f);
	dt_aggs_fini(&s);
	dt_agg_freeall(a);
}

/* A function of ours to name: a ufunc( ) key's address. */
__attribute__((noinline)) int dt_consume_test_fn(int x)
{
	return x * 11 + 3;
}

/*
 * @[ustack(2), ufunc(arg0)] = count( ): the consumer's own aggregation
 * (a stack key) takes the ufunc( ) key's two slots, pid and address, as
 * one key of 16 bytes; two PCs of one function of pid 4000000 (this
 * process's maps, given as that pid's) add up as one key.
 */
TEST(user_symbol_aggrec)
{
	static const struct dtrace_probedesc probe = {
		1, 0, "dtrace", "", "", "BEGIN" };
	uint64_t pc = (uint64_t)(uintptr_t)&dt_consume_test_fn;
	char *maps = slurp_stream("/proc/self/maps"), text[512];
	struct consumer_test t;
	struct dt_aggs s;
	const struct dt_ecb *e;
	const struct dt_agg *a;
	uint8_t buf[512], data[64];
	size_t n = 0;
	uint64_t w;
	int k;

	ASSERT_NE(NULL, maps);
	ASSERT_EQ(0, consumer_test_init(&t, "BEGIN { @[ustack(2), "
					"ufunc(arg0)] = count(); }", 0, &probe,
					1, true));
	e = &t.cp.cp_ecbs[0];
	ASSERT_EQ(4, e->e_nrecs);
	ASSERT_LE(e->e_recsize, sizeof(data));
	a = e->e_outs[0].o_aggs[0];
	ASSERT_EQ(0, dt_aggs_init(&s, t.pcb.pcb_prog.p_aggs));
	t.c.c_aggs = &s;
	ASSERT_EQ(0, dt_sym_set_maps(&t.c.c_syms, 4000000, maps));
	free(maps);
	for (k = 1; k <= 2; k++) {
		memset(data, 0, sizeof(data));
		w = 4000000;	/* ustack( )'s pid, and ufunc( )'s */
		memcpy(data + e->e_recs[0].r_off, &w, 8);
		memcpy(data + e->e_recs[1].r_off, &w, 8);
		w = pc + (uint64_t)k;
		memcpy(data + e->e_recs[2].r_off, &w, 8);
		n = put(buf, n, 10, 1, (uint64_t)k, data, e->e_recsize);
	}
	ASSERT_EQ(0, dt_consume_buf(&t.c, 0, buf, n));
	ASSERT_EQ(0, dt_consume_flush(&t.c));
	ASSERT_EQ(1, s.ag_data[0].ad_nents);
	EXPECT_EQ(2, s.ag_data[0].ad_ents[0].ae_val[0]);
	dt_agg_keytext(a, s.ag_data[0].ad_ents[0].ae_key, 1, &t.c.c_syms, text,
		       sizeof(text));
	EXPECT_STREQ("test_dt_consume`dt_consume_test_fn", text);
	consumer_test_fini(&t);
	dt_aggs_fini(&s);
}

TEST_HARNESS_MAIN
