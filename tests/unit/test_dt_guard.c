// SPDX-License-Identifier: GPL-2.0
/*
 * if/else as the module sees it (dt_lower.c, dt_layout.c): each block
 * with actions has a GUARD action, its actions name it (never a later
 * action, never anything but a GUARD), what it prints reads the GUARD's
 * slot, and nothing else is added: no clause for exit( ), no key word
 * for an aggregation.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include <stdlib.h>
#include <string.h>

#include "dt_aggdef.h"
#include "dt_compile.h"
#include "dt_enable.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

struct prog {
	struct dt_options	o;
	struct dt_pcb		pcb;
	struct dt_cprog		cp;
};

static int compile(struct __test_metadata *_metadata, struct prog *p,
		   const char *src)
{
	dt_options_init(&p->o);
	dt_pcb_init(&p->pcb, src, NULL, &p->o);
	if (dt_compile(&p->pcb, &p->cp)) {
		TH_LOG("%s: %s", src, p->pcb.pcb_errmsg);
		return -1;
	}
	return 0;
}

static void release(struct prog *p)
{
	dt_cprog_free(&p->cp);
	dt_pcb_fini(&p->pcb);
}

/* Every guard names an earlier GUARD: what the module checks. */
static bool guards_sound(const struct dt_ecb *e)
{
	int i, g;

	for (i = 0; i < e->e_nacts; i++) {
		g = e->e_acts[i].a_guardact;
		if (g && (g > i || e->e_acts[g - 1].a_kind != DTRACE_ACT_GUARD))
			return false;
	}
	return true;
}

static int count_kind(const struct dt_ecb *e, uint32_t kind)
{
	int i, n = 0;

	for (i = 0; i < e->e_nacts; i++)
		n += e->e_acts[i].a_kind == kind;
	return n;
}

static const struct dt_act *find_kind(const struct dt_ecb *e, uint32_t kind)
{
	int i;

	for (i = 0; i < e->e_nacts; i++)
		if (e->e_acts[i].a_kind == kind)
			return &e->e_acts[i];
	return NULL;
}

TEST(then_prints_else_aggregates)
{
	struct prog p;
	const struct dt_ecb *e;
	const struct dt_act *rec, *agg, *ex;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { x = 1; if (x) { "
			     "printf(\"%d\\n\", x); } else { @a[1] = count(); }"
			     " exit(0); }"));
	ASSERT_EQ(1, p.cp.cp_necbs);
	e = &p.cp.cp_ecbs[0];
	EXPECT_TRUE(guards_sound(e));
	EXPECT_EQ(2, count_kind(e, DTRACE_ACT_GUARD));
	rec = find_kind(e, DTRACE_ACT_RECORD);
	agg = find_kind(e, DTRACE_ACT_AGGREGATE);
	ex = find_kind(e, DTRACE_ACT_EXIT);
	ASSERT_NE(NULL, rec);
	ASSERT_NE(NULL, agg);
	ASSERT_NE(NULL, ex);
	ASSERT_NE(0, rec->a_guardact);
	ASSERT_NE(0, agg->a_guardact);
	EXPECT_NE(rec->a_guardact, agg->a_guardact);
	EXPECT_EQ(0, ex->a_guardact);
	/* the then-GUARD is recorded for printf; the else-GUARD is not */
	EXPECT_LE(0, e->e_acts[rec->a_guardact - 1].a_rec);
	EXPECT_EQ(-1, e->e_acts[agg->a_guardact - 1].a_rec);
	ASSERT_EQ(DT_OUT_PRINTF, e->e_outs[0].o_kind);
	EXPECT_EQ(e->e_acts[rec->a_guardact - 1].a_rec, e->e_outs[0].o_guard);
	/* the key is the key: no hidden guard word */
	EXPECT_EQ(8, agg->a_agg->a_keysize);
	release(&p);
}

TEST(exit_in_a_block_is_one_action)
{
	struct prog p;
	const struct dt_act *ex;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { x = 2; if (x > 1) { "
			     "exit(x); } }"));
	ASSERT_EQ(1, p.cp.cp_necbs);
	EXPECT_TRUE(guards_sound(&p.cp.cp_ecbs[0]));
	ex = find_kind(&p.cp.cp_ecbs[0], DTRACE_ACT_EXIT);
	ASSERT_NE(NULL, ex);
	EXPECT_NE(0, ex->a_guardact);
	release(&p);
}

TEST(nested_blocks)
{
	struct prog p;
	const struct dt_ecb *e;
	const struct dt_act *rec;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { x = 1; y = 2; if (x) { "
			     "if (y) { trace(3); } else { trace(4); } "
			     "trace(5); } }"));
	e = &p.cp.cp_ecbs[0];
	EXPECT_TRUE(guards_sound(e));
	EXPECT_EQ(3, count_kind(e, DTRACE_ACT_GUARD));
	EXPECT_EQ(3, count_kind(e, DTRACE_ACT_RECORD));
	rec = find_kind(e, DTRACE_ACT_RECORD);
	EXPECT_NE(0, rec->a_guardact);
	release(&p);
}

/* Assignments after a block run even when its last action is skipped. */
TEST(trailing_assignment_not_guarded)
{
	struct prog p;
	const struct dt_ecb *e;
	const struct dt_act *last;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { x = 1; if (x) { "
			     "trace(x); } self->y = 1; }"));
	e = &p.cp.cp_ecbs[0];
	last = &e->e_acts[e->e_nacts - 1];
	EXPECT_EQ(DTRACE_ACT_GUARD, last->a_kind);
	EXPECT_EQ(0, last->a_guardact);
	EXPECT_EQ(-1, last->a_rec);
	EXPECT_EQ(1, last->a_npre);
	release(&p);
}

/* speculate( ) stays first: its program gives DTRACE_SPEC_NONE. */
TEST(speculate_in_a_block)
{
	struct prog p;
	const struct dt_ecb *e;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { self->s = speculation(); "
			     "} BEGIN { if (self->s) { speculate(self->s); } "
			     "printf(\"x\\n\"); }"));
	ASSERT_EQ(2, p.cp.cp_necbs);
	e = &p.cp.cp_ecbs[1];
	EXPECT_EQ(DTRACE_ACT_SPECULATE, e->e_acts[0].a_kind);
	EXPECT_EQ(0, e->e_acts[0].a_guardact);
	EXPECT_NE(NULL, e->e_acts[0].a_guard);
	EXPECT_EQ(0, count_kind(e, DTRACE_ACT_GUARD));
	release(&p);
}

/* The blob carries each guard as the module reads it. */
/* The module's id for every aggregation: this test looks at guards. */
static uint32_t any_aggid(const struct dt_agg *a, void *arg)
{
	(void)a;
	(void)arg;
	return 1;
}

TEST(blob_carries_guards)
{
	struct dtrace_probedesc pd = { 0 };
	struct dtrace_ioc_action *ua;
	struct dtrace_ioc_enable *h;
	const struct dt_ecb *e;
	struct prog p;
	size_t len;
	int i;

	ASSERT_EQ(0, compile(_metadata, &p, "BEGIN { x = 1; if (x) { "
			     "trace(x); } else { @a = sum(x); } }"));
	e = &p.cp.cp_ecbs[0];
	h = dt_enable_blob(e, &pd, any_aggid, NULL, &len);
	ASSERT_NE(NULL, h);
	ua = (struct dtrace_ioc_action *)((char *)h + h->de_act_off);
	ASSERT_EQ((uint32_t)e->e_nacts, h->de_nacts);
	for (i = 0; i < e->e_nacts; i++) {
		EXPECT_EQ(e->e_acts[i].a_kind, ua[i].da_kind);
		EXPECT_EQ((uint32_t)e->e_acts[i].a_guardact, ua[i].da_guard);
		EXPECT_EQ(0, ua[i].da_reserved);
	}
	EXPECT_EQ(DTRACE_ACT_GUARD, ua[0].da_kind);
	EXPECT_EQ(1, ua[1].da_guard);
	free(h);
	release(&p);
}

TEST_HARNESS_MAIN
