/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A userspace host for dif/: the dif_env_*() functions over a checked
 * map of readable regions, for the unit tests, the fuzzer and the
 * benchmark. A script may read only what is mapped here.
 */
#ifndef _DIF_ENV_USER_H
#define _DIF_ENV_USER_H

#include "dif_vm.h"

#define DIF_UENV_REGIONS	16

/* Region flags. */
#define DIF_UR_USER	0x1	/* user memory: ULD*, copyin */
#define DIF_UR_KPRIV	0x2	/* kernel memory scripts may not read */
#define DIF_UR_UPRIV	0x4	/* user memory scripts may not read */
#define DIF_UR_WRITE	0x8	/* user memory copyout( ) may write */

struct dif_uenv_region {
	u64	base;
	u64	size;
	u32	flags;
};

/* Nonzero: every trylock of the dyn store's chains fails. */
extern int dif_ulock_busy;

struct dif_uenv {
	struct dif_uenv_region	regions[DIF_UENV_REGIONS];
	u32			nregions;
	u64			builtins[DIF_VAR_COUNT];
	u64			args[16];
	u64			uregs[32];
	u32			builtin_fault;	/* builtins fail with this */
	u64			thread_key;
	u64			rand_state;
	u64			progeny_pid;	/* progenyof() is 1 for it */
	u64			next_spec;	/* speculation() returns it */
	u64			copies;		/* dif_env_copy() calls */
	bool			destructive;	/* copyout( ) allowed */
	/* the lock subroutines' layout; NULL: they are ILLOP */
	const struct dif_locks	*locks;
};

void dif_uenv_init(struct dif_uenv *e);
int dif_uenv_map(struct dif_uenv *e, const void *base, u64 size, u32 flags);
void dif_uenv_unmap_all(struct dif_uenv *e);

#endif /* _DIF_ENV_USER_H */
