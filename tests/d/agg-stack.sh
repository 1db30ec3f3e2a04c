#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# @[stack()] = count(): the consumer adds up recorded stacks and prints
# each as stack() does, its count under it.
set -eu
out=$("$DTRACE" -q -c '/bin/cat /etc/hostname' \
	-n 'fbt::vfs_read:entry /pid == $target/ { @[stack(2)] = count(); @u[ustack(1)] = count(); }' | sed 1d)
printf '%s\n' "$out" | grep -q '^ \{14\}vmlinux`ksys_read+0x[0-9a-f]*$' || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ {14}(libc\.so\.6`[A-Za-z0-9_.]+(\+0x[0-9a-f]+)?|0x[0-9a-f]+)$' ||
	{ echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ +[1-9][0-9]*$' || { echo "$out"; exit 1; }
