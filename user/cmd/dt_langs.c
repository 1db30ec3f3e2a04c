// SPDX-License-Identifier: GPL-2.0
/*
 * The command's languages (compile/dt_frontend.h): D, and bpftrace for
 * a pcb with pcb_lang set. A build without bpftrace/ links another
 * bt_frontend in its place. bpftrace's command side is dt_cmdlang
 * (dt_cmdlang.h), in its entry, dt_btargs.c.
 */
#include "bt_parse.h"
#include "dt_cmdlang.h"
#include "dt_frontend.h"
#include "dt_parse.h"
#include "dt_program.h"

static const struct dt_frontend *const dt_langs[] = {
	&dt_frontend_d,
	&bt_frontend,
};

void dt_pcb_init(struct dt_pcb *pcb, const char *src, const char *file,
		 struct dt_options *opts)
{
	dt_cmdlang_options();
	dt_pcb_setup(pcb, src, file, opts);
	pcb->pcb_fe = dt_langs;
	pcb->pcb_dpred = dt_parse_pred;
}
