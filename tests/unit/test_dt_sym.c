// SPDX-License-Identifier: GPL-2.0
/*
 * Symbols for stacks: a synthetic kallsyms, and this test's own
 * functions found through its maps and ELF symbol table.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_ast.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

TEST(kernel)
{
	char path[] = "/tmp/dt_sym_kallsymsXXXXXX", buf[256];
	struct dt_symtab st;
	int fd = mkstemp(path);
	FILE *fp = fdopen(fd, "w");

	ASSERT_NE(NULL, fp);
	fprintf(fp, "ffffffff81000000 T _text\n"
		    "ffffffff81200000 t vfs_read\n"
		    "ffffffff81200100 T ksys_read\n"
		    "ffffffff81300000 d some_data\n"
		    "ffffffffc0000000 t ext4_read [ext4]\n"
		    "0000000000000000 T hidden\n");
	fclose(fp);
	dt_symtab_init(&st);
	st.st_kallsyms = path;
	dt_sym_kernel(&st, 0xffffffff81200000ull, buf, sizeof(buf));
	EXPECT_STREQ("vmlinux`vfs_read", buf);
	dt_sym_kernel(&st, 0xffffffff8120001cull, buf, sizeof(buf));
	EXPECT_STREQ("vmlinux`vfs_read+0x1c", buf);
	dt_sym_kernel(&st, 0xffffffff81200105ull, buf, sizeof(buf));
	EXPECT_STREQ("vmlinux`ksys_read+0x5", buf);
	dt_sym_kernel(&st, 0xffffffffc0000010ull, buf, sizeof(buf));
	EXPECT_STREQ("ext4`ext4_read+0x10", buf);
	dt_sym_kernel(&st, 0x1000, buf, sizeof(buf));
	EXPECT_STREQ("0x1000", buf);
	dt_sym_kernel_as(&st, 2, 0xffffffff8120001cull, buf, sizeof(buf));
	EXPECT_STREQ("vmlinux`vfs_read", buf);
	dt_sym_kernel_as(&st, 3, 0xffffffffc0000010ull, buf, sizeof(buf));
	EXPECT_STREQ("ext4", buf);
	dt_symtab_fini(&st);
	unlink(path);

	/* an empty table: nothing to sort */
	dt_symtab_init(&st);
	st.st_kallsyms = "/dev/null";
	dt_sym_kernel(&st, 0xffffffff81200000ull, buf, sizeof(buf));
	EXPECT_STREQ("0xffffffff81200000", buf);
	dt_symtab_fini(&st);

	dt_symtab_init(&st);
	st.st_kallsyms = "/nonexistent";
	dt_sym_kernel(&st, 0xffffffff81200000ull, buf, sizeof(buf));
	EXPECT_STREQ("0xffffffff81200000", buf);
	dt_symtab_fini(&st);
}

/* A function of ours, not inlined, to find by address. */
__attribute__((noinline)) int dt_sym_test_target(int x)
{
	return x * 3 + 1;
}

TEST(user)
{
	struct dt_symtab st;
	char buf[512], *base;
	uint64_t pc = (uint64_t)(uintptr_t)&dt_sym_test_target;

	dt_symtab_init(&st);
	dt_sym_user(&st, getpid(), pc + 2, buf, sizeof(buf));
	base = strchr(buf, '`');
	ASSERT_NE(NULL, base);
	EXPECT_STREQ("`dt_sym_test_target+0x2", base);
	EXPECT_EQ(0, strncmp(buf, "test_dt_sym", 11));
	/* after the process is gone: the kept maps still resolve */
	dt_sym_keep_maps(&st, getpid());
	dt_sym_user(&st, getpid(), pc, buf, sizeof(buf));
	EXPECT_NE(NULL, strstr(buf, "`dt_sym_test_target"));
	dt_sym_user(&st, 999999999, pc, buf, sizeof(buf));
	EXPECT_EQ('0', buf[0]);		/* no such process: hex */
	dt_symtab_fini(&st);
}

/*
 * ufunc( ), usym( ), uaddr( ), umod( ): a pid and an address, two
 * words, named from that process's maps. A pid above 2^17 (Debian's
 * pid_max is 4194304) is one like any other: this process's maps given
 * as pid 4000000's, which no process has.
 */
TEST(user_as)
{
	uint64_t pc = (uint64_t)(uintptr_t)&dt_sym_test_target;
	uint64_t w[2] = { 4000000, pc + 2 };
	char *maps = slurp_stream("/proc/self/maps");
	char buf[512], hex[32];
	struct dt_symtab st;
	int how;

	ASSERT_NE(NULL, maps);
	dt_symtab_init(&st);
	ASSERT_EQ(0, dt_sym_set_maps(&st, 4000000, maps));
	free(maps);
	dt_sym_user_as(&st, DT_SYM_UADDR, 4000000, pc + 2, buf, sizeof(buf));
	EXPECT_EQ(0, strncmp(buf, "test_dt_sym", 11));
	EXPECT_STREQ("`dt_sym_test_target+0x2", strchr(buf, '`'));
	dt_sym_user_as(&st, DT_SYM_UADDR, 4000000, pc, buf, sizeof(buf));
	EXPECT_STREQ("`dt_sym_test_target", strchr(buf, '`'));	/* no +0x0 */
	dt_sym_user_as(&st, DT_SYM_UFUNC, 4000000, pc + 2, buf, sizeof(buf));
	EXPECT_EQ(0, strncmp(buf, "test_dt_sym", 11));
	EXPECT_STREQ("`dt_sym_test_target", strchr(buf, '`'));
	dt_sym_user_as(&st, DT_SYM_USYMBOL, 4000000, pc + 2, buf,
		       sizeof(buf));
	EXPECT_STREQ("`dt_sym_test_target", strchr(buf, '`'));
	dt_sym_user_as(&st, DT_SYM_UMOD, 4000000, pc + 2, buf, sizeof(buf));
	EXPECT_EQ(NULL, strchr(buf, '`'));
	EXPECT_EQ(0, strncmp(buf, "test_dt_sym", 11));
	/* the record's two words, as the consumer reads them */
	dt_sym_value(&st, DT_SYM_UFUNC, w, buf, sizeof(buf));
	EXPECT_STREQ("`dt_sym_test_target", strchr(buf, '`'));
	dt_sym_value(&st, DT_SYM_UADDR, w, buf, sizeof(buf));
	EXPECT_STREQ("`dt_sym_test_target+0x2", strchr(buf, '`'));
	/* the same from this process's own maps, by its pid */
	dt_sym_user_as(&st, DT_SYM_UFUNC, (uint64_t)getpid(), pc + 2, buf,
		       sizeof(buf));
	EXPECT_STREQ("`dt_sym_test_target", strchr(buf, '`'));
	/* pid 0, one no pid_t holds, no process, no mapping: hex */
	snprintf(hex, sizeof(hex), "0x%llx", (unsigned long long)pc);
	for (how = DT_SYM_UADDR; how <= DT_SYM_USYMBOL; how++) {
		dt_sym_user_as(&st, how, 0, pc, buf, sizeof(buf));
		EXPECT_STREQ(hex, buf);
		dt_sym_user_as(&st, how, 1ULL << 40, pc, buf, sizeof(buf));
		EXPECT_STREQ(hex, buf);
		dt_sym_user_as(&st, how, 999999999, pc, buf, sizeof(buf));
		EXPECT_STREQ(hex, buf);
		dt_sym_user_as(&st, how, 4000000, 0x10, buf, sizeof(buf));
		EXPECT_STREQ("0x10", buf);
	}
	dt_symtab_fini(&st);
}

/*
 * /proc/PID/maps lines as the kernel writes them, and as a process can
 * make them: a path longer than any fixed buffer (whose tail once read
 * as a line of its own), blanks in paths, lines that do not parse.
 */
TEST(maps_lines)
{
	static char text[8192];
	struct dt_mapent e;
	char *line = NULL;
	size_t cap = 0, n;
	FILE *fp;

	n = (size_t)snprintf(text, sizeof(text),
		"7f0000-7f1000 r-xp 00001000 08:01 123    /usr/lib/a b.so\n"
		"garbage\n"
		"7f2000-7f3000 rw-p 00000000 00:00 0\n"
		"1000-2000 r-xp 00000000 08:01 9 /");
	memset(text + n, 'x', 5000);
	n += 5000;
	n += (size_t)snprintf(text + n, sizeof(text) - n,
		"1-2 r-xp 0 00:00 0 /evil\n");
	fp = fmemopen(text, n, "r");
	ASSERT_NE(NULL, fp);
	ASSERT_EQ(1, dt_maps_next(fp, &line, &cap, &e));
	EXPECT_EQ(0x7f0000, e.me_start);
	EXPECT_EQ(0x7f1000, e.me_end);
	EXPECT_EQ(0x1000, e.me_off);
	EXPECT_STREQ("/usr/lib/a b.so", e.me_path);
	ASSERT_EQ(1, dt_maps_next(fp, &line, &cap, &e));
	EXPECT_STREQ("", e.me_path);
	ASSERT_EQ(1, dt_maps_next(fp, &line, &cap, &e));
	EXPECT_EQ(0x1000, e.me_start);
	EXPECT_EQ(5025, strlen(e.me_path));
	EXPECT_EQ(0, dt_maps_next(fp, &line, &cap, &e));
	free(line);
	fclose(fp);
}

TEST_HARNESS_MAIN
