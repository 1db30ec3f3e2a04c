# SPDX-License-Identifier: GPL-2.0
#
# dif/'s sources that dtrace.ko builds, by name: the one list that
# dif/dif.mk (userspace tests, the command, dif-kcheck) and kmod/Kbuild
# (the module, DKMS) both read.
DIF_NAMES := dif_log dif_names dif_load dif_verify dif_mem dif_exec \
	dif_subr dif_subr_net dif_subr_lock dif_dyn dif_disasm dif_agg
