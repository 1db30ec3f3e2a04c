// SPDX-License-Identifier: GPL-2.0
/*
 * difcheck.ko: dif/ alone, built as a module with -Werror, to show that
 * it compiles warning-free in the kernel (make dif-kcheck). The
 * environment is a minimal one; the module loads no program.
 */
#include <linux/module.h>
#include <linux/uaccess.h>
#include "dif_vm.h"

int dif_env_copy(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		 bool user)
{
	if (user)
		return copy_from_user_nofault(dst, u64_to_user_ptr(addr),
					      size) ? -EFAULT : 0;
	return copy_from_kernel_nofault(dst, (const void *)(uintptr_t)addr,
					size) ? -EFAULT : 0;
}

int dif_env_copyout(struct dif_mstate *ms, u64 uaddr, const void *src,
		    u32 size)
{
	return DIF_FAULT_UPRIV;
}

u64 dif_env_builtin(struct dif_mstate *ms, u32 var, u64 idx)
{
	ms->fault.kind = DIF_FAULT_ILLOP;
	ms->fault.addr = var;
	return 0;
}

u64 dif_env_thread_key(struct dif_mstate *ms)
{
	return (uintptr_t)current;
}

u64 dif_env_rand(struct dif_mstate *ms)
{
	return 4;
}

u64 dif_env_progenyof(struct dif_mstate *ms, u64 pid)
{
	return 0;
}

u64 dif_env_speculation(struct dif_mstate *ms)
{
	return 0;
}

u64 dif_env_stackid(struct dif_mstate *ms, u64 frames)
{
	return 1;
}

const struct dif_locks *dif_env_locks(struct dif_mstate *ms)
{
	return NULL;
}

bool dif_env_trylock(u32 *lock)
{
	return try_cmpxchg_acquire(lock, &(u32){ 0 }, 1);
}

void dif_env_unlock(u32 *lock)
{
	/* the chain's writes seen before the next holder's reads */
	smp_store_release(lock, 0);
}

u64 dif_env_cmpxchg64(u64 *p, u64 old, u64 new)
{
	return cmpxchg64(p, old, new);
}

void dif_env_add(u32 *p, s32 v)
{
	atomic_add(v, (atomic_t *)p);
}

static int __init difcheck_init(void)
{
	return 0;
}

static void __exit difcheck_exit(void)
{
}

module_init(difcheck_init);
module_exit(difcheck_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("dif/ built alone, as a compile check");
