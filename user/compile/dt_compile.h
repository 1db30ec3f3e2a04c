/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiler: a pipeline of small passes over the AST,
 *
 *   parse, lower (the pcb's language: dt_frontend.h) -> dt_lower -> dt_resolve -> dt_check -> dt_fold -> dt_layout
 *   -> dt_cg
 *
 * each one file, each returning 0 or -1 with the error in the pcb:
 *
 *   err = err ?: dt_resolve(pcb);
 *
 * The result is a compiled program: per clause, the DIF objects the
 * module runs (predicate, one per action) and what the consumer needs to
 * print the clause's records (record slots, output operations).
 */
#ifndef DT_COMPILE_H
#define DT_COMPILE_H

#include <stdint.h>
#include "dt_ast.h"
#include "dt_difo.h"
#include "dt_funcs.h"
#include "dt_pcb.h"
#include "dt_printf.h"

/* One slot of a clause's record. */
struct dt_rec {
	uint32_t	r_off;
	uint32_t	r_size;
	struct dt_type	r_type;
};

/* What the consumer does, in order, with one record of a clause. */
enum dt_outkind {
	DT_OUT_TRACE,	/* print one slot as trace( ) does */
	DT_OUT_PRINTF,	/* format o_nrecs slots with o_fmt */
	DT_OUT_EXIT,	/* nothing to print */
	DT_OUT_PRINTA,	/* print o_aggs (with o_fmt, if any) */
	DT_OUT_CLEAR,	/* zero o_aggs[0]'s values */
	DT_OUT_TRUNC,	/* keep the slot's count of entries (o_nrecs 0: none) */
	DT_OUT_NORMALIZE,	/* divide by the slot's value when printing */
	DT_OUT_DENORMALIZE,
	DT_OUT_STACK,	/* kernel PCs of a stack( ) slot */
	DT_OUT_USTACK,	/* pid, then user PCs */
	DT_OUT_AGGREC,	/* add keys (a user symbol's: two slots) and value
			 * (the last slot) to o_aggs[0] */
	DT_OUT_TRACEMEM,	/* the slot's bytes, in hex and as text */
	DT_OUT_SYSTEM,	/* format as DT_OUT_PRINTF, run it with /bin/sh */
	DT_OUT_SETOPT,	/* set option o_opt (to o_optval) while tracing */
	DT_OUT_CAT,	/* format as DT_OUT_PRINTF, print that file */
	DT_OUT_STACKID,	/* learn a stack's PCs (slot), id (slot + 1) */
	DT_OUT_FREOPEN,	/* format as DT_OUT_PRINTF: the path output goes to
			 * from now on ("": the first output again) */
	DT_OUT_FTRUNCATE,	/* truncate the output (if a file), rewind */
	DT_OUT_PRINT,	/* print( ): the slot as its type r_type says */
};

struct dt_out {
	enum dt_outkind	o_kind;
	int		o_rec;		/* first slot */
	int		o_nrecs;
	struct dt_pfmt	*o_fmt;
	struct dt_agg	*o_aggs[9];
	int		o_naggs;
	int		o_guard;	/* slot of its if's guard, or -1 */
	const char	*o_opt, *o_optval;	/* SETOPT: the AST's */
	bool		o_stderr;	/* PRINTF: an error, on stderr */
};

/* One action of the module (struct dtrace_ioc_action). */
struct dt_act {
	uint32_t	a_kind;		/* DTRACE_ACT_* */
	int		a_rec;		/* slot, or -1: stores nothing */
	struct dt_node	*a_expr;	/* the value it computes; NULL: 0 */
	struct dt_type	a_type;		/* as which it is returned */
	struct dt_node	*a_stmt;	/* the statement it belongs to */
	struct dt_node	**a_pre;	/* statements run first, values unused */
	int		a_npre;
	struct dt_node	**a_post;	/* ... and after its value */
	int		a_npost;
	uint32_t	a_off, a_size;	/* AGGKEY: its slot of the key */
	struct dt_agg	*a_agg;		/* AGGREGATE: the aggregation */
	uint64_t	a_arg;		/* STACK, USTACK: frames */
	bool		a_nodif;	/* STACK, USTACK: no program */
	int		a_guardact;	/* if block: 1 + its GUARD's index */
	struct dt_node	*a_guard;	/* speculate( ) in an if block: */
	int64_t		a_ifnot;	/* a_ifnot unless a_guard is set */
	int64_t		a_const;	/* the value when a_expr is NULL */
	struct dt_difo	a_difo;
};

/* One compiled clause. */
struct dt_ecb {
	struct dt_clause *e_clause;
	bool		e_haspred;
	struct dt_difo	e_pred;
	struct dt_act	*e_acts;
	int		e_nacts;
	struct dt_rec	*e_recs;
	int		e_nrecs;
	struct dt_out	*e_outs;
	int		e_nouts;
	uint32_t	e_recsize;	/* 8-aligned */
	bool		e_destructive;	/* needs -w: system, raise, ... */
	const char	*e_refused;	/* panic, breakpoint: never enabled */
};

struct dt_cprog {
	struct dt_ecb	*cp_ecbs;
	int		cp_necbs;
	uint32_t	cp_strsize;
};

/* Record bytes of a value of type t. */
uint32_t dt_rec_size(const struct dt_type *t, uint32_t strsize);

/* The checker's entry for one expression, and its aggregation part. */
int dt_check_expr(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_aggstmt(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_aggmdim(struct dt_pcb *pcb, struct dt_node *n);
/* An array's or aggregation's key #i + 1 (what says which): its type. */
int dt_check_keytype(struct dt_pcb *pcb, const struct dt_node *k, int i,
		     const char *what);
/* trace(1) and the other actions: calls with no value. */
bool dt_is_action(const struct dt_node *n);
int dt_check_aggact(struct dt_pcb *pcb, struct dt_node *n);
/* The order of actions around speculations: dt_check_spec.c. */
int dt_check_spec(struct dt_pcb *pcb, const struct dt_node *stmts);
/*
 * stack(n) or ustack(n[, strsize]) call's frames into *frames (left as
 * it is without n): 0, or -1 with DTrace's error for the arguments.
 */
int dt_check_stackargs(struct dt_pcb *pcb, const struct dt_node *call,
		       uint32_t *frames);

/* The passes. */
int dt_lower(struct dt_pcb *pcb);
int dt_resolve(struct dt_pcb *pcb);
/*
 * A translation whose expression is being resolved, and the one it is
 * within: a translator met again inside itself is an error, not an
 * endless expansion.
 */
struct dt_xlframe {
	const struct dt_xlator	*xf_xlator;
	struct dt_xlframe	*xf_up;
};

/*
 * n, a MEMBER of an XLATE: the translator's expression in its place;
 * f is filled for the caller to push on pcb_xlating while resolving it.
 */
int dt_xlate_member(struct dt_pcb *pcb, struct dt_node *n,
		    struct dt_xlframe *f);
/*
 * n, a translator's input (n_xlin > 0): resolve(pcb, n, lhs) as where
 * the input was written, outside the translations it was put in.
 */
int dt_xlate_resolve_input(struct dt_pcb *pcb, struct dt_node *n,
			   int (*resolve)(struct dt_pcb *, struct dt_node *,
					  bool),
			   bool lhs);
/*
 * n, a MEMBER of c ? xlate<..>(a) : xlate<..>(b) (probes of one clause
 * translating from different records): c ? xlate(a)->m : xlate(b)->m.
 * Whether it was one.
 */
bool dt_xlate_ternary(struct dt_node *n);
int dt_check(struct dt_pcb *pcb);
int dt_fold(struct dt_pcb *pcb);
/* Fold the constants of checked expressions (n_next list) now. */
int dt_fold_list(struct dt_pcb *pcb, struct dt_node *list);
/* sizeof (T): a string is strsize bytes, a pointer 8 */
uint64_t dt_fold_sizeof(const struct dt_pcb *pcb, const struct dt_type *t);
int dt_layout(struct dt_pcb *pcb, struct dt_cprog *cp);
int dt_cg(struct dt_pcb *pcb, struct dt_cprog *cp);

/* All of them; cp is freed with dt_cprog_free either way. */
int dt_compile(struct dt_pcb *pcb, struct dt_cprog *cp);
/* What a compilation made in pcb, freed (its cprog is dt_cprog_free's). */
void dt_pcb_fini(struct dt_pcb *pcb);
void dt_cprog_free(struct dt_cprog *cp);

/* Load each DIF object with dif/'s verifier: catches our own bugs. */
int dt_cprog_verify(const struct dt_cprog *cp, char *err, size_t errlen);
/* -S: the DIF of every clause, to fp (dt_verify.c). */
void dt_cprog_disasm(const struct dt_cprog *cp, FILE *fp);

/* Built-in variables: name, DIF_VAR_* and type. */
struct dt_builtin {
	const char	*b_name;
	int		b_var;
	struct dt_type	b_type;
};
const struct dt_builtin *dt_builtin_lookup(const char *name);

/* D's library constants (EAGAIN, SIGKILL): true and the value if one. */
bool dt_const_lookup(const char *name, int64_t *val);

#endif /* DT_COMPILE_H */
