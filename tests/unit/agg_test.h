/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the consumer's aggregation tests share: one aggregation alone,
 * the consumer's side (struct dt_aggdata) of a definition made by hand.
 */
#ifndef _AGG_TEST_H
#define _AGG_TEST_H

#include <stdlib.h>
#include "dt_agg.h"

/* a laid out with strsize 16 and its value size: its totals, empty. */
static inline struct dt_aggdata *agg_alone(struct dt_agg *a)
{
	struct dt_aggdata *d = calloc(1, sizeof(*d));

	if (!d || dt_agg_layout(a, 16))
		abort();
	a->a_valsize = dt_agg_valsize(a->a_func, a->a_params);
	dt_aggdata_init(d, a);
	return d;
}

/* The totals and the definition. */
static inline void agg_free(struct dt_aggdata *d)
{
	dt_aggdata_fini(d);
	dt_agg_free((struct dt_agg *)d->ad_def);
	free(d);
}

#endif /* _AGG_TEST_H */
