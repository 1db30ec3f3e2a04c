#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A tracepoint's pointer into the process kept in a map and read through
# in another probe, as forky's naptime does: the struct is read from the
# process (copyin), its values exact.
set -eu
# the expected output is bpftrace 0.17's printing, in every guest
export DTRACE_BTRELEASE=0.17
. ./bt-lib.inc
cat >"$TMPDIR/uptr.bt" <<'END'
tracepoint:syscalls:sys_enter_clock_nanosleep,
tracepoint:syscalls:sys_enter_nanosleep
/comm == "sleep"/
{
	@rqtp[tid] = args.rqtp;
}
tracepoint:syscalls:sys_exit_clock_nanosleep,
tracepoint:syscalls:sys_exit_nanosleep
/@rqtp[tid]/
{
	$t = @rqtp[tid];
	printf("%d.%03d\n", $t.tv_sec, (uint64)$t.tv_nsec / 1000000);
	delete(@rqtp, tid);
	exit();
}
END
# sleep(1)'s nanosleep is relative (python3's is an absolute deadline)
out=$(bt_run -c "sleep 1.25" "$TMPDIR/uptr.bt" | grep -v '^$')
[ "$out" = "1.250" ] || { echo "got: $out"; exit 1; }
