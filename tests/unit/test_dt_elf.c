// SPDX-License-Identifier: GPL-2.0
/*
 * ELF symbols to file offsets, as the pid provider places its probes:
 * this test's own function, found in its own executable, must have at
 * its computed file offset the very bytes the function has in memory.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <elf.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "dt_elf.h"
#include "kselftest_harness.h"

__attribute__((noinline)) int dt_elf_test_target(int x)
{
	return x * 3 + 1;
}

/* The executable's load bias: where its first segment's vaddr 0 lies. */
static unsigned long load_bias(const struct dt_uobj *o, const char *exe)
{
	char line[4200], file[4096];
	unsigned long start, off;
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long bias = 0;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%*x %*s %lx %*s %*s %4095s", &start, &off,
			   file) == 3 && !strcmp(file, exe) && off == 0) {
			bias = start - (o->uo_nloads ? o->uo_loads[0].ul_vaddr -
					o->uo_loads[0].ul_off : 0);
			break;
		}
	}
	if (f)
		fclose(f);
	return bias;
}

TEST(symbol_to_file_offset)
{
	char exe[4096], bytes[16];
	const struct dt_usym *u = NULL;
	struct dt_uobj *o;
	uint64_t off;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t i;
	int fd;

	ASSERT_LT(0, n);
	exe[n] = '\0';
	o = dt_uobj_load(exe);
	ASSERT_NE(NULL, o);
	for (i = 0; i < o->uo_nsyms; i++)
		if (!strcmp(o->uo_syms[i].us_name, "dt_elf_test_target"))
			u = &o->uo_syms[i];
	ASSERT_NE(NULL, u);
	EXPECT_EQ(u, dt_uobj_sym_at(o, u->us_addr + 1));
	ASSERT_EQ(0, dt_uobj_vaddr_to_off(o, u->us_addr, &off));
	fd = open(exe, O_RDONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(sizeof(bytes), pread(fd, bytes, sizeof(bytes), off));
	close(fd);
	/* the same bytes the function has in memory */
	EXPECT_EQ(0, memcmp(bytes, (const void *)(load_bias(o, exe) +
						   u->us_addr), sizeof(bytes)));
	EXPECT_EQ(0, memcmp(bytes, (const void *)dt_elf_test_target,
			    sizeof(bytes)));
	/* an address no segment holds */
	EXPECT_EQ(-1, dt_uobj_vaddr_to_off(o, 1ull << 60, &off));
	dt_uobj_free(o);
}

/*
 * Stripped libc: .dynsym lacks local functions; the debug file its build
 * ID names (libc6-dbg) has them, as bpftrace's ustack shows them.
 */
TEST(debug_file_symbols)
{
	static const char libc[] = "/lib/x86_64-linux-gnu/libc.so.6";
	struct dt_uobj *o = dt_uobj_load(libc);
	size_t i, n;
	bool local = false;

	ASSERT_NE(NULL, o);
	n = o->uo_nsyms;
	for (i = 0; i < n; i++)
		ASSERT_NE(0, strcmp(o->uo_syms[i].us_name,
				    "__libc_start_call_main"));
	dt_uobj_load_debug(o);
	if (o->uo_nsyms == n) {
		dt_uobj_free(o);
		SKIP(return, "no libc6-dbg debug file");
	}
	EXPECT_LT(n, o->uo_nsyms);
	for (i = 0; i < o->uo_nsyms; i++) {
		const struct dt_usym *u = &o->uo_syms[i];

		if (strcmp(u->us_name, "__libc_start_call_main"))
			continue;
		local = true;
		EXPECT_EQ(u, dt_uobj_sym_at(o, u->us_addr + 122));
	}
	EXPECT_TRUE(local);
	/* sorted, for dt_uobj_sym_at */
	for (i = 1; i < o->uo_nsyms; i++)
		ASSERT_LE(o->uo_syms[i - 1].us_addr, o->uo_syms[i].us_addr);
	dt_uobj_free(o);
}

/*
 * A build-ID note's size is the file's: 0x80000010 bytes doubled used to
 * wrap to 32 in 32-bit arithmetic, pass the check against the 129-byte
 * buffer, and write two billion hex digits over the stack.
 */
TEST(buildid_note_size)
{
	static const uint8_t desc[64] = { 0xde, 0xad, 0xbe, 0xef };
	char id[129];

	memset(id, 'x', sizeof(id));
	EXPECT_EQ(-1, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNU", 4, desc,
					  0x80000010u, id, sizeof(id)));
	EXPECT_EQ(-1, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNU", 4, desc,
					  0xffffffffu, id, sizeof(id)));
	EXPECT_EQ('x', id[0]);
	/* 65 bytes need 131: too many; 64 need 129: they fit */
	EXPECT_EQ(-1, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNU", 4, desc,
					  65, id, sizeof(id)));
	ASSERT_EQ(0, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNU", 4, desc,
					 64, id, sizeof(id)));
	EXPECT_EQ(128, strlen(id));
	ASSERT_EQ(0, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNU", 4, desc,
					 4, id, sizeof(id)));
	EXPECT_STREQ("deadbeef", id);
	/* not a GNU build ID */
	EXPECT_EQ(-1, dt_elf_buildid_note(NT_GNU_BUILD_ID, "GNX", 4, desc,
					  4, id, sizeof(id)));
	EXPECT_EQ(-1, dt_elf_buildid_note(1, "GNU", 4, desc, 4, id,
					  sizeof(id)));
}

/* Segment and symbol ends the file can put at the top of the space. */
TEST(no_wrapping_ends)
{
	struct dt_uload l = { .ul_off = 0x1000, .ul_vaddr = ~0ull - 0xff,
			      .ul_filesz = 0x1000 };
	struct dt_usym u = { .us_addr = ~0ull - 0xf, .us_size = 0x100,
			     .us_name = "top" };
	struct dt_uobj o = { .uo_loads = &l, .uo_nloads = 1, .uo_syms = &u,
			     .uo_nsyms = 1 };
	uint64_t off;

	/* vaddr + filesz wraps past 0: 5 is not in the segment */
	EXPECT_EQ(-1, dt_uobj_vaddr_to_off(&o, 5, &off));
	ASSERT_EQ(0, dt_uobj_vaddr_to_off(&o, ~0ull, &off));
	EXPECT_EQ(0x10ff, off);
	EXPECT_EQ(&u, dt_uobj_sym_at(&o, ~0ull));
	EXPECT_EQ(NULL, dt_uobj_sym_at(&o, 5));
}

/* An ELF file with no symbols and no segments (found by fuzz_elf). */
TEST(empty_elf)
{
	Elf64_Ehdr eh = {
		.e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64,
			     ELFDATA2LSB, EV_CURRENT },
		.e_type = ET_EXEC, .e_machine = EM_X86_64,
		.e_version = EV_CURRENT, .e_ehsize = sizeof(eh),
	};
	struct dt_uobj *o;
	Elf *elf;

	elf_version(EV_CURRENT);
	elf = elf_memory((char *)&eh, sizeof(eh));
	ASSERT_NE(NULL, elf);
	o = dt_uobj_from_elf("empty", elf);
	ASSERT_NE(NULL, o);
	EXPECT_EQ(0, o->uo_nsyms);
	EXPECT_EQ(0, o->uo_nloads);
	EXPECT_EQ(NULL, dt_uobj_sym_at(o, 0x1000));
	dt_uobj_free(o);
	elf_end(elf);
}

TEST_HARNESS_MAIN
