#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# exit() records the status and tells the consumer to stop; it does not
# end the firing. As DTrace documents exit() (the consumer ceases
# tracing and exits with the status), the actions after it and the later
# clauses enabled on the same probe still run in that firing; no later
# firing comes. A profile probe, not BEGIN: BEGIN fires for its consumer
# even while it drains, so only another probe shows it.
set -u
out=$("$DTRACE" -s /dev/stdin <<'D'
#pragma D option quiet

tick-10hz
{
	n++;
	exit(4);
	printf("same clause %d\n", n);
}

tick-10hz
{
	printf("next clause %d\n", n);
}

END
{
	printf("end %d\n", n);
}
D
)
rc=$?
want=$(printf 'same clause 1\nnext clause 1\nend 1\n')
[ "$rc" = 4 ] || { echo "status $rc, want 4"; exit 1; }
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }
