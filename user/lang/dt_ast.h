/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D abstract syntax tree: what the parser builds and the passes
 * (resolve, check, fold, layout, cg) walk and annotate.
 *
 * A program is a list of clauses; a clause is a list of probe
 * descriptions, an optional predicate and a list of statements. Every
 * statement is an expression node (actions are calls).
 */
#ifndef DT_AST_H
#define DT_AST_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>

struct dt_loc {
	int	first_line, first_column;
	int	last_line, last_column;
};

/* A D type: what the checker computes for every expression. */
enum dt_tkind {
	DT_T_VOID,
	DT_T_INT,
	DT_T_STRING,
	DT_T_SOU,	/* a struct or union in memory: its address */
};

struct dt_member;
struct dt_btf;

/*
 * A struct or union a script declares (its members: dt_types.h), or one
 * of the kernel's, made when first named (dt_ktype.h): its members are
 * then looked up in s_btf when used, never copied.
 */
struct dt_sou {
	struct dt_sou	*s_next;
	char		*s_name;	/* "": an anonymous kernel type */
	bool		s_union;
	bool		s_defined;	/* its closing brace was seen */
	uint32_t	s_size, s_align;
	uint32_t	s_end;		/* a script's: the last member's end */
	struct dt_member *s_mems;
	int		s_nmems;
	const struct dt_btf *s_btf;	/* NULL: the script's */
	uint32_t	s_btfid;
};

/*
 * A pointer is an unsigned 8-byte integer with ptr > 0 (1: T *, 2: T **)
 * and T described by rsize/rsigned/rvoid: integer arithmetic and
 * comparison apply as they are, + and - scale, * loads.
 */
struct dt_type {
	enum dt_tkind	kind;
	uint8_t		size;		/* integers: 1, 2, 4, 8 */
	bool		is_signed;
	uint8_t		sym;		/* DT_SYM_*: a kernel address to name */
	uint8_t		ptr;		/* pointer depth, 0: not a pointer */
	uint8_t		rsize;		/* pointers: size of the base type */
	bool		rsigned;	/* pointers: the base type's sign */
	bool		rvoid;		/* pointers: the base type is void */
	const struct dt_sou *sou;	/* DT_T_SOU, or what a pointer's
					 * base type is (then rsize 0) */
};

/* Integers that print as kernel symbols: sym( ), func( ), mod( ). */
#define DT_SYM_NONE	0
#define DT_SYM_SYM	1	/* vmlinux`vfs_read+0x1c */
#define DT_SYM_FUNC	2	/* vmlinux`vfs_read */
#define DT_SYM_MOD	3	/* vmlinux */
/*
 * A language's own values, which the consumer makes from a record's
 * slots through that language's hooks (run/dt_valext.h): a stack as
 * printf's %s or a map key, in a print mode; a user symbol's pid and
 * address; a buffer's length and bytes.
 */
#define DT_SYM_KSTACK	4	/* + DT_STACKMODE_*: the mode */
#define DT_SYM_USTACK	7
#define DT_SYM_UPID	10
#define DT_SYM_USYM	11
#define DT_SYM_BUFLEN	12
#define DT_SYM_BUF	13
#define DT_SYM_KSTACKID	14	/* + the mode: a kstack value's id */
/*
 * D's ufunc( ), usym( ), uaddr( ), umod( ): a user address. Its value is
 * the address; wherever it is recorded (trace( ), printf( ), the
 * clause's output, an aggregation key) it takes two 8-byte words, as
 * illumos records its USYM actions: the pid of the process it fired in,
 * then the address (dt_layout.c). The pid's slot, or the key, carries
 * the kind; the consumer names the pair from that process's maps
 * (dt_sym.c's dt_sym_user_as( )).
 */
#define DT_SYM_UADDR	17	/* bash`main+0x1a */
#define DT_SYM_UFUNC	18	/* bash`main */
#define DT_SYM_UMOD	19	/* bash */
#define DT_SYM_USYMBOL	20	/* bash`main */
#define DT_SYM_ISUSER(s)	((s) >= DT_SYM_UADDR && (s) <= DT_SYM_USYMBOL)
#define DT_BUFVAL_MAX	64	/* a buffer value's bytes at most */
#define DT_STACKMODE_OWN	0	/* the language's own layout */
#define DT_STACKMODE_PERF	1	/* perf's: a tab, address, name */
#define DT_STACKMODE_RAW	2	/* addresses only */

extern const struct dt_type dt_type_void, dt_type_int, dt_type_uint,
	dt_type_long, dt_type_ulong, dt_type_string, dt_type_char;

/*
 * A type's name as D writes it ("unsigned int", "struct foo *"), in buf
 * (DT_TYPE_NAMELEN bytes). dt_type_name() gives each call a buffer of
 * the caller's (a compound literal, alive to the end of the enclosing
 * block), so two names in one message never share storage.
 */
const char *dt_type_name_r(const struct dt_type *t, char *buf);
#define DT_TYPE_NAMELEN	40
struct dt_type_namebuf {
	char	s[DT_TYPE_NAMELEN];
};
#define dt_type_name(t) \
	dt_type_name_r((t), (struct dt_type_namebuf){ "" }.s)
/* C's integer promotion, and the usual arithmetic conversions. */
struct dt_type dt_type_promote(const struct dt_type *t);
struct dt_type dt_type_arith(const struct dt_type *a, const struct dt_type *b);
bool dt_type_eq(const struct dt_type *a, const struct dt_type *b);
/* What *p of pointer type t is; the bytes that p + 1 moves by. */
struct dt_type dt_type_deref(const struct dt_type *t);
uint32_t dt_type_refsize(const struct dt_type *t);

enum dt_nkind {
	DT_N_INT,	/* integer constant: n_int */
	DT_N_STR,	/* string constant: n_str */
	DT_N_IDENT,	/* a bare name before resolution: n_str */
	DT_N_BUILTIN,	/* resolved built-in variable: n_builtin */
	DT_N_VAR,	/* resolved D variable: n_var */
	DT_N_SELF,	/* self->name: n_str, then n_var */
	DT_N_THIS,	/* this->name: n_str, then n_var */
	DT_N_INDEX,	/* n_left[n_args]: associative array or args[] */
	DT_N_CALL,	/* n_str(n_args): action or subroutine */
	DT_N_UNARY,	/* n_op n_left */
	DT_N_BINARY,	/* n_left n_op n_right */
	DT_N_LOGICAL,	/* && || ^^ */
	DT_N_TERNARY,	/* n_cond ? n_left : n_right */
	DT_N_ASSIGN,	/* n_left n_op n_right, n_op '=' or the binary op */
	DT_N_INCDEC,	/* ++/-- n_left, n_op, n_post */
	DT_N_CAST,	/* (n_ctype) n_left */
	DT_N_SIZEOF,	/* sizeof(type) folded at parse or sizeof expr */
	DT_N_MACRO,	/* $N: n_int index; n_post for $$N */
	DT_N_AGG,	/* @name: n_str (without '@'), then n_agg */
	DT_N_IF,	/* if (n_cond) n_left else n_right: statement lists */
	DT_N_MEMBER,	/* n_left->n_str (n_post) or n_left.n_str: n_int is
			 * the offset, n_builtin an array member's count,
			 * n_bitoff and n_bitsize a bit-field's bits;
			 * n_op DT_OP_ADDROF: a char array indexed, not
			 * read as a string */
	DT_N_XLATE,	/* xlate<n_ctype>(n_left): only ->member of it is
			 * resolved (dt_xlate.c), to that member's
			 * translation */
};

/* Operators, as tokens in the grammar and tags in nodes. */
enum dt_op {
	DT_OP_NONE,
	DT_OP_ADD, DT_OP_SUB, DT_OP_MUL, DT_OP_DIV, DT_OP_MOD,
	DT_OP_AND, DT_OP_OR, DT_OP_XOR, DT_OP_SHL, DT_OP_SHR,
	DT_OP_EQ, DT_OP_NE, DT_OP_LT, DT_OP_LE, DT_OP_GT, DT_OP_GE,
	DT_OP_LAND, DT_OP_LOR, DT_OP_LXOR,
	DT_OP_NEG, DT_OP_PLUS, DT_OP_LNOT, DT_OP_BNOT,
	DT_OP_DEREF, DT_OP_ADDROF,
	DT_OP_INC, DT_OP_DEC,
	DT_OP_SET,
};

const char *dt_op_str(enum dt_op op);

struct dt_var;
struct dt_agg;
struct dt_func;

struct dt_node {
	enum dt_nkind	n_kind;
	struct dt_loc	n_loc;
	struct dt_type	n_type;		/* set by dt_check */
	enum dt_op	n_op;
	bool		n_post;		/* INCDEC: x++ rather than ++x */
	bool		n_paren;	/* written in parentheses */
	bool		n_isvar;	/* DT_N_AGG: stands for a global
					 * variable (dt_aggdef.h's a_isvar) */
	uint8_t		n_ntvars;	/* and of tuples: their size */
	int64_t		n_int;
	char		*n_str;
	int		n_builtin;	/* DIF_VAR_* */
	struct dt_var	*n_var;
	struct dt_agg	*n_agg;		/* DT_N_AGG, set by dt_check */
	const struct dt_func *n_func;	/* DT_N_CALL, set by dt_resolve */
	struct dt_type	n_ctype;	/* CAST, SIZEOF of a type */
	uint8_t		n_bitoff;	/* MEMBER bit-field: 1st bit */
	uint8_t		n_bitsize;	/* its width, 0: none */
	/*
	 * > 0: a translator's input put in its expression, resolved as
	 * where it was written, within n_xlin - 1 translations (dt_xlate.c)
	 */
	int		n_xlin;
	struct dt_node	*n_left, *n_right, *n_cond;
	struct dt_node	*n_args;	/* a list linked through n_next */
	struct dt_node	*n_next;
	/* a statement of an if block: runs when this this-> var is set */
	struct dt_node	*n_guard;
};

/* A D variable; ids are per scope and shared by every DIF object. */
enum dt_vscope {
	DT_V_GLOBAL,
	DT_V_THREAD,	/* self-> */
	DT_V_LOCAL,	/* this-> */
};

struct dt_var {
	struct dt_var	*v_next;
	char		*v_name;
	enum dt_vscope	v_scope;
	bool		v_array;
	int		v_nkeys;	/* arrays: key count */
	struct dt_type	v_keys[8];
	uint32_t	v_id;
	struct dt_type	v_type;
	bool		v_typed;	/* v_type known (first assignment seen) */
	uint32_t	v_dim;		/* > 0: a fixed array (T a[v_dim]),
					 * kept as an array keyed by the
					 * index */
};

/*
 * this T a[N] and this struct s v: the variable holds the address of
 * scratch memory the clause takes at its first use (dt_cg.c), and a[i]
 * and v.m reach through it.
 */
static inline bool dt_var_byref(const struct dt_var *v)
{
	return v->v_scope == DT_V_LOCAL &&
		(v->v_dim || (v->v_type.kind == DT_T_SOU && !v->v_type.ptr));
}

/*
 * struct s g, self struct s v, struct s a[k]: the dynamic store keeps
 * the struct's bytes (DIF_TYPE_BYREF) and the variable's value is their
 * address; a store copies them in (dt_cg.c).
 */
static inline bool dt_var_souval(const struct dt_var *v)
{
	return v->v_scope != DT_V_LOCAL && v->v_type.kind == DT_T_SOU &&
		!v->v_type.ptr;
}

struct dt_pdesc {
	struct dt_pdesc	*pd_next;
	char		*pd_text;	/* as written */
	struct dt_loc	pd_loc;
};

struct dt_clause {
	struct dt_clause *c_next;
	struct dt_pdesc	*c_probes;
	struct dt_node	*c_pred;	/* NULL: none */
	struct dt_node	*c_stmts;	/* list through n_next */
	struct dt_loc	c_loc;
	int		c_index;	/* 0-based position in the program */
	bool		c_hidden;	/* a front end's own: not counted */
};

/* A declaration: [self|this] type name[ [key types] ]; */
struct dt_decl {
	struct dt_decl	*d_next;
	char		*d_name;
	enum dt_vscope	d_scope;
	struct dt_type	d_type;
	int		d_nkeys;	/* > 0: an associative array */
	struct dt_type	d_keys[8];
	struct dt_loc	d_loc;
	struct dt_node	*d_inline;	/* inline: the expression */
	/*
	 * inline T name[T1 p1, ...] = expr: the parameters' names, their
	 * types in d_keys[0..d_nkeys)
	 */
	char		*d_pnames[8];
	uint32_t	d_dim;		/* > 0: T name[d_dim] */
	bool		d_call;		/* inline T name(T1 p1, ...): called */
};

/*
 * translator x_out < x_in x_param > { member = expr; ... }: each of
 * x_mems a DT_N_ASSIGN of an IDENT (the member's name) and its
 * expression, in which x_param stands for the input.
 */
struct dt_xlator {
	struct dt_xlator *x_next;
	struct dt_type	x_out;		/* a struct, not a pointer to one */
	struct dt_type	x_in;
	char		*x_param;
	struct dt_node	*x_mems;
	struct dt_loc	x_loc;
};

struct dt_program {
	struct dt_decl	*p_decls;
	struct dt_clause *p_clauses;
	struct dt_var	*p_vars;
	struct dt_agg	*p_aggs;	/* @names, shared like p_vars */
	int		p_nclauses;
	struct dt_sou	*p_sous;	/* declared types: dt_types.h */
	struct dt_tdef	*p_tdefs;
	struct dt_enumc	*p_enums;
	struct dt_xlator *p_xlators;
};

struct dt_node *dt_node_new(enum dt_nkind kind, const struct dt_loc *loc);
struct dt_node *dt_node_int(int64_t v, const struct dt_type *t,
			    const struct dt_loc *loc);
struct dt_node *dt_node_op(enum dt_nkind kind, enum dt_op op,
			   struct dt_node *l, struct dt_node *r,
			   const struct dt_loc *loc);
struct dt_node *dt_node_append(struct dt_node *list, struct dt_node *n);
int dt_node_count(const struct dt_node *list);
void dt_node_free(struct dt_node *n);
/* n becomes r (taken, its node freed), keeping its place in its list. */
void dt_node_replace(struct dt_node *n, struct dt_node *r);
/* A deep copy of one node (and its children, not its n_next). */
struct dt_node *dt_node_copy(const struct dt_node *n);
/*
 * Its clauses, declarations and variables, then all of it zeroed: free
 * its types first (dt_types_free) and its aggregations (dt_aggdef.h).
 */
void dt_program_free(struct dt_program *p);

#endif /* DT_AST_H */
