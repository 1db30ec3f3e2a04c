/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A printf( ) that is a run-time error of the program (dt_out's
 * o_stderr: a loop a language bounds, stopped at its bound): its text
 * goes to the consumer's error stream, after what was printed before.
 */
#ifndef DT_ERROUT_H
#define DT_ERROUT_H

#include <stdint.h>

struct dt_consumer;
struct dt_ecb;
struct dt_out;

int dt_rec_errprintf(struct dt_consumer *c, const uint8_t *data,
		     const struct dt_ecb *e, const struct dt_out *o);

#endif /* DT_ERROUT_H */
