/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The D library's constants that scripts use without declaring them:
 * NULL, the R_* indexes of uregs[ ], the address families of
 * inet_ntop( ) and the link types of link_ntop( ). DTrace has them as inlines of its library (regs.d,
 * net.d); here they are a table the resolver looks in.
 */
#ifndef DT_DLIB_H
#define DT_DLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "dt_ast.h"

/* Name's value and type if it is one of the library's constants. */
bool dt_dlib_lookup(const char *name, int64_t *val, struct dt_type *type);

#endif /* DT_DLIB_H */
