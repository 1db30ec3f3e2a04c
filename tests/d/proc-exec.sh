#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# proc: create, exec, exec-success, exec-failure and exit of the children
# of a shell script, in order, with their arguments; signal-send from
# the script to itself; exit's reason, CLD_EXITED or CLD_KILLED.
set -eu
sh=${TMPDIR:-/tmp}/proc-$$.sh
printf '#!/bin/sh\ntrap "" USR1\n/bin/true\n/nonexistent/x 2>/dev/null\nkill -USR1 $$\nexit 0\n' >"$sh"
chmod +x "$sh"
out=$("$DTRACE" -q -c "$sh" -n '
proc:::create /pid == $target/ {
	printf("create %d\n", args[0]->pr_pid > pid); }
proc:::exec /ppid == $target/ { printf("exec %s\n", args[0]); }
proc:::exec-success /ppid == $target/ {
	printf("exec-success %s %d\n", args[0], args[1] == pid); }
proc:::exec-failure /ppid == $target/ { printf("exec-failure %d\n", args[0]); }
proc:::exit /ppid == $target/ { printf("exit %d\n", args[0]); }
proc:::signal-send /pid == $target && args[2] != 17/ {
	printf("signal-send %d %d\n", args[1]->pr_pid == $target, args[2]); }')
exp="create 1
exec /bin/true
exec-success /bin/true 1
exit 1
create 1
exec /nonexistent/x
exec-failure 2
exit 1
signal-send 1 10"
[ "$out" = "$exp" ] || { printf '%s\n' "$out"; exit 1; }
# proc:::exit's reason: a child exits, another is killed
k=${TMPDIR:-/tmp}/proc-kill-$$.sh
printf '#!/bin/sh\n/bin/sleep 5 &\n/bin/sleep 0.3\nkill -9 $!\nwait\n' >"$k"
chmod +x "$k"
out=$("$DTRACE" -q -c "$k" -n 'proc:::exit /ppid == $target/ {
	printf("%d %d %d\n", args[0], args[0] == CLD_EXITED,
	    args[0] == CLD_KILLED); }')
[ "$out" = "1 1 0
2 0 1" ] || { printf 'exit reasons: %s\n' "$out"; exit 1; }
"$DTRACE" -l -P proc | sed 1d | awk '{ print $2, $3 }' | sort | tr '\n' ' ' |
	grep -qx 'proc create proc exec proc exec-failure proc exec-success proc exit proc signal-send ' ||
	{ "$DTRACE" -l -P proc; exit 1; }
