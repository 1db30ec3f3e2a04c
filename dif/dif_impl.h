/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internal interfaces between the files of dif/: memory access, scratch,
 * strings, subroutines and dynamic variables. Not for the host.
 *
 * Probe-context rules for everything declared here: no allocation, no
 * sleeping, no locks but the dynamic store's trylock, no recursion, and
 * every read of an address a script chose goes through dif_mem_read()
 * or dif_str_get(), which read our own memory directly (with bounds
 * checks) and everything else through dif_env_copy(). A failure records
 * a fault in the mstate and returns an error value; callers stop.
 */
#ifndef _DIF_IMPL_H
#define _DIF_IMPL_H

#include "dif_vm.h"

static inline bool dif_faulted(const struct dif_mstate *ms)
{
	return unlikely(ms->fault.kind != DIF_FAULT_NONE);
}

/* Record a fault; the first one wins. */
static inline void dif_fault(struct dif_mstate *ms, u32 kind, u64 addr)
{
	if (ms->fault.kind == DIF_FAULT_NONE) {
		ms->fault.kind = kind;
		ms->fault.addr = addr;
	}
}

static inline u32 dif_strsize(const struct dif_mstate *ms)
{
	u32 s = ms->strsize ? ms->strsize : DIF_STRSIZE_DEFAULT;

	return s < DIF_STRSIZE_MAX ? s : DIF_STRSIZE_MAX;
}

static inline u64 dif_addr(const void *p)
{
	return (u64)(unsigned long)p;
}

/* dif_mem.c */
const u8 *dif_mem_direct(const struct dif_mstate *ms, u64 addr, u64 size,
			 u64 *avail);
bool dif_mem_read(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		  bool user);
u8 *dif_scratch_alloc(struct dif_mstate *ms, u64 size, bool zero);
u8 *dif_scratch_range(struct dif_mstate *ms, u64 addr, u64 size);
int dif_str_fetch(struct dif_mstate *ms, char *buf, u64 addr, u32 max,
		  bool user);
const char *dif_str_get(struct dif_mstate *ms, u64 addr, u32 max,
			bool user, u32 *lenp);
u64 dif_str_result(struct dif_mstate *ms, u32 mark, const char *s,
		   u32 len);
int dif_str_cmp(struct dif_mstate *ms, u64 a, u64 b);

/* dif_subr.c */
u64 dif_subr_call(struct dif_mstate *ms, u32 subr);

/* dif_subr_net.c: af 2 (AF_INET), 10 (AF_INET6), -1 (inet_ntop) */
u64 dif_subr_inet(struct dif_mstate *ms, u32 mark, int af);
/* ... and link_ntop( ) */
u64 dif_subr_link(struct dif_mstate *ms, u32 mark);

/* dif_subr_lock.c: mutex_*( ) and rw_*( ) */
u64 dif_subr_lock(struct dif_mstate *ms, u32 subr);

/*
 * dif_dyn.c: variables that live in the dynamic store; a string's, or
 * ref bytes by reference (DIF_TYPE_BYREF), are moved by address.
 */
u64 dif_dyn_load(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		 bool isstr, u32 ref);
void dif_dyn_store(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		   bool isstr, u32 ref, u64 val);
u64 dif_dyn_count(struct dif_mstate *ms, u64 id);

#endif /* _DIF_IMPL_H */
