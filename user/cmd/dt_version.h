/* SPDX-License-Identifier: GPL-2.0 */
/* The command's version, as -V reports it. */
#ifndef DT_VERSION_H
#define DT_VERSION_H

#include <dtrace/dtrace_ioctl.h>

/* DTRACE_VERSION: the top-level VERSION file, through the Makefile. */
#define DT_VERSION		DTRACE_VERSION
#define DT_D_VERSION		"1.13"
#define DT_STR_(x)		#x
#define DT_STR(x)		DT_STR_(x)
#define DT_VERSION_STRING	"DTrace for Linux " DT_VERSION ", D " \
				DT_D_VERSION "; module ABI " \
				DT_STR(DTRACE_ABI_VERSION)

#endif /* DT_VERSION_H */
