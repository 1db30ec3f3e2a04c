// SPDX-License-Identifier: GPL-2.0
/*
 * Probe descriptions: fields, macro arguments and macro variables
 * expanded in them, and the errors for those that are not defined.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <string.h>

#include "dt_probes.h"
#include "kselftest_harness.h"

TEST(macro_arguments)
{
	static char *const argv[] = { "dtrace", "read", NULL };
	struct dtrace_probedesc pd;
	char err[256];

	ASSERT_EQ(0, dt_pdesc_parse("syscall::$1:entry", &pd, 2, argv, 0,
				    err, sizeof(err)));
	EXPECT_STREQ("syscall", pd.dpd_provider);
	EXPECT_STREQ("read", pd.dpd_func);
	EXPECT_STREQ("entry", pd.dpd_name);
	EXPECT_EQ(-1, dt_pdesc_parse("syscall::$2:entry", &pd, 2, argv, 0,
				     err, sizeof(err)));
	EXPECT_STREQ("macro argument $2 is not defined", err);
	/* found by fuzz_d: the number overflowed a long (UBSan) */
	EXPECT_EQ(-1, dt_pdesc_parse("pid$99999999999999999999:::entry", &pd,
				     2, argv, 0, err, sizeof(err)));
	EXPECT_STREQ("macro argument $99999999999999999999 is not defined",
		     err);
}

TEST_HARNESS_MAIN
