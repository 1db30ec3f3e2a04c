// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's newer language on the host: while, break, continue and
 * return as forward code, config = { }, macros, tuples, a $x of
 * another type in another probe, function-like #define; the errors
 * with bpftrace's words and places.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bt_parse.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"
#include "bt_test.h"

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	static char *const argv[] = { "dtrace", "7", NULL };

	return bt_test_compile(src, pcb, cp, o, 2, argv);
}

/* src compiles, and the verifier takes its DIF. */
static void compiles(const char *src, struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile(src, &pcb, &cp, &o);

	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

/* src fails; bpftrace's print of the error is expect. */
static void printed(const char *src, const char *expect,
		    struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile(src, &pcb, &cp, &o);

	bt_test_printed(rc, &pcb, &cp, expect, _metadata);
}

static const char *const valid[] = {
	"BEGIN { $i = 0; while ($i < 5) { $i++; } printf(\"%d\\n\", $i); }",
	"BEGIN { $i = 0; while ($i < 9) { $i++; if ($i == 2) { continue; }"
	" if ($i == 4) { break; } printf(\"%d\\n\", $i); } }",
	"BEGIN { $i = 0; while ($i < 9) { $i++; if ($i > 3) { break } } }",
	"BEGIN { while (0) { } }",
	"kprobe:f { if (arg0 == 0) { return; } @[comm] = count(); }",
	"kprobe:f { return }",
	"BEGIN { $i = 0; while (1) { $i++; if ($i == 7) { return; } } "
	"printf(\"never\\n\"); }",
	"BEGIN { unroll(2) { $i = 0; while ($i < 3) { $i++; } } }",
	"config = { max_strlen = 100; stack_mode = bpftrace; max_map_keys = "
	"4096; print_maps_on_exit = true } BEGIN { exit(); }",
	"config = { BPFTRACE_MAX_STRLEN = 64 } BEGIN { exit(); }",
	"config = { } BEGIN { exit(); }",
	"macro one() { 1 } BEGIN { printf(\"%d\\n\", one()); }",
	"macro add($a, $b) { $a + $b } BEGIN { $x = 2; "
	"printf(\"%d\\n\", add($x, add(3, 4))); }",
	"macro inc(@m, k) { @m[k]++ } kprobe:f { inc(@c, comm); }",
	"macro twice($x) { $y = $x * 2; $y } BEGIN { $y = \"s\"; "
	"$z = twice(4); printf(\"%s %d\\n\", $y, $z); }",
	"macro say(s) { printf(\"%s\\n\", s); } BEGIN { say(\"hi\"); "
	"say(comm); }",
	"BEGIN { $t = (1, \"a\", comm); printf(\"%d %s %s\\n\", $t.0, $t.1, "
	"$t.2); print($t); $u = $t; print($u); print((2, 3)); }",
	"BEGIN { @m[(1, \"a\")] = count(); $k = (pid, comm); "
	"@n[$k] = sum(2); }",
	"BEGIN { printf(\"%d\\n\", (5, 6).1); }",
	"BEGIN { $x = 1; } END { $x = \"s\"; printf(\"%s\\n\", $x); }",
	"kprobe:f, kprobe:g { $x = 1; } kretprobe:f { $x = comm; }",
};

/* Seconds since t0, for the bounds on work. */
static double secs_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (t1.tv_sec - t0->tv_sec) + (t1.tv_nsec - t0->tv_nsec) / 1e9;
}

TEST(valid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++)
		compiles(valid[i], _metadata);
}

TEST(errors)
{
	printed("BEGIN { break; }",
		"stdin:1:9-14: ERROR: 'break' statement is not allowed "
		"outside of a loop\n"
		"BEGIN { break; }\n"
		"        ^~~~~\n", _metadata);
	printed("BEGIN { if (1) { continue; } }",
		"stdin:1:18-26: ERROR: 'continue' statement is not allowed "
		"outside of a loop\n"
		"BEGIN { if (1) { continue; } }\n"
		"                 ^~~~~~~~\n", _metadata);
	printed("config = { foo = 1 } BEGIN { }",
		"stdin:1:12-15: ERROR: Unrecognized config variable: foo\n"
		"config = { foo = 1 } BEGIN { }\n"
		"           ^~~\n", _metadata);
	printed("config = { stack_mode = perf } BEGIN { }",
		"stdin:1:25-29: ERROR: stack_mode = perf is not supported by "
		"this DTrace (only bpftrace)\n"
		"config = { stack_mode = perf } BEGIN { }\n"
		"                        ^~~~\n", _metadata);
	printed("config = { max_strlen = \"x\" } BEGIN { }",
		"stdin:1:25-28: ERROR: Invalid type for max_strlen. Type: "
		"string. Expected Type: int\n"
		"config = { max_strlen = \"x\" } BEGIN { }\n"
		"                        ^~~\n", _metadata);
	printed("BEGIN { } config = { max_strlen = 9 }",
		"stdin:1:11-17: ERROR: the config block must come before the "
		"probes\n"
		"BEGIN { } config = { max_strlen = 9 }\n"
		"          ^~~~~~\n", _metadata);
	printed("macro m($a) { $a } BEGIN { m(1, 2); }",
		"stdin:1:28-29: ERROR: Call to macro has wrong number of "
		"arguments. Expected: 1 but got 2\n"
		"macro m($a) { $a } BEGIN { m(1, 2); }\n"
		"                           ^\n", _metadata);
	printed("macro m(@a) { @a } BEGIN { m(1); }",
		"stdin:1:30-31: ERROR: Mismatched arg. Macro m expects a map "
		"for @a\n"
		"macro m(@a) { @a } BEGIN { m(1); }\n"
		"                             ^\n", _metadata);
	printed("macro m($a) { m($a) } BEGIN { m(1); }",
		"stdin:1:15-16: ERROR: macro m: recursion (more than 32 "
		"levels)\n"
		"macro m($a) { m($a) } BEGIN { m(1); }\n"
		"              ^\n", _metadata);
	printed("macro m() { if (1) { } } BEGIN { $x = m(); }",
		"stdin:1:39-40: ERROR: macro m has no value: it ends with a "
		"statement\n"
		"macro m() { if (1) { } } BEGIN { $x = m(); }\n"
		"                                      ^\n", _metadata);
	printed("macro m() { $y = 1; $y } BEGIN /m()/ { }",
		"stdin:1:16-17: ERROR: a macro with statements cannot be used "
		"in a predicate or a loop's condition\n"
		"macro m() { $y = 1; $y } BEGIN /m()/ { }\n"
		"               ^\n", _metadata);
	printed("BEGIN { $t = (1, 2); printf(\"%d\\n\", $t.2); }",
		"stdin:1:39-40: ERROR: Invalid tuple index: 2. Found 2 "
		"elements in tuple.\n"
		"BEGIN { $t = (1, 2); printf(\"%d\\n\", $t.2); }\n"
		"                                      ^\n", _metadata);
	printed("BEGIN { $t = (1, 2); $t += (1, 2); }",
		"stdin:1:22-24: ERROR: a tuple can only be assigned with = to "
		"a $variable or to a map\n"
		"BEGIN { $t = (1, 2); $t += (1, 2); }\n"
		"                     ^~\n", _metadata);
	printed("BEGIN { $t = (1, (2, 3)); }",
		"stdin:1:18-19: ERROR: nested tuples are not supported\n"
		"BEGIN { $t = (1, (2, 3)); }\n"
		"                 ^\n", _metadata);
	printed("BEGIN { $t = (1, 2); $t = (1, 2, 3); }",
		"stdin:1:22-24: ERROR: Type mismatch for $t: a tuple of 2 "
		"elements, then of 3\n"
		"BEGIN { $t = (1, 2); $t = (1, 2, 3); }\n"
		"                     ^~\n", _metadata);
	printed("BEGIN { $t = (1, 2); $x = $t + 1; }",
		"stdin:1:27-29: ERROR: a tuple is supported here only as a "
		"$variable's or a map's value, a map's key, indexed (.N) or "
		"in print()\n"
		"BEGIN { $t = (1, 2); $x = $t + 1; }\n"
		"                          ^~\n", _metadata);
	printed("BEGIN { $x = 1; } END { $y; }",
		"stdin:1:25-27: ERROR: Undefined or undeclared variable: $y\n"
		"BEGIN { $x = 1; } END { $y; }\n"
		"                        ^~\n", _metadata);
	/* loops within loops: 100 x 100 copies */
	printed("BEGIN { $i = 0; while ($i < 5) { $j = 0;\n"
		" while ($j < 3) { $j++; } $i++; } }",
		"stdin:1:17-22: ERROR: while loop: its body, unrolled 100 "
		"times (loops here are bounded), is too large for a DIF "
		"program\n"
		"BEGIN { $i = 0; while ($i < 5) { $j = 0;\n"
		"                ^~~~~\n", _metadata);
}

/*
 * The bt fuzzer's timeout: nested loops unrolled to 200,000 nodes
 * before the error, 8 s under ASan. The program's loops now stop at
 * 100,000 nodes.
 */
TEST(nested_loops_fail_fast)
{
	static const char src[] =
		"BEGIN { $i = 0; while ($i++ < 3) { printfi = 0; "
		"while ($i++ < 3) { printf ($i++ <i); i} "
		"printn(\" %d\\n\", $i); exit ($i++ <i); i} "
		"printn(\" %d\\n\", $i); exit(); }";
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	printed(src,
		"stdin:1:17-22: ERROR: while loop: its body, unrolled 100 "
		"times (loops here are bounded), is too large for a DIF "
		"program\n"
		"BEGIN { $i = 0; while ($i++ < 3) { printfi = 0; while "
		"($i++ < 3) { printf ($i++ <i); i} printn(\" %d\\n\", $i); "
		"exit ($i++ <i); i} printn(\" %d\\n\", $i); exit(); }\n"
		"                ^~~~~\n", _metadata);
	EXPECT_LT(secs_since(&t0), 2.0);
}

/* Macros each calling the next twice: a bound on the work. */
TEST(macro_fanout)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char src[4096];
	size_t n = 0;
	int i;

	for (i = 0; i < 20; i++)
		n += (size_t)snprintf(src + n, sizeof(src) - n,
				      "macro m%d($x) { m%d($x) + m%d($x) }\n",
				      i, i + 1, i + 1);
	snprintf(src + n, sizeof(src) - n, "macro m20($x) { $x }\n"
		 "BEGIN { printf(\"%%d\\n\", m0(1)); }");
	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	EXPECT_NE(NULL, strstr(pcb.pcb_errmsg, "more than 10000 expansions"))
		TH_LOG("%s", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* config's max_strlen is strsize, without the NUL. */
TEST(config_strsize)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	ASSERT_EQ(0, compile("config = { max_strlen = 100 } BEGIN { exit(); }",
			     &pcb, &cp, &o));
	EXPECT_EQ(99, o.o_strsize);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* A loop's bound: a printf on stderr, and the clause ends. */
TEST(while_bound)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int i, j, nerr = 0, nout = 0;

	ASSERT_EQ(0, compile("BEGIN { $i = 0; while ($i < 3) { $i++; } "
			     "printf(\"%d\\n\", $i); }", &pcb, &cp, &o));
	ASSERT_EQ(1, cp.cp_necbs);
	for (i = 0; i < cp.cp_necbs; i++)
		for (j = 0; j < cp.cp_ecbs[i].e_nouts; j++) {
			const struct dt_out *out = &cp.cp_ecbs[i].e_outs[j];

			if (out->o_kind != DT_OUT_PRINTF)
				continue;
			if (out->o_stderr)
				nerr++;
			else
				nout++;
			/* both behind a guard: the bound's, the return's */
			EXPECT_LE(0, out->o_guard);
		}
	EXPECT_EQ(1, nerr);
	EXPECT_EQ(1, nout);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* Function-like #define: replaced on the line, lines kept. */
static const struct {
	const char *src, *out;
} cpp[] = {
	{ "#define MAX(a, b) ((a) > (b) ? (a) : (b))\nx = MAX(1, y + 2);",
	  "\nx = ((1) > (y + 2) ? (1) : (y + 2));" },
	{ "#define SQ(x) \\\n\t((x) * (x))\nSQ(f(1, 2)) SQ\n",
	  "\n\n((f(1, 2)) * (f(1, 2))) SQ\n" },
	{ "#define ONE() 1\n#define TWO(a) a + ONE()\nTWO(\"a,b)\")",
	  "\n\n\"a,b)\" + 1" },
	{ "#define P(s) printf(\"s %d\", s)\n P(3)", "\n printf(\"s %d\", 3)" },
};

TEST(preprocessor)
{
	size_t i;

	for (i = 0; i < sizeof(cpp) / sizeof(cpp[0]); i++) {
		struct dt_pcb pcb;
		char *out = NULL;
		size_t len;

		dt_pcb_init(&pcb, cpp[i].src, NULL, NULL);
		ASSERT_EQ(0, bt_cpp(&pcb, &out, &len)) TH_LOG("%s: %s",
			cpp[i].src, pcb.pcb_errmsg);
		EXPECT_STREQ(cpp[i].out, out);
		EXPECT_EQ(strlen(out), len);
		free(out);
		dt_pcb_fini(&pcb);
	}
}

TEST(preprocessor_errors)
{
	printed("#define F(a) F(a)\nBEGIN { F(1); }",
		"stdin:2:9-9: ERROR: macro \"F\" expands within itself too "
		"deep or too often\n"
		"BEGIN { F(1); }\n"
		"        ^\n", _metadata);
	printed("#define F(a) a\nBEGIN { F(1\n); }",
		"stdin:2:9-9: ERROR: unterminated argument list invoking "
		"macro \"F\" (the call must be on one line)\n"
		"BEGIN { F(1\n"
		"        ^\n", _metadata);
}

/*
 * An argument copied at each use doubles with each level: c(c(1)) is
 * 2^32 nodes, which grew to 22 GB. The expansions' size is bounded:
 * a prompt error, in bpftrace's form.
 */
TEST(macro_expansion_size_bounded)
{
	static const char src[] =
		"macro a(x) { x + x }\n"
		"macro b(x) { a(a(a(a(x)))) }\n"
		"macro c(x) { b(b(b(b(x)))) }\n"
		"BEGIN { print(c(c(1))); }";
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	printed(src,
		"stdin:2:16-17: ERROR: macro a: expansion too large (more "
		"than 100000 nodes in the program)\n"
		"macro b(x) { a(a(a(a(x)))) }\n"
		"               ^\n", _metadata);
	EXPECT_LT(secs_since(&t0), 5.0);
	/* the same shape, small enough, still expands: 2^8 ones */
	compiles("macro a(x) { x + x }\n"
		 "macro b(x) { a(a(a(a(x)))) }\n"
		 "BEGIN { print(b(b(1))); }", _metadata);
}

/* "BEGIN { print(~~~...1); }" with depth operators */
static void nested_src(char *src, int depth)
{
	strcpy(src, "BEGIN { print(");
	memset(src + 14, '~', depth);
	strcpy(src + 14 + depth, "1); }");
}

/* Nesting stops at the parser's 2,000 states, as D's; 500 compile. */
TEST(nesting_bounded)
{
	static char src[9100];
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	nested_src(src, 500);
	compiles(src, _metadata);
	nested_src(src, 9000);
	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	EXPECT_STREQ("expressions or statements nested too deeply",
		     pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST_HARNESS_MAIN
