// SPDX-License-Identifier: GPL-2.0
/* A parse control block's start (dt_pcb.h). */
#include <string.h>

#include "dt_pcb.h"

void dt_pcb_setup(struct dt_pcb *pcb, const char *src, const char *file,
		  struct dt_options *opts)
{
	memset(pcb, 0, sizeof(*pcb));
	pcb->pcb_src = src;
	pcb->pcb_srclen = strlen(src);
	pcb->pcb_file = file;
	pcb->pcb_opts = opts;
	pcb->pcb_line = 1;
	pcb->pcb_col = 1;
}
