// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace 0.23 to 0.27's language on the host (bt_let.c, bt_task.c, bt_getopt.c, bt_lookup.c,
 * bt_flow.c's for, the grammar): each program compiles, its DIF
 * verifies, and where the form matters its D (as -d prints it) is what
 * is expected; the errors are bpftrace's words.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_dump.h"
#include "bt_parse.h"
#include "dt_btargs.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"
#include "bt_test.h"

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	static char *const argv[] = { "dtrace", NULL };

	return bt_test_compile(src, pcb, cp, o, 1, argv);
}

/* src compiles and verifies; its D (-d) holds each of want's lines. */
static void lowers(const char *src, const char *const *want,
		   struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc = compile(src, &pcb, &cp, &o);

	if (!rc) {
		fp = open_memstream(&buf, &len);
		dt_bt_dump(fp, &cp);
		fclose(fp);
		for (; want && *want; want++) {
			if (!strstr(buf, *want))
				TH_LOG("%s: no \"%s\" in\n%s", src, *want,
				       buf);
			EXPECT_NE(NULL, strstr(buf, *want));
		}
		free(buf);
	}
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

#define W(...)	((const char *const []){ __VA_ARGS__, NULL })

TEST(let)
{
	lowers("BEGIN { let $x; let $y = 5; let $z: uint8 = 300; "
	       "let $w: int16; $x = $y + $z + $w; printf(\"%d\\n\", $x); }",
	       W("    this->y = 5;\n", "    this->z = 44;\n",
		 "    this->w = 0;\n"), _metadata);
	/* tcpconnect's: declared, then given a value in each branch */
	lowers("kprobe:f { let $a; if (arg0) { $a = \"x\"; } else "
	       "{ $a = \"y\"; } printf(\"%s\\n\", $a); }", NULL, _metadata);
}

TEST(let_map)
{
	lowers("let @m = lruhash(4096); let @n = hash(2);\n"
	       "kprobe:f { @m[tid] = arg0; @n[1] = 2; }", NULL, _metadata);
	printed("let @m = btree(4);\nBEGIN { }",
		"stdin:1:10-15: ERROR: Invalid bpf map type: btree (hash, "
		"lruhash, percpuhash or percpulruhash)\n"
		"let @m = btree(4);\n"
		"         ^~~~~\n", _metadata);
}

/* Each value as bpftrace 0.27 printed it in the forky guest (print(N)) */
TEST(numbers)
{
	static const struct {
		const char	*text;
		uint64_t	val;
	} ok[] = {
		{ "1ns", 1 }, { "2ns", 2 }, { "5us", 5000 },
		{ "100ms", 100000000 }, { "1s", 1000000000 },
		{ "1m", 60000000000ull }, { "1h", 3600000000000ull },
		{ "1d", 86400000000000ull }, { "1_000", 1000 },
		{ "1e6", 1000000 }, { "3E2", 300 }, { "10u", 10 },
		{ "10ul", 10 }, { "10ull", 10 }, { "10l", 10 }, { "10ll", 10 },
		{ "017", 15 }, { "0x1_f", 31 }, { "1_000ms", 1000000000 },
	};
	struct bt_num_err err;
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		v = 0;
		EXPECT_EQ(0, bt_num_parse(ok[i].text, &v, &err))
			TH_LOG("%s: %s", ok[i].text, err.msg);
		EXPECT_EQ(ok[i].val, v) TH_LOG("%s", ok[i].text);
	}
	/* longer than any buffer of bt_num.c: an overflow, whole */
	{
		char big[301];

		memset(big, '9', 300);
		big[300] = '\0';
		EXPECT_EQ(-1, bt_num_parse(big, &v, &err));
		EXPECT_EQ(0, err.off);
		EXPECT_EQ(300, err.len);
		EXPECT_EQ(0, strncmp(err.msg, "overflow error", 14));
		memset(big, '_', 299);
		big[0] = '1';
		EXPECT_EQ(0, bt_num_parse(big, &v, &err));
		EXPECT_EQ(19, v);
		big[299] = '_';
		EXPECT_EQ(-1, bt_num_parse(big, &v, &err));
		EXPECT_STREQ("trailing underscore in integer literal",
			     err.msg);
	}
	lowers("BEGIN { print(1m); @t = nsecs + 100ms; }",
	       W("printf(\"%d\\n\", 60000000000);", "timestamp + 100000000"),
	       _metadata);
}

/* 0.27's words and places for a bad number (its caret is ~~~) */
TEST(numbers_invalid)
{
	printed("BEGIN { print(1e0); }",
		"stdin:1:15-18: ERROR: invalid trailing bytes: 1e0\n"
		"BEGIN { print(1e0); }\n              ^~~\n", _metadata);
	printed("BEGIN { print(10e3); }",
		"stdin:1:15-19: ERROR: coefficient part of scientific "
		"literal must be 1-9: 10e3\n"
		"BEGIN { print(10e3); }\n              ^~~~\n", _metadata);
	printed("BEGIN { print(1_); }",
		"stdin:1:16-17: ERROR: trailing underscore in integer "
		"literal\nBEGIN { print(1_); }\n               ^\n", _metadata);
	printed("BEGIN { print(1sec); }",
		"stdin:1:17-19: ERROR: invalid integer suffix 'ec'\n"
		"BEGIN { print(1sec); }\n                ^~\n", _metadata);
	printed("BEGIN { print(5x); }",
		"stdin:1:16-17: ERROR: invalid integer suffix 'x'\n"
		"BEGIN { print(5x); }\n               ^\n", _metadata);
	printed("BEGIN { print(4294967296u); }",
		"stdin:1:15-26: ERROR: overflow error, maximum value is "
		"4294967295: 4294967296u\n"
		"BEGIN { print(4294967296u); }\n              ^~~~~~~~~~~\n",
		_metadata);
	printed("BEGIN { print(300000d); }",
		"stdin:1:15-22: ERROR: overflow error, maximum value is "
		"18446744073709551615: 300000d\n"
		"BEGIN { print(300000d); }\n              ^~~~~~~\n",
		_metadata);
	printed("BEGIN { print(1U); }",
		"stdin:1:15-17: ERROR: invalid trailing bytes: 1U\n"
		"BEGIN { print(1U); }\n              ^~\n", _metadata);
	printed("BEGIN { print(0x); }",
		"stdin:1:15-17: ERROR: invalid integer: \n"
		"BEGIN { print(0x); }\n              ^~\n", _metadata);
}

/* 0.27's _ = v (run there): v evaluated, kept nowhere, any type */
TEST(discard)
{
	lowers("BEGIN { @m[1] = 1; _ = delete(@m, 1); _ = 1 + 2; _ = \"s\"; }",
	       W("this->%_1.20 = (@m[1] != 0);\n    @m[1] = 0;\n",
		 "this->%_1.39 = 3;", "this->%_1.50 = \"s\";"), _metadata);
}

TEST(if_without_parentheses)
{
	lowers("kprobe:f { if arg0 > 1 { @a = 1; } else if arg1 { @b = 2; } "
	       "else { @c = 3; } }", W("(arg0 > 1)"), _metadata);
	lowers("kprobe:f { if (arg0) { @a = 1; } }", NULL, _metadata);
}

TEST(for_range)
{
	/* a known count: exactly 3 copies, no bound to report */
	lowers("BEGIN { for ($i : 0..3) { if ($i == 1) { continue; } "
	       "printf(\"%d\\n\", $i); } }",
	       W("    this->i = 0;\n", "this->i += 1;\n"), _metadata);
	lowers("BEGIN { for $i : 2..nsecs { if ($i > 5) { break; } } }",
	       W("this->%e1.13 = timestamp;\n",
		 "while loop still running after 100 iterations"),
	       _metadata);
	printed("BEGIN { for $kv : @m { } }",
		"stdin:1:9-12: ERROR: for loops over maps are not supported: "
		"they would walk the whole map in probe context\n"
		"BEGIN { for $kv : @m { } }\n"
		"        ^~~\n", _metadata);
}

TEST(delete_value)
{
	lowers("BEGIN { @m[1] = 2; $x = delete(@m, 1); $y = delete(@m[1]); "
	       "printf(\"%d %d\\n\", $x, $y); }",
	       W("    this->x = (@m[1] != 0);\n    @m[1] = 0;\n"),
	       _metadata);
}

TEST(tuple_keys_of_calls)
{
	lowers("kprobe:f { $k = (arg0, arg1); @s[$k] = 1; }\n"
	       "kretprobe:f /has_key(@s, (arg0, arg1))/ { $k = (arg0, arg1); "
	       "delete(@s, $k); }",
	       W("/(@s[arg0, arg1] != 0)/", "@s[this->k.0`1, this->k.1`1] = 0;"),
	       _metadata);
}

TEST(dot_through_pointers)
{
	lowers("struct s { int a; struct s *next; };\n"
	       "kprobe:f { $p = (struct s *)arg0; $x = $p.next.a; }",
	       W("this->p->next->a"), _metadata);
}

TEST(string_characters)
{
	/* forky's opensnoop: compared beside a literal's, as substrings */
	lowers("kprobe:f { $p = str(arg0); if ($p[0] != \"/\"[0]) "
	       "{ printf(\"rel\\n\"); } }",
	       W("(substr(this->p, 0, 1) != substr(\"/\", 0, 1))"),
	       _metadata);
}

TEST(booleans)
{
	lowers("BEGIN { $t = true; $f = false; printf(\"%d %d\\n\", $t, $f); }",
	       W("    this->t = 1;\n", "    this->f = 0;\n"), _metadata);
}

TEST(getopt_named)
{
	static char a[] = "p1", b[] = "--depth=20", c[] = "--flag",
		    d[] = "p2", e[] = "--name=x";
	char *av[] = { a, b, c, d, e, NULL };

	EXPECT_EQ(2, bt_named_take(av, 5));
	EXPECT_STREQ("p1", av[0]);
	EXPECT_STREQ("p2", av[1]);
	lowers("macro depth() { getopt(\"depth\", 35, \"how deep\") }\n"
	       "BEGIN { printf(\"%d %d %d %s %s\\n\", depth, getopt(\"flag\"), "
	       "getopt(\"none\", false), getopt(\"name\", \"d\"), "
	       "getopt(\"other\", \"d\")); }",
	       W("printf(\"%d %d %d %s %s\\n\", 20, 1, 0, \"x\", \"d\");"),
	       _metadata);
	printed("BEGIN { getopt(1); }",
		"stdin:1:9-15: ERROR: First argument to 'getopt' must be a "
		"string literal.\n"
		"BEGIN { getopt(1); }\n"
		"        ^~~~~~\n", _metadata);
	bt_named_take(av, 0);
}

TEST(tables)
{
	/* system calls and errors: trees of ?: that the verifier takes */
	lowers("tracepoint:raw_syscalls:sys_enter { "
	       "@[syscall_name(args.id)] = count(); }",
	       W("\"read\"", "\"openat\""), _metadata);
	lowers("kretprobe:f { printf(\"%s\\n\", strerror(retval)); }",
	       W("\"No such file or directory\""), _metadata);
	lowers("BEGIN { @name[0] = ksym(0); } kprobe:f { @name[tid] = func; }",
	       W("@name[0] = \"0x0\";"), _metadata);
}

TEST(missing_probes)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	static const char *const how[] = { "warn", "ignore", "error" };
	char src[128];
	int i;

	for (i = 0; i < 3; i++) {
		snprintf(src, sizeof(src), "config = { missing_probes = %s }\n"
			 "BEGIN { }", how[i]);
		EXPECT_EQ(0, compile(src, &pcb, &cp, &o));
		EXPECT_EQ(i, o.o_missing);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
	printed("config = { missing_probes = \"maybe\" }\nBEGIN { }",
		"stdin:1:29-36: ERROR: Invalid value for missing_probes: "
		"valid values are ignore, warn, error\n"
		"config = { missing_probes = \"maybe\" }\n"
		"                            ^~~~~~~\n", _metadata);
}

TEST_HARNESS_MAIN
