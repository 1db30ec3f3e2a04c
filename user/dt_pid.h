/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space probes: the sites a probe description names (pidPID:...,
 * uprobe:PATH:...), read from ELF files and offered to the module.
 */
#ifndef DT_PID_H
#define DT_PID_H

#include <stddef.h>
#include <dtrace/dtrace_ioctl.h>

/*
 * Offer the sites @d names, if its provider is one of ours (else
 * nothing). Returns 0, or -1 with a message in err.
 */
int dt_pid_provide(int devfd, const struct dtrace_probedesc *d, char *err,
		   size_t errlen);

#endif /* DT_PID_H */
