#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# usdt:PATH:PROV:NAME without -p or -c fires in every process that runs
# PATH (two runs: twice the probes); uprobe:PATH:F+OFF and
# uprobe:PATH:0xADDR fire on their instruction; watchpoint:ADDR:8:w
# counts the target's writes; hardware:EV counts, or without a PMU
# fails with an error that says so.
set -eu
. ./bt-lib.inc
d=$TMPDIR
cat >"$d/u.c" <<'C'
#include <sys/sdt.h>

volatile long counter;

__attribute__((noinline)) void f(int i)
{
	counter += i;
}

int main(void)
{
	int i;

	for (i = 0; i < 3; i++) {
		STAP_PROBE1(myapp, tick, i);
		f(i);
	}
	return 0;
}
C
gcc -O1 -no-pie -fno-omit-frame-pointer -o "$d/u" "$d/u.c"
cd "$d"

# usdt by path, system-wide: two runs of ./u while tracing
out=$d/usdt.out
"$DTRACE" --bpftrace -e "usdt:$d/u:myapp:tick { @[arg0] = count(); }" \
	>"$out" 2>&1 &
pid=$!
for i in $(seq 300); do
	grep -q '^Attaching' "$out" && break
	sleep 0.1
done
sleep 1	# as bt_tool_run: a loaded host arms the uprobes late
./u
./u
kill -INT $pid
wait $pid
got=$(grep '^@' "$out")
want='@[0]: 2
@[1]: 2
@[2]: 2'
[ "$got" = "$want" ] || { echo "usdt by path: '$(cat "$out")'"; exit 1; }

# uprobe at an offset and at an address (f's second instruction)
faddr=$(nm u | awk '$3 == "f" { print $1 }')
o=$(objdump -d --start-address=0x$faddr --stop-address=$((0x$faddr + 16)) u |
	awk -F'[: \t]+' '/^ +[0-9a-f]+:/ { n++; if (n == 2) { print $2; exit } }')
rel=$((0x$o - 0x$faddr))
got=$(bt_run -c ./u -e "uprobe:./u:f+$rel { @off = count(); }
	uprobe:./u:0x$o { @addr = count(); }
	uprobe:./u:f { @entry = count(); }")
want='@addr: 3
@entry: 3
@off: 3'
[ "$(grep '^@' <<<"$got" | sort)" = "$want" ] ||
	{ echo "uprobe offset: '$got'"; exit 1; }

# watchpoints on counter, which f reads and writes 3 times. Not in the
# run above: a uprobe single-stepping the very instruction a watchpoint
# traps on sends QEMU's TCG guest into endless kernel #DB recursion.
# One run each: QEMU's TCG reports only the first of two watchpoints
# that one access trips (real hardware sets both bits of DR6), so w and
# rw on the same word in one run lost an rw hit now and then.
caddr=$(nm u | awk '$3 == "counter" { print $1 }')
got=$(bt_run -c ./u -e "watchpoint:0x$caddr:8:w { @w = count(); }")
[ "$(grep '^@' <<<"$got")" = "@w: 3" ] || { echo "watchpoint: '$got'"; exit 1; }
got=$(bt_run -c ./u -e "asyncwatchpoint:0x$caddr:8:rw { @aw = count(); }")
[ "$(grep '^@' <<<"$got")" = "@aw: 6" ] ||
	{ echo "asyncwatchpoint: '$got'"; exit 1; }

# hardware: counts with a PMU, else the error naming it
got=$(bt_run -e 'hardware:cycles:100000 { @ = count(); exit(); }' 2>&1) ||
	true
if [ -e /sys/bus/event_source/devices/cpu ]; then
	grep -qx '@: [1-9][0-9]*' <<<"$got" || { echo "hardware: '$got'"; exit 1; }
else
	want="stdin:1:1-23: ERROR: failed to enable 'hardware:::cycles-100000': hardware events need the CPU's performance monitoring unit (PMU), and this machine has none (a virtual machine without a virtual PMU)
hardware:cycles:100000 { @ = count(); exit(); }
^~~~~~~~~~~~~~~~~~~~~~"
	[ "$got" = "$want" ] || { echo "hardware: '$got'"; exit 1; }
fi

# a kernel address is not a process's to watch
got=$(bt_run -c ./u -e 'watchpoint:0xffffffff81000000:8:w { @ = count(); }' 2>&1) &&
	{ echo "kernel watchpoint ran"; exit 1; }
re="^stdin:1:1-34: ERROR: failed to enable 'watchpoint:[0-9]+::ffffffff81000000-8-w': "
re+="the CPU cannot watch that address, length and mode \(x86: w, rw or x; x with length 8; aligned\)$"
[[ "$(head -1 <<<"$got")" =~ $re ]] || { echo "kernel watchpoint: '$got'"; exit 1; }
