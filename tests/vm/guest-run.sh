#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The guest half of run-guest.sh: sourced, as root in the guest's
# chroot of the host root, by the job.sh that run-guest.sh writes into
# the results export (mounted at /run/vm). job.sh sets:
#   VM_RUN_ID      the run's name, echoed back so the host knows the
#                  status it reads is this run's
#   VM_REPO        repository root: the command's working directory
#   VM_MODULE      a .ko to insmod before and rmmod after, or empty
#   VM_TIMEOUT     seconds the command may run
#   VM_INTERACTIVE 1: the command gets the serial console as its tty
#   VM_CMD         the command and its arguments (an array)
#
# Writes to /run/vm: stdout and stderr of the command, harness.log
# (insmod/rmmod complaints), dmesg, and last of all status, whose
# presence tells the host the guest got to the end.
set -u

out=/run/vm
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root RESULTS_DIR=$out
# Tests find what was built beside the module (its kernel types).
export VM_MODULE
export TERM=${VM_TERM:-dumb}
log() { echo "$*" >>"$out/harness.log"; }

insmod=none
rmmod=none
cmd_status=
timed_out=0

if [ -n "$VM_MODULE" ]; then
	# The name the kernel knows it by, for rmmod and /proc/modules.
	mod=$(modinfo -F name "$VM_MODULE" 2>/dev/null)
	[ -n "$mod" ] || { mod=${VM_MODULE##*/}; mod=${mod%%.ko*}; mod=${mod//-/_}; }
	if insmod "$VM_MODULE" 2>>"$out/harness.log"; then
		insmod=ok
	else
		insmod=failed
		log "insmod $VM_MODULE failed"
	fi
fi

if [ "$insmod" != failed ]; then
	cd "$VM_REPO" || log "cannot cd to $VM_REPO"
	start=$SECONDS
	if [ "$VM_INTERACTIVE" = 1 ]; then
		# A session with the console as controlling tty, so job
		# control and ^C work; the host's timeout still applies.
		stty -F /dev/ttyS0 sane rows "${VM_ROWS:-24}" cols "${VM_COLS:-80}" 2>/dev/null
		setsid -c -w "${VM_CMD[@]}" </dev/ttyS0 >/dev/ttyS0 2>&1
		cmd_status=$?
	else
		# timeout(1) signals the command's whole process group; -k
		# follows up with SIGKILL for commands that ignore SIGTERM.
		timeout -k 10 "$VM_TIMEOUT" "${VM_CMD[@]}" \
			</dev/null >>"$out/stdout" 2>>"$out/stderr"
		cmd_status=$?
		if [ $((SECONDS - start)) -ge "$VM_TIMEOUT" ] &&
			{ [ "$cmd_status" = 124 ] || [ "$cmd_status" = 137 ]; }; then
			timed_out=1
		fi
	fi
	cd / || :
fi

if [ "$insmod" = ok ]; then
	if rmmod "$mod" 2>>"$out/harness.log" &&
		! grep -q "^$mod " /proc/modules; then
		rmmod=ok
	else
		rmmod=failed
		log "rmmod $mod failed"
	fi
fi

dmesg >"$out/dmesg" 2>&1
{
	echo "run_id=$VM_RUN_ID"
	echo "kernel=$(uname -r)"
	echo "insmod=$insmod"
	echo "rmmod=$rmmod"
	echo "cmd_status=$cmd_status"
	echo "timed_out=$timed_out"
	echo "tainted=$(cat /proc/sys/kernel/tainted)"
	echo "uptime=$(cut -d' ' -f1 /proc/uptime)"
} >"$out/status.tmp"
mv "$out/status.tmp" "$out/status"
