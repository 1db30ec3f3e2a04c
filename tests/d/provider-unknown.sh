#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A description naming a provider nobody has is an error when the script
# compiles, -e included, in DTrace's words; -Z lets it match nothing.
set -eu
want='dtrace: invalid probe specifier nosuch:::entry { }: probe description nosuch:::entry does not match any probes'
st=0
err=$("$DTRACE" -e -n 'nosuch:::entry { }' 2>&1) || st=$?
[ $st = 1 ] && [ "$err" = "$want" ] || { echo "$st: $err"; exit 1; }
# one unknown provider among known ones is still an error
st=0
err=$("$DTRACE" -e -n 'syscall::read:entry, nosuch:::x { }' 2>&1) || st=$?
[ $st = 1 ] || { echo "$st: $err"; exit 1; }
case $err in *"probe description nosuch:::x does not match any probes") ;;
*) echo "$err"; exit 1 ;; esac
# -Z: a clause may match nothing
"$DTRACE" -Z -e -n 'nosuch:::entry { }'
# globs, pid and USDT forms and every stable provider compile
for d in 'n*:::entry' 'pid123:::entry' 'myapp456:::tick' 'proc:::exec' \
	'ip:::send' 'tcp:::receive' 'udp:::send' 'lockstat:::spin-spin'; do
	"$DTRACE" -e -n "$d { }" || { echo "$d"; exit 1; }
done
# enabling one: the same words, from the script's line
printf 'nosuch:::entry\n{\n}\n' >"$TMPDIR/u.d"
st=0
err=$("$DTRACE" -s "$TMPDIR/u.d" 2>&1) || st=$?
[ $st = 1 ] && [ "$err" = "dtrace: failed to compile script $TMPDIR/u.d: line 1: probe description nosuch:::entry does not match any probes" ] ||
	{ echo "$st: $err"; exit 1; }
echo ok
