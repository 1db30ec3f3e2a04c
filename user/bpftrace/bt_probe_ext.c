// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's attach points beyond a function's entry and return
 * (bt_probe.c does the rest):
 *
 *   kprobe:F+OFF                 kprobe::F:HEX       (an instruction in F)
 *   kprobe:MOD:F, kretprobe:     fbt:MOD:F:entry, :return
 *   kprobe:MOD:F+OFF             kprobe:MOD:F:HEX
 *   uprobe:PATH:F+OFF            uprobe:/ABS/PATH:F:HEX
 *   uprobe:PATH:0xADDR           uprobe:/ABS/PATH:F:HEX (F holds ADDR)
 *   usdt:PATH:PROV:NAME          PROV:/ABS/PATH::NAME (no -p or -c:
 *                                every process that maps PATH)
 *   rawtracepoint:EV, rt:        rawtracepoint:vmlinux::EV
 *   hardware:EV[:PERIOD], h:     hardware:::EV[-PERIOD]
 *   watchpoint:ADDR:LEN:MODE, w: watchpoint:PID::HEXADDR-LEN-MODE (-p/-c)
 *   asyncwatchpoint:..., aw:     the same
 *
 * HEX is an offset in hexadecimal without 0x, as the pid provider's.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_elf.h"
#include "dt_error.h"

static int bt_ext_invalid(struct dt_pcb *pcb, const struct dt_loc *loc,
			  const char *text)
{
	return dt_error(pcb, loc, "BT_PROBE", "Invalid attach point "
			"definition: %s", text);
}

/* "123", "0x7b": a whole unsigned number; false otherwise. */
static bool bt_ext_num(const char *s, unsigned long long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return !*end && !errno;
}

/* "vfs_read+8" -> "vfs_read" and 8; no '+': false. */
static int bt_ext_split(struct dt_pcb *pcb, const struct dt_loc *loc,
			char *fn, unsigned long long *off, bool *has)
{
	char *plus = strchr(fn, '+');

	*has = plus != NULL;
	if (!plus)
		return 0;
	*plus = '\0';
	if (!*fn || !bt_ext_num(plus + 1, off))
		return dt_error(pcb, loc, "BT_PROBE", "invalid offset: %s",
				plus + 1);
	if (strpbrk(fn, "*?["))
		return dt_error(pcb, loc, "BT_PROBE", "an offset cannot "
				"follow a wildcard: %s", fn);
	return 0;
}

static int bt_ext_kprobe(struct dt_pcb *pcb, char **f, int n,
			 const struct dt_loc *loc, struct bt_probe *bp,
			 const char *text)
{
	const char *mod = n == 3 ? f[1] : "";
	char *fn = f[n - 1];
	unsigned long long off = 0;
	bool has;

	if (bt_ext_split(pcb, loc, fn, &off, &has))
		return -1;
	if (has && bp->bp_kind == BT_P_KRETPROBE)
		return dt_error(pcb, loc, "BT_PROBE", "kretprobe cannot have "
				"an offset: %s+%llu", fn, off);
	if (n == 3 && (!*mod || !*fn))
		return bt_ext_invalid(pcb, loc, text);
	if (has) {
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "kprobe:%s:%s:%llx",
			 mod, fn, off);
		snprintf(bp->bp_name, sizeof(bp->bp_name), "kprobe:%s%s%s+%llu",
			 mod, n == 3 ? ":" : "", fn, off);
		return 0;
	}
	bp->bp_glob = strpbrk(fn, "*?[") != NULL;
	snprintf(bp->bp_desc, sizeof(bp->bp_desc), "fbt:%s:%s:%s", mod, fn,
		 bp->bp_kind == BT_P_KPROBE ? "entry" : "return");
	snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s:%s", f[0], mod, fn);
	return 0;
}

/* uprobe:PATH:0xADDR: the function symbol that holds ADDR, and where. */
static int bt_ext_uaddr(struct dt_pcb *pcb, const struct dt_loc *loc,
			const char *path, unsigned long long addr,
			char *fn, size_t len, unsigned long long *off)
{
	struct dt_uobj *o = dt_uobj_load(path);
	const struct dt_usym *u = o ? dt_uobj_sym_at(o, addr) : NULL;
	int rc = 0;

	if (!u || strlen(u->us_name) >= len)
		rc = dt_error(pcb, loc, "BT_PROBE", "Could not resolve address:"
			      " %s:0x%llx (no function symbol holds it)", path,
			      addr);
	else {
		snprintf(fn, len, "%s", u->us_name);
		*off = addr - u->us_addr;
	}
	if (o)
		dt_uobj_free(o);
	return rc;
}

static int bt_ext_uprobe(struct dt_pcb *pcb, char **f,
			 const struct dt_loc *loc, struct bt_probe *bp)
{
	char path[256], fn[256];
	unsigned long long off = 0, addr;
	bool has;

	if (bp->bp_kind == BT_P_URETPROBE)
		return dt_error(pcb, loc, "BT_PROBE", "uretprobe cannot have "
				"an offset or an address: %s", f[2]);
	if (bt_upath(pcb, loc, f[1], path, sizeof(path)))
		return -1;
	if (bt_ext_num(f[2], &addr)) {
		if (bt_ext_uaddr(pcb, loc, path, addr, fn, sizeof(fn), &off))
			return -1;
	} else {
		if (bt_ext_split(pcb, loc, f[2], &off, &has))
			return -1;
		snprintf(fn, sizeof(fn), "%s", f[2]);
	}
	snprintf(bp->bp_desc, sizeof(bp->bp_desc), "uprobe:%s:%s:%llx", path,
		 fn, off);
	if (bt_ext_num(f[2], &addr))
		snprintf(bp->bp_name, sizeof(bp->bp_name), "uprobe:%s:%s",
			 path, f[2]);
	else
		snprintf(bp->bp_name, sizeof(bp->bp_name), "uprobe:%s:%s+%llu",
			 path, fn, off);
	return 0;
}

static int bt_ext_usdt(struct dt_pcb *pcb, char **f,
		       const struct dt_loc *loc, struct bt_probe *bp)
{
	char path[256];

	if (bt_upath(pcb, loc, f[1], path, sizeof(path)))
		return -1;
	if (strlen(path) >= 64)
		return dt_error(pcb, loc, "BT_PROBE", "usdt target file path "
				"is too long (at most 63 characters): %s",
				path);
	snprintf(bp->bp_desc, sizeof(bp->bp_desc), "%s:%s::%s", f[2], path,
		 f[3]);
	snprintf(bp->bp_name, sizeof(bp->bp_name), "usdt:%s:%s:%s", path,
		 f[2], f[3]);
	return 0;
}

static int bt_ext_watch(struct dt_pcb *pcb, char **f, int n,
			const struct dt_loc *loc, struct bt_probe *bp,
			const char *text)
{
	unsigned long long addr, len;
	const char *m;

	if (n != 4)
		return bt_ext_invalid(pcb, loc, text);
	if (!bt_ext_num(f[1], &addr))
		return dt_error(pcb, loc, "BT_PROBE", "watchpoint address "
				"must be a number: %s", f[1]);
	if (!bt_ext_num(f[2], &len) ||
	    (len != 1 && len != 2 && len != 4 && len != 8))
		return dt_error(pcb, loc, "BT_PROBE", "watchpoint length "
				"must be 1, 2, 4 or 8: %s", f[2]);
	for (m = f[3]; *m && strchr("rwx", *m) && !strchr(m + 1, *m); m++)
		;
	if (!*f[3] || *m)
		return dt_error(pcb, loc, "BT_PROBE", "watchpoint mode must be "
				"a combination of r, w and x: %s", f[3]);
	if (!pcb->pcb_target)
		return dt_error(pcb, loc, "BT_PROBE", "%s needs a process: "
				"-p PID or -c CMD", f[0]);
	snprintf(bp->bp_desc, sizeof(bp->bp_desc), "watchpoint:%d::%llx-%llu-%s",
		 pcb->pcb_target, addr, len, f[3]);
	snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:0x%llx:%llu:%s",
		 f[0], addr, len, f[3]);
	return 0;
}

int bt_probe_ext(struct dt_pcb *pcb, char **f, int n,
		 const struct dt_loc *loc, struct bt_probe *bp,
		 const char *text)
{
	switch (bp->bp_kind) {
	case BT_P_KPROBE:
	case BT_P_KRETPROBE:
		if ((n == 2 && strchr(f[1], '+')) || n == 3)
			return bt_ext_kprobe(pcb, f, n, loc, bp, text);
		return 1;
	case BT_P_UPROBE:
	case BT_P_URETPROBE:
		if (n == 3 && *f[1] && *f[2] &&
		    (strchr(f[2], '+') || (*f[2] >= '0' && *f[2] <= '9')))
			return bt_ext_uprobe(pcb, f, loc, bp);
		return 1;
	case BT_P_KFUNC:
	case BT_P_KRETFUNC:
		return bt_kfunc_probe(pcb, f, n, loc, bp);
	case BT_P_USDT:
		if (n == 4 && !pcb->pcb_target && *f[1] && *f[2] && *f[3])
			return bt_ext_usdt(pcb, f, loc, bp);
		return 1;
	case BT_P_RAWTRACEPOINT:
		if ((n != 2 && n != 3) || !*f[n - 1] ||
		    strpbrk(f[n - 1], "*?["))
			return bt_ext_invalid(pcb, loc, text);
		if (n == 3 && strcmp(f[1], "vmlinux"))
			return dt_error(pcb, loc, "BT_PROBE", "rawtracepoint: "
					"only the kernel's own tracepoints "
					"(vmlinux), not module %s's", f[1]);
		snprintf(bp->bp_desc, sizeof(bp->bp_desc),
			 "rawtracepoint:vmlinux::%s", f[n - 1]);
		snprintf(bp->bp_name, sizeof(bp->bp_name), "rawtracepoint:%s",
			 f[n - 1]);
		return 0;
	case BT_P_HARDWARE:
		if (n < 2 || n > 3 || !*f[1])
			return bt_ext_invalid(pcb, loc, text);
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "hardware:::%s%s%s",
			 f[1], n == 3 ? "-" : "", n == 3 ? f[2] : "");
		snprintf(bp->bp_name, sizeof(bp->bp_name), "hardware:%s%s%s",
			 f[1], n == 3 ? ":" : "", n == 3 ? f[2] : "");
		return 0;
	case BT_P_WATCHPOINT:
	case BT_P_ASYNCWATCHPOINT:
		return bt_ext_watch(pcb, f, n, loc, bp, text);
	default:
		return 1;
	}
}
