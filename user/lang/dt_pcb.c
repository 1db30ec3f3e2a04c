// SPDX-License-Identifier: GPL-2.0
/* A parse control block's start, and its text by line (dt_pcb.h). */
#include <string.h>

#include "dt_options.h"
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

const char *dt_pcb_line(const struct dt_pcb *pcb, int line, size_t *len)
{
	const char *p = pcb->pcb_src, *end;

	if (!p || line <= 0)
		return NULL;
	while (--line > 0) {
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
	end = strchr(p, '\n');
	*len = end ? (size_t)(end - p) : strlen(p);
	return p;
}

uint32_t dt_pcb_strsize(const struct dt_pcb *pcb)
{
	return pcb->pcb_opts && pcb->pcb_opts->o_strsize ?
		pcb->pcb_opts->o_strsize : DT_STRSIZE_DEFAULT;
}
