// SPDX-License-Identifier: GPL-2.0
/*
 * print( ): what the compiler refuses, how it lays out the record (a
 * struct's bytes, a scalar's slot, each with its type), and how the
 * consumer prints a synthetic record of a struct with members of every
 * integer size and sign, a pointer, a NULL one, a char array, an int
 * array, a nested struct and a union: as text and as JSON.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "check_test.h"
#include "consumer_test.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_options.h"
#include "dt_pretty.h"
#include "dt_program.h"
#include "dt_types.h"
#include "kselftest_harness.h"

static const struct check_case print_cases[] = {
	{ "BEGIN { print(1); }", NULL, 0, NULL },
	{ "BEGIN { print(\"abc\"); }", NULL, 0, NULL },
	{ "BEGIN { print(execname); print(curthread); }", NULL, 0, NULL },
	{ "struct s { int a; }; this struct s x; "
	  "BEGIN { this->x.a = 1; print(this->x); }", NULL, 0, NULL },
	{ "BEGIN { @a = count(); print(@a); }", "D_PRINT_AGG", 1,
	  "print( ) may not be applied to an aggregation" },
	{ "BEGIN { print(trace(1)); }", "D_PRINT_VOID", 1,
	  "print( ) may not be applied to a void expression" },
	{ "BEGIN { print(); }", "D_PROTO_LEN", 1,
	  "print( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { print(1, 2); }", "D_PROTO_LEN", 1,
	  "print( ) prototype mismatch: 2 args passed, 1 expected" },
};

TEST(compile_checks)
{
	size_t i;

	for (i = 0; i < sizeof(print_cases) / sizeof(print_cases[0]); i++)
		EXPECT_TRUE(check_case_run(&print_cases[i], _metadata));
}

static const char *big_src =
	"struct big { char b[64]; }; this struct big x; "
	"BEGIN { this->x.b[0] = 1; print(this->x); }";

TEST(printsize_bounds_the_struct)
{
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;

	dt_options_init(&o);
	o.o_printsize = 32;
	dt_pcb_init(&pcb, big_src, "t.d", &o);
	ASSERT_EQ(-1, dt_compile(&pcb, &cp));
	EXPECT_STREQ("D_PRINT_SIZE", pcb.pcb_errtag);
	EXPECT_STREQ("print( ) of struct big: 64 bytes is more than "
		     "printsize (32 bytes)", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	o.o_printsize = 64;
	dt_pcb_init(&pcb, big_src, "t.d", &o);
	ASSERT_EQ(0, dt_compile(&pcb, &cp));
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* The script's struct s, as C lays it out (and D, as C). */
struct in {
	short		x;
	unsigned short	y;
};

union u {
	int		i;
	unsigned char	b[4];
};

struct s {
	char		c;
	unsigned char	uc;
	short		sh;
	unsigned short	ush;
	int		i;
	unsigned int	ui;
	long		l;
	unsigned long	ul;
	int		*p;
	int		*np;
	char		name[8];
	int		arr[3];
	struct in	in;
	union u		u;
};

static const char *s_src =
	"struct in { short x; unsigned short y; };\n"
	"union u { int i; unsigned char b[4]; };\n"
	"struct s { char c; unsigned char uc; short sh; unsigned short ush;\n"
	"  int i; unsigned int ui; long l; unsigned long ul; int *p;\n"
	"  int *np; char name[8]; int arr[3]; struct in in; union u u; };\n"
	"this struct s x;\n"
	"syscall::read:entry { this->x.i = 1; print(this->x); print(-5);\n"
	"  print(\"hi\"); }\n";

/* s_src's record, as the module would write it, printed by fmt. */
static void print_record(struct __test_metadata *_metadata,
			 const struct dt_format *fmt, const char *want)
{
	struct consumer_test t;
	uint8_t data[sizeof(struct s) + 24];
	int64_t five = -5;
	struct s v;

	memset(&v, 0, sizeof(v));
	v.c = -1;
	v.uc = 200;
	v.sh = -2;
	v.ush = 65535;
	v.i = -3;
	v.ui = 7;
	v.l = -1;
	v.ul = 0x123456789ul;
	v.p = (int *)0xffff888012345678ul;
	memcpy(v.name, "ab\"c\n", 6);
	v.arr[0] = 1;
	v.arr[1] = 2;
	v.arr[2] = -1;
	v.in.x = -1;
	v.in.y = 2;
	memcpy(v.u.b, "abcd", 4);

	ASSERT_EQ(0, consumer_test_init(&t, s_src, 15, &consumer_test_read, 1,
					true));
	ASSERT_EQ(3, t.cp.cp_ecbs[0].e_nrecs);
	ASSERT_EQ(sizeof(struct s), t.cp.cp_ecbs[0].e_recs[0].r_size);
	ASSERT_EQ(DT_T_SOU, t.cp.cp_ecbs[0].e_recs[0].r_type.kind);
	ASSERT_EQ(sizeof(data), t.cp.cp_ecbs[0].e_recsize);
	/* the struct's bytes are copied from its address, as tracemem's */
	EXPECT_EQ(DTRACE_ACT_TRACEMEM, t.cp.cp_ecbs[0].e_acts[0].a_kind);
	EXPECT_EQ(DTRACE_ACT_RECORD, t.cp.cp_ecbs[0].e_acts[1].a_kind);
	memset(data, 0, sizeof(data));
	memcpy(data, &v, sizeof(v));
	memcpy(data + sizeof(v), &five, 8);
	memcpy(data + sizeof(v) + 8, "hi", 2);
	t.c.c_fmt = fmt;
	ASSERT_EQ(0, consumer_test_record(&t, data, sizeof(data)));
	ASSERT_EQ(0, dt_consume_flush(&t.c));
	fflush(t.fp);
	EXPECT_STREQ(want, t.out);
	consumer_test_fini(&t);
}

TEST(struct_as_text)
{
	print_record(_metadata, &dt_format_text,
		     "struct s {\n"
		     "    c = 0xff\n"
		     "    uc = 0xc8\n"
		     "    sh = 0xfffe\n"
		     "    ush = 0xffff\n"
		     "    i = 0xfffffffd\n"
		     "    ui = 0x7\n"
		     "    l = 0xffffffffffffffff\n"
		     "    ul = 0x123456789\n"
		     "    p = 0xffff888012345678\n"
		     "    np = NULL\n"
		     "    name = \"ab\\\"c\\012\"\n"
		     "    arr = [ 0x1, 0x2, 0xffffffff ]\n"
		     "    in = {\n"
		     "        x = 0xffff\n"
		     "        y = 0x2\n"
		     "    }\n"
		     "    u = {\n"
		     "        i = 0x64636261\n"
		     "        b = \"abcd\"\n"
		     "    }\n"
		     "}\n"
		     "int 0xfffffffb\n"
		     "string \"hi\"\n");
}

TEST(struct_as_json)
{
	print_record(_metadata, &dt_format_json,
		     "{\"type\":\"probe\",\"timestamp\":1234,\"cpu\":1,"
		     "\"id\":7,\"provider\":\"syscall\",\"module\":\"vmlinux\","
		     "\"function\":\"read\",\"name\":\"entry\",\"data\":["
		     "{\"print\":{\"type\":\"struct s\",\"value\":{"
		     "\"c\":-1,\"uc\":200,\"sh\":-2,\"ush\":65535,\"i\":-3,"
		     "\"ui\":7,\"l\":-1,\"ul\":4886718345,"
		     "\"p\":\"0xffff888012345678\",\"np\":null,"
		     "\"name\":\"ab\\\"c\\n\",\"arr\":[1,2,-1],"
		     "\"in\":{\"x\":-1,\"y\":2},"
		     "\"u\":{\"i\":1684234849,\"b\":\"abcd\"}}}},"
		     "{\"print\":{\"type\":\"int\",\"value\":-5}},"
		     "{\"print\":{\"type\":\"string\",\"value\":\"hi\"}}]}\n");
}

/* Bytes short of the type: what is missing prints as "?". */
TEST(short_record)
{
	struct dt_sou sou = { .s_name = "t", .s_defined = true, .s_size = 8 };
	struct dt_member m[2] = {
		{ .m_name = "a", .m_type = { .kind = DT_T_INT, .size = 4,
					     .is_signed = true }, .m_off = 0 },
		{ .m_name = "b", .m_type = { .kind = DT_T_INT, .size = 4 },
		  .m_off = 4 },
	};
	struct dt_type t = { .kind = DT_T_SOU, .sou = &sou };
	uint8_t bytes[6] = { 1, 0, 0, 0, 2, 0 };
	char out[8192] = "";
	FILE *fp;

	sou.s_mems = m;
	sou.s_nmems = 2;
	fp = fmemopen(out, sizeof(out), "w");
	ASSERT_EQ(0, dt_pretty_print(fp, &t, bytes, sizeof(bytes), false));
	ASSERT_EQ(0, dt_pretty_print(fp, &t, bytes, sizeof(bytes), true));
	fclose(fp);
	EXPECT_STREQ("struct t {\n    a = 0x1\n    b = ?\n}"
		     "{\"type\":\"struct t\",\"value\":{\"a\":1,\"b\":null}}",
		     out);
}

TEST_HARNESS_MAIN
