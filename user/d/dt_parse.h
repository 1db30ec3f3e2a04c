/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between the lexer (dt_lex.l), the grammar (dt_grammar.y) and the
 * helpers they share (dt_parse.c).
 */
#ifndef DT_PARSE_H
#define DT_PARSE_H

#include "dt_ast.h"
#include "dt_pcb.h"

/* D's front end (compile/dt_frontend.h). */
extern const struct dt_frontend dt_frontend_d;

/* Fills pcb_prog; returns 0 or -1 with an error. */
int dt_parse(struct dt_pcb *pcb);
/*
 * D declarations only (struct and union definitions), in text of the
 * length of pcb's source whose lines and columns are the source's,
 * into pcb_prog: 0, or -1 with an error.
 */
int dt_parse_types_text(struct dt_pcb *pcb, const char *text, size_t len);
/* D text of a predicate to its tree, or NULL (a pcb's pcb_dpred). */
struct dt_node *dt_parse_pred(struct dt_pcb *pcb, const char *text);

/* An integer constant and the type C's rules give it. */
struct dt_ival {
	int64_t		v;
	struct dt_type	t;
	const char	*name;	/* a type name's, if known */
};

/* A keyword the lexer knows. */
struct dt_lex_kw {
	const char	*kw_name;
	int		kw_token;	/* grammar token, or 0 */
	bool		kw_decl;	/* begins a declaration */
	struct dt_type	kw_type;	/* typedef names: their type */
};

const struct dt_lex_kw *dt_lex_keyword(const char *s);

int dt_lex_begin(struct dt_pcb *pcb);
void dt_lex_end(struct dt_pcb *pcb);

/* Move the position past a token; loc gets its span. */
void dt_lex_advance(struct dt_pcb *pcb, struct dt_loc *loc,
		    const char *text, size_t len);

/* Does the '/' just read close a predicate? */
bool dt_lex_pred_ends(const struct dt_pcb *pcb);

/* Decode the escapes of a string or character literal (quotes kept). */
int dt_lex_unescape(const char *lit, char *out, size_t *outlen);

/* Combine type specifier keywords; returns -1 on a bad combination. */
struct dt_tspec {
	int	ts_char, ts_short, ts_int, ts_long, ts_signed, ts_unsigned;
	int	ts_void, ts_string, ts_named, ts_ptr;
	int	ts_enum;	/* named an enum */
	struct dt_type ts_type;	/* named type */
	/* in a struct's definition: one not defined yet, looked up late */
	char	ts_fwd[64];
	bool	ts_fwdunion;
	bool	ts_same;	/* typedef T name; of a name that is T */
};
int dt_tspec_type(struct dt_pcb *pcb, const struct dt_loc *loc,
		  const struct dt_tspec *ts, struct dt_type *out);
/*
 * struct NAME inside a struct's definition, not the script's: true if
 * ts keeps the name to be looked up when the member is known.
 */
int dt_tspec_sou(struct dt_pcb *pcb, struct dt_tspec *ts, const char *name,
		 bool is_union, const struct dt_loc *loc);
bool dt_tspec_fwd(struct dt_pcb *pcb, struct dt_tspec *ts, const char *name,
		  bool is_union);
/*
 * ts cannot take one more type name (a struct, union or enum when
 * is_int is false): DTrace's D_DECL_* error for it. Returns -1.
 */
int dt_tspec_attr(struct dt_pcb *pcb, const struct dt_loc *loc,
		  const struct dt_tspec *ts, bool is_int);
/*
 * ts followed by the type name name of type t: 0 (ts->ts_same set) for a
 * typedef that says again what name is, as C allows; else -1 with
 * DTrace's error for it.
 */
int dt_tspec_tname(struct dt_pcb *pcb, const struct dt_loc *loc,
		   struct dt_tspec *ts, const char *name,
		   const struct dt_type *t);

/* Key types of a declared array, as the grammar collects them. */
struct dt_tlist {
	int		tl_n;
	struct dt_type	tl_types[8];
};

/* An inline's parameters: inline T name[T1 p1, ...] = expr; */
struct dt_ilist {
	int		il_n;
	struct dt_type	il_types[8];
	char		*il_names[8];
};

void dt_ilist_free(struct dt_ilist *il);

/*
 * One declarator of a declaration: its name, the pointers before it and
 * what follows it in brackets, as the grammar reads them (dt_decl.c).
 */
#define DT_DECLR_DIMS	4
struct dt_declr {
	struct dt_declr	*dr_next;
	char		*dr_name;
	struct dt_loc	dr_loc;
	int		dr_ptr;		/* '*'s before the name */
	int		dr_ndims;	/* [N] after it, N in dr_dims */
	uint64_t	dr_dims[DT_DECLR_DIMS];
	bool		dr_null;	/* [ ]: no dimension, no keys */
	struct dt_tlist	dr_keys;	/* [type, ...]: associative */
	bool		dr_func;	/* (params) after it: a prototype */
	bool		dr_fptr;	/* (*name)(params): a pointer to one */
	bool		dr_void;	/* a parameter of type void */
	bool		dr_bitfield;	/* a member's ": BITS" */
	int64_t		dr_bits;	/* BITS; -1: not a constant */
};

/* A prototype's parameters so far. */
struct dt_plist {
	int	pl_n;
	int	pl_nvoid;
};

struct dt_declr *dt_declr_new(struct dt_pcb *pcb, char *name,
			      const void *loc);
void dt_declr_free(struct dt_declr *list);
struct dt_declr *dt_declr_append(struct dt_declr *list, struct dt_declr *d);
/* declr[dim]: dim must be a positive integer constant (D_DECL_ARRSUB). */
int dt_declr_dim(struct dt_pcb *pcb, struct dt_declr *d,
		 struct dt_node *dim, const void *loc);
/* member : bits, checked when the member's type is known. */
void dt_declr_bits(struct dt_pcb *pcb, struct dt_declr *d,
		   struct dt_node *bits);
int dt_declr_keys(struct dt_pcb *pcb, struct dt_declr *d,
		  const struct dt_tlist *keys, const void *loc);
/* d is a parameter of type ts: its type must be one. */
int dt_declr_param(struct dt_pcb *pcb, struct dt_declr *d,
		   const struct dt_tspec *ts);
/* Parameter d (taken) joins pl, and the list is checked at its end. */
int dt_plist_add(struct dt_pcb *pcb, struct dt_plist *pl, struct dt_declr *d);
int dt_plist_end(struct dt_pcb *pcb, const struct dt_plist *pl,
		 const void *loc);

/* Grammar actions. */
/* [self|this] type declarators;: variables (takes the list). */
int dt_parse_decls(struct dt_pcb *pcb, enum dt_vscope scope,
		   const struct dt_tspec *ts, struct dt_declr *list);
/* extern type declarators;: checked, and nothing to keep. */
int dt_parse_externs(struct dt_pcb *pcb, const struct dt_tspec *ts,
		     struct dt_declr *list);
/* NAME = expr in an enum: expr an integer constant (takes both). */
int dt_parse_enumval(struct dt_pcb *pcb, char *name, struct dt_node *val,
		     const void *loc);
/* typedef type declarators; */
int dt_parse_tdefs(struct dt_pcb *pcb, const struct dt_tspec *ts,
		   struct dt_declr *list);
/* A struct's or union's members (list NULL: an anonymous member). */
int dt_parse_members(struct dt_pcb *pcb, const struct dt_tspec *ts,
		     struct dt_declr *list, const void *loc);
/* type;: declares nothing unless the type is a struct, union or enum. */
int dt_parse_typeonly(struct dt_pcb *pcb, const struct dt_tspec *ts,
		      const void *loc);
int dt_parse_inline(struct dt_pcb *pcb, const struct dt_tspec *ts, char *name,
		    struct dt_node *expr, const void *loc);
/*
 * inline T name[T1 p1, ...] = expr; (takes name, il's names and expr);
 * with call, inline T name(T1 p1, ...) = expr;, in D's library only
 */
int dt_parse_inline_params(struct dt_pcb *pcb, const struct dt_tspec *ts,
			   char *name, struct dt_ilist *il,
			   struct dt_node *expr, const void *loc, bool call);
int dt_parse_xlator(struct dt_pcb *pcb, const struct dt_tspec *out,
		    const struct dt_tspec *in, char *param,
		    struct dt_node *mems, const void *loc);
struct dt_pdesc *dt_parse_pdesc(char *text, const void *loc);
struct dt_node *dt_parse_offsetof(struct dt_pcb *pcb,
				  const struct dt_tspec *ts, char *name,
				  const void *loc);
/* f(args): only a name is a function (takes both nodes). */
struct dt_node *dt_parse_call(struct dt_pcb *pcb, struct dt_node *fn,
			      struct dt_node *args, const void *loc);
struct dt_node *dt_parse_ksym(struct dt_pcb *pcb, char *text,
			      const void *loc);
int dt_parse_clause(struct dt_pcb *pcb, struct dt_pdesc *probes,
		    struct dt_node *pred, struct dt_node *stmts,
		    const void *loc);

/*
 * -C: run cpp over a file; returns its output (malloc'd), or NULL with
 * errno: the file's, or EINVAL when cpp failed (it said why on stderr).
 */
char *dt_cpp_run(const char *file, char *const *args, int nargs);

#endif /* DT_PARSE_H */
