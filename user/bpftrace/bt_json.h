/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's -f json (-x oformat=bpftrace-json; bt_json.c describes
 * the lines). It implies -q, as -x oformat=bpftrace does.
 */
#ifndef BT_JSON_H
#define BT_JSON_H

#include <stdio.h>

struct dt_aggdata;
struct dt_symtab;

/* One map's line, as bpftrace's print(@x) and its exit print it. */
int dt_btj_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms);

#endif /* BT_JSON_H */
