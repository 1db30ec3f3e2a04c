// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic variable store.
 */
#include "dif_impl.h"

int dif_dyn_init(struct dif_dyn *d, void *mem, u64 size, u32 chunksize,
		 void *lock)
{
	memset(d, 0, sizeof(*d));
	d->dd_base = mem;
	d->dd_size = size;
	d->dd_lock = lock;
	d->dd_chunksize = chunksize;
	return 0;
}

u32 dif_dyn_chunksize(u32 strsize)
{
	return 2 * strsize + 64;
}

u64 dif_dyn_load(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		 bool isstr)
{
	(void)scope; (void)array; (void)id; (void)isstr;
	ms->dyn_drops++;
	return 0;
}

void dif_dyn_store(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		   bool isstr, u64 val)
{
	(void)scope; (void)array; (void)id; (void)isstr; (void)val;
	ms->dyn_drops++;
}
