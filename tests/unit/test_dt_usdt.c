// SPDX-License-Identifier: GPL-2.0
/*
 * USDT argument specs, as <sys/sdt.h> writes them, decoded into the
 * module's argument descriptions; operands it cannot express stay NONE.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <string.h>

#include "dt_pid.h"
#include "kselftest_harness.h"

TEST(registers_memory_constants)
{
	struct dtrace_uprobe_arg a[DTRACE_UPROBE_NARGS];

	ASSERT_EQ(5, dt_usdt_args("-4@%eax 8@-8(%rbp) -2@6(%rsp) -4@$-5 "
				  "1@%r9b", a, DTRACE_UPROBE_NARGS));
	EXPECT_EQ(DTRACE_UARG_REG, a[0].ua_kind);
	EXPECT_EQ(10, a[0].ua_reg);		/* ax */
	EXPECT_EQ(-4, a[0].ua_size);
	EXPECT_EQ(DTRACE_UARG_MEM, a[1].ua_kind);
	EXPECT_EQ(4, a[1].ua_reg);		/* bp */
	EXPECT_EQ(-8, a[1].ua_off);
	EXPECT_EQ(8, a[1].ua_size);
	EXPECT_EQ(DTRACE_UARG_MEM, a[2].ua_kind);
	EXPECT_EQ(19, a[2].ua_reg);		/* sp */
	EXPECT_EQ(6, a[2].ua_off);
	EXPECT_EQ(DTRACE_UARG_CONST, a[3].ua_kind);
	EXPECT_EQ(-5, a[3].ua_off);
	EXPECT_EQ(DTRACE_UARG_REG, a[4].ua_kind);
	EXPECT_EQ(8, a[4].ua_reg);		/* r9 */
	EXPECT_EQ(1, a[4].ua_size);
	EXPECT_EQ(DTRACE_UARG_NONE, a[5].ua_kind);
}

TEST(unsupported_and_empty)
{
	struct dtrace_uprobe_arg a[DTRACE_UPROBE_NARGS];

	/* an index register, a symbol, a bad size, a high byte */
	ASSERT_EQ(4, dt_usdt_args("8@(%rax,%rbx,4) 8@sym(%rip) 3@%eax "
				  "1@%ah", a, DTRACE_UPROBE_NARGS));
	EXPECT_EQ(DTRACE_UARG_NONE, a[0].ua_kind);
	EXPECT_EQ(DTRACE_UARG_NONE, a[1].ua_kind);
	EXPECT_EQ(DTRACE_UARG_NONE, a[2].ua_kind);
	EXPECT_EQ(DTRACE_UARG_NONE, a[3].ua_kind);
	EXPECT_EQ(0, dt_usdt_args("", a, DTRACE_UPROBE_NARGS));
	/* more than fit: counted, not written past the end */
	EXPECT_EQ(3, dt_usdt_args("4@%eax 4@%ebx 4@%ecx", a, 2));
	EXPECT_EQ(5, a[1].ua_reg);		/* bx */
}

/* Sizes strtol( ) saturates: no labs(LONG_MIN), and no argument. */
TEST(huge_sizes)
{
	struct dtrace_uprobe_arg a[DTRACE_UPROBE_NARGS];

	ASSERT_EQ(3, dt_usdt_args("-99999999999999999999@%eax "
				  "99999999999999999999@%eax -8@%rax", a,
				  DTRACE_UPROBE_NARGS));
	EXPECT_EQ(DTRACE_UARG_NONE, a[0].ua_kind);
	EXPECT_EQ(DTRACE_UARG_NONE, a[1].ua_kind);
	EXPECT_EQ(DTRACE_UARG_REG, a[2].ua_kind);
	EXPECT_EQ(-8, a[2].ua_size);
}

TEST_HARNESS_MAIN
