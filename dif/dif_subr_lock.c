// SPDX-License-Identifier: GPL-2.0
/*
 * mutex_owned( ), mutex_owner( ), mutex_type_adaptive( ),
 * mutex_type_spin( ), rw_read_held( ), rw_write_held( ) and
 * rw_iswriter( ): DTrace's kmutex_t and krwlock_t questions asked of
 * Linux's struct mutex and struct rw_semaphore.
 *
 * The host says where each lock's word is and how it reads
 * (dif_env_locks( ): the module knows the kernel it was built for); the
 * word is read here through dif_mem_read( ), so a lock address a script
 * chose is a nofault load like any other, charged to the firing.
 *
 * struct mutex: its owner word is the owning task with flag bits below
 * the task's alignment (atomic_long_t owner and MUTEX_FLAGS; on
 * PREEMPT_RT, the rt_mutex's owner and RT_MUTEX_HAS_WAITERS). A Linux
 * mutex spins on a running owner and then sleeps: it is adaptive,
 * never a spin mutex.
 *
 * struct rw_semaphore: its count has the writer in bit 0, waiters in
 * bit 1 and the readers from bit 8 up, the top bit a flag (READFAIL).
 * On PREEMPT_RT (rwbase_rt) it is the 32-bit readers word instead:
 * READER_BIAS (bit 31) plus the readers while no writer holds or
 * waits, the readers alone while a writer waits for them to leave, and
 * WRITER_BIAS (bit 30) alone while a writer holds it.
 */
#include "dif_impl.h"

#define DIF_RWSEM_WRITER	0x1ull	/* RWSEM_WRITER_LOCKED */
#define DIF_RWSEM_WAITERS	0x2ull	/* RWSEM_FLAG_WAITERS */
#define DIF_RWSEM_RSHIFT	8	/* RWSEM_READER_SHIFT */
#define DIF_RWBASE_READER_BIAS	0x80000000u
#define DIF_RWBASE_WRITER_BIAS	0x40000000u

/* The word of size bytes at addr + off, zero-extended; false on a fault. */
static bool dif_lock_word(struct dif_mstate *ms, u64 addr, u32 off,
			  u32 size, u64 *w)
{
	u32 w4;

	if (size == 4) {
		if (!dif_mem_read(ms, &w4, addr + off, 4, false))
			return false;
		*w = w4;
		return true;
	}
	return dif_mem_read(ms, w, addr + off, 8, false);
}

/* rw_read_held( ), rw_write_held( ), rw_iswriter( ) from the word. */
static u64 dif_lock_rw(const struct dif_locks *lk, u32 subr, u64 w)
{
	u64 readers;
	bool writer, waiting;

	if (lk->rwsem_rt) {
		u32 r = (u32)w;

		writer = r == DIF_RWBASE_WRITER_BIAS;
		readers = writer ? 0 : r & (DIF_RWBASE_WRITER_BIAS - 1);
		/* without READER_BIAS a writer holds it or waits for it */
		waiting = !(r & DIF_RWBASE_READER_BIAS);
	} else {
		/* the top bit is a flag, not a reader */
		if (lk->rwsem_count_size == 4)
			w &= 0x7fffffffull;
		else
			w &= ~(1ull << 63);
		writer = w & DIF_RWSEM_WRITER;
		readers = w >> DIF_RWSEM_RSHIFT;
		/*
		 * A reader queues behind readers only when a writer queued
		 * before it: readers and waiters mean a writer wants it.
		 */
		waiting = readers && (w & DIF_RWSEM_WAITERS);
	}
	switch (subr) {
	case DIF_SUBR_RW_READ_HELD:
		return !writer && readers;
	case DIF_SUBR_RW_WRITE_HELD:
		return writer;
	default:
		return writer || waiting;
	}
}

/**
 * dif_subr_lock() - one of the lock subroutines
 * @ms:   the machine state; the lock's address is the tuple's entry
 * @subr: DIF_SUBR_MUTEX_* or DIF_SUBR_RW_*
 *
 * Context: probe context. Return: the answer; 0 after a fault.
 */
u64 dif_subr_lock(struct dif_mstate *ms, u32 subr)
{
	const struct dif_locks *lk = dif_env_locks(ms);
	u64 addr = ms->tuple[0].dt_value, w;
	bool rw = subr == DIF_SUBR_RW_READ_HELD ||
		  subr == DIF_SUBR_RW_WRITE_HELD ||
		  subr == DIF_SUBR_RW_ISWRITER;

	if (!lk) {
		/* a host that knows no layout: not a lock it can read */
		dif_fault(ms, DIF_FAULT_ILLOP, subr);
		return 0;
	}
	if (rw) {
		if (!dif_lock_word(ms, addr, lk->rwsem_count_off,
				   lk->rwsem_count_size, &w))
			return 0;
		return dif_lock_rw(lk, subr, w);
	}
	if (!dif_lock_word(ms, addr, lk->mutex_owner_off,
			   lk->mutex_owner_size, &w))
		return 0;
	w &= ~lk->mutex_flags;
	switch (subr) {
	case DIF_SUBR_MUTEX_OWNED:
		return w && w == dif_env_builtin(ms, DIF_VAR_CURTHREAD, 0);
	case DIF_SUBR_MUTEX_OWNER:
		return w;
	case DIF_SUBR_MUTEX_TYPE_ADAPTIVE:
		return 1;
	default:
		return 0;	/* mutex_type_spin( ) */
	}
}
