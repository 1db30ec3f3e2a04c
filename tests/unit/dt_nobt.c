// SPDX-License-Identifier: GPL-2.0
/*
 * The D-only build (make check-layers): the command with every
 * bpftrace/ object left out, and cmd/'s bpftrace entry (dt_btargs.c)
 * replaced by this. The command has no other language (dt_cmdlang is
 * NULL: no --bpftrace, no -s FILE.bt, D's formats only), and the
 * bpftrace front end dt_langs.c lists refuses every program.
 */
#include <stddef.h>

#include "dt_cmdlang.h"
#include "dt_error.h"
#include "dt_frontend.h"

static int nobt_parse(struct dt_pcb *pcb)
{
	return dt_error(pcb, NULL, "D_SYNTAX",
			"this dtrace was built without bpftrace");
}

const struct dt_frontend bt_frontend = {
	.fe_name	= "bpftrace",
	.fe_parse	= nobt_parse,
};

const struct dt_cmdlang *const dt_cmdlang = NULL;
