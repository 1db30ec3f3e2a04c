// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint provider through the raw ABI: offered events are
 * checked entry by entry and the call as a whole, they belong to the
 * consumer that offered them, and an enabled event hands the clause its
 * record: arg0 its address (common_type, the event id, first), arg1 its
 * length. Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

/* An event's id from tracefs, or 0. */
static unsigned int tp_id(const char *sys, const char *ev)
{
	char path[256];
	unsigned int id = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s/%s/id",
		 sys, ev);
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	if (fscanf(fp, "%u", &id) != 1)
		id = 0;
	fclose(fp);
	return id;
}

FIXTURE(dev) {
	int fd;
	struct dtrace_tp_event e;
	struct dtrace_ioc_tp_provide p;
};

FIXTURE_SETUP(dev)
{
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
	memset(&self->e, 0, sizeof(self->e));
	self->e.te_id = tp_id("sched", "sched_switch");
	ASSERT_NE(0, self->e.te_id) TH_LOG("no tracefs in the guest");
	strcpy(self->e.te_system, "sched");
	strcpy(self->e.te_event, "sched_switch");
	memset(&self->p, 0, sizeof(self->p));
	self->p.dtp_size = sizeof(self->p);
	self->p.dtp_events = (uintptr_t)&self->e;
}

FIXTURE_TEARDOWN(dev)
{
	close(self->fd);
}

static int offer(int fd, struct dtrace_ioc_tp_provide *p)
{
	p->dtp_count = 1;
	if (ioctl(fd, DTRACE_IOC_TP_PROVIDE, p))
		return -errno;
	return p->dtp_count;
}

TEST_F(dev, events_are_checked)
{
	struct dtrace_tp_event good = self->e;

	ASSERT_EQ(1, offer(self->fd, &self->p));
	ASSERT_EQ(1, offer(self->fd, &self->p));	/* counted, once */
	EXPECT_EQ(1, count_probes(self->fd, "tracepoint", "", "sched_switch"));

	self->e.te_id = 0;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->e.te_id = 65536;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->e = good;
	self->e.te_reserved = 1;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->e = good;
	memset(self->e.te_event, 'x', sizeof(self->e.te_event));	/* no NUL */
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->e = good;
	self->e.te_system[0] = '\0';
	EXPECT_EQ(0, offer(self->fd, &self->p));
	strcpy(self->e.te_system, "a:b");
	EXPECT_EQ(0, offer(self->fd, &self->p));
	strcpy(self->e.te_system, "../x");
	EXPECT_EQ(0, offer(self->fd, &self->p));

	/* a stable alias: a provider of the command's, never the kernel's */
	self->e = good;
	strcpy(self->e.te_provider, "syscall");
	EXPECT_EQ(0, offer(self->fd, &self->p));
	strcpy(self->e.te_provider, "pro c");
	EXPECT_EQ(0, offer(self->fd, &self->p));
	strcpy(self->e.te_provider, "sched");
	self->e.te_system[0] = '\0';
	strcpy(self->e.te_event, "off-cpu");
	EXPECT_EQ(1, offer(self->fd, &self->p));
	EXPECT_EQ(1, count_probes(self->fd, "sched", "", "off-cpu"));

	/* the call itself */
	self->e = good;
	self->p.dtp_reserved[3] = 1;
	EXPECT_EQ(-EINVAL, offer(self->fd, &self->p));
	self->p.dtp_reserved[3] = 0;
	self->p.dtp_size = sizeof(self->p) - 4;
	EXPECT_EQ(-EINVAL, offer(self->fd, &self->p));
	self->p.dtp_size = sizeof(self->p);
	self->p.dtp_count = DTRACE_TP_EVENTS_MAX + 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_TP_PROVIDE, &self->p));
	EXPECT_EQ(EINVAL, errno);
	self->p.dtp_events = 8;
	EXPECT_EQ(-EFAULT, offer(self->fd, &self->p));
	self->p.dtp_count = 0;	/* nothing offered: nothing read */
	EXPECT_EQ(0, ioctl(self->fd, DTRACE_IOC_TP_PROVIDE, &self->p));
	EXPECT_EQ(0, self->p.dtp_count);
	/* nothing refused was created */
	EXPECT_EQ(1, count_probes(self->fd, "tracepoint", "*", "*"));
	EXPECT_EQ(0, count_probes(self->fd, "syscall", "", "sched_switch"));
}

TEST_F(dev, owned_by_the_consumer)
{
	int other = open("/dev/dtrace", O_RDWR);

	ASSERT_LE(0, other);
	ASSERT_EQ(1, offer(self->fd, &self->p));
	EXPECT_EQ(0, count_probes(other, "tracepoint", "*", "*"));
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, count_probes(self->fd, "tracepoint", "*", "*"));
	close(other);
}

/* An id no event has: the probe exists, enables unarmed, never fires. */
TEST_F(dev, unknown_id_stays_unarmed)
{
	struct clause c;

	self->e.te_id = 65535;
	strcpy(self->e.te_event, "nosuch");
	ASSERT_EQ(1, offer(self->fd, &self->p));
	clause_init(&c, "tracepoint", "nosuch", 0, 0);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(1, c.hdr->de_nprobes);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
}

/* sched_switch fires with its record: common_type is its id. */
TEST_F(dev, record_in_arg0)
{
	struct dif_insn ty[] = {
		INSN(LDB, 1, 0, 0, DIF_VAR_ARG0), INSN(LDUH, 1, 1, 0, 0),
		INSN(RET, 0, 1, 0, 0),
	};
	static char out[1 << 20];
	struct dtrace_rechdr *r;
	struct clause c;
	size_t n;

	ASSERT_EQ(1, offer(self->fd, &self->p));
	clause_init(&c, "tracepoint", "sched_switch", 2, 16);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, ty, 3, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG1),
		   8, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(1, c.hdr->de_nprobes);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	usleep(50000);		/* switches out, at least */
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_LE(sizeof(*r) + 16, n);
	r = (void *)out;
	EXPECT_EQ(self->e.te_id, *(uint64_t *)(r + 1));
	/* the fixed fields of sched_switch: 64 bytes at least */
	EXPECT_LE(64, ((uint64_t *)(r + 1))[1]);
	EXPECT_GE(8192, ((uint64_t *)(r + 1))[1]);
}

TEST_HARNESS_MAIN
