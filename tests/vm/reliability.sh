#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The reliability tests under real parallelism (make check-smp):
# one boot of the default kernel (Debian's 6.1) under multi-threaded TCG,
# so that the two vCPUs run at the same time, while two busy loops keep
# the host's cores loaded for the whole boot, as a loaded machine does
# to a real one: vCPUs stall at random and IPIs wait
# (RELIABILITY_LOOPS=N for another number, 0 where other work already
# loads the host, as in make check). Runs
# tests/guest-suite.sh --smp RUNS (default 10 runs with every function
# traced: issue 36's background run stopped by SIGINT and
# `@[probefunc] = count()` beside a workload, in turn); its last line is
# "N passed, N failed" (tests/vm/tally.sh: ", N skipped" may follow),
# which run-check.sh adds up. The busy loops are
# bounded by timeout(1) and killed on any exit.
#
# With SMP_UNSTICK=1, tcg-unstick.py watches the guest through QEMU's
# monitor: multi-threaded TCG (QEMU 7.2) can keep running a stale
# translation of kernel text that the other vCPU has rewritten, and a
# vCPU then loops on an int3 no longer in memory with interrupts off
# (see Documentation/safety.md). It writes the bytes back with the
# values it read, to make QEMU drop those translations, and the run
# reports how often. It is off by default: a write can race the guest's
# own text patching, and one such run (two repairs) left a corrupted
# byte in switch_mm_irqs_off and the guest oopsed.
#
# 6.12 is not run here: multi-threaded TCG oopsed it at boot, before
# any module, in 1 of 12 boots (an emulator artefact, see README.md).
#
# With --ftrace-only, the same boot runs no module at all: it arms and
# disarms every function RUNS times with ftrace's own function tracer
# (tests/vm/ftrace-toggle.sh). That is the control for the hang in
# Documentation/safety.md's Known limits: it hangs the same way.
#
# Usage: tests/vm/reliability.sh [--ftrace-only] [RUNS]
set -u
cd "$(dirname "$0")/../.." || exit 2
guest=(--module kmod/dtrace.ko -- tests/guest-suite.sh --smp)
if [ "${1:-}" = --ftrace-only ]; then
	guest=(-- tests/vm/ftrace-toggle.sh)
	shift
fi
runs=${1:-10}
limit=${RELIABILITY_TIMEOUT:-1500}
kver=${KVER:-$(tests/default-kver.sh)}

loops=()
sock=$(mktemp -d /tmp/dtrace-smp.XXXXXX) || exit 2
# shellcheck disable=SC2317 # called from the traps
stop_loops() {
	[ "${#loops[@]}" -gt 0 ] && kill "${loops[@]}" 2>/dev/null
	wait "${loops[@]}" 2>/dev/null
	loops=()
	rm -rf "$sock"
}
trap stop_loops EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
for _ in $(seq 1 "${RELIABILITY_LOOPS:-2}"); do
	timeout $((limit + 120)) sh -c 'while :; do :; done' &
	loops+=($!)
done

if [ "${SMP_UNSTICK:-0}" = 1 ]; then
	timeout $((limit + 120)) tests/vm/tcg-unstick.py "$sock/mon" \
		"$sock/gdb" "$sock/repairs" &
	loops+=($!)
fi

# QEMU 10 (tests/fetch-qemu.sh) where make deps fetched it: 7.2's
# multi-threaded TCG hangs the kernel's own text patching (above).
q=build/qemu/root/usr
if [ -z "${VM_QEMU:-}" ] && [ -x "$q/bin/qemu-system-x86_64" ]; then
	export VM_QEMU="$PWD/$q/bin/qemu-system-x86_64 -L $PWD/$q/share/qemu \
-L /usr/share/qemu -L /usr/share/seabios"
fi
echo "# reliability: $(${VM_QEMU:-qemu-system-x86_64} --version | head -n 1)"

start=$(date +%s)
VM_TCG=multi VM_QEMU_ARGS="-monitor unix:$sock/mon,server,nowait" \
	tests/vm/run-guest.sh --kver "$kver" --timeout "$limit" \
	"${guest[@]}" "$runs"
rc=$?
fixed=
[ "${SMP_UNSTICK:-0}" = 1 ] && fixed="; stale translations refreshed in \
$(cat "$sock/repairs" 2>/dev/null || echo 0) stalls"
echo "# reliability: $(($(date +%s) - start)) s$fixed"
exit "$rc"
