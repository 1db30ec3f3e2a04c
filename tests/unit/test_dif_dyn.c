// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic variable store: self-> per thread, arrays keyed by
 * tuples, string values, freeing on 0, and drops instead of failures.
 */
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

FIXTURE(dyn) {
	struct dift *t;
};

FIXTURE_SETUP(dyn)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(dyn)
{
	free(self->t);
}

/* self->x += arg0; return self->x */
static const char dift_self_add[] =
	"ldts 1, %r1\n ldb arg0, %r2\n add %r1, %r2, %r1\n stts %r1, 1\n"
	"ldts 1, %r3\n ret %r3";

TEST_F(dyn, thread_locals)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_asm(t, dift_self_add));
	t->env.args[0] = 5;
	t->env.thread_key = 100;
	EXPECT_EQ(5, dift_run(t));
	EXPECT_EQ(10, dift_run(t));
	t->env.thread_key = 200;
	EXPECT_EQ(5, dift_run(t));
	t->env.thread_key = 100;
	EXPECT_EQ(15, dift_run(t));
	EXPECT_EQ(2, t->dyn.dd_nused);
	/* storing 0 frees the entry */
	t->env.args[0] = (u64)-15;
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(1, t->dyn.dd_nused);
	EXPECT_EQ(0, t->ms.dyn_drops);
}

/* a[arg0, "arg1 string"] += 1; return it */
static const char dift_count[] =
	"ldb arg0, %r1\n ldb arg1, %r2\n"
	"pushtv %r1\n pushts %r2, 0\n ldga 2, %r3\n addi %r3, 1, %r3\n"
	"pushtv %r1\n pushts %r2, 0\n stga %r3, 2\n"
	"pushtv %r1\n pushts %r2, 0\n ldga 2, %r4\n ret %r4";

TEST_F(dyn, arrays)
{
	struct dift *t = self->t;
	static const char k1[] = "alpha", k2[] = "beta";
	char k1copy[] = "alpha";

	dif_uenv_map(&t->env, k1, sizeof(k1), 0);
	dif_uenv_map(&t->env, k2, sizeof(k2), 0);
	dif_uenv_map(&t->env, k1copy, sizeof(k1copy), 0);
	ASSERT_EQ(0, dift_asm(t, dift_count));
	t->env.args[0] = 1;
	t->env.args[1] = (u64)(unsigned long)k1;
	EXPECT_EQ(1, dift_run(t));
	EXPECT_EQ(2, dift_run(t));
	/* the key is the string, not its address */
	t->env.args[1] = (u64)(unsigned long)k1copy;
	EXPECT_EQ(3, dift_run(t));
	t->env.args[1] = (u64)(unsigned long)k2;
	EXPECT_EQ(1, dift_run(t));
	t->env.args[0] = 2;
	EXPECT_EQ(1, dift_run(t));
	EXPECT_EQ(3, t->dyn.dd_nused);
	/* (int, string) and (int) are different keys */
	EXPECT_EQ(0, dift_asm_run(t, "seti 2, %r1\n pushtv %r1\n ldga 2, %r2\n ret %r2"));
	EXPECT_EQ(0, t->ms.dyn_drops);
}

/* global_count(2): bpftrace's len( ) of global array 2 */
static const char dift_len2[] =
	"seti 2, %r1\n pushtv %r1\n call global_count, %r2\n ret %r2";

/*
 * The store counts a global array's entries as they come and go: new
 * keys, not updates; not another id, scope or a scalar; 0 frees one;
 * dif_dyn_clear( ) empties it; an id past DIF_VARID_MAX counts 0.
 */
TEST_F(dyn, global_count)
{
	struct dift *t = self->t;
	static const char k1[] = "alpha", k2[] = "beta";

	dif_uenv_map(&t->env, k1, sizeof(k1), 0);
	dif_uenv_map(&t->env, k2, sizeof(k2), 0);
	EXPECT_EQ(0, dift_asm_run(t, dift_len2));
	ASSERT_EQ(0, dift_asm(t, dift_count));
	t->env.args[0] = 1;
	t->env.args[1] = (u64)(unsigned long)k1;
	dift_run(t);
	dift_run(t);
	t->env.args[1] = (u64)(unsigned long)k2;
	dift_run(t);
	EXPECT_EQ(2, dift_asm_run(t, dift_len2));
	/* self->t[7] (thread array 2) and global scalar 2: not counted */
	t->env.thread_key = 100;
	dift_asm_run(t, "seti 7, %r1\n pushtv %r1\n stta %r1, 2\n"
		     " stgs %r1, 2\n ret %r0");
	EXPECT_EQ(2, dift_asm_run(t, dift_len2));
	/* storing 0 frees one */
	dift_asm_run(t, "seti 1, %r1\n ldb arg1, %r2\n pushtv %r1\n"
		     " pushts %r2, 0\n stga %r0, 2\n ret %r0");
	EXPECT_EQ(1, dift_asm_run(t, dift_len2));
	EXPECT_EQ(1, dif_dyn_clear(&t->dyn, 2));
	EXPECT_EQ(0, dift_asm_run(t, dift_len2));
	EXPECT_EQ(0, dift_asm_run(t, "seti 5000, %r1\n pushtv %r1\n"
				  " call global_count, %r2\n ret %r2"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.dyn_drops);
}

/* self->t[arg0] += arg1; return it */
static const char dift_self_array[] =
	"ldb arg0, %r1\n ldb arg1, %r2\n pushtv %r1\n ldta 5, %r3\n"
	"add %r3, %r2, %r3\n pushtv %r1\n stta %r3, 5\n"
	"pushtv %r1\n ldta 5, %r4\n ret %r4";

TEST_F(dyn, thread_arrays)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_asm(t, dift_self_array));
	t->env.args[0] = 7;
	t->env.args[1] = 3;
	t->env.thread_key = 100;
	EXPECT_EQ(3, dift_run(t));
	EXPECT_EQ(6, dift_run(t));
	/* another thread, the same key: another element */
	t->env.thread_key = 200;
	EXPECT_EQ(3, dift_run(t));
	t->env.args[0] = 8;
	EXPECT_EQ(3, dift_run(t));
	EXPECT_EQ(3, t->dyn.dd_nused);
	/* a thread-local array is not the global array of the same id */
	EXPECT_EQ(0, dift_asm_run(t, "seti 7, %r1\n pushtv %r1\n ldga 5, %r2\n"
				  "ret %r2"));
	/* storing 0 frees the element */
	t->env.thread_key = 100;
	t->env.args[0] = 7;
	t->env.args[1] = (u64)-6;
	ASSERT_EQ(0, dift_asm(t, dift_self_array));
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(2, t->dyn.dd_nused);
	EXPECT_EQ(0, t->ms.dyn_drops);
}

TEST_F(dyn, string_values)
{
	struct dift *t = self->t;
	char name[16] = "firstname";
	char out[32];
	u64 r;

	dif_uenv_map(&t->env, name, sizeof(name), 0);
	t->env.builtins[DIF_VAR_EXECNAME] = (u64)(unsigned long)name;
	/* self->s = execname, copied in */
	dift_asm_run(t, ".var thread 3 string\n ldb execname, %r1\n stts %r1, 3\n ret %r0");
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	memcpy(name, "changed", 8);
	r = dift_asm_run(t, ".var thread 3 string\n ldts 3, %r1\n ret %r1");
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("firstname", out);
	/* self->s = self->s: the value overlaps itself */
	r = dift_asm_run(t, ".var thread 3 string\n ldts 3, %r1\n stts %r1, 3\n"
			 "ldts 3, %r2\n ret %r2");
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("firstname", out);
	/* a shorter string replaces it, NULL frees it */
	r = dift_asm_run(t, ".var thread 3 string\n sets \"ab\", %r1\n stts %r1, 3\n"
			 "ldts 3, %r2\n ret %r2");
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("ab", out);
	EXPECT_EQ(1, t->dyn.dd_nused);
	/* freed, it reads as "", as an unset string does in DTrace */
	r = dift_asm_run(t, ".var thread 3 string\n stts %r0, 3\n"
			 "ldts 3, %r2\n ret %r2");
	ASSERT_NE(0, r);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("", out);
	EXPECT_EQ(0, t->dyn.dd_nused);
	/* array values may be strings too */
	r = dift_asm_run(t, ".var global 4 array string\n sets \"v\", %r1\n"
			 "pushtv %r0\n stga %r1, 4\n pushtv %r0\n ldga 4, %r2\n ret %r2");
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("v", out);
}

/* A full store drops, counts it, and works again once entries free. */
TEST_F(dyn, full)
{
	struct dift *t = self->t;
	u32 n = t->dyn.dd_nchunks, i;

	ASSERT_GT(n, 10);
	ASSERT_EQ(0, dift_asm(t, "seti 1, %r1\n ldb arg0, %r2\n pushtv %r2\n"
			      "stga %r1, 0\n ret %r0"));
	for (i = 0; i < n + 5; i++) {
		t->env.args[0] = i;
		dift_run(t);
		ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	}
	EXPECT_EQ(n, t->dyn.dd_nused);
	EXPECT_EQ(5, t->ms.dyn_drops);
	/* free one, and there is room again */
	ASSERT_EQ(0, dift_asm(t, "ldb arg0, %r2\n pushtv %r2\n stga %r0, 0\n ret %r0"));
	t->env.args[0] = 3;
	dift_run(t);
	EXPECT_EQ(n - 1, t->dyn.dd_nused);
	ASSERT_EQ(0, dift_asm(t, "seti 1, %r1\n ldb arg0, %r2\n pushtv %r2\n"
			      "stga %r1, 0\n ret %r0"));
	t->env.args[0] = 12345;
	dift_run(t);
	EXPECT_EQ(n, t->dyn.dd_nused);
	EXPECT_EQ(5, t->ms.dyn_drops);
}

TEST_F(dyn, lock_busy)
{
	struct dift *t = self->t;

	ASSERT_EQ(0, dift_asm(t, dift_self_add));
	t->env.args[0] = 5;
	EXPECT_EQ(5, dift_run(t));
	dif_ulock_busy = 1;
	EXPECT_EQ(0, dift_run(t));	/* load dropped, store dropped, load */
	EXPECT_EQ(3, t->ms.dyn_drops);
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_ulock_busy = 0;
	EXPECT_EQ(10, dift_run(t));
	for (u32 b = 0; b < t->dyn.dd_nbuckets; b++)
		EXPECT_EQ(0, t->dyn.dd_buckets[b].db_lock);
}

TEST_F(dyn, no_store)
{
	struct dift *t = self->t;

	t->ms.dyn = NULL;
	ASSERT_EQ(0, dift_asm(t, dift_self_add));
	t->env.args[0] = 5;
	EXPECT_EQ(0, dift_run(t));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(3, t->ms.dyn_drops);
}

TEST_F(dyn, too_big)
{
	struct dift *t = self->t;
	char key[300];

	memset(key, 'k', sizeof(key) - 1);
	key[sizeof(key) - 1] = '\0';
	dif_uenv_map(&t->env, key, sizeof(key), 0);
	t->env.args[0] = (u64)(unsigned long)key;
	/* small chunks: a 256-byte key does not fit */
	ASSERT_EQ(0, dif_dyn_init(&t->dyn, t->dynmem, sizeof(t->dynmem), 128));
	dift_asm_run(t, "ldb arg0, %r1\n seti 1, %r2\n pushts %r1\n stga %r2, 0\n"
		     "ret %r0");
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(1, t->ms.dyn_drops);
	EXPECT_EQ(0, t->dyn.dd_nused);
}

/*
 * Two programs that disagree on a variable's type: an integer load of a
 * one-byte string value in the very last chunk of the store must not
 * read past the store.
 */
TEST_F(dyn, type_confusion)
{
	struct dift *t = self->t;
	u32 size = 256 + 34 * 112, n;	/* buckets, then chunks to the end */
	u8 *mem = malloc(size);
	char key[90];

	memset(key, 'k', sizeof(key) - 1);
	key[sizeof(key) - 1] = '\0';
	dif_uenv_map(&t->env, key, sizeof(key), 0);
	t->env.args[0] = (u64)(unsigned long)key;
	ASSERT_EQ(0, dif_dyn_init(&t->dyn, mem, size, 112));
	/* use up all chunks but the last, then store "" with a long key */
	n = t->dyn.dd_nchunks;
	ASSERT_EQ(size, (u32)(t->dyn.dd_chunks - mem) + n * 112);
	ASSERT_EQ(0, dift_asm(t, "ldb arg1, %r1\n seti 1, %r2\n pushtv %r1\n"
			      "stga %r2, 0\n ret %r0"));
	for (t->env.args[1] = 0; t->env.args[1] < n - 1; t->env.args[1]++)
		dift_run(t);
	ASSERT_EQ(n - 1, t->dyn.dd_nused);
	dift_asm_run(t, ".var global 1 array string\n ldb arg0, %r1\n"
		     "sets \"\", %r2\n pushts %r1, 80\n stga %r2, 1\n ret %r0");
	ASSERT_EQ(n, t->dyn.dd_nused);
	ASSERT_EQ(0, t->ms.dyn_drops);
	EXPECT_EQ(0, dift_asm_run(t, ".var global 1 array int\n ldb arg0, %r1\n"
				  "pushts %r1, 80\n ldga 1, %r2\n ret %r2"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	free(mem);
}

/*
 * A string that runs to the very end of scratch, with no NUL there (an
 * earlier clause's alloca() filled it), stored as a value: its bytes are
 * copied and the NUL written apart, never read one past scratch (ASan:
 * heap-buffer-overflow before).
 */
TEST_F(dyn, string_at_end_of_scratch)
{
	struct dift *t = self->t;
	u8 *scratch = malloc(64);
	char out[80];
	u64 r;

	ASSERT_NE(NULL, scratch);
	memset(scratch, 'x', 64);
	t->ms.scratch = scratch;
	t->ms.scratch_size = 64;
	t->env.args[0] = (u64)(unsigned long)(scratch + 32);
	ASSERT_EQ(0, dift_asm(t, ".var global 1 string\n ldb arg0, %r1\n"
			      "stgs %r1, 1\n ldgs 1, %r2\n ret %r2"));
	r = dift_run(t);
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	ASSERT_EQ(1, t->dyn.dd_nused);
	ASSERT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_EQ(32, strlen(out));
	EXPECT_EQ('x', out[31]);
	free(scratch);
}

TEST_F(dyn, init)
{
	struct dift *t = self->t;
	struct dif_dyn d;

	EXPECT_EQ(-EINVAL, dif_dyn_init(&d, NULL, 4096, 256));
	EXPECT_EQ(-EINVAL, dif_dyn_init(&d, (u8 *)t->dynmem + 4, 4096, 256));
	EXPECT_EQ(-EINVAL, dif_dyn_init(&d, t->dynmem, 100, 256));
	EXPECT_EQ(-EINVAL, dif_dyn_init(&d, t->dynmem, 4096, 8));
	EXPECT_EQ(0, d.dd_nchunks);
	ASSERT_EQ(0, dif_dyn_init(&d, t->dynmem, 4096, 100));
	EXPECT_EQ(104, d.dd_chunksize);
	EXPECT_GE(4096, (u64)(d.dd_chunks - d.dd_base) +
		  (u64)d.dd_nchunks * d.dd_chunksize);
	EXPECT_EQ(0, d.dd_nbuckets & (d.dd_nbuckets - 1));
	EXPECT_LE(8 + 2 * 256, dif_dyn_chunksize(256));
}

TEST_HARNESS_MAIN
