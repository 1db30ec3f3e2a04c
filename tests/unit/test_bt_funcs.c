// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's process, machine, symbol and string built-ins on the host
 * (bt_more.c): what they lower to, that their DIF passes the verifier,
 * and their errors in bpftrace's words.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "bt_parse.h"
#include "dt_btf.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "btf_file.h"
#include "kselftest_harness.h"
#include "bt_test.h"

/* uaddr( )'s symbol: this file's own, found in its ELF file. */
unsigned int bt_funcs_var = 7;

static int compile_as(const char *src, struct dt_pcb *pcb,
		      struct dt_cprog *cp, struct dt_options *o, int target,
		      bool child, bool unsafe)
{
	static char *const argv[] = { "dtrace", NULL };

	dt_options_init(o);
	o->o_destructive = unsafe;
	bt_test_pcb(src, pcb, o, 1, argv);
	pcb->pcb_target = target;
	pcb->pcb_child = child;
	return dt_compile(pcb, cp);
}

/* src compiles, and the verifier takes its DIF. */
static void compiles(const char *src, struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile_as(src, &pcb, &cp, &o, 0, false, true);

	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

/* src fails with msg at line:col. */
static void fails(const char *src, int line, int col, const char *msg,
		  struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	EXPECT_EQ(-1, compile_as(src, &pcb, &cp, &o, 0, false, false));
	EXPECT_STREQ(msg, pcb.pcb_errmsg);
	EXPECT_EQ(line, pcb.pcb_errline);
	EXPECT_EQ(col, pcb.pcb_errcol);
	if (strcmp(msg, pcb.pcb_errmsg) || line != pcb.pcb_errline ||
	    col != pcb.pcb_errcol)
		TH_LOG("%s", src);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/*
 * The first statement's first argument after the passes, of "PROBE {
 * exit(E); }" or "PROBE { printf(\"%s\", E); }": its kind, and its
 * integer or string into *v / s.
 */
static int lowered(const char *src, int target, bool child, int64_t *v,
		   char *s, size_t len, struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_node *a;
	int kind = -1;

	if (compile_as(src, &pcb, &cp, &o, target, child, false)) {
		TH_LOG("%s: %s", src, pcb.pcb_errmsg);
		goto out;
	}
	a = pcb.pcb_prog.p_clauses->c_stmts->n_args;
	if (a && a->n_kind == DT_N_STR && a->n_next)
		a = a->n_next;	/* printf's format */
	if (!a)
		goto out;
	kind = a->n_kind;
	*v = a->n_int;
	if (s && a->n_kind == DT_N_STR)
		snprintf(s, len, "%s", a->n_str);
out:
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return kind;
}

static const char *const valid[] = {
	"BEGIN { printf(\"%d %d %u %d %d\\n\", ppid, pid, rand, ncpus, "
	"numaid); @r[rand % 10] = count(); }",
	"BEGIN { @u[username] = count(); $n = username; "
	"printf(\"%s %s\\n\", username, $n); }",
	"BEGIN { printf(\"%d %d\\n\", strcontains(comm, \"dtr\"), "
	"strcontains(\"abc\", \"x\")); if (strcontains(comm, \"d\")) { "
	"@c = count(); } }",
	"BEGIN { printf(\"%s %s %s\\n\", ntop(pton(\"127.0.0.1\")), "
	"ntop(pton(\"::1\")), ntop(AF_INET6, pton(\"fe80::1\"))); }",
	"BEGIN { $x = pton(\"10.1.2.3\"); printf(\"%s\\n\", ntop($x)); }",
	"BEGIN { printf(\"%s\\n\", macaddr(arg0)); @m[macaddr(arg1)] = "
	"count(); }",
	"BEGIN { signal(9); signal(\"SIGKILL\"); signal(\"KILL\"); "
	"signal(arg0); }",
	"uprobe:/bin/sh:main { printf(\"%d %d %d\\n\", reg(\"ip\"), "
	"reg(\"sp\"), reg(\"ax\")); @[reg(\"di\")] = count(); }",
	"BEGIN { @ = cgroupid(\"/\"); }",
};

TEST(valid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++)
		compiles(valid[i], _metadata);
}

/* cpid, ncpus, pton, cgroupid, ntop(pton(v6)): constants. */
TEST(constants)
{
	char s[256];
	struct stat st;
	int64_t v = 0;

	ASSERT_EQ(DT_N_INT, lowered("BEGIN { exit(cpid); }", 4242, true, &v,
				    NULL, 0, _metadata));
	EXPECT_EQ(4242, v);
	ASSERT_EQ(DT_N_INT, lowered("BEGIN { exit(ncpus); }", 0, false, &v,
				    NULL, 0, _metadata));
	EXPECT_EQ(sysconf(_SC_NPROCESSORS_ONLN), v);
	/* the bytes 127 0 0 1 in memory order, as ntop( ) reads them */
	ASSERT_EQ(DT_N_INT, lowered("BEGIN { exit(pton(\"127.0.0.1\")); }",
				    0, false, &v, NULL, 0, _metadata));
	EXPECT_EQ(0x0100007f, v);
	ASSERT_EQ(0, stat("/", &st));
	ASSERT_EQ(DT_N_INT, lowered("BEGIN { exit(cgroupid(\"/\")); }", 0,
				    false, &v, NULL, 0, _metadata));
	EXPECT_EQ((int64_t)st.st_ino, v);
	ASSERT_EQ(DT_N_STR, lowered("BEGIN { printf(\"%s\", "
				    "ntop(pton(\"0:0::ffff:7f00:1\"))); }", 0,
				    false, &v, s, sizeof(s), _metadata));
	EXPECT_STREQ("::ffff:127.0.0.1", s);
	ASSERT_EQ(DT_N_STR, lowered("BEGIN { printf(\"%s\", ntop(AF_INET6, "
				    "pton(\"FE80:0:0:0:0:0:0:1\"))); }", 0,
				    false, &v, s, sizeof(s), _metadata));
	EXPECT_STREQ("fe80::1", s);
}

/*
 * uaddr( ) of this test's own variable, in its position-independent
 * file as this process maps it: the variable's address.
 */
TEST(uaddr)
{
	char exe[PATH_MAX], src[PATH_MAX + 128];
	int64_t v = 0;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	ASSERT_LT(0, n);
	exe[n] = '\0';
	snprintf(src, sizeof(src), "uprobe:%s:main { exit(uaddr("
		 "\"bt_funcs_var\")); }", exe);
	ASSERT_EQ(DT_N_INT, lowered(src, getpid(), false, &v, NULL, 0,
				    _metadata));
	EXPECT_EQ((int64_t)(uintptr_t)&bt_funcs_var, v);
	/* *uaddr( ): the symbol's 4 bytes, from the process */
	snprintf(src, sizeof(src), "uprobe:%s:main { @ = *uaddr("
		 "\"bt_funcs_var\"); @x = uaddr(\"bt_funcs_var\"); }", exe);
	{
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;
		char err[1024];

		ASSERT_EQ(0, compile_as(src, &pcb, &cp, &o, getpid(), false,
					false)) TH_LOG("%s", pcb.pcb_errmsg);
		EXPECT_EQ(0, dt_cprog_verify(&cp, err, sizeof(err)))
			TH_LOG("%s", err);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
	snprintf(src, sizeof(src), "uprobe:%s:main { @ = uaddr(\"no_such_"
		 "symbol\"); }", exe);
	{
		char msg[PATH_MAX + 64];

		snprintf(msg, sizeof(msg), "Could not resolve symbol: "
			 "%s:no_such_symbol", exe);
		fails(src, 1, (int)strlen(exe) + 20, msg, _metadata);
	}
	/* PIE, and no process */
	snprintf(src, sizeof(src), "uprobe:%s:main { @ = uaddr("
		 "\"bt_funcs_var\"); }", exe);
	fails(src, 1, (int)strlen(exe) + 20, "uaddr() of a symbol in a "
	      "position-independent file needs the process that maps it: "
	      "-p PID or -c CMD", _metadata);
}

/* jiffies needs kallsyms (which a host may hide). */
TEST(jiffies)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	bool have = false;

	while (fp && !have && fgets(line, sizeof(line), fp))
		have = strstr(line, " jiffies_64\n") &&
			strncmp(line, "0000000000000000", 16) != 0;
	if (fp)
		fclose(fp);
	if (have)
		compiles("BEGIN { printf(\"%d\\n\", jiffies); @j = jiffies; }",
			 _metadata);
	else
		fails("BEGIN { @j = jiffies; }", 1, 14, "jiffies needs the "
		      "kernel's symbol jiffies_64 in /proc/kallsyms",
		      _metadata);
}

static const struct {
	const char	*src;
	int		line, col;
	const char	*msg;
} invalid[] = {
	{ "BEGIN { @ = cpid; }", 1, 13,
	  "cpid cannot be used without child command" },
	{ "BEGIN { signal(9); }", 1, 9,
	  "signal() is an unsafe function being used in safe mode" },
	{ "kprobe:f { reg(\"ip\"); }", 1, 12, "reg() is supported only in "
	  "uprobe, uretprobe and usdt probes here: the module gives the "
	  "user's registers, not a kprobe's" },
	{ "uprobe:/bin/sh:main { @ = reg(\"eip\"); }", 1, 27,
	  "'eip' is not a valid register on this architecture" },
	{ "uprobe:/bin/sh:main { @ = reg(arg0); }", 1, 27,
	  "reg() expects a string literal" },
	{ "BEGIN { @ = uaddr(\"x\"); }", 1, 13, "uaddr can only be used "
	  "with uprobe, uretprobe and usdt probes" },
	{ "BEGIN { @ = pton(\"1.2.3\"); }", 1, 13,
	  "pton() expects a valid IPv4/IPv6 address, got 1.2.3" },
	{ "BEGIN { @ = pton(comm); }", 1, 13, "pton() expects an string "
	  "argument of an IPv4/IPv6 address" },
	{ "BEGIN { @ = pton(\"::1\"); }", 1, 13, "pton() of an IPv6 address "
	  "is supported only as ntop()'s argument here" },
	{ "BEGIN { @ = strcontains(\"a\"); }", 1, 13,
	  "strcontains() requires 2 arguments (1 provided)" },
	{ "BEGIN { @ = macaddr(); }", 1, 13,
	  "macaddr() requires one argument (0 provided)" },
	{ "BEGIN { @ = macaddr(\"ab\"); }", 1, 21, "macaddr() expects an "
	  "integer or an array of 6 bytes (string provided)" },
	{ "BEGIN { @ = cgroupid(\"/no/such/cgroup\"); }", 1, 13,
	  "Failed to get `cgroupid` for path: \"/no/such/cgroup\"" },
	{ "BEGIN { @[strftime(\"%H\", nsecs)] = count(); }", 1, 11,
	  "strftime() is supported as a printf argument and as the value "
	  "of a variable or a map (then printed with printf's %s)" },
	{ "kprobe:f { @ = path(arg0); }", 1, 16, "path() is not supported: "
	  "the kernel's d_path() takes locks and may not run in probe "
	  "context (bpftrace allows it only in kfunc probes of some "
	  "functions)" },
};

TEST(invalid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++)
		fails(invalid[i].src, invalid[i].line, invalid[i].col,
		      invalid[i].msg, _metadata);
}

/* signal( )'s refusals under --unsafe. */
TEST(signal_unsafe)
{
	static const struct {
		const char	*src, *msg;
		int		col;
	} bad[] = {
		{ "BEGIN { signal(\"SIGNOPE\"); }",
		  "SIGNOPE is not a valid signal", 16 },
		{ "BEGIN { signal(65); }",
		  "65 is not a valid signal, allowed range: [1,64]", 16 },
	};
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;

		EXPECT_EQ(-1, compile_as(bad[i].src, &pcb, &cp, &o, 0, false,
					 true));
		EXPECT_STREQ(bad[i].msg, pcb.pcb_errmsg);
		EXPECT_EQ(bad[i].col, pcb.pcb_errcol);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

/*
 * cgroup and macaddr( ) of an array member over a synthetic BTF: the
 * task's cgroup chain and an ethhdr's 6-byte addresses.
 */
static struct btf *bt_funcs_btf(void)
{
	struct btf *b = btf__new_empty();
	int u64, uchr, a6, a16, kn, cg, css, pkn, pcg, pcss;

	if (!b)
		return NULL;
	u64 = btf__add_int(b, "unsigned long long", 8, 0);
	uchr = btf__add_int(b, "unsigned char", 1, 0);
	a6 = btf__add_array(b, u64, uchr, 6);
	a16 = btf__add_array(b, u64, uchr, 16);
	kn = btf__add_struct(b, "kernfs_node", 16);
	btf__add_field(b, "flags", u64, 0, 0);
	btf__add_field(b, "id", u64, 64, 0);
	pkn = btf__add_ptr(b, kn);
	cg = btf__add_struct(b, "cgroup", 16);
	btf__add_field(b, "self", u64, 0, 0);
	btf__add_field(b, "kn", pkn, 64, 0);
	pcg = btf__add_ptr(b, cg);
	css = btf__add_struct(b, "css_set", 8);
	btf__add_field(b, "dfl_cgrp", pcg, 0, 0);
	pcss = btf__add_ptr(b, css);
	btf__add_struct(b, "task_struct", 32);
	btf__add_field(b, "state", u64, 0, 0);
	btf__add_field(b, "comm", a16, 64, 0);
	btf__add_field(b, "cgroups", pcss, 192, 0);
	btf__add_struct(b, "ethhdr", 14);
	btf__add_field(b, "h_dest", a6, 0, 0);
	btf__add_field(b, "h_source", a6, 48, 0);
	btf__add_field(b, "h_proto", a16, 96, 0);
	return b;
}

FIXTURE(funcstypes) {
	char path[64];
};

FIXTURE_SETUP(funcstypes)
{
	strcpy(self->path, "/tmp/dt_btf_XXXXXX");
	ASSERT_EQ(0, btf_file_install(bt_funcs_btf(), self->path));
}

FIXTURE_TEARDOWN(funcstypes)
{
	btf_file_remove(self->path);
}

TEST_F(funcstypes, typed)
{
	compiles("BEGIN { printf(\"%d\\n\", cgroup); @[cgroup] = count(); "
		 "if (cgroup == cgroupid(\"/\")) { exit(); } }", _metadata);
	compiles("kprobe:f { $e = (struct ethhdr *)arg0; printf(\"%s %s\\n\", "
		 "macaddr($e->h_source), macaddr($e->h_dest)); }", _metadata);
	fails("kprobe:f { $e = (struct ethhdr *)arg0; @ = "
	      "macaddr($e->h_proto); }", 1, 54, "macaddr() expects an array "
	      "of 6 bytes (16 provided)", _metadata);
}

/* The format of the program's last printf, after the passes. */
static void pfformat(const char *src, const char *want,
		     struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_node *s, *pf = NULL;
	const struct dt_clause *c;
	char err[1024];

	ASSERT_EQ(0, compile_as(src, &pcb, &cp, &o, 0, false, false))
		TH_LOG("%s: %s", src, pcb.pcb_errmsg);
	for (c = pcb.pcb_prog.p_clauses; c; c = c->c_next)
		for (s = c->c_stmts; s; s = s->n_next)
			if (s->n_kind == DT_N_CALL &&
			    !strcmp(s->n_str, "printf"))
				pf = s;
	ASSERT_NE(NULL, pf);
	EXPECT_STREQ(want, pf->n_args->n_str);
	EXPECT_EQ(0, dt_cprog_verify(&cp, err, sizeof(err))) TH_LOG("%s", err);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* strftime( ) kept in a variable or a map, printed later with %s. */
TEST(strftime_value)
{
	pfformat("BEGIN { $t = strftime(\"%H:%M\", nsecs); "
		 "printf(\"at %s.\\n\", $t); }", "at %<%H:%M>T.\n",
		 _metadata);
	pfformat("BEGIN { @t[1] = strftime(\"%Y\", nsecs); "
		 "printf(\"%d %s %s %s\\n\", 1, @t[1], strftime(\"%S\", "
		 "nsecs), @t[1]); }", "%d %<%Y>T %<%S>T %<%Y>T\n",
		 _metadata);
	pfformat("BEGIN { @w = strftime(\"%d\", nsecs); } END { "
		 "printf(\"%s\", @w); }", "%<%d>T", _metadata);
}

/* Without the kernel's types, cgroup says so and how to get them. */
TEST(cgroup_without_types)
{
	static const char pre[] = "cgroup reads the kernel's struct "
		"task_struct: ";
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	setenv("DTRACE_BTF", "/nonexistent/vmlinux.btf", 1);
	dt_btf_reset();
	EXPECT_EQ(-1, compile_as("BEGIN { @ = cgroup; }", &pcb, &cp, &o, 0,
				 false, false));
	EXPECT_EQ(0, strncmp(pcb.pcb_errmsg, pre, strlen(pre)))
		TH_LOG("%s", pcb.pcb_errmsg);
	EXPECT_NE(NULL, strstr(pcb.pcb_errmsg, "DTRACE_BTF"))
		TH_LOG("%s", pcb.pcb_errmsg);
	EXPECT_EQ(13, pcb.pcb_errcol);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

/* Does the tree hold a call of name? */
static bool hascall(const struct dt_node *n, const char *name)
{
	for (; n; n = n->n_next)
		if ((n->n_kind == DT_N_CALL && n->n_str &&
		     !strcmp(n->n_str, name)) || hascall(n->n_left, name) ||
		    hascall(n->n_right, name) || hascall(n->n_cond, name) ||
		    hascall(n->n_args, name))
			return true;
	return false;
}

/* join( ): 16 elements a printf each, then %join( ) of the rest. */
TEST(join_any_length)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char err[1024];

	ASSERT_EQ(0, compile_as("uprobe:/bin/sh:main { join(arg1, \",\"); }",
				&pcb, &cp, &o, 0, false, false))
		TH_LOG("%s", pcb.pcb_errmsg);
	EXPECT_TRUE(hascall(pcb.pcb_prog.p_clauses->c_stmts, "%join"));
	EXPECT_EQ(0, dt_cprog_verify(&cp, err, sizeof(err))) TH_LOG("%s", err);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST_HARNESS_MAIN
