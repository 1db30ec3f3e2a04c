// SPDX-License-Identifier: GPL-2.0
/*
 * The userspace host of dif/: see dif_env_user.h.
 */
#include "dif_env_user.h"

void dif_uenv_init(struct dif_uenv *e)
{
	memset(e, 0, sizeof(*e));
	e->thread_key = 1;
	e->rand_state = 0x853c49e6748fea9bULL;
}

int dif_uenv_map(struct dif_uenv *e, const void *base, u64 size, u32 flags)
{
	if (e->nregions >= DIF_UENV_REGIONS)
		return -1;
	e->regions[e->nregions++] = (struct dif_uenv_region){
		.base = (u64)(unsigned long)base, .size = size, .flags = flags,
	};
	return 0;
}

void dif_uenv_unmap_all(struct dif_uenv *e)
{
	e->nregions = 0;
}

int dif_env_copy(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		 bool user)
{
	struct dif_uenv *e = ms->env;
	u32 i;

	if (!e)
		return -EFAULT;
	e->copies++;
	for (i = 0; i < e->nregions; i++) {
		const struct dif_uenv_region *r = &e->regions[i];
		u64 off = addr - r->base;

		if (!!(r->flags & DIF_UR_USER) != user)
			continue;
		if (off >= r->size || size > r->size - off)
			continue;
		if (r->flags & DIF_UR_KPRIV)
			return DIF_FAULT_KPRIV;
		if (r->flags & DIF_UR_UPRIV)
			return DIF_FAULT_UPRIV;
		memcpy(dst, (const void *)(unsigned long)addr, size);
		return 0;
	}
	return -EFAULT;
}

/* Writes go only to a writable user region (DIF_UR_WRITE). */
int dif_env_copyout(struct dif_mstate *ms, u64 uaddr, const void *src,
		    u32 size)
{
	struct dif_uenv *e = ms->env;
	u32 i;

	if (!e || !e->destructive)
		return DIF_FAULT_UPRIV;
	for (i = 0; i < e->nregions; i++) {
		const struct dif_uenv_region *r = &e->regions[i];
		u64 off = uaddr - r->base;

		if (!(r->flags & DIF_UR_WRITE) || off >= r->size ||
		    size > r->size - off)
			continue;
		memcpy((void *)(unsigned long)uaddr, src, size);
		return 0;
	}
	return DIF_FAULT_BADADDR;
}

u64 dif_env_builtin(struct dif_mstate *ms, u32 var, u64 idx)
{
	struct dif_uenv *e = ms->env;

	if (e->builtin_fault) {
		ms->fault.kind = e->builtin_fault;
		ms->fault.addr = var;
		return 0;
	}
	if (var == DIF_VAR_ARGS) {
		if (idx >= ARRAY_SIZE(e->args)) {
			ms->fault.kind = DIF_FAULT_ILLOP;
			ms->fault.addr = idx;
			return 0;
		}
		return e->args[idx];
	}
	if (var == DIF_VAR_UREGS) {
		if (idx >= ARRAY_SIZE(e->uregs)) {
			ms->fault.kind = DIF_FAULT_ILLOP;
			ms->fault.addr = idx;
			return 0;
		}
		return e->uregs[idx];
	}
	if (var <= DIF_VAR_ARG9)	/* DIF_VAR_ARG0 is 0 */
		return e->args[var - DIF_VAR_ARG0];
	return var < DIF_VAR_COUNT ? e->builtins[var] : 0;
}

u64 dif_env_thread_key(struct dif_mstate *ms)
{
	return ((struct dif_uenv *)ms->env)->thread_key;
}

/* xorshift64*: enough for tests, deterministic from the seed. */
u64 dif_env_rand(struct dif_mstate *ms)
{
	struct dif_uenv *e = ms->env;
	u64 x = e->rand_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	e->rand_state = x;
	return x * 0x2545f4914f6cdd1dULL;
}

u64 dif_env_progenyof(struct dif_mstate *ms, u64 pid)
{
	struct dif_uenv *e = ms->env;

	return e->progeny_pid && pid == e->progeny_pid;
}

u64 dif_env_speculation(struct dif_mstate *ms)
{
	return ((struct dif_uenv *)ms->env)->next_spec;
}

/* No kernel stack here: a hash of the depth alone, never 0. */
u64 dif_env_stackid(struct dif_mstate *ms, u64 frames)
{
	(void)ms;
	return frames * 0x100000001b3ULL | 1;
}

const struct dif_locks *dif_env_locks(struct dif_mstate *ms)
{
	return ((struct dif_uenv *)ms->env)->locks;
}

/* Set by a test: every trylock of the store fails, as if held. */
int dif_ulock_busy;

bool dif_env_trylock(u32 *lock)
{
	u32 free = 0;

	if (__atomic_load_n(&dif_ulock_busy, __ATOMIC_RELAXED))
		return false;
	return __atomic_compare_exchange_n(lock, &free, 1, false,
					   __ATOMIC_ACQUIRE, __ATOMIC_RELAXED);
}

void dif_env_unlock(u32 *lock)
{
	__atomic_store_n(lock, 0, __ATOMIC_RELEASE);
}

u64 dif_env_cmpxchg64(u64 *p, u64 old, u64 new)
{
	__atomic_compare_exchange_n(p, &old, new, false, __ATOMIC_SEQ_CST,
				    __ATOMIC_SEQ_CST);
	return old;
}

void dif_env_add(u32 *p, s32 v)
{
	__atomic_fetch_add(p, (u32)v, __ATOMIC_RELAXED);
}
