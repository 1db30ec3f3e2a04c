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
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

struct fixture {
	struct dt_options	o;
	struct dt_pcb		pcb;
	struct dt_cprog		cp;
	struct dt_epidtab	epids;
	struct dt_probetab	probes;
	struct dt_consumer	c;
	char			out[4096];
	FILE			*fp;
};

/* Clause 1 (EPID 10): printf("%d %s\n", v, s); clause 2 (EPID 11): trace. */
static void setup(struct fixture *f, bool quiet)
{
	static const struct dtrace_probedesc probes[] = {
		{ 1, 0, "dtrace", "", "", "BEGIN" },
		{ 7, 0, "syscall", "vmlinux", "read", "entry" },
	};
	struct dtrace_probedesc d;

	memset(f, 0, sizeof(*f));
	dt_options_init(&f->o);
	f->o.o_strsize = 15;	/* a 16-byte string slot, with its NUL */
	dt_pcb_init(&f->pcb, "BEGIN { printf(\"%d %s\\n\", arg0, execname); }"
		    "syscall::read:entry { trace(arg0); }", NULL, &f->o);
	if (dt_compile(&f->pcb, &f->cp))
		abort();
	memset(&d, 0, sizeof(d));
	dt_epid_add(&f->epids, 10, &f->cp.cp_ecbs[0], &d);
	dt_epid_add(&f->epids, 11, &f->cp.cp_ecbs[1], &d);
	dt_probetab_init(&f->probes, -1);
	dt_probetab_add(&f->probes, &probes[0]);
	dt_probetab_add(&f->probes, &probes[1]);
	f->fp = fmemopen(f->out, sizeof(f->out), "w");
	dt_consumer_init(&f->c, f->fp, quiet, &f->epids, &f->probes);
}

static void teardown(struct fixture *f)
{
	dt_consumer_fini(&f->c);
	fclose(f->fp);
	dt_probetab_fini(&f->probes);
	dt_epid_fini(&f->epids);
	dt_cprog_free(&f->cp);
	dt_pcb_fini(&f->pcb);
}

/* Append one record; data is recsize bytes. */
static size_t put(uint8_t *buf, size_t off, uint32_t epid, uint32_t id,
		  uint64_t ts, const void *data, size_t len)
{
	struct dtrace_rechdr h = { epid, id, ts };

	memcpy(buf + off, &h, sizeof(h));
	memcpy(buf + off + sizeof(h), data, len);
	return off + ((sizeof(h) + len + 7) & ~(size_t)7);
}

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
	struct fixture f;
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
	teardown(&f);
}

TEST(default_output)
{
	struct fixture f;
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
	teardown(&f);
}

TEST(bad_buffers)
{
	struct fixture f;
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
	teardown(&f);
}

TEST(drops)
{
	struct fixture f;
	char err[256] = "";
	FILE *ef = fmemopen(err, sizeof(err), "w");

	setup(&f, true);
	dt_consume_drops(&f.c, 0, 0, ef);
	dt_consume_drops(&f.c, 2, 1, ef);
	dt_consume_drops(&f.c, 2, 1, ef);
	dt_consume_drops(&f.c, 2, 6, ef);
	fclose(ef);
	EXPECT_STREQ("dtrace: 1 drop on CPU 2\ndtrace: 5 drops on CPU 2\n", err);
	teardown(&f);
}

/* -x droptags: DTrace's tag before the sentence */
TEST(drops_tagged)
{
	struct fixture f;
	char err[256] = "";
	FILE *ef = fmemopen(err, sizeof(err), "w");

	setup(&f, true);
	f.c.c_droptags = true;
	dt_consume_drops(&f.c, 1, 3, ef);
	fclose(ef);
	EXPECT_STREQ("dtrace: [DTRACEDROP_PRINCIPAL] 3 drops on CPU 1\n", err);
	teardown(&f);
}

TEST(strings_unterminated)
{
	struct fixture f;
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
	teardown(&f);
}

/* -q: records of clauses that print nothing are not kept at all. */
TEST(quiet_drops_bare_records)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	struct dt_epidtab epids;
	struct dt_consumer c;
	struct dtrace_probedesc d;
	struct dtrace_rechdr h = { 10, 7, 1 };
	uint8_t buf[64];
	char out[64] = "";
	FILE *fp = fmemopen(out, sizeof(out), "w");

	dt_options_init(&o);
	dt_pcb_init(&pcb, "syscall::read:entry { self->ts = timestamp; }",
		    NULL, &o);
	ASSERT_EQ(0, dt_compile(&pcb, &cp));
	ASSERT_EQ(0, cp.cp_ecbs[0].e_nouts);
	memset(&d, 0, sizeof(d));
	memset(&epids, 0, sizeof(epids));
	dt_epid_add(&epids, 10, &cp.cp_ecbs[0], &d);
	dt_consumer_init(&c, fp, true, &epids, NULL);
	ASSERT_EQ(8, cp.cp_ecbs[0].e_recsize);
	memset(buf, 0, sizeof(buf));
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + 24, &h, sizeof(h));
	ASSERT_EQ(0, dt_consume_buf(&c, 0, buf, 48)) TH_LOG("%s", c.c_err);
	EXPECT_EQ(0, c.c_n);
	ASSERT_EQ(0, dt_consume_flush(&c));
	fflush(fp);
	EXPECT_STREQ("", out);
	dt_consumer_fini(&c);
	fclose(fp);
	dt_epid_fini(&epids);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
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
	struct fixture f;
	struct dt_aggs s;
	int64_t k;
	uint64_t v;

	setup(&f, true);
	dt_consume_stop(&f.c, false);
	ASSERT_EQ(0, dt_consume_aggs_end(&f.c));
	EXPECT_STREQ("\n", f.out);
	teardown(&f);

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
	teardown(&f);

	dt_agg_setsort(&s, &rev);
	setup(&f, false);
	f.c.c_aggs = &s;
	ASSERT_EQ(0, dt_consume_aggs_end(&f.c));
	EXPECT_STREQ("\n"
		     "                2               20\n"
		     "                1               10\n"
		     "                2                2\n"
		     "                1                1\n", f.out);
	teardown(&f);
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
	char *maps = slurp_stream("/proc/self/maps"), text[512], out[256];
	struct dtrace_probedesc d;
	struct dt_epidtab epids;
	struct dt_probetab probes;
	struct dt_consumer c;
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	struct dt_aggs s;
	const struct dt_ecb *e;
	const struct dt_agg *a;
	uint8_t buf[512], data[64];
	size_t n = 0;
	uint64_t w;
	FILE *fp;
	int k;

	ASSERT_NE(NULL, maps);
	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN { @[ustack(2), ufunc(arg0)] = count(); }",
		    NULL, &o);
	ASSERT_EQ(0, dt_compile(&pcb, &cp));
	e = &cp.cp_ecbs[0];
	ASSERT_EQ(4, e->e_nrecs);
	ASSERT_LE(e->e_recsize, sizeof(data));
	a = e->e_outs[0].o_aggs[0];
	memset(&d, 0, sizeof(d));
	memset(&epids, 0, sizeof(epids));
	dt_epid_add(&epids, 10, &cp.cp_ecbs[0], &d);
	dt_probetab_init(&probes, -1);
	dt_probetab_add(&probes, &probe);
	ASSERT_EQ(0, dt_aggs_init(&s, pcb.pcb_prog.p_aggs));
	fp = fmemopen(out, sizeof(out), "w");
	dt_consumer_init(&c, fp, true, &epids, &probes);
	c.c_aggs = &s;
	ASSERT_EQ(0, dt_sym_set_maps(&c.c_syms, 4000000, maps));
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
	ASSERT_EQ(0, dt_consume_buf(&c, 0, buf, n));
	ASSERT_EQ(0, dt_consume_flush(&c));
	ASSERT_EQ(1, s.ag_data[0].ad_nents);
	EXPECT_EQ(2, s.ag_data[0].ad_ents[0].ae_val[0]);
	dt_agg_keytext(a, s.ag_data[0].ad_ents[0].ae_key, 1, &c.c_syms, text,
		       sizeof(text));
	EXPECT_STREQ("test_dt_consume`dt_consume_test_fn", text);
	dt_consumer_fini(&c);
	fclose(fp);
	dt_aggs_fini(&s);
	dt_probetab_fini(&probes);
	dt_epid_fini(&epids);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST_HARNESS_MAIN
