/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's values that the consumer makes from a record's slots
 * marked DT_SYM_KSTACK and up (bt_out.c's bt_fmtarg_*( ) hooks):
 * stacks in bpftrace's modes, usym( ), buf( )'s %r; and cat( ).
 */
#ifndef BT_VALUE_H
#define BT_VALUE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct dt_consumer;
struct dt_ecb;
struct dt_out;
struct dt_rec;
struct dt_symtab;
struct dt_valext;

/*
 * A stack of n words (user: the pid first) as bpftrace prints it in
 * mode (DT_STACKMODE_*): a newline, then a line per frame indented by
 * indent spaces (perf: a tab, the address, the name).
 */
void dt_btval_stack(FILE *fp, struct dt_symtab *syms, const uint8_t *w,
		    uint32_t n, bool user, int mode, int indent);

/*
 * The text of the value at slot r (marked with a DT_SYM_* of these),
 * with the slot after it, next, where it takes two: in *out (malloc'd,
 * NULL on no memory). Returns how many slots it took.
 */
int dt_btval_text(struct dt_symtab *syms, const uint8_t *data,
		  const struct dt_rec *r, const struct dt_rec *next,
		  char **out);

/*
 * kstack as a value is an id (the module's hash of the PCs): learn the
 * PCs of the id from a record's stack slot pcs and id slot; print an
 * id as its stack (nothing for one never learnt, or 0: deleted).
 */
int dt_btval_learn(const uint8_t *data, const struct dt_rec *pcs,
		   const struct dt_rec *id);
void dt_btval_stackid(FILE *fp, struct dt_symtab *syms, uint64_t id,
		      int mode, int indent);

/* cat(fmt, ...): the file the formatted name names, to c->c_out. */
int dt_btval_cat(struct dt_consumer *c, const char *path);

/* The consumer's hooks for these, and for maps that are globals. */
extern const struct dt_valext bt_valext;

#endif /* BT_VALUE_H */
