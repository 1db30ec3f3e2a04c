/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between the lexer (dt_lex.l), the grammar (dt_grammar.y) and the
 * helpers they share (dt_parse.c).
 */
#ifndef DT_PARSE_H
#define DT_PARSE_H

#include "dt_ast.h"
#include "dt_pcb.h"

/* An integer constant and the type C's rules give it. */
struct dt_ival {
	int64_t		v;
	struct dt_type	t;
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
	struct dt_type ts_type;	/* named type */
};
int dt_tspec_type(struct dt_pcb *pcb, const struct dt_loc *loc,
		  const struct dt_tspec *ts, struct dt_type *out);

/* Key types of a declared array, as the grammar collects them. */
struct dt_tlist {
	int		tl_n;
	struct dt_type	tl_types[8];
};

/* Grammar actions. */
int dt_parse_inline(struct dt_pcb *pcb, const struct dt_tspec *ts, char *name,
		    struct dt_node *expr, const void *loc);
int dt_parse_xlator(struct dt_pcb *pcb, const struct dt_tspec *out,
		    const struct dt_tspec *in, char *param,
		    struct dt_node *mems, const void *loc);
int dt_parse_decl(struct dt_pcb *pcb, enum dt_vscope scope,
		  const struct dt_tspec *ts, char *name,
		  const struct dt_tlist *keys, const void *loc);
struct dt_pdesc *dt_parse_pdesc(char *text, const void *loc);
int dt_parse_member(struct dt_pcb *pcb, const struct dt_tspec *ts,
		    char *name, int64_t nelems, const void *loc);
struct dt_node *dt_parse_offsetof(struct dt_pcb *pcb,
				  const struct dt_tspec *ts, char *name,
				  const void *loc);
struct dt_node *dt_parse_ksym(struct dt_pcb *pcb, char *text,
			      const void *loc);
int dt_parse_clause(struct dt_pcb *pcb, struct dt_pdesc *probes,
		    struct dt_node *pred, struct dt_node *stmts,
		    const void *loc);

/* -C: run cpp over a file; returns its output (malloc'd) or NULL. */
char *dt_cpp_run(const char *file, char *const *args, int nargs);

#endif /* DT_PARSE_H */
