/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tables by name: a static const array of rows whose first member is the
 * name (const char *), and one lookup for all of them, so that what a
 * name means is a row of data rather than a chain of strcmp.
 */
#ifndef DT_ROWS_H
#define DT_ROWS_H

#include <stddef.h>

/* The first of n rows of size bytes each named name, or NULL. */
const void *dt_row_find(const void *rows, size_t n, size_t size,
			const char *name);

#define DT_NROWS(rows)	(sizeof(rows) / sizeof((rows)[0]))

/* The row of the array rows named name, as a pointer to its type. */
#define DT_ROW_FIND(rows, name)						\
	((__typeof__(&(rows)[0]))dt_row_find((rows), DT_NROWS(rows),	\
					      sizeof((rows)[0]), (name)))

/* The rows of the tables whose names stand for a number alone. */
struct dt_nameval {
	const char	*name;
	int		value;
};

/* The value of the row named name, or dflt if there is none. */
int dt_nameval(const struct dt_nameval *rows, size_t n, const char *name,
	       int dflt);
#define DT_NAMEVAL(rows, name, dflt)					\
	dt_nameval((rows), DT_NROWS(rows), (name), (dflt))

#endif /* DT_ROWS_H */
