// SPDX-License-Identifier: GPL-2.0
/*
 * GUARD actions (D's if): an action naming a guard (da_guard) runs only
 * if that earlier GUARD of its clause held; the module refuses any other
 * reference. Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

static char out[1 << 20];
static char snap[8 << 20];

static uint32_t prog_const(struct clause *c, int v)
{
	struct dif_insn p[] = { INSN(SETI, 1, 0, 0, v), INSN(RET, 0, 1, 0, 0) };

	return clause_prog(c, p, 2, NULL, 0, DIF_TYPE_INT, 8);
}

/* BEGIN { GUARD(1); RECORD(7) under @guard } with @mutate applied. */
static int enable_guarded(int fd, void (*mutate)(struct clause *c))
{
	struct clause c;

	clause_init(&c, "dtrace", "BEGIN", 2, 8);
	clause_act(&c, 0, DTRACE_ACT_GUARD, prog_const(&c, 1), 0, 0);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_const(&c, 7), 0, 8);
	c.acts[1].da_guard = 1;
	if (mutate)
		mutate(&c);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

static void guard_self(struct clause *c)
{
	c->acts[1].da_guard = 2;	/* itself, not an earlier action */
}

static void guard_later(struct clause *c)
{
	c->acts[0].da_guard = 2;	/* a later action */
}

static void guard_past_end(struct clause *c)
{
	c->acts[1].da_guard = 0xffffffff;
}

static void guard_not_a_guard(struct clause *c)
{
	c->acts[0].da_kind = DTRACE_ACT_RECORD;	/* guard names a RECORD */
	c->acts[0].da_rec_size = 8;
	c->acts[1].da_rec_off = 0;
}

static void guard_odd_size(struct clause *c)
{
	c->acts[0].da_rec_size = 4;	/* a guard stores 0 or 8 bytes */
}

static void guard_off_without_size(struct clause *c)
{
	c->acts[0].da_rec_off = 8;
}

static void guard_with_arg(struct clause *c)
{
	c->acts[0].da_arg = 1;
}

static void guard_reserved(struct clause *c)
{
	c->acts[1].da_reserved = 1;
}

FIXTURE(dev) {
	int fd;
	struct dtrace_ioc_status st;
};

DEV_SETUP_TEARDOWN(dev)

TEST_F(dev, bad_guards_refused)
{
	void (*bad[])(struct clause *c) = {
		guard_self, guard_later, guard_past_end, guard_not_a_guard,
		guard_odd_size, guard_off_without_size, guard_with_arg,
		guard_reserved,
	};
	unsigned int i;

	EXPECT_EQ(0, enable_guarded(self->fd, NULL));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT_EQ(-1, enable_guarded(self->fd, bad[i]))
			TH_LOG("mutation %u accepted", i);
		EXPECT_EQ(EINVAL, errno);
	}
}

/* A GUARD giving a string is refused. */
TEST_F(dev, string_guard_refused)
{
	struct dif_insn p[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	struct clause c;

	clause_init(&c, "dtrace", "BEGIN", 1, 0);
	clause_act(&c, 0, DTRACE_ACT_GUARD,
		   clause_prog(&c, p, 2, "x", 2, DIF_TYPE_STRING, 8), 0, 0);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
}

/*
 * BEGIN {
 *   [0] GUARD 0 -> slot 0     [1] RECORD 7 -> slot 8, if [0]
 *   [2] EXIT 3, if [0]        [3] GUARD 1, if [0] (skipped: counts 0)
 *   [4] RECORD 8 -> slot 16, if [3]
 *   [5] GUARD 1 -> slot 24    [6] RECORD 9 -> slot 32, if [5]
 * }
 */
TEST_F(dev, skipped_when_zero)
{
	struct clause c;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 7, 40);
	clause_act(&c, 0, DTRACE_ACT_GUARD, prog_const(&c, 0), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_const(&c, 7), 8, 8);
	c.acts[1].da_guard = 1;
	clause_act(&c, 2, DTRACE_ACT_EXIT, prog_const(&c, 3), 0, 0);
	c.acts[2].da_rec_size = 4;
	c.acts[2].da_rec_off = 36;
	c.acts[2].da_guard = 1;
	clause_act(&c, 3, DTRACE_ACT_GUARD, prog_const(&c, 1), 0, 0);
	c.acts[3].da_guard = 1;
	clause_act(&c, 4, DTRACE_ACT_RECORD, prog_const(&c, 8), 16, 8);
	c.acts[4].da_guard = 4;
	clause_act(&c, 5, DTRACE_ACT_GUARD, prog_const(&c, 1), 24, 8);
	clause_act(&c, 6, DTRACE_ACT_RECORD, prog_const(&c, 9), 32, 4);
	c.acts[6].da_guard = 6;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(16 + 40, n);
	EXPECT_EQ(0, *(uint64_t *)(out + 16));		/* the guard: 0 */
	EXPECT_EQ(0, *(uint64_t *)(out + 16 + 8));	/* skipped */
	EXPECT_EQ(0, *(uint64_t *)(out + 16 + 16));	/* skipped */
	EXPECT_EQ(1, *(uint64_t *)(out + 16 + 24));	/* the guard: 1 */
	EXPECT_EQ(9, *(uint32_t *)(out + 16 + 32));
	EXPECT_EQ(0, *(uint32_t *)(out + 16 + 36));	/* exit skipped */
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(0, self->st.ds_flags & DTRACE_STATUS_EXITED);
	EXPECT_EQ(0, self->st.ds_errors);
}

/*
 * No fixed limit on a clause's actions (DTrace has none): 1,000 GUARDs,
 * each under the one before, then a RECORD under the last. The bits of
 * guards past the 256th held (the module kept 256 on the stack before).
 */
TEST_F(dev, guards_past_256)
{
	const unsigned int n = 1000;
	struct clause *c = malloc(sizeof(*c));
	uint32_t one;
	unsigned int i;
	size_t len;

	ASSERT_NE(NULL, c);
	clause_init(c, "dtrace", "BEGIN", n + 1, 8);
	one = prog_const(c, 1);
	for (i = 0; i < n; i++) {
		clause_act(c, i, DTRACE_ACT_GUARD, one, 0, 0);
		c->acts[i].da_guard = i;	/* the one before; 0: none */
	}
	clause_act(c, n, DTRACE_ACT_RECORD, prog_const(c, 7), 0, 8);
	c->acts[n].da_guard = n;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c->buf))
		TH_LOG("%s", c->log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	len = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(16 + 8, len);
	EXPECT_EQ(7, *(uint64_t *)(out + 16));
	ASSERT_EQ(0, status(self->fd, &self->st));
	EXPECT_EQ(0, self->st.ds_errors);
	free(c);
}

/* BEGIN { if (0) @a[1] = count(); if (1) @a[2] = count(); }: one key */
TEST_F(dev, aggregation_skipped)
{
	struct dtrace_ioc_aggdesc d = {
		.da_size = sizeof(d), .da_func = DTRACE_AGG_COUNT,
		.da_keysize = 8,
	};
	uint64_t key = 0, count = 0;
	unsigned int cpu, i, n = 0;
	struct clause c;

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_AGGDESC, &d));
	clause_init(&c, "dtrace", "BEGIN", 6, 0);
	for (i = 0; i < 2; i++) {
		clause_act(&c, 3 * i, DTRACE_ACT_GUARD, prog_const(&c, i),
			   0, 0);
		clause_act(&c, 3 * i + 1, DTRACE_ACT_AGGKEY,
			   prog_const(&c, i + 1), 0, 8);
		c.acts[3 * i + 1].da_guard = 3 * i + 1;
		clause_act(&c, 3 * i + 2, DTRACE_ACT_AGGREGATE,
			   prog_const(&c, 1), 0, 0);
		c.acts[3 * i + 2].da_guard = 3 * i + 1;
		c.acts[3 * i + 2].da_arg = d.da_id;
	}
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &self->st));
	for (cpu = 0; cpu < self->st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap b = {
			.db_size = sizeof(b), .db_cpu = cpu,
			.db_buf = (uintptr_t)snap, .db_bufsize = sizeof(snap),
		};
		size_t off;

		if (ioctl(self->fd, DTRACE_IOC_AGGSNAP, &b))
			continue;
		for (off = 0; off < b.db_bufsize; n++) {
			struct dtrace_aggrec *r = (void *)(snap + off);
			uint64_t *kv = (uint64_t *)(r + 1);

			key = kv[0];
			count = kv[1];
			off += r->dar_size;
		}
	}
	EXPECT_EQ(1, n);
	EXPECT_EQ(2, key);
	EXPECT_EQ(1, count);
	EXPECT_EQ(0, self->st.ds_errors);
}

TEST_HARNESS_MAIN
