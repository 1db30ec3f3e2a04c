/* SPDX-License-Identifier: GPL-2.0 */
/*
 * D's library: the *.d files of a directory (the installed
 * /usr/lib/dtrace-linux, the tree's lib/dtrace-linux, those -L adds),
 * each parsed before a script only if the script names one of the
 * things it declares, so a script that uses none costs nothing.
 */
#ifndef DT_LIB_H
#define DT_LIB_H

#include "dt_pcb.h"

/* -L dir: searched before the default directory. 0, or -1 (no memory). */
int dt_lib_adddir(const char *dir);
/* The directories' files the script needs, into pcb's program. */
int dt_lib_load(struct dt_pcb *pcb, int (*parse)(struct dt_pcb *));
/* Where devinfo_t's translator looks: "/sys", "/proc/devices" (tests). */
void dt_lib_set_sysfs(const char *sysfs, const char *procdevs);
/* The names a library text declares that text names, or not (tests). */
bool dt_lib_needed(const char *lib, const char *text);

/* #pragma D depends_on: a library file of that name; a loaded module. */
bool dt_lib_exists(const char *name);
bool dt_lib_module_exists(const char *name);

#endif /* DT_LIB_H */
