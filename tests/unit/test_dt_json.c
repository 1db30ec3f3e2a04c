// SPDX-License-Identifier: GPL-2.0
/*
 * -x oformat=json: string escapes, aggregations (scalars, distributions,
 * string keys) and probe records, compared whole.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "consumer_test.h"
#include "dt_agg.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_json.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

static char out[8192];

static FILE *open_out(void)
{
	memset(out, 0, sizeof(out));
	return fmemopen(out, sizeof(out), "w");
}

TEST(string_escapes)
{
	FILE *fp = open_out();

	dt_json_str(fp, "a\"b\\c\nd\te\x01", 64);
	dt_json_str(fp, "truncated", 5);
	fclose(fp);
	EXPECT_STREQ("\"a\\\"b\\\\c\\nd\\te\\u0001\"\"trunc\"", out);
}

static struct dt_aggdata *mkagg(uint32_t func, const struct dt_type *key,
			    const int64_t *p)
{
	struct dt_agg *a = calloc(1, sizeof(*a));

	a->a_name = strdup("a");
	a->a_func = func;
	a->a_nkeys = key ? 1 : 0;
	if (key)
		a->a_keys[0] = *key;
	if (p)
		memcpy(a->a_params, p, sizeof(a->a_params));
	return agg_alone(a);
}


TEST(scalars_sorted_by_value)
{
	struct dt_type str = { .kind = DT_T_STRING, .size = 16 };
	struct dt_aggdata *a = mkagg(DTRACE_AGG_COUNT, &str, NULL);
	uint8_t key[16] = "bash";
	uint64_t v = 12;
	FILE *fp;

	ASSERT_EQ(0, dt_agg_merge(a, key, &v));
	memcpy(key, "dd\0\0", 4);
	v = 3;
	ASSERT_EQ(0, dt_agg_merge(a, key, &v));
	fp = open_out();
	ASSERT_EQ(0, dt_json_agg(fp, a, NULL));
	fclose(fp);
	EXPECT_STREQ("{\"type\":\"aggregation\",\"name\":\"a\",\"function\":"
		     "\"count\",\"entries\":[{\"keys\":[\"dd\"],\"value\":3},"
		     "{\"keys\":[\"bash\"],\"value\":12}]}", out);
	agg_free(a);
}

TEST(distributions_nonzero_rows)
{
	static const int64_t lq[4] = { 0, 10, 5, 0 };
	struct dt_aggdata *q = mkagg(DTRACE_AGG_QUANTIZE, NULL, NULL);
	struct dt_aggdata *l = mkagg(DTRACE_AGG_LQUANTIZE, NULL, lq);
	uint64_t qv[127] = { 0 }, lv[4] = { 0 };
	FILE *fp;

	qv[63] = 2;		/* 0 */
	qv[63 + 1 + 2] = 3;	/* [4, 8) */
	qv[63 - 1] = 1;		/* -1 */
	ASSERT_EQ(0, dt_agg_merge(q, NULL, qv));
	lv[0] = 1;
	lv[2] = 4;
	lv[3] = 1;
	ASSERT_EQ(0, dt_agg_merge(l, NULL, lv));
	fp = open_out();
	ASSERT_EQ(0, dt_json_agg(fp, q, NULL));
	fputc('\n', fp);
	ASSERT_EQ(0, dt_json_agg(fp, l, NULL));
	fclose(fp);
	EXPECT_STREQ("{\"type\":\"aggregation\",\"name\":\"a\",\"function\":"
		     "\"quantize\",\"entries\":[{\"keys\":[],\"buckets\":["
		     "{\"value\":-1,\"count\":1},{\"value\":0,\"count\":2},"
		     "{\"value\":4,\"count\":3}]}]}\n"
		     "{\"type\":\"aggregation\",\"name\":\"a\",\"function\":"
		     "\"lquantize\",\"entries\":[{\"keys\":[],\"buckets\":["
		     "{\"below\":0,\"count\":1},{\"value\":5,\"count\":4},"
		     "{\"value\":10,\"count\":1}]}]}", out);
	agg_free(q);
	agg_free(l);
}

/* A clause's record through the consumer, as a line. */
TEST(probe_record)
{
	struct consumer_test t;
	uint8_t data[32];
	int64_t v = -2;

	/* strsize 15: a 16-byte string slot, with its NUL */
	ASSERT_EQ(0, consumer_test_init(&t, "syscall::read:entry { trace("
					"arg0); printf(\"%s \\\"%d\\\"\\n\", "
					"execname, arg0); }", 15,
					&consumer_test_read, 1, false));
	t.c.c_fmt = &dt_format_json;
	ASSERT_EQ(32, t.cp.cp_ecbs[0].e_recsize);
	memset(data, 0, sizeof(data));
	memcpy(data, &v, 8);
	memcpy(data + 8, "sh", 2);
	memcpy(data + 24, &v, 8);
	ASSERT_EQ(0, consumer_test_record(&t, data, sizeof(data)));
	ASSERT_EQ(0, dt_consume_flush(&t.c));
	fflush(t.fp);
	EXPECT_STREQ("{\"type\":\"probe\",\"timestamp\":1234,\"cpu\":1,"
		     "\"id\":7,\"provider\":\"syscall\",\"module\":\"vmlinux\","
		     "\"function\":\"read\",\"name\":\"entry\",\"data\":["
		     "{\"trace\":-2},{\"printf\":\"sh \\\"-2\\\"\\n\"}]}\n",
		     t.out);
	consumer_test_fini(&t);
}

/* A function of ours to name: a user symbol's address. */
__attribute__((noinline)) int dt_json_test_fn(int x)
{
	return x * 7 + 1;
}

/*
 * ufunc( ), uaddr( ): a record's pid and address, two words each, named
 * from the maps of pid 4000000 (this process's, given as that pid's),
 * as JSON or as the text output prints them.
 */
static void user_record(struct __test_metadata *_metadata, bool json,
			const char *want)
{
	uint64_t pc = (uint64_t)(uintptr_t)&dt_json_test_fn;
	uint64_t data[5] = { 4000000, pc, 4000000, pc + 1, 7 };
	char *maps = slurp_stream("/proc/self/maps");
	struct consumer_test t;

	ASSERT_NE(NULL, maps);
	ASSERT_EQ(0, consumer_test_init(&t, "syscall::read:entry { trace("
					"ufunc(arg0)); printf(\"%A|%d\\n\", "
					"uaddr(arg0 + 1), 7); }", 0,
					&consumer_test_read, 1, true));
	ASSERT_EQ(sizeof(data), t.cp.cp_ecbs[0].e_recsize);
	if (json)
		t.c.c_fmt = &dt_format_json;
	ASSERT_EQ(0, dt_sym_set_maps(&t.c.c_syms, 4000000, maps));
	free(maps);
	ASSERT_EQ(0, consumer_test_record(&t, data, sizeof(data)));
	ASSERT_EQ(0, dt_consume_flush(&t.c));
	fflush(t.fp);
	EXPECT_STREQ(want, t.out);
	consumer_test_fini(&t);
}

TEST(user_symbol_record)
{
	char want[1024];

	user_record(_metadata, true, "{\"type\":\"probe\",\"timestamp\":"
		    "1234,\"cpu\":1,\"id\":7,\"provider\":\"syscall\","
		    "\"module\":\"vmlinux\",\"function\":\"read\",\"name\":"
		    "\"entry\",\"data\":[{\"trace\":\"test_dt_json`"
		    "dt_json_test_fn\"},{\"printf\":\"test_dt_json`"
		    "dt_json_test_fn+0x1|7\\n\"}]}\n");
	/* the text output, quiet: trace( ) in sym( )'s column */
	snprintf(want, sizeof(want), "  %-50stest_dt_json`dt_json_test_fn+0x1"
		 "|7\n", "test_dt_json`dt_json_test_fn");
	user_record(_metadata, false, want);
}

/* An aggregation keyed by usym( ): the key named, for pid 4000000. */
TEST(user_symbol_key)
{
	struct dt_type t = dt_type_ulong;
	struct dt_aggdata *a;
	uint64_t pc = (uint64_t)(uintptr_t)&dt_json_test_fn;
	uint64_t key[2] = { 4000000, pc + 3 }, v = 2;
	char *maps = slurp_stream("/proc/self/maps");
	struct dt_symtab st;
	FILE *fp;

	ASSERT_NE(NULL, maps);
	t.sym = DT_SYM_USYMBOL;
	a = mkagg(DTRACE_AGG_COUNT, &t, NULL);
	ASSERT_EQ(16, a->ad_def->a_keysz[0]);
	ASSERT_EQ(0, dt_agg_merge(a, (uint8_t *)key, &v));
	key[0] = 0;	/* no pid: the address */
	key[1] = 0x10;
	v = 1;
	ASSERT_EQ(0, dt_agg_merge(a, (uint8_t *)key, &v));
	dt_symtab_init(&st);
	ASSERT_EQ(0, dt_sym_set_maps(&st, 4000000, maps));
	free(maps);
	fp = open_out();
	ASSERT_EQ(0, dt_json_agg(fp, a, &st));
	fclose(fp);
	EXPECT_STREQ("{\"type\":\"aggregation\",\"name\":\"a\",\"function\":"
		     "\"count\",\"entries\":[{\"keys\":[\"0x10\"],\"value\":1},"
		     "{\"keys\":[\"test_dt_json`dt_json_test_fn\"],\"value\":2}]}",
		     out);
	dt_symtab_fini(&st);
	agg_free(a);
}

TEST_HARNESS_MAIN
