// SPDX-License-Identifier: GPL-2.0
/*
 * fbt's reading of ftrace's function list and kallsyms (dt_fbtsyms.c),
 * fed fake files: the glob pairs of several descriptions are matched in
 * one pass, only text symbols of traceable functions are kept (each
 * address of a repeated name), kallsyms is not opened when nothing is
 * wanted, and errors come back.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_fbtsyms.h"
#include "kselftest_harness.h"

static const char funcs_txt[] =
	"vfs_read\n"
	"vfs_write\n"
	"vfs_readv\n"
	"d_lookup\n"
	"d_alloc\n"
	"do_sys_open\n"
	"show_map\n"
	"dummy_setup [dummy]\n"
	"dummy_init [dummy]\n"
	"vfs_read [dummy]\n"
	"e1000_probe [e1000]\n"
	"a_name_much_longer_than_the_module_allows_for_a_function_name_"
	"because_it_goes_on_and_on_and_on_and_on_and_on_and_on_and_on_and_"
	"on_and_on_and_on_and_on_and_on_and_on_and_on_and_on_and_on_and_on\n";

static const char kallsyms_txt[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81100000 T vfs_read\n"
	"ffffffff81100100 T vfs_write\n"
	"ffffffff81100200 t vfs_readv\n"
	"ffffffff81100300 D vfs_data\n"
	"ffffffff81100400 T d_lookup\n"
	"ffffffff81100500 t show_map\n"
	"ffffffff81100600 t show_map\n"
	"ffffffff81100700 T d_alloc\n"
	"0000000000000000 T do_sys_open\n"
	"ffffffff81100800 T not_traceable\n"
	"ffffffff81100900 W d_alloc\n"
	"ffffffffc0000000 t dummy_setup\t[dummy]\n"
	"ffffffffc0000100 t dummy_init\t[dummy]\n"
	"ffffffffc0000200 d dummy_ops\t[dummy]\n"
	"ffffffffc0000300 t vfs_read\t[dummy]\n"
	"ffffffffc0001000 t e1000_probe\t[e1000]\n";

FIXTURE(files)
{
	char dir[64], funcs[96], kallsyms[96];
	char got[64][300];
	int n;
};

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

FIXTURE_SETUP(files)
{
	strcpy(self->dir, "/tmp/test_dt_fbtsyms.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	snprintf(self->funcs, sizeof(self->funcs), "%s/funcs", self->dir);
	snprintf(self->kallsyms, sizeof(self->kallsyms), "%s/kallsyms",
		 self->dir);
	put(self->funcs, funcs_txt);
	put(self->kallsyms, kallsyms_txt);
	self->n = 0;
}

FIXTURE_TEARDOWN(files)
{
	unlink(self->funcs);
	unlink(self->kallsyms);
	rmdir(self->dir);
}

/* Each symbol as "mod:func@addr", in the order found. */
static int collect(const struct dtrace_fbt_sym *s, void *arg)
{
	struct _test_data_files *self = arg;

	if (self->n == 64)
		return -E2BIG;
	snprintf(self->got[self->n++], sizeof(self->got[0]), "%s:%s@%llx",
		 s->fs_mod, s->fs_func, (unsigned long long)s->fs_addr);
	return 0;
}

static int scan(struct _test_data_files *self, const struct dt_fbt_glob *g,
		size_t n)
{
	self->n = 0;
	return dt_fbtsyms_scan(self->funcs, self->kallsyms, g, n, collect,
			       self);
}

/* Four descriptions and a glob, as one program names them: one pass. */
TEST_F(files, several_pairs_one_pass)
{
	const struct dt_fbt_glob g[] = {
		{ "", "vfs_read" }, { "", "vfs_write" }, { NULL, "d_lookup" },
		{ "vmlinux", "d_alloc" }, { "", "show_*" },
	};

	ASSERT_EQ(0, scan(self, g, 5));
	ASSERT_EQ(7, self->n);
	EXPECT_STREQ("vmlinux:vfs_read@ffffffff81100000", self->got[0]);
	EXPECT_STREQ("vmlinux:vfs_write@ffffffff81100100", self->got[1]);
	EXPECT_STREQ("vmlinux:d_lookup@ffffffff81100400", self->got[2]);
	/* a static name at each of its addresses */
	EXPECT_STREQ("vmlinux:show_map@ffffffff81100500", self->got[3]);
	EXPECT_STREQ("vmlinux:show_map@ffffffff81100600", self->got[4]);
	/* T only: the W symbol of the same name is not text */
	EXPECT_STREQ("vmlinux:d_alloc@ffffffff81100700", self->got[5]);
	/* vfs_read's empty module glob takes the module's too */
	EXPECT_STREQ("dummy:vfs_read@ffffffffc0000300", self->got[6]);
}

/* Overlapping pairs give each symbol once; module globs narrow. */
TEST_F(files, overlap_and_modules)
{
	const struct dt_fbt_glob g[] = {
		{ "vmlinux", "vfs_*" }, { "", "vfs_read*" }, { "dummy", "" },
	};

	ASSERT_EQ(0, scan(self, g, 3));
	ASSERT_EQ(6, self->n);
	EXPECT_STREQ("vmlinux:vfs_read@ffffffff81100000", self->got[0]);
	EXPECT_STREQ("vmlinux:vfs_write@ffffffff81100100", self->got[1]);
	EXPECT_STREQ("vmlinux:vfs_readv@ffffffff81100200", self->got[2]);
	EXPECT_STREQ("dummy:dummy_setup@ffffffffc0000000", self->got[3]);
	EXPECT_STREQ("dummy:dummy_init@ffffffffc0000100", self->got[4]);
	EXPECT_STREQ("dummy:vfs_read@ffffffffc0000300", self->got[5]);
}

/*
 * Every function: all text symbols ftrace lists, less those with no
 * address (kallsyms as non-root shows 0) and names too long to offer.
 */
TEST_F(files, everything)
{
	const struct dt_fbt_glob g[] = { { "", "vfs_read" }, { "*", "*" } };

	ASSERT_EQ(0, scan(self, g, 2));
	EXPECT_EQ(11, self->n);
	EXPECT_STREQ("e1000:e1000_probe@ffffffffc0001000",
		     self->got[self->n - 1]);
}

/* Nothing wanted: kallsyms is not even opened. */
TEST_F(files, nothing_wanted)
{
	const struct dt_fbt_glob g[] = { { "", "no_such_*" } };

	ASSERT_EQ(0, unlink(self->kallsyms));
	EXPECT_EQ(0, scan(self, g, 1));
	EXPECT_EQ(0, self->n);
	EXPECT_EQ(0, scan(self, g, 0));
	put(self->kallsyms, kallsyms_txt);
}

TEST_F(files, errors)
{
	const struct dt_fbt_glob g[] = { { "", "*" } };

	/* a wanted function but no kallsyms */
	ASSERT_EQ(0, unlink(self->kallsyms));
	EXPECT_EQ(-ENOENT, scan(self, g, 1));
	put(self->kallsyms, kallsyms_txt);
	/* no function list */
	ASSERT_EQ(0, unlink(self->funcs));
	EXPECT_EQ(-ENOENT, scan(self, g, 1));
	put(self->funcs, funcs_txt);
	/* the callback's error stops the scan */
	self->n = 62;
	EXPECT_EQ(-E2BIG, dt_fbtsyms_scan(self->funcs, self->kallsyms, g, 1,
					  collect, self));
	EXPECT_EQ(64, self->n);
}

TEST_HARNESS_MAIN
