// SPDX-License-Identifier: GPL-2.0
/*
 * One lookup for the tables by name (dt_rows.h).
 */
#include <string.h>

#include "dt_rows.h"

const void *dt_row_find(const void *rows, size_t n, size_t size,
			const char *name)
{
	const char *row = rows;
	size_t i;

	/* a struct's first member is at its start (C11 6.7.2.1) */
	for (i = 0; i < n; i++, row += size)
		if (strcmp(*(const char *const *)row, name) == 0)
			return row;
	return NULL;
}

int dt_nameval(const struct dt_nameval *rows, size_t n, const char *name,
	       int dflt)
{
	const struct dt_nameval *r = dt_row_find(rows, n, sizeof(*rows),
						 name);

	return r ? r->value : dflt;
}
