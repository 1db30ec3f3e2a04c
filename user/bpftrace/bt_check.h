/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpftrace's own functions in the compiler: the calls only its lowering
 * makes, %names its programs cannot write. bt_frontend.c puts them in
 * bpftrace's extension table (compile/dt_funcext.h), which the resolver
 * reads after D's functions; their hooks are here: the checks in
 * bt_check.c, and in bt_out.c those of the values the consumer makes.
 */
#ifndef BT_CHECK_H
#define BT_CHECK_H

#include "dt_ast.h"
#include "dt_funcext.h"
#include "dt_pcb.h"

/* The table's rows (bt_frontend.c), by the index each has in it. */
enum bt_xid {
	BT_X_STR,	/* str( ): by its argument's type */
	BT_X_DEREF,	/* *e, of an integer too */
	BT_X_TPRINT,	/* print( ) of a tuple's elements */
	BT_X_VPRINT,	/* and of one value */
	BT_X_NTOP,	/* ntop( ) */
	BT_X_BSWAP,	/* bswap( ) */
	BT_X_DELETE,	/* delete( ) of a map whose values' type is unknown */
	BT_X_PROMOTE,	/* printf's integers */
	BT_X_MACADDR,	/* macaddr( ) */
	BT_X_JOIN,	/* join( ) past its first elements (bt_more.c) */
	BT_X_STACK,	/* printf's values the consumer makes: a stack, */
	BT_X_USYM,	/* usym( ), */
	BT_X_BUF,	/* buf( ), */
	BT_X_BUFSRC,	/* and buf( )'s address */
	BT_X_STACKID,	/* kstack as a value: its id, */
	BT_X_STACKREC,	/* and the PCs recorded beside it */
	BT_X_LEN,	/* len(@m) */
	BT_X_STACKSTR,	/* a kstack value as printf's %s */
	BT_X_CAT,	/* cat( ) */
	BT_X_NFUNCS
};

extern const struct dt_funcext bt_xfuncs[BT_X_NFUNCS];

/* The entry of bpftrace's own function id, and its name. */
static inline const struct dt_func *bt_xfunc(enum bt_xid id)
{
	return &bt_xfuncs[id].fx_func;
}

static inline const char *bt_xname(enum bt_xid id)
{
	return bt_xfuncs[id].fx_func.f_name;
}

/* str( ) (bt_check.c) */
int dt_check_bt_str(struct dt_pcb *pcb, struct dt_node *n);
/* print(tuple) (bt_check.c) */
int dt_check_bt_tprint(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_deref(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_ntop(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_bswap(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_delete(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_promote(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_macaddr(struct dt_pcb *pcb, struct dt_node *n);
/* bpftrace's values the consumer makes: bt_out.c. */
int dt_check_bt_stack(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_usym(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_buf(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_bufsrc(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_stackid(struct dt_pcb *pcb, struct dt_node *n);
int dt_check_bt_len(struct dt_pcb *pcb, struct dt_node *n);
/* Their slots as printf's arguments (bt_out.c). */
int bt_fmtarg_stack(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		    int *n);
int bt_fmtarg_stackstr(struct dt_lay *l, struct dt_node *s,
		       struct dt_node *a, int *n);
int bt_fmtarg_usym(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		   int *n);
int bt_fmtarg_buf(struct dt_lay *l, struct dt_node *s, struct dt_node *a,
		  int *n);
/* %stackrec( ) and cat( ) as statements (bt_out.c). */
int bt_layout_stackrec(struct dt_lay *l, struct dt_node *s);
int bt_layout_cat(struct dt_lay *l, struct dt_node *s);
/* %len( )'s value, and a value that is its argument's (bt_out.c). */
int bt_cg_len(struct dt_cg *cg, struct dt_node *n);
int bt_cg_arg(struct dt_cg *cg, struct dt_node *n);

#endif /* BT_CHECK_H */
