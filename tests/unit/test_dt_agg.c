// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations in the consumer: adding up AGGSNAP buffers, trunc,
 * clear, normalize, and the printed forms.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "dt_agg.h"
#include "dt_printf.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

static struct dt_agg *mkdef(uint32_t func, int nkeys, const int64_t *p)
{
	struct dt_agg *a = calloc(1, sizeof(*a));
	int i;

	a->a_name = strdup("a");
	a->a_func = func;
	a->a_nkeys = nkeys;
	for (i = 0; i < nkeys; i++)
		a->a_keys[i] = dt_type_long;
	if (p)
		memcpy(a->a_params, p, sizeof(a->a_params));
	dt_agg_layout(a, 16);
	a->a_declsize = a->a_keysize;
	a->a_valsize = dt_agg_valsize(func, a->a_params);
	return a;
}

/* One aggregation alone: the consumer's side of a new definition. */
static struct dt_aggdata *mkagg(uint32_t func, int nkeys, const int64_t *p)
{
	return agg_alone(mkdef(func, nkeys, p));
}


/* One AGGSNAP record: header, key, value. */
static size_t put(uint8_t *buf, size_t off, const struct dt_aggdata *d,
		  int64_t key, const uint64_t *val)
{
	const struct dt_agg *a = d->ad_def;
	struct dtrace_aggrec r = { d->ad_id, (uint32_t)(sizeof(r) +
		a->a_declsize + a->a_valsize), 0, 0 };

	memcpy(buf + off, &r, sizeof(r));
	memcpy(buf + off + sizeof(r), &key, a->a_keysize ? 8 : 0);
	memcpy(buf + off + sizeof(r) + a->a_declsize, val, a->a_valsize);
	return off + r.dar_size;
}

/*
 * The text of d, printed with format fmt (NULL: the default layout),
 * user symbols named from st.
 */
static char *print_syms(struct dt_aggdata *d, const char *fmt,
			struct dt_symtab *st)
{
	static char out[8192];
	char err[256];
	struct dt_pfmt *pf = fmt ? dt_pfmt_parse(fmt, err, sizeof(err)) : NULL;
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out), "w");
	dt_agg_print(fp, d, pf, st);
	fclose(fp);
	dt_pfmt_free(pf);
	return out;
}

static char *print(struct dt_aggdata *d, const char *fmt)
{
	return print_syms(d, fmt, NULL);
}

TEST(snapshots_add_up)
{
	struct dt_agg *a = mkdef(DTRACE_AGG_SUM, 1, NULL);
	struct dt_agg *m = mkdef(DTRACE_AGG_MIN, 1, NULL);
	struct dt_aggs s;
	uint8_t buf[1024];
	uint64_t v;
	size_t n = 0;
	char err[128];

	m->a_ix = 1;
	a->a_next = m;
	ASSERT_EQ(0, dt_aggs_init(&s, a));
	ASSERT_EQ(&s.ag_data[1], dt_aggs_of(&s, m));
	s.ag_data[0].ad_declared = s.ag_data[1].ad_declared = true;
	s.ag_data[1].ad_id = 1;
	v = 5;
	n = put(buf, n, &s.ag_data[0], 1, &v);
	v = 7;
	n = put(buf, n, &s.ag_data[0], 2, &v);
	v = (uint64_t)-3;
	n = put(buf, n, &s.ag_data[1], 1, &v);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	n = 0;
	v = 10;
	n = put(buf, n, &s.ag_data[0], 1, &v);	/* another CPU */
	v = 4;
	n = put(buf, n, &s.ag_data[1], 1, &v);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	EXPECT_STREQ("                2                7\n"
		     "                1               15\n",
		     print(&s.ag_data[0], NULL));
	EXPECT_STREQ("                1               -3\n",
		     print(&s.ag_data[1], NULL));
	EXPECT_STREQ("2=7;1=15;", print(&s.ag_data[0], "%d=%@d;"));

	n = put(buf, 0, &s.ag_data[0], 1, &v);
	((struct dtrace_aggrec *)buf)->dar_id = 9;
	EXPECT_EQ(-1, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	EXPECT_STREQ("unknown aggregation id 9", err);
	dt_aggs_fini(&s);
	dt_agg_freeall(a);
}

TEST(trunc_clear_normalize)
{
	struct dt_aggdata *a = mkagg(DTRACE_AGG_SUM, 1, NULL);
	uint64_t v;
	int64_t k;

	for (k = 1; k <= 5; k++) {
		v = (uint64_t)(k * 10);
		ASSERT_EQ(0, dt_agg_merge(a, (uint8_t *)&k, &v));
	}
	dt_agg_trunc(a, 2, false);
	EXPECT_STREQ("4 40\n5 50\n", print(a, "%d %@d\n"));
	a->ad_normal = 10;
	EXPECT_STREQ("4 4\n5 5\n", print(a, "%d %@d\n"));
	a->ad_normal = 1;
	dt_agg_trunc(a, -1, false);
	EXPECT_STREQ("4 40\n", print(a, "%d %@d\n"));
	dt_agg_clear(a);
	EXPECT_STREQ("4 0\n", print(a, "%d %@d\n"));
	dt_agg_trunc(a, 0, true);
	EXPECT_STREQ("", print(a, NULL));
	agg_free(a);
}

/*
 * Integer keys sort as signed numbers of their type, and char and short
 * keys print signed in their widths (3 and 5): -2, not 254.
 */
TEST(signed_keys)
{
	struct dt_agg *a = mkdef(DTRACE_AGG_COUNT, 2, NULL);
	struct dt_aggdata *d;
	struct dt_aggs s;
	static const int64_t keys[][2] = {
		{ 3, 7 }, { 0xfe, 7 }, { 3, 0xfed4 }, { 0x7f, 0x8000 },
	};
	uint64_t one = 1;
	uint8_t key[16];
	size_t i;

	a->a_keys[0] = dt_type_char;
	a->a_keys[1] = dt_type_int;
	a->a_keys[1].size = 2;	/* short */
	ASSERT_EQ(0, dt_aggs_init(&s, a));
	d = &s.ag_data[0];
	d->ad_sort.as_key = true;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		memcpy(key + a->a_keyoff[0], &keys[i][0], 8);
		memcpy(key + a->a_keyoff[1], &keys[i][1], 8);
		ASSERT_EQ(0, dt_agg_merge(d, key, &one));
	}
	EXPECT_STREQ("  -2     7                1\n"
		     "   3  -300                1\n"
		     "   3     7                1\n"
		     " 127 -32768                1\n", print(d, NULL));
	agg_free(d);
}

/* A function of ours to name: the address of a ufunc( ) key. */
__attribute__((noinline)) int dt_agg_test_fn(int x)
{
	return x * 5 + 2;
}


/*
 * @[umod(pc), uaddr(pc + 1)]: keys of 16 bytes each, the pid then the
 * address, named from the maps of pid 4000000 (this process's, given
 * as that pid's: no process has it) in printa's default layout, as
 * sym( ) keys print, and in a format; pid 0 prints the address in hex.
 */
TEST(user_sym_keys)
{
	struct dt_agg *def = calloc(1, sizeof(*def));
	uint64_t pc = (uint64_t)(uintptr_t)&dt_agg_test_fn, one = 1;
	uint64_t key[4] = { 4000000, pc, 4000000, pc + 1 };
	uint64_t hex[4] = { 0, 0x10, 0, 0x11 };
	char *maps = slurp_stream("/proc/self/maps"), want[1024];
	struct dt_aggdata *d;
	struct dt_symtab st;

	ASSERT_NE(NULL, def);
	ASSERT_NE(NULL, maps);
	def->a_name = strdup("a");
	def->a_func = DTRACE_AGG_COUNT;
	def->a_nkeys = 2;
	def->a_keys[0] = dt_type_ulong;
	def->a_keys[0].sym = DT_SYM_UMOD;
	def->a_keys[1] = dt_type_ulong;
	def->a_keys[1].sym = DT_SYM_UADDR;
	d = agg_alone(def);
	EXPECT_EQ(16, def->a_keysz[0]);
	EXPECT_EQ(16, def->a_keyoff[1]);
	EXPECT_EQ(32, def->a_keysize);
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)hex, &one));
	/* another pid, the same address: another key */
	key[0] = key[2] = 4000001;
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	ASSERT_EQ(0, dt_agg_merge(d, (uint8_t *)key, &one));
	ASSERT_EQ(3, d->ad_nents);
	dt_symtab_init(&st);
	ASSERT_EQ(0, dt_sym_set_maps(&st, 4000000, maps));
	free(maps);
	snprintf(want, sizeof(want), "  %-50s  %-50s %16d\n"
		 "  %-50s  %-50s %16d\n  %-50s  %-50s %16d\n", "0x10",
		 "0x11", 1, "test_dt_agg", "test_dt_agg`dt_agg_test_fn+0x1", 2,
		 "0xXX", "0xXX", 3);
	snprintf(strstr(want, "0xXX"), 160, "0x%-48llx  0x%-48llx %16d\n",
		 (unsigned long long)pc, (unsigned long long)pc + 1, 3);
	EXPECT_STREQ(want, print_syms(d, NULL, &st));
	/* a format: %A names the key as its kind, %x is the address */
	snprintf(want, sizeof(want), "0x10|0x11|1\n"
		 "test_dt_agg|test_dt_agg`dt_agg_test_fn+0x1|2\n"
		 "0x%llx|0x%llx|3\n", (unsigned long long)pc,
		 (unsigned long long)pc + 1);
	EXPECT_STREQ(want, print_syms(d, "%A|%A|%@d\n", &st));
	snprintf(want, sizeof(want), "10|11|1\n%llx|%llx|2\n%llx|%llx|3\n",
		 (unsigned long long)pc, (unsigned long long)pc + 1,
		 (unsigned long long)pc, (unsigned long long)pc + 1);
	EXPECT_STREQ(want, print_syms(d, "%x|%x|%@d\n", &st));
	dt_symtab_fini(&st);
	agg_free(d);
}

/* Initialized data: a mapping of this file other than its code's. */
int dt_agg_test_data = 42;

/* One AGGSNAP record of a 16-byte key, pid and address; value v. */
static size_t put_usym(uint8_t *buf, size_t off, const struct dt_aggdata *d,
		       uint64_t pid, uint64_t addr, uint64_t v)
{
	const struct dt_agg *a = d->ad_def;
	struct dtrace_aggrec r = { d->ad_id, (uint32_t)(sizeof(r) +
		a->a_declsize + a->a_valsize), 0, 0 };
	uint64_t key[2] = { pid, addr };

	memcpy(buf + off, &r, sizeof(r));
	memcpy(buf + off + sizeof(r), key, sizeof(key));
	memcpy(buf + off + sizeof(r) + a->a_declsize, &v, 8);
	return off + r.dar_size;
}

/*
 * The module's snapshots of @[ufunc(pc)], @[umod(pc)], @[uaddr(pc)]: as
 * illumos adds them up, PCs of one function are one ufunc( ) key, and
 * addresses of one file one umod( ) key; uaddr( )'s stay apart.
 */
TEST(user_sym_keys_add_up)
{
	static const uint8_t kinds[3] = { DT_SYM_UFUNC, DT_SYM_UMOD,
					  DT_SYM_UADDR };
	uint64_t pc = (uint64_t)(uintptr_t)&dt_agg_test_fn;
	uint64_t data = (uint64_t)(uintptr_t)&dt_agg_test_data;
	char *maps = slurp_stream("/proc/self/maps"), err[128];
	struct dt_agg *list = NULL, *defs[3];
	struct dt_symtab st;
	struct dt_aggs s;
	uint8_t buf[1024];
	size_t n = 0;
	int i;

	ASSERT_NE(NULL, maps);
	for (i = 2; i >= 0; i--) {
		defs[i] = calloc(1, sizeof(*defs[i]));
		ASSERT_NE(NULL, defs[i]);
		defs[i]->a_name = strdup("a");
		defs[i]->a_ix = (uint32_t)i;
		defs[i]->a_func = DTRACE_AGG_SUM;
		defs[i]->a_nkeys = 1;
		defs[i]->a_keys[0] = dt_type_ulong;
		defs[i]->a_keys[0].sym = kinds[i];
		ASSERT_EQ(0, dt_agg_layout(defs[i], 16));
		defs[i]->a_declsize = defs[i]->a_keysize;
		defs[i]->a_valsize = dt_agg_valsize(DTRACE_AGG_SUM,
						     defs[i]->a_params);
		defs[i]->a_next = list;
		list = defs[i];
	}
	ASSERT_EQ(0, dt_aggs_init(&s, list));
	for (i = 0; i < 3; i++) {
		s.ag_data[i].ad_declared = true;
		s.ag_data[i].ad_id = (uint32_t)i;
	}
	dt_symtab_init(&st);
	ASSERT_EQ(0, dt_sym_set_maps(&st, 4000000, maps));
	free(maps);
	s.ag_syms = &st;
	n = put_usym(buf, n, &s.ag_data[0], 4000000, pc + 1, 1);
	n = put_usym(buf, n, &s.ag_data[0], 4000000, pc + 2, 2);
	n = put_usym(buf, n, &s.ag_data[1], 4000000, pc + 1, 1);
	n = put_usym(buf, n, &s.ag_data[1], 4000000, data, 2);
	n = put_usym(buf, n, &s.ag_data[2], 4000000, pc + 1, 1);
	n = put_usym(buf, n, &s.ag_data[2], 4000000, pc + 2, 2);
	ASSERT_EQ(0, dt_agg_consume(&s, buf, n, err, sizeof(err)));
	EXPECT_EQ(1, s.ag_data[0].ad_nents);
	EXPECT_EQ(1, s.ag_data[1].ad_nents);
	EXPECT_EQ(2, s.ag_data[2].ad_nents);
	EXPECT_STREQ("test_dt_agg|3\n", print_syms(&s.ag_data[1], "%A|%@d\n",
						    &st));
	EXPECT_STREQ("test_dt_agg`dt_agg_test_fn|3\n",
		     print_syms(&s.ag_data[0], "%A|%@d\n", &st));
	EXPECT_STREQ("test_dt_agg`dt_agg_test_fn+0x1|1\n"
		     "test_dt_agg`dt_agg_test_fn+0x2|2\n",
		     print_syms(&s.ag_data[2], "%A|%@d\n", &st));
	dt_symtab_fini(&st);
	dt_aggs_fini(&s);
	dt_agg_freeall(list);
}

TEST(many_keys)
{
	struct dt_aggdata *a = mkagg(DTRACE_AGG_COUNT, 1, NULL);
	uint64_t one = 1;
	int64_t k;

	/* twice over 50,000 keys: hashed, not quadratic */
	for (k = 0; k < 100000; k++) {
		int64_t key = k % 50000;

		ASSERT_EQ(0, dt_agg_merge(a, (uint8_t *)&key, &one));
	}
	EXPECT_EQ(50000, a->ad_nents);
	dt_agg_trunc(a, 1, false);
	EXPECT_STREQ("49999 2\n", print(a, "%d %@d\n"));
	agg_free(a);
}

TEST(distributions)
{
	static const int64_t lq[4] = { 0, 10, 5, 0 };
	struct dt_aggdata *q = mkagg(DTRACE_AGG_QUANTIZE, 0, NULL);
	struct dt_aggdata *l = mkagg(DTRACE_AGG_LQUANTIZE, 0, lq);
	uint64_t qv[127] = { 0 }, lv[4] = { 0 };
	char want[1024];

	qv[63 + 1 + 2] = 3;	/* [4, 8) */
	qv[63 + 1 + 3] = 1;	/* [8, 16) */
	ASSERT_EQ(0, dt_agg_merge(q, NULL, qv));
	snprintf(want, sizeof(want), "\n%16s %41s %-9s\n"
		 "%16s |%-40s %-9s\n%16s |%-40s %-9s\n%16s |%-40s %-9s\n"
		 "%16s |%-40s %-9s\n\n", "value",
		 "------------- Distribution -------------", "count",
		 "2", "", "0", "4", "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@", "3",
		 "8", "@@@@@@@@@@", "1", "16", "", "0");
	EXPECT_STREQ(want, print(q, NULL));

	EXPECT_EQ(32, l->ad_def->a_valsize);	/* under, [0,5), [5,10), over */
	lv[0] = 1;
	lv[3] = 1;
	ASSERT_EQ(0, dt_agg_merge(l, NULL, lv));
	snprintf(want, sizeof(want), "\n%16s %41s %-9s\n"
		 "%16s |%-40s %-9s\n%16s |%-40s %-9s\n%16s |%-40s %-9s\n"
		 "%16s |%-40s %-9s\n\n", "value",
		 "------------- Distribution -------------", "count",
		 "< 0", "@@@@@@@@@@@@@@@@@@@@", "1", "0", "", "0",
		 "5", "", "0", ">= 10", "@@@@@@@@@@@@@@@@@@@@", "1");
	EXPECT_STREQ(want, print(l, NULL));
	agg_free(q);
	agg_free(l);
}

TEST(avg_and_stddev)
{
	struct dt_aggdata *av = mkagg(DTRACE_AGG_AVG, 0, NULL);
	struct dt_aggdata *sd = mkagg(DTRACE_AGG_STDDEV, 0, NULL);
	uint64_t v[4] = { 4, 10, 0, 0 };

	ASSERT_EQ(0, dt_agg_merge(av, NULL, v));
	EXPECT_STREQ("                2\n", print(av, NULL));
	/* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, deviation 2 */
	v[0] = 8;
	v[1] = 40;
	v[2] = 0;
	v[3] = 4 + 16 * 3 + 25 * 2 + 49 + 81;
	ASSERT_EQ(0, dt_agg_merge(sd, NULL, v));
	EXPECT_STREQ("                2\n", print(sd, NULL));
	agg_free(av);
	agg_free(sd);
}

TEST_HARNESS_MAIN
