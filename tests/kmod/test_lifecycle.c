// SPDX-License-Identifier: GPL-2.0
/*
 * Consumers coming and going under load: SIGKILL in the middle of a heavy
 * trace, several consumers at once each seeing only its own data, drops
 * counted exactly, the fill policy. Runs in the guest with dtrace.ko
 * loaded, as root.
 */
#define _GNU_SOURCE	/* sched_setaffinity */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "kselftest_harness.h"
#include "clause.h"

static char out[8 << 20];

/* PROV::FUNC:NAME { trace(arg0); }, with pid == @pid if @pid. */
static int enable_trace_arg0(int fd, const char *prov, const char *func,
			     const char *name, pid_t pid)
{
	struct dif_insn p[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG0),
				INSN(RET, 0, 1, 0, 0) };
	struct clause c;

	clause_init(&c, prov, name, 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, func);
	if (pid)
		c.hdr->de_pred_off = pred_pid(&c, pid);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf);
}

static int set_buf(int fd, uint64_t size, uint32_t policy)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o),
					.do_bufsize = size,
					.do_bufpolicy = policy };

	return ioctl(fd, DTRACE_IOC_OPTIONS, &o);
}

/*
 * A consumer tracing every system call and the profile provider, killed
 * at a random moment while another process hammers system calls; twenty
 * times. Nothing may be left behind: the module works and unloads.
 */
TEST(sigkill_while_tracing)
{
	struct timespec ts;
	pid_t load, victim;
	int i, st;

	load = fork();
	ASSERT_LE(0, load);
	if (!load) {
		for (;;)
			syscall(SYS_getppid);
	}
	for (i = 0; i < 20; i++) {
		victim = fork();
		ASSERT_LE(0, victim);
		if (!victim) {
			int fd = open("/dev/dtrace", O_RDWR);

			if (fd < 0 || set_buf(fd, 64 << 10, 0) ||
			    enable_trace_arg0(fd, "syscall", "", "entry", 0) ||
			    enable_trace_arg0(fd, "syscall", "", "return", 0) ||
			    enable_trace_arg0(fd, "profile", "", "profile-997",
					      0) ||
			    ioctl(fd, DTRACE_IOC_GO))
				_exit(1);
			for (;;)
				snap_all(fd, out, sizeof(out), 64 << 10);
		}
		ts.tv_sec = 0;
		ts.tv_nsec = (50 + (i * 37) % 200) * 1000 * 1000;
		nanosleep(&ts, NULL);
		kill(victim, SIGKILL);
		ASSERT_EQ(victim, waitpid(victim, &st, 0));
		ASSERT_TRUE(WIFSIGNALED(st)) TH_LOG("consumer failed to start");
	}
	kill(load, SIGKILL);
	waitpid(load, &st, 0);
}

/* Four consumers on the same probe, each with its own predicate. */
TEST(concurrent_consumers)
{
	int fd[4], i, k, n[4] = { 0 }, go[2];
	pid_t kid[4];
	char c;

	ASSERT_EQ(0, pipe(go));
	for (i = 0; i < 4; i++) {
		kid[i] = fork();
		ASSERT_LE(0, kid[i]);
		if (!kid[i]) {
			close(go[1]);
			/* Wait until every consumer is tracing. */
			if (read(go[0], &c, 1) != 0)
				_exit(1);
			for (k = 0; k < 10 * (i + 1); k++)
				syscall(SYS_getppid);
			_exit(0);
		}
	}
	close(go[0]);
	for (i = 0; i < 4; i++) {
		fd[i] = open("/dev/dtrace", O_RDWR);
		ASSERT_LE(0, fd[i]);
		ASSERT_EQ(0, enable_trace_arg0(fd[i], "syscall", "getppid",
					       "entry", kid[i]));
		ASSERT_EQ(0, ioctl(fd[i], DTRACE_IOC_GO));
	}
	close(go[1]);
	for (i = 0; i < 4; i++)
		waitpid(kid[i], NULL, 0);
	for (i = 0; i < 4; i++) {
		ASSERT_EQ(0, ioctl(fd[i], DTRACE_IOC_STOP));
		n[i] = snap_all(fd[i], out, sizeof(out), 4u << 20) /
		       (sizeof(struct dtrace_rechdr) + 8);
		close(fd[i]);
	}
	for (i = 0; i < 4; i++)
		EXPECT_EQ(10 * (i + 1), n[i]);
}

/* A 4 KiB buffer and 1000 records: every one kept or counted. */
TEST(drops_are_counted)
{
	struct dtrace_ioc_status st;
	int fd = open("/dev/dtrace", O_RDWR), i;
	size_t kept;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, set_buf(fd, 4096, DTRACE_BUFPOLICY_SWITCH));
	ASSERT_EQ(0, enable_trace_arg0(fd, "syscall", "getppid", "entry",
				       getpid()));
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	for (i = 0; i < 1000; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(fd, &st));
	kept = snap_all(fd, out, sizeof(out), 4096) /
	       (sizeof(struct dtrace_rechdr) + 8);
	EXPECT_EQ(4096 / 24, kept);
	EXPECT_EQ(1000, kept + st.ds_drops);
	close(fd);
}

/* bufpolicy=fill: tracing stops at the first record that does not fit. */
TEST(fill_policy_stops)
{
	struct dtrace_ioc_status st;
	int fd = open("/dev/dtrace", O_RDWR), i;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, set_buf(fd, 4096, DTRACE_BUFPOLICY_FILL));
	ASSERT_EQ(0, enable_trace_arg0(fd, "syscall", "getppid", "entry",
				       getpid()));
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	for (i = 0; i < 1000; i++)
		syscall(SYS_getppid);
	ASSERT_EQ(0, status(fd, &st));
	EXPECT_EQ(DTRACE_STATUS_FILLED, st.ds_flags & DTRACE_STATUS_FILLED);
	EXPECT_EQ(1, st.ds_drops);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_STOP));
	close(fd);
}

/* bufpolicy=ring: the newest records, in order, nothing dropped. */
TEST(ring_policy_keeps_newest)
{
	struct dif_insn p[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG1),
				INSN(RET, 0, 1, 0, 0) };
	struct dtrace_ioc_status st;
	int fd = open("/dev/dtrace", O_RDWR), zero, i;
	struct clause c;
	size_t n, k;
	uint64_t *v;

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, set_buf(fd, 4096, DTRACE_BUFPOLICY_RING));
	clause_init(&c, "syscall", "entry", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "lseek");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, 2, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	zero = open("/dev/zero", O_RDONLY);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	for (i = 0; i < 1000; i++)
		lseek(zero, i, SEEK_SET);
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_STOP));
	close(zero);
	ASSERT_EQ(0, status(fd, &st));
	EXPECT_EQ(0, st.ds_drops);
	n = snap_all(fd, out, sizeof(out), 4096) / 24;
	EXPECT_LE(4096 / 24 / 2, n);
	EXPECT_GE(4096 / 24, n);
	for (k = 0; k < n; k++) {
		v = (uint64_t *)(out + k * 24 + 16);
		EXPECT_EQ(1000 - n + k, *v);
	}
	close(fd);
}

static void set_deadman(const char *secs)
{
	int f = open("/sys/module/dtrace/parameters/deadman_timeout", O_WRONLY);

	if (f >= 0) {
		if (write(f, secs, strlen(secs)) < 0)
			perror("deadman_timeout");
		close(f);
	}
}

/* A consumer that stops polling is stopped by the deadman. */
TEST(deadman_stops_silent_consumer)
{
	struct timespec ts = { .tv_sec = 4 };
	struct dtrace_ioc_status st;
	int fd = open("/dev/dtrace", O_RDWR);

	ASSERT_LE(0, fd);
	set_deadman("2");
	ASSERT_EQ(0, enable_trace_arg0(fd, "profile", "", "tick-100", 0));
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	nanosleep(&ts, NULL);
	set_deadman("30");
	ASSERT_EQ(0, status(fd, &st));
	EXPECT_EQ(DTRACE_STATUS_DEADMAN, st.ds_flags & DTRACE_STATUS_DEADMAN);
	close(fd);
}

static int rw_int(const char *path, int *old, int val)
{
	FILE *f = fopen(path, "r+");
	int ok;

	if (!f)
		return -1;
	ok = (!old || fscanf(f, "%d", old) == 1) && !fseek(f, 0, SEEK_SET) &&
	     fprintf(f, "%d\n", val) > 0;
	return (fclose(f) || !ok) ? -1 : 0;
}

static double mono(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * The deadman stops a consumer that cannot get a CPU: a real-time task
 * (throttling off) holds the only CPU the consumer may use for 6 s. The
 * deadman used to be a work item queued on that CPU, starved as well, so
 * the clauses ran until the hog ended; now it is a hard-irq timer and
 * they stop 2-3 s after GO. Records carry their time: the last one says
 * when they stopped.
 */
TEST(deadman_stops_starved_consumer)
{
	static const char rt_path[] = "/proc/sys/kernel/sched_rt_runtime_us";
	struct dtrace_ioc_status st;
	double t0, last = 0;
	int fd, rt = 950000;
	size_t n, k;
	cpu_set_t one;
	pid_t hog;

	CPU_ZERO(&one);
	CPU_SET(0, &one);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(one), &one));
	fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, enable_trace_arg0(fd, "profile", "", "tick-100", 0));
	ASSERT_EQ(0, rw_int(rt_path, &rt, -1));
	set_deadman("2");
	ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_GO));
	t0 = mono();
	hog = fork();
	if (!hog) {
		struct sched_param sp = { .sched_priority = 50 };

		if (sched_setscheduler(0, SCHED_FIFO, &sp))
			_exit(1);
		while (mono() < t0 + 6)
			;
		_exit(0);
	}
	if (hog > 0)
		waitpid(hog, NULL, 0);
	rw_int(rt_path, NULL, rt);
	set_deadman("30");
	CPU_SET(1, &one);
	sched_setaffinity(0, sizeof(one), &one);
	ASSERT_LT(0, hog);
	ASSERT_LE(t0 + 6, mono());
	ASSERT_EQ(0, status(fd, &st));
	EXPECT_EQ(DTRACE_STATUS_DEADMAN, st.ds_flags & DTRACE_STATUS_DEADMAN);
	n = snap_all(fd, out, sizeof(out), 4 << 20) / 24;
	for (k = 0; k < n; k++) {
		struct dtrace_rechdr *h = (void *)(out + k * 24);

		if (h->dr_timestamp / 1e9 > last)
			last = h->dr_timestamp / 1e9;
	}
	TH_LOG("%zu firings, the last %.2f s after GO", n, last - t0);
	EXPECT_LT(20, n);
	EXPECT_GT(t0 + 4, last);
	close(fd);
}

TEST_HARNESS_MAIN
