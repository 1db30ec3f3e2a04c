// SPDX-License-Identifier: GPL-2.0
/*
 * The firing's work budget: what each kind of work costs, that it is
 * carried from program to program, and that the quadratic searches and
 * every string and memory routine stop in DIF_FAULT_BUDGET when it runs
 * out instead of running to the end.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dif_test.h"
#include "kselftest_harness.h"

#define CALL1(f)	"pushtv %r1\n call " f ", %r9\n ret %r9"
#define CALL2(f)	"pushtv %r1\n pushtv %r2\n call " f ", %r9\n ret %r9"
#define CALL3(f)	"pushtv %r1\n pushtv %r2\n pushtv %r3\n call " f \
			", %r9\n ret %r9"
/* Two long strings in kernel memory, as arg0 and arg1. */
#define ARGS2		"ldb arg0, %r1\n ldb arg1, %r2\n"

#define LONG_MAX_STR	DIF_STRSIZE_MAX
#define BIG_SCRATCH	(64 * 1024)

FIXTURE(budget) {
	struct dift *t;
	char *s;		/* arg0: LONG_MAX_STR - 1 bytes and a NUL */
	char *n;		/* arg1: the needle, or a second string */
	u64 *scratch;
};

/* Strings as long as strsize allows, and scratch for copies of them. */
FIXTURE_SETUP(budget)
{
	struct dift *t = dift_new();

	self->t = t;
	self->s = calloc(1, LONG_MAX_STR);
	self->n = calloc(1, LONG_MAX_STR);
	self->scratch = calloc(1, BIG_SCRATCH);
	ASSERT_TRUE(self->s && self->n && self->scratch);
	t->ms.strsize = DIF_STRSIZE_MAX;
	t->ms.scratch = (u8 *)self->scratch;
	t->ms.scratch_size = BIG_SCRATCH;
	dif_uenv_map(&t->env, self->s, LONG_MAX_STR, 0);
	dif_uenv_map(&t->env, self->n, LONG_MAX_STR, 0);
	t->env.args[0] = (u64)(unsigned long)self->s;
	t->env.args[1] = (u64)(unsigned long)self->n;
}

FIXTURE_TEARDOWN(budget)
{
	free(self->s);
	free(self->n);
	free(self->scratch);
	free(self->t);
}

/* Run the loaded program once with this much budget; returns its value. */
static u64 run_with(struct dift *t, u64 budget)
{
	dif_mstate_reset(&t->ms);
	t->ms.budget = budget;
	return dif_exec(&t->prog, &t->ms);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * The exact price list: an instruction 1 (charged up to the pc where the
 * program ended), a call DIF_COST_CALL, a byte of string read 1.
 */
TEST_F(budget, costs_are_exact)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_asm(t, "seti 1, %r1\n seti 2, %r2\n"
			      "add %r1, %r2, %r3\n ret %r3"));
	EXPECT_EQ(3, run_with(t, 100));
	EXPECT_EQ(100 - 4, t->ms.budget);

	/* a branch skips instructions, but they are paid for */
	ASSERT_EQ(0, dift_asm(t, "ba end\n nop\n nop\n end: ret %r0"));
	run_with(t, 100);
	EXPECT_EQ(100 - 4, t->ms.budget);

	/* strlen of a 5-byte string: 6 instructions, a call, 6 bytes */
	ASSERT_EQ(0, dift_asm(t, "sets \"hello\", %r1\n" CALL1("strlen")));
	EXPECT_EQ(5, run_with(t, 1000));
	EXPECT_EQ(1000 - 4 - DIF_COST_CALL - 6, t->ms.budget);

	/* the short form of a built-in read costs its two instructions */
	ASSERT_EQ(0, dift_asm(t, "ldb pid, %r1\n ret %r1"));
	run_with(t, 10);
	EXPECT_EQ(8, t->ms.budget);
}

/* Exactly enough runs; the next faults at its RET, with no value. */
TEST_F(budget, carried_from_program_to_program)
{
	struct dift *t = self->t;
	int i;

	ASSERT_EQ(0, dift_asm(t, "seti 7, %r1\n ret %r1"));
	dif_mstate_reset(&t->ms);
	t->ms.budget = 3 * 2 + 1;
	for (i = 0; i < 3; i++) {
		EXPECT_EQ(7, dif_exec(&t->prog, &t->ms));
		EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	}
	EXPECT_EQ(0, dif_exec(&t->prog, &t->ms));
	EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.fault.pc);
	EXPECT_EQ(0, t->ms.budget);
	/* and stays spent until the next firing */
	EXPECT_EQ(0, dif_exec(&t->prog, &t->ms));
	EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind);
	dif_mstate_reset(&t->ms);
	EXPECT_EQ(DIF_BUDGET_FIRING, t->ms.budget);
	EXPECT_EQ(7, dif_exec(&t->prog, &t->ms));
}

/*
 * strstr, index and rindex of "aaa...ab" in "aaa...a": every position
 * matches its first byte, so each is a comparison of the whole needle,
 * about 2^24 byte steps of work at strsize 8192. A whole firing's budget
 * stops them at the call, early.
 */
TEST_F(budget, quadratic_search_is_stopped)
{
	static const char *const subrs[] = { "strstr", "index", "rindex" };
	struct dift *t = self->t;
	char text[128];
	size_t i;

	memset(self->s, 'a', LONG_MAX_STR - 1);
	memset(self->n, 'a', LONG_MAX_STR / 2);
	self->n[LONG_MAX_STR / 2] = 'b';
	for (i = 0; i < ARRAY_SIZE(subrs); i++) {
		double t0, ms;

		snprintf(text, sizeof(text), "%s%s%s",
			 ARGS2 "pushtv %r1\n pushtv %r2\n call ", subrs[i],
			 ", %r9\n ret %r9");
		ASSERT_EQ(0, dift_asm(t, text));
		t0 = now_ms();
		EXPECT_EQ(0, run_with(t, DIF_BUDGET_FIRING));
		ms = now_ms() - t0;
		EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind) {
			TH_LOG("%s ran to the end", subrs[i]);
		}
		EXPECT_EQ(4, t->ms.fault.pc);	/* the call */
		EXPECT_EQ(0, t->ms.budget);
		EXPECT_EQ(0, t->ms.scratch_used);
		/* a whole budget is about a millisecond: 100 is slack */
		EXPECT_LT(ms, 100.0);
		TH_LOG("%s of 4097 in 8191 bytes: stopped after %.2f ms",
		       subrs[i], ms);
	}
}

/* The same search on text is about linear, and finds its answer. */
TEST_F(budget, ordinary_search_is_cheap)
{
	struct dift *t = self->t;
	u64 used;
	u32 i;

	for (i = 0; i < LONG_MAX_STR - 1; i++)
		self->s[i] = "the quick brown fox jumps over "[i % 31];
	memcpy(self->s + LONG_MAX_STR - 9, "lazy dog", 8);
	strcpy(self->n, "lazy dog");
	ASSERT_EQ(0, dift_asm(t, ARGS2 CALL2("index")));
	EXPECT_EQ(LONG_MAX_STR - 9, run_with(t, DIF_BUDGET_FIRING));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	used = DIF_BUDGET_FIRING - t->ms.budget;
	/* reading both strings, then one step a position and 'l's: < 3n */
	EXPECT_GT(used, 2 * (LONG_MAX_STR - 1));
	EXPECT_LT(used, 3 * LONG_MAX_STR);
}

struct budget_case {
	const char	*text;
	u64		enough;		/* a budget it completes with */
};

/*
 * Every routine that walks a string or memory charges for its bytes:
 * each completes with a budget that covers them, and faults with less
 * than the bytes it would touch. arg0 is 8191 bytes, arg1 4095.
 */
static const struct budget_case budget_cases[] = {
	{ ARGS2 CALL1("strlen"), 40000 },
	{ ARGS2 CALL2("strjoin"), 40000 },
	{ ARGS2 "seti 1, %r2\n seti 8000, %r3\n" CALL3("substr"), 40000 },
	{ ARGS2 CALL2("strstr"), 40000 },
	{ ARGS2 "seti 120, %r2\n" CALL2("strchr"), 40000 },
	{ ARGS2 "seti 120, %r2\n" CALL2("strrchr"), 40000 },
	{ ARGS2 CALL2("strtok"), 40000 },
	{ ARGS2 CALL1("basename"), 40000 },
	{ ARGS2 CALL1("dirname"), 40000 },
	{ ARGS2 CALL1("toupper"), 40000 },
	{ ARGS2 CALL1("tolower"), 40000 },
	{ ARGS2 "scmp %r1, %r2, %r9\n ret %r9", 40000 },
	{ "seti 8192, %r1\n" CALL1("alloca"), 9000 },
	{ "seti 8192, %r2\n pushtv %r2\n call alloca, %r3\n ldb arg0, %r1\n"
	  "pushtv %r1\n pushtv %r3\n pushtv %r2\n call bcopy, %r9\n"
	  "ret %r9", 40000 },
	{ "seti 8192, %r2\n pushtv %r2\n call alloca, %r1\n"
	  "copys %r1, %r2, %r3\n ret %r3", 40000 },
};

TEST_F(budget, every_routine_charges_bytes)
{
	struct dift *t = self->t;
	size_t i;

	memset(self->s, 'y', LONG_MAX_STR - 1);
	memset(self->n, 'z', LONG_MAX_STR / 2 - 1);
	for (i = 0; i < ARRAY_SIZE(budget_cases); i++) {
		const struct budget_case *c = &budget_cases[i];

		ASSERT_EQ(0, dift_asm(t, c->text)) {
			TH_LOG("%s: %s", c->text, t->as.err);
		}
		run_with(t, c->enough);
		EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind) {
			TH_LOG("%s: fault %u with %llu", c->text,
			       t->ms.fault.kind,
			       (unsigned long long)c->enough);
		}
		/* the bytes are the price: far less cannot pay them */
		run_with(t, 4000);
		EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind) {
			TH_LOG("%s: not charged for its bytes", c->text);
		}
		EXPECT_EQ(0, t->ms.budget);
	}
}

/* Dynamic variables pay for their key and their chain. */
TEST_F(budget, dynamic_variables_charge)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_asm(t, ".var thread 1 int\n"
			      "seti 5, %r1\n stts %r1, 1\n ret %r1"));
	run_with(t, 1000);
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	/* three instructions, the store, its 16-byte key, no chain */
	EXPECT_EQ(1000 - 3 - DIF_COST_DYN - 16, t->ms.budget);
	run_with(t, DIF_COST_DYN);
	EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.fault.pc);
}

/* The hash of global array 3's key [v], as dif_dyn.c lays it out. */
static u32 chain_hash(u64 v)
{
	u8 k[20] = { 0, 1, 0, 0, 3 };	/* scope, array; id; tag 0 */

	memcpy(k + 12, &v, 8);
	return dif_dyn_hash(k, sizeof(k));
}

#define CHAIN_LEN	40
/* g[arg2] = 1, five instructions */
#define CHAIN_STORE	".var global 3 array int\n ldb arg2, %r1\n" \
			" seti 1, %r2\n pushtv %r1\n stga %r2, 3\n ret %r0"

/*
 * A hash chain is charged step by step as it is walked, and the walk
 * stops when the budget is spent: a store at the end of a long chain
 * that the budget does not cover stores nothing.
 */
TEST_F(budget, dynamic_chain_charged_as_walked)
{
	struct dift *t = self->t;
	u32 mask = t->dyn.dd_nbuckets - 1, n = 0;
	u64 keys[CHAIN_LEN], v, full, other = 0;

	ASSERT_GT(t->dyn.dd_nchunks, CHAIN_LEN + 1);
	for (v = 1; n < CHAIN_LEN || !other; v++) {
		if ((chain_hash(v) & mask) != (chain_hash(0) & mask))
			other = other ? other : v;
		else if (n < CHAIN_LEN)
			keys[n++] = v;
	}
	ASSERT_EQ(0, dift_asm(t, CHAIN_STORE));
	for (n = 0; n < CHAIN_LEN - 1; n++) {
		t->env.args[2] = keys[n];
		run_with(t, DIF_BUDGET_FIRING);
		ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	}
	ASSERT_EQ(CHAIN_LEN - 1, t->dyn.dd_nused);
	/* a key alone in its bucket: the store without a chain */
	t->env.args[2] = other;
	run_with(t, DIF_BUDGET_FIRING);
	full = DIF_BUDGET_FIRING - t->ms.budget;
	ASSERT_EQ(CHAIN_LEN, t->dyn.dd_nused);
	/* the new key walks the whole chain first, step by step */
	full += (CHAIN_LEN - 1) * DIF_COST_CHAIN;
	t->env.args[2] = keys[CHAIN_LEN - 1];
	run_with(t, full - 4 * DIF_COST_CHAIN);
	EXPECT_EQ(DIF_FAULT_BUDGET, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.budget);
	EXPECT_EQ(CHAIN_LEN, t->dyn.dd_nused);
	run_with(t, full + 4 * DIF_COST_CHAIN);
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(CHAIN_LEN + 1, t->dyn.dd_nused);
}

TEST_HARNESS_MAIN
