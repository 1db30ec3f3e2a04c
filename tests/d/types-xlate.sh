#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The translator library (lib/dtrace-linux/procfs.d): curpsinfo,
# curlwpsinfo and curcpu checked against what the kernel says of the
# same process elsewhere (built-in variables, /proc), pr_psargs of a
# known command line, an unknown member's error in DTrace's words.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

# dtrace runs in this script's process group and session; the same
# answers from the kernel's BTF and from the type data DKMS builds.
read -r _ _ _ _ pgrp sess _ < /proc/$$/stat
# pr_sname reads task_struct's __state, 5.14's name for state: before
# it, that member alone fails, and says why.
sname=curlwpsinfo-\>pr_sname
if ! pahole -F btf -C task_struct /sys/kernel/btf/vmlinux | grep -qw __state
then
	sname="'R'"
	err=$("$DTRACE" -qn 'BEGIN { trace(curlwpsinfo->pr_sname); }' 2>&1) &&
		fail "pr_sname without __state: $err"
	grep -q '__state is not a member of struct task_struct' <<<"$err" ||
		fail "pr_sname without __state: $err"
fi
psinfo() {
	"$@" -qn 'BEGIN {
	printf("%d %d %d %d %d %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid, curlwpsinfo->pr_lwpid == tid,
	    curcpu->cpu_id == cpu);
	printf("%s %d %d %c %d\n", curpsinfo->pr_fname, curpsinfo->pr_pgid,
	    curpsinfo->pr_sid, '"$sname"',
	    curpsinfo->pr_start > 0 && curpsinfo->pr_start < timestamp);
	exit(0); }'
}
out=$(psinfo "$DTRACE")
[ "$out" = "1 1 1 1 1 1
dtrace $pgrp $sess R 1" ] || fail "curpsinfo: $out (pgrp $pgrp, sid $sess)"
types=${VM_MODULE:-}
types=${types%/*}/dtrace-types.btf
if [ -n "${VM_MODULE:-}" ]; then
	[ -s "$types" ] || fail "no $types beside the module"
	out2=$(psinfo env DTRACE_BTF="$types" "$DTRACE")
	[ "$out2" = "$out" ] || fail "curpsinfo from $types: $out2"
fi

# pr_psargs: the command line, from the process's own memory.
out=$("$DTRACE" -qn 'syscall::clock_nanosleep:entry,syscall::nanosleep:entry
	/pid == $target/ { printf("%s|%s|%d\n", curpsinfo->pr_psargs,
	    curpsinfo->pr_fname, curpsinfo->pr_pid == $target); }' \
	-c "sleep 0.2 0.1" | head -1)
[ "$out" = "sleep 0.2 0.1|sleep|1" ] || fail "pr_psargs: $out"
# ... and at exec-success, the new program's.
sh=$TMPDIR/psargs.sh
printf '#!/bin/sh\n/bin/echo a b >/dev/null\n' >"$sh"
chmod +x "$sh"
out=$("$DTRACE" -qn 'proc:::exec-success /ppid == $target/ {
	printf("%s|%s\n", curpsinfo->pr_psargs, curpsinfo->pr_fname); }' \
	-c "$sh")
[ "$out" = "/bin/echo a b|echo" ] || fail "exec-success pr_psargs: $out"

# sched:::on-cpu with the priority of the thread going on CPU: Linux's
# prio, 0-139.
out=$("$DTRACE" -qn 'sched:::on-cpu { @[curlwpsinfo->pr_pri] = count(); }
	tick-200ms { exit(0); }
	END { printa("%d %@d\n", @); }' | awk 'NF == 2 &&
	$1 >= 0 && $1 <= 139 && $2 > 0 { n++ } END { print (n > 0) }')
[ "$out" = 1 ] || fail "on-cpu: $out"

# fileinfo_t of vfs_read's file: its name, filesystem type, offset.
f=$TMPDIR/xlate-file-7
printf 'hello world' > "$f"
out=$("$DTRACE" -qn 'fbt::vfs_read:entry /pid == $target/ {
	this->fi = args[0];
	printf("%s %s %d\n", xlate<fileinfo_t *>(this->fi)->fi_name,
	    xlate<fileinfo_t *>(this->fi)->fi_fs,
	    xlate<fileinfo_t *>(this->fi)->fi_offset); }' \
	-c "dd if=$f of=/dev/null bs=4 skip=1 status=none" |
	grep '^xlate-file-7 ' | head -2)
fs=$(findmnt -no FSTYPE -T "$f")
[ "$out" = "xlate-file-7 $fs 4
xlate-file-7 $fs 8" ] || fail "fileinfo_t: $out (fs $fs)"

# A member the translator does not define.
err=$("$DTRACE" -qn 'BEGIN { trace(curpsinfo->pr_nosuch); }' 2>&1) &&
	fail "pr_nosuch compiled"
case $err in
*"translator does not define conversion for member: pr_nosuch"*) ;;
*) fail "pr_nosuch: $err" ;;
esac
echo ok
