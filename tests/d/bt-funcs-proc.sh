#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's built-ins of the traced process: cpid (the -c child's pid),
# uaddr( ) and *uaddr( ) of a position-independent program's symbols
# with reg("ip") at its function, and signal( ), which kills the -c
# child with --unsafe and is refused without it in bpftrace's words.
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}

cat >"$d/btfuncs.c" <<'C'
volatile unsigned int bt_val = 0x1234abcd;

__attribute__((noinline)) int target(int x)
{
	return x + (int)bt_val;
}

int main(void)
{
	return target(1) == 0;
}
C
gcc -O1 -o "$d/btfuncs" "$d/btfuncs.c"

# cpid; uaddr( ) where -c's process maps the program; join( ) of more
# than 16 arguments (main's argv); a strftime( ) value kept in a map
args=$(seq -f 'a%g' 21 | tr '\n' ' ')
out=$("$DTRACE" --bpftrace -c "$d/btfuncs $args" -e "
BEGIN { printf(\"cpid %d\\n\", cpid > 0); }
uprobe:$d/btfuncs:main /pid == cpid/ {
	join(arg1);
	join(arg1, \",\");
	@t = strftime(\"%Y\", nsecs);
}
uprobe:$d/btfuncs:target /pid == cpid/ {
	printf(\"%x %d %d\\n\", *uaddr(\"bt_val\"), uaddr(\"target\") == reg(\"ip\"),
	    reg(\"di\"));
}
END { printf(\"year %s\\n\", @t); }" 2>&1 | bt_noattach | sed '/^$/d; /^@t: /d')
exp="cpid 1
$d/btfuncs ${args% }
$d/btfuncs,$(printf '%s' "${args% }" | tr ' ' ',')
1234abcd 1 1
year $(date +%Y)"
[ "$out" = "$exp" ] || { echo "got:"; echo "$out"; echo "expected:"; echo "$exp"; exit 1; }

# signal( ) without --unsafe: bpftrace's error
err=$("$DTRACE" --bpftrace -e 'BEGIN { signal("SIGKILL"); }' 2>&1) && {
	echo "signal() ran without --unsafe"; exit 1; }
printf '%s\n' "$err" | grep -qx 'stdin:1:9-15: ERROR: signal() is an unsafe function being used in safe mode' ||
	{ echo "$err"; exit 1; }

# with --unsafe, the -c child is killed as it starts to sleep
start=$(date +%s)
"$DTRACE" --bpftrace --unsafe -c "/bin/sleep 20" -e '
tracepoint:syscalls:sys_enter_clock_nanosleep /pid == cpid/ {
	printf("%s\n", comm);
	signal("SIGKILL");
}' >"$d/sig.out" 2>&1 || true
took=$(($(date +%s) - start))
grep -qx sleep "$d/sig.out" || { cat "$d/sig.out"; exit 1; }
bt_range "seconds with sleep 20 killed" "$took" 0 15 "$(cat "$d/sig.out")"
