// SPDX-License-Identifier: GPL-2.0
/*
 * The pid provider through the raw ABI: offered sites are checked
 * field by field, a site belongs to the consumer that offered it (others
 * neither list nor enable it) and goes when that consumer closes, and a
 * probe on /bin/true's code enables and disables cleanly.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

#define TRUE_PATH	"/bin/true"

FIXTURE(dev) {
	int fd, file;
	struct dtrace_uprobe_site s;
	struct dtrace_ioc_uprobe_provide p;
};

FIXTURE_SETUP(dev)
{
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
	self->file = open(TRUE_PATH, O_RDONLY);
	ASSERT_LE(0, self->file);
	memset(&self->s, 0, sizeof(self->s));
	self->s.us_fd = self->file;
	self->s.us_offset = 0;	/* the ELF header: never fired, only armed */
	self->s.us_flags = DTRACE_UPROBE_ENTRY;
	strcpy(self->s.us_provider, "pidtest");
	strcpy(self->s.us_mod, "true");
	strcpy(self->s.us_func, "hdr");
	strcpy(self->s.us_name, "entry");
	memset(&self->p, 0, sizeof(self->p));
	self->p.dup_size = sizeof(self->p);
	self->p.dup_count = 1;
	self->p.dup_sites = (uintptr_t)&self->s;
}

FIXTURE_TEARDOWN(dev)
{
	close(self->file);
	close(self->fd);
}

/* Offer the fixture's site as changed by the caller: accepted count. */
static int offer(int fd, struct dtrace_ioc_uprobe_provide *p)
{
	p->dup_count = 1;
	if (ioctl(fd, DTRACE_IOC_UPROBE_PROVIDE, p))
		return -errno;
	return p->dup_count;
}

TEST_F(dev, sites_are_checked)
{
	struct dtrace_uprobe_site good = self->s;
	int dir = open("/", O_RDONLY | O_DIRECTORY);

	ASSERT_EQ(1, offer(self->fd, &self->p));
	/* the same site again is counted, not duplicated */
	ASSERT_EQ(1, offer(self->fd, &self->p));
	EXPECT_EQ(1, count_probes(self->fd, "pidtest", "hdr", "entry"));

	self->s.us_fd = -1;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s.us_fd = dir;		/* not a regular file */
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_offset = 1ull << 40;	/* past the end */
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_refctr = 1ull << 40;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_flags = 0x80;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_reserved = 1;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	memset(self->s.us_func, 'x', sizeof(self->s.us_func));	/* no NUL */
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_name[0] = '\0';
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_args[0].ua_kind = DTRACE_UARG_MEM;
	self->s.us_args[0].ua_reg = 200;	/* outside pt_regs */
	self->s.us_args[0].ua_size = 8;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s.us_args[0].ua_reg = 10;
	self->s.us_args[0].ua_size = 3;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s.us_args[0].ua_kind = 9;
	self->s.us_args[0].ua_size = 8;
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	strcpy(self->s.us_provider, "syscall");	/* the kernel's */
	EXPECT_EQ(0, offer(self->fd, &self->p));
	strcpy(self->s.us_provider, "a:b");
	EXPECT_EQ(0, offer(self->fd, &self->p));
	self->s = good;
	self->s.us_pid = 1u << 30;
	EXPECT_EQ(0, offer(self->fd, &self->p));

	/* the call itself */
	self->s = good;
	self->p.dup_reserved[0] = 1;
	EXPECT_EQ(-EINVAL, offer(self->fd, &self->p));
	self->p.dup_reserved[0] = 0;
	self->p.dup_count = DTRACE_UPROBE_SITES_MAX + 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_UPROBE_PROVIDE, &self->p));
	EXPECT_EQ(EINVAL, errno);
	self->p.dup_sites = 8;
	EXPECT_EQ(-EFAULT, offer(self->fd, &self->p));
	/* nothing refused was created */
	EXPECT_EQ(1, count_probes(self->fd, "pidtest", "*", "*"));
	close(dir);
}

TEST_F(dev, owned_by_the_consumer)
{
	int other = open("/dev/dtrace", O_RDWR);
	struct clause c;

	ASSERT_LE(0, other);
	ASSERT_EQ(1, offer(self->fd, &self->p));
	EXPECT_EQ(1, count_probes(self->fd, "pidtest", "hdr", "entry"));
	EXPECT_EQ(0, count_probes(other, "pidtest", "*", "*"));

	/* another consumer's enabling matches nothing */
	clause_init(&c, "pidtest", "entry", 0, 0);
	ASSERT_EQ(0, ioctl(other, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(0, c.hdr->de_nprobes);
	/* the owner's does: the uprobe is registered, then torn down */
	clause_init(&c, "pidtest", "entry", 0, 0);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(1, c.hdr->de_nprobes);

	/* closing the owner destroys its probes; a new consumer sees none */
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
	EXPECT_EQ(0, count_probes(self->fd, "pidtest", "*", "*"));
	close(other);
}

TEST_HARNESS_MAIN
