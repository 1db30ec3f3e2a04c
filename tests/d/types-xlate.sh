#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The translator library (lib/dtrace-linux/procfs.d): curpsinfo,
# curlwpsinfo and curcpu checked against what the kernel says of the
# same process elsewhere (built-in variables, /proc), pr_psargs of a
# known command line, an unknown member's error in DTrace's words.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

# dtrace runs in this script's process group and session.
read -r _ _ _ _ pgrp sess _ < /proc/$$/stat
out=$("$DTRACE" -qn 'BEGIN {
	printf("%d %d %d %d %d %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid == uid,
	    curpsinfo->pr_gid == gid, curlwpsinfo->pr_lwpid == tid,
	    curcpu->cpu_id == cpu);
	printf("%s %d %d %c %d\n", curpsinfo->pr_fname, curpsinfo->pr_pgid,
	    curpsinfo->pr_sid, curlwpsinfo->pr_sname,
	    curpsinfo->pr_start > 0 && curpsinfo->pr_start < timestamp);
	exit(0); }')
[ "$out" = "1 1 1 1 1 1
dtrace $pgrp $sess R 1" ] || fail "curpsinfo: $out (pgrp $pgrp, sid $sess)"

# pr_psargs: the command line, from the process's own memory.
out=$("$DTRACE" -qn 'syscall::clock_nanosleep:entry,syscall::nanosleep:entry
	/pid == $target/ { printf("%s|%s|%d\n", curpsinfo->pr_psargs,
	    curpsinfo->pr_fname, curpsinfo->pr_pid == $target); }' \
	-c "sleep 0.2 0.1" | head -1)
[ "$out" = "sleep 0.2 0.1|sleep|1" ] || fail "pr_psargs: $out"

# sched:::on-cpu with the priority of the thread going on CPU: Linux's
# prio, 0-139.
out=$("$DTRACE" -qn 'sched:::on-cpu { @[curlwpsinfo->pr_pri] = count(); }
	tick-200ms { exit(0); }
	END { printa("%d %@d\n", @); }' | awk 'NF == 2 &&
	$1 >= 0 && $1 <= 139 && $2 > 0 { n++ } END { print (n > 0) }')
[ "$out" = 1 ] || fail "on-cpu: $out"

# A member the translator does not define.
err=$("$DTRACE" -qn 'BEGIN { trace(curpsinfo->pr_nosuch); }' 2>&1) &&
	fail "pr_nosuch compiled"
case $err in
*"translator does not define conversion for member: pr_nosuch"*) ;;
*) fail "pr_nosuch: $err" ;;
esac
echo ok
