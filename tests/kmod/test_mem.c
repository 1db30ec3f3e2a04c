// SPDX-License-Identifier: GPL-2.0
/*
 * The module's memory: one limit that all consumers share (memlimit),
 * what a consumer holds counted in it (memused), clauses that match
 * nothing holding nothing, and capped providers' probes given back.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <time.h>
#include <sys/syscall.h>
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
 * to be refused for good after the first 1,000, until rmmod. Each listing
 * walks every probe: after fbt has offered every function (test_fbt, in
 * the suite), 2,100 of them outlast the harness's default 30 s under TCG.
 */
TEST_F_TIMEOUT(dev, kprobe_cap_reclaims_listed_probes, 300)
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
TEST_F_TIMEOUT(dev, profile_cap_reclaims_listed_probes, 300)
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

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000ull + t.tv_nsec;
}

/*
 * syscall::getppid:entry /pid == $pid/ { g[timestamp] = 1; trace(1); }:
 * one entry of global array g (id 3) a call.
 */
static void clause_fill(struct clause *c)
{
	struct dif_insn p[] = {
		INSN(SETI, 1, 0, 0, 1), INSN(LDB, 2, 0, 0, DIF_VAR_TIMESTAMP),
		INSN(PUSHTV, 0, 2, 0, 0), INSN(STGA, 0, 1, 0, 3),
		INSN(RET, 0, 1, 0, 0),
	};
	struct dif_var var = {
		.dv_id = 3, .dv_scope = DIF_SCOPE_GLOBAL,
		.dv_kind = DIF_KIND_ARRAY,
		.dv_type = { .dt_kind = DIF_TYPE_INT, .dt_size = 8 },
	};
	struct dif_object_hdr *h;
	uint32_t off;

	clause_init(c, "syscall", "entry", 1, 8);
	strcpy(c->hdr->de_desc.dpd_func, "getppid");
	c->hdr->de_pred_off = pred_pid(c, getpid());
	off = clause_prog(c, p, sizeof(p) / sizeof(p[0]), NULL, 0,
			  DIF_TYPE_INT, 8);
	h = (void *)(c->buf + off);
	h->doh_var_off = h->doh_size;
	h->doh_nvars = 1;
	memcpy(c->buf + c->len, &var, sizeof(var));
	h->doh_size += sizeof(var);
	c->len += sizeof(var);
	c->hdr->de_size = c->len;
	clause_act(c, 0, DTRACE_ACT_RECORD, off, 0, 8);
}

/* The longest time between profile-1000 firings on CPU 0 in [t0, t1]. */
static char gapbuf[4 << 20];

/* CPU 0's records of @fd (profile-1000's timestamps); 0 on failure. */
static uint64_t snap_cpu0(int fd)
{
	struct dtrace_ioc_bufsnap b = {
		.db_size = sizeof(b), .db_cpu = 0,
		.db_buf = (uintptr_t)gapbuf, .db_bufsize = sizeof(gapbuf),
	};

	return ioctl(fd, DTRACE_IOC_BUFSNAP, &b) ? 0 : b.db_bufsize;
}

/* The longest time between two firings in [t0, t1] of those records. */
static uint64_t longest_gap(uint64_t n, uint64_t t0, uint64_t t1)
{
	uint64_t last = t0, gap = 0, ts;
	size_t off;

	for (off = 0; off + sizeof(struct dtrace_rechdr) + 8 <= n;
	     off += sizeof(struct dtrace_rechdr) + 8) {
		memcpy(&ts, gapbuf + off + 8, sizeof(ts));
		if (ts < t0 || ts > t1)
			continue;
		if (ts - last > gap)
			gap = ts - last;
		last = ts;
	}
	return t1 - last > gap ? t1 - last : gap;
}

/*
 * DVARSNAP of a store of 32 MiB, full (about 55,000 entries), from CPU
 * 0, while another consumer's profile-1000 fires there: it copies a
 * slice of the store's chains per lock hold, so no firing waits long
 * (14 ms of a 419 ms call under TCG). One walk with interrupts off for
 * the whole store held them back for the whole call. A gap fails only
 * if it is both over 100 ms and over half the call: a busy host may
 * stop the guest for a while. Then the same for clear() of the whole
 * array (DVARSNAP's dv_clear), which was one walk with interrupts off
 * after the copy had become slices.
 */
TEST_F_TIMEOUT(dev, dvarsnap_keeps_interrupts_on, 240)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o) };
	struct dtrace_ioc_dvarsnap d = { .dv_size = sizeof(d) };
	struct dtrace_ioc_status st;
	uint64_t t0, t1, t2, t3, gap, n;
	unsigned int cnt;
	struct clause c;
	cpu_set_t cpus;
	int prof, i;
	void *buf;

	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(cpus), &cpus));
	o.do_dynvarsize = 32 << 20;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	clause_fill(&c);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	for (i = 0; i < 200000; i++) {
		syscall(SYS_getppid);
		if (i % 1000 == 999) {
			ASSERT_EQ(0, status(self->fd, &st));
			if (st.ds_dyndrops)
				break;
		}
	}
	ASSERT_NE(0, st.ds_dyndrops) TH_LOG("store not full");

	prof = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, prof);
	clause_init(&c, "profile", "profile-1000", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_CPU),
		   0, 8);
	ASSERT_EQ(0, ioctl(prof, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(prof, DTRACE_IOC_GO));

	buf = malloc(64 << 20);
	ASSERT_NE(NULL, buf);
	memset(buf, 0, 64 << 20);	/* no page faults in the copy-out */
	d.dv_buf = (uintptr_t)buf;
	d.dv_bufsize = 64 << 20;
	usleep(20000);
	t0 = now_ns();
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	t1 = now_ns();
	EXPECT_LT(40000, d.dv_count);
	EXPECT_EQ(0, d.dv_more);
	cnt = d.dv_count;
	/* clear() of array 3, then what is left of it: nothing */
	usleep(20000);
	d.dv_clear = 3 + 1;
	t2 = now_ns();
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	t3 = now_ns();
	EXPECT_EQ(0, d.dv_count);
	usleep(20000);
	ASSERT_EQ(0, ioctl(prof, DTRACE_IOC_STOP));
	n = snap_cpu0(prof);
	ASSERT_NE(0, n);
	gap = longest_gap(n, t0, t1);
	TH_LOG("DVARSNAP of %u entries: %llu ms; longest gap on CPU 0 %llu ms",
	       cnt,
	       (unsigned long long)(t1 - t0) / 1000000,
	       (unsigned long long)gap / 1000000);
	/* one walk held them for all of it (576 ms of 576 under TCG) */
	EXPECT_FALSE(gap > 100000000ull && gap > (t1 - t0) / 2);
	gap = longest_gap(n, t2, t3);
	TH_LOG("clear(): %llu ms; longest gap on CPU 0 %llu ms",
	       (unsigned long long)(t3 - t2) / 1000000,
	       (unsigned long long)gap / 1000000);
	EXPECT_FALSE(gap > 100000000ull && gap > (t3 - t2) / 2);
	free(buf);
	close(prof);
}

TEST_HARNESS_MAIN
