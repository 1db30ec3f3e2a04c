#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# sym(), func(), mod() and printf's %a name kernel addresses, as trace
# values and as aggregation keys.
set -eu
a=$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
[ -n "$a" ] && [ "$a" != 0000000000000000 ] || { echo "no vfs_read in kallsyms"; exit 1; }
out=$("$DTRACE" -qn "BEGIN { trace(sym(0x$a + 5)); printf(\"|\"); trace(func(0x$a + 5));
	printf(\"|\"); trace(mod(0x$a)); printf(\"|%a|%a\\n\", 0x$a, 0x$a + 16);
	@[func(0x$a + 1)] = count(); exit(0); }")
want=$(printf '  %-50s|  %-50s|  %-50s|vmlinux`vfs_read|vmlinux`vfs_read+0x10\n\n  %-50s %16d' \
	'vmlinux`vfs_read+0x5' 'vmlinux`vfs_read' vmlinux 'vmlinux`vfs_read' 1)
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }
