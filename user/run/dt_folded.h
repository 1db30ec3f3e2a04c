/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Collapsed ("folded") stacks, the interchange format of flamegraph.pl,
 * speedscope and inferno: one line per stack, its frames root first,
 * separated by ';', then a space and the count:
 *
 *   bash;entry_SYSCALL_64;do_syscall_64;ksys_read 12
 *
 * Frames lose their "+0x..." offsets so one function is one box; a ';'
 * or a space inside a frame becomes '_'. -x oformat=folded prints every
 * aggregation this way at the end: a stack( ) or ustack( ) key
 * (and a language's own stacks) as its frames, the other keys as one frame
 * each, in the key's order (so @[execname, stack()] puts the program at
 * the root); an aggregation without keys as one frame, its name. A
 * distribution counts its values. Records print as text does.
 */
#ifndef DT_FOLDED_H
#define DT_FOLDED_H

#include <stdio.h>
#include <stdint.h>

struct dt_aggdata;
struct dt_symtab;
struct dt_format;

/* One recorded stack of n words, root first, ';' between frames. */
void dt_folded_stack(FILE *fp, struct dt_symtab *syms, const void *words,
		     uint32_t n, int user);

/*
 * One entry's key as folded frames: each key in order, a stack as its
 * frames, with ';' between them (no newline, no count).
 */
void dt_folded_key(FILE *fp, const struct dt_aggdata *d, const uint8_t *key,
		   struct dt_symtab *syms);

/* An aggregation with a stack key, as folded lines: 0 or -1. */
int dt_folded_agg(FILE *fp, struct dt_aggdata *d, struct dt_symtab *syms);

extern const struct dt_format dt_format_folded;

#endif /* DT_FOLDED_H */
