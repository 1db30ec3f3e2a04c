#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ustack() names user frames from the process's maps and ELF symbols.
set -eu
out=$("$DTRACE" -q -c '/bin/echo hi' -n 'syscall::write:entry /pid == $target/ { ustack(); }')
# From glibc 2.41 (Debian 13) write() makes the system call through
# __internal_syscall_cancel, the frame the probe sees on top.
printf '%s\n' "$out" |
	grep -qE '^ {14}libc\.so\.6`[A-Za-z0-9_.]*(write|syscall_cancel)' ||
	{ echo "$out"; exit 1; }
