// SPDX-License-Identifier: GPL-2.0
/*
 * The bpftrace front end on the host: attach points as D probe
 * descriptions, programs that compile (and whose DIF the verifier
 * takes), errors with bpftrace's words and places, and how they print.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bt_parse.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_printf.h"
#include "dt_program.h"
#include "kselftest_harness.h"

static const struct {
	const char	*text, *desc, *name;
	bool		glob;
} probes[] = {
	{ "BEGIN", "dtrace:::BEGIN", "BEGIN" },
	{ "END", "dtrace:::END", "END" },
	{ "kprobe:vfs_read", "fbt::vfs_read:entry", "kprobe:vfs_read" },
	{ "k:vfs_*", "fbt::vfs_*:entry", "kprobe:vfs_*", true },
	{ "kretprobe:vfs_read", "fbt::vfs_read:return", "kretprobe:vfs_read" },
	{ "tracepoint:syscalls:sys_enter_openat",
	  "tracepoint:syscalls::sys_enter_openat",
	  "tracepoint:syscalls:sys_enter_openat" },
	{ "t:syscalls:sys_enter_*", "tracepoint:syscalls::sys_enter_*",
	  "tracepoint:syscalls:sys_enter_*", true },
	{ "profile:hz:99", "profile:::profile-99", "profile:hz:99" },
	{ "profile:ms:10", "profile:::profile-10ms", "profile:ms:10" },
	{ "interval:s:1", "profile:::tick-1s", "interval:s:1" },
	{ "i:ms:100", "profile:::tick-100ms", "interval:ms:100" },
	{ "interval:1s", "profile:::tick-1s", "interval:1s" },
	{ "interval:100ms", "profile:::tick-100ms", "interval:100ms" },
	{ "profile:99hz", "profile:::profile-99", "profile:99hz" },
	{ "software:faults:1", "software:::faults-1", "software:faults:1" },
	{ "s:cs", "software:::cs", "software:cs" },
	{ "uprobe:/bin/sh:main", "uprobe:/usr/bin/dash:main:entry",
	  "uprobe:/usr/bin/dash:main" },
	{ "ur:/bin/sh:m*", "uprobe:/usr/bin/dash:m*:return",
	  "uretprobe:/usr/bin/dash:m*", true },
};

TEST(attach_points)
{
	size_t i;

	for (i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		struct dt_loc loc = { 1, 1, 1, 2 };
		struct bt_probe bp;
		struct dt_pcb pcb;
		char resolved[256];

		if (strstr(probes[i].text, "/bin/sh") &&
		    (!realpath("/bin/sh", resolved) ||
		     strcmp(resolved, "/usr/bin/dash") != 0))
			continue;	/* not Debian's /bin/sh */
		dt_pcb_init(&pcb, probes[i].text, NULL, NULL);
		ASSERT_EQ(0, bt_probe_parse(&pcb, probes[i].text, &loc, &bp));
		EXPECT_STREQ(probes[i].desc, bp.bp_desc);
		EXPECT_STREQ(probes[i].name, bp.bp_name);
		EXPECT_EQ(probes[i].glob, bp.bp_glob);
		dt_pcb_fini(&pcb);
	}
}

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	static char *const argv[] = { "dtrace", "7", "word", NULL };

	dt_options_init(o);
	dt_pcb_init(pcb, src, NULL, o);
	pcb->pcb_bt = true;
	pcb->pcb_argc = 3;
	pcb->pcb_argv = argv;
	return dt_compile(pcb, cp);
}

static const char *const valid[] = {
	"BEGIN { printf(\"hello\\n\"); exit(); }",
	"kprobe:vfs_read { @start[tid] = nsecs; } kretprobe:vfs_read "
	"/@start[tid]/ { @ns = hist(nsecs - @start[tid]); "
	"delete(@start[tid]); }",
	"kprobe:vfs_* { @[probe] = count(); @f[func, comm] = count(); }",
	"k:a, kr:b { @[probe, pid] = sum(arg0); }",
	"kretprobe:f { @r = stats(retval); @m = min(retval); "
	"@x = max(retval); @a = avg(retval); @l = lhist(retval, 0, 100, 10); "
	"print(@r); clear(@l); zero(@a); }",
	"profile:hz:99 /pid == 189/ { @[ustack] = count(); @k[kstack] = "
	"count(); @u[ustack(3), kstack(4)] = count(); }",
	"interval:s:1 { @n++; if (@n == 3) { exit(); } else if (@n > 3) "
	"{ printf(\"x\\n\"); } else { @n += 0; } }",
	"BEGIN { $x = 1; unroll(4) { $x = $x * 2; } printf(\"%d %d %s %d\\n\", "
	"$x, $1, str($2), $#); printf(\"%s\\n\", $2); }",
	"BEGIN { printf(\"%d %d\\n\", elapsed, cpu); } END { @t = count(); }",
	"BEGIN { $s = str(arg0); $t = str(comm); $u = str(arg1, 8); "
	"printf(\"%s %s %s\\n\", $s, $t, $u); }",
	"uprobe:/bin/sh:main { join(arg1); join(arg1, \",\"); @[ksym(arg0)] = "
	"count(); @c[curtask] = count(); }",
	"#!/usr/bin/bpftrace\n#include <linux/fs.h>\n// c\nBEGIN /* c */ "
	"{ @x = (uint8)257; @y = (int64)-1 > 0 ? 1 : 2; }",
	"BEGIN { @m[1, \"a\"] = 2; delete(@m, 1, \"a\"); }",
	"BEGIN { @c = count(); print(@c, 0, 2); print(@c, 0); print(@c); }",
	"BEGIN { printf(\"%d %d\\n\", 1e6, 2_000); }",
	/* found by fuzz_bt: zero times 10^(6.7e13) took as many steps */
	"BEGIN { printf(\"%d %d\\n\", 0e67777777777777, 0e0); }",
	"BEGIN { @n++; @m[\"a\"] += 2; if (@n == 1) { @m[\"a\"]--; } print(@n); "
	"print(@m, 0, 2); } END { @n -= 1; }",
	"BEGIN /strncmp(comm, \"dtr\", 3) == 0/ { @[strncmp(\"ab\", comm, 2)] = "
	"count(); }",
	"BEGIN { time(); time(\"%Y-%m-%d %H:%M:%S\\n\"); printf(\"%d %s "
	"%%s %-8s\\n\", 1, comm, strftime(\"%H:%M:%S\", nsecs)); }",
};

TEST(valid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;
		char err[1024];
		int rc = compile(valid[i], &pcb, &cp, &o);

		if (rc)
			TH_LOG("%s: %s (%d:%d)", valid[i], pcb.pcb_errmsg,
			       pcb.pcb_errline, pcb.pcb_errcol);
		EXPECT_EQ(0, rc);
		if (!rc) {
			rc = dt_cprog_verify(&cp, err, sizeof(err));
			if (rc)
				TH_LOG("%s: DIF rejected: %s", valid[i], err);
			EXPECT_EQ(0, rc);
		}
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

static const struct {
	const char	*src;
	int		line, col;
	const char	*msg;
} invalid[] = {
	{ "kprobe:f { foo(1); }", 1, 12, "Unknown function: foo" },
	{ "BEGIN { bogus }", 1, 9, "Unknown identifier: 'bogus'" },
	{ "BEGIN {\n  @x = count()", 2, 15,
	  "syntax error, unexpected end of file, expecting '}' or ';'" },
	{ "kprobe:f { @ = retval; }", 1, 16, "The retval builtin can only be "
	  "used with 'kretprobe' and 'uretprobe' probes" },
	{ "bogus:f { 1 }", 1, 1, "Invalid probe type: bogus" },
	{ "kprobe:a:b:c { 1 }", 1, 1,
	  "Invalid attach point definition: kprobe:a:b:c" },
	{ "BEGIN { @x = hist(); }", 1, 14,
	  "hist() requires one argument (0 provided)" },
	{ "BEGIN { @x = lhist(1, 2); }", 1, 14,
	  "lhist() requires 4 arguments (2 provided)" },
	{ "BEGIN { @x = 1; print(@x); }", 1, 17,
	  "print() of a map that is not an aggregation is not supported" },
	{ "BEGIN { @x = count(); delete(@x); }", 1, 23,
	  "delete() of an aggregation's element is not supported: use "
	  "clear()" },
	{ "BEGIN { @c = count(); print(@c, $x); }", 1, 23, "print() expects "
	  "an integer literal top count: print(@m, top[, div])" },
	{ "BEGIN { @m[1] = 2; print(@m, 3); }", 1, 20, "print() with a top "
	  "count or a divisor of a map that is not an aggregation is not "
	  "supported" },
	{ "BEGIN { @m[1] = 2; clear(@m); }", 1, 20, "clear() of a map that "
	  "is not an aggregation is supported only in END" },
	{ "END { @m[1] = 2; zero(@m); }", 1, 18, "zero() of a map that "
	  "is not an aggregation is not supported" },
	{ "#ifndef BPFTRACE_HAVE_BTF\nBEGIN { }", 1, 1, "the C preprocessor "
	  "is not supported: #ifndef" },
	{ "BEGIN { $a = kaddr(\"no_such_symbol_here\"); }", 1, 14,
	  "Failed to resolve kernel symbol: no_such_symbol_here" },
	{ "BEGIN { unroll(0) { } }", 1, 9,
	  "unroll maximum value is 100 and minimum is 1" },
	{ "BEGIN { print(@x, 0, 2); }", 1, 15,
	  "failed to resolve @x: aggregation is never assigned" },
	{ "BEGIN { @n++; clear(@n); }", 1, 15, "clear() of a map that is "
	  "not an aggregation is supported only in END" },
	{ "BEGIN { @n++; @n = 0; print(@n); }", 1, 23, "print() of a map "
	  "that is not an aggregation is not supported" },
	{ "BEGIN { cgroup }", 1, 9, "cgroup is not supported by this DTrace" },
	{ "kprobe:f { @[args->x] = count(); }", 1, 14, "args is only available "
	  "in tracepoint probes here (there is no BTF): use arg0, arg1, ..." },
	{ "usdt:/bin/sh:p:n { 1 }", 1, 1,
	  "usdt probes need a process here: -p PID or -c CMD" },
	{ "BEGIN { $x = 1 } BEGIN { printf(\"%d\", $y); }", 1, 39,
	  "failed to resolve this->y: Unknown variable name" },
	{ "uprobe:/no/such:f { 1 }", 1, 1, "uprobe target file '/no/such' "
	  "does not exist or is not executable" },
	{ "BEGIN { @x = 1e67777777777777; }", 1, 14,
	  "invalid integer: 1e67777777777777" },
	/* calls with too few arguments (D's crashed on these) */
	{ "BEGIN { print(); }", 1, 9, "print() expects a map argument" },
	{ "BEGIN { clear(); }", 1, 9, "clear() expects a map argument" },
	{ "BEGIN { zero(); }", 1, 9, "zero() expects a map argument" },
	{ "BEGIN { delete(); }", 1, 9, "delete() expects a map element" },
	{ "BEGIN { str(); }", 1, 9, "str() requires 1 or 2 arguments (0 "
	  "provided)" },
	{ "BEGIN { join(); }", 1, 9, "join() requires 1 or 2 arguments" },
	{ "BEGIN { strncmp(\"a\"); }", 1, 9, "strncmp() requires 3 "
	  "arguments (1 provided)" },
};

TEST(invalid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;

		EXPECT_EQ(-1, compile(invalid[i].src, &pcb, &cp, &o));
		EXPECT_STREQ(invalid[i].msg, pcb.pcb_errmsg);
		EXPECT_EQ(invalid[i].line, pcb.pcb_errline);
		EXPECT_EQ(invalid[i].col, pcb.pcb_errcol);
		if (strcmp(invalid[i].msg, pcb.pcb_errmsg) ||
		    invalid[i].line != pcb.pcb_errline ||
		    invalid[i].col != pcb.pcb_errcol)
			TH_LOG("%s", invalid[i].src);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

static void printed(const char *src, const char *file, const char *expect,
		    struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ASSERT_NE(NULL, fp);
	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	pcb.pcb_file = file;
	bt_error_print(&pcb, fp);
	fclose(fp);
	EXPECT_STREQ(expect, buf);
	free(buf);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST(error_print)
{
	printed("kprobe:f { foo(1); }", NULL,
		"stdin:1:12-15: ERROR: Unknown function: foo\n"
		"kprobe:f { foo(1); }\n"
		"           ^~~\n", _metadata);
	printed("BEGIN {\n\t$x;\n}", "t.bt",
		"t.bt:2:2-4: ERROR: Undefined or undeclared variable: $x\n"
		"\t$x;\n"
		"\t^~\n", _metadata);
	printed("BEGIN { @m = hist(1); @m = count(); }", NULL,
		"stdin:1:28-33: ERROR: Type mismatch for @m: trying to assign "
		"value of type 'count' when map already contains a value of "
		"type 'hist'\n"
		"BEGIN { @m = hist(1); @m = count(); }\n"
		"                           ^~~~~\n", _metadata);
	printed("BEGIN { print(@x, 0, 2); }", NULL,
		"stdin:1:15-17: ERROR: Undefined map: @x\n"
		"BEGIN { print(@x, 0, 2); }\n"
		"              ^~\n", _metadata);
	printed("BEGIN { printf(\"%d\", @y); }", NULL,
		"stdin:1:22-24: ERROR: Undefined map: @y\n"
		"BEGIN { printf(\"%d\", @y); }\n"
		"                     ^~\n", _metadata);
}

/* time(fmt)'s printf conversion: %<fmt>T of a walltimestamp. */
TEST(time_conversion)
{
	struct dt_pfarg arg = { .pa_type = { .kind = DT_T_INT, .size = 8,
					     .is_signed = true },
				.pa_int = 86400LL * 1000000000LL + 61000000000LL };
	char err[256], *buf = NULL;
	size_t len = 0;
	struct dt_pfmt *pf;
	FILE *fp;

	setenv("TZ", "UTC", 1);
	tzset();
	pf = dt_pfmt_parse("at %<%Y-%m-%d %H:%M:%S>T.\n", err, sizeof(err));
	ASSERT_NE(NULL, pf);
	EXPECT_EQ(1, pf->pf_nargs);
	fp = open_memstream(&buf, &len);
	ASSERT_NE(NULL, fp);
	EXPECT_LT(0, dt_pfmt_print(fp, pf, &arg, 1));
	fclose(fp);
	EXPECT_STREQ("at 1970-01-02 00:01:01.\n", buf);
	free(buf);
	dt_pfmt_free(pf);
	EXPECT_EQ(NULL, dt_pfmt_parse("%<%H", err, sizeof(err)));
}

TEST(library_path)
{
	char path[256];

	/* libc is an ELF file, not the libc.so linker script */
	if (bt_lib_path("libc", path, sizeof(path)) == 0) {
		FILE *fp = fopen(path, "rb");
		char m[4] = { 0 };

		ASSERT_NE(NULL, fp);
		EXPECT_EQ(4, fread(m, 1, 4, fp));
		EXPECT_EQ(0, memcmp(m, "\177ELF", 4));
		fclose(fp);
		EXPECT_NE(NULL, strstr(path, "libc.so."));
	}
	EXPECT_EQ(-1, bt_lib_path("libno-such-library", path, sizeof(path)));
}

TEST_HARNESS_MAIN
