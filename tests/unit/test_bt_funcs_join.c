// SPDX-License-Identifier: GPL-2.0
/*
 * DIF_SUBR_JOIN, bpftrace's join( ) past its first elements: the user
 * strings of a NULL-ended array of pointers joined with a separator,
 * bounded by strsize and DIF_JOIN_MAX, every read a user read.
 */
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

FIXTURE(join) {
	struct dift *t;
};

FIXTURE_SETUP(join)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(join)
{
	free(self->t);
}

/* join(arg0, sep) as a string, "" after a fault. */
static const char *join(struct dift *t, const char *sep, char *out,
			size_t len)
{
	char prog[256];
	u64 r;

	snprintf(prog, sizeof(prog), "ldb arg0, %%r1\n sets \"%s\", %%r2\n"
		 "pushtv %%r1\n pushtv %%r2\n call join, %%r9\n ret %%r9",
		 sep);
	r = dift_asm_run(t, prog);
	out[0] = '\0';
	if (t->ms.fault.kind == DIF_FAULT_NONE)
		dif_copy_string(&t->ms, out, r, (u32)len, false);
	return out;
}

TEST_F(join, strings)
{
	struct dift *t = self->t;
	static const char a[] = "ls", b[] = "-l", c[] = "", d[] = "/tmp";
	static const u64 none[1] = { 0 };
	u64 argv[5] = { (uintptr_t)a, (uintptr_t)b, (uintptr_t)c,
			(uintptr_t)d, 0 };
	char out[512];

	dif_uenv_map(&t->env, a, sizeof(a), DIF_UR_USER);
	dif_uenv_map(&t->env, b, sizeof(b), DIF_UR_USER);
	dif_uenv_map(&t->env, c, sizeof(c), DIF_UR_USER);
	dif_uenv_map(&t->env, d, sizeof(d), DIF_UR_USER);
	dif_uenv_map(&t->env, argv, sizeof(argv), DIF_UR_USER);
	dif_uenv_map(&t->env, none, sizeof(none), DIF_UR_USER);
	t->env.args[0] = (uintptr_t)argv;
	EXPECT_STREQ("ls -l  /tmp", join(t, " ", out, sizeof(out)));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_STREQ("ls, -l, , /tmp", join(t, ", ", out, sizeof(out)));
	EXPECT_STREQ("ls-l/tmp", join(t, "", out, sizeof(out)));
	/* from the third on, as the lowering asks for the rest */
	t->env.args[0] = (uintptr_t)&argv[2];
	EXPECT_STREQ(" /tmp", join(t, " ", out, sizeof(out)));
	t->env.args[0] = (uintptr_t)none;
	EXPECT_STREQ("", join(t, " ", out, sizeof(out)));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
}

/* More than strsize in all: strsize bytes, and no more reads. */
TEST_F(join, bounded)
{
	struct dift *t = self->t;
	static char s[200];
	u64 argv[9];
	char out[1024];
	int i;

	memset(s, 'x', sizeof(s) - 1);
	dif_uenv_map(&t->env, s, sizeof(s), DIF_UR_USER);
	for (i = 0; i < 8; i++)
		argv[i] = (uintptr_t)s;
	argv[8] = 0;
	dif_uenv_map(&t->env, argv, sizeof(argv), DIF_UR_USER);
	t->env.args[0] = (uintptr_t)argv;
	join(t, " ", out, sizeof(out));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
	EXPECT_EQ(t->ms.strsize, strlen(out));
	EXPECT_EQ(' ', out[199]);
	EXPECT_EQ('x', out[200]);
	/* scratch holds the result only */
	EXPECT_GE(2 * t->ms.strsize, t->ms.scratch_used);
}

/* 1024 empty strings with an empty separator: it stops. */
TEST_F(join, empty_strings_stop)
{
	struct dift *t = self->t;
	static const char e[] = "";
	static u64 argv[2000];
	char out[64];
	int i;

	for (i = 0; i < 2000; i++)
		argv[i] = (uintptr_t)e;
	dif_uenv_map(&t->env, e, sizeof(e), DIF_UR_USER);
	dif_uenv_map(&t->env, argv, sizeof(argv), DIF_UR_USER);
	t->env.args[0] = (uintptr_t)argv;
	EXPECT_STREQ("", join(t, "", out, sizeof(out)));
	EXPECT_EQ(DIF_FAULT_NONE, t->ms.fault.kind);
}

/* An array or a string outside user memory is a fault, not a read. */
TEST_F(join, faults)
{
	struct dift *t = self->t;
	static const char k[] = "kernel";
	static const char u[] = "user";
	static u64 kargv[2] = { 0, 0 }, uargv[2] = { 0, 0 };
	char out[64];

	kargv[0] = (uintptr_t)u;
	uargv[0] = (uintptr_t)k;
	dif_uenv_map(&t->env, u, sizeof(u), DIF_UR_USER);
	dif_uenv_map(&t->env, k, sizeof(k), 0);
	dif_uenv_map(&t->env, kargv, sizeof(kargv), 0);
	dif_uenv_map(&t->env, uargv, sizeof(uargv), DIF_UR_USER);
	t->env.args[0] = (uintptr_t)kargv;
	join(t, " ", out, sizeof(out));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	t->env.args[0] = (uintptr_t)uargv;
	join(t, " ", out, sizeof(out));
	EXPECT_EQ(DIF_FAULT_BADADDR, t->ms.fault.kind);
	EXPECT_EQ(0, t->ms.scratch_used);
}

TEST_HARNESS_MAIN
