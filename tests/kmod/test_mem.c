// SPDX-License-Identifier: GPL-2.0
/*
 * The module's memory: one limit that all consumers share (memlimit),
 * what a consumer holds counted in it (memused), clauses that match
 * nothing holding nothing, and capped providers' probes given back.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <dtrace/dtrace_ioctl.h>
#include <dtrace/dif.h>
#include "kselftest_harness.h"
#include "clause.h"

#define PARAM(name)	"/sys/module/dtrace/parameters/" name

static long long param_read(const char *path)
{
	char buf[32] = "";
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atoll(buf) : -1;
}

static int param_write(const char *path, long long v)
{
	char buf[32];
	int fd = open(path, O_WRONLY), n;

	if (fd < 0)
		return -1;
	n = snprintf(buf, sizeof(buf), "%lld", v);
	n = write(fd, buf, n) == n ? 0 : -1;
	close(fd);
	return n;
}

static int set_bufsize(int fd, uint64_t size)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o) };

	o.do_bufsize = size;
	return ioctl(fd, DTRACE_IOC_OPTIONS, &o);
}

/* The fixture puts memlimit back however a test ends. */
FIXTURE(mem) {
	int fd;
	long long limit;
};

FIXTURE_SETUP(mem)
{
	self->limit = param_read(PARAM("memlimit"));
	ASSERT_LE(0, self->limit) TH_LOG("no memlimit parameter");
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd) TH_LOG("open /dev/dtrace: %s", strerror(errno));
}

FIXTURE_TEARDOWN(mem)
{
	close(self->fd);
	param_write(PARAM("memlimit"), self->limit);
}

/*
 * Two consumers whose runs together pass the shared limit, each of which
 * alone fits: the second's GO gets ENOMEM, and goes through once the
 * first has closed. Each was checked alone against MemAvailable.
 */
TEST_F(mem, limit_shared_by_consumers)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	/* a run: a pair of 4 MiB buffers a CPU, and 1 MiB of variables */
	long long run = ncpu * (8ll << 20) + (1ll << 20);
	long long used;
	int a, b;

	a = open("/dev/dtrace", O_RDWR);
	b = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, a);
	ASSERT_LE(0, b);
	ASSERT_EQ(0, set_bufsize(a, 4 << 20));
	ASSERT_EQ(0, set_bufsize(b, 4 << 20));
	used = param_read(PARAM("memused"));
	ASSERT_LT(0, used);
	/* room for one run and a half, with a little for scratch */
	ASSERT_EQ(0, param_write(PARAM("memlimit"),
				 used + run * 3 / 2 + (ncpu << 20)));

	ASSERT_EQ(0, ioctl(a, DTRACE_IOC_GO));
	EXPECT_LE(used + run, param_read(PARAM("memused")));
	EXPECT_EQ(-1, ioctl(b, DTRACE_IOC_GO));
	EXPECT_EQ(ENOMEM, errno);
	close(a);
	/* what the first held is given back with it */
	EXPECT_EQ(0, ioctl(b, DTRACE_IOC_GO)) TH_LOG("GO: %s", strerror(errno));
	close(b);
	EXPECT_GE(used, param_read(PARAM("memused")));
}

/* A blob of @size bytes: @c, then padding no offset points into. */
static void *big_blob(const struct clause *c, size_t size)
{
	struct dtrace_ioc_enable *h = calloc(1, size);

	if (h) {
		memcpy(h, c->buf, c->len);
		h->de_size = size;
	}
	return h;
}

/*
 * 64 ENABLEs of 512 KiB blobs that match no probe keep none of their
 * blobs (32 MiB): only a header each, for its EPID. One that matches
 * keeps its blob, counted.
 */
TEST_F(mem, enable_matching_nothing_keeps_nothing)
{
	struct dtrace_ioc_enable *h;
	long long before, after;
	struct clause c;
	int i;

	clause_trace_const(&c, "nosuchprobe", 1);
	h = big_blob(&c, 512 << 10);
	ASSERT_NE(NULL, h);
	before = param_read(PARAM("memused"));
	ASSERT_LT(0, before);
	for (i = 0; i < 64; i++) {
		h->de_epid = 0;
		h->de_nprobes = 0;
		ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, h))
			TH_LOG("ENABLE %d: %s", i, strerror(errno));
		ASSERT_EQ(0, h->de_nprobes);
		ASSERT_EQ(i + 1, h->de_epid);
	}
	after = param_read(PARAM("memused"));
	EXPECT_GT(64 << 10, after - before)
		TH_LOG("64 clauses matching nothing hold %lld bytes",
		       after - before);

	free(h);
	clause_trace_const(&c, "BEGIN", 1);
	h = big_blob(&c, 512 << 10);
	ASSERT_NE(NULL, h);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, h));
	EXPECT_EQ(1, h->de_nprobes);
	EXPECT_LE(after + (512 << 10), param_read(PARAM("memused")));
	free(h);
	/* and a clause can no longer pass the limit */
	ASSERT_EQ(0, param_write(PARAM("memlimit"),
				 param_read(PARAM("memused")) + (256 << 10)));
	h = big_blob(&c, 512 << 10);
	ASSERT_NE(NULL, h);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, h));
	EXPECT_EQ(ENOMEM, errno);
	free(h);
}

FIXTURE(dev) {
	int fd;
};

DEV_SETUP_TEARDOWN(dev)

/*
 * 1,100 listings, each naming a new kprobe (the cap is 1,000), then one
 * more: each is created, as listings' unheld probes make room. It used
 * to be refused for good after the first 1,000, until rmmod.
 */
TEST_F(dev, kprobe_cap_reclaims_listed_probes)
{
	struct clause c;
	char name[16];
	int i;

	for (i = 1; i <= 1100; i++) {
		snprintf(name, sizeof(name), "%x", i);
		ASSERT_EQ(1, count_probes(self->fd, "kprobe", "vfs_read", name))
			TH_LOG("listing %d: kprobe::vfs_read:%s", i, name);
	}
	ASSERT_EQ(1, count_probes(self->fd, "kprobe", "vfs_read", "0"));
	/* and enabled: held, so never reclaimed under a clause */
	clause_trace_const(&c, "0", 1);
	strcpy(c.hdr->de_desc.dpd_provider, "kprobe");
	strcpy(c.hdr->de_desc.dpd_func, "vfs_read");
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf))
		TH_LOG("ENABLE: %s", strerror(errno));
	EXPECT_EQ(1, c.hdr->de_nprobes);
	for (i = 1; i <= 1000; i++) {
		snprintf(name, sizeof(name), "%x", 0x1000 + i);
		ASSERT_EQ(1, count_probes(self->fd, "kprobe", "vfs_read", name));
	}
	EXPECT_EQ(1, count_probes(self->fd, "kprobe", "vfs_read", "0"));
}

/* The same for profile's cap, whose always-there probes stay. */
TEST_F(dev, profile_cap_reclaims_listed_probes)
{
	char name[32];
	int i;

	for (i = 0; i < 1100; i++) {
		snprintf(name, sizeof(name), "tick-%ds", 100 + i);
		ASSERT_EQ(1, count_probes(self->fd, "profile", "", name))
			TH_LOG("listing %d: profile:::%s", i, name);
	}
	EXPECT_EQ(1, count_probes(self->fd, "profile", "", "tick-1s"));
	EXPECT_EQ(1, count_probes(self->fd, "profile", "", "profile-97"));
}

TEST_HARNESS_MAIN
