#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh [--kver KVER] [--timeout SECS] [--cpus N] [--mem MB]
#              [--module PATH.ko] [--hostfwd HOSTPORT:GUESTPORT]
#              [--interactive] -- COMMAND [ARGS...]
#
# Boot Debian's kernel KVER in QEMU, with the host's root (read-only,
# under a RAM overlay) as the guest's root, and run COMMAND there as
# root in the repository root, with RESULTS_DIR naming a directory that
# comes back to the host. With --module, insmod PATH.ko before and
# rmmod it after. The guest's dmesg is saved and checked.
#
# Exit status: COMMAND's, if the run was otherwise clean; 124 if
# COMMAND ran out of time; 125 if anything else went wrong (insmod or
# rmmod failed, the kernel logged a bug or warning, the guest crashed
# or hung); 2 for bad usage. The reason is printed on stderr.
#
# --timeout limits COMMAND (default 300 s); the whole guest gets 60 s
# (VM_MARGIN) more for booting and shutting down before QEMU is killed.
# Run files (output, dmesg, console log) stay in build/vm/runs/.
# --hostfwd gives the guest a virtio NIC on QEMU's user network (no
# other network: "restrict=on"), with the host's 127.0.0.1:HOSTPORT
# forwarded to the guest's GUESTPORT; COMMAND loads virtio_net and sets
# the address itself (tests/vm/guest-net.sh). Repeatable.
# --interactive gives COMMAND the serial console as its terminal
# (make vm-shell); type Ctrl-A X to kill the guest.
# Environment: VM_ACCEL=kvm|tcg, VM_TCG=single|multi, VM_APPEND (more
# kernel parameters), VM_MARGIN, VM_QEMU (another QEMU: its binary and
# options, split on blanks). See README.md.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
vmb=$repo/build/vm

usage() {
	sed -n '4,6s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2
	exit 2
}
say() { echo "vm: $*" >&2; }

kver=
timeout=300
cpus=2
mem=2048
module=
interactive=0
hostfwd=
while [ $# -gt 0 ]; do
	case $1 in
	--kver | --timeout | --cpus | --mem | --module | --hostfwd)
		[ $# -ge 2 ] || usage ;;
	esac
	case $1 in
	--kver) kver=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--cpus) cpus=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--module) module=$2; shift 2 ;;
	--hostfwd)
		case $2 in [0-9]*:[0-9]*) ;; *) usage ;; esac
		case ${2%%:*}${2#*:} in *[!0-9]*) usage ;; esac
		hostfwd="$hostfwd,hostfwd=tcp:127.0.0.1:${2%%:*}-:${2#*:}"
		shift 2 ;;
	--interactive) interactive=1; shift ;;
	--) shift; break ;;
	*) usage ;;
	esac
done
[ $# -gt 0 ] || usage
case $timeout$cpus$mem in *[!0-9]*) usage ;; esac

# Same default as the top-level Makefile.
if [ -z "$kver" ]; then
	kver=$("$here/../default-kver.sh")
fi
[ -n "$kver" ] || { say "no Debian amd64 kernel headers installed"; exit 125; }
# Installed, or extracted under build/ (Debian 11's 5.10), or the
# kernel of a whole release's root under build/ (tests/fetch-root.sh).
kroot=$("$here/kernel-root.sh" "$kver") || exit 125
[ -r "${kroot}boot/vmlinuz-$kver" ] || { say "no ${kroot}boot/vmlinuz-$kver"; exit 125; }
# A release's kernel boots on that release's root, not the host's: its
# own userland (C library, python, bpftrace), with the repository put
# at its host path over it.
sysroot=/
if [ "$kroot" != / ] && [ -x "${kroot}bin/sh" ]; then
	sysroot=$kroot
	kroot=/
fi

# The guest sees the host's paths, so make relative ones absolute.
if [ -n "$module" ]; then
	[ -r "$module" ] || { say "no module $module"; exit 125; }
	module=$(realpath "$module")
	case $sysroot,$module in
	/,* | *,"$repo"/*) ;;
	*) say "the module must lie in $repo for a release's root"; exit 125 ;;
	esac
fi
cmd=("$@")
case ${cmd[0]} in
*/*) [ -e "${cmd[0]}" ] && cmd[0]=$(realpath "${cmd[0]}") ;;
esac

initrd=$vmb/initramfs-$kver.cpio.gz
"$here/mkinitramfs.sh" "$kver" "$initrd" >&2
# An uncompressed kernel boots faster; the bzImage does as well.
kernel=$vmb/vmlinux-$kver
"$here/mkvmlinux.sh" "$kver" "$kernel" 2>/dev/null || kernel=${kroot}boot/vmlinuz-$kver
accel=$("$here/accel.sh" "$kernel" "$vmb/accel-probe")
# Single-threaded TCG: with two vCPUs, multi-threaded TCG made fork
# and exec 3x slower (cross-vCPU TLB flushes wait for every vCPU
# thread, worse when the host is busy) and oopsed 6.12 at boot once in
# 12. VM_TCG=multi tries it anyway. -cpu max gives the guest SMAP and
# SMEP, which matter for a tracer.
case $accel in
kvm) accel_args=(-accel kvm -cpu host) ;;
*) accel_args=(-accel "tcg,thread=${VM_TCG:-single}" -cpu max) ;;
esac

# One directory per run: the writable 9p export, kept for inspection.
mkdir -p "$vmb/runs"
run=$(mktemp -d "$vmb/runs/$(date +%Y%m%d-%H%M%S).XXXX")
run_id=${run##*/}
ln -sfn "runs/$run_id" "$vmb/last"
# Drop all but the 30 newest runs, save those still going: each run
# holds a lock on its directory (QEMU inherits it) while it lasts.
exec {lock}>"$run/lock"
flock "$lock"
find "$vmb/runs" -mindepth 1 -maxdepth 1 -type d | sort | head -n -30 |
	while read -r old; do flock -n "$old/lock" rm -rf -- "$old" || :; done
: >"$run/stdout"
: >"$run/stderr"
{
	echo "# Written by run-guest.sh; sourced in the guest."
	printf 'VM_RUN_ID=%q\n' "$run_id"
	printf 'VM_REPO=%q\n' "$repo"
	printf 'VM_MODULE=%q\n' "$module"
	printf 'VM_TIMEOUT=%q\n' "$timeout"
	printf 'VM_INTERACTIVE=%q\n' "$interactive"
	# Output to files gets TERM=dumb; a terminal the host's TERM and size.
	if [ "$interactive" = 1 ]; then
		printf 'VM_TERM=%q\n' "${TERM:-dumb}"
		if size=$(stty size 2>/dev/null); then
			printf 'VM_ROWS=%q\nVM_COLS=%q\n' "${size% *}" "${size#* }"
		fi
	fi
	printf 'VM_CMD=('
	printf ' %q' "${cmd[@]}"
	printf ' )\n'
	printf 'VM_KROOT=%q\n' "$kroot"
	printf '. %q\n' "$here/guest-kroot.sh"
	printf '. %q\n' "$here/guest-run.sh"
} >"$run/job.sh"

# The console goes to console.log; in interactive mode to the terminal
# as well. Batch runs log everything there (loglevel=7) so a guest that
# dies still leaves its oops behind; results never go through it.
if [ "$interactive" = 1 ]; then
	console=(-chardev "stdio,id=con,mux=on,signal=off,logfile=$run/console.log"
		-serial chardev:con -mon chardev=con)
	append="quiet loglevel=3"
else
	console=(-chardev "file,id=con,path=$run/console.log" -serial chardev:con)
	append="loglevel=7"
fi
# panic=-1 turns a panic into a reset and -no-reboot a reset into
# QEMU's exit. Oopses don't panic: the run goes on and the oops is
# found in dmesg; a guest that hangs meets the timeout.
# no_timer_check: the boot-time check that the IO-APIC timer ticks
# within a few emulated milliseconds failed on a busy host under
# multi-threaded TCG ("IO-APIC + timer doesn't work!", a panic).
append="console=ttyS0 panic=-1 no_timer_check $append ${VM_APPEND:-}"
repo_fs=()
if [ "$sysroot" != / ]; then
	append="$append vmrepo=$repo"
	repo_fs=(-virtfs "local,path=$repo,mount_tag=repo,security_model=none,readonly=on,multidevs=remap")
fi
bios=()
[ -r /usr/share/qemu/qboot.rom ] && bios=(-bios /usr/share/qemu/qboot.rom)

# shellcheck disable=SC2206 # split on purpose
qemu=(${VM_QEMU:-qemu-system-x86_64} "${accel_args[@]}" -machine q35 "${bios[@]}"
	-smp "$cpus" -m "$mem" -nodefaults -nographic -no-reboot
	"${console[@]}"
	-kernel "$kernel" -initrd "$initrd" -append "$append"
	-virtfs "local,path=$sysroot,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
	"${repo_fs[@]}"
	-virtfs "local,path=$run,mount_tag=results,security_model=none,multidevs=remap")
# shellcheck disable=SC2054 # QEMU's commas
[ -n "$hostfwd" ] && qemu+=(-netdev "user,id=n0,restrict=on$hostfwd"
	-device virtio-net-pci,netdev=n0)
# VM_QEMU_ARGS: more QEMU options, split on blanks (a monitor socket or
# -s for the gdbstub, to look at a hung guest).
# shellcheck disable=SC2206 # split on purpose
[ -n "${VM_QEMU_ARGS:-}" ] && qemu+=(${VM_QEMU_ARGS})

# timeout(1) puts QEMU in a process group of its own, out of reach of
# a ^C or of an outer timeout's signal: pass those on (timeout(1)
# forwards them to QEMU), or QEMU would outlive us.
# The tails ignore SIGINT, as background jobs of a script do.
qpid=
t1=
t2=
# shellcheck disable=SC2317 # called from the traps
stop() {
	# shellcheck disable=SC2086 # the unset ones vanish
	kill $qpid $t1 $t2 2>/dev/null || :
	wait
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap 'stop; exit 129' HUP

limit=$((timeout + ${VM_MARGIN:-60}))
start=$(date +%s)
qemu_status=0
if [ "$interactive" = 1 ]; then
	# --foreground: QEMU must stay in the terminal's process group.
	timeout --foreground -k 5 "$limit" "${qemu[@]}" || qemu_status=$?
else
	timeout -k 5 "$limit" "${qemu[@]}" </dev/null \
		>"$run/qemu.log" 2>&1 &
	qpid=$!
	# Stream the command's output while it runs.
	tail -q -n +1 -s 0.2 -f --pid="$qpid" "$run/stdout" &
	t1=$!
	tail -q -n +1 -s 0.2 -f --pid="$qpid" "$run/stderr" >&2 &
	t2=$!
	wait "$qpid" || qemu_status=$?
	wait "$t1" "$t2" || :
fi
elapsed=$(($(date +%s) - start))

bad=0
fail() { say "FAIL: $*"; bad=1; }
get() { sed -n "s/^$1=//p" "$run/status"; }

if ! [ -s "$run/status" ]; then
	if [ "$qemu_status" = 124 ] || [ "$qemu_status" = 137 ]; then
		fail "guest killed after ${limit}s: it hung (no result)"
	else
		fail "guest stopped without a result (QEMU status $qemu_status): crash?"
	fi
	[ -s "$run/qemu.log" ] && sed 's/^/vm: qemu: /' "$run/qemu.log" >&2
	say "last console lines ($run/console.log):"
	tail -n 40 "$run/console.log" | sed 's/^/vm:   /' >&2
	"$here/dmesg-check.sh" "$run/console.log" | sed 's/^/vm: bad: /' >&2 || :
	say "run directory: $run"
	exit 125
fi

if [ "$(get run_id)" != "$run_id" ]; then
	fail "status file is not this run's"
fi
[ -s "$run/harness.log" ] && sed 's/^/vm: guest: /' "$run/harness.log" >&2
case $(get insmod),$(get rmmod) in
failed,*) fail "insmod $module failed" ;;
*,failed) fail "rmmod of $module failed" ;;
ok,ok) say "insmod and rmmod of ${module##*/} ok" ;;
esac
# Taint flags D (oops), W (warning) and L (soft lockup) catch what the
# log may have lost.
tainted=$(get tainted)
if [ -z "$tainted" ] || [ $((tainted & (1 << 7 | 1 << 9 | 1 << 14))) != 0 ]; then
	fail "kernel tainted ($tainted): oops, warning or lockup"
fi
if bad_lines=$("$here/dmesg-check.sh" "$run/dmesg"); then
	say "guest kernel log clean: $run/dmesg"
else
	fail "guest kernel log shows problems ($run/dmesg):"
	printf '%s\n' "$bad_lines" | sed 's/^/vm:   /' >&2
fi

status=$(get cmd_status)
if [ "$(get timed_out)" = 1 ]; then
	say "FAIL: command timed out after ${timeout}s"
	exit 124
fi
say "command exited with ${status:-?} (${elapsed}s in the guest, $accel)"
[ "$bad" = 0 ] || exit 125
exit "${status:-125}"
