// SPDX-License-Identifier: GPL-2.0
/*
 * Block scoping of $x (bt_scope.c), by release: from 0.22 a $x is known
 * from its first assignment or let to the end of its block; before, it
 * belonged to its probe. And 0.27's "Return value discarded." warnings
 * (bt_scope.c too). The expected errors and warnings are real
 * bpftrace's, run
 * with --dry-run in Debian's roots (build/forky/root: 0.27.0;
 * build/trixie/root: 0.23.2), exit status 1; only the mark differs:
 * bpftrace underlines with '~' only, this front end starts it with '^'
 * as its other errors do (Documentation/bpftrace-language.md, Errors).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_btargs.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"
#include "bt_test.h"

static int compile_as(const char *rel, const char *src, struct dt_pcb *pcb,
		      struct dt_cprog *cp, struct dt_options *o)
{
	static char *const argv[] = { "dtrace", NULL };
	const char *why;

	dt_bt_options();
	dt_options_init(o);
	if (rel && dt_option_set(o, "btrelease", rel, &why))
		return -2;
	bt_test_pcb(src, pcb, o, 1, argv);
	return dt_compile(pcb, cp);
}

static void ok_as(const char *rel, const char *src,
		  struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile_as(rel, src, &pcb, &cp, &o);

	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

static void refused_as(const char *rel, const char *src, const char *expect,
		       struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile_as(rel, src, &pcb, &cp, &o);

	bt_test_printed(rc, &pcb, &cp, expect, _metadata);
}

/* 0.27: "stdin:1:31-33: ERROR: Undefined or undeclared variable: $q" */
TEST(after_block_027)
{
	refused_as("0.27", "BEGIN { { let $q = 1; } print($q); }",
		   "stdin:1:31-33: ERROR: Undefined or undeclared variable: $q\n"
		   "BEGIN { { let $q = 1; } print($q); }\n"
		   "                              ^~\n", _metadata);
	refused_as("0.27", "BEGIN { if (1) { $y = 1; } print($y); }",
		   "stdin:1:34-36: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } print($y); }\n"
		   "                                 ^~\n", _metadata);
	refused_as("0.27", "BEGIN { if (1) { let $y = 1; } print($y); }",
		   "stdin:1:38-40: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { let $y = 1; } print($y); }\n"
		   "                                     ^~\n", _metadata);
	refused_as("0.27",
		   "BEGIN { if (1) { $y = 1; } else { $y = 2; } print($y); }",
		   "stdin:1:51-53: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } else { $y = 2; } print($y); }\n"
		   "                                                  ^~\n",
		   _metadata);
	refused_as("0.27", "BEGIN { unroll(2) { $y = 1; } print($y); }",
		   "stdin:1:37-39: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { unroll(2) { $y = 1; } print($y); }\n"
		   "                                    ^~\n", _metadata);
	refused_as("0.27", "BEGIN { for ($i : 0..2) { } print($i); }",
		   "stdin:1:35-37: ERROR: Undefined or undeclared variable: $i\n"
		   "BEGIN { for ($i : 0..2) { } print($i); }\n"
		   "                                  ^~\n", _metadata);
	refused_as("0.27", "BEGIN { if (1) { $y = 1; } @a = $y; }",
		   "stdin:1:33-35: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } @a = $y; }\n"
		   "                                ^~\n", _metadata);
	refused_as("0.27", "BEGIN { if (1) { $y = 1; } if ($y) { } }",
		   "stdin:1:32-34: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } if ($y) { } }\n"
		   "                               ^~\n", _metadata);
}

/* 0.27 reads the value before the assignment declares, and ++ reads */
TEST(read_before_declared_027)
{
	refused_as("0.27", "BEGIN { $x = $x + 1; }",
		   "stdin:1:14-16: ERROR: Undefined or undeclared variable: $x\n"
		   "BEGIN { $x = $x + 1; }\n"
		   "             ^~\n", _metadata);
	refused_as("0.27", "BEGIN { $x += 1; }",
		   "stdin:1:9-11: ERROR: Undefined or undeclared variable: $x\n"
		   "BEGIN { $x += 1; }\n"
		   "        ^~\n", _metadata);
	refused_as("0.27", "BEGIN { $x++; }",
		   "stdin:1:9-11: ERROR: Undefined or undeclared variable: $x\n"
		   "BEGIN { $x++; }\n"
		   "        ^~\n", _metadata);
	refused_as("0.27", "BEGIN { print($q); }",
		   "stdin:1:15-17: ERROR: Undefined or undeclared variable: $q\n"
		   "BEGIN { print($q); }\n"
		   "              ^~\n", _metadata);
}

/* what 0.27 takes (run there with --dry-run: no error) */
TEST(known_027)
{
	ok_as("0.27", "BEGIN { let $x; if (1) { $x = 1; } print($x); }",
	      _metadata);
	ok_as("0.27", "BEGIN { $x = 1; { $x = 2; } print($x); }", _metadata);
	ok_as("0.27", "BEGIN { $x = 2; if (1) { $x = 1; } print($x); }",
	      _metadata);
	ok_as("0.27", "BEGIN { for ($i : 0..2) { print($i); } }", _metadata);
	ok_as("0.27", "BEGIN { { let $q = 1; print($q); } }", _metadata);
	ok_as("0.27", "macro add($a, $b) { $a + $b } "
	      "BEGIN { $x = 1; print(add($x, 2)); }", _metadata);
}

/*
 * 0.23 refuses the same programs (0.22's scoping), at other columns for
 * some: "stdin:1:28-36" for print($y), its whole call. Here the $x's.
 */
TEST(after_block_023)
{
	refused_as("0.23", "BEGIN { if (1) { $y = 1; } $z = $y + 1; }",
		   "stdin:1:33-35: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } $z = $y + 1; }\n"
		   "                                ^~\n", _metadata);
	refused_as("0.23",
		   "BEGIN { if (1) { $y = 1; } printf(\"%d\\n\", $y); }",
		   "stdin:1:43-45: ERROR: Undefined or undeclared variable: $y\n"
		   "BEGIN { if (1) { $y = 1; } printf(\"%d\\n\", $y); }\n"
		   "                                          ^~\n", _metadata);
}

/* 0.17's $x belonged to its probe (0.22 made them block scoped) */
TEST(probe_scoped_017)
{
	ok_as(NULL, "BEGIN { if (1) { $y = 1; } print($y); }", _metadata);
	ok_as("0.17", "BEGIN { { let $q = 1; } print($q); }", _metadata);
	ok_as("0.21", "BEGIN { for ($i : 0..2) { } print($i); }", _metadata);
}

/* src compiles as rel; its warnings (pcb_fewarn) are expect, or none */
static void warns_as(const char *rel, const char *src, const char *expect,
		     struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile_as(rel, src, &pcb, &cp, &o);

	if (expect) {
		EXPECT_STREQ(expect, pcb.pcb_fewarn ? pcb.pcb_fewarn : "");
	} else {
		EXPECT_EQ(NULL, pcb.pcb_fewarn);
	}
	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

/*
 * 0.27's "Return value discarded." as forky's bpftrace 0.27.0 printed
 * each (--dry-run, on stdout): the value's columns, up to its ';' when
 * a statement follows it.
 */
TEST(discarded_027)
{
	warns_as("0.27", "BEGIN { @a[1] = 1; delete(@a[1]); }",
		 "stdin:1:20-33: WARNING: Return value discarded.\n"
		 "BEGIN { @a[1] = 1; delete(@a[1]); }\n"
		 "                   ~~~~~~~~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { delete(@a, tid); @a[1] = 1; }",
		 "stdin:1:9-25: WARNING: Return value discarded.\n"
		 "BEGIN { delete(@a, tid); @a[1] = 1; }\n"
		 "        ~~~~~~~~~~~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { $x = 1; delete(@a, $x) ; @a[1] = 1; }",
		 "stdin:1:17-33: WARNING: Return value discarded.\n"
		 "BEGIN { $x = 1; delete(@a, $x) ; @a[1] = 1; }\n"
		 "                ~~~~~~~~~~~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { @a[1] = 1; if (1) { delete(@a[1]) } }",
		 "stdin:1:29-42: WARNING: Return value discarded.\n"
		 "BEGIN { @a[1] = 1; if (1) { delete(@a[1]) } }\n"
		 "                            ~~~~~~~~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { @a[1] = 1; has_key(@a, 1); }",
		 "stdin:1:20-34: WARNING: Return value discarded.\n"
		 "BEGIN { @a[1] = 1; has_key(@a, 1); }\n"
		 "                   ~~~~~~~~~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { $x = 1; $x + 1; }",
		 "stdin:1:17-23: WARNING: Return value discarded.\n"
		 "BEGIN { $x = 1; $x + 1; }\n"
		 "                ~~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN { kstack; }",
		 "stdin:1:9-15: WARNING: Return value discarded.\n"
		 "BEGIN { kstack; }\n"
		 "        ~~~~~~\n", _metadata);
	/* two clauses, each its own */
	warns_as("0.27", "BEGIN { @a[1] = 1; delete(@a[1]);\n}\n"
		 "END { delete(@a[1]); }",
		 "stdin:1:20-33: WARNING: Return value discarded.\n"
		 "BEGIN { @a[1] = 1; delete(@a[1]);\n"
		 "                   ~~~~~~~~~~~~~\n"
		 "stdin:3:7-20: WARNING: Return value discarded.\n"
		 "END { delete(@a[1]); }\n"
		 "      ~~~~~~~~~~~~~\n", _metadata);
}

/* none for what takes the value or returns none (0.27: no output) */
TEST(not_discarded_027)
{
	warns_as("0.27", "BEGIN { @a[1] = 1; _ = delete(@a[1]); }", NULL,
		 _metadata);
	warns_as("0.27", "BEGIN { @x++; $y = 1; $y++; }", NULL, _metadata);
	warns_as("0.27", "BEGIN { printf(\"x\"); print(1); exit(); }", NULL,
		 _metadata);
	warns_as("0.27", "BEGIN { @a = count(); }", NULL, _metadata);
}

/* a clause of N attach points: N times, each "expanded from" (0.27) */
TEST(discarded_expanded_027)
{
	warns_as("0.27", "BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }",
		 "stdin:1:31-44: WARNING: Return value discarded.\n"
		 "BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }\n"
		 "                              ~~~~~~~~~~~~~\n"
		 "stdin:1:12-17: WARNING: expanded from\n"
		 "BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }\n"
		 "           ~~~~~\n"
		 "stdin:1:31-44: WARNING: Return value discarded.\n"
		 "BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }\n"
		 "                              ~~~~~~~~~~~~~\n"
		 "stdin:1:12-17: WARNING: expanded from\n"
		 "BEGIN, END /pid/ { @a[1] = 1; delete(@a[1]); }\n"
		 "           ~~~~~\n", _metadata);
	warns_as("0.27", "BEGIN, END { @a[1] = 1; delete(@a[1]); }",
		 "stdin:1:25-38: WARNING: Return value discarded.\n"
		 "BEGIN, END { @a[1] = 1; delete(@a[1]); }\n"
		 "                        ~~~~~~~~~~~~~\n"
		 "stdin:1:12-41: WARNING: expanded from\n"
		 "BEGIN, END { @a[1] = 1; delete(@a[1]); }\n"
		 "           ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
		 "stdin:1:25-38: WARNING: Return value discarded.\n"
		 "BEGIN, END { @a[1] = 1; delete(@a[1]); }\n"
		 "                        ~~~~~~~~~~~~~\n"
		 "stdin:1:12-41: WARNING: expanded from\n"
		 "BEGIN, END { @a[1] = 1; delete(@a[1]); }\n"
		 "           ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n", _metadata);
	/* one attach point with a filter: once, no "expanded from" */
	warns_as("0.27", "BEGIN /1/ { @a[1] = 1; delete(@a[1]); }",
		 "stdin:1:24-37: WARNING: Return value discarded.\n"
		 "BEGIN /1/ { @a[1] = 1; delete(@a[1]); }\n"
		 "                       ~~~~~~~~~~~~~\n", _metadata);
}

/* before 0.27 (0.17 and 0.23 print none of these) */
TEST(no_warnings_before_027)
{
	warns_as(NULL, "BEGIN { @a[1] = 1; delete(@a[1]); }", NULL, _metadata);
	warns_as("0.23", "BEGIN { @a[1] = 1; delete(@a[1]); }", NULL,
		 _metadata);
}

TEST_HARNESS_MAIN
