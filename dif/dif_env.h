/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place where dif/ meets its world.
 *
 * dif/ is built twice: into dtrace.ko (__KERNEL__ defined) and into
 * userspace tests, the fuzzer and the benchmark. Every header it needs
 * from either world is included here and nowhere else, and the only
 * library calls it makes are memcpy, memset, memcmp and vsnprintf, which
 * both worlds spell the same way. Anything else (reading memory a script
 * names, built-in variables, locks) is a dif_env_*() function the host
 * defines; see dif_vm.h.
 */
#ifndef _DIF_ENV_H
#define _DIF_ENV_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
/* <linux/stdarg.h> came with 5.15 (kmod/Kbuild looks); before, the compiler's. */
#ifdef DIF_HAVE_LINUX_STDARG
#include <linux/stdarg.h>
#else
#include <stdarg.h>
#endif
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>
#include <errno.h>
#include <stdio.h>
#include <stdarg.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

#ifndef likely
#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#endif
/* The kernel's spellings of the attributes dif/ uses. */
#define DIF_ATTR(x)	__attribute__((x))
#ifndef __printf
#define __printf(a, b)	DIF_ATTR(__format__(__printf__, a, b))
#endif
#ifndef fallthrough
#define fallthrough	__attribute__((__fallthrough__))
#endif
#ifndef __maybe_unused
#define __maybe_unused	DIF_ATTR(__unused__)
#endif
#ifndef noinline
#define noinline	DIF_ATTR(__noinline__)
#endif
#ifndef __annotate_jump_table
#define __annotate_jump_table	/* a kernel section objtool reads */
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif
#endif /* __KERNEL__ */

#include <dtrace/dif.h>

#endif /* _DIF_ENV_H */
