// SPDX-License-Identifier: GPL-2.0
/*
 * The actions added for the D language through the raw ABI: tracemem()
 * copies kernel memory into the record, and faults on a bad address;
 * raise(), stop() and chill() are refused (EPERM) unless the consumer
 * set DTRACE_OPT_DESTRUCTIVE, and chill() beyond its budget faults;
 * speculate(DTRACE_SPEC_NONE) records as if there were no speculate().
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

static char out[1 << 20];

static uint32_t prog_const(struct clause *c, int v)
{
	struct dif_insn p[] = { INSN(SETI, 1, 0, 0, v), INSN(RET, 0, 1, 0, 0) };

	return clause_prog(c, p, 2, NULL, 0, DIF_TYPE_INT, 8);
}

/* BEGIN { <kind>(value); } with no record */
static int enable_act(int fd, uint32_t kind, int value)
{
	struct clause c;

	clause_init(&c, "dtrace", "BEGIN", 1, 0);
	clause_act(&c, 0, kind, prog_const(&c, value), 0, 0);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

static int set_destructive(int fd)
{
	struct dtrace_ioc_options o = {
		.do_size = sizeof(o), .do_flags = DTRACE_OPT_DESTRUCTIVE,
	};

	return ioctl(fd, DTRACE_IOC_OPTIONS, &o);
}

FIXTURE(dev) {
	int fd;
	struct dtrace_ioc_status st;
};

DEV_SETUP_TEARDOWN(dev)

TEST_F(dev, destructive_needs_the_option)
{
	uint32_t k;

	for (k = DTRACE_ACT_RAISE; k <= DTRACE_ACT_CHILL; k++) {
		EXPECT_EQ(-1, enable_act(self->fd, k, 1));
		EXPECT_EQ(EPERM, errno);
	}
	ASSERT_EQ(0, set_destructive(self->fd));
	EXPECT_EQ(0, enable_act(self->fd, DTRACE_ACT_CHILL, 1000));
	/* a kind past the last is not an action */
	EXPECT_EQ(-1, enable_act(self->fd, DTRACE_ACT_AGGWEIGHT + 1, 1));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, chill_budget)
{
	ASSERT_EQ(0, set_destructive(self->fd));
	ASSERT_EQ(0, enable_act(self->fd, DTRACE_ACT_CHILL, 1000));
	ASSERT_EQ(0, enable_act(self->fd, DTRACE_ACT_CHILL, 600000000));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(1, self->st.ds_errors);
}

/* BEGIN { tracemem(addr, 12); } for addr a pointer to the string table */
TEST_F(dev, tracemem)
{
	struct dif_insn p[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	struct dif_insn bad[] = { INSN(SETI, 1, 0, 0, 8), INSN(RET, 0, 1, 0, 0) };
	static const char str[] = "hello, mem!";
	struct clause c;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 1, 16);
	clause_act(&c, 0, DTRACE_ACT_TRACEMEM,
		   clause_prog(&c, p, 2, str, sizeof(str), DIF_TYPE_INT, 8),
		   0, 12);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	/* no bytes, or more than the record holds: refused */
	clause_act(&c, 0, DTRACE_ACT_TRACEMEM, c.acts[0].da_difo_off, 0, 0);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
	clause_act(&c, 0, DTRACE_ACT_TRACEMEM, c.acts[0].da_difo_off, 0, 17);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
	/* an unmapped address faults */
	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_TRACEMEM,
		   clause_prog(&c, bad, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_LE(16 + 16, n);
	EXPECT_EQ(0, memcmp(out + 16, str, 12));
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(1, self->st.ds_errors);
}

/* BEGIN { speculate(DTRACE_SPEC_NONE); trace(7); }: recorded as usual */
TEST_F(dev, speculate_none)
{
	struct clause c;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_SPECULATE, prog_const(&c, -1), 0, 0);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_const(&c, 7), 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(24, n);
	EXPECT_EQ(7, *(uint64_t *)(out + 16));
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(0, self->st.ds_errors);
}

TEST_HARNESS_MAIN
