// SPDX-License-Identifier: GPL-2.0
/*
 * The compiler's pipeline: each pass one file, chained so the first
 * error stops it (see dt_compile.h).
 */
#include <string.h>

#include "dt_compile.h"

int dt_compile(struct dt_pcb *pcb, struct dt_cprog *cp)
{
	int err = 0;

	memset(cp, 0, sizeof(*cp));
	err = err ?: pcb->pcb_bt ? bt_parse(pcb) : dt_parse(pcb);
	err = err ?: dt_lower(pcb);
	err = err ?: dt_resolve(pcb);
	err = err ?: dt_check(pcb);
	err = err ?: dt_fold(pcb);
	err = err ?: dt_layout(pcb, cp);
	err = err ?: dt_cg(pcb, cp);
	return err;
}
