/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a language adds to the consumer beside D's records: values it
 * lays out itself (slots marked DT_SYM_KSTACK and up by the layout
 * hooks of its own functions, compile/dt_funcext.h), an action that
 * prints a file, stack ids, and aggregation names that stand for
 * global variables (a->a_isvar). cmd/ gives the consumer the program's
 * language's (c_ext); D has none. Each hook may be NULL.
 */
#ifndef DT_VALEXT_H
#define DT_VALEXT_H

#include <stdint.h>

struct dt_aggdata;
struct dt_consumer;
struct dt_out;
struct dt_rec;
struct dt_symtab;

struct dt_valext {
	/*
	 * The text of the value at slot r, with the slot after it, next,
	 * where it takes two: in *out (malloc'd, NULL on no memory).
	 * Returns how many slots it took.
	 */
	int	(*vx_text)(struct dt_symtab *syms, const uint8_t *data,
			   const struct dt_rec *r, const struct dt_rec *next,
			   char **out);
	/* DT_OUT_STACKID: learn the PCs (slot pcs) of a stack's id. */
	int	(*vx_stackid)(const uint8_t *data, const struct dt_rec *pcs,
			      const struct dt_rec *id);
	/* DT_OUT_CAT: print the file path names to c->c_out. */
	int	(*vx_cat)(struct dt_consumer *c, const char *path);
	/*
	 * clear( ), trunc( ) (v: its count) of an aggregation name that
	 * stands for variables (d->ad_def->a_isvar): 0, or -1 with c_err.
	 */
	int	(*vx_varact)(struct dt_consumer *c, struct dt_aggdata *d,
			     const struct dt_out *o, int64_t v);
};

#endif /* DT_VALEXT_H */
