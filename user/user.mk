# SPDX-License-Identifier: GPL-2.0
# The dtrace command.
DT_LIB_SRCS :=
user:
