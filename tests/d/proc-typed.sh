#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# proc's and sched's lwpsinfo_t, psinfo_t and cpuinfo_t arguments
# (lib/dtrace-linux/sched.d), from the trace events' records, checked
# against what the kernel says of the same threads elsewhere: the child
# proc:::create names is the one whose exec-success pid is; signal-send
# names its target; a thread that blocks is dequeued as itself, on its
# CPU; the sleeper is woken, enqueued and goes on CPU as itself. No
# kernel types are needed (DTRACE_BTF names a file that does not exist).
set -eu
fail() { echo "FAIL: $*"; exit 1; }
sh=$TMPDIR/proc-typed.sh
printf '#!/bin/sh\ntrap "" USR1\n/bin/sleep 0.2\nkill -USR1 $$\n' >"$sh"
chmod +x "$sh"
script='
proc:::create /pid == $target/ { child = args[0]->pr_pid;
	printf("create %s\n", args[0]->pr_fname); }
proc:::exec-success /ppid == $target/ { sleeper = pid;
	printf("exec-success %d\n", pid == child); }
proc:::signal-send /pid == $target && args[2] == SIGUSR1/ {
	printf("signal-send %d %d %s %s\n", args[1]->pr_pid == $target,
	    args[0]->pr_lwpid == $target, args[0]->pr_name,
	    args[1]->pr_fname); }
sched:::dequeue /sleeper && pid == sleeper/ { @d[args[0]->pr_lwpid == tid,
	args[1]->pr_fname, args[0]->pr_name, args[2]->cpu_id == cpu,
	args[0]->pr_pri >= 0 && args[0]->pr_pri < 140] = count(); }
sched:::wakeup /sleeper && args[0]->pr_lwpid == sleeper/ { @w[args[1]->pr_fname,
	args[1]->pr_pid == sleeper, args[0]->pr_pri >= 0 &&
	args[0]->pr_pri < 140] = count(); }
sched:::enqueue /sleeper && args[1]->pr_pid == sleeper/ { @e[args[0]->pr_name,
	args[2]->cpu_id >= 0 && args[2]->cpu_id < 256] = count(); }
sched:::off-cpu /sleeper && args[0]->pr_lwpid == sleeper/ { @o[args[1]->pr_fname,
	args[0]->pr_name] = count(); }
END {
	printa("dequeue %d %s %s %d %d\n", @d);
	printa("wakeup %s %d %d\n", @w);
	printa("enqueue %s %d\n", @e);
	printa("on-cpu %s %s\n", @o);
}'
want="create proc-typed.sh
exec-success 1
signal-send 1 1 proc-typed.sh proc-typed.sh
dequeue 1 sleep sleep 1 1
wakeup sleep 1 1
enqueue sleep 1
on-cpu sleep sleep"
for d in "$DTRACE" "env DTRACE_BTF=/nonexistent $DTRACE"; do
	# shellcheck disable=SC2086 # $d is words
	out=$($d -q -c "$sh" -n "$script")
	[ "$out" = "$want" ] || fail "$d: $out
want: $want"
done
echo ok
