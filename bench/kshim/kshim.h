/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Just enough of the kernel's API for dtrace.ko's firing path
 * (kmod/dtrace_fire.c, dtrace_agg.c, dtrace_rate.c, dif_env_kernel.c) to
 * build and run as one CPU's userspace program, for bench/fire_insns.c.
 * The build makes every <linux/X.h> those files include a file that
 * includes this one. Nothing here is meant to be fast or slow: each
 * stand-in costs a few instructions, as the kernel's do (the clock is
 * counted, not read; see kshim_clock_reads).
 */
#ifndef _KSHIM_H
#define _KSHIM_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

/* The uapi headers' types, as the kernel's own are (<linux/types.h>). */
typedef uint8_t __u8;
typedef uint16_t __u16;
typedef uint32_t __u32;
typedef uint64_t __u64;
typedef int8_t __s8;
typedef int16_t __s16;
typedef int32_t __s32;
typedef int64_t __s64;
#include "dif_env.h"	/* u8 to s64, as dif/ has them in userspace */
typedef u32 gfp_t;

#define __user
#ifndef __always_inline
#define __always_inline		inline __attribute__((__always_inline__))
#endif
#define fallthrough		__attribute__((__fallthrough__))
#define likely(x)		__builtin_expect(!!(x), 1)
#define unlikely(x)		__builtin_expect(!!(x), 0)
#define barrier()		__asm__ __volatile__("" ::: "memory")
#define smp_wmb()		barrier()
#define cpu_relax()		barrier()
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile __typeof__(x) *)&(x) = (v))
#define container_of(p, t, m)	((t *)((char *)(p) - offsetof(t, m)))
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#define min_t(t, a, b)		((t)(a) < (t)(b) ? (t)(a) : (t)(b))
#define max_t(t, a, b)		((t)(a) > (t)(b) ? (t)(a) : (t)(b))
#define BUILD_BUG_ON(c)		_Static_assert(!(c), #c)
#define IS_ERR(p)		((unsigned long)(p) >= (unsigned long)-4095)
#define ERR_PTR(e)		((void *)(long)(e))
#define u64_to_user_ptr(x)	((void *)(uintptr_t)(x))
#define EXPORT_SYMBOL(s)
#define module_param(n, t, p)
#define MODULE_PARM_DESC(n, d)

/* One CPU, interrupts that cannot come. */
#define DEFINE_PER_CPU(t, n)	__typeof__(t) n
#define this_cpu_ptr(p)		(p)
#define per_cpu_ptr(p, c)	((void)(c), (p))
#define this_cpu_inc_return(x)	(++(x))
#define __this_cpu_read(x)	(x)
#define __this_cpu_write(x, v)	((x) = (v))
#define this_cpu_write(x, v)	((x) = (v))
#define smp_processor_id()	0u
#define nr_cpu_ids		1u
#define for_each_possible_cpu(c) for ((c) = 0; (c) < 1; (c)++)
#define local_irq_save(f)	((f) = 0)
#define local_irq_restore(f)	((void)(f))
#define in_nmi()		0

typedef struct { int counter; } atomic_t;
typedef struct { s64 counter; } atomic64_t;
#define atomic64_inc(a)		((a)->counter++)
#define atomic_or(v, a)		((a)->counter |= (v))
#define cmpxchg(p, o, n)	__sync_val_compare_and_swap(p, o, n)

#define atomic_add(v, a)	__atomic_fetch_add(&(a)->counter, (v), \
					   __ATOMIC_RELAXED)
#define cmpxchg64(p, o, n)	__sync_val_compare_and_swap(p, o, n)
#define try_cmpxchg_acquire(p, po, n) \
	__atomic_compare_exchange_n(p, po, n, false, __ATOMIC_ACQUIRE, \
				    __ATOMIC_RELAXED)
#define smp_store_release(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)

struct mutex { int m; };
struct hrtimer { int h; };
struct hlist_node { struct hlist_node *next, **pprev; };
struct hlist_head { struct hlist_node *first; };
struct file;

#define BITS_PER_LONG		64
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(n, b)	unsigned long n[BITS_TO_LONGS(b)]
static inline void bitmap_zero(unsigned long *b, unsigned int n)
{
	memset(b, 0, BITS_TO_LONGS(n) * sizeof(long));
}

static inline bool test_bit(unsigned int i, const unsigned long *b)
{
	return b[i / BITS_PER_LONG] >> (i % BITS_PER_LONG) & 1;
}

static inline void __set_bit(unsigned int i, unsigned long *b)
{
	b[i / BITS_PER_LONG] |= 1ul << (i % BITS_PER_LONG);
}

/* Time: counted, and advancing 1 µs a read. */
extern u64 kshim_clock_reads;
static inline u64 ktime_get_mono_fast_ns(void)
{
	return ++kshim_clock_reads * 1000;
}

#define ktime_get_real_fast_ns()	ktime_get_mono_fast_ns()
extern u64 kshim_cycles;
#define get_cycles()		(++kshim_cycles)	/* as rdtsc: not the clock */
#define HZ			250
extern unsigned long jiffies;
#define time_before(a, b)	((long)((a) - (b)) < 0)
static inline u64 div64_u64(u64 a, u64 b)
{
	return a / b;
}

/* Memory: the process's; the kernel's flags are ignored. */
#define GFP_KERNEL_ACCOUNT	0u
#define __GFP_NOWARN		0u
#define __GFP_RETRY_MAYFAIL	0u
#define kcalloc(n, s, g)	((void)(g), calloc(n, s))
#define kzalloc(s, g)		((void)(g), calloc(1, s))
#define kzalloc_node(s, g, n)	((void)(g), (void)(n), calloc(1, s))
#define kvzalloc_node(s, g, n)	((void)(g), (void)(n), calloc(1, s))
#define kvmalloc_node(s, g, n)	((void)(g), (void)(n), malloc(s))
#define kvmalloc(s, g)		((void)(g), malloc(s))
#define kvmalloc_array(n, s, g)	((void)(g), calloc(n, s))
#define kfree(p)		free(p)
#define kvfree(p)		free(p)
#define cond_resched()		((void)0)
static inline u32 get_random_u32(void)
{
	return 0x9e3779b9u;	/* the same table every run */
}

static inline u64 get_random_u64(void)
{
	return 0x9e3779b97f4a7c15ull;
}

static inline unsigned long copy_to_user(void *d, const void *s,
					 unsigned long n)
{
	memcpy(d, s, n);
	return 0;
}

int smp_call_function_single(int cpu, void (*fn)(void *), void *arg,
			     int wait);

/* The one task: the bench's. */
struct pt_regs { unsigned long regs[21]; };
struct sched_entity { u64 sum_exec_runtime; };
struct task_struct {
	char			comm[16];
	int			pid, tgid;
	unsigned int		flags;
	void			*mm;
	struct task_struct	*real_parent;
	struct sched_entity	se;
};

#define PF_KTHREAD		0x00200000
extern struct task_struct kshim_task;
#define current			(&kshim_task)
#define task_pt_regs(t)		((struct pt_regs *)0)
#define instruction_pointer(r)	((r)->regs[16])
typedef struct { unsigned int val; } kuid_t, kgid_t;
#define current_uid()		((kuid_t){ 0 })
#define current_gid()		((kgid_t){ 0 })
#define from_kuid(ns, u)	((u).val)
#define from_kgid(ns, g)	((g).val)
#define init_user_ns		0

struct rnd_state { u64 rs; };
static inline u32 prandom_u32_state(struct rnd_state *r)
{
	r->rs = r->rs * 6364136223846793005ull + 1442695040888963407ull;
	return r->rs >> 32;
}

#define prandom_seed_state(r, v)	((r)->rs = (v))

/* The firing path reads only what the bench mapped; anything else faults. */
long copy_from_user_nofault(void *dst, const void *src, size_t size);
long copy_from_kernel_nofault(void *dst, const void *src, size_t size);
long copy_to_user_nofault(void *dst, const void *src, size_t size);

#endif /* _KSHIM_H */
