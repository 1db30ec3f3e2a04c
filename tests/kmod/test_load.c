// SPDX-License-Identifier: GPL-2.0
/*
 * Load with churn: a process per CPU makes system calls as fast as it can
 * while, every second, a new consumer starts tracing them and the last
 * one is either killed with SIGKILL or stopped and accounted for. A
 * stopped consumer must account for every return it saw: records kept
 * plus drops equal its count of entries, give or take a call in flight
 * at each end. DTRACE_LOAD_SECONDS sets the length (default 20; 600 for
 * the long run). Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "kselftest_harness.h"
#include "clause.h"

#define NLOAD	2

struct shared {
	unsigned long	calls[NLOAD];
	unsigned long	stopped, killed, events;
	long		worst_gap;	/* |entries - (records + drops)| */
	int		failed;
};

static struct shared *sh;
static volatile sig_atomic_t stop_now;
static char buf[256 << 10];

static void on_term(int sig)
{
	(void)sig;
	stop_now = 1;
}

/*
 * syscall::getppid:entry { @[cpu] = count(); }
 * syscall::getppid:return { trace(arg1); }   (64 KiB buffers: drops)
 */
static int consumer_setup(int fd)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o),
					.do_bufsize = 64 << 10,
					.do_aggsize = 64 << 10 };
	struct dtrace_ioc_aggdesc d = { .da_size = sizeof(d),
					.da_func = DTRACE_AGG_COUNT,
					.da_keysize = 8 };
	struct clause c;

	if (ioctl(fd, DTRACE_IOC_OPTIONS, &o) ||
	    ioctl(fd, DTRACE_IOC_AGGDESC, &d))
		return -1;
	clause_init(&c, "syscall", "entry", 2, 0);
	strcpy(c.hdr->de_desc.dpd_func, "getppid");
	clause_act(&c, 0, DTRACE_ACT_AGGKEY, prog_builtin(&c, DIF_VAR_CPU), 0, 8);
	clause_act(&c, 1, DTRACE_ACT_AGGREGATE, prog_builtin(&c, DIF_VAR_ARG0),
		   0, 0);
	c.acts[1].da_arg = d.da_id;
	if (ioctl(fd, DTRACE_IOC_ENABLE, c.buf))
		return -1;
	clause_init(&c, "syscall", "return", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "getppid");
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG1), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

/* Drain records and aggregations of every CPU; add up what came. */
static void drain(int fd, unsigned long *records, unsigned long *entries)
{
	struct dtrace_ioc_status st;
	unsigned int cpu;

	if (status(fd, &st))
		return;
	for (cpu = 0; cpu < st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap b = {
			.db_size = sizeof(b), .db_cpu = cpu,
			.db_buf = (uintptr_t)buf, .db_bufsize = sizeof(buf),
		};
		size_t off;

		if (!ioctl(fd, DTRACE_IOC_BUFSNAP, &b))
			*records += b.db_bufsize / 24;
		b.db_bufsize = sizeof(buf);
		if (ioctl(fd, DTRACE_IOC_AGGSNAP, &b))
			continue;
		for (off = 0; off < b.db_bufsize;) {
			struct dtrace_aggrec *r = (void *)(buf + off);

			*entries += ((uint64_t *)(r + 1))[1];
			off += r->dar_size;
		}
	}
}

static void consumer(void)
{
	unsigned long records = 0, entries = 0;
	struct dtrace_ioc_status st;
	int fd = open("/dev/dtrace", O_RDWR);
	long gap;

	signal(SIGTERM, on_term);
	if (fd < 0 || consumer_setup(fd) || ioctl(fd, DTRACE_IOC_GO))
		_exit(1);
	while (!stop_now) {
		struct timespec t = { .tv_nsec = 20 * 1000 * 1000 };

		drain(fd, &records, &entries);
		nanosleep(&t, NULL);
	}
	if (ioctl(fd, DTRACE_IOC_STOP) || status(fd, &st))
		_exit(1);
	drain(fd, &records, &entries);
	gap = (long)entries - (long)(records + st.ds_drops);
	if (gap < 0)
		gap = -gap;
	__atomic_add_fetch(&sh->events, entries * 2, __ATOMIC_RELAXED);
	if (gap > sh->worst_gap)
		sh->worst_gap = gap;
	_exit(0);
}

static void load(int i)
{
	for (;;) {
		syscall(SYS_getppid);
		sh->calls[i]++;
	}
}

FIXTURE(load) {
	int unused;
};

FIXTURE_SETUP(load)
{
}

FIXTURE_TEARDOWN(load)
{
}

/* The harness's 30 s default would end the ten-minute run. */
TEST_F_TIMEOUT(load, churn_under_load, 900)
{
	const char *env = getenv("DTRACE_LOAD_SECONDS");
	int seconds = env ? atoi(env) : 20, s, i, st;
	struct timespec t0, t1;
	pid_t loaders[NLOAD], cur = 0;
	unsigned long calls = 0;
	double el;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, sh);
	for (i = 0; i < NLOAD; i++) {
		loaders[i] = fork();
		ASSERT_LE(0, loaders[i]);
		if (!loaders[i])
			load(i);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (s = 0; s < seconds; s++) {
		pid_t next = fork();

		ASSERT_LE(0, next);
		if (!next)
			consumer();
		sleep(1);
		if (cur) {
			/* Every other one is killed, the rest stopped. */
			kill(cur, s % 2 ? SIGKILL : SIGTERM);
			ASSERT_EQ(cur, waitpid(cur, &st, 0));
			if (WIFSIGNALED(st)) {
				sh->killed++;
			} else {
				EXPECT_EQ(0, WEXITSTATUS(st));
				sh->stopped++;
			}
		}
		cur = next;
	}
	kill(cur, SIGTERM);
	waitpid(cur, &st, 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	for (i = 0; i < NLOAD; i++) {
		kill(loaders[i], SIGKILL);
		waitpid(loaders[i], NULL, 0);
		calls += sh->calls[i];
	}
	el = t1.tv_sec - t0.tv_sec + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	TH_LOG("%d s: %lu getppid calls (%.0f/s), %lu probe firings seen by "
	       "stopped consumers, %lu consumers stopped, %lu killed; worst "
	       "accounting gap %ld", seconds, calls, calls / el, sh->events,
	       sh->stopped, sh->killed, sh->worst_gap);
	/*
	 * Two probes a call: entry and return. A guest on a loaded host
	 * (tests/vm/reliability.sh) lowers the floor with
	 * DTRACE_LOAD_MIN_RATE: it checks correctness, not speed.
	 */
	env = getenv("DTRACE_LOAD_MIN_RATE");
	EXPECT_LT(env ? atoi(env) : 100000, 2 * calls / el);
	EXPECT_LE(sh->worst_gap, 2 * NLOAD);
	EXPECT_LT(0, sh->stopped);
	EXPECT_LT(0, sh->killed);
}

TEST_HARNESS_MAIN
