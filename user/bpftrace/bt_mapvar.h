/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's maps that are D global variables, not aggregations: the
 * consumer reads them with DVARSNAP (struct dtrace_dvar records, and
 * the integer scalars) and prints them as bpftrace 0.17 does:
 *
 *   @start[1234]: 81295370312      integers: ascending by value
 *   @name[1234, x]: bash           others (strings, ksym( )): by key
 *   @x: 5                          a scalar
 *   @t[1]: (5, abc)                a map of tuples: a variable per
 *                                  element (a->a_tvars), by key
 *
 * one line per element and no blank line after; an empty map is one
 * blank line. print(@m, top, div) keeps the top elements (the last ones)
 * and divides integer values. A string value "" reads as an element
 * delete( ) removed (bt_func.c stores "" there), so it is not printed.
 */
#ifndef BT_MAPVAR_H
#define BT_MAPVAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "dt_dvars.h"

struct dt_agg;
struct dt_symtab;

/*
 * Print the map a (a->a_var set) from the snapshot: top 0 prints every
 * element, div 0 or 1 divides nothing. 0, or -1 on a write error or a
 * malformed snapshot.
 */
int dt_bt_var(FILE *fp, const struct dt_agg *a, const struct dt_dvars *s,
	      int64_t top, uint64_t div, struct dt_symtab *syms);
/*
 * The same as -f json prints it (bt_json.c), one line as bpftrace
 * 0.17 does: {"type": "map", "data": {"@m": {"1,a": 2}}}, "@x": 5 for a
 * scalar, [5,"a"] for a tuple; an empty map prints nothing.
 */
int dt_bt_var_json(FILE *fp, const struct dt_agg *a, const struct dt_dvars *s,
		   int64_t top, uint64_t div, struct dt_symtab *syms);

/*
 * clear( ) and zero( ) of such a map empty its variables (bpftrace's
 * zero( ) of such a map: the store frees zeroes); trunc(@m, n) is the
 * next print's top (dt_valext.h's vx_varact).
 */
struct dt_aggdata;
struct dt_consumer;
struct dt_out;
int bt_mapvar_act(struct dt_consumer *c, struct dt_aggdata *d,
		  const struct dt_out *o, int64_t v);

#endif /* BT_MAPVAR_H */
