// SPDX-License-Identifier: GPL-2.0
/*
 * By-ref values in the dynamic store (DIF_TYPE_BYREF): a struct a
 * global, self-> or array variable holds. A store copies the bytes at
 * an address, a load gives the address of the kept copy, an unset one
 * reads as zeroed scratch.
 */
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

FIXTURE(byref) {
	struct dift *t;
};

FIXTURE_SETUP(byref)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(byref)
{
	free(self->t);
}

static const u8 *dift_bytes(u64 addr)
{
	return (const u8 *)(unsigned long)addr;
}

/* g = 12 bytes of scratch holding 1, 2, 3 as ints; return &g's copy */
static const char dift_store_global[] =
	".var global 3 byref 12\n"
	"seti 12, %r1\n allocs %r1, %r2\n"
	"seti 1, %r3\n stw %r3, [%r2+0]\n seti 2, %r3\n stw %r3, [%r2+4]\n"
	"seti 3, %r3\n stw %r3, [%r2+8]\n stgs %r2, 3\n"
	"seti 9, %r3\n stw %r3, [%r2+0]\n"	/* the copy keeps 1 */
	"ldgs 3, %r4\n ret %r4";

TEST_F(byref, global_copied_in)
{
	struct dift *t = self->t;
	u32 v[3];
	u64 r;

	r = dift_asm_run(t, dift_store_global);
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	memcpy(v, dift_bytes(r), sizeof(v));
	EXPECT_EQ(1, v[0]);
	EXPECT_EQ(2, v[1]);
	EXPECT_EQ(3, v[2]);
	/* it is the store's copy, not scratch */
	EXPECT_TRUE(r >= (u64)(unsigned long)t->dynmem &&
		    r < (u64)(unsigned long)t->dynmem + sizeof(t->dynmem));
	EXPECT_EQ(1, t->dyn.dd_nused);
	/* a member read from a later firing: ldsw at its offset */
	EXPECT_EQ(2, dift_asm_run(t, ".var global 3 byref 12\n ldgs 3, %r1\n"
				  "ldsw [%r1+4], %r2\n ret %r2"));
	/* the store itself cannot be written through the address */
	dift_asm_run(t, ".var global 3 byref 12\n ldgs 3, %r1\n seti 5, %r2\n"
		     "stw %r2, [%r1+4]\n ret %r0");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
}

TEST_F(byref, unset_reads_as_zeroes)
{
	struct dift *t = self->t;
	u64 r;
	int i;

	r = dift_asm_run(t, ".var thread 2 byref 40\n ldts 2, %r1\n ret %r1");
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	ASSERT_NE(0, r);
	for (i = 0; i < 40; i++)
		EXPECT_EQ(0, dift_bytes(r)[i]);
	/* in scratch, for the rest of the firing */
	EXPECT_EQ((u64)(unsigned long)t->scratch, r);
	EXPECT_LE(40, t->ms.scratch_used);
	EXPECT_EQ(0, t->dyn.dd_nused);
}

/* self->v = the 16 bytes at arg0 (not dif/'s memory: copied first) */
static const char dift_store_self[] =
	".var thread 1 byref 16\n ldb arg0, %r1\n stts %r1, 1\n"
	"ldts 1, %r2\n ldx [%r2+8], %r3\n ret %r3";

TEST_F(byref, thread_local_from_kernel_memory)
{
	struct dift *t = self->t;
	u64 src[2] = { 7, 0x1122334455667788ull };

	dif_uenv_map(&t->env, src, sizeof(src), 0);
	t->env.args[0] = (u64)(unsigned long)src;
	t->env.thread_key = 1;
	EXPECT_EQ(0x1122334455667788ull, dift_asm_run(t, dift_store_self));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	src[1] = 99;
	t->env.thread_key = 2;
	EXPECT_EQ(99, dift_run(t));
	/* thread 1 keeps its own */
	t->env.thread_key = 1;
	EXPECT_EQ(0x1122334455667788ull,
		  dift_asm_run(t, ".var thread 1 byref 16\n ldts 1, %r2\n"
			       "ldx [%r2+8], %r3\n ret %r3"));
	EXPECT_EQ(2, t->dyn.dd_nused);
	/* an address that cannot be read stores nothing */
	t->env.args[0] = 0x10;
	dift_asm_run(t, dift_store_self);
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(2, t->dyn.dd_nused);
}

/*
 * a[arg1] = the 8 bytes at arg0; one value copied to another's key. ldx
 * reads it in place: aligned after the key of 20 bytes.
 */
TEST_F(byref, array_values)
{
	struct dift *t = self->t;
	u64 src = 0xabcdef;

	dif_uenv_map(&t->env, &src, sizeof(src), 0);
	t->env.args[0] = (u64)(unsigned long)&src;
	t->env.args[1] = 4;
	EXPECT_EQ(0xabcdef, dift_asm_run(t, ".var global 5 array byref 8\n"
		  "ldb arg0, %r1\n ldb arg1, %r2\n pushtv %r2\n stga %r1, 5\n"
		  "pushtv %r2\n ldga 5, %r3\n"
		  "seti 5, %r4\n pushtv %r4\n stga %r3, 5\n"	/* a[5] = a[4] */
		  "pushtv %r4\n ldga 5, %r3\n ldx [%r3+0], %r3\n ret %r3"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(2, t->dyn.dd_nused);
	EXPECT_EQ(2, t->dyn.dd_count[5]);
	/* a[4] = a[4]: the value overlaps itself */
	EXPECT_EQ(0xabcdef, dift_asm_run(t, ".var global 5 array byref 8\n"
		  "seti 4, %r4\n pushtv %r4\n ldga 5, %r3\n pushtv %r4\n"
		  "stga %r3, 5\n pushtv %r4\n ldga 5, %r3\n ldx [%r3+0], %r3\n"
		  "ret %r3"));
}

/* A value bigger than a chunk is a drop, as a string's is. */
TEST_F(byref, too_big_is_a_drop)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dif_dyn_init(&t->dyn, t->dynmem, sizeof(t->dynmem),
				  128));
	dift_asm_run(t, ".var global 1 byref 200\n seti 200, %r1\n"
		     "allocs %r1, %r1\n stgs %r1, 1\n ret %r0");
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.dyn_drops);
	EXPECT_EQ(0, t->dyn.dd_nused);
}

/* The loader checks by-ref types: size, scope, not a return type. */
TEST_F(byref, loader_checks)
{
	struct dift *t = self->t;

	EXPECT_EQ(-EINVAL, dift_asm(t, ".var global 1 byref 0\n ret %r0"));
	EXPECT_NE(NULL, strstr(t->logbuf, "bad size 0"));
	EXPECT_EQ(-EINVAL, dift_asm(t, ".var global 1 byref 16385\n ret %r0"));
	EXPECT_EQ(0, dift_asm(t, ".var global 1 byref 16384\n ret %r0"));
	EXPECT_EQ(-EINVAL, dift_asm(t, ".var local 1 byref 8\n ret %r0"));
	EXPECT_NE(NULL, strstr(t->logbuf, "cannot be by-ref"));
	EXPECT_EQ(-EINVAL, dift_asm(t, ".rtype byref 8\n ret %r0"));
	EXPECT_NE(NULL, strstr(t->logbuf, "return type: by-ref"));
	/* a global by-ref lives in the store */
	ASSERT_EQ(0, dift_asm(t, ".var global 1 byref 8\n ldgs 1, %r1\n"
			      "ret %r1"));
	EXPECT_TRUE(t->prog.flags & DIF_PF_DYN);
}

TEST_HARNESS_MAIN
