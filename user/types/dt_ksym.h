/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel symbols by name, for D's `symbol and mod`symbol: their
 * addresses from kallsyms, read only when a script names one.
 */
#ifndef DT_KSYM_H
#define DT_KSYM_H

#include <stddef.h>
#include <stdint.h>

/*
 * The address of name, of module mod ("" or "vmlinux": the kernel's),
 * from the kallsyms file at path (NULL: /proc/kallsyms): 0, or -1 and
 * why in err.
 */
int dt_ksym_addr(const char *path, const char *mod, const char *name,
		 uint64_t *addr, char *err, size_t errlen);

#endif /* DT_KSYM_H */
