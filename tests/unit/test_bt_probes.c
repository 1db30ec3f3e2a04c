// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's attach points of bt_probe_ext.c as D probe descriptions:
 * offsets, addresses, kprobe's module, usdt without a process,
 * rawtracepoint, hardware, watchpoint; and their errors' words.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_elf.h"
#include "dt_error.h"
#include "dt_program.h"
#include "kselftest_harness.h"

#define LIBC	"/usr/lib/x86_64-linux-gnu/libc.so.6"	/* Debian's, real path */

/* Lower @text as with -p @target; the pcb's error when it fails. */
static int lower(const char *text, int target, struct bt_probe *bp,
		 char *err, size_t len)
{
	struct dt_loc loc = { 1, 1, 1, 2 };
	struct dt_pcb pcb;
	int rc;

	dt_pcb_init(&pcb, text, NULL, NULL);
	pcb.pcb_target = target;
	rc = bt_probe_parse(&pcb, text, &loc, bp);
	snprintf(err, len, "%s", rc ? pcb.pcb_errmsg : "");
	dt_pcb_fini(&pcb);
	return rc;
}

static const struct {
	const char	*text, *desc, *name;
	int		target;
	int		kind;
	bool		glob;
} fcases[] = {
	{ "kprobe:vfs_read+8", "kprobe::vfs_read:8", "kprobe:vfs_read+8", 0,
	  BT_P_KPROBE },
	{ "k:vfs_read+0x1f", "kprobe::vfs_read:1f", "kprobe:vfs_read+31", 0,
	  BT_P_KPROBE },
	{ "kprobe:vmlinux:vfs_read", "fbt:vmlinux:vfs_read:entry",
	  "kprobe:vmlinux:vfs_read", 0, BT_P_KPROBE },
	{ "kprobe:ext4:ext4_*", "fbt:ext4:ext4_*:entry", "kprobe:ext4:ext4_*",
	  0, BT_P_KPROBE, true },
	{ "kretprobe:vmlinux:vfs_read", "fbt:vmlinux:vfs_read:return",
	  "kretprobe:vmlinux:vfs_read", 0, BT_P_KRETPROBE },
	{ "kprobe:vmlinux:vfs_read+4", "kprobe:vmlinux:vfs_read:4",
	  "kprobe:vmlinux:vfs_read+4", 0, BT_P_KPROBE },
	{ "uprobe:" LIBC ":malloc+16", "uprobe:" LIBC ":malloc:10",
	  "uprobe:" LIBC ":malloc+16", 0, BT_P_UPROBE },
	{ "usdt:" LIBC ":libc:setjmp", "libc:" LIBC "::setjmp",
	  "usdt:" LIBC ":libc:setjmp", 0, BT_P_USDT },
	{ "usdt:" LIBC ":libc:setjmp", "libc42:libc.so.6::setjmp",
	  "usdt:" LIBC ":libc:setjmp", 42, BT_P_USDT },
	{ "rawtracepoint:sys_enter", "rawtracepoint:vmlinux::sys_enter",
	  "rawtracepoint:sys_enter", 0, BT_P_RAWTRACEPOINT },
	{ "rt:vmlinux:sched_switch", "rawtracepoint:vmlinux::sched_switch",
	  "rawtracepoint:sched_switch", 0, BT_P_RAWTRACEPOINT },
	{ "hardware:cache-misses:1000", "hardware:::cache-misses-1000",
	  "hardware:cache-misses:1000", 0, BT_P_HARDWARE },
	{ "h:cycles", "hardware:::cycles", "hardware:cycles", 0,
	  BT_P_HARDWARE },
	{ "watchpoint:0x10000000:8:rw", "watchpoint:77::10000000-8-rw",
	  "watchpoint:0x10000000:8:rw", 77, BT_P_WATCHPOINT },
	{ "aw:4096:4:w", "watchpoint:77::1000-4-w",
	  "asyncwatchpoint:0x1000:4:w", 77, BT_P_ASYNCWATCHPOINT },
	/* 0.27's forms, each run by 0.27 in the forky guest */
	{ "begin", "dtrace:::BEGIN", "begin", 0, BT_P_BEGIN },
	{ "end", "dtrace:::END", "end", 0, BT_P_END },
	{ "interval:1000000", "profile:::tick-1000000ns", "interval:1000000",
	  0, BT_P_INTERVAL },
	{ "interval:100ms", "profile:::tick-100ms", "interval:100ms", 0,
	  BT_P_INTERVAL },
};

TEST(forms)
{
	size_t i;

	for (i = 0; i < sizeof(fcases) / sizeof(fcases[0]); i++) {
		struct bt_probe bp;
		char err[1024];

		ASSERT_EQ(0, lower(fcases[i].text, fcases[i].target, &bp, err,
				   sizeof(err))) TH_LOG("%s: %s", fcases[i].text,
							err);
		EXPECT_STREQ(fcases[i].desc, bp.bp_desc);
		EXPECT_STREQ(fcases[i].name, bp.bp_name);
		EXPECT_EQ(fcases[i].kind, (int)bp.bp_kind);
		EXPECT_EQ(fcases[i].glob, bp.bp_glob);
	}
}

/* uprobe:PATH:0xADDR: the function holding ADDR, and the offset in it. */
TEST(uprobe_address)
{
	struct dt_uobj *o = dt_uobj_load(LIBC);
	const struct dt_usym *u = NULL;
	char text[256], want[256], err[1024];
	struct bt_probe bp;
	size_t i;

	ASSERT_NE(NULL, o);
	for (i = 0; i < o->uo_nsyms && !u; i++)
		if (!strcmp(o->uo_syms[i].us_name, "malloc"))
			u = &o->uo_syms[i];
	ASSERT_NE(NULL, u);
	u = dt_uobj_sym_at(o, u->us_addr);	/* malloc or an alias */
	ASSERT_NE(NULL, u);
	snprintf(text, sizeof(text), "uprobe:%s:0x%llx", LIBC,
		 (unsigned long long)u->us_addr + 4);
	ASSERT_EQ(0, lower(text, 0, &bp, err, sizeof(err))) TH_LOG("%s", err);
	snprintf(want, sizeof(want), "uprobe:%s:%s:4", LIBC, u->us_name);
	EXPECT_STREQ(want, bp.bp_desc);
	snprintf(want, sizeof(want), "uprobe:%s:0x%llx", LIBC,
		 (unsigned long long)u->us_addr + 4);
	EXPECT_STREQ(want, bp.bp_name);
	dt_uobj_free(o);
}

static const struct {
	const char	*text, *err;
	int		target;
} ecases[] = {
	{ "kretprobe:vfs_read+8",
	  "kretprobe cannot have an offset: vfs_read+8" },
	{ "kprobe:vfs_read+x", "invalid offset: x" },
	{ "interval:0", "invalid rate of interval probe" },
	{ "profile:99", "Invalid attach point definition: profile:99" },
	{ "kprobe:vfs_*+4", "an offset cannot follow a wildcard: vfs_*" },
	{ "kprobe::vfs_read", "Invalid attach point definition: kprobe::vfs_read" },
	{ "uretprobe:" LIBC ":malloc+4",
	  "uretprobe cannot have an offset or an address: malloc+4" },
	{ "uprobe:" LIBC ":0x1",
	  "Could not resolve address: " LIBC ":0x1 (no function symbol "
	  "holds it)" },
	{ "rawtracepoint:ext4:ext4_sync_fs",
	  "rawtracepoint: only the kernel's own tracepoints (vmlinux), not "
	  "module ext4's" },
	{ "rawtracepoint:sys_*",
	  "Invalid attach point definition: rawtracepoint:sys_*" },
	{ "rawtracepoint", "Invalid attach point definition: rawtracepoint" },
	{ "hardware", "Invalid attach point definition: hardware" },
	{ "watchpoint:0x1000:8:rw",
	  "watchpoint needs a process: -p PID or -c CMD" },
	{ "asyncwatchpoint:0x1000:8:w",
	  "asyncwatchpoint needs a process: -p PID or -c CMD" },
	{ "watchpoint:0x1000:3:rw", "watchpoint length must be 1, 2, 4 or 8: 3",
	  1 },
	{ "watchpoint:0x1000:8:ww",
	  "watchpoint mode must be a combination of r, w and x: ww", 1 },
	{ "watchpoint:0x1000:8:q",
	  "watchpoint mode must be a combination of r, w and x: q", 1 },
	{ "watchpoint:func+arg0:8:w",
	  "watchpoint address must be a number: func+arg0", 1 },
	{ "watchpoint:0x1000:8",
	  "Invalid attach point definition: watchpoint:0x1000:8", 1 },
};

TEST(errors)
{
	size_t i;

	for (i = 0; i < sizeof(ecases) / sizeof(ecases[0]); i++) {
		struct bt_probe bp;
		char err[1024];

		EXPECT_EQ(-1, lower(ecases[i].text, ecases[i].target, &bp, err,
				    sizeof(err))) TH_LOG("%s", ecases[i].text);
		EXPECT_STREQ(ecases[i].err, err);
	}
}

TEST_HARNESS_MAIN
