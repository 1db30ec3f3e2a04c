/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A front end's own functions: the extension table it supplies
 * (dt_frontend.h's fe_funcs). Its lowering writes calls of names the
 * language's users cannot write (%name); the resolver looks a call's
 * name up in DT_FUNCS( ) (dt_funcs.h) first, then in the pcb's front
 * end's table (dt_func_resolve( )). An entry of the table has the id
 * DT_FN_EXT and its hooks here; every pass calls the hook of the call's
 * entry, where NULL is what the pass does with a call without a hook of
 * its own (dt_funcs.h's any).
 *
 * A hook gets the pass's state and may call the pass's helpers below.
 */
#ifndef DT_FUNCEXT_H
#define DT_FUNCEXT_H

#include <stdbool.h>
#include <stdint.h>

#include <dtrace/dif.h>
#include "dt_compile.h"

struct dt_lay;	/* a clause being laid out (dt_layout.c) */
struct dt_cg;	/* a DIF object being generated (dt_cg.c) */

struct dt_funcext {
	struct dt_func	fx_func;	/* first: f_id is DT_FN_EXT */
	/* check a call; NULL: the argument count, then f_args */
	int	(*fx_check)(struct dt_pcb *pcb, struct dt_node *n);
	/* lay out a call that is a statement; NULL: traced if not void */
	int	(*fx_layout)(struct dt_lay *l, struct dt_node *s);
	/*
	 * Lay out a call a that is an argument of s's format (printf( )
	 * and its like): its first slot, with *n counting its slots past
	 * one, or -1. NULL: one slot with a's value.
	 */
	int	(*fx_fmtarg)(struct dt_lay *l, struct dt_node *s,
			     struct dt_node *a, int *n);
	/* a call's value in a register, or -1; NULL: CALL of f_code */
	int	(*fx_cg)(struct dt_cg *cg, struct dt_node *n);
};

/* f's row of a front end's table, or NULL: f is DT_FUNCS( )' own. */
static inline const struct dt_funcext *dt_funcext(const struct dt_func *f)
{
	/* fx_func is the first member: f points to the row */
	return f && f->f_id == DT_FN_EXT ?
		(const struct dt_funcext *)(const void *)f : NULL;
}

/* A name's entry: D's (dt_func_lookup( )), else the pcb's front end's. */
const struct dt_func *dt_func_resolve(const struct dt_pcb *pcb,
				      const char *name);

/* The check pass (dt_check.c): a format and what it converts. */
int dt_check_printf(struct dt_pcb *pcb, struct dt_node *n);

/*
 * The layout pass (dt_layout.c). An action of kind (DTRACE_ACT_*) of
 * expr for statement stmt: its slot, typed rt (NULL: expr's), if rec;
 * -1 with the error, or no slot.
 */
int dt_layout_act(struct dt_lay *l, uint32_t kind, struct dt_node *expr,
		  struct dt_node *stmt, bool rec, const struct dt_type *rt);
/* An output of kind k for the consumer: nrecs slots from rec. */
struct dt_out *dt_layout_out(struct dt_lay *l, enum dt_outkind k, int rec,
			     int nrecs);
/* A STACK/USTACK action of frames PCs (ustack: the pid first): its slot. */
int dt_layout_stackslot(struct dt_lay *l, struct dt_node *s, bool user,
			uint32_t frames);
/* Make the last slot size bytes rather than one value's. */
int dt_layout_resize(struct dt_lay *l, struct dt_node *s, int slot,
		     uint32_t size);
/* A slot's type: an unsigned long the consumer reads as sym says. */
void dt_layout_mark(struct dt_lay *l, int slot, uint8_t sym);
/* printf( )'s layout, as output k: a format and a slot per argument. */
int dt_layout_fmt(struct dt_lay *l, struct dt_node *s, enum dt_outkind k);

/*
 * The cg pass (dt_cg.c): an expression's value in a register the
 * caller frees; a free register; an integer set; an instruction (its
 * index); a forward branch at index at made to jump to the next one.
 * Each returns -1 with the error where it can fail.
 */
struct dt_pcb *dt_cg_pcb(const struct dt_cg *cg);
int dt_cg_expr(struct dt_cg *cg, struct dt_node *n);
int dt_cg_reg(struct dt_cg *cg);
void dt_cg_free(struct dt_cg *cg, int r);
void dt_cg_setint(struct dt_cg *cg, int r, int64_t v);
uint32_t dt_cg_emit(struct dt_cg *cg, enum dif_opcode op, unsigned rd,
		    unsigned ra, unsigned rb, int32_t imm);
void dt_cg_patch(struct dt_cg *cg, uint32_t at);

#endif /* DT_FUNCEXT_H */
