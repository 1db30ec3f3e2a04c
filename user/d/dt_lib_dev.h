/* SPDX-License-Identifier: GPL-2.0 */
/*
 * devinfo_t's translator from the block devices sysfs lists
 * (dt_lib_dev.c).
 */
#ifndef DT_LIB_DEV_H
#define DT_LIB_DEV_H

/*
 * D text: "translator devinfo_t < uint32_t D > { ... };" from
 * SYSFS/dev/block and the block majors of PROCDEVS; NULL: no memory.
 * The caller frees it.
 */
char *dt_lib_devinfo(const char *sysfs, const char *procdevs);

#endif /* DT_LIB_DEV_H */
