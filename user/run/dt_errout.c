// SPDX-License-Identifier: GPL-2.0
/*
 * printf( )s that report a program's run-time error: to stderr (or the
 * consumer's error stream), in any output format.
 */
#include <stdio.h>

#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_errout.h"
#include "dt_rec.h"

int dt_rec_errprintf(struct dt_consumer *c, const uint8_t *data,
		     const struct dt_ecb *e, const struct dt_out *o)
{
	struct dt_out eo = *o;
	FILE *out = c->c_out;
	int n;

	eo.o_stderr = false;
	fflush(out);	/* after what the program printed before */
	c->c_out = c->c_errfp ? c->c_errfp : stderr;
	n = dt_rec_printf(c, data, e, &eo);
	fflush(c->c_out);
	c->c_out = out;
	return n;
}
