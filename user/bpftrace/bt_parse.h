/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bpftrace front end: lexer (bt_lex.l), grammar (bt_grammar.y),
 * their helpers (bt_parse.c), and the lowering of what they build onto
 * the D AST (bt_lower.c, bt_probe.c). The passes after it are the D
 * compiler's own.
 */
#ifndef BT_PARSE_H
#define BT_PARSE_H

#include "dt_parse.h"

/* bpftrace's front end (compile/dt_frontend.h): bt_frontend.c. */
extern const struct dt_frontend bt_frontend;

/* The script to its AST (bt_parse.c): 0, or -1 with an error. */
int bt_parse_text(struct dt_pcb *pcb);
/* That AST to D's: macros, tuples, control flow, then bt_lower( ). */
int bt_lower_prog(struct dt_pcb *pcb);
/* Both. */
int bt_parse(struct dt_pcb *pcb);

int bt_lex_begin(struct dt_pcb *pcb);
void bt_lex_end(struct dt_pcb *pcb);

/*
 * The script without its preprocessor lines (bt_cpp.c): *out, as many
 * lines long, to free; -1 with the error in the pcb.
 */
int bt_cpp(struct dt_pcb *pcb, char **out, size_t *outlen);

/*
 * Lowering: bpftrace's probes, built-ins, maps and functions in D's
 * terms (bt_lower.c). The clauses hold attach points as written.
 */
int bt_lower(struct dt_pcb *pcb);

/* A copy of a statement list, if blocks included. */
struct dt_node *bt_copylist(const struct dt_node *n);

/* unroll(N) { body }: N copies of body. */
/* bpftrace 0.27's integer literal (bt_num.c); err: its error, and where */
struct bt_num_err {
	char	msg[256];
	size_t	off, len;
};
int bt_num_parse(const char *text, uint64_t *val, struct bt_num_err *err);
/* true 1, false 0 (>= 0.22's booleans, getopt's flags); else -1 */
int bt_bool_word(const char *s);
struct dt_node *bt_unroll(struct dt_pcb *pcb, int64_t n, struct dt_node *body,
			  const struct dt_loc *loc);

/*
 * The language of bpftrace >= 0.20 (bt_lang.c): a node only the front
 * end knows (%while, %break, %continue, %return, %tuple, %elem: a call
 * of that name), config = { }, and macros.
 */
struct dt_node *bt_mark(const char *name, struct dt_node *args,
			const struct dt_loc *loc);
bool bt_ismark(const struct dt_node *n, const char *name);
/* Which control-flow statement n is, if a mark of one. */
enum bt_flowmark {
	BT_FM_NONE, BT_FM_RETURN, BT_FM_BREAK, BT_FM_CONTINUE, BT_FM_WHILE,
};
enum bt_flowmark bt_flowmark(const struct dt_node *n);
int bt_config(struct dt_pcb *pcb, char *key, char *sval, int64_t ival,
	      const struct dt_loc *kloc, const struct dt_loc *vloc);
int bt_config_late(struct dt_pcb *pcb, const struct dt_loc *loc);
int bt_macro_def(struct dt_pcb *pcb, char *name, struct dt_node *params,
		 struct dt_node *body, const struct dt_loc *loc);
/* let $x[: T][ = v] and let @m = hash(N) (bt_let.c) */
#define BT_LET_BRACES	(-2)	/* the lexer's let @m ...; before probes */
struct dt_node *bt_let(struct dt_pcb *pcb, char *name,
		       const struct dt_type *type, struct dt_node *val,
		       const struct dt_loc *loc);
int bt_letmap(struct dt_pcb *pcb, char *map, char *kind, int64_t n,
	      const struct dt_loc *kloc);
/* Macros expanded (bt_lang.c), then loops and jumps (bt_flow.c). */
int bt_macro_expand(struct dt_pcb *pcb);
int bt_flow(struct dt_pcb *pcb);
/*
 * bpftrace's named parameters (--name[=value] after --), for getopt( ):
 * taken out of av[0, n), which keeps the others; their count.
 */
int bt_named_take(char **av, int n);
/*
 * Block scoping of $x (bt_scope.c): the grammar records blocks and
 * names in source order; the check after the parse (0.22 on).
 */
void bt_scope_open(struct dt_pcb *pcb);
void bt_scope_close(struct dt_pcb *pcb);
void bt_scope_read(struct dt_pcb *pcb, const struct dt_node *var);
void bt_scope_decl(struct dt_pcb *pcb, const char *name,
		   const struct dt_loc *loc, bool inner);
void bt_scope_set(struct dt_pcb *pcb, const struct dt_node *lhs);
size_t bt_scope_mark(struct dt_pcb *pcb);
void bt_scope_cut(struct dt_pcb *pcb, size_t mark);
int bt_scope_check(struct dt_pcb *pcb);
void bt_scope_free(struct dt_pcb *pcb);
/* 0.27's warnings: recorded while parsing, printed into pcb_fewarn */
void bt_warn_discard(struct dt_pcb *pcb, const struct dt_node *e,
		     const struct dt_loc *loc, const struct dt_loc *semi);
void bt_warn_block(struct dt_pcb *pcb, const struct dt_node *stmts);
void bt_warn_probe(struct dt_pcb *pcb, int nattach, const struct dt_loc *loc);
int bt_scope_warn(struct dt_pcb *pcb);
/* for ($i : a..b) { body }: its statements (bt_flow.c) */
struct dt_node *bt_for_range(struct dt_node *head, struct dt_node *body);
/* Tuples: $t = (a, b) as a variable per element (bt_tuple.c). */
int bt_tuples(struct dt_pcb *pcb);

/*
 * One attach point in D's words: pd gets the probe description, and
 * kind one of BT_P_*; -1 with the error in the pcb.
 */
enum bt_pkind {
	BT_P_BEGIN, BT_P_END, BT_P_KPROBE, BT_P_KRETPROBE, BT_P_UPROBE,
	BT_P_URETPROBE, BT_P_TRACEPOINT, BT_P_PROFILE, BT_P_INTERVAL,
	BT_P_SOFTWARE, BT_P_USDT, BT_P_RAWTRACEPOINT, BT_P_HARDWARE,
	BT_P_WATCHPOINT, BT_P_ASYNCWATCHPOINT, BT_P_KFUNC, BT_P_KRETFUNC,
};

struct bt_probe {
	enum bt_pkind	bp_kind;
	char		bp_desc[2048];	/* the D probe description */
	char		bp_name[2048];	/* bpftrace's full name, for probe */
	bool		bp_glob;	/* probe names more than one probe */
};

int bt_probe_parse(struct dt_pcb *pcb, const char *text,
		   const struct dt_loc *loc, struct bt_probe *bp);

/*
 * The attach points of bt_probe_ext.c, with bt_probe_parse()'s fields
 * @f (@n of them) and bp_kind set: 0, -1 with the error in the pcb, or 1
 * when the form is bt_probe_parse()'s own.
 */
int bt_probe_ext(struct dt_pcb *pcb, char **f, int n,
		 const struct dt_loc *loc, struct bt_probe *bp,
		 const char *text);
/*
 * Struct and union definitions between probes (bt_sou.c): cut out of
 * src (blanked) and declared as D's: 0, or -1 with the error.
 */
int bt_sou_defs(struct dt_pcb *pcb, char *src, size_t len);
/* kfunc:[MOD:]F and kretfunc (bt_kfunc.c): as bt_probe_ext( ). */
int bt_kfunc_probe(struct dt_pcb *pcb, char **f, int n,
		   const struct dt_loc *loc, struct bt_probe *bp);
/* uprobe's PATH, absolute with links resolved; -1 with the error. */
int bt_upath(struct dt_pcb *pcb, const struct dt_loc *loc,
	     const char *path, char *out, size_t len);

/* A compile error as bpftrace prints it (bt_error.c). */
void bt_error_print(const struct dt_pcb *pcb, FILE *fp);

/* A warning at loc of the program, in the same form (-k's faults). */
void bt_warn_print(const struct dt_pcb *pcb, const struct dt_loc *loc,
		   const char *msg, FILE *fp);

/* A library name (libc) as a path (/lib/x86_64-linux-gnu/libc.so.6). */
int bt_lib_path(const char *name, char *out, size_t len);

#endif /* BT_PARSE_H */
