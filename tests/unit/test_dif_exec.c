// SPDX-License-Identifier: GPL-2.0
/*
 * The interpreter: every opcode's semantics, and its faults.
 */
#include <string.h>
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

/* Every load width and signedness, from kernel and user memory. */
TEST_F(exec, loads)
{
	struct dift *t = self->t;
	static const struct {
		const char	*op;
		u64		want;
	} cases[] = {
		{ "ldsb", (u64)(s8)0x88 }, { "ldub", 0x88 },
		{ "ldsh", (u64)(s16)0x9988 }, { "lduh", 0x9988 },
		{ "ldsw", (u64)(s32)0xbbaa9988 }, { "lduw", 0xbbaa9988 },
		{ "ldx", 0xffeeddccbbaa9988ULL },
	};
	u64 kmem[2] = { 0xffeeddccbbaa9988ULL, 0x1122334455667788ULL };
	u64 umem[2] = { 0xffeeddccbbaa9988ULL, 0 };
	char text[128];
	size_t i;

	dif_uenv_map(&t->env, kmem, sizeof(kmem), 0);
	dif_uenv_map(&t->env, umem, sizeof(umem), DIF_UR_USER);
	t->env.args[0] = (u64)(unsigned long)kmem;
	t->env.args[1] = (u64)(unsigned long)umem;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		snprintf(text, sizeof(text),
			 "ldb arg0, %%r1\n %s [%%r1+0], %%r2\n ret %%r2",
			 cases[i].op);
		EXPECT_EQ(cases[i].want, dift_asm_run(t, text))
			TH_LOG("%s", cases[i].op);
		snprintf(text, sizeof(text),
			 "ldb arg1, %%r1\n u%s [%%r1+0], %%r2\n ret %%r2",
			 cases[i].op);
		EXPECT_EQ(cases[i].want, dift_asm_run(t, text))
			TH_LOG("u%s", cases[i].op);
		EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	}
	/* an offset, and kernel memory is not user memory */
	EXPECT_EQ(0x11223344, dift_asm_run(t,
		"ldb arg0, %r1\n lduw [%r1+12], %r2\n ret %r2"));
	EXPECT_EQ(0, dift_asm_run(t, "ldb arg0, %r1\n uldx [%r1+8], %r2\n ret %r2"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ((u64)(unsigned long)kmem + 8, t->ms.fault.addr);
	EXPECT_EQ(1, t->ms.fault.pc);
}

/* Stores: every width, into scratch only; ALLOCS zeroes, COPYS copies. */
TEST_F(exec, scratch_stores)
{
	struct dift *t = self->t;
	u64 kmem = 0x0807060504030201ULL;

	EXPECT_EQ(0x0000000000000000ULL, dift_asm_run(t,
		"seti 16, %r1\n allocs %r1, %r2\n ldx [%r2+8], %r3\n ret %r3"));
	EXPECT_EQ(0x44332211aaaabb07ULL, dift_asm_run(t,
		"seti 16, %r1\n allocs %r1, %r2\n"
		"seti 7, %r3\n stb %r3, [%r2+0]\n"
		"seti 0xbb, %r3\n stb %r3, [%r2+1]\n"
		"setx 0xaaaa, %r3\n sth %r3, [%r2+2]\n"
		"setx 0x44332211, %r3\n stw %r3, [%r2+4]\n"
		"ldx [%r2+0], %r4\n ret %r4"));
	EXPECT_EQ(-2, (s64)dift_asm_run(t,
		"seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
		"stx %r3, [%r2+0]\n ldx [%r2+0], %r4\n ret %r4"));
	dif_uenv_map(&t->env, &kmem, 8, 0);
	t->env.args[0] = (u64)(unsigned long)&kmem;
	EXPECT_EQ(kmem, dift_asm_run(t,
		"ldb arg0, %r1\n seti 8, %r2\n copys %r1, %r2, %r3\n"
		"ldx [%r3+0], %r4\n ret %r4"));
	/* a store outside allocated scratch is BADADDR */
	EXPECT_EQ(0, dift_asm_run(t,
		"seti 8, %r1\n allocs %r1, %r2\n stx %r1, [%r2+8]\n ret %r1"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(2, t->ms.fault.pc);
	EXPECT_EQ(0, dift_asm_run(t, "ldb arg0, %r1\n stb %r1, [%r1+0]\n ret %r1"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
}

TEST_F(exec, scmp)
{
	struct dift *t = self->t;
	static const char kstr[] = "abd";

	dif_uenv_map(&t->env, kstr, sizeof(kstr), 0);
	t->env.args[0] = (u64)(unsigned long)kstr;
	EXPECT_EQ(0, dift_asm_run(t,
		"sets \"abc\", %r1\n sets \"abc\", %r2\n scmp %r1, %r2, %r3\n ret %r3"));
	EXPECT_EQ(-1, (s64)dift_asm_run(t,
		"sets \"abc\", %r1\n ldb arg0, %r2\n scmp %r1, %r2, %r3\n ret %r3"));
	EXPECT_EQ(1, dift_asm_run(t,
		"sets \"abc\", %r1\n sets \"ab\", %r2\n scmp %r1, %r2, %r3\n ret %r3"));
	EXPECT_EQ(-1, (s64)dift_asm_run(t,
		"sets \"\", %r1\n sets \"a\", %r2\n scmp %r1, %r2, %r3\n ret %r3"));
	/* strings compare within strsize only */
	t->ms.strsize = 2;
	EXPECT_EQ(0, dift_asm_run(t,
		"sets \"abc\", %r1\n ldb arg0, %r2\n scmp %r1, %r2, %r3\n ret %r3"));
	EXPECT_EQ(0, dift_asm_run(t,
		"sets \"abc\", %r1\n scmp %r1, %r0, %r3\n ret %r3"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.fault.addr);
}

/*
 * Two-instruction programs of seti, ldb or ldts run outside the loop:
 * same values, same faults (pc 0), and only those shapes qualify.
 */
TEST_F(exec, short_programs)
{
	struct dift *t = self->t;

	EXPECT_EQ((u64)-5, dift_asm_run(t, "seti -5, %r3\n ret %r3"));
	EXPECT_EQ(DIF_OP_SETI, t->prog.short_op);
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(t->env.builtins[DIF_VAR_PID],
		  dift_asm_run(t, "ldb pid, %r1\n ret %r1"));
	EXPECT_EQ(DIF_OP_LDB, t->prog.short_op);
	t->env.builtin_fault = DIF_FAULT_BADADDR;
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.fault.pc);
	t->env.builtin_fault = 0;
	EXPECT_EQ(0, dift_asm_run(t, "ldts 9, %r2\n ret %r2"));
	EXPECT_EQ(DIF_OP_LDTS, t->prog.short_op);
	EXPECT_EQ(11, dift_asm_run(t,
		"seti 11, %r1\n stts %r1, 9\n ldts 9, %r2\n ret %r2"));
	EXPECT_EQ(0, t->prog.short_op);
	EXPECT_EQ(11, dift_asm_run(t, "ldts 9, %r2\n ret %r2"));
	EXPECT_EQ(DIF_OP_LDTS, t->prog.short_op);
	/* another register returned, or %r0: the interpreter's business */
	EXPECT_EQ(0, dift_asm_run(t, "seti 4, %r1\n ret %r0"));
	EXPECT_EQ(0, t->prog.short_op);
	EXPECT_EQ(0, dift_asm_run(t, "ldgs 1, %r1\n ret %r1"));
	EXPECT_EQ(0, t->prog.short_op);
}

TEST_F(exec, variables)
{
	struct dift *t = self->t;

	/* globals persist across firings, locals are the host's */
	EXPECT_EQ(5, dift_asm_run(t,
		"ldgs 3, %r1\n addi %r1, 5, %r1\n stgs %r1, 3\n ldgs 3, %r2\n ret %r2"));
	EXPECT_EQ(10, dift_run(t));
	EXPECT_EQ(10, t->globals[3]);
	EXPECT_EQ(42, dift_asm_run(t,
		"seti 42, %r1\n stls %r1, 1\n ldls 1, %r2\n ret %r2"));
	EXPECT_EQ(42, t->locals[1]);
	/* the host's storage bounds ids: beyond it, ILLOP */
	t->ms.nlocals = 1;
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.fault.addr);
	EXPECT_EQ(1, t->ms.fault.pc);
	t->ms.nglobals = 2;
	EXPECT_EQ(0, dift_asm_run(t, "ldgs 3, %r1\n ret %r1"));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	/* self-> through the dynamic store */
	EXPECT_EQ(7, dift_asm_run(t,
		"seti 7, %r1\n stts %r1, 2\n ldts 2, %r2\n ret %r2"));
	/* global arrays, keyed by the tuple */
	EXPECT_EQ(30, dift_asm_run(t,
		"seti 1, %r1\n seti 10, %r2\n seti 20, %r3\n"
		"pushtv %r1\n stga %r2, 4\n"
		"seti 2, %r1\n pushtv %r1\n stga %r3, 4\n"
		"pushtv %r1\n ldga 4, %r4\n"
		"seti 1, %r1\n pushtv %r1\n ldga 4, %r5\n"
		"add %r4, %r5, %r6\n ret %r6"));
}

/* String globals are copied into the store: scratch is not kept. */
TEST_F(exec, string_global)
{
	struct dift *t = self->t;
	char out[32];
	u64 r;

	r = dift_asm_run(t, ".var global 5 string\n"
		"sets \"ab\", %r1\n sets \"cd\", %r2\n"
		"pushtv %r1\n pushtv %r2\n call strjoin, %r3\n"
		"stgs %r3, 5\n ldgs 5, %r4\n ret %r4");
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_STREQ("abcd", dift_str(r));
	ASSERT_EQ(0, dift_asm(t, ".var global 5 string\n ldgs 5, %r1\n ret %r1"));
	r = dift_run(t);
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("abcd", out);
	EXPECT_EQ(0, t->ms.dyn_drops);
}

/*
 * dif_copy_string_exact() copies up to the NUL and no further, from
 * mapped kernel memory and from the program's own strings, truncates to
 * the slot, and faults on memory that is not readable.
 */
TEST_F(exec, copy_string_exact)
{
	static const char kstr[] = "kernel string";
	struct dift *t = self->t;
	char out[16];
	u32 len;
	u64 r;

	dif_uenv_map(&t->env, kstr, sizeof(kstr), 0);
	memset(out, 'x', sizeof(out));
	EXPECT_EQ(0, dif_copy_string_exact(&t->ms, out, (uintptr_t)kstr, 8,
					   false, &len));
	EXPECT_EQ(7, len);
	EXPECT_EQ(0, memcmp(out, "kernel \0xxxxxxxx", 16));

	memset(out, 'x', sizeof(out));
	r = dift_asm_run(t, "sets \"ab\", %r1\n ret %r1");
	EXPECT_EQ(0, dif_copy_string_exact(&t->ms, out, r, sizeof(out), false,
					   &len));
	EXPECT_EQ(2, len);
	EXPECT_EQ(0, memcmp(out, "ab\0xxxxxxxxxxxxx", 16));

	EXPECT_EQ(DIF_FAULT_BADADDR,
		  dif_copy_string_exact(&t->ms, out, 8, sizeof(out), false,
					&len));
	EXPECT_EQ(0, t->ms.scratch_used);
}

/* Each fault kind, with where it happened. */
TEST_F(exec, faults)
{
	struct dift *t = self->t;
	static const u64 kpriv[2] = { 1, 2 }, upriv[2] = { 3, 4 };
	static const u64 kmem[2] = { 5, 6 };

	dif_uenv_map(&t->env, kpriv, sizeof(kpriv), DIF_UR_KPRIV);
	dif_uenv_map(&t->env, upriv, sizeof(upriv), DIF_UR_USER | DIF_UR_UPRIV);
	dif_uenv_map(&t->env, kmem, sizeof(kmem), 0);
	t->env.args[0] = (u64)(unsigned long)kpriv;
	t->env.args[1] = (u64)(unsigned long)upriv;
	t->env.args[2] = (u64)(unsigned long)kmem;

	dift_asm_run(t, "ldb arg0, %r1\n ldx [%r1+0], %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_KPRIV, t->ms.fault.kind);
	EXPECT_EQ(t->env.args[0], t->ms.fault.addr);
	dift_asm_run(t, "ldb arg1, %r1\n uldx [%r1+8], %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_UPRIV, t->ms.fault.kind);
	EXPECT_EQ(t->env.args[1] + 8, t->ms.fault.addr);
	dift_asm_run(t, "ldb arg2, %r1\n lduw [%r1+2], %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_BADALIGN, t->ms.fault.kind);
	EXPECT_EQ(t->env.args[2] + 2, t->ms.fault.addr);
	dift_asm_run(t, "ldb arg2, %r1\n ldx [%r1+16], %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	dift_asm_run(t, "seti 8, %r1\n allocs %r1, %r2\n sth %r1, [%r2+1]\n ret %r2");
	EXPECT_EQ(DIF_FAULT_BADALIGN, t->ms.fault.kind);
	dift_asm_run(t, "setx 0x100000, %r1\n allocs %r1, %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_NOSCRATCH, t->ms.fault.kind);
	EXPECT_EQ(0x100000, t->ms.fault.addr);
	dift_asm_run(t, "seti 1, %r1\n seti 0, %r2\n srem %r1, %r2, %r3\n ret %r3");
	EXPECT_EQ(DIF_FAULT_DIVZERO, t->ms.fault.kind);
	EXPECT_EQ(2, t->ms.fault.pc);
	dift_asm_run(t, "seti 1, %r1\n sdiv %r1, %r0, %r3\n ret %r3");
	EXPECT_EQ(DIF_FAULT_DIVZERO, t->ms.fault.kind);
	dift_asm_run(t, "seti 1, %r1\n urem %r1, %r0, %r3\n ret %r3");
	EXPECT_EQ(DIF_FAULT_DIVZERO, t->ms.fault.kind);
	/* args[99]: the environment says ILLOP */
	dift_asm_run(t, "seti 99, %r1\n ldba args[%r1], %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	EXPECT_EQ(99, t->ms.fault.addr);
	EXPECT_EQ(1, t->ms.fault.pc);
	/* the tuple stack, where only run time can tell */
	dift_asm_run(t, "seti 1, %r1\n bz %r0, p\n p: pushtv %r1\n pushtv %r1\n"
		     "pushtv %r1\n pushtv %r1\n pushtv %r1\n pushtv %r1\n"
		     "pushtv %r1\n pushtv %r1\n pushtv %r1\n popts\n ret %r1");
	EXPECT_EQ(DIF_FAULT_TUPOFLOW, t->ms.fault.kind);
	EXPECT_EQ(10, t->ms.fault.pc);
	dift_asm_run(t, "seti 1, %r1\n bz %r0, c\n c: call strlen, %r2\n ret %r2");
	EXPECT_EQ(DIF_FAULT_BADSTACK, t->ms.fault.kind);
	EXPECT_EQ(2, t->ms.fault.pc);
	/* a built-in the host cannot give */
	t->env.builtin_fault = DIF_FAULT_BADSTACK;
	dift_asm_run(t, "ldb stackdepth, %r1\n ret %r1");
	EXPECT_EQ(DIF_FAULT_BADSTACK, t->ms.fault.kind);
	t->env.builtin_fault = 0;
	/* a fault stops at once: nothing after it runs */
	t->globals[1] = 0;
	dift_asm_run(t, "udiv %r0, %r0, %r2\n seti 1, %r3\n stgs %r3, 1\n ret %r3");
	EXPECT_EQ(0, t->globals[1]);
}

/* The interpreter fails safe on what the verifier would refuse. */
TEST_F(exec, unverified)
{
	struct dift *t = self->t;
	struct dif_insn bad[] = {
		DIF_INSN(NOP, 0, 0, 0, 0),
		{ 250, 0, 0, 0, 0 },
	};
	struct dif_prog p = { .insns = bad, .ninsns = 2 };

	dif_mstate_reset(&t->ms);
	EXPECT_EQ(0, dif_exec(&p, &t->ms));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.fault.pc);
	/* falling off the end */
	p.ninsns = 1;
	EXPECT_EQ(0, dif_exec(&p, &t->ms));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	/* a setx/sets index outside the tables */
	bad[0] = DIF_DI(SETX, 1, 3);
	EXPECT_EQ(0, dif_exec(&p, &t->ms));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	bad[0] = DIF_DI(SETS, 1, 0);
	EXPECT_EQ(0, dif_exec(&p, &t->ms));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
}

/* dif_copy_string: NUL-terminated within size, zero-filled, bounded. */
TEST_F(exec, copy_string)
{
	struct dift *t = self->t;
	static const char kstr[] = "kernel string";
	static const char ustr[] = "user";
	char out[8];
	u64 r;

	dif_uenv_map(&t->env, kstr, sizeof(kstr), 0);
	dif_uenv_map(&t->env, ustr, sizeof(ustr), DIF_UR_USER);
	memset(out, 'x', sizeof(out));
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, (u64)(unsigned long)kstr,
				     sizeof(out), false));
	EXPECT_STREQ("kernel ", out);
	memset(out, 'x', sizeof(out));
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, (u64)(unsigned long)ustr,
				     sizeof(out), true));
	EXPECT_STREQ("user", out);
	EXPECT_EQ(0, out[7]);
	EXPECT_EQ(DIF_FAULT_BADADDR,
		  dif_copy_string(&t->ms, out, (u64)(unsigned long)ustr,
				  sizeof(out), false));
	EXPECT_STREQ("", out);
	/* a result in the string table and one in scratch */
	r = dift_asm_run(t, "sets \"table\", %r1\n ret %r1");
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("table", out);
	r = dift_asm_run(t, "sets \"abc\", %r1\n pushtv %r1\n call toupper, %r2\n ret %r2");
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("ABC", out);
	/* strsize bounds the copy too */
	t->ms.strsize = 2;
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("AB", out);
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, 0, false));
}

/* Kernel strings are read in chunks; one that ends just before an
 * unreadable byte is still read whole. */
TEST_F(exec, string_at_region_end)
{
	struct dift *t = self->t;
	char *kstr = malloc(5);

	memcpy(kstr, "edge", 5);
	dif_uenv_map(&t->env, kstr, 5, 0);
	t->env.args[0] = (u64)(unsigned long)kstr;
	EXPECT_EQ(4, dift_asm_run(t, "ldb arg0, %r1\n pushtv %r1\n call strlen, %r2\n ret %r2"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	/* unterminated: the read runs into unmapped memory */
	kstr[4] = '!';
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(t->env.args[0] + 5, t->ms.fault.addr);
	free(kstr);
}

TEST_F(exec, names)
{
	EXPECT_STREQ("ADD", dif_op_name(DIF_OP_ADD));
	EXPECT_EQ(NULL, dif_op_name(DIF_OP_COUNT));
	EXPECT_EQ(DIF_FMT_DAB, dif_op_format(DIF_OP_ADD));
	EXPECT_EQ(-1, dif_op_format(999));
	EXPECT_STREQ("divide-by-zero", dif_fault_text(DIF_FAULT_DIVZERO));
	EXPECT_STREQ("unknown fault", dif_fault_text(99));
	EXPECT_STREQ("EXECNAME", dif_builtin_name(DIF_VAR_EXECNAME));
	EXPECT_EQ(NULL, dif_builtin_name(DIF_VAR_COUNT));
	EXPECT_STREQ("SUBSTR", dif_subr_name(DIF_SUBR_SUBSTR));
	EXPECT_EQ(NULL, dif_subr_name(DIF_SUBR_COUNT));
	EXPECT_EQ(3, dif_subr_nargs(DIF_SUBR_COPYINTO));
	EXPECT_EQ(-1, dif_subr_nargs(DIF_SUBR_COUNT));
}

/*
 * One row per opcode at least: a program that uses it and its result.
 * The test checks that every opcode of dif_ops.h has a row.
 */
struct dift_oprow {
	enum dif_opcode	op;
	const char	*text;
	u64		want;
};

static const struct dift_oprow dift_oprows[] = {
	{ DIF_OP_NOP, "nop\n seti 1, %r1\n ret %r1", 1 },
	{ DIF_OP_RET, "seti 9, %r1\n ret %r1", 9 },
	{ DIF_OP_ADD, "seti 2, %r1\n add %r1, %r1, %r2\n ret %r2", 4 },
	{ DIF_OP_SUB, "seti 2, %r1\n sub %r0, %r1, %r2\n ret %r2", (u64)-2 },
	{ DIF_OP_MUL, "seti -3, %r1\n mul %r1, %r1, %r2\n ret %r2", 9 },
	{ DIF_OP_SDIV, "seti -9, %r1\n seti 2, %r2\n sdiv %r1, %r2, %r3\n ret %r3",
	  (u64)-4 },
	{ DIF_OP_UDIV, "seti 9, %r1\n seti 2, %r2\n udiv %r1, %r2, %r3\n ret %r3", 4 },
	{ DIF_OP_SREM, "seti -9, %r1\n seti 4, %r2\n srem %r1, %r2, %r3\n ret %r3",
	  (u64)-1 },
	{ DIF_OP_UREM, "seti 9, %r1\n seti 4, %r2\n urem %r1, %r2, %r3\n ret %r3", 1 },
	{ DIF_OP_AND, "seti 6, %r1\n seti 3, %r2\n and %r1, %r2, %r3\n ret %r3", 2 },
	{ DIF_OP_OR, "seti 6, %r1\n seti 3, %r2\n or %r1, %r2, %r3\n ret %r3", 7 },
	{ DIF_OP_XOR, "seti 6, %r1\n seti 3, %r2\n xor %r1, %r2, %r3\n ret %r3", 5 },
	{ DIF_OP_SLL, "seti 3, %r1\n seti 4, %r2\n sll %r1, %r2, %r3\n ret %r3", 48 },
	{ DIF_OP_SRL, "seti -1, %r1\n seti 60, %r2\n srl %r1, %r2, %r3\n ret %r3", 15 },
	{ DIF_OP_SRA, "seti -64, %r1\n seti 4, %r2\n sra %r1, %r2, %r3\n ret %r3",
	  (u64)-4 },
	{ DIF_OP_NOT, "not %r0, %r1\n ret %r1", ~0ULL },
	{ DIF_OP_NEG, "seti 5, %r1\n neg %r1, %r2\n ret %r2", (u64)-5 },
	{ DIF_OP_MOV, "seti 5, %r1\n mov %r1, %r2\n ret %r2", 5 },
	{ DIF_OP_ADDI, "addi %r0, -7, %r1\n ret %r1", (u64)-7 },
	{ DIF_OP_SETI, "seti -2147483648, %r1\n ret %r1", (u64)-2147483648LL },
	{ DIF_OP_SETX, "setx 0x123456789abcdef0, %r1\n ret %r1",
	  0x123456789abcdef0ULL },
	{ DIF_OP_SETS, "sets \"x\", %r1\n ldub [%r1+0], %r2\n ret %r2", 'x' },
	{ DIF_OP_SEQ, "seq %r0, %r0, %r1\n ret %r1", 1 },
	{ DIF_OP_SNE, "seq %r0, %r0, %r1\n sne %r1, %r0, %r2\n ret %r2", 1 },
	{ DIF_OP_SLT, "seti -1, %r1\n slt %r1, %r0, %r2\n ret %r2", 1 },
	{ DIF_OP_SLE, "sle %r0, %r0, %r2\n ret %r2", 1 },
	{ DIF_OP_SLTU, "seti -1, %r1\n sltu %r1, %r0, %r2\n ret %r2", 0 },
	{ DIF_OP_SLEU, "seti -1, %r1\n sleu %r0, %r1, %r2\n ret %r2", 1 },
	{ DIF_OP_SCMP, "sets \"b\", %r1\n sets \"a\", %r2\n scmp %r1, %r2, %r3\n"
	  "ret %r3", 1 },
	{ DIF_OP_BA, "seti 1, %r1\n ba 3\n seti 2, %r1\n ret %r1", 1 },
	{ DIF_OP_BZ, "seti 1, %r1\n bz %r0, 3\n seti 2, %r1\n ret %r1", 1 },
	{ DIF_OP_BNZ, "seti 1, %r1\n bnz %r0, 3\n seti 2, %r1\n ret %r1", 2 },
	{ DIF_OP_LDSB, "seti 8, %r1\n allocs %r1, %r2\n seti 0x80, %r3\n"
	  "stb %r3, [%r2+3]\n ldsb [%r2+3], %r4\n ret %r4", (u64)-128 },
	{ DIF_OP_LDSH, "seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
	  "sth %r3, [%r2+0]\n ldsh [%r2+0], %r4\n ret %r4", (u64)-2 },
	{ DIF_OP_LDSW, "seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
	  "stw %r3, [%r2+4]\n ldsw [%r2+4], %r4\n ret %r4", (u64)-2 },
	{ DIF_OP_LDUB, "sets \"A\", %r1\n ldub [%r1+0], %r2\n ret %r2", 'A' },
	{ DIF_OP_LDUH, "seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
	  "sth %r3, [%r2+0]\n lduh [%r2+0], %r4\n ret %r4", 0xfffe },
	{ DIF_OP_LDUW, "seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
	  "stw %r3, [%r2+4]\n lduw [%r2+4], %r4\n ret %r4", 0xfffffffe },
	{ DIF_OP_LDX, "seti 8, %r1\n allocs %r1, %r2\n seti -2, %r3\n"
	  "stx %r3, [%r2+0]\n ldx [%r2+0], %r4\n ret %r4", (u64)-2 },
	{ DIF_OP_ULDSB, "ldb arg0, %r1\n uldsb [%r1+0], %r2\n ret %r2",
	  (u64)(s8)0x88 },
	{ DIF_OP_ULDSH, "ldb arg0, %r1\n uldsh [%r1+0], %r2\n ret %r2",
	  (u64)(s16)0x9988 },
	{ DIF_OP_ULDSW, "ldb arg0, %r1\n uldsw [%r1+0], %r2\n ret %r2",
	  (u64)(s32)0xbbaa9988 },
	{ DIF_OP_ULDUB, "ldb arg0, %r1\n uldub [%r1+0], %r2\n ret %r2", 0x88 },
	{ DIF_OP_ULDUH, "ldb arg0, %r1\n ulduh [%r1+0], %r2\n ret %r2", 0x9988 },
	{ DIF_OP_ULDUW, "ldb arg0, %r1\n ulduw [%r1+0], %r2\n ret %r2",
	  0xbbaa9988 },
	{ DIF_OP_ULDX, "ldb arg0, %r1\n uldx [%r1+0], %r2\n ret %r2",
	  0xffeeddccbbaa9988ULL },
	{ DIF_OP_STB, "seti 8, %r1\n allocs %r1, %r2\n seti 0x1ff, %r3\n"
	  "stb %r3, [%r2+7]\n ldx [%r2+0], %r4\n ret %r4", 0xff00000000000000ULL },
	{ DIF_OP_STH, "seti 8, %r1\n allocs %r1, %r2\n setx 0x1ffff, %r3\n"
	  "sth %r3, [%r2+6]\n ldx [%r2+0], %r4\n ret %r4", 0xffff000000000000ULL },
	{ DIF_OP_STW, "seti 8, %r1\n allocs %r1, %r2\n seti -1, %r3\n"
	  "stw %r3, [%r2+4]\n ldx [%r2+0], %r4\n ret %r4", 0xffffffff00000000ULL },
	{ DIF_OP_STX, "seti 16, %r1\n allocs %r1, %r2\n stx %r1, [%r2+8]\n"
	  "ldx [%r2+8], %r4\n ret %r4", 16 },
	{ DIF_OP_ALLOCS, "seti 8, %r1\n allocs %r1, %r2\n ldx [%r2+0], %r3\n"
	  "ret %r3", 0 },
	{ DIF_OP_COPYS, "sets \"abcdefg\", %r1\n seti 8, %r2\n"
	  "copys %r1, %r2, %r3\n ldub [%r3+6], %r4\n ret %r4", 'g' },
	{ DIF_OP_LDB, "ldb pid, %r1\n ret %r1", 4321 },
	{ DIF_OP_LDBA, "seti 2, %r1\n ldba args[%r1], %r2\n ret %r2", 22 },
	{ DIF_OP_LDGS, "ldgs 1, %r1\n ret %r1", 0 },
	{ DIF_OP_STGS, "seti 3, %r1\n stgs %r1, 1\n ldgs 1, %r2\n ret %r2", 3 },
	{ DIF_OP_LDLS, "ldls 1, %r1\n ret %r1", 0 },
	{ DIF_OP_STLS, "seti 3, %r1\n stls %r1, 1\n ldls 1, %r2\n ret %r2", 3 },
	{ DIF_OP_LDTS, "ldts 1, %r1\n ret %r1", 0 },
	{ DIF_OP_STTS, "seti 3, %r1\n stts %r1, 1\n ldts 1, %r2\n ret %r2", 3 },
	{ DIF_OP_LDGA, "pushtv %r0\n ldga 1, %r1\n ret %r1", 0 },
	{ DIF_OP_STGA, "seti 3, %r1\n pushtv %r1\n stga %r1, 1\n pushtv %r1\n"
	  "ldga 1, %r2\n ret %r2", 3 },
	{ DIF_OP_PUSHTV, "seti 5, %r1\n pushtv %r1\n call lltostr, %r2\n"
	  "ldub [%r2+0], %r3\n ret %r3", '5' },
	{ DIF_OP_PUSHTS, "sets \"abc\", %r1\n pushts %r1, 2\n call strlen, %r2\n"
	  "ret %r2", 2 },
	{ DIF_OP_POPTS, "pushtv %r0\n pushtv %r0\n popts\n call speculation, %r2\n"
	  "ret %r2", 0 },
	{ DIF_OP_CALL, "seti 0x1234, %r1\n pushtv %r1\n call htons, %r2\n ret %r2",
	  0x3412 },
	{ DIF_OP_LDTA, "pushtv %r0\n ldta 1, %r1\n ret %r1", 0 },
	{ DIF_OP_STTA, "seti 3, %r1\n pushtv %r1\n stta %r1, 1\n pushtv %r1\n"
	  "ldta 1, %r2\n ret %r2", 3 },
};

TEST_F(exec, every_opcode)
{
	struct dift *t = self->t;
	static const u64 umem = 0xffeeddccbbaa9988ULL;
	bool seen[DIF_OP_COUNT] = { false };
	size_t i;

	dif_uenv_map(&t->env, &umem, 8, DIF_UR_USER);
	t->env.args[0] = (u64)(unsigned long)&umem;
	t->env.args[2] = 22;
	t->env.builtins[DIF_VAR_PID] = 4321;
	for (i = 0; i < ARRAY_SIZE(dift_oprows); i++) {
		const struct dift_oprow *r = &dift_oprows[i];
		int j;

		ASSERT_EQ(0, dift_asm(t, r->text))
			TH_LOG("%s: %s%s", dif_op_name(r->op), t->as.err,
			       t->logbuf);
		for (j = 0; j < (int)t->as.ninsns; j++)
			if (t->as.insns[j].di_op == r->op)
				seen[r->op] = true;
		memset(t->globals, 0, sizeof(t->globals));
		EXPECT_EQ(r->want, dift_run(t)) TH_LOG("%s", dif_op_name(r->op));
		EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind)
			TH_LOG("%s", dif_op_name(r->op));
	}
	for (i = 0; i < DIF_OP_COUNT; i++)
		EXPECT_TRUE(seen[i]) TH_LOG("no row runs %s", dif_op_name(i));
}

TEST_HARNESS_MAIN
