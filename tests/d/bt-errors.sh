#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Compile errors as bpftrace prints them: where (line and columns),
# ERROR:, its words, the line and a caret under the place.
set -eu
check() { # PROGRAM EXPECTED-STDERR
	local err rc=0
	err=$("$DTRACE" --bpftrace -e "$1" 2>&1 >/dev/null) || rc=$?
	[ "$rc" -ne 0 ] || { echo "exit 0 for: $1"; exit 1; }
	[ "$err" = "$2" ] || { printf 'for %s\ngot:\n%s\nexpected:\n%s\n' "$1" "$err" "$2"; exit 1; }
}
check 'kprobe:vfs_read { foo(1); }' 'stdin:1:19-22: ERROR: Unknown function: foo
kprobe:vfs_read { foo(1); }
                  ^~~'
check 'kprobe:vfs_read { $x; }' 'stdin:1:19-21: ERROR: Undefined or undeclared variable: $x
kprobe:vfs_read { $x; }
                  ^~'
check 'BEGIN { printf("%d\n", @y); }' 'stdin:1:24-26: ERROR: Undefined map: @y
BEGIN { printf("%d\n", @y); }
                       ^~'
check 'BEGIN { bogus }' "stdin:1:9-14: ERROR: Unknown identifier: 'bogus'
BEGIN { bogus }
        ^~~~~"
check 'BEGIN { @x = count() ' "stdin:1:22-22: ERROR: syntax error, unexpected end of file, expecting '}' or ';'
BEGIN { @x = count() 
                     ^"
check 'kprobe:vfs_read { @ = retval; }' "stdin:1:23-29: ERROR: The retval builtin can only be used with 'kretprobe' and 'uretprobe' probes
kprobe:vfs_read { @ = retval; }
                      ^~~~~~"
check 'bogus:vfs_read { 1 }' 'stdin:1:1-15: ERROR: Invalid probe type: bogus
bogus:vfs_read { 1 }
^~~~~~~~~~~~~~'
check 'BEGIN { @x = hist(); }' 'stdin:1:14-18: ERROR: hist() requires one argument (0 provided)
BEGIN { @x = hist(); }
             ^~~~'
