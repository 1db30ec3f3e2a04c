// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace as one of the compiler's languages (compile/dt_frontend.h):
 * its parser, its lowering to D's AST, the functions only that lowering
 * calls (its extension table, with their hooks: bt_check.h), and its
 * errors' form.
 */
#include <dtrace/dif.h>
#include "bt_check.h"
#include "bt_parse.h"
#include "dt_frontend.h"

/* A row's entry: name, kind, argument bounds, value, arguments, code. */
#define BT_XF(name, kind, lo, hi, ret, args, code)			\
	.fx_func = { .f_name = name, .f_id = DT_FN_EXT,			\
		     .f_kind = DT_F_##kind, .f_code = (code),		\
		     .f_minargs = lo, .f_maxargs = hi, .f_ret = ret,	\
		     .f_args = args }

#define BT_V	{ .kind = DT_T_VOID }
#define BT_S	{ .kind = DT_T_STRING }
#define BT_U8	{ .kind = DT_T_INT, .size = 8 }

const struct dt_funcext bt_xfuncs[BT_X_NFUNCS] = {
	/* rewritten by their checks (bt_check.c), as D's calls */
	[BT_X_STR] = { BT_XF("%str", SUBR, 1, 1, BT_S, "i", -1),
		       .fx_check = dt_check_bt_str },
	[BT_X_DEREF] = { BT_XF("%deref", SUBR, 1, 1, BT_U8, "i", -1),
			 .fx_check = dt_check_bt_deref },
	[BT_X_TPRINT] = { BT_XF("%tprint", ACTION, 1, 16, BT_V, "", -1),
			  .fx_check = dt_check_bt_tprint },
	[BT_X_VPRINT] = { BT_XF("%vprint", ACTION, 1, 1, BT_V, "", -1),
			  .fx_check = dt_check_bt_tprint },
	[BT_X_NTOP] = { BT_XF("%ntop", SUBR, 1, 2, BT_S, "ii", -1),
			.fx_check = dt_check_bt_ntop },
	[BT_X_BSWAP] = { BT_XF("%bswap", SUBR, 1, 1, BT_U8, "i", -1),
			 .fx_check = dt_check_bt_bswap },
	[BT_X_DELETE] = { BT_XF("%delete", SUBR, 1, 1, BT_V, "i", -1),
			  .fx_check = dt_check_bt_delete },
	[BT_X_PROMOTE] = { BT_XF("%promote", SUBR, 1, 1, BT_U8, "i", -1),
			   .fx_check = dt_check_bt_promote },
	[BT_X_MACADDR] = { BT_XF("%macaddr", SUBR, 1, 1, BT_S, "i", -1),
			   .fx_check = dt_check_bt_macaddr },
	/* the module's subroutine, checked as D's */
	[BT_X_JOIN] = { BT_XF("%join", SUBR, 2, 2, BT_S, "is",
			      DIF_SUBR_JOIN) },
	/*
	 * printf's arguments only (bt_out.c): %stack(user, frames, mode),
	 * %usym(pid, addr), %buf(addr, len), whose slots the consumer
	 * makes a value of; %bufsrc(p), buf( )'s address
	 */
	[BT_X_STACK] = { BT_XF("%stack", SUBR, 3, 3, BT_S, "iii", -1),
			 .fx_check = dt_check_bt_stack,
			 .fx_fmtarg = bt_fmtarg_stack },
	[BT_X_USYM] = { BT_XF("%usym", SUBR, 2, 2, BT_S, "ii", -1),
			.fx_check = dt_check_bt_usym,
			.fx_fmtarg = bt_fmtarg_usym },
	[BT_X_BUF] = { BT_XF("%buf", SUBR, 2, 2, BT_S, "ii", -1),
		       .fx_check = dt_check_bt_buf,
		       .fx_fmtarg = bt_fmtarg_buf },
	[BT_X_BUFSRC] = { BT_XF("%bufsrc", SUBR, 1, 1, BT_U8, "i", -1),
			  .fx_check = dt_check_bt_bufsrc,
			  .fx_cg = bt_cg_arg },
	/* kstack as a value: its id, and the PCs recorded beside it */
	[BT_X_STACKID] = { BT_XF("%stackid", SUBR, 1, 1, BT_U8, "i",
				 DIF_SUBR_STACKID),
			   .fx_check = dt_check_bt_stackid },
	[BT_X_STACKREC] = { BT_XF("%stackrec", ACTION, 2, 2, BT_V, "", -1),
			    .fx_layout = bt_layout_stackrec },
	/*
	 * len(@m): %len("@m"), the entries of the global array @m; a map
	 * of tuples, the largest of its element maps'
	 */
	[BT_X_LEN] = { BT_XF("%len", SUBR, 1, 16, BT_U8,
			     "iiiiiiiiiiiiiiii", DIF_SUBR_GLOBAL_COUNT),
		       .fx_check = dt_check_bt_len, .fx_cg = bt_cg_len },
	/* such an id as printf's %s (dt_check_bt_promote( )) */
	[BT_X_STACKSTR] = { BT_XF("%stackstr", SUBR, 1, 1, BT_S, "i", -1),
			    .fx_fmtarg = bt_fmtarg_stackstr,
			    .fx_cg = bt_cg_arg },
	/* printf( ) that prints a file too */
	[BT_X_CAT] = { BT_XF("%cat", ACTION, 1, 64, BT_V, "", -1),
		       .fx_check = dt_check_printf,
		       .fx_layout = bt_layout_cat },
};

const struct dt_frontend bt_frontend = {
	.fe_name	= "bpftrace",
	.fe_parse	= bt_parse_text,
	.fe_lower	= bt_lower_prog,
	.fe_funcs	= bt_xfuncs,
	.fe_nfuncs	= BT_X_NFUNCS,
	.fe_errprint	= bt_error_print,
	/* bpftrace >= 0.24: args.sk.__sk_common */
	.fe_dotptr	= true,
	.fe_widestep	= true,	/* lhist( ) has no 16-bit step */
};
