// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations through the raw ABI: every function's arithmetic and
 * buckets, keys, merging across CPUs and snapshots, and drops when the
 * buffer is full. The workload is lseek(fd, i, SEEK_SET) for i = 0..99,
 * aggregated from syscall::lseek:entry with arg1 = i.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

static char snap[8 << 20];

/* One merged value: the sum over every CPU and snapshot, per key. */
struct merged {
	uint64_t key;
	uint64_t v[200];
};

/* arg1, or arg1 % 3 as a key. */
static uint32_t prog_arg1(struct clause *c, int mod3)
{
	struct dif_insn p[] = {
		INSN(LDB, 1, 0, 0, DIF_VAR_ARG1), INSN(SETI, 2, 0, 0, 3),
		INSN(UREM, 1, 1, 2, 0), INSN(RET, 0, 1, 0, 0),
	};
	struct dif_insn q[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG1),
				INSN(RET, 0, 1, 0, 0) };

	return mod3 ? clause_prog(c, p, 4, NULL, 0, DIF_TYPE_INT, 8) :
		      clause_prog(c, q, 2, NULL, 0, DIF_TYPE_INT, 8);
}

/*
 * Declare, enable, run the workload, snapshot and merge; keyed 1 keys
 * by arg1 % 3, keyed 2 by arg1.
 */
static int run_agg(int fd, uint32_t func, const int64_t *params, int keyed,
		   uint64_t aggsize, struct merged *m, unsigned int *nkeys,
		   uint64_t *drops)
{
	struct dtrace_ioc_aggdesc d = {
		.da_size = sizeof(d), .da_func = func,
		.da_keysize = keyed ? 8 : 0,
	};
	struct dtrace_ioc_options o = { .do_size = sizeof(o),
					.do_aggsize = aggsize };
	struct dtrace_ioc_status st;
	struct clause c;
	unsigned int cpu, i, n = 0;
	int zero, a = 0;

	memcpy(d.da_params, params, sizeof(d.da_params));
	if (ioctl(fd, DTRACE_IOC_OPTIONS, &o) ||
	    ioctl(fd, DTRACE_IOC_AGGDESC, &d))
		return -1;
	clause_init(&c, "syscall", "entry", keyed ? 2 : 1, 0);
	strcpy(c.hdr->de_desc.dpd_func, "lseek");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	if (keyed)
		clause_act(&c, a++, DTRACE_ACT_AGGKEY,
			   prog_arg1(&c, keyed == 1), 0, 8);
	clause_act(&c, a, DTRACE_ACT_AGGREGATE, prog_arg1(&c, 0), 0, 0);
	c.acts[a].da_arg = d.da_id;
	if (ioctl(fd, DTRACE_IOC_ENABLE, c.buf) || ioctl(fd, DTRACE_IOC_GO))
		return -1;
	zero = open("/dev/zero", O_RDONLY);
	for (i = 0; i < 100; i++)
		lseek(zero, i, SEEK_SET);
	close(zero);
	if (ioctl(fd, DTRACE_IOC_STOP) || status(fd, &st))
		return -1;
	*drops = st.ds_aggdrops;

	for (cpu = 0; cpu < st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap b = {
			.db_size = sizeof(b), .db_cpu = cpu,
			.db_buf = (uintptr_t)snap, .db_bufsize = sizeof(snap),
		};
		size_t off;

		if (ioctl(fd, DTRACE_IOC_AGGSNAP, &b))
			continue;
		for (off = 0; off < b.db_bufsize;) {
			struct dtrace_aggrec *r = (void *)(snap + off);
			uint64_t *kv = (uint64_t *)(r + 1);
			uint64_t key = keyed ? *kv++ : 0;
			unsigned int j, k;

			for (k = 0; k < n && m[k].key != key; k++)
				;
			if (k == n)
				m[n++].key = key;
			for (j = 0; j < d.da_valsize / 8; j++)
				m[k].v[j] += kv[j];
			off += r->dar_size;
		}
	}
	*nkeys = n;
	return 0;
}

FIXTURE(dev) {
	int fd;
	struct merged m[128];
	unsigned int n;
	uint64_t drops;
};

FIXTURE_SETUP(dev)
{
	memset(self->m, 0, sizeof(self->m));
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
}

FIXTURE_TEARDOWN(dev)
{
	close(self->fd);
}

#define RUN(func, keyed, ...) do {					\
	int64_t p_[4] = { __VA_ARGS__ };				\
	ASSERT_EQ(0, run_agg(self->fd, func, p_, keyed, 0, self->m,	\
			     &self->n, &self->drops));			\
	EXPECT_EQ(0, self->drops);					\
} while (0)

TEST_F(dev, count)
{
	RUN(DTRACE_AGG_COUNT, 0, 0);
	ASSERT_EQ(1, self->n);
	EXPECT_EQ(100, self->m[0].v[0]);
}

TEST_F(dev, sum)
{
	RUN(DTRACE_AGG_SUM, 0, 0);
	EXPECT_EQ(4950, self->m[0].v[0]);
}

TEST_F(dev, avg)
{
	RUN(DTRACE_AGG_AVG, 0, 0);
	EXPECT_EQ(100, self->m[0].v[0]);
	EXPECT_EQ(4950, self->m[0].v[1]);
}

TEST_F(dev, max)
{
	/* Max merges by max, not by sum: one CPU here, so one record. */
	RUN(DTRACE_AGG_MAX, 0, 0);
	EXPECT_EQ(99, self->m[0].v[0]);
}

TEST_F(dev, stddev)
{
	RUN(DTRACE_AGG_STDDEV, 0, 0);
	EXPECT_EQ(100, self->m[0].v[0]);
	EXPECT_EQ(4950, self->m[0].v[1]);
	EXPECT_EQ(0, self->m[0].v[2]);
	EXPECT_EQ(328350, self->m[0].v[3]);
}

TEST_F(dev, keyed_count)
{
	unsigned int k, total = 0;

	RUN(DTRACE_AGG_COUNT, 1, 0);
	ASSERT_EQ(3, self->n);
	for (k = 0; k < 3; k++) {
		EXPECT_EQ(self->m[k].key == 0 ? 34 : 33, self->m[k].v[0]);
		total += self->m[k].v[0];
	}
	EXPECT_EQ(100, total);
}

TEST_F(dev, quantize)
{
	uint64_t *v = self->m[0].v;

	RUN(DTRACE_AGG_QUANTIZE, 0, 0);
	EXPECT_EQ(1, v[63]);		/* 0 */
	EXPECT_EQ(1, v[64]);		/* [1, 2) */
	EXPECT_EQ(2, v[65]);		/* [2, 4) */
	EXPECT_EQ(4, v[66]);
	EXPECT_EQ(8, v[67]);
	EXPECT_EQ(16, v[68]);
	EXPECT_EQ(32, v[69]);		/* [32, 64) */
	EXPECT_EQ(36, v[70]);		/* [64, 128) */
	EXPECT_EQ(0, v[62]);
	EXPECT_EQ(0, v[71]);
}

TEST_F(dev, lquantize)
{
	uint64_t *v = self->m[0].v;
	int i;

	RUN(DTRACE_AGG_LQUANTIZE, 0, 0, 50, 10);
	EXPECT_EQ(0, v[0]);		/* < 0 */
	for (i = 1; i <= 5; i++)
		EXPECT_EQ(10, v[i]);
	EXPECT_EQ(50, v[6]);		/* >= 50 */
}

TEST_F(dev, llquantize)
{
	uint64_t *v = self->m[0].v;
	int i;

	RUN(DTRACE_AGG_LLQUANTIZE, 0, 10, 0, 2, 10);
	EXPECT_EQ(1, v[0]);		/* < 1: the 0 */
	for (i = 1; i <= 9; i++)	/* 1 .. 9 */
		EXPECT_EQ(1, v[i]);
	for (i = 10; i <= 18; i++)	/* 10, 20 .. 90 */
		EXPECT_EQ(10, v[i]);
	EXPECT_EQ(0, v[19]);		/* 100 .. */
}

/*
 * syscall::lseek:entry { @a[arg1 % 3] = count(); @b = count(); }: each
 * aggregation gets its own key, so @b has exactly one, counting 100.
 */
TEST_F(dev, two_aggregations_one_clause)
{
	struct dtrace_ioc_aggdesc a = { .da_size = sizeof(a),
					.da_func = DTRACE_AGG_COUNT,
					.da_keysize = 8 };
	struct dtrace_ioc_aggdesc b = { .da_size = sizeof(b),
					.da_func = DTRACE_AGG_COUNT };
	struct dtrace_ioc_status st;
	unsigned int cpu, i, na = 0, nb = 0;
	uint64_t total_b = 0;
	struct clause c;
	int zero;

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_AGGDESC, &a));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_AGGDESC, &b));
	clause_init(&c, "syscall", "entry", 3, 0);
	strcpy(c.hdr->de_desc.dpd_func, "lseek");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_AGGKEY, prog_arg1(&c, 1), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_AGGREGATE, prog_arg1(&c, 0), 0, 0);
	c.acts[1].da_arg = a.da_id;
	clause_act(&c, 2, DTRACE_ACT_AGGREGATE, prog_arg1(&c, 0), 0, 0);
	c.acts[2].da_arg = b.da_id;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	zero = open("/dev/zero", O_RDONLY);
	for (i = 0; i < 100; i++)
		lseek(zero, i, SEEK_SET);
	close(zero);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	for (cpu = 0; cpu < st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap s = {
			.db_size = sizeof(s), .db_cpu = cpu,
			.db_buf = (uintptr_t)snap, .db_bufsize = sizeof(snap),
		};
		size_t off;

		if (ioctl(self->fd, DTRACE_IOC_AGGSNAP, &s))
			continue;
		for (off = 0; off < s.db_bufsize;) {
			struct dtrace_aggrec *r = (void *)(snap + off);

			if (r->dar_id == b.da_id) {
				nb++;
				total_b += *(uint64_t *)(r + 1);
			} else {
				na++;
			}
			off += r->dar_size;
		}
	}
	EXPECT_EQ(3, na);
	EXPECT_EQ(1, nb);
	EXPECT_EQ(100, total_b);
}

TEST_F(dev, bad_descriptors)
{
	struct dtrace_ioc_aggdesc d = { .da_size = sizeof(d) };

	d.da_func = 99;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	EXPECT_EQ(EINVAL, errno);
	d.da_func = DTRACE_AGG_LQUANTIZE;
	d.da_params[0] = 10;			/* low > high */
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	d.da_params[0] = INT64_MIN;
	d.da_params[1] = INT64_MAX;		/* span overflows */
	d.da_params[2] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	d.da_func = DTRACE_AGG_LLQUANTIZE;
	d.da_params[0] = 10;
	d.da_params[1] = 0;
	d.da_params[2] = 40;			/* 10^41 overflows */
	d.da_params[3] = 10;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	d.da_func = DTRACE_AGG_COUNT;
	d.da_keysize = 12;			/* not a multiple of 8 */
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, full_buffer_drops)
{
	int64_t p[4] = { 0 };
	unsigned int k;
	uint64_t total = 0;

	/* 100 keys of a quantize do not fit in 4 KiB. */
	ASSERT_EQ(0, run_agg(self->fd, DTRACE_AGG_QUANTIZE, p, 2, 4096,
			     self->m, &self->n, &self->drops));
	EXPECT_LT(0, self->drops);
	for (k = 0; k < self->n; k++)
		for (int j = 0; j < 127; j++)
			total += self->m[k].v[j];
	/* Nothing lost without being counted. */
	EXPECT_EQ(100, total + self->drops);
	TH_LOG("%u keys kept, %llu drops", self->n,
	       (unsigned long long)self->drops);
}

/*
 * BEGIN { @[7] = count(); } in a consumer of its own; returns the hash
 * the module gave the record (-1 on failure).
 */
static int64_t begin_hash(void)
{
	struct dtrace_ioc_aggdesc d = {
		.da_size = sizeof(d), .da_func = DTRACE_AGG_COUNT,
		.da_keysize = 8,
	};
	struct dif_insn k[] = { INSN(SETI, 1, 0, 0, 7), INSN(RET, 0, 1, 0, 0) };
	struct dtrace_ioc_status st;
	int64_t h = -1;
	struct clause c;
	unsigned int cpu;
	int fd = open("/dev/dtrace", O_RDWR);

	if (fd < 0 || ioctl(fd, DTRACE_IOC_AGGDESC, &d))
		goto out;
	clause_init(&c, "dtrace", "BEGIN", 2, 0);
	clause_act(&c, 0, DTRACE_ACT_AGGKEY,
		   clause_prog(&c, k, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_AGGREGATE,
		   clause_prog(&c, k, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 0);
	c.acts[1].da_arg = d.da_id;
	if (ioctl(fd, DTRACE_IOC_ENABLE, c.buf) || ioctl(fd, DTRACE_IOC_GO) ||
	    ioctl(fd, DTRACE_IOC_STOP) || status(fd, &st))
		goto out;
	for (cpu = 0; cpu < st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap b = {
			.db_size = sizeof(b), .db_cpu = cpu,
			.db_buf = (uintptr_t)snap, .db_bufsize = sizeof(snap),
		};

		if (!ioctl(fd, DTRACE_IOC_AGGSNAP, &b) && b.db_bufsize)
			h = ((struct dtrace_aggrec *)snap)->dar_hash;
	}
out:
	if (fd >= 0)
		close(fd);
	return h;
}

/*
 * Keys may be the user's: the chains they hash to are each consumer's
 * own, at random, so nobody can fill one chain on purpose.
 */
TEST(hash_seeded_per_consumer)
{
	int64_t a = begin_hash(), b = begin_hash();

	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	EXPECT_NE(a, b);
}

TEST_HARNESS_MAIN
