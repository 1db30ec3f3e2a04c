# SPDX-License-Identifier: GPL-2.0
# DIF sources, built into dtrace.ko and into userspace tests.
DIF_SRCS :=
