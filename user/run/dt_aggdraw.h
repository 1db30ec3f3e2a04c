/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Drawing aggregations as illumos' consumer does: a distribution's rows
 * and bars, -x agghist's bars of count( ) and sum( ) values, -x aggpack's
 * one-line distributions, and a stack key's frames.
 */
#ifndef DT_AGGDRAW_H
#define DT_AGGDRAW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct dt_agg;
struct dt_aggdata;
struct dt_aggview;
struct dt_symtab;

/* Signs of the values bars are drawn among: which way the bars go. */
#define DT_QROW_POS	0x1
#define DT_QROW_NEG	0x2

/*
 * Add v to what bars are drawn against: the sum of |values|, or under
 * aggzoom the largest |value| / 0.95, so that it is about 95% wide.
 */
void dt_bar_total(long double *total, int64_t v, bool zoom);

/*
 * One bar and its count, "|@@@@    count\n", 40 wide (20 each way when
 * values of both signs are drawn); the bar is val's, val / normal is
 * printed.
 */
void dt_bar_line(FILE *fp, int64_t val, uint64_t normal, long double total,
		 int signs, bool utf8);

/* A distribution as printa( ) prints it: its header, then its rows. */
void dt_agg_hist(FILE *fp, const struct dt_agg *a, const uint64_t *v,
		 uint64_t normal, const struct dt_aggview *av);

/* The width of a's keys as agghist and aggpack print them. */
int dt_agg_packwidth(const struct dt_agg *a);

/* agghist's header: "key", or "value" when there are no keys. */
void dt_agg_histhdr(FILE *fp, int width);

/*
 * aggpack: the rows every entry of d shows (quantize( ): the used ones
 * and one either side; lquantize( ): all), the header, and an entry.
 */
void dt_agg_packrange(const struct dt_aggdata *d, uint32_t *lo,
		      uint32_t *hi);
void dt_agg_packhdr(FILE *fp, const struct dt_agg *a, int width, uint32_t lo,
		    uint32_t hi);
void dt_agg_packrow(FILE *fp, const struct dt_agg *a, const uint64_t *v,
		    uint32_t lo, uint32_t hi, const struct dt_aggview *av);

/* A stack's frames, a line each, indented (-x stackindent). */
void dt_print_frames(FILE *fp, struct dt_symtab *syms, const void *words,
		     uint32_t n, bool user, int indent);

#endif /* DT_AGGDRAW_H */
