// SPDX-License-Identifier: GPL-2.0
/*
 * The compiler's pipeline: each pass one file, chained so the first
 * error stops it (see dt_compile.h).
 */
#include <stdlib.h>
#include <string.h>

#include "dt_aggdef.h"
#include "dt_compile.h"
#include "dt_frontend.h"
#include "dt_types.h"

int dt_compile(struct dt_pcb *pcb, struct dt_cprog *cp)
{
	const struct dt_frontend *fe = dt_frontend(pcb);
	int err = 0;

	memset(cp, 0, sizeof(*cp));
	err = err ?: fe->fe_parse(pcb);
	err = err ?: fe->fe_lower ? fe->fe_lower(pcb) : 0;
	err = err ?: dt_lower(pcb);
	err = err ?: dt_resolve(pcb);
	err = err ?: dt_check(pcb);
	err = err ?: dt_fold(pcb);
	err = err ?: dt_layout(pcb, cp);
	err = err ?: dt_cg(pcb, cp);
	return err;
}

void dt_pcb_fini(struct dt_pcb *pcb)
{
	dt_agg_freeall(pcb->pcb_prog.p_aggs);
	pcb->pcb_prog.p_aggs = NULL;
	dt_types_free(&pcb->pcb_prog);
	dt_program_free(&pcb->pcb_prog);
	dt_node_free(pcb->pcb_femacros);
	pcb->pcb_femacros = NULL;
	free(pcb->pcb_fewarn);
	pcb->pcb_fewarn = NULL;
}
