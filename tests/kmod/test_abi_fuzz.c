// SPDX-License-Identifier: GPL-2.0
/*
 * Hostile ioctls: random and mutated payloads for every ioctl, from
 * several threads at once, in any order, on shared and fresh consumers.
 * The module must refuse what is wrong, log nothing (the guest harness
 * fails the run on any kernel warning), keep working, and give memory
 * back. DTRACE_FUZZ_ITERS sets the payload count (default 100000).
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"

#define NTHREADS	4
#define NFDS		6

static int fds[NFDS];
static pthread_mutex_t fds_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long iters_per_thread;
static unsigned long accepted;		/* calls that returned 0 */

static const unsigned int cmds[] = {
	DTRACE_IOC_VERSION, DTRACE_IOC_PROBES, DTRACE_IOC_OPTIONS,
	DTRACE_IOC_ENABLE, DTRACE_IOC_GO, DTRACE_IOC_STOP,
	DTRACE_IOC_BUFSNAP, DTRACE_IOC_STATUS, DTRACE_IOC_FBT_PROVIDE,
	DTRACE_IOC_AGGDESC, DTRACE_IOC_AGGSNAP, DTRACE_IOC_TP_PROVIDE,
	DTRACE_IOC_DVARSNAP,
};

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A valid clause of one of a few shapes, to be mutated. */
static void template_clause(struct clause *c, uint64_t *s)
{
	struct dif_insn str[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	struct dif_insn bad[] = { INSN(LDX, 1, 0, 0, 8), INSN(RET, 0, 1, 0, 0) };
	static const char *names[] = { "BEGIN", "END", "ERROR", "tick-1000" };
	uint32_t off;

	switch (rnd(s) % 4) {
	case 0:
		clause_trace_const(c, names[rnd(s) % 3], rnd(s));
		break;
	case 1:
		clause_init(c, "dtrace", names[rnd(s) % 3], 1, 16);
		off = clause_prog(c, str, 2, "fuzz", 5, DIF_TYPE_STRING, 16);
		clause_act(c, 0, DTRACE_ACT_RECORD, off, 0, 16);
		break;
	case 2:
		clause_init(c, "profile", names[3], 1, 8);
		off = clause_prog(c, bad, 2, NULL, 0, DIF_TYPE_INT, 8);
		clause_act(c, 0, DTRACE_ACT_RECORD, off, 0, 8);
		break;
	default:
		clause_init(c, "dtrace", "BEGIN", 2, 8);
		clause_act(c, 0, DTRACE_ACT_AGGKEY, 0, 0, 8);
		clause_act(c, 1, DTRACE_ACT_STACK, 0, 0, 8);
		c->acts[1].da_arg = 1;
		break;
	}
}

/* Flip, zero or set a few bytes, sometimes in the header's fields. */
static void mutate(char *buf, size_t len, uint64_t *s)
{
	unsigned int n = rnd(s) % 4, i;

	for (i = 0; i < n; i++) {
		size_t at = rnd(s) % (rnd(s) % 2 ? 64 : len);

		switch (rnd(s) % 3) {
		case 0:
			buf[at] ^= 1 << (rnd(s) % 8);
			break;
		case 1:
			buf[at] = 0;
			break;
		default:
			buf[at] = rnd(s);
			break;
		}
	}
}

static int pick_fd(uint64_t *s)
{
	int fd;

	pthread_mutex_lock(&fds_lock);
	fd = fds[rnd(s) % NFDS];
	pthread_mutex_unlock(&fds_lock);
	return fd;
}

/* Replace a consumer: the old one is torn down, whatever it was doing. */
static void reopen(uint64_t *s)
{
	unsigned int i = rnd(s) % NFDS;
	int fd = open("/dev/dtrace", O_RDWR), old;

	pthread_mutex_lock(&fds_lock);
	old = fds[i];
	fds[i] = fd;
	pthread_mutex_unlock(&fds_lock);
	/* Another thread may be using it: closing is still safe. */
	close(old);
}

static void *fuzz_thread(void *arg)
{
	static char snapbuf[NTHREADS][64 << 10];
	uint64_t s = (uintptr_t)arg * 0x9e3779b97f4a7c15ull + 1;
	char *snap = snapbuf[(uintptr_t)arg];
	unsigned long it;

	for (it = 0; it < iters_per_thread; it++) {
		union {
			char raw[512];
			struct dtrace_ioc_bufsnap b;
			struct dtrace_ioc_probes p;
			struct dtrace_ioc_fbt_provide f;
			struct dtrace_ioc_tp_provide t;
			struct dtrace_ioc_dvarsnap v;
		} u;
		struct clause c;
		unsigned int cmd = cmds[rnd(&s) % ARRAY_SIZE(cmds)];
		int fd = pick_fd(&s);
		size_t i;

		if (rnd(&s) % 200 == 0) {
			reopen(&s);
			continue;
		}
		if (rnd(&s) % 16 == 0)		/* a number nobody defined */
			cmd = _IOC(rnd(&s) % 4, DTRACE_IOC_MAGIC, rnd(&s) % 32,
				   rnd(&s) % 256);
		if (cmd == DTRACE_IOC_ENABLE) {
			template_clause(&c, &s);
			mutate(c.buf, c.len, &s);
			/* raise() and stop() would signal the fuzzer itself */
			for (i = 0; i < c.hdr->de_nacts && i < 2; i++)
				if (c.acts[i].da_kind == DTRACE_ACT_RAISE ||
				    c.acts[i].da_kind == DTRACE_ACT_STOP)
					c.acts[i].da_kind = DTRACE_ACT_CHILL;
			c.hdr->de_log = rnd(&s) % 8 ? (uintptr_t)c.log : rnd(&s);
			if (!ioctl(fd, cmd, c.buf))
				__atomic_add_fetch(&accepted, 1, __ATOMIC_RELAXED);
			continue;
		}
		for (i = 0; i < sizeof(u.raw); i++)
			u.raw[i] = rnd(&s) % 4 ? 0 : rnd(&s);
		/* Mostly right sizes and sane pointers, to get past the door. */
		if (rnd(&s) % 4)
			*(uint32_t *)u.raw = _IOC_SIZE(cmd);
		if (cmd == DTRACE_IOC_BUFSNAP || cmd == DTRACE_IOC_AGGSNAP) {
			u.b.db_cpu = rnd(&s) % 4;
			if (rnd(&s) % 4) {
				u.b.db_buf = (uintptr_t)snap;
				u.b.db_bufsize = sizeof(snapbuf[0]);
			}
		} else if (cmd == DTRACE_IOC_DVARSNAP && rnd(&s) % 4) {
			/* a room of any size, a clear of any id */
			u.v.dv_buf = (uintptr_t)snap;
			u.v.dv_bufsize = rnd(&s) % 2 ? sizeof(snapbuf[0]) :
				rnd(&s) % sizeof(snapbuf[0]);
			u.v.dv_globals = rnd(&s) % 2 ? (uintptr_t)snap : 0;
			u.v.dv_clear = rnd(&s) % 4 ? 0 : rnd(&s) % 1100;
		} else if (cmd == DTRACE_IOC_PROBES && rnd(&s) % 4) {
			u.p.dp_buf = (uintptr_t)snap;
			u.p.dp_count = rnd(&s) % 64;
		} else if (cmd == DTRACE_IOC_FBT_PROVIDE && rnd(&s) % 4) {
			u.f.dfp_syms = (uintptr_t)snap;
			u.f.dfp_count = rnd(&s) % 8;
			for (i = 0; i < 8 * sizeof(struct dtrace_fbt_sym); i++)
				snap[i] = rnd(&s);
		} else if (cmd == DTRACE_IOC_TP_PROVIDE && rnd(&s) % 4) {
			/* names of a letter or two: some pass the checks */
			u.t.dtp_events = (uintptr_t)snap;
			u.t.dtp_count = rnd(&s) % 8;
			memset(snap, 0, 8 * sizeof(struct dtrace_tp_event));
			for (i = 0; i < 8 * sizeof(struct dtrace_tp_event); i++)
				if (rnd(&s) % 8 == 0)
					snap[i] = 'a' + rnd(&s) % 3;
		}
		if (!ioctl(fd, cmd, rnd(&s) % 32 ? (void *)u.raw :
					  (void *)rnd(&s)))
			__atomic_add_fetch(&accepted, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static long meminfo(const char *key)
{
	char line[256];
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, strlen(key)))
			sscanf(line + strlen(key), " %ld", &v);
	if (f)
		fclose(f);
	return v;
}

TEST(hostile_ioctls)
{
	const char *env = getenv("DTRACE_FUZZ_ITERS");
	unsigned long total = env ? strtoul(env, NULL, 0) : 100000;
	long slab0, vmalloc0, slab1, vmalloc1;
	pthread_t t[NTHREADS];
	struct dtrace_ioc_status st;
	static char out[1 << 20];
	struct clause c;
	uintptr_t i;
	int fd;

	slab0 = meminfo("Slab:");
	vmalloc0 = meminfo("VmallocUsed:");
	iters_per_thread = total / NTHREADS;
	for (i = 0; i < NFDS; i++)
		fds[i] = open("/dev/dtrace", O_RDWR);
	for (i = 0; i < NTHREADS; i++)
		ASSERT_EQ(0, pthread_create(&t[i], NULL, fuzz_thread,
					    (void *)i));
	for (i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	for (i = 0; i < NFDS; i++)
		close(fds[i]);

	/* Still works. */
	fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, fd);
	clause_trace_const(&c, "BEGIN", 77);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(fd, &st));
	ASSERT_EQ(sizeof(struct dtrace_rechdr) + 8,
		  snap_all(fd, out, sizeof(out), 4u << 20));
	EXPECT_EQ(77, *(uint64_t *)(out + sizeof(struct dtrace_rechdr)));
	close(fd);

	/* Memory back: within 4 MiB of where it started (page caches). */
	slab1 = meminfo("Slab:");
	vmalloc1 = meminfo("VmallocUsed:");
	TH_LOG("%lu payloads from %d threads, %lu accepted; slab %ld -> %ld kB, vmalloc %ld -> %ld kB",
	       iters_per_thread * NTHREADS, NTHREADS, accepted, slab0, slab1,
	       vmalloc0, vmalloc1);
	EXPECT_GT(slab0 + 4096, slab1);
	EXPECT_GT(vmalloc0 + 4096, vmalloc1);
}

TEST_HARNESS_MAIN
