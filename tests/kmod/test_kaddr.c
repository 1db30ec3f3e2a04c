// SPDX-License-Identifier: GPL-2.0
/*
 * Which kernel addresses a script may read (kmod/dtrace_kaddr.c): RAM in
 * the kernel image, the direct map, vmalloc and module space, yes; a
 * device's registers mapped with ioremap(), or device memory with struct
 * pages in the direct map (ZONE_DEVICE), never: the read is refused as
 * an invalid address before it is made.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <dtrace/dtrace_ioctl.h>
#include <dtrace/dif.h>
#include "kselftest_harness.h"
#include "clause.h"

FIXTURE(dev) {
	int fd;
};

DEV_SETUP_TEARDOWN(dev)

/* The first address of a line of @path containing @what, or 0. */
static uint64_t find_addr(const char *path, const char *what)
{
	char line[512];
	uint64_t a = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;
	while (!a && fgets(line, sizeof(line), f)) {
		if (!strstr(line, what))
			continue;
		/* "0xSTART-0xEND ..." (vmallocinfo), "ADDR t name" (kallsyms) */
		a = strtoull(line, NULL, 16);
	}
	fclose(f);
	return a;
}

/*
 * BEGIN { trace(*(uint32_t *)addr); }: returns the errors counted; the
 * value read, if any, in *val.
 */
static int read_u32(int fd, uint64_t addr, uint64_t *val)
{
	struct dif_insn p[] = { INSN(SETX, 1, 0, 0, 0), INSN(LDUW, 2, 1, 0, 0),
				INSN(RET, 0, 2, 0, 0) };
	static char out[1 << 20];
	struct dtrace_ioc_status st;
	struct clause c;
	uint32_t o;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	o = clause_prog_tabs(&c, p, 3, &addr, 1, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, o, 0, 8);
	if (ioctl(fd, DTRACE_IOC_ENABLE, c.buf) || ioctl(fd, DTRACE_IOC_GO) ||
	    ioctl(fd, DTRACE_IOC_STOP) || status(fd, &st))
		return -1;
	n = snap_all(fd, out, sizeof(out), 4u << 20);
	*val = n == sizeof(struct dtrace_rechdr) + 8 ?
		*(uint64_t *)(out + sizeof(struct dtrace_rechdr)) : ~0ull;
	return (int)st.ds_errors;
}

TEST_F(dev, ram_is_readable)
{
	uint64_t text = find_addr("/proc/kallsyms", " T vfs_read\n");
	uint64_t mod = find_addr("/proc/kallsyms", " dtrace_probe_fire\t[dtrace]");
	uint64_t v;

	ASSERT_NE(0, text);
	ASSERT_NE(0, mod);
	EXPECT_EQ(0, read_u32(self->fd, text, &v));
	EXPECT_NE(~0ull, v);
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	EXPECT_EQ(0, read_u32(self->fd, mod, &v));
	EXPECT_NE(~0ull, v);
}

/* vmallocinfo shows real addresses only with kptr_restrict at 1. */
static uint64_t find_ioremap(const char *what)
{
	char old[16] = "";
	uint64_t a;
	FILE *f = fopen("/proc/sys/kernel/kptr_restrict", "r+");

	if (!f || !fgets(old, sizeof(old), f))
		return 0;
	rewind(f);
	fputs("1\n", f);
	fflush(f);
	a = find_addr("/proc/vmallocinfo", what);
	rewind(f);
	fputs(old, f);
	fclose(f);
	return a;
}

TEST_F(dev, ioremap_is_refused)
{
	/* the HPET's registers (QEMU's q35 has one), then any device's */
	uint64_t io = find_ioremap("hpet_enable"), v;

	if (!io)
		io = find_ioremap(" ioremap");
	if (!io)
		SKIP(return, "no ioremap() mapping in /proc/vmallocinfo");
	TH_LOG("reading the ioremap()ed 0x%llx", (unsigned long long)io);
	EXPECT_EQ(1, read_u32(self->fd, io, &v));
	EXPECT_EQ(~0ull, v);
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	/* the BIOS's ROM below 1 MiB, mapped by ACPI: reserved memory */
	io = find_ioremap("phys=0x00000000000d");
	if (io) {
		EXPECT_EQ(1, read_u32(self->fd, io, &v));
		EXPECT_EQ(~0ull, v);
	}
}

/* The physical start of a /proc/iomem range named @what, or 0. */
static uint64_t find_iomem(const char *what)
{
	return find_addr("/proc/iomem", what);
}

/*
 * Legacy persistent memory (the kernel booted with memmap=64M!1G, then
 * nd_e820 and nd_pmem loaded) is ZONE_DEVICE memory with struct pages in
 * the direct map: virt_addr_valid() says yes, and it is no RAM.
 */
TEST_F(dev, zone_device_is_refused)
{
	uint64_t pmem = find_iomem(": Persistent Memory (legacy)");
	uint64_t pob = find_addr("/proc/kallsyms", " page_offset_base\n");
	uint64_t lo, hi, v;

	if (!pmem || access("/dev/pmem0", F_OK))
		SKIP(return, "no legacy pmem: boot with memmap=64M!1G and "
		     "modprobe nd_e820 nd_pmem");
	ASSERT_NE(0, pob);
	/* page_offset_base itself, a word of the kernel image, is RAM */
	ASSERT_EQ(0, read_u32(self->fd, pob, &lo));
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	ASSERT_EQ(0, read_u32(self->fd, pob + 4, &hi));
	close(self->fd);
	self->fd = open("/dev/dtrace", O_RDWR);
	TH_LOG("pmem at 0x%llx, direct map from 0x%llx",
	       (unsigned long long)pmem,
	       (unsigned long long)(hi << 32 | (lo & 0xffffffff)));
	EXPECT_EQ(1, read_u32(self->fd, (hi << 32 | (lo & 0xffffffff)) + pmem,
			      &v));
	EXPECT_EQ(~0ull, v);
}

TEST_HARNESS_MAIN
