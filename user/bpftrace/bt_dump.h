/* SPDX-License-Identifier: GPL-2.0 */
/* bpftrace's -d: the compiled clauses as D text (bt_dump.c). */
#ifndef BT_DUMP_H
#define BT_DUMP_H

#include <stdio.h>

struct dt_cprog;
void dt_bt_dump(FILE *fp, const struct dt_cprog *cp);

#endif /* BT_DUMP_H */
