// SPDX-License-Identifier: GPL-2.0
/*
 * printf( ): parsing, type checks and formatting of recorded values.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dt_printf.h"
#include "kselftest_harness.h"

static const struct dt_type t_int = { DT_T_INT, 4, true };
static const struct dt_type t_uint = { DT_T_INT, 4, false };
static const struct dt_type t_long = { DT_T_INT, 8, true };
static const struct dt_type t_char = { DT_T_INT, 1, true };
static const struct dt_type t_str = { DT_T_STRING, 0, false };

/* Format with args; returns a static buffer. */
static const char *fmt(const char *f, const struct dt_pfarg *args, int n)
{
	static char out[1024], err[256];
	struct dt_pfmt *pf = dt_pfmt_parse(f, err, sizeof(err));
	FILE *fp = fmemopen(out, sizeof(out), "w");
	int rc;

	if (!pf || !fp)
		return err;
	rc = dt_pfmt_print(fp, pf, args, n);
	fclose(fp);
	dt_pfmt_free(pf);
	return rc < 0 ? "(error)" : out;
}

#define I(t, v)	{ t, (v), NULL }
#define S(s)	{ { DT_T_STRING, 0, false }, 0, (s) }

#define A(...)	(struct dt_pfarg[]){ __VA_ARGS__ }
#define N(...)	(int)(sizeof(A(__VA_ARGS__)) / sizeof(struct dt_pfarg))
#define F(f, ...) fmt(f, A(__VA_ARGS__), N(__VA_ARGS__))

TEST(conversions)
{
	EXPECT_STREQ("-5 42 ff FF 377 A %", F("%d %i %x %X %o %c %%",
		I(t_int, -5), I(t_int, 42), I(t_int, 255), I(t_int, 255),
		I(t_int, 255), I(t_int, 65)));
	EXPECT_STREQ("4294967295 18446744073709551615 7", F("%u %u %u",
		I(t_int, -1), I(t_long, -1), I(t_uint, 7)));
	EXPECT_STREQ("ffffffff ffffffffffffffff", F("%x %x", I(t_int, -1),
		I(t_long, -1)));
	EXPECT_STREQ("[abc][  abc][abc  ][ab][]", F("[%s][%5s][%-5s][%.2s][%s]",
		S("abc"), S("abc"), S("abc"), S("abc"), S("")));
	EXPECT_STREQ("     7|8   |003", F("%*d|%*d|%.*d", I(t_int, 6),
		I(t_int, 7), I(t_int, -4), I(t_int, 8), I(t_int, 3),
		I(t_int, 3)));
	EXPECT_STREQ("-1 255 44", F("%d %hhu %hhd", I(t_char, -1),
		I(t_char, -1), I(t_int, 300)));
	EXPECT_STREQ("+42| 42|00042|0x2a|052", F("%+d|% d|%05d|%#x|%#o",
		I(t_int, 42), I(t_int, 42), I(t_int, 42), I(t_int, 42),
		I(t_int, 42)));
	EXPECT_STREQ("0x1000", F("%p", I(t_long, 4096)));
	/* DTrace's: %p always 0x; %? a pointer's width; %.0s nothing */
	EXPECT_STREQ("[0x0][    0x10][0x10    ]", F("[%p][%8p][%-8p]",
		I(t_long, 0), I(t_long, 16), I(t_long, 16)));
	EXPECT_STREQ("[              42][-7              ][]", F("[%?d][%-?d][%.0s]",
		I(t_int, 42), I(t_int, -7), S("gone")));
	/* %@ with a width and flags where DTrace has them */
	EXPECT_STREQ("[      12][c        ]", F("[%8@d][%-9@x]", I(t_int, 12),
		I(t_int, 12)));
	EXPECT_STREQ("3.00e+00|2|1.000", F("%.2e|%g|%.3f", I(t_int, 3),
		I(t_int, 2), I(t_int, 1)));
	EXPECT_STREQ("no conversions", F("no conversions", I(t_int, 0)));
	/* %S: C escapes for what would not print; %A without a process */
	EXPECT_STREQ("[a\\tb\\n\\\\\\001\\303]|[  x\\n]", F("[%S]|[%5S]",
		S("a\tb\n\\\001\303"), S("x\n")));
	EXPECT_STREQ("0x1000", F("%A", I(t_long, 4096)));
}

TEST(walltime)
{
	setenv("TZ", "UTC", 1);
	tzset();
	EXPECT_STREQ("2001 Sep  9 01:46:40", fmt("%Y", (struct dt_pfarg[]){
		I(t_long, 1000000000LL * 1000000000LL) }, 1));
	EXPECT_STREQ("[2001 Sep  9 01:46:40  ]", F("[%-22Y]",
		I(t_long, 1000000000LL * 1000000000LL)));
}

/* bpftrace's strftime(): %f is the microseconds, six digits */
TEST(strftime_usecs)
{
	setenv("TZ", "UTC", 1);
	tzset();
	EXPECT_STREQ("01:46:40.000042 %f", F("%<%H:%M:%S.%f %%f>T",
		I(t_long, 1000000000LL * 1000000000LL + 42999)));
}

TEST(parse_errors)
{
	char err[256];

	EXPECT_EQ(NULL, dt_pfmt_parse("%d %q", err, sizeof(err)));
	EXPECT_STREQ("format conversion #2 is undefined: %q", err);
	EXPECT_EQ(NULL, dt_pfmt_parse("abc %", err, sizeof(err)));
	EXPECT_STREQ("format conversion #1 name expected before end of format "
		     "string", err);
	EXPECT_EQ(NULL, dt_pfmt_parse("%-8", err, sizeof(err)));
	EXPECT_STREQ("format conversion #1 name expected before end of format "
		     "string", err);
	EXPECT_EQ(NULL, dt_pfmt_parse("%d %2$s", err, sizeof(err)));
	EXPECT_STREQ("format conversion #2 uses unsupported positional format "
		     "(%n$)", err);
}

TEST(type_checks)
{
	const struct dt_type types[] = { t_int, t_str, t_long };
	char err[512];
	struct dt_pfmt *pf = dt_pfmt_parse("%d %s %*d", err, sizeof(err));

	ASSERT_NE(NULL, pf);
	EXPECT_EQ(4, pf->pf_nargs);
	EXPECT_EQ(DT_PFE_ARG_PROTO, dt_pfmt_check(pf, "printf", types, 3, err,
						  sizeof(err)));
	EXPECT_STREQ("D_PRINTF_ARG_PROTO", dt_pfmt_tag(DT_PFE_ARG_PROTO));
	EXPECT_STREQ("printf( ) prototype mismatch: conversion #3 (%d) is "
		     "missing a corresponding value argument", err);
	EXPECT_EQ(DT_PFE_DYN_TYPE, dt_pfmt_check(pf, "printf",
		(const struct dt_type[]){ t_int, t_str, t_str, t_int }, 4, err,
		sizeof(err)));
	EXPECT_STREQ("printf( ) argument #4 is incompatible with conversion "
		     "#3 prototype:\n\tconversion: % * d\n\t prototype: int\n\t"
		     "  argument: string", err);
	EXPECT_EQ(0, dt_pfmt_check(pf, "printf", (const struct dt_type[]){
		t_int, t_str, t_int, t_char }, 4, err, sizeof(err)));
	dt_pfmt_free(pf);
}

TEST(normalize)
{
	struct dt_type t = { DT_T_INT, 2, true };

	EXPECT_EQ(-1, dt_int_normalize(0xffff, &t));
	t.is_signed = false;
	EXPECT_EQ(0xffff, dt_int_normalize(-1, &t));
	t.size = 8;
	EXPECT_EQ(-1, dt_int_normalize(-1, &t));
}

TEST_HARNESS_MAIN
