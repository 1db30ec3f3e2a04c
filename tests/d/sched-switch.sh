#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# sched: a command that sleeps goes off CPU and is dequeued, is woken and
# enqueued, and comes back on CPU; each probe sees it a few times.
set -eu
out=$("$DTRACE" -q -c '/bin/sleep 0.3' -n '
sched:::off-cpu /pid == $target/ { @["off-cpu"] = count(); }
sched:::on-cpu /args[0] == $target/ { @["on-cpu"] = count(); }
sched:::dequeue /args[0]->pr_lwpid == $target &&
    args[1]->pr_fname == "sleep"/ { @["dequeue"] = count(); }
sched:::enqueue /args[0]->pr_lwpid == $target/ { @["enqueue"] = count(); }
sched:::wakeup /args[0]->pr_lwpid == $target/ { @["wakeup"] = count(); }
END { printa("%s %@d\n", @); }')
for p in off-cpu on-cpu dequeue enqueue wakeup; do
	n=$(printf '%s\n' "$out" | sed -n "s/^$p //p")
	[ -n "$n" ] && [ "$n" -ge 1 ] && [ "$n" -le 100 ] ||
		{ echo "$p: '$n'"; printf '%s\n' "$out"; exit 1; }
done
