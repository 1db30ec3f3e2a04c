// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic variable store from several threads at once, as from
 * several CPUs: chain locks and the lock-free free list. A thread that
 * loses a race may drop (counted), never read another key's value, a
 * torn value, or break the free list: after each run every chunk is on
 * a chain or on the free list, or was counted as a drop.
 */
#include <pthread.h>
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

#define MT_THREADS	4
#define MT_ITERS	20000

/* self->x = arg0; r = self->x; self->x = 0 (frees it); return r */
static const char mt_self_churn[] =
	"ldb arg0, %r1\n stts %r1, 1\n ldts 1, %r2\n seti 0, %r3\n"
	"stts %r3, 1\n ret %r2";

/* a[arg1] = arg0; return a[arg1] */
static const char mt_shared[] =
	"ldb arg0, %r1\n ldb arg1, %r2\n pushtv %r2\n stga %r1, 2\n"
	"pushtv %r2\n ldga 2, %r3\n ret %r3";

/* a[arg1] = arg0, then a[arg1] = 0: an entry made and freed */
static const char mt_shared_churn[] =
	"ldb arg0, %r1\n ldb arg1, %r2\n pushtv %r2\n stga %r1, 2\n"
	"seti 0, %r3\n pushtv %r2\n stga %r3, 2\n ret %r1";

struct mt_arg {
	struct dift	*t;
	struct dif_dyn	*dyn;
	const char	*prog;
	u32		id;
	u32		nkeys;		/* arg1 ranges over these, 0: tid */
	u64		drops;
	u64		bad;		/* values not ours, not 0 */
	u64		mismatch;	/* self-> read back wrong, no drop */
};

static void *mt_run(void *p)
{
	struct mt_arg *a = p;
	struct dift *t = a->t;
	u32 i;

	t->ms.dyn = a->dyn;
	t->env.thread_key = 1000 + a->id;
	for (i = 0; i < MT_ITERS; i++) {
		u64 v = (u64)(a->id + 1) << 32 | (i + 1), r;
		u64 before = t->ms.dyn_drops, drops;

		t->env.args[0] = v;
		t->env.args[1] = a->nkeys ? i % a->nkeys : a->id;
		r = dift_run(t);
		drops = t->ms.dyn_drops - before;
		a->drops += drops;
		if (t->ms.fault.kind != DIF_FAULT_NONE)
			a->bad++;
		else if (r && ((r >> 32) == 0 || (r >> 32) > MT_THREADS ||
			       (u32)r == 0 || (u32)r > MT_ITERS))
			a->bad++;
		else if (!a->nkeys && r != v && !drops)
			a->mismatch++;
	}
	return NULL;
}

/* Chunks on the free list, walked without a lock (no thread runs). */
static u32 mt_free_chunks(const struct dif_dyn *d)
{
	u32 ix = (u32)d->dd_free, n = 0;

	while (ix != DIF_DYN_NIL && ix < d->dd_nchunks && n <= d->dd_nchunks) {
		n++;
		memcpy(&ix, d->dd_chunks + (u64)ix * d->dd_chunksize,
		       sizeof(ix));
	}
	return n;
}

static u32 mt_chained(const struct dif_dyn *d)
{
	u32 b, ix, n = 0;

	for (b = 0; b < d->dd_nbuckets; b++)
		for (ix = d->dd_buckets[b].db_head;
		     ix != DIF_DYN_NIL && n <= d->dd_nchunks;
		     memcpy(&ix, d->dd_chunks + (u64)ix * d->dd_chunksize,
			    sizeof(ix)))
			n++;
	return n;
}

/* Run prog in MT_THREADS threads over one store of @bytes. */
static void mt_go(struct __test_metadata *_metadata, const char *prog,
		  u32 nkeys, u64 bytes, struct mt_arg *args,
		  struct dif_dyn *dyn, u64 *mem)
{
	pthread_t th[MT_THREADS];
	u32 i;

	ASSERT_EQ(0, dif_dyn_init(dyn, mem, bytes, dif_dyn_chunksize(256)));
	for (i = 0; i < MT_THREADS; i++) {
		memset(&args[i], 0, sizeof(args[i]));
		args[i].t = dift_new();
		args[i].dyn = dyn;
		args[i].prog = prog;
		args[i].id = i;
		args[i].nkeys = nkeys;
		ASSERT_EQ(0, dift_asm(args[i].t, prog));
	}
	for (i = 0; i < MT_THREADS; i++)
		ASSERT_EQ(0, pthread_create(&th[i], NULL, mt_run, &args[i]));
	for (i = 0; i < MT_THREADS; i++)
		pthread_join(th[i], NULL);
	for (i = 0; i < MT_THREADS; i++) {
		EXPECT_EQ(0, args[i].bad);
		EXPECT_EQ(0, args[i].mismatch);
		free(args[i].t);
	}
	for (i = 0; i < dyn->dd_nbuckets; i++)
		ASSERT_EQ(0, dyn->dd_buckets[i].db_lock);
}

static u64 mt_drops(const struct mt_arg *args)
{
	u64 n = 0;
	u32 i;

	for (i = 0; i < MT_THREADS; i++)
		n += args[i].drops;
	return n;
}

/*
 * Each chunk is on a chain or on the free list, never both; one on
 * neither was leaked by a push that lost every race, a counted drop.
 * (Threads here are preempted holding a chain lock, which a probe with
 * interrupts off is not: the number of drops is not the kernel's.)
 */
static void mt_accounted(struct __test_metadata *_metadata,
			 const struct dif_dyn *d, const struct mt_arg *args)
{
	u64 seen = (u64)mt_free_chunks(d) + mt_chained(d);

	EXPECT_GE(d->dd_nchunks, seen);
	EXPECT_LE(d->dd_nchunks, seen + mt_drops(args));
}

static u64 mt_mem[DIFT_DYN_BYTES / 8];

/* prog makes and frees entries: none is left, no chunk is lost. */
static void mt_churn(struct __test_metadata *_metadata, const char *prog,
		     u32 nkeys)
{
	struct mt_arg args[MT_THREADS];
	struct dif_dyn dyn;

	mt_go(_metadata, prog, nkeys, sizeof(mt_mem), args, &dyn, mt_mem);
	EXPECT_EQ(0, dyn.dd_nused);
	EXPECT_EQ(0, dyn.dd_count[2]);
	EXPECT_EQ(0, mt_chained(&dyn));
	mt_accounted(_metadata, &dyn, args);
}

/* Different keys (self-> of four threads), each made and freed. */
TEST(different_keys)
{
	mt_churn(_metadata, mt_self_churn, 0);
}

/* One key, written and read by all: a value is one a thread wrote. */
TEST(same_key)
{
	struct mt_arg args[MT_THREADS];
	struct dif_dyn dyn;

	mt_go(_metadata, mt_shared, 1, sizeof(mt_mem), args, &dyn, mt_mem);
	EXPECT_EQ(1, dyn.dd_nused);
	EXPECT_EQ(1, dyn.dd_count[2]);
	EXPECT_EQ(1, mt_chained(&dyn));
	EXPECT_EQ(dyn.dd_nchunks - 1, mt_free_chunks(&dyn));
}

/* Eight keys made and freed by all: the free list under contention. */
TEST(shared_churn)
{
	mt_churn(_metadata, mt_shared_churn, 8);
}

/* More live keys than chunks: drops, counted; nothing lost besides. */
TEST(full_store)
{
	static u64 small[4096 / 8];
	struct mt_arg args[MT_THREADS];
	struct dif_dyn dyn;

	mt_go(_metadata, mt_shared, 64, sizeof(small), args, &dyn, small);
	EXPECT_EQ(dyn.dd_nchunks, dyn.dd_nused);
	EXPECT_EQ(dyn.dd_nchunks, mt_chained(&dyn));
	EXPECT_EQ(0, mt_free_chunks(&dyn));
	EXPECT_LT(64 - dyn.dd_nchunks, mt_drops(args));
}

TEST_HARNESS_MAIN
