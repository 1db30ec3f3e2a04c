/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A snapshot of a consumer's global variables (DVARSNAP): the dynamic
 * ones as struct dtrace_dvar records, and the integer scalars. A
 * language whose names stand for globals prints them from it.
 */
#ifndef DT_DVARS_H
#define DT_DVARS_H

#include <stddef.h>
#include <stdint.h>
#include <dtrace/dif.h>

/* One snapshot of a consumer's globals. */
struct dt_dvars {
	uint8_t		*dv_buf;	/* struct dtrace_dvar records */
	size_t		dv_len, dv_cap;
	uint64_t	dv_globals[DIF_VARID_MAX + 1];
};

/*
 * Take a snapshot through the device fd; clear: 0, or 1 + the id of a
 * variable to empty first. 0, or -1 with errno.
 */
int dt_dvar_snap(int fd, uint32_t clear, struct dt_dvars *s);
void dt_dvars_fini(struct dt_dvars *s);

#endif /* DT_DVARS_H */
