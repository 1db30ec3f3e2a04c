#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# software:::page-faults-1: a process touching N more pages of anonymous
# memory (huge pages off where the kernel has them) faults N more times;
# minor-faults-1 agrees, and the default period (every 100th fault) sees
# about a hundredth. Private memory: 5.10 counts the first touch of a
# shared anonymous page (shmem) as a major fault.
set -eu
py=${TMPDIR:-/tmp}/sw-faults-$$.py
cat >"$py" <<'EOF'
import mmap
import sys
n = int(sys.argv[1])
m = mmap.mmap(-1, 4096 * (n + 1), flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
try:
    m.madvise(mmap.MADV_NOHUGEPAGE)
except OSError:
    pass  # no THP (PREEMPT_RT): EINVAL, and nothing to turn off
for i in range(n):
    m[i * 4096] = 1
EOF
touch_pages() { # N
	echo "/usr/bin/python3 $py $1"
}
faults() { # PROBE N
	"$DTRACE" -q -c "$(touch_pages "$2")" -n "software:::$1 /pid == \$target/ {
		@ = count(); } END { printa(\"%@d\\n\", @); }" 2>/dev/null | grep . | tail -1
}
for p in page-faults-1 minor-faults-1; do
	base=$(faults $p 0)
	n=$(faults $p 2048)
	d=$((n - base))
	[ "$d" -ge 1990 ] && [ "$d" -le 2200 ] ||
		{ echo "$p: $base without, $n with 2048 pages"; exit 1; }
done
n=$(faults faults 2048)
[ "$n" -ge $(((base + 2048) / 100 - 5)) ] &&
	[ "$n" -le $(((base + 2048) / 100 + 10)) ] ||
	{ echo "faults: $n, about $(((base + 2048) / 100)) expected"; exit 1; }
