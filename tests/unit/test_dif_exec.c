// SPDX-License-Identifier: GPL-2.0
/*
 * The interpreter: every opcode's semantics, and its faults.
 */
#include "dif_test.h"
#include "kselftest_harness.h"

FIXTURE(exec) {
	struct dift *t;
};

FIXTURE_SETUP(exec)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(exec)
{
	free(self->t);
}

/* rd = ra OP rb over two integer-table operands. */
struct dift_binop {
	enum dif_opcode	op;
	u64		a, b, want;
};

static const struct dift_binop dift_binops[] = {
	{ DIF_OP_ADD, 2, 3, 5 },
	{ DIF_OP_ADD, ~0ULL, 1, 0 },
	{ DIF_OP_SUB, 2, 3, ~0ULL },
	{ DIF_OP_MUL, 7, 6, 42 },
	{ DIF_OP_MUL, 1ULL << 63, 2, 0 },
	{ DIF_OP_SDIV, (u64)-7, 2, (u64)-3 },
	{ DIF_OP_SDIV, 1ULL << 63, ~0ULL, 1ULL << 63 },
	{ DIF_OP_UDIV, (u64)-7, 2, 0x7ffffffffffffffcULL },
	{ DIF_OP_SREM, (u64)-7, 2, (u64)-1 },
	{ DIF_OP_SREM, 1ULL << 63, ~0ULL, 0 },
	{ DIF_OP_UREM, 7, 4, 3 },
	{ DIF_OP_AND, 0xf0f0, 0xff00, 0xf000 },
	{ DIF_OP_OR, 0xf0f0, 0xff00, 0xfff0 },
	{ DIF_OP_XOR, 0xf0f0, 0xff00, 0x0ff0 },
	{ DIF_OP_SLL, 1, 65, 2 },
	{ DIF_OP_SRL, 1ULL << 63, 63, 1 },
	{ DIF_OP_SRA, 1ULL << 63, 63, ~0ULL },
	{ DIF_OP_SEQ, 5, 5, 1 },
	{ DIF_OP_SEQ, 5, 6, 0 },
	{ DIF_OP_SNE, 5, 6, 1 },
	{ DIF_OP_SLT, (u64)-1, 0, 1 },
	{ DIF_OP_SLT, 0, 0, 0 },
	{ DIF_OP_SLE, 0, 0, 1 },
	{ DIF_OP_SLE, 1, (u64)-1, 0 },
	{ DIF_OP_SLTU, (u64)-1, 0, 0 },
	{ DIF_OP_SLTU, 0, 1, 1 },
	{ DIF_OP_SLEU, 1, 1, 1 },
	{ DIF_OP_SLEU, (u64)-1, 1, 0 },
};

TEST_F(exec, binops)
{
	struct dift *t = self->t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dift_binops); i++) {
		const struct dift_binop *c = &dift_binops[i];
		u64 ints[2] = { c->a, c->b };
		struct dif_insn insns[] = {
			DIF_DI(SETX, 1, 0),
			DIF_DI(SETX, 2, 1),
			DIF_INSN(NOP, 3, 1, 2, 0),
			DIF_RET(3),
		};
		struct dif_prog src = {
			.insns = insns, .ninsns = 4, .ints = ints, .nints = 2,
		};

		insns[2].di_op = c->op;
		ASSERT_EQ(0, dift_load_prog(t, &src)) TH_LOG("%s", t->logbuf);
		EXPECT_EQ(c->want, dift_run(t))
			TH_LOG("%s %#llx %#llx", dif_op_name(c->op),
			       (unsigned long long)c->a,
			       (unsigned long long)c->b);
		EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	}
}

TEST_F(exec, unops_and_constants)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_load(t, DIFT_INSNS(
		DIF_SETI(1, -5),
		DIF_DA(NEG, 2, 1),		/* 5 */
		DIF_DA(NOT, 3, 2),		/* ~5 */
		DIF_DA(MOV, 4, 3),
		DIF_DAI(ADDI, 5, 4, 10),	/* ~5 + 10 = 4 */
		DIF_DAB(ADD, 6, 5, 2),		/* 9 */
		DIF_RET(6))));
	EXPECT_EQ(9, dift_run(t));
}

TEST_F(exec, r0_reads_zero)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_load(t, DIFT_INSNS(
		DIF_SETI(1, 7),
		DIF_DAB(ADD, 2, 0, 1),
		DIF_RET(2))));
	EXPECT_EQ(7, dift_run(t));
}

TEST_F(exec, branches)
{
	struct dift *t = self->t;

	/* max(arg0, arg1) */
	ASSERT_EQ(0, dift_load(t, DIFT_INSNS(
		DIF_DI(LDB, 1, DIF_VAR_ARG0),
		DIF_DI(LDB, 2, DIF_VAR_ARG1),
		DIF_DAB(SLT, 3, 1, 2),
		DIF_AI(BZ, 3, 1),
		DIF_RET(2),
		DIF_AI(BNZ, 1, 1),
		DIF_NONE(NOP),
		DIF_I(BA, 0),
		DIF_RET(1))));
	t->env.args[0] = 3;
	t->env.args[1] = 9;
	EXPECT_EQ(9, dift_run(t));
	t->env.args[0] = 11;
	EXPECT_EQ(11, dift_run(t));
}

TEST_F(exec, sets_and_builtins)
{
	struct dift *t = self->t;
	static const char strs[] = "hello\0world";
	struct dif_prog src = {
		.insns = DIFT_INSNS(DIF_DI(SETS, 1, 6), DIF_RET(1)),
		.strtab = strs, .strlen = sizeof(strs),
	};

	src.ninsns = 2;
	ASSERT_EQ(0, dift_load_prog(t, &src));
	EXPECT_STREQ("world", dift_str(dift_run(t)));

	ASSERT_EQ(0, dift_load(t, DIFT_INSNS(
		DIF_DI(LDB, 1, DIF_VAR_PID),
		DIF_SETI(2, 3),
		DIF_DAI(LDBA, 3, 2, DIF_VAR_ARGS),
		DIF_DAB(ADD, 4, 1, 3),
		DIF_RET(4))));
	t->env.builtins[DIF_VAR_PID] = 100;
	t->env.args[3] = 23;
	EXPECT_EQ(123, dift_run(t));
}

TEST_F(exec, divzero)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_load(t, DIFT_INSNS(
		DIF_SETI(1, 1),
		DIF_DAB(UDIV, 2, 1, 0),
		DIF_RET(2))));
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(DIF_FAULT_DIVZERO, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.fault.pc);
}

TEST_HARNESS_MAIN
