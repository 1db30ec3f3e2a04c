#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# printa( )'s %k prints a stack key and %a an address key as symbol+offset,
# as illumos' printa does: %k a newline, then each frame in the
# conversion's format, indented by its width when left-aligned ("%-8k"),
# else not at all. A %k for a key that is not a stack, and the other
# conversions for a stack key, are refused with DTrace's words.
set -eu
a=$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
[ -n "$a" ] && [ "$a" != 0000000000000000 ] || { echo "no vfs_read in kallsyms"; exit 1; }
out=$("$DTRACE" -qn "BEGIN { @a[0x$a + 16] = count(); @a[0x$a] = count();
	@a[0x$a] = count(); printa(\"%a=%@d;\", @a); exit(0); }")
want='vmlinux`vfs_read+0x10=1;vmlinux`vfs_read=2;'
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }

frames() { # OUTPUT INDENT: its frame lines, all indented INDENT, at least 2
	local f n bad
	f=$(grep -E '`|\+0x' <<<"$1" || true)
	n=$(grep -c . <<<"$f" || true)
	bad=$(grep -Evc "^ {$2}[^ ]" <<<"$f" || true)
	[ "$n" -ge 2 ] && [ "$bad" = 0 ] ||
		{ echo "indent $2: $n frames, $bad otherwise:"; echo "$1"; exit 1; }
}
out=$("$DTRACE" -qn 'BEGIN { @[stack()] = count(); printa("<%k>%@d\n", @);
	exit(0); }')
# "<", a newline, the frames, then ">1"
[ "$(head -n 1 <<<"$out")" = "<" ] && [ "$(tail -n 1 <<<"$out")" = ">1" ] ||
	{ echo "%k:"; echo "$out"; exit 1; }
frames "$out" 0
out=$("$DTRACE" -qn 'BEGIN { @[stack()] = count(); printa("%-8k%@d\n", @);
	exit(0); }')
frames "$out" 8

set +e
err=$("$DTRACE" -qn 'BEGIN { @[1] = count(); printa("%k %@d\n", @); }' 2>&1)
rc=$?
set -e
[ "$rc" = 1 ] && grep -q 'printa( ) argument #2 is incompatible with conversion #1 prototype:' <<<"$err" &&
	grep -q 'prototype: stack' <<<"$err" ||
	{ echo "%k of an int: status $rc, '$err'"; exit 1; }
set +e
err=$("$DTRACE" -qn 'BEGIN { @[stack()] = count(); printa("%d %@d\n", @); }' 2>&1)
rc=$?
set -e
[ "$rc" = 1 ] && grep -q 'argument: stack' <<<"$err" ||
	{ echo "%d of a stack: status $rc, '$err'"; exit 1; }
