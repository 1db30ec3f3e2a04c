// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations as the compiler defines them (dt_aggdef.h): the
 * functions by name, the layout of a key, and the frees.
 */
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_aggdef.h"

static const char *const dt_agg_names[] = {
	[DTRACE_AGG_COUNT] = "count", [DTRACE_AGG_SUM] = "sum",
	[DTRACE_AGG_AVG] = "avg", [DTRACE_AGG_MIN] = "min",
	[DTRACE_AGG_MAX] = "max", [DTRACE_AGG_STDDEV] = "stddev",
	[DTRACE_AGG_QUANTIZE] = "quantize",
	[DTRACE_AGG_LQUANTIZE] = "lquantize",
	[DTRACE_AGG_LLQUANTIZE] = "llquantize",
};

#define DT_NFUNCS	(sizeof(dt_agg_names) / sizeof(dt_agg_names[0]))

uint32_t dt_agg_func(const char *name)
{
	uint32_t i;

	if (strcmp(name, "stats") == 0)
		return DTRACE_AGG_AVG;
	for (i = 1; i < DT_NFUNCS; i++)
		if (dt_agg_names[i] && strcmp(dt_agg_names[i], name) == 0)
			return i;
	return 0;
}

const char *dt_agg_funcname(uint32_t func)
{
	return func < DT_NFUNCS && dt_agg_names[func] ? dt_agg_names[func] :
		"?";
}

int dt_agg_layout(struct dt_agg *a, uint32_t strsize)
{
	uint32_t off = 0;
	int i;

	for (i = 0; i < a->a_nkeys; i++) {
		a->a_keyoff[i] = off;
		a->a_keysz[i] = a->a_keys[i].kind == DT_T_STRING ? strsize : 8;
		if (a->a_keystack[i])	/* the pid first for ustack( ) */
			a->a_keysz[i] = 8 * (a->a_keyframes[i] +
					     (a->a_keystack[i] == 2));
		off += (a->a_keysz[i] + 7) & ~7u;
	}
	a->a_keysize = off;
	return off > DTRACE_AGGKEY_MAX && !a->a_user ? -1 : 0;
}

uint32_t dt_agg_valsize(uint32_t func, const int64_t *p)
{
	return dif_agg_valsize(func, p);
}

void dt_agg_free(struct dt_agg *a)
{
	free(a->a_name);
	free(a);
}

void dt_agg_freeall(struct dt_agg *list)
{
	while (list) {
		struct dt_agg *n = list->a_next;

		dt_agg_free(list);
		list = n;
	}
}
