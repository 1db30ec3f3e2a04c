/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Between the two halves of the bpftrace lowering: names, maps and
 * clauses (bt_lower.c) and functions (bt_func.c).
 */
#ifndef BT_LOWER_H
#define BT_LOWER_H

#include "bt_parse.h"

/*
 * bpftrace's functions, written once: X(ID, NAME, D, HOOK) makes
 * BT_FN_<ID>, whose calls bt_rw_<HOOK>( ) (bt_func.c) rewrites, most
 * into a call of D's function DT_FN_<D> (dt_funcs.h), or NONE.
 */
#define BT_FUNCS(X)							\
	X(COUNT, "count", COUNT, agg)					\
	X(SUM, "sum", SUM, agg)						\
	X(AVG, "avg", AVG, agg)						\
	X(MIN, "min", MIN, agg)						\
	X(MAX, "max", MAX, agg)						\
	X(STATS, "stats", STATS, agg)					\
	X(HIST, "hist", QUANTIZE, agg)					\
	X(LHIST, "lhist", LQUANTIZE, agg)				\
	X(PRINT, "print", PRINTA, map)					\
	X(CLEAR, "clear", TRUNC, map)					\
	X(ZERO, "zero", CLEAR, map)					\
	X(DELETE, "delete", NONE, delete)				\
	X(HAS_KEY, "has_key", NONE, haskey)				\
	X(LEN, "len", NONE, len)					\
	X(STR, "str", BTSTR, str)					\
	X(KSTACK, "kstack", STACK, renamed)				\
	X(USTACK, "ustack", USTACK, renamed)				\
	X(KSYM, "ksym", FUNC, renamed)					\
	X(STRNCMP, "strncmp", SUBSTR, strncmp)				\
	X(TIME, "time", PRINTF, time)					\
	X(JOIN, "join", NONE, join)					\
	X(KADDR, "kaddr", NONE, kaddr)					\
	X(NTOP, "ntop", BTNTOP, renamed)				\
	X(BSWAP, "bswap", BTBSWAP, renamed)				\
	X(PRINTF, "printf", PRINTF, same)				\
	X(SYSTEM, "system", SYSTEM, same)				\
	X(EXIT, "exit", EXIT, same)					\
	X(STRJOIN, "strjoin", STRJOIN, same)				\
	X(STRLEN, "strlen", STRLEN, same)				\
	/* a printf argument (bt_strftime( )), D's name unknown */	\
	X(STRFTIME, "strftime", NONE, same)

enum bt_fid {
#define BT_FN_ENUM(id, ...)	BT_FN_##id,
	BT_FUNCS(BT_FN_ENUM)
#undef BT_FN_ENUM
	BT_FN_NFUNCS
};

#define BT_MAXMAPS	256

struct bt_ctx {
	struct dt_pcb	*pcb;
	const char	*aggs[BT_MAXMAPS];	/* maps that aggregate */
	int		naggs;
	const char	*counts[BT_MAXMAPS];	/* only ++, --, +=, -= */
	int		ncounts;
	const char	*sets[BT_MAXMAPS];	/* other maps */
	int		nsets;
	const char	*strs[BT_MAXMAPS];	/* maps given strings */
	int		nstrs;
	const struct bt_probe *probe;	/* of the clause being lowered */
	int		njoins;
};

/* Nodes; they exit on out of memory, as dt_node_new( ). */
char *bt_strdup(const char *s);
struct dt_node *bt_ident(const char *name, const struct dt_loc *loc);
struct dt_node *bt_str(const char *s, const struct dt_loc *loc);
struct dt_node *bt_call(const char *name, struct dt_node *args,
			const struct dt_loc *loc);
struct dt_node *bt_this(const char *fmt, int a, int b,
			const struct dt_loc *loc);
/* *p, leaving NULL there. */
struct dt_node *bt_steal(struct dt_node **p);
/* Replace n's contents by r's, keeping n's place in its list. */
void bt_replace(struct dt_node *n, struct dt_node *r);

/* Does @name aggregate? Is it a counter (bt_lower.c)? */
bool bt_isagg(const struct bt_ctx *cx, const char *name);
bool bt_iscount(const struct bt_ctx *cx, const char *name);
/* Is @name given a value anywhere (else D says it is undefined)? */
bool bt_isassigned(const struct bt_ctx *cx, const char *name);
/* Is @name given strings (so delete( ) stores "", not 0)? */
bool bt_isstrmap(const struct bt_ctx *cx, const char *name);
/* The @name an assignment's left side names, or NULL. */
const struct dt_node *bt_mapof(const struct dt_node *lhs);

/* Rewrite an expression (a list) in D's terms; -1 with the error. */
int bt_rw(struct bt_ctx *cx, struct dt_node *n);
int bt_rwlist(struct bt_ctx *cx, struct dt_node *n);

/* bt_func.c: a call, and the calls that become several statements. */
int bt_func(struct bt_ctx *cx, struct dt_node *n);
/* D's aggregating function for bpftrace's, or NULL. */
const char *bt_aggfunc(const char *name);
/* Is n a call of bpftrace's function id? */
bool bt_iscall(const struct dt_node *n, enum bt_fid id);
/*
 * A statement that compiles to nothing: none now (clear(@m) of a plain
 * map empties the variable through the consumer, dt_btvar.h).
 */
bool bt_noop(const struct bt_ctx *cx, const struct dt_node *s);
struct dt_node *bt_join(struct bt_ctx *cx, struct dt_node *call);
/* bt_maps.c: has_key( ) and len( ) of a map that is a D global. */
struct bt_fn;
int bt_rw_haskey(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f);
int bt_rw_len(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f);
struct dt_node *bt_printdiv(struct bt_ctx *cx, struct dt_node *call);

#endif /* BT_LOWER_H */
