#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lockstat: 4 writers on one pipe contend on its mutex; adaptive-block
# or adaptive-spin sees it (a count in a range), every probe traces
# while the module's own locks are taken around it without recursing
# or deadlocking, and a guide's hot-locks script prints its table.
set -eu
ev=/sys/kernel/tracing/events/lock/contention_begin
[ -d /sys/kernel/tracing/events ] || ev=/sys/kernel/debug/tracing/events/lock/contention_begin
if [ ! -d "$ev" ]; then
	# before 5.19: the probe is refused, naming the missing event
	st=0
	err=$("$DTRACE" -n 'lockstat:::spin-spin { }' 2>&1) || st=$?
	case $st:$err in
	1:*"lockstat:::spin-spin is not available: this kernel has no trace event lock:contention_begin"*) ;;
	*) echo "$st: $err"; exit 1 ;;
	esac
	echo "no lock:contention_begin before Linux 5.19"
	exit 77
fi
mkfifo "$TMPDIR/p"
cat >"$TMPDIR/w.sh" <<SH
for i in 1 2 3 4; do
	dd if=/dev/zero bs=4k count=3000 of="$TMPDIR/p" 2>/dev/null &
done
dd if="$TMPDIR/p" of=/dev/null bs=64k 2>/dev/null
wait
SH
out=$("$DTRACE" -q -c "bash $TMPDIR/w.sh" -n '
lockstat:::adaptive-block, lockstat:::adaptive-spin
/execname == "dd"/ { @m["mutex"] = count(); }
lockstat:::adaptive-block, lockstat:::adaptive-spin, lockstat:::spin-spin,
lockstat:::rw-block { @a[probename] = count(); @h[args[0]] = count(); }
END { printa("%s %@d\n", @m); }')
n=$(printf '%s\n' "$out" | sed -n 's/^mutex //p')
[ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -le 100000 ] ||
	{ echo "mutex: '$n'"; printf '%s\n' "$out"; exit 1; }
# the hot locks by caller, as a guide's script: lock, count, stack
cat >"$TMPDIR/hot.d" <<'D'
#pragma D option quiet
lockstat:::adaptive-block, lockstat:::adaptive-spin
{
	@hot[args[0], probename] = count();
}
END
{
	printf("%-18s %-16s %s\n", "LOCK", "EVENT", "COUNT");
	printa("%-18p %-16s %@d\n", @hot);
}
D
out=$("$DTRACE" -s "$TMPDIR/hot.d" -c "bash $TMPDIR/w.sh")
printf '%s\n' "$out" | grep -q '^LOCK  *EVENT  *COUNT$' ||
	{ printf '%s\n' "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^0x[0-9a-f]+ +adaptive-(block|spin) +[0-9]+$' ||
	{ printf '%s\n' "$out"; exit 1; }
n=$("$DTRACE" -l -P lockstat | awk 'NR > 1 { print $NF }' | sort | tr '\n' ' ')
[ "$n" = "adaptive-block adaptive-spin rw-block spin-spin " ] ||
	{ echo "-l -P lockstat: $n"; exit 1; }
echo ok
