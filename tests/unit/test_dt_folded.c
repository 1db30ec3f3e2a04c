// SPDX-License-Identifier: GPL-2.0
/*
 * -x oformat=folded: stacks root first, other keys as leading frames,
 * offsets dropped, separators replaced; stack keys as Prometheus labels.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "dt_agg.h"
#include "dt_flame.h"
#include "dt_folded.h"
#include "dt_prom.h"
#include "kselftest_harness.h"

static char out[8192];

/* @name[execname, stack(4)] = count( ), or @name[stack(4)]. */
static struct dt_aggdata *mkstack(const char *name, bool comm)
{
	struct dt_agg *a = calloc(1, sizeof(*a));
	int k = comm ? 1 : 0;

	a->a_name = strdup(name);
	a->a_func = DTRACE_AGG_COUNT;
	a->a_user = true;
	a->a_nkeys = k + 1;
	a->a_keys[0].kind = DT_T_STRING;
	a->a_keys[0].size = 16;
	a->a_keys[k].kind = DT_T_INT;
	a->a_keys[k].size = 8;
	a->a_keystack[k] = 1;
	a->a_keyframes[k] = 4;
	return agg_alone(a);
}

/* comm (if the key has one), then the PCs leaf first, n times. */
static void add(struct dt_aggdata *d, const char *comm,
		const uint64_t *pcs, int npcs, uint64_t n)
{
	uint8_t key[64] = { 0 };
	int k = d->ad_def->a_nkeys - 1;

	if (k)
		strncpy((char *)key, comm, 15);
	memcpy(key + d->ad_def->a_keyoff[k], pcs, npcs * 8);
	if (dt_agg_merge(d, key, &n))
		abort();
}

static const char *folded(struct dt_aggdata *d)
{
	FILE *fp;

	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	if (!fp || dt_folded_agg(fp, d, NULL))
		abort();
	fclose(fp);
	return out;
}

TEST(root_first_other_keys_lead)
{
	struct dt_aggdata *d = mkstack("s", true);
	static const uint64_t a[] = { 0x10, 0x20, 0x30 }, b[] = { 0x11, 0x30 };

	add(d, "spin", a, 3, 7);
	add(d, "my prog;x", b, 2, 2);
	add(d, "idle", b, 0, 1);	/* no frames */
	EXPECT_STREQ("idle;[unknown] 1\n"
		     "my_prog_x;0x30;0x11 2\n"
		     "spin;0x30;0x20;0x10 7\n", folded(d));
	agg_free(d);
}

TEST(stack_key_is_one_label)
{
	struct dt_aggdata *d = mkstack("st", false);
	struct dt_aggs s = { .ag_data = d, .ag_n = 1 };
	struct dt_promstats st = { 0 };
	static const uint64_t a[] = { 0x10, 0x20, 0x30, 0x40 };
	FILE *fp;

	add(d, "", a, 4, 3);
	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	ASSERT_EQ(0, dt_prom_write(fp, &s, NULL, 10, &st));
	fclose(fp);
	EXPECT_NE(NULL, strstr(out, "\ndtrace_agg_st_total{key0=\"0x40;0x30;"
			       "0x20;0x10\"} 3\n"));
	agg_free(d);
}

TEST(zero_counts_left_out)
{
	struct dt_aggdata *d = mkstack("z", false);
	static const uint64_t a[] = { 0x10 };

	add(d, "", a, 1, 0);
	EXPECT_STREQ("", folded(d));
	agg_free(d);
}

/* -x oformat=flamegraph: the folded stacks as a tree in the template. */
TEST(flame_tree_in_template)
{
	struct dt_aggdata *d = mkstack("s", true);
	struct dt_aggs s = { .ag_data = d, .ag_n = 1 };
	static const uint64_t a[] = { 0x10, 0x20 }, b[] = { 0x11, 0x20 };
	char err[128] = "";
	FILE *fp;

	add(d, "dd", a, 2, 5);
	add(d, "dd", b, 2, 2);
	add(d, "sh", a, 1, 1);
	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out) - 1, "w");
	ASSERT_EQ(0, dt_flame_write(fp, "<p>[/** @flamegraph_json **/]"
				    "[/** @options_json **/]</p>", &s, NULL,
				    err, sizeof(err)));
	fclose(fp);
	EXPECT_STREQ("<p>[{\"name\":\"all\",\"value\":0,\"children\":["
		     "{\"name\":\"sh\",\"value\":0,\"children\":["
		     "{\"name\":\"0x10\",\"value\":1,\"children\":[]}]},"
		     "{\"name\":\"dd\",\"value\":0,\"children\":["
		     "{\"name\":\"0x20\",\"value\":0,\"children\":["
		     "{\"name\":\"0x11\",\"value\":2,\"children\":[]},"
		     "{\"name\":\"0x10\",\"value\":5,\"children\":[]}]}]}]}]"
		     "[{\"context\":\"DTrace aggregations, folded\"}]</p>", out);
	fp = fmemopen(out, sizeof(out) - 1, "w");
	EXPECT_EQ(-1, dt_flame_write(fp, "<p>no place</p>", &s, NULL, err,
				     sizeof(err)));
	fclose(fp);
	EXPECT_NE(NULL, strstr(err, "has no /** @flamegraph_json **/"));
	agg_free(d);
}

TEST_HARNESS_MAIN
