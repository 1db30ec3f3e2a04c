// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace as one of the compiler's languages (compile/dt_frontend.h):
 * its parser, its lowering to D's AST, the checks of the calls only
 * that lowering makes, and its errors' form.
 */
#include "bt_check.h"
#include "bt_parse.h"
#include "dt_frontend.h"

static const dt_fe_check_t bt_checks[DT_FN_NFUNCS] = {
	[DT_FN_BTSTR] = dt_check_bt_str,
	[DT_FN_BTDEREF] = dt_check_bt_deref,
	[DT_FN_BTTPRINT] = dt_check_bt_tprint,
	[DT_FN_BTVPRINT] = dt_check_bt_tprint,
	[DT_FN_BTNTOP] = dt_check_bt_ntop,
	[DT_FN_BTBSWAP] = dt_check_bt_bswap,
	[DT_FN_BTDELETE] = dt_check_bt_delete,
	[DT_FN_BTPROMOTE] = dt_check_bt_promote,
	[DT_FN_BTMACADDR] = dt_check_bt_macaddr,
	[DT_FN_BTSTACK] = dt_check_bt_stack,
	[DT_FN_BTUSYM] = dt_check_bt_usym,
	[DT_FN_BTBUF] = dt_check_bt_buf,
	[DT_FN_BTBUFSRC] = dt_check_bt_bufsrc,
	[DT_FN_BTSTACKID] = dt_check_bt_stackid,
	[DT_FN_BTLEN] = dt_check_bt_len,
};

const struct dt_frontend bt_frontend = {
	.fe_name	= "bpftrace",
	.fe_parse	= bt_parse_text,
	.fe_lower	= bt_lower_prog,
	.fe_check	= bt_checks,
	.fe_errprint	= bt_error_print,
	/* bpftrace >= 0.24: args.sk.__sk_common */
	.fe_dotptr	= true,
	.fe_widestep	= true,	/* lhist( ) has no 16-bit step */
};
