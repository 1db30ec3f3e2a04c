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
 * into a call of D's function DT_FN_<D> (dt_funcs.h), of bpftrace's
 * own BT_X_<ID> for X<ID> (bt_check.h), or NONE.
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
	X(STR, "str", XSTR, str)					\
	X(KSTACK, "kstack", STACK, stack)				\
	X(USTACK, "ustack", USTACK, stack)				\
	X(KSYM, "ksym", FUNC, ksym)					\
	X(STRNCMP, "strncmp", SUBSTR, strncmp)				\
	X(TIME, "time", PRINTF, time)					\
	X(JOIN, "join", NONE, join)					\
	X(KADDR, "kaddr", NONE, kaddr)					\
	X(NTOP, "ntop", XNTOP, ntop)					\
	X(BSWAP, "bswap", XBSWAP, renamed)				\
	X(PRINTF, "printf", PRINTF, same)				\
	X(SYSTEM, "system", SYSTEM, same)				\
	X(EXIT, "exit", EXIT, same)					\
	X(STRJOIN, "strjoin", STRJOIN, same)				\
	/* printf's arguments only (bt_tools.c) */			\
	X(USYM, "usym", NONE, printfonly)				\
	X(BUF, "buf", NONE, printfonly)					\
	X(CAT, "cat", XCAT, cat)					\
	X(STRLEN, "strlen", STRLEN, same)				\
	/* bt_more.c's */						\
	X(CGROUPID, "cgroupid", NONE, cgroupid)				\
	X(UADDR, "uaddr", NONE, uaddr)					\
	X(REG, "reg", NONE, reg)					\
	X(PTON, "pton", NONE, pton)					\
	X(MACADDR, "macaddr", XMACADDR, macaddr)			\
	X(STRCONTAINS, "strcontains", INDEX, strcontains)		\
	X(SIGNAL, "signal", RAISE, signal)				\
	X(PATH, "path", NONE, path)					\
	/* a printf argument (bt_strftime( )), D's name unknown */	\
	X(STRFTIME, "strftime", NONE, strftime)				\
	/* a variable's strftime( ) value (bt_findstrftime( )) */	\
	X(STRFTIMEV, "%strftime", NONE, strftimev)			\
	/* bpftrace >= 0.23's (bt_getopt.c, bt_lookup.c) */			\
	X(GETOPT, "getopt", NONE, getopt)				\
	X(SYSCALL_NAME, "syscall_name", NONE, syscallname)		\
	X(STRERROR, "strerror", NONE, strerror)				\
	X(CGROUP_PATH, "cgroup_path", NONE, cgrouppath)

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
	/* "$x", "@m" given strftime(fmt, t) values, and each one's fmt */
	char		*tfnames[BT_MAXMAPS], *tffmts[BT_MAXMAPS];
	int		ntf;
	bool		inprintf;	/* rewriting printf's arguments */
	int		nbufs;
	/* kretfunc's args->NAME: fbt:MOD:F and N, saved at F's entry */
	struct {
		char	*fn;
		int	arg;
	}		kfsaves[BT_MAXMAPS];
	int		nkfsaves;
	/* maps and $x holding a user struct's address (bt_uptr.c) */
	char		*umaps[BT_MAXMAPS], *umapsous[BT_MAXMAPS];
	int		numaps;
	char		*uvars[BT_MAXMAPS], *uvarsous[BT_MAXMAPS];
	int		nuvars;
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

/*
 * bt_kfunc.c: is the probe a kfunc or kretfunc; args->NAME there, and
 * retval: 0 rewritten, 1 not theirs, -1 with the error.
 */
bool bt_kfunc_kind(enum bt_pkind k);
int bt_kfunc_member(struct bt_ctx *cx, struct dt_node *n);
int bt_kfunc_retval(struct bt_ctx *cx, struct dt_node *n);
/* The clauses that keep kretfunc's arguments, around the program's. */
struct dt_clause *bt_kfunc_saves(struct bt_ctx *cx, struct dt_clause *out);
void bt_kfunc_free(struct bt_ctx *cx);
/*
 * bt_uptr.c: a tracepoint's struct pointer kept in a map, then in a
 * $x: noted at each assignment s (before it lowers); $x.m read with
 * copyin (1 not such a $x, 0 rewritten, -1 with the error); forgotten
 * at each clause, and all at the end.
 */
void bt_uptr_note(struct bt_ctx *cx, const struct dt_node *s);
int bt_uptr_member(struct bt_ctx *cx, struct dt_node *n);
void bt_uptr_clause(struct bt_ctx *cx);
void bt_uptr_free(struct bt_ctx *cx);
/* ((struct T *)copyin(addr, sizeof (T))): a struct of the process. */
struct dt_node *bt_copyin_sou(struct dt_node *addr, const struct dt_type *t,
			      const struct dt_loc *loc);
/* The struct a tracepoint's field points to (its format file). */
bool bt_tp_sou(const struct bt_probe *bp, const char *field, char *sou,
	       size_t len);
/* A clause of one probe description, with nothing in it yet. */
struct dt_clause *bt_clause_new(const char *desc, const struct dt_loc *loc);

/* Does @name aggregate? Is it a counter (bt_lower.c)? */
bool bt_isagg(const struct bt_ctx *cx, const char *name);
bool bt_iscount(const struct bt_ctx *cx, const char *name);
/* Is @name given a value anywhere (else D says it is undefined)? */
bool bt_isassigned(const struct bt_ctx *cx, const char *name);
/* A map of tuples' element maps, @m.0, @m.1 (bt_tuple.c): how many. */
int bt_tuplesize(const struct bt_ctx *cx, const char *name);
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
 * map empties the variable through the consumer, bt_mapvar.h).
 */
bool bt_noop(const struct bt_ctx *cx, const struct dt_node *s);
struct dt_node *bt_join(struct bt_ctx *cx, struct dt_node *call);
/* bt_maps.c: has_key( ) and len( ) of a map that is a D global. */
struct bt_fn;
int bt_rw_haskey(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f);
int bt_rw_len(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f);
struct dt_node *bt_printdiv(struct bt_ctx *cx, struct dt_node *call);
/* x = delete(@m, k) as x = has_key(@m, k); delete(@m, k), or NULL. */
struct dt_node *bt_delete_value(struct dt_node *s);

/* Hooks of calls (bt_func.c, bt_more.c). */
struct bt_fn;
#define BT_HOOK(name)	int bt_rw_##name(struct bt_ctx *cx, struct dt_node *n, \
					 const struct bt_fn *f)
BT_HOOK(renamed);
BT_HOOK(cgroupid);
BT_HOOK(uaddr);
BT_HOOK(reg);
BT_HOOK(pton);
BT_HOOK(ntop);
BT_HOOK(macaddr);
BT_HOOK(strcontains);
BT_HOOK(signal);
BT_HOOK(path);
BT_HOOK(strftime);
BT_HOOK(strftimev);
BT_HOOK(getopt);
BT_HOOK(syscallname);
BT_HOOK(strerror);
BT_HOOK(cgrouppath);
BT_HOOK(ksym);
#undef BT_HOOK

/*
 * Built-in variables of the process and the machine (bt_more.c), hooks
 * of bt_lower.c's table: n lowered in place, 0, or -1 with the error.
 */
int bt_rand(struct bt_ctx *cx, struct dt_node *n);
int bt_cpid(struct bt_ctx *cx, struct dt_node *n);
int bt_ncpus(struct bt_ctx *cx, struct dt_node *n);
int bt_jiffies(struct bt_ctx *cx, struct dt_node *n);
int bt_numaid(struct bt_ctx *cx, struct dt_node *n);
int bt_cgroup(struct bt_ctx *cx, struct dt_node *n);
int bt_username(struct bt_ctx *cx, struct dt_node *n);
/* bt_task.c: pcomm; leader_pid, leader_tid, leader_comm */
int bt_pcomm(struct bt_ctx *cx, struct dt_node *n);
int bt_leader(struct bt_ctx *cx, struct dt_node *n);
/* getopt("name", N) as it will be lowered: true with its value. */
bool bt_getopt_int(const struct dt_node *n, int64_t *v);
/*
 * A table of integers to strings as a tree of ?: (bt_lookup.c): kv
 * (sorted here) looked up by e, dflt where e is none of them.
 */
struct bt_kv {
	int64_t		k;
	const char	*v;
};
struct dt_node *bt_kvtree(struct bt_kv *kv, int n, const struct dt_node *e,
			  const struct dt_node *dflt, const struct dt_loc *loc);
/* *uaddr("sym") (bt_more.c): 1 when n is another *e. */
int bt_uderef(struct bt_ctx *cx, struct dt_node *n);
/*
 * strftime( ) as a value (bt_more.c): $x = strftime(fmt, t) and @m[k] =
 * strftime(fmt, t) hold t on the wall clock, and printf's %s of $x or
 * @m[k] is %<fmt>T. bt_findstrftime( ) notes them before the lowering;
 * bt_strftime_fmt( ) is a printf argument's fmt, or NULL;
 * bt_strftime_free( ) forgets them.
 */
void bt_findstrftime(struct bt_ctx *cx, struct dt_node *stmts);
const char *bt_strftime_fmt(const struct bt_ctx *cx, const struct dt_node *a);
void bt_strftime_free(struct bt_ctx *cx);
/*
 * join( )'s elements from the first'th on, as one string (bt_more.c):
 * "this->%jN_first = argv[first]; if (this->%jN_first) printf("SEP%s",
 * %join(&argv[first], SEP))", argv in this->%jNp.
 */
struct dt_node *bt_join_tail(int id, int first, const char *sep,
			     const struct dt_loc *loc);
/*
 * bt_tools.c: kstack/ustack with bpftrace's modes; as printf's
 * arguments kstack, ustack, usym( ) and buf( ) (its %r), made by the
 * consumer (bt_out.c); cat( ).
 */
int bt_stack(struct bt_ctx *cx, struct dt_node *n, bool printfarg);
/* kstack, ustack, kstack(...) or ustack(...). */
bool bt_isstack(const struct dt_node *n);
int bt_printf_vals(struct bt_ctx *cx, struct dt_node *pf);
/* @m[k] = kstack: its id, and *rec the statement that records it. */
int bt_stackvalue(struct bt_ctx *cx, struct dt_node *s, struct dt_node **rec);
/* Statements before a printf that reads buf( ): the bytes to scratch. */
struct dt_node *bt_bufpre(struct bt_ctx *cx, struct dt_node *pf);

#endif /* BT_LOWER_H */
