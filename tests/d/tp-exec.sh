#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tracepoint:sched::sched_process_exec: args->filename is a __data_loc
# string, args->pid the new image's pid. (-c's command has exec'd before
# tracing starts: its children are what is traced.)
set -eu
sh=${TMPDIR:-/tmp}/tp-exec-$$.sh
printf '#!/bin/sh\n/bin/true\n/bin/true\nexit 0\n' >"$sh"
chmod +x "$sh"
out=$("$DTRACE" -q -c "$sh" -n '
	tracepoint:sched::sched_process_exec /ppid == $target/ {
	printf("%s %s %d\n", args->filename, execname, args->pid == pid); }')
[ "$out" = "/bin/true true 1
/bin/true true 1" ] || { printf '%s\n' "$out"; exit 1; }
