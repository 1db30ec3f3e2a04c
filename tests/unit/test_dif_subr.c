// SPDX-License-Identifier: GPL-2.0
/*
 * Subroutines: a table of calls and what they must return.
 *
 * Each row is the body of a program whose arguments are pushed by the
 * S1()/S2()/S3() helpers below; the result is compared as a string
 * (want_str) or as an integer (want_int), or the fault is checked.
 */
#include <stdio.h>
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

/* Push string constants or integers and call. */
#define STR(r, s)	"sets \"" s "\", %r" #r "\n"
#define INT(r, v)	"setx " #v ", %r" #r "\n"
#define CALL1(f)	"pushtv %r1\n call " f ", %r9\n ret %r9"
#define CALL2(f)	"pushtv %r1\n pushtv %r2\n call " f ", %r9\n ret %r9"
#define CALL3(f)	"pushtv %r1\n pushtv %r2\n pushtv %r3\n call " f \
			", %r9\n ret %r9"

struct dift_scase {
	const char	*text;
	const char	*want_str;	/* NULL: compare want_int */
	u64		want_int;
	u32		fault;
};

/* Rows: a string result, an integer result, or a fault. */
#define S(text, str)	{ text, str, 0, 0 }
#define I(text, v)	{ text, NULL, v, 0 }
#define F(text, f)	{ text, NULL, 0, f }

static const struct dift_scase dift_scases[] = {
	I(STR(1, "hello") CALL1("strlen"), 5),
	I(STR(1, "") CALL1("strlen"), 0),
	S(STR(1, "foo") STR(2, "bar") CALL2("strjoin"), "foobar"),
	S(STR(1, "") STR(2, "") CALL2("strjoin"), ""),
	S(STR(1, "hello") INT(2, 1) INT(3, 3) CALL3("substr"), "ell"),
	S(STR(1, "hello") INT(2, -2) INT(3, 256) CALL3("substr"), "lo"),
	S(STR(1, "hello") INT(2, 1) INT(3, -1) CALL3("substr"), "ell"),
	S(STR(1, "hello") INT(2, -10) INT(3, 7) CALL3("substr"), "he"),
	S(STR(1, "hello") INT(2, -10) INT(3, 2) CALL3("substr"), ""),
	S(STR(1, "hello") INT(2, 10) INT(3, 2) CALL3("substr"), ""),
	S(STR(1, "hello") INT(2, 0) INT(3, -9) CALL3("substr"), ""),
	/* starts 2^63 - 5 bytes early, and reaches 4 bytes in */
	S(STR(1, "hello") INT(2, 0x8000000000000000) INT(3, 0x7fffffffffffffff)
	  CALL3("substr"), "hell"),
	S(STR(1, "hello") INT(2, 2) INT(3, 0x7fffffffffffffff)
	  CALL3("substr"), "llo"),
	I(STR(1, "hello hello") STR(2, "llo") CALL2("index"), 2),
	I(STR(1, "hello hello") STR(2, "llo") CALL2("rindex"), 8),
	I(STR(1, "hello") STR(2, "xyz") CALL2("index"), (u64)-1),
	I(STR(1, "hello") STR(2, "") CALL2("index"), 0),
	I(STR(1, "hello") STR(2, "") CALL2("rindex"), 5),
	I(STR(1, "hi") STR(2, "longer") CALL2("rindex"), (u64)-1),
	I(STR(1, "aaaa") STR(2, "aa") CALL2("index"), 0),
	I(STR(1, "aaaa") STR(2, "aa") CALL2("rindex"), 2),
	/* with a start: index from it on, rindex from it back */
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 3) CALL3("index_at"), 8),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, -5) CALL3("index_at"),
	  2),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 9) CALL3("index_at"),
	  (u64)-1),
	I(STR(1, "hello") STR(2, "") INT(3, 5) CALL3("index_at"), 5),
	I(STR(1, "hello") STR(2, "") INT(3, 6) CALL3("index_at"), (u64)-1),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 7) CALL3("rindex_at"),
	  2),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 8) CALL3("rindex_at"),
	  8),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 100)
	  CALL3("rindex_at"), 8),
	I(STR(1, "hello hello") STR(2, "llo") INT(3, 1) CALL3("rindex_at"),
	  (u64)-1),
	I(STR(1, "hello") STR(2, "l") INT(3, -1) CALL3("rindex_at"), (u64)-1),
	S(STR(1, "/a/./b//c/../d/") CALL1("cleanpath"), "/a/b/d/"),
	S(STR(1, "/..") CALL1("cleanpath"), "/"),
	S(STR(1, "/../x") CALL1("cleanpath"), "/x"),
	S(STR(1, "/a/b/../..") CALL1("cleanpath"), "/"),
	S(STR(1, "a/../b") CALL1("cleanpath"), "b"),
	S(STR(1, "a/../../b") CALL1("cleanpath"), "../b"),
	S(STR(1, "../../x/./y") CALL1("cleanpath"), "../../x/y"),
	S(STR(1, "x/.") CALL1("cleanpath"), "x"),
	S(STR(1, "") CALL1("cleanpath"), ""),
	S(STR(1, "a,b;c") STR(2, ";,") CALL2("strtok"), "a"),
	S(STR(1, ",;,xy;z") STR(2, ";,") CALL2("strtok"), "xy"),
	S(STR(1, "no delims") STR(2, "") CALL2("strtok"), "no delims"),
	S(STR(1, "a/b/c") INT(2, 47) CALL2("strchr"), "/b/c"),
	S(STR(1, "a/b/c") INT(2, 47) CALL2("strrchr"), "/c"),
	I(STR(1, "abc") INT(2, 120) CALL2("strchr"), 0),
	S(STR(1, "abc") INT(2, 0) CALL2("strchr"), ""),
	S(STR(1, "haystack") STR(2, "st") CALL2("strstr"), "stack"),
	I(STR(1, "haystack") STR(2, "sx") CALL2("strstr"), 0),
	S(STR(1, "/usr/lib/libc.so") CALL1("basename"), "libc.so"),
	S(STR(1, "/usr/lib/") CALL1("basename"), "lib"),
	S(STR(1, "/") CALL1("basename"), "/"),
	S(STR(1, "") CALL1("basename"), "."),
	S(STR(1, "file") CALL1("basename"), "file"),
	S(STR(1, "/usr/lib/libc.so") CALL1("dirname"), "/usr/lib"),
	S(STR(1, "/usr//lib//") CALL1("dirname"), "/usr"),
	S(STR(1, "/usr") CALL1("dirname"), "/"),
	S(STR(1, "//") CALL1("dirname"), "/"),
	S(STR(1, "file") CALL1("dirname"), "."),
	S(STR(1, "") CALL1("dirname"), "."),
	S(INT(1, 12345) CALL1("lltostr"), "12345"),
	S(INT(1, 0) CALL1("lltostr"), "0"),
	S(INT(1, -42) CALL1("lltostr"), "-42"),
	S(INT(1, 0x8000000000000000) CALL1("lltostr"), "-9223372036854775808"),
	I(STR(1, "  -0x1F") INT(2, 16) CALL2("strtoll"), (u64)-31),
	I(STR(1, "123abc") INT(2, 10) CALL2("strtoll"), 123),
	I(STR(1, "\t+777") INT(2, 8) CALL2("strtoll"), 511),
	I(STR(1, "zz") INT(2, 36) CALL2("strtoll"), 1295),
	I(STR(1, "1012") INT(2, 2) CALL2("strtoll"), 5),
	I(STR(1, "") INT(2, 10) CALL2("strtoll"), 0),
	I(STR(1, "-") INT(2, 10) CALL2("strtoll"), 0),
	I(STR(1, "0x") INT(2, 16) CALL2("strtoll"), 0),
	I(STR(1, "9223372036854775808") INT(2, 10) CALL2("strtoll"),
	  0x8000000000000000ull),	/* wraps, as DTrace's */
	F(STR(1, "1") INT(2, 1) CALL2("strtoll"), DIF_FAULT_ILLOP),
	F(STR(1, "1") INT(2, 37) CALL2("strtoll"), DIF_FAULT_ILLOP),
	S(STR(1, "MiXed 1!") CALL1("toupper"), "MIXED 1!"),
	S(STR(1, "MiXed 1!") CALL1("tolower"), "mixed 1!"),
	I(INT(1, 0x1234) CALL1("htons"), 0x3412),
	I(INT(1, 0x12345678) CALL1("htonl"), 0x78563412),
	I(INT(1, 0x0102030405060708) CALL1("htonll"), 0x0807060504030201),
	I(INT(1, 0xff1234) CALL1("ntohs"), 0x3412),
	I(INT(1, 0x12345678) CALL1("ntohl"), 0x78563412),
	I(INT(1, 0x0102030405060708) CALL1("ntohll"), 0x0807060504030201),
	S(STR(1, "same") CALL1("stringof"), "same"),
	I(INT(1, 77) CALL1("progenyof"), 1),
	I(INT(1, 78) CALL1("progenyof"), 0),
	I("call speculation, %r9\n ret %r9", 3),
	I(INT(1, 24) CALL1("alloca") "\n", 0),	/* checked below */
	F("pushtv %r0\n call strlen, %r9\n ret %r9", DIF_FAULT_BADADDR),
	F(INT(1, 100000) CALL1("alloca"), DIF_FAULT_NOSCRATCH),
	F(STR(1, "x") STR(2, "y") INT(3, 1) CALL3("bcopy"), DIF_FAULT_BADADDR),
};

FIXTURE(subr) {
	struct dift *t;
};

FIXTURE_SETUP(subr)
{
	self->t = dift_new();
	self->t->env.progeny_pid = 77;
	self->t->env.next_spec = 3;
}

FIXTURE_TEARDOWN(subr)
{
	free(self->t);
}

TEST_F(subr, table)
{
	struct dift *t = self->t;
	char out[300];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dift_scases); i++) {
		const struct dift_scase *c = &dift_scases[i];
		u64 r;

		ASSERT_EQ(0, dift_asm(t, c->text))
			TH_LOG("%zu: %s%s", i, t->as.err, t->logbuf);
		r = dift_run(t);
		EXPECT_EQ(c->fault, t->ms.fault.kind)
			TH_LOG("%zu: %s", i, c->text);
		if (c->fault)
			continue;
		if (!c->want_str) {
			if (strstr(c->text, "alloca"))
				continue;
			EXPECT_EQ(c->want_int, r) TH_LOG("%zu: %s", i, c->text);
			continue;
		}
		ASSERT_NE(0, r) TH_LOG("%zu: %s", i, c->text);
		EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out),
					     false));
		EXPECT_STREQ(c->want_str, out) TH_LOG("%zu: %s", i, c->text);
	}
}

/* Pointer results point into the argument, as in DTrace. */
TEST_F(subr, pointers_into_argument)
{
	struct dift *t = self->t;
	static const char kstr[] = "key=value";

	dif_uenv_map(&t->env, kstr, sizeof(kstr), 0);
	t->env.args[0] = (u64)(unsigned long)kstr;
	EXPECT_EQ(t->env.args[0] + 3, dift_asm_run(t,
		"ldb arg0, %r1\n seti 61, %r2\n" CALL2("strchr")));
	EXPECT_EQ(t->env.args[0] + 4, dift_asm_run(t,
		"ldb arg0, %r1\n sets \"val\", %r2\n" CALL2("strstr")));
	/* kernel strings use scratch only while the call runs */
	EXPECT_EQ(0, t->ms.scratch_used);
}

TEST_F(subr, strtok)
{
	struct dift *t = self->t;
	static const char *const want[] = { "usr", "local", "bin", NULL };
	char out[32];
	size_t i;
	u64 r;

	/* first call with the string, then with NULL, in one firing */
	ASSERT_EQ(0, dift_asm(t,
		".var global 1 int\n"
		"ldgs 1, %r4\n bnz %r4, again\n"
		"sets \"//usr/local//bin/\", %r1\n ba call\n"
		"again: mov %r0, %r1\n"
		"call: sets \"/\", %r2\n pushtv %r1\n pushtv %r2\n"
		"call strtok, %r3\n seti 1, %r4\n stgs %r4, 1\n ret %r3"));
	dif_mstate_reset(&t->ms);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		r = dif_exec(&t->prog, &t->ms);
		ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
		if (!want[i]) {
			EXPECT_EQ(0, r);
			continue;
		}
		ASSERT_NE(0, r);
		dif_copy_string(&t->ms, out, r, sizeof(out), false);
		EXPECT_STREQ(want[i], out);
	}
	/* a new firing forgets the position */
	dif_mstate_reset(&t->ms);
	EXPECT_EQ(0, dif_exec(&t->prog, &t->ms));
	/* only delimiters: no token */
	EXPECT_EQ(0, dift_asm_run(t, STR(1, "///") STR(2, "/") CALL2("strtok")));
}

TEST_F(subr, rand)
{
	struct dift *t = self->t;
	u64 a, b;

	ASSERT_EQ(0, dift_asm(t, "call rand, %r1\n ret %r1"));
	a = dift_run(t);
	b = dift_run(t);
	EXPECT_NE(a, b);
}

TEST_F(subr, copyin_family)
{
	struct dift *t = self->t;
	static const char ustr[] = "from user";
	static const u64 uval = 0x1122334455667788ULL;
	static const u64 kval = 0xaabbccddeeff0011ULL;
	char out[32];
	u64 r;

	dif_uenv_map(&t->env, ustr, sizeof(ustr), DIF_UR_USER);
	dif_uenv_map(&t->env, &uval, 8, DIF_UR_USER);
	dif_uenv_map(&t->env, &kval, 8, 0);
	t->env.args[0] = (u64)(unsigned long)ustr;
	t->env.args[1] = (u64)(unsigned long)&uval;
	t->env.args[2] = (u64)(unsigned long)&kval;

	r = dift_asm_run(t, "ldb arg0, %r1\n" CALL1("copyinstr"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("from user", out);
	EXPECT_EQ(uval, dift_asm_run(t, "ldb arg1, %r1\n seti 8, %r2\n"
		"pushtv %r1\n pushtv %r2\n call copyin, %r3\n"
		"ldx [%r3+0], %r4\n ret %r4"));
	EXPECT_EQ(uval, dift_asm_run(t, "seti 16, %r5\n pushtv %r5\n"
		"call alloca, %r3\n ldb arg1, %r1\n seti 8, %r2\n"
		"pushtv %r1\n pushtv %r2\n pushtv %r3\n call copyinto, %r6\n"
		"ldx [%r3+0], %r4\n ret %r4"));
	EXPECT_EQ(kval, dift_asm_run(t, "seti 16, %r5\n pushtv %r5\n"
		"call alloca, %r3\n ldb arg2, %r1\n seti 8, %r2\n"
		"pushtv %r1\n pushtv %r3\n pushtv %r2\n call bcopy, %r6\n"
		"ldx [%r3+0], %r4\n ret %r4"));
	/* zero bytes from anywhere is nothing */
	EXPECT_NE(0, dift_asm_run(t, "seti 8, %r1\n pushtv %r1\n pushtv %r0\n"
				  "call copyin, %r3\n ret %r3"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	/* alloca zeroes; copyin of kernel memory is a fault */
	EXPECT_EQ(0, dift_asm_run(t, "seti 16, %r5\n pushtv %r5\n"
		"call alloca, %r3\n ldx [%r3+8], %r4\n ret %r4"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dift_asm_run(t, "ldb arg2, %r1\n seti 8, %r2\n pushtv %r1\n"
		     "pushtv %r2\n call copyin, %r3\n ret %r3");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	/* a faulting call gives its scratch back */
	EXPECT_EQ(0, t->ms.scratch_used);
	/* copyinto past the alloca'd space */
	dift_asm_run(t, "seti 8, %r5\n pushtv %r5\n call alloca, %r3\n"
		     "ldb arg1, %r1\n seti 16, %r2\n pushtv %r1\n pushtv %r2\n"
		     "pushtv %r3\n call copyinto, %r6\n ret %r6");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
}

/* inet_ntoa( ), inet_ntoa6( ), inet_ntop( ): text of bytes in memory. */
TEST_F(subr, inet)
{
	static const u8 v4[4] = { 192, 168, 1, 20 };
	static const u8 v6[][16] = {
		{ 0xfe, 0x80, 0, 0, 0, 0, 0, 0,
		  0x02, 0x14, 0x4f, 0xff, 0xfe, 0x0b, 0x76, 0xc8 },
		{ 0x10, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 0, 0x0c, 0x41,
		  0x7a },
		{ [15] = 1 },
		{ 0 },
		{ [12] = 0x7f, [15] = 1 },
		{ [10] = 0xff, [11] = 0xff, [12] = 0x7f, [15] = 1 },
		{ [10] = 0xff, [11] = 0xfe, [12] = 0x7f, [15] = 1 },
		{ 0xfe, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 2, 0x14 },
		{ 0xfe, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 2, 0x14,
		  0x4f, 0xff, 0xfe, 0x0b },
		{ 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0 },
	};
	static const char *const want6[] = {
		"fe80::214:4fff:fe0b:76c8", "1080::808:c:417a", "::1", "::",
		"127.0.0.1", "127.0.0.1", "::fffe:7f00:1",
		"fe12:3456:789a:bcde:214::",
		"fe12:3456:789a:bcde:214:4fff:fe0b:0", "1:0:2::3:0:0",
	};
	struct dift *t = self->t;
	char out[64];
	size_t i;
	u64 r;

	dif_uenv_map(&t->env, v4, sizeof(v4), 0);
	dif_uenv_map(&t->env, v6, sizeof(v6), 0);
	t->env.args[0] = (u64)(unsigned long)v4;
	r = dift_asm_run(t, "ldb arg0, %r1\n" CALL1("inet_ntoa"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("192.168.1.20", out);
	r = dift_asm_run(t, "seti 2, %r1\n ldb arg0, %r2\n"
			 CALL2("inet_ntop"));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("192.168.1.20", out);
	for (i = 0; i < ARRAY_SIZE(want6); i++) {
		t->env.args[0] = (u64)(unsigned long)v6[i];
		r = dift_asm_run(t, "ldb arg0, %r1\n" CALL1("inet_ntoa6"));
		ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
		dif_copy_string(&t->ms, out, r, sizeof(out), false);
		EXPECT_STREQ(want6[i], out) TH_LOG("address %zu", i);
		r = dift_asm_run(t, "seti 10, %r1\n ldb arg0, %r2\n"
				 CALL2("inet_ntop"));
		dif_copy_string(&t->ms, out, r, sizeof(out), false);
		EXPECT_STREQ(want6[i], out) TH_LOG("address %zu", i);
	}
	/* an unknown family, an address nobody may read */
	dift_asm_run(t, "seti 3, %r1\n ldb arg0, %r2\n" CALL2("inet_ntop"));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	dift_asm_run(t, "seti 64, %r1\n" CALL1("inet_ntoa"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.scratch_used);
}

/* copyinstr(addr, max); copyout( ) only where destructive and mapped. */
TEST_F(subr, copyout_family)
{
	static const char ustr[] = "from user";
	static char ubuf[16];
	struct dift *t = self->t;
	char out[32];
	u64 r;

	dif_uenv_map(&t->env, ustr, sizeof(ustr), DIF_UR_USER);
	dif_uenv_map(&t->env, ubuf, sizeof(ubuf), DIF_UR_USER | DIF_UR_WRITE);
	t->env.args[0] = (u64)(unsigned long)ustr;
	t->env.args[1] = (u64)(unsigned long)ubuf;
	r = dift_asm_run(t, "ldb arg0, %r1\n seti 4, %r2\n"
			 CALL2("copyinstr_max"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("from", out);
	r = dift_asm_run(t, "ldb arg0, %r1\n seti 0, %r2\n"
			 CALL2("copyinstr_max"));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("", out);

	/* refused unless destructive actions are allowed */
	dift_asm_run(t, STR(1, "hey") "ldb arg1, %r2\n seti 16, %r3\n"
		     CALL3("copyoutstr"));
	EXPECT_EQ(DIF_FAULT_UPRIV, t->ms.fault.kind);
	EXPECT_EQ(0, ubuf[0]);
	t->env.destructive = true;
	memset(ubuf, 'x', sizeof(ubuf));
	dift_asm_run(t, STR(1, "hey") "ldb arg1, %r2\n seti 16, %r3\n"
		     CALL3("copyoutstr"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(0, memcmp(ubuf, "hey\0xx", 6));
	/* maxlen cuts the string, NUL and all (as DTrace does) */
	dift_asm_run(t, STR(1, "abcdef") "ldb arg1, %r2\n seti 2, %r3\n"
		     CALL3("copyoutstr"));
	EXPECT_EQ(0, memcmp(ubuf, "aby\0xx", 6));
	dift_asm_run(t, "seti 8, %r4\n pushtv %r4\n call alloca, %r1\n"
		     "setx 0x3837363534333231, %r5\n stx %r5, [%r1+0]\n"
		     "ldb arg1, %r2\n seti 8, %r3\n" CALL3("copyout"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(0, memcmp(ubuf, "12345678xx", 10));
	/* past the writable memory, or to memory only readable */
	dift_asm_run(t, "seti 32, %r4\n pushtv %r4\n call alloca, %r1\n"
		     "ldb arg1, %r2\n seti 17, %r3\n" CALL3("copyout"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ('x', ubuf[15]);
	dift_asm_run(t, STR(1, "1") "ldb arg0, %r2\n seti 1, %r3\n"
		     CALL3("copyoutstr"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ('f', ustr[0]);
}

/* String results are bounded by strsize; scratch running out faults. */
TEST_F(subr, bounds)
{
	struct dift *t = self->t;
	char out[64];
	u64 r;

	t->ms.strsize = 4;
	r = dift_asm_run(t, STR(1, "abcdef") STR(2, "ghi") CALL2("strjoin"));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("abcd", out);
	EXPECT_EQ(4, dift_asm_run(t, STR(1, "abcdef") CALL1("strlen")));
	/* a PUSHTS bound tightens it further */
	EXPECT_EQ(2, dift_asm_run(t, STR(1, "abcdef")
		"pushts %r1, 2\n call strlen, %r9\n ret %r9"));
	t->ms.strsize = 256;
	t->ms.scratch_size = 16;
	dift_asm_run(t, STR(1, "abcdefghijkl") STR(2, "mnopqrstu") CALL2("strjoin"));
	EXPECT_EQ(DIF_FAULT_NOSCRATCH, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.scratch_used);
}

/*
 * A string argument may be stale bytes in scratch beyond what is
 * allocated; the result, allocated over them, may overlap its own
 * arguments. (Found by the fuzzer: memcpy-param-overlap in strjoin.)
 */
TEST_F(subr, argument_in_free_scratch)
{
	struct dift *t = self->t;
	u64 r;

	memset(t->scratch, 'z', 64);
	memcpy((char *)t->scratch + 16, "stale bytes", 12);
	r = dift_asm_run(t, "seti 8, %r1\n allocs %r1, %r2\n addi %r2, 16, %r3\n"
			 "pushtv %r3\n pushtv %r3\n call strjoin, %r4\n"
			 "pushtv %r4\n call toupper, %r5\n ret %r5");
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_NE(0, r);
}

/*
 * A host string (execname's comm) placed in scratch: read in place by
 * the program, bounded by max, and 0 without a fault when no room.
 */
TEST_F(subr, host_string_in_scratch)
{
	struct dift *t = self->t;
	char out[32];
	u64 r;

	dif_mstate_reset(&t->ms);
	r = dif_str_scratch(&t->ms, "bash\0junk", 16);
	ASSERT_NE(0, r);
	EXPECT_EQ(0, dif_copy_string(&t->ms, out, r, sizeof(out), false));
	EXPECT_STREQ("bash", out);
	EXPECT_EQ(5, t->ms.scratch_used);
	r = dif_str_scratch(&t->ms, "0123456789abcdefXYZ", 16);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("0123456789abcdef", out);
	t->ms.scratch_size = t->ms.scratch_used + 4;
	EXPECT_EQ(0, dif_str_scratch(&t->ms, "toolong", 16));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
}

/* link_ntop( ): an Ethernet or InfiniBand address as hex bytes. */
TEST_F(subr, link_ntop)
{
	static const u8 mac[20] = { 0x00, 0x1b, 0x21, 0x0a, 0xbc, 0xff,
				    [19] = 0x7e };
	struct dift *t = self->t;
	char out[80];
	u64 r;

	dif_uenv_map(&t->env, mac, sizeof(mac), 0);
	t->env.args[0] = (u64)(unsigned long)mac;
	r = dift_asm_run(t, "seti 1, %r1\n ldb arg0, %r2\n"
			 CALL2("link_ntop"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("00:1b:21:0a:bc:ff", out);
	r = dift_asm_run(t, "seti 32, %r1\n ldb arg0, %r2\n"
			 CALL2("link_ntop"));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("00:1b:21:0a:bc:ff:00:00:00:00:00:00:00:00:00:00:00:00"
		     ":00:7e", out);
	/* an unknown type; an address nobody may read; one past the map */
	dift_asm_run(t, "seti 6, %r1\n ldb arg0, %r2\n" CALL2("link_ntop"));
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);
	EXPECT_EQ(6, t->ms.fault.addr);
	dift_asm_run(t, "seti 1, %r1\n seti 64, %r2\n" CALL2("link_ntop"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	t->env.args[0] = (u64)(unsigned long)(mac + 16);
	dift_asm_run(t, "seti 1, %r1\n ldb arg0, %r2\n" CALL2("link_ntop"));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.scratch_used);
	/* a small strsize cuts the text */
	t->ms.strsize = 5;
	t->env.args[0] = (u64)(unsigned long)mac;
	r = dift_asm_run(t, "seti 1, %r1\n ldb arg0, %r2\n"
			 CALL2("link_ntop"));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("00:1b", out);
}

/*
 * The lock subroutines over a made-up lock: the owner word at 8, the
 * count at 16, as a host's layout says; then PREEMPT_RT's words.
 */
struct fake_lock {
	u64	pad;
	u64	owner;
	u64	count;
};

static u64 lock_run(struct dift *t, const char *subr)
{
	char text[128] = "ldb arg0, %r1\n pushtv %r1\n call ";

	strcat(text, subr);
	strcat(text, ", %r9\n ret %r9");
	return dift_asm_run(t, text);
}

TEST_F(subr, locks)
{
	static const struct dif_locks plain = {
		.mutex_owner_off = 8, .mutex_owner_size = 8,
		.mutex_flags = 0x7, .rwsem_count_off = 16,
		.rwsem_count_size = 8,
	};
	static const struct dif_locks rt = {
		.mutex_owner_off = 8, .mutex_owner_size = 8,
		.mutex_flags = 0x1, .rwsem_count_off = 16,
		.rwsem_count_size = 4, .rwsem_rt = 1,
	};
	static const struct {
		u64 count;
		u64 rd, wr, isw;
	} rws[] = {
		{ 0, 0, 0, 0 },			/* free */
		{ 1, 0, 1, 1 },			/* a writer */
		{ 3, 0, 1, 1 },			/* ... and waiters */
		{ 0x100, 1, 0, 0 },		/* a reader */
		{ 0x300, 1, 0, 0 },		/* three */
		{ 0x302, 1, 0, 1 },		/* readers, a writer waits */
		{ 1ull << 63, 0, 0, 0 },	/* READFAIL alone */
		{ 1ull << 63 | 0x100, 1, 0, 0 },
	}, rtws[] = {
		{ 0x80000000u, 0, 0, 0 },	/* READER_BIAS: free */
		{ 0x80000002u, 1, 0, 0 },	/* two readers */
		{ 0x00000002u, 1, 0, 1 },	/* a writer waits for them */
		{ 0x00000000u, 0, 0, 1 },	/* ... and takes it */
		{ 0x40000000u, 0, 1, 1 },	/* WRITER_BIAS: a writer */
	};
	struct dift *t = self->t;
	struct fake_lock lk = { 0 };
	size_t i;

	dif_uenv_map(&t->env, &lk, sizeof(lk), 0);
	t->env.args[0] = (u64)(unsigned long)&lk;
	/* a host without a layout: an illegal operation */
	lock_run(t, "mutex_owned");
	EXPECT_EQ(DIF_FAULT_ILLOP, t->ms.fault.kind);

	t->env.locks = &plain;
	t->env.builtins[DIF_VAR_CURTHREAD] = 0x12340;
	lk.owner = 0x12340 | 0x5;
	EXPECT_EQ(1, lock_run(t, "mutex_owned"));
	EXPECT_EQ(0x12340, lock_run(t, "mutex_owner"));
	EXPECT_EQ(1, lock_run(t, "mutex_type_adaptive"));
	EXPECT_EQ(0, lock_run(t, "mutex_type_spin"));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	lk.owner = 0x56780 | 0x1;
	EXPECT_EQ(0, lock_run(t, "mutex_owned"));
	EXPECT_EQ(0x56780, lock_run(t, "mutex_owner"));
	/* free, with flags left: no owner, and not the current thread's */
	lk.owner = 0x2;
	EXPECT_EQ(0, lock_run(t, "mutex_owner"));
	t->env.builtins[DIF_VAR_CURTHREAD] = 0;
	EXPECT_EQ(0, lock_run(t, "mutex_owned"));
	for (i = 0; i < ARRAY_SIZE(rws); i++) {
		lk.count = rws[i].count;
		EXPECT_EQ(rws[i].rd, lock_run(t, "rw_read_held"))
			TH_LOG("count %#llx", (unsigned long long)lk.count);
		EXPECT_EQ(rws[i].wr, lock_run(t, "rw_write_held"))
			TH_LOG("count %#llx", (unsigned long long)lk.count);
		EXPECT_EQ(rws[i].isw, lock_run(t, "rw_iswriter"))
			TH_LOG("count %#llx", (unsigned long long)lk.count);
	}

	t->env.locks = &rt;
	t->env.builtins[DIF_VAR_CURTHREAD] = 0x12340;
	lk.owner = 0x12341;
	EXPECT_EQ(1, lock_run(t, "mutex_owned"));
	EXPECT_EQ(0x12340, lock_run(t, "mutex_owner"));
	for (i = 0; i < ARRAY_SIZE(rtws); i++) {
		/* a 4-byte word: the other half is not read */
		lk.count = 0xdead000000000000ull | rtws[i].count;
		EXPECT_EQ(rtws[i].rd, lock_run(t, "rw_read_held"))
			TH_LOG("readers %#llx", (unsigned long long)lk.count);
		EXPECT_EQ(rtws[i].wr, lock_run(t, "rw_write_held"))
			TH_LOG("readers %#llx", (unsigned long long)lk.count);
		EXPECT_EQ(rtws[i].isw, lock_run(t, "rw_iswriter"))
			TH_LOG("readers %#llx", (unsigned long long)lk.count);
	}

	/* a lock nobody may read: a fault, for every one of them */
	t->env.args[0] = 64;
	lock_run(t, "mutex_owner");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(64 + 8, t->ms.fault.addr);
	lock_run(t, "mutex_type_spin");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	lock_run(t, "rw_iswriter");
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(64 + 16, t->ms.fault.addr);
}

/* execargs: the argument area, NULs made spaces, cut at strsize. */
TEST_F(subr, str_args)
{
	static const char args[] = "/bin/sleep\0-v\0" "30";	/* and a NUL */
	struct dift *t = self->t;
	char out[64];
	u64 r;

	dif_uenv_map(&t->env, args, sizeof(args), DIF_UR_USER);
	r = dif_str_args(&t->ms, (u64)(unsigned long)args, sizeof(args));
	ASSERT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("/bin/sleep -v 30", out);
	/* without the last NUL, as a process that wrote over it */
	dif_mstate_reset(&t->ms);
	r = dif_str_args(&t->ms, (u64)(unsigned long)args, sizeof(args) - 1);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("/bin/sleep -v 30", out);
	/* strsize - 1 bytes at most */
	dif_mstate_reset(&t->ms);
	t->ms.strsize = 8;
	r = dif_str_args(&t->ms, (u64)(unsigned long)args, sizeof(args));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("/bin/sl", out);
	/* cut just after an argument: its NUL is a space still */
	dif_mstate_reset(&t->ms);
	t->ms.strsize = 12;
	r = dif_str_args(&t->ms, (u64)(unsigned long)args, sizeof(args));
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("/bin/sleep ", out);
	/* kernel memory is not the arguments: a fault, scratch given back */
	dif_mstate_reset(&t->ms);
	t->ms.strsize = 256;
	EXPECT_EQ(0, dif_str_args(&t->ms, (u64)(unsigned long)out, 8));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.scratch_used);
	/* nothing: "" */
	dif_mstate_reset(&t->ms);
	r = dif_str_args(&t->ms, (u64)(unsigned long)args, 0);
	ASSERT_NE(0, r);
	dif_copy_string(&t->ms, out, r, sizeof(out), false);
	EXPECT_STREQ("", out);
}

TEST_HARNESS_MAIN
