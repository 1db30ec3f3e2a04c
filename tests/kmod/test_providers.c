// SPDX-License-Identifier: GPL-2.0
/*
 * The syscall and profile providers through the raw ABI: they list, they
 * fire with the right arguments, and at the right rate.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "kselftest_harness.h"
#include "clause.h"

static char out[8 << 20];

FIXTURE(dev) {
	int fd;
};

DEV_SETUP_TEARDOWN(dev)

TEST_F(dev, syscall_probes_listed)
{
	unsigned int n = count_probes(self->fd, "syscall", "", "entry");

	EXPECT_LT(300, n);
	EXPECT_EQ(n, count_probes(self->fd, "syscall", "", "return"));
	EXPECT_EQ(1, count_probes(self->fd, "syscall", "read", "entry"));
	EXPECT_EQ(1, count_probes(self->fd, "syscall", "openat", "return"));
	EXPECT_EQ(0, count_probes(self->fd, "syscall", "ni_syscall", ""));
}

/*
 * syscall::getppid:entry /pid == $pid/ { trace(arg0); }
 * syscall::getppid:return /pid == $pid/ { trace(arg1); trace(errno); }
 * fire exactly once per call, with the return value.
 */
TEST_F(dev, syscall_entry_return_args)
{
	struct dtrace_ioc_status st;
	struct dtrace_rechdr *r;
	struct clause c;
	uint32_t a, b;
	size_t n, i, nentry = 0, nret = 0;

	clause_init(&c, "syscall", "entry", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "getppid");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG0),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(1, c.hdr->de_nprobes);

	clause_init(&c, "syscall", "return", 2, 16);
	strcpy(c.hdr->de_desc.dpd_func, "getppid");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	a = prog_builtin(&c, DIF_VAR_ARG1);
	b = prog_builtin(&c, DIF_VAR_ERRNO);
	clause_act(&c, 0, DTRACE_ACT_RECORD, a, 0, 8);
	clause_act(&c, 1, DTRACE_ACT_RECORD, b, 8, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	for (i = 0; i < 10; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(0, st.ds_drops);
	EXPECT_EQ(0, st.ds_errors);

	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	for (i = 0; i < n;) {
		uint64_t *v;

		r = (void *)(out + i);
		v = (uint64_t *)(r + 1);
		if (r->dr_epid == 1) {
			nentry++;
			i += sizeof(*r) + 8;
		} else {
			ASSERT_EQ(2, r->dr_epid);
			EXPECT_EQ((uint64_t)getppid(), v[0]);
			EXPECT_EQ(0, v[1]);
			nret++;
			i += sizeof(*r) + 16;
		}
	}
	EXPECT_EQ(10, nentry);
	EXPECT_EQ(10, nret);
}

/* A failing call sets errno in the return probe. */
TEST_F(dev, syscall_errno)
{
	struct dtrace_rechdr *r;
	struct clause c;
	size_t n;

	clause_init(&c, "syscall", "return", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "close");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ERRNO),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	close(12345);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(sizeof(*r) + 8, n);
	r = (void *)out;
	EXPECT_EQ(EBADF, *(uint64_t *)(r + 1));
}

/* tick-100 fires about 100 times a second, on one CPU. */
TEST_F(dev, tick_rate)
{
	struct timespec t = { .tv_sec = 1 };
	struct clause c;
	size_t n;

	clause_init(&c, "profile", "tick-100", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_CPU),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(1, c.hdr->de_nprobes);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	nanosleep(&t, NULL);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20) /
	    (sizeof(struct dtrace_rechdr) + 8);
	EXPECT_LE(60, n);
	EXPECT_GE(115, n);
}

/* profile-N is created on demand and fires on every CPU. */
TEST_F(dev, profile_on_demand_every_cpu)
{
	struct timespec t = { .tv_sec = 1 };
	unsigned int seen[64] = { 0 }, ncpu = 0, i;
	struct dtrace_ioc_status st;
	struct dtrace_rechdr *r;
	struct clause c;
	size_t n, off;

	/* Naming one creates it, listing included; too fast is refused. */
	EXPECT_EQ(0, count_probes(self->fd, "profile", "", "profile-99999"));
	EXPECT_EQ(0, count_probes(self->fd, "profile", "", "profile-1ns"));
	clause_init(&c, "profile", "profile-123", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_CPU),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(1, c.hdr->de_nprobes);
	EXPECT_EQ(1, count_probes(self->fd, "profile", "", "profile-123"));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	nanosleep(&t, NULL);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	for (off = 0; off < n; off += sizeof(*r) + 8) {
		r = (void *)(out + off);
		i = *(uint64_t *)(r + 1);
		if (i < 64 && !seen[i]++)
			ncpu++;
	}
	EXPECT_EQ((unsigned int)sysconf(_SC_NPROCESSORS_ONLN), ncpu);
	for (i = 0; i < 64; i++)
		if (seen[i])
			EXPECT_LE(70, seen[i]) TH_LOG("cpu %u: %u", i, seen[i]);
}

TEST_HARNESS_MAIN
