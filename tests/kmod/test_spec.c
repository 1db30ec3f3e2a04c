// SPDX-License-Identifier: GPL-2.0
/*
 * Speculations through the raw ABI: records held aside reach the buffer
 * on commit() and never on discard(); speculation() runs out; records
 * speculated into a speculation not in use are dropped and counted.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

static char out[1 << 20];

/* A program returning the constant @v. */
static uint32_t prog_const(struct clause *c, int v)
{
	struct dif_insn p[] = { INSN(SETI, 1, 0, 0, v), INSN(RET, 0, 1, 0, 0) };

	return clause_prog(c, p, 2, NULL, 0, DIF_TYPE_INT, 8);
}

/* BEGIN { trace(speculation()); } */
static int enable_speculation(int fd)
{
	struct dif_insn p[] = {
		INSN(CALL, 1, 0, 0, DIF_SUBR_SPECULATION), INSN(RET, 0, 1, 0, 0),
	};
	struct clause c;

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

/* PROBE { speculate(id); trace(value); } */
static int enable_speculate(int fd, const char *probe, int id, int value)
{
	struct clause c;

	clause_init(&c, "dtrace", probe, 2, 8);
	clause_act(&c, 0, DTRACE_ACT_SPECULATE, prog_const(&c, id), 0, 0);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_const(&c, value), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

/* END { commit(id); } or discard */
static int enable_end(int fd, uint32_t kind, int id)
{
	struct clause c;

	clause_init(&c, "dtrace", "END", 1, 0);
	clause_act(&c, 0, kind, prog_const(&c, id), 0, 0);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

/* tick-100 { trace(speculation()); } */
static int enable_tick_speculation(int fd)
{
	struct dif_insn p[] = {
		INSN(CALL, 1, 0, 0, DIF_SUBR_SPECULATION), INSN(RET, 0, 1, 0, 0),
	};
	struct clause c;

	clause_init(&c, "profile", "tick-100", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

/* The 8-byte values of every record, in buffer order. */
static int values(int fd, uint64_t *v, int max)
{
	size_t n = snap_all(fd, out, sizeof(out), 4u << 20), off;
	int k = 0;

	for (off = 0; off + 24 <= n && k < max; off += 24)
		v[k++] = *(uint64_t *)(out + off + 16);
	return k;
}

FIXTURE(dev) {
	int fd;
	uint64_t v[8];
	struct dtrace_ioc_status st;
};

DEV_SETUP_TEARDOWN(dev)

TEST_F(dev, commit)
{
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 1, 42));
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 1, 43));
	ASSERT_EQ(0, enable_end(self->fd, DTRACE_ACT_COMMIT, 1));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	/* Not committed yet: only speculation()'s own record. */
	ASSERT_EQ(1, values(self->fd, self->v, 8));
	EXPECT_EQ(1, self->v[0]);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(2, values(self->fd, self->v, 8));
	EXPECT_EQ(42, self->v[0]);
	EXPECT_EQ(43, self->v[1]);
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(0, self->st.ds_specdrops);
	EXPECT_EQ(0, self->st.ds_errors);
}

TEST_F(dev, discard)
{
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 1, 42));
	ASSERT_EQ(0, enable_end(self->fd, DTRACE_ACT_DISCARD, 1));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(1, values(self->fd, self->v, 8));
	EXPECT_EQ(1, self->v[0]);
}

TEST_F(dev, out_of_speculations)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o), .do_nspec = 1 };

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(2, values(self->fd, self->v, 8));
	EXPECT_EQ(1, self->v[0]);
	EXPECT_EQ(0, self->v[1]);
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(0, self->st.ds_specbusy);
	EXPECT_EQ(1, self->st.ds_specunavail);
}

TEST_F(dev, unused_and_invalid_ids)
{
	/* Speculation 1 was never handed out; 9 does not exist. */
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 1, 42));
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 9, 43));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	EXPECT_EQ(0, values(self->fd, self->v, 8));
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(1, self->st.ds_specdrops);
	EXPECT_EQ(1, self->st.ds_errors);
}

TEST_F(dev, speculate_must_come_first)
{
	struct clause c;

	clause_init(&c, "dtrace", "BEGIN", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_const(&c, 1), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_SPECULATE, prog_const(&c, 1), 0, 0);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
}

/* commit() would copy over the clause's own record: refused. */
TEST_F(dev, commit_may_not_record)
{
	struct clause c;

	clause_init(&c, "dtrace", "END", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_const(&c, 1), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_COMMIT, prog_const(&c, 1), 0, 0);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
}

/* discard() copies nothing: a record may be beside it, as in DTrace. */
TEST_F(dev, discard_may_record)
{
	struct clause c;

	ASSERT_EQ(0, enable_speculation(self->fd));
	clause_init(&c, "dtrace", "END", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_DISCARD, prog_const(&c, 1), 0, 0);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_const(&c, 7), 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(2, values(self->fd, self->v, 8));
	EXPECT_EQ(1, self->v[0]);
	EXPECT_EQ(7, self->v[1]);
}

/* ... but not in a clause that speculates: its record would outlive it. */
TEST_F(dev, discard_may_not_speculate)
{
	struct clause c;

	clause_init(&c, "dtrace", "END", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_SPECULATE, prog_const(&c, 1), 0, 0);
	clause_act(&c, 1, DTRACE_ACT_DISCARD, prog_const(&c, 1), 0, 0);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
}

/*
 * BEGIN's speculation is never used (its id lost, as when a dynamic
 * variable store drops it); tick-100 keeps asking for one. Once it has
 * been idle a second, STATUS reclaims it and tick-100 gets it. It was
 * busy until the end before.
 */
TEST_F(dev, lost_id_is_reclaimed)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o), .do_nspec = 1 };
	int i, k, ones = 0;
	uint64_t v[64];

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, enable_tick_speculation(self->fd));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	/* BEGIN's 1, then tick-100's once reclaimed */
	for (i = 0; i < 60 && ones < 2; i++) {
		usleep(50000);
		ASSERT_EQ(0, status(self->fd, &self->st));
		k = values(self->fd, v, 64);
		while (k-- > 0)
			ones += v[k] == 1;
	}
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	EXPECT_LE(2, ones);
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_LT(0, self->st.ds_specunavail);
	EXPECT_LE(1, self->st.ds_specreclaimed);
}

/*
 * One holding a record, never committed: reclaimed after ten seconds
 * unused while tick-100 asks for one, its record discarded.
 */
TEST_F(dev, lost_active_id_is_discarded)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o), .do_nspec = 1 };
	int i, k, ones = 0, kept = 0;
	uint64_t v[256];

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	ASSERT_EQ(0, enable_speculation(self->fd));
	ASSERT_EQ(0, enable_speculate(self->fd, "BEGIN", 1, 42));
	ASSERT_EQ(0, enable_tick_speculation(self->fd));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	for (i = 0; i < 300 && ones < 2; i++) {
		usleep(50000);
		ASSERT_EQ(0, status(self->fd, &self->st));
		k = values(self->fd, v, 256);
		while (k-- > 0) {
			ones += v[k] == 1;
			kept += v[k] == 42;
		}
	}
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	k = values(self->fd, v, 256);
	while (k-- > 0)
		kept += v[k] == 42;
	EXPECT_LE(2, ones);
	EXPECT_EQ(0, kept);
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_LE(1, self->st.ds_specreclaimed);
	TH_LOG("reclaimed after %d ms", i * 50);
}

#define SPEC_CALLS	900	/* speculation() calls that fit one clause */

/* BEGIN { speculation(); ... SPEC_CALLS times; trace(the last); } */
static int enable_many_speculations(int fd)
{
	static struct dif_insn p[SPEC_CALLS + 1];
	struct clause c;
	int i;

	for (i = 0; i < SPEC_CALLS; i++)
		p[i] = INSN(CALL, 1, 0, 0, DIF_SUBR_SPECULATION);
	p[SPEC_CALLS] = INSN(RET, 0, 1, 0, 0);
	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, SPEC_CALLS + 1, NULL, 0, DIF_TYPE_INT,
			       8), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * speculation() is charged each speculation it looks at: 3,600 calls in
 * one firing, all but the first 256 failing over 256 busy speculations,
 * are more than a budget (they cost 3,600 calls before). The firing ends
 * in a budget fault after a few hundred failures.
 */
TEST_F(dev, failing_calls_are_charged)
{
	struct dtrace_ioc_options o = {
		.do_size = sizeof(o), .do_nspec = 256,
		.do_specsize = DTRACE_BUFSIZE_MIN,
	};
	double t0, base;
	int i, fd = open("/dev/dtrace", O_RDWR);

	/* the same GO with one cheap clause: what is not the firing */
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_OPTIONS, &o));
	ASSERT_EQ(0, enable_speculation(fd));
	t0 = now_ms();
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	base = now_ms() - t0;
	close(fd);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	for (i = 0; i < 4; i++)
		ASSERT_EQ(0, enable_many_speculations(self->fd));
	t0 = now_ms();
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	TH_LOG("GO with the firing %.2f ms, with one call %.2f ms",
	       now_ms() - t0, base);
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(1, self->st.ds_errors);
	/* (budget - 256 claims) / (256 slots * 2 + a call) */
	EXPECT_LE(1000, self->st.ds_specunavail);
	EXPECT_GE(2400, self->st.ds_specunavail);
}

TEST_HARNESS_MAIN
