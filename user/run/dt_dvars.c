// SPDX-License-Identifier: GPL-2.0
/* Snapshots of a consumer's global variables (dt_dvars.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_dev.h"
#include "dt_dvars.h"

#define DT_DVAR_ROOM	(1u << 20)	/* the first snapshot's room */

int dt_dvar_snap(int fd, uint32_t clear, struct dt_dvars *s)
{
	struct dtrace_ioc_dvarsnap d;
	size_t room = s->dv_cap ? s->dv_cap : DT_DVAR_ROOM;

	for (;;) {
		if (room > s->dv_cap) {
			uint8_t *b = realloc(s->dv_buf, room);

			if (!b)
				return -1;
			s->dv_buf = b;
			s->dv_cap = room;
		}
		memset(&d, 0, sizeof(d));
		d.dv_clear = clear;
		d.dv_buf = (uint64_t)(uintptr_t)s->dv_buf;
		d.dv_bufsize = s->dv_cap;
		d.dv_globals = (uint64_t)(uintptr_t)s->dv_globals;
		if (dt_dev_dvarsnap(fd, &d))
			return -1;
		clear = 0;	/* done: a retry only reads */
		if (d.dv_bufsize > s->dv_cap) {
			errno = EPROTO;
			return -1;
		}
		s->dv_len = d.dv_bufsize;
		if (!d.dv_more || room >= DTRACE_DVARSNAP_MAX)
			return 0;
		room *= 2;
	}
}

void dt_dvars_fini(struct dt_dvars *s)
{
	free(s->dv_buf);
	memset(s, 0, sizeof(*s));
}
