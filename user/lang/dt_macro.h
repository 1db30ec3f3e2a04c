/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's macro variables: $target (-c or -p's process), $pid, $ppid, $pgid,
 * $sid, $uid, $gid, $euid, $egid, integers known when the program is
 * compiled.
 */
#ifndef DT_MACRO_H
#define DT_MACRO_H

#include <stdint.h>

/* $target ($-less name), $pid, $uid...: 0, or -1 if not defined. */
int dt_macro_lookup(const char *name, int target, int64_t *v);

#endif /* DT_MACRO_H */
