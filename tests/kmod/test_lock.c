// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace_lock is never held long (issue 28). Offers of 65,536 tracepoint
 * events or pid sites in one call, and a consumer's close with as many
 * probes, take it a chunk at a time: another consumer's ioctl and a
 * module load (fbt's module notifier takes it) wait briefly meanwhile,
 * and the offer itself is linear. So do an ENABLE of every kernel
 * function and its close. A killed offer or ENABLE stops between chunks
 * and takes back what it did. Runs in the guest with dtrace.ko loaded.
 *
 * Each test prints the longest wait it saw ("# worst ..."): that is how
 * Documentation/safety.md's figures were measured.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"
#include "dt_fbtsyms.h"

#define NOFFER		65536	/* DTRACE_TP_EVENTS_MAX, DTRACE_UPROBE_SITES_MAX */
#define WAIT_MAX	2.0	/* s: the longest another caller may wait */
#define OFFER_MAX	60.0	/* s: one offer (hours when quadratic) */
#define MODLOAD_MAX	30.0	/* s: modprobe and rmmod of a small module */
/*
 * While every function is armed or disarmed, each stretch of dtrace_lock
 * ends in an ftrace update of up to 1,024 sites: 0.3-1.1 s under TCG,
 * seconds more when the host starves the guest, so the bounds are a
 * part of the ENABLE's own time (at least WAIT_MAX): a hold is a
 * stretch, not the whole. In one hold, the watcher waited as long as
 * the ENABLE (12.6 s and 12.3 s) and a load twice as long (24.9 s).
 */
#define FBT_WAIT_PART	3	/* a wait under a third of the ENABLE */
/*
 * s: an ENABLE of every function and its close. 6.1-rt's took 60.8 s in
 * a guest starved by the host (make check's guests beside three builds);
 * a quadratic walk would take hours.
 */
#define FBT_ENABLE_MAX	120.0
#define FBT_MODLOAD_PART 2	/* a module load under half */

static double dmax(double a, double b)
{
	return a > b ? a : b;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* NOFFER distinct events; the id is never looked up: none is enabled. */
static struct dtrace_tp_event *tp_events(const char *prov, const char *sys)
{
	struct dtrace_tp_event *e = calloc(NOFFER, sizeof(*e));
	unsigned int i;

	for (i = 0; e && i < NOFFER; i++) {
		e[i].te_id = 65535;
		snprintf(e[i].te_provider, sizeof(e[i].te_provider), "%s", prov);
		snprintf(e[i].te_system, sizeof(e[i].te_system), "%s", sys);
		snprintf(e[i].te_event, sizeof(e[i].te_event), "e%05u", i);
	}
	return e;
}

/*
 * NOFFER sites at one place of /bin/true under as many names (USDT's
 * shape, and the worst for an index by file and offset).
 */
static struct dtrace_uprobe_site *pid_sites(int file)
{
	struct dtrace_uprobe_site *s = calloc(NOFFER, sizeof(*s));
	unsigned int i;

	for (i = 0; s && i < NOFFER; i++) {
		s[i].us_fd = file;
		s[i].us_flags = DTRACE_UPROBE_ENTRY;
		strcpy(s[i].us_provider, "lkpid");
		strcpy(s[i].us_mod, "true");
		snprintf(s[i].us_func, sizeof(s[i].us_func), "f%05u", i);
		strcpy(s[i].us_name, "entry");
	}
	return s;
}

/* One offer of all NOFFER entries: how many were accepted, or -errno. */
static long offer_all(int fd, int pid, const void *v)
{
	struct dtrace_ioc_uprobe_provide u = {
		.dup_size = sizeof(u), .dup_count = NOFFER,
		.dup_sites = (uintptr_t)v,
	};
	struct dtrace_ioc_tp_provide t = {
		.dtp_size = sizeof(t), .dtp_count = NOFFER,
		.dtp_events = (uintptr_t)v,
	};

	if (pid)
		return ioctl(fd, DTRACE_IOC_UPROBE_PROVIDE, &u) ? -errno :
		       (long)u.dup_count;
	return ioctl(fd, DTRACE_IOC_TP_PROVIDE, &t) ? -errno :
	       (long)t.dtp_count;
}

/*
 * fbt:::entry with a predicate never true, on a new consumer: how many
 * probes it armed, or -errno. Every kernel function, once offered.
 */
/*
 * Before 6.1 ftrace has no call that adds many sites in one update, so
 * fbt arms every function in one update ("*"): one hold of about 3 s
 * under TCG, most of the ENABLE, which these tests cannot tell from a
 * hold of the whole ENABLE.
 */
static int fbt_arms_at_once(void)
{
	struct utsname u;
	int major = 0, minor = 0;

	if (uname(&u) || sscanf(u.release, "%d.%d", &major, &minor) != 2)
		return 0;
	return major < 6 || (major == 6 && minor < 1);
}

/* The last ENABLE's clause, for its EPID. */
static __thread struct clause fbt_clause;

static long enable_fbt(int fd, const char *name)
{
	struct clause *c = &fbt_clause;

	clause_init(c, "fbt", name, 1, 8);
	c->hdr->de_pred_off = pred_pid(c, 0);
	clause_act(c, 0, DTRACE_ACT_RECORD, prog_builtin(c, DIF_VAR_ARG0),
		   0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c->buf) ? -errno :
	       (long)c->hdr->de_nprobes;
}

/* Every traceable function offered: how many entry probes there are. */
static unsigned int offer_fbt(void)
{
	struct dt_fbt_glob g = { NULL, NULL };
	int fd = open("/dev/dtrace", O_RDWR);
	unsigned int n = 0;

	if (fd < 0)
		return 0;
	if (!dt_fbt_provide(fd, &g, 1, &n))
		n = count_probes(fd, "fbt", "", "entry");
	else
		n = 0;
	close(fd);
	return n;
}

struct busy {
	int pid;		/* offer pid sites, else tracepoints */
	long fbt;		/* else ENABLE fbt:::entry, this many probes */
	const void *entries;
	atomic_int stop;
	int rounds;
	long bad;		/* an offer's result other than NOFFER */
	double worst_offer, worst_close;
	double worst_wait;	/* the watcher's */
	int part;		/* the bounds: a part of the longest offer */
};

/* Offer NOFFER probes from a new consumer and close it, over and over. */
static void *busy_offers(void *arg)
{
	struct busy *b = arg;

	while (!atomic_load(&b->stop)) {
		int fd = open("/dev/dtrace", O_RDWR);
		double t0 = now(), t1, t2;
		long r;

		if (fd < 0) {
			b->bad = -errno;
			break;
		}
		r = b->fbt ? enable_fbt(fd, "entry") :
			     offer_all(fd, b->pid, b->entries);
		t1 = now();
		close(fd);
		if (t1 - t0 > b->worst_offer)
			b->worst_offer = t1 - t0;
		t2 = now();
		if (t2 - t1 > b->worst_close)
			b->worst_close = t2 - t1;
		if (r != (b->fbt ? b->fbt : NOFFER)) {
			b->bad = r;
			break;
		}
		b->rounds++;
	}
	return NULL;
}

/*
 * Another consumer's ioctl that takes dtrace_lock twice and does next to
 * nothing under it (a listing past the last id): its time is the wait.
 */
static void *watch_lock(void *arg)
{
	struct busy *b = arg;
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_first_id = INT_MAX,
	};
	int fd = open("/dev/dtrace", O_RDWR);

	strcpy(p.dp_pattern.dpd_provider, "nosuch");
	while (fd >= 0 && !atomic_load(&b->stop)) {
		double t0 = now(), t;

		if (ioctl(fd, DTRACE_IOC_PROBES, &p))
			break;
		t = now() - t0;
		if (t > b->worst_wait)
			b->worst_wait = t;
		usleep(1000);
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

/* modprobe and rmmod of a small module: fbt's notifier takes the lock. */
static double modload(void)
{
	double t0 = now();

	if (system("modprobe dummy && rmmod dummy"))
		return -1;
	return now() - t0;
}

/*
 * Offers and closes run on while another consumer's ioctl and three
 * module loads take the lock; then the numbers.
 */
static void lock_stays_short(struct __test_metadata *_metadata,
			     struct busy *b)
{
	pthread_t busy, watch;
	double worst_mod = 0, idle_mod, t0;
	int i;

	if (system("rmmod dummy 2>/dev/null")) {
		/* not loaded: as it should be */
	}
	idle_mod = modload();
	ASSERT_EQ(0, pthread_create(&busy, NULL, busy_offers, b));
	ASSERT_EQ(0, pthread_create(&watch, NULL, watch_lock, b));
	usleep(200000);
	for (i = 0; i < 3; i++) {
		double t = modload();

		EXPECT_LE(0, t) TH_LOG("modprobe dummy failed");
		if (t > worst_mod)
			worst_mod = t;
	}
	/* two whole offers and closes, however slow the guest */
	t0 = now();
	while (b->rounds < 2 && !b->bad && now() - t0 < 4 * FBT_ENABLE_MAX)
		usleep(10000);
	atomic_store(&b->stop, 1);
	pthread_join(busy, NULL);
	pthread_join(watch, NULL);
	TH_LOG("worst: %s %.3f s, close %.3f s, another ioctl's wait %.3f s, module load %.3f s (%.3f s idle), %d rounds",
	       b->fbt ? "ENABLE" : "offer", b->worst_offer, b->worst_close, b->worst_wait, worst_mod,
	       idle_mod, b->rounds);
	EXPECT_EQ(0, b->bad);
	EXPECT_LE(2, b->rounds);
	EXPECT_GT(b->fbt ? FBT_ENABLE_MAX : OFFER_MAX, b->worst_offer);
	EXPECT_GT(b->fbt ? FBT_ENABLE_MAX : OFFER_MAX, b->worst_close);
	if (!b->part) {
		EXPECT_GT(WAIT_MAX, b->worst_wait);
		EXPECT_GT(MODLOAD_MAX, worst_mod);
	} else {
		EXPECT_GT(dmax(WAIT_MAX, b->worst_offer / FBT_WAIT_PART),
			  b->worst_wait);
		EXPECT_GT(dmax(WAIT_MAX, b->worst_offer / FBT_MODLOAD_PART),
			  worst_mod);
	}
}

FIXTURE(lock) {
	int unused;
};

FIXTURE_SETUP(lock)
{
}

FIXTURE_TEARDOWN(lock)
{
}

TEST_F_TIMEOUT(lock, tp_offer_holds_lock_briefly, 600)
{
	struct busy b = { .entries = tp_events("", "lk") };

	ASSERT_NE(NULL, b.entries);
	lock_stays_short(_metadata, &b);
	free((void *)b.entries);
}

/*
 * ENABLE of every function's entry, then close, over and over: with the
 * module before, each held the lock for the whole of it. The waits are
 * bounded as a part of the ENABLE's time (FBT_WAIT_PART).
 */
TEST_F_TIMEOUT(lock, fbt_enable_holds_lock_briefly, 900)
{
	struct busy b = { .fbt = offer_fbt(), .part = 1 };

	if (fbt_arms_at_once())
		SKIP(return, "before 6.1, arming every function is one ftrace update");

	ASSERT_LT(30000, b.fbt);
	lock_stays_short(_metadata, &b);
}

TEST_F_TIMEOUT(lock, pid_offer_holds_lock_briefly, 600)
{
	int file = open("/bin/true", O_RDONLY);
	struct busy b = { .pid = 1 };

	ASSERT_LE(0, file);
	b.entries = pid_sites(file);
	ASSERT_NE(NULL, b.entries);
	lock_stays_short(_metadata, &b);
	free((void *)b.entries);
	close(file);
}

/* Does the consumer have a probe of provider "lkkill", from id @from? */
static int has_probe(int fd, unsigned int from)
{
	struct dtrace_probedesc d;
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 1, .dp_buf = (uintptr_t)&d,
		.dp_first_id = from,
	};

	strcpy(p.dp_pattern.dpd_provider, "lkkill");
	if (ioctl(fd, DTRACE_IOC_PROBES, &p))
		return -errno;
	return p.dp_count;
}

/*
 * The lowest free probe id, taken by a marker probe: the offer's probes
 * come after it (new probes get the lowest free id), so a search for
 * them need not walk every function fbt offered before.
 */
static unsigned int mark(int fd)
{
	struct dtrace_tp_event e = { .te_id = 65535 };
	struct dtrace_ioc_tp_provide t = {
		.dtp_size = sizeof(t), .dtp_count = 1,
		.dtp_events = (uintptr_t)&e,
	};
	struct dtrace_probedesc d;
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 1, .dp_buf = (uintptr_t)&d,
	};

	strcpy(e.te_provider, "lkmark");
	strcpy(e.te_event, "m");
	strcpy(p.dp_pattern.dpd_provider, "lkmark");
	if (ioctl(fd, DTRACE_IOC_TP_PROVIDE, &t) || t.dtp_count != 1 ||
	    ioctl(fd, DTRACE_IOC_PROBES, &p) || p.dp_count != 1)
		return 0;
	return d.dpd_id;
}

/*
 * A child offers on the parent's consumer (the same open file, so its
 * death closes nothing) and is killed once the first probes show: the
 * offer stops at the next chunk and destroys every probe it created.
 * 0: so it went; 1: the offer was over before the kill, try again.
 */
static int kill_offer(struct __test_metadata *_metadata, int fd,
		      const struct dtrace_tp_event *e)
{
	unsigned int from = mark(fd);
	int go[2], status, seen = 0;
	double t0, t_kill, gone;
	pid_t child;
	char c;

	ASSERT_NE(0, from);
	ASSERT_EQ(0, pipe(go));
	child = fork();
	ASSERT_LE(0, child);
	if (!child) {
		/* the parent, watching, runs first where they share a CPU */
		if (setpriority(PRIO_PROCESS, 0, 19) || write(go[1], "g", 1) != 1)
			_exit(2);
		_exit(offer_all(fd, 0, e) == NOFFER ? 0 : 1);
	}
	close(go[1]);
	ASSERT_EQ(1, read(go[0], &c, 1));
	close(go[0]);
	t0 = now();
	while (!seen && now() - t0 < OFFER_MAX)
		seen = has_probe(fd, from);
	kill(child, SIGKILL);
	t_kill = now();
	ASSERT_EQ(child, waitpid(child, &status, 0));
	gone = now() - t_kill;
	TH_LOG("killed %.3f s into the offer, gone %.3f s later%s",
	       t_kill - t0, gone,
	       WIFSIGNALED(status) ? "" : ": the offer was over first");
	ASSERT_EQ(1, seen);
	if (!WIFSIGNALED(status))
		return 1;
	EXPECT_GT(WAIT_MAX, gone);
	return 0;
}

TEST_F_TIMEOUT(lock, killed_offer_is_undone, 600)
{
	struct dtrace_tp_event *e = tp_events("lkkill", "lk");
	int fd = -1, i, late = 1;

	ASSERT_NE(NULL, e);
	/* a starved guest may run the whole offer before the kill: again */
	for (i = 0; i < 10 && late; i++) {
		if (fd >= 0)
			close(fd);
		fd = open("/dev/dtrace", O_RDWR);
		ASSERT_LE(0, fd);
		late = kill_offer(_metadata, fd, e);
	}
	ASSERT_EQ(0, late) TH_LOG("every offer was over before its kill");
	EXPECT_EQ(0, has_probe(fd, 1));
	EXPECT_EQ(0, count_probes(fd, "lkkill", "", "*"));
	/* the consumer goes on: a new offer is whole */
	EXPECT_EQ(NOFFER, offer_all(fd, 0, e));
	EXPECT_EQ(NOFFER, count_probes(fd, "lkkill", "", "*"));
	close(fd);
	free(e);
}

/*
 * Functions whose entry ftrace calls a tracer at (tracefs), or -1; not
 * the one fbt's idle ops stays on.
 */
static long traced_functions(void)
{
	FILE *f = fopen("/sys/kernel/tracing/enabled_functions", "r");
	char line[512];
	long n = 0;

	if (!f && system("mount -t tracefs nodev /sys/kernel/tracing") == 0)
		f = fopen("/sys/kernel/tracing/enabled_functions", "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += !strstr(line, "dtrace_fbt_idle");
	fclose(f);
	return n;
}

/*
 * A child ENABLEs every function on the parent's consumer (the same open
 * file, so its death closes nothing) and is killed @delay s in: the
 * ENABLE stops at the next stretch and disarms what it armed, leaving no
 * clause (the consumer's next one gets EPID 1). 0: so it went; 1: the
 * ENABLE was over before the kill.
 */
static int kill_enable(struct __test_metadata *_metadata, int fd,
		       double delay, long before)
{
	int status;
	double t_kill, gone;
	pid_t child;

	child = fork();
	ASSERT_LE(0, child);
	if (!child)
		_exit(enable_fbt(fd, "entry") > 0 ? 0 : 1);
	usleep(delay * 1e6);
	kill(child, SIGKILL);
	t_kill = now();
	ASSERT_EQ(child, waitpid(child, &status, 0));
	gone = now() - t_kill;
	ASSERT_TRUE(WIFSIGNALED(status));
	ASSERT_EQ(0, enable_fbt(fd, "nosuch"));
	TH_LOG("killed %.2f s into the ENABLE, gone %.3f s later%s", delay,
	       gone, fbt_clause.hdr->de_epid == 1 ? "" :
	       ": the ENABLE was over first");
	if (fbt_clause.hdr->de_epid != 1)
		return 1;
	/* disarming what it armed takes about as long as arming it */
	EXPECT_GT(WAIT_MAX + 2 * delay, gone);
	EXPECT_EQ(before, traced_functions());
	return 0;
}

TEST_F_TIMEOUT(lock, killed_enable_is_undone, 600)
{
	long before = traced_functions();
	int fd = -1, i, late = 1;
	double delay = 2.0;

	if (fbt_arms_at_once())
		SKIP(return, "before 6.1, arming every function is one ftrace update");
	ASSERT_LT(30000, offer_fbt());
	ASSERT_LE(0, before) TH_LOG("no tracefs");
	for (i = 0; i < 6 && late; i++, delay /= 2) {
		if (fd >= 0)
			close(fd);
		fd = open("/dev/dtrace", O_RDWR);
		ASSERT_LE(0, fd);
		late = kill_enable(_metadata, fd, delay, before);
	}
	ASSERT_EQ(0, late) TH_LOG("every ENABLE was over before its kill");
	close(fd);
	EXPECT_EQ(before, traced_functions());
}

TEST_HARNESS_MAIN
