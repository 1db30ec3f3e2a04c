// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations as the compiler defines them (dt_aggdef.h): a
 * function's name, the layout of a key, and the frees.
 */
#include <stdlib.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_aggdef.h"
#include "dt_funcs.h"

/* Its name in D: the first aggregating function of the built-ins with it. */
const char *dt_agg_funcname(uint32_t func)
{
	int i;

	for (i = 0; i < DT_FN_NFUNCS; i++) {
		const struct dt_func *f = dt_func_byid(i);

		if (f->f_kind == DT_F_AGG && f->f_code == (int)func)
			return f->f_name;
	}
	return "?";
}

int dt_agg_layout(struct dt_agg *a, uint32_t strslot)
{
	uint32_t off = 0;
	int i;

	for (i = 0; i < a->a_nkeys; i++) {
		a->a_keyoff[i] = off;
		a->a_keysz[i] = a->a_keys[i].kind == DT_T_STRING ? strslot : 8;
		if (DT_SYM_ISUSER(a->a_keys[i].sym))	/* pid, address */
			a->a_keysz[i] = 16;
		if (a->a_keystack[i])	/* the pid first for ustack( ) */
			a->a_keysz[i] = 8 * (a->a_keyframes[i] +
					     (a->a_keystack[i] == 2));
		off += (a->a_keysz[i] + 7) & ~7u;
	}
	a->a_keysize = off;
	return off > DTRACE_AGGKEY_MAX && !a->a_user ? -1 : 0;
}

int dt_agg_nparams(uint32_t func)
{
	switch (func) {
	case DTRACE_AGG_LQUANTIZE:
		return 3;
	case DTRACE_AGG_LLQUANTIZE:
		return 4;
	default:
		return 0;
	}
}

struct dt_node *dt_agg_incr(uint32_t func, struct dt_node *args)
{
	int i;

	if (func != DTRACE_AGG_QUANTIZE && func != DTRACE_AGG_LQUANTIZE &&
	    func != DTRACE_AGG_LLQUANTIZE)
		return NULL;
	for (i = 0; args && i <= dt_agg_nparams(func); i++)
		args = args->n_next;
	return args;
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
