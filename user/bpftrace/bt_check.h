/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The checks of the calls only bpftrace's lowering makes (dt_funcs.h's
 * ext entries): bt_check.c, and bt_out.c for the values the consumer
 * makes. bt_frontend.c puts them in bpftrace's extension table.
 */
#ifndef BT_CHECK_H
#define BT_CHECK_H

#include "dt_ast.h"
#include "dt_pcb.h"

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

#endif /* BT_CHECK_H */
