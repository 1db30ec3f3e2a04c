// SPDX-License-Identifier: GPL-2.0
/*
 * The fbt provider through the raw ABI: functions are offered and
 * checked, entry and return fire with the right arguments, bad offers
 * are refused, and every traceable function can be enabled at once.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "kselftest_harness.h"
#include "clause.h"
#include "dt_fbtsyms.h"

static char out[8 << 20];

/* The command's offer of one description's globs. */
static int fbt_offer(int fd, const char *mod, const char *func,
		     unsigned int *n)
{
	struct dt_fbt_glob g = { mod, func };

	return dt_fbt_provide(fd, &g, 1, n);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* A module parameter, or -1. */
static long param_get(const char *name)
{
	char path[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/dtrace/parameters/%s", name);
	f = fopen(path, "r");
	if (f && fscanf(f, "%ld", &v) != 1)
		v = -1;
	if (f)
		fclose(f);
	return v;
}

static int param_set(const char *name, long v)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/dtrace/parameters/%s", name);
	f = fopen(path, "w");
	if (!f)
		return -1;
	fprintf(f, "%ld\n", v);
	return fclose(f);
}

FIXTURE(dev) {
	int fd;
};

DEV_SETUP_TEARDOWN(dev)

/* Does the module hold every traceable function (DTRACE_FBT_ALL)? */
static bool all_offered(int fd)
{
	struct dtrace_ioc_fbt_provide p = { .dfp_size = sizeof(p) };

	return !ioctl(fd, DTRACE_IOC_FBT_PROVIDE, &p) &&
	       (p.dfp_flags & DTRACE_FBT_ALL);
}

TEST_F(dev, offers_are_checked)
{
	struct dtrace_fbt_sym s = { .fs_addr = 0xffffffff81000000ull };
	struct dtrace_ioc_fbt_provide p = {
		.dfp_size = sizeof(p), .dfp_count = 1,
		.dfp_syms = (uintptr_t)&s,
	};
	unsigned int n;

	/* A made-up address and a lie about a name are skipped. */
	strcpy(s.fs_mod, "vmlinux");
	strcpy(s.fs_func, "vfs_read");
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_FBT_PROVIDE, &p));
	EXPECT_EQ(0, p.dfp_count);
	p.dfp_count = DTRACE_FBT_SYMS_MAX + 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_FBT_PROVIDE, &p));
	EXPECT_EQ(EINVAL, errno);

	/* once every function is offered, the command offers no more */
	ASSERT_EQ(0, fbt_offer(self->fd, "vmlinux", "vfs_read", &n));
	EXPECT_EQ(all_offered(self->fd) ? 0 : 1, n);
	/* Our own module is never offered. */
	ASSERT_EQ(0, fbt_offer(self->fd, "dtrace", "*", &n));
	EXPECT_EQ(0, n);
}

/*
 * DTRACE_FBT_ALL: unknown flags are refused; a whole offer counts only
 * with the generation the module gave, so a guess cannot claim it.
 */
TEST_F(dev, whole_offer_needs_the_generation)
{
	struct dtrace_ioc_fbt_provide p = { .dfp_size = sizeof(p) };
	unsigned int n;
	__u32 gen;

	p.dfp_flags = 2;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_FBT_PROVIDE, &p));
	EXPECT_EQ(EINVAL, errno);
	p.dfp_flags = 0;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_FBT_PROVIDE, &p));
	gen = p.dfp_gen;
	if (!(p.dfp_flags & DTRACE_FBT_ALL)) {
		p.dfp_flags = DTRACE_FBT_ALL;
		p.dfp_gen = gen + 1;
		ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_FBT_PROVIDE, &p));
		EXPECT_EQ(0, p.dfp_flags);
		EXPECT_EQ(gen, p.dfp_gen);
	}
	ASSERT_EQ(0, fbt_offer(self->fd, NULL, NULL, &n));
	EXPECT_TRUE(all_offered(self->fd));
}

/*
 * fbt::vfs_read:entry /pid == $pid/ { trace(arg2); }
 * fbt::vfs_read:return /pid == $pid/ { trace(arg1); }
 */
TEST_F(dev, vfs_read_entry_return)
{
	struct dtrace_ioc_status st;
	struct dtrace_rechdr *r;
	unsigned int n, i;
	char buf[123];
	struct clause c;
	size_t got, off;
	int zero;

	ASSERT_EQ(0, fbt_offer(self->fd, "vmlinux", "vfs_read", &n));
	clause_init(&c, "fbt", "entry", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "vfs_read");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG2),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(1, c.hdr->de_nprobes);
	clause_init(&c, "fbt", "return", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "vfs_read");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG1),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);

	zero = open("/dev/zero", O_RDONLY);
	ASSERT_LE(0, zero);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	for (i = 0; i < 5; i++)
		ASSERT_EQ(sizeof(buf), read(zero, buf, sizeof(buf)));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	close(zero);
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(0, st.ds_drops);
	got = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(10 * (sizeof(*r) + 8), got);
	for (off = 0; off < got; off += sizeof(*r) + 8) {
		r = (void *)(out + off);
		EXPECT_EQ(sizeof(buf), *(uint64_t *)(r + 1));
	}
}

/* The kernel function containing @pc, from /proc/kallsyms. */
static void symbol_of(uint64_t pc, char *name, size_t size)
{
	unsigned long long a, best = 0;
	char line[512], sym[256], t;
	FILE *f = fopen("/proc/kallsyms", "r");

	snprintf(name, size, "?");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %255s", &a, &t, sym) == 3 &&
		    (t == 't' || t == 'T') && a <= pc && a > best) {
			best = a;
			snprintf(name, size, "%s", sym);
		}
	if (f)
		fclose(f);
}

/* A program returning built-in @var, indexed by @idx for uregs[]. */
static uint32_t prog_builtin_idx(struct clause *c, int var, int idx)
{
	struct dif_insn p[] = { INSN(SETI, 2, 0, 0, idx),
				INSN(LDBA, 1, 2, 0, var), INSN(RET, 0, 1, 0, 0) };

	return clause_prog(c, p, 3, NULL, 0, DIF_TYPE_INT, 8);
}

/*
 * fbt::vfs_read:entry { stack(8); ustack(4); trace(caller);
 * trace(stackdepth); trace(ucaller); trace(ustackdepth);
 * trace(uregs[16]); } -- 16 is the user ip in struct pt_regs.
 */
TEST_F_TIMEOUT(dev, stacks, 120)
{
	struct dtrace_rechdr *r;
	unsigned int n, i, found = 0;
	uint64_t *pcs;
	char buf[8], name[256];
	struct clause c;
	int zero;

	ASSERT_EQ(0, fbt_offer(self->fd, "vmlinux", "vfs_read", &n));
	clause_init(&c, "fbt", "entry", 7, 18 * 8);
	strcpy(c.hdr->de_desc.dpd_func, "vfs_read");
	c.hdr->de_pred_off = pred_pid(&c, getpid());
	clause_act(&c, 0, DTRACE_ACT_STACK, 0, 0, 8 * 8);
	c.acts[0].da_arg = 8;
	clause_act(&c, 1, DTRACE_ACT_USTACK, 0, 8 * 8, 5 * 8);
	c.acts[1].da_arg = 4;
	clause_act(&c, 2, DTRACE_ACT_RECORD,
		   prog_builtin(&c, DIF_VAR_CALLER), 13 * 8, 8);
	clause_act(&c, 3, DTRACE_ACT_RECORD,
		   prog_builtin(&c, DIF_VAR_STACKDEPTH), 14 * 8, 8);
	clause_act(&c, 4, DTRACE_ACT_RECORD,
		   prog_builtin(&c, DIF_VAR_UCALLER), 15 * 8, 8);
	clause_act(&c, 5, DTRACE_ACT_RECORD,
		   prog_builtin(&c, DIF_VAR_USTACKDEPTH), 16 * 8, 8);
	clause_act(&c, 6, DTRACE_ACT_RECORD,
		   prog_builtin_idx(&c, DIF_VAR_UREGS, 16), 17 * 8, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	zero = open("/dev/zero", O_RDONLY);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(sizeof(buf), read(zero, buf, sizeof(buf)));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	close(zero);
	ASSERT_EQ(sizeof(*r) + 18 * 8,
		  snap_all(self->fd, out, sizeof(out), 4u << 20));
	r = (void *)out;
	pcs = (uint64_t *)(r + 1);
	for (i = 0; i < 8 && pcs[i]; i++) {
		symbol_of(pcs[i], name, sizeof(name));
		TH_LOG("frame %u: %llx %s", i, (unsigned long long)pcs[i], name);
		found += !strcmp(name, "ksys_read");
	}
	/* As DTrace shows fbt stacks: from the traced function's caller. */
	symbol_of(pcs[0], name, sizeof(name));
	EXPECT_STREQ("ksys_read", name);
	EXPECT_EQ(1, found);
	EXPECT_EQ((uint64_t)getpid(), pcs[8]);
	EXPECT_NE(0, pcs[9]);		/* the user PC of the read() call */
	EXPECT_GT(0x800000000000ull, pcs[9]);
	EXPECT_EQ(pcs[0], pcs[13]);	/* caller: stack()'s first frame */
	EXPECT_LE(3, pcs[14]);		/* stackdepth */
	EXPECT_GE(8 + 16, pcs[14]);
	EXPECT_EQ(pcs[9], pcs[15]);	/* ucaller */
	EXPECT_LE(1, pcs[16]);		/* ustackdepth */
	EXPECT_EQ(pcs[9], pcs[17]);	/* uregs[R_PC] */
}

/*
 * fbt:::entry on every traceable function, with a predicate that is
 * never true: enabling and disabling must finish, and the machine keep
 * running, as the real workload of `fbt:::entry { @[probefunc] = ... }`.
 * 300 s: 6.1's 38,235 probes take about 64 s with the host idle; 7.2's
 * 47,108 took over 120 s with the host loaded (load average 10).
 */
TEST_F_TIMEOUT(dev, every_function, 300)
{
	struct dtrace_ioc_status st;
	struct timespec t = { .tv_nsec = 500 * 1000 * 1000 };
	unsigned int n;
	struct clause c;
	double t0, t1, t2;

	t0 = now();
	ASSERT_EQ(0, fbt_offer(self->fd, NULL, NULL, &n));
	n = count_probes(self->fd, "fbt", "", "entry");
	TH_LOG("offered functions in %.2f s: %u entry probes", now() - t0, n);
	EXPECT_LT(30000, n);

	clause_init(&c, "fbt", "entry", 1, 8);
	c.hdr->de_pred_off = pred_pid(&c, 0);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG0),
		   0, 8);
	t0 = now();
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	t1 = now();
	EXPECT_EQ(n, c.hdr->de_nprobes);
	ASSERT_EQ(0, param_set("probe_share_peak", 0));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	nanosleep(&t, NULL);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(0, st.ds_errors);
	/* Heavy but ordinary: the CPU-share bound must not stop it. */
	EXPECT_EQ(0, st.ds_flags & DTRACE_STATUS_DEADMAN);
	TH_LOG("peak share of a CPU in probe context: %ld%%",
	       param_get("probe_share_peak"));
	t2 = now();
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	TH_LOG("enabled %u entry probes in %.2f s; disabled in %.2f s; "
	       "%llu firings skipped as nested", c.hdr->de_nprobes, t1 - t0,
	       now() - t2, (unsigned long long)st.ds_reentered);
}

/*
 * fbt::hrtimer_nanosleep:return { trace(arg1); } with one kretprobe
 * instance a function and four sleepers at once: the returns that found
 * no instance are lost by the kernel, and reported as drops, so that
 * records and drops account for every call (but the misses after the
 * last return that fired, which nothing reports).
 */
TEST_F_TIMEOUT(dev, kretprobe_misses_are_drops, 120)
{
	enum { NPROC = 4, NCALLS = 20 };
	struct dtrace_ioc_status st;
	long saved = param_get("kretmaxactive");
	unsigned int n, i, recs;
	struct clause c;
	pid_t kids[NPROC];
	size_t got;

	ASSERT_LE(0, saved);
	ASSERT_EQ(0, param_set("kretmaxactive", 1));
	ASSERT_EQ(0, fbt_offer(self->fd, "vmlinux", "hrtimer_nanosleep", &n));
	clause_init(&c, "fbt", "return", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "hrtimer_nanosleep");
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG1),
		   0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, param_set("kretmaxactive", saved));
	ASSERT_EQ(1, c.hdr->de_nprobes);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	for (i = 0; i < NPROC; i++) {
		kids[i] = fork();
		ASSERT_LE(0, kids[i]);
		if (!kids[i]) {
			struct timespec t = { .tv_nsec = 20 * 1000 * 1000 };
			int k;

			for (k = 0; k < NCALLS; k++)
				nanosleep(&t, NULL);
			_exit(0);
		}
	}
	for (i = 0; i < NPROC; i++)
		ASSERT_EQ(kids[i], waitpid(kids[i], NULL, 0));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	got = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(0, status(self->fd, &st));
	recs = got / (sizeof(struct dtrace_rechdr) + 8);
	TH_LOG("%u calls: %u records, %llu drops", NPROC * NCALLS, recs,
	       (unsigned long long)st.ds_drops);
	EXPECT_LT(0, st.ds_drops);
	EXPECT_LE(NPROC * NCALLS - NPROC, recs + st.ds_drops);
	/* a sleeper in another process may add a few */
	EXPECT_GE(NPROC * NCALLS + 10, recs + st.ds_drops);
}

/*
 * Return probes on many functions are torn down in batches: one RCU
 * grace period a batch, not one a function, so disabling costs about
 * what enabling does. One grace period each, 73 probes took 1.7 times
 * as long to tear down as to enable (2.42 s, 1.43 s); batched, 1.1.
 */
TEST_F_TIMEOUT(dev, return_teardown_is_batched, 300)
{
	unsigned int n;
	struct clause c;
	double t0, t1, t2;

	ASSERT_EQ(0, fbt_offer(self->fd, "vmlinux", "vfs_*", &n));
	clause_init(&c, "fbt", "return", 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, "vfs_*");
	c.hdr->de_pred_off = pred_pid(&c, 0);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG1),
		   0, 8);
	t0 = now();
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	t1 = now();
	ASSERT_LT(20, c.hdr->de_nprobes);
	close(self->fd);
	t2 = now();
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, self->fd);
	TH_LOG("%u return probes: enabled in %.2f s, torn down in %.2f s",
	       c.hdr->de_nprobes, t1 - t0, t2 - t1);
	EXPECT_GT(1.3 * (t1 - t0) + 0.3, t2 - t1);
}

TEST_HARNESS_MAIN
