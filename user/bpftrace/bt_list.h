/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -l in bpftrace's names (bt_list.c).
 */
#ifndef BT_LIST_H
#define BT_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <dtrace/dtrace_ioctl.h>

/*
 * A probe's bpftrace name (kprobe:vfs_read, tracepoint:sched:sched_switch,
 * software:cpu-clock:, uprobe:UPATH:readline); -1 if bpftrace has none.
 */
int bt_list_name(const struct dtrace_probedesc *pd, const char *upath,
		 char *buf, size_t len);

/* A tracepoint's fields as bpftrace -lv prints them ("    int dfd"). */
void bt_list_tpfields(FILE *fp, const char *sys, const char *ev);

/*
 * Every probe whose bpftrace name matches search (NULL: all), sorted,
 * named as release 0.rel names them; verbose: with tracepoints' fields.
 * 0, or -1 with the reason in err.
 */
int bt_list(int fd, const char *search, bool verbose, unsigned int rel,
	    FILE *fp, char *err, size_t errlen);

#endif /* BT_LIST_H */
