#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# ustack() names user frames from the process's maps and ELF symbols.
set -eu
out=$("$DTRACE" -q -c '/bin/echo hi' -n 'syscall::write:entry /pid == $target/ { ustack(); }')
printf '%s\n' "$out" | grep -q '^ \{14\}libc\.so\.6`[A-Za-z0-9_.]*write' ||
	{ echo "$out"; exit 1; }
