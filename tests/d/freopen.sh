#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# With -w: freopen( ) sends what is printed from then on to a file
# (appended to, made if needed, relative to the working directory),
# freopen("") back to the output dtrace started with (stdout, or -o's
# file); ftruncate( ) empties the output if it is a regular file. A
# path that cannot be opened is reported and the output stays; JSON
# lines stay whole. Without -w both are refused when enabling.
set -eu
d=${TMPDIR:-/tmp}
cd "$d"
err=$d/freopen.err

# FILE holds exactly what printf FORMAT makes
check() {
	# shellcheck disable=SC2059 # the format is the point
	printf "$2" >"$d/want"
	cmp -s "$d/want" "$1" ||
		{ echo "$1:"; od -c "$1"; echo "want:"; od -c "$d/want"; cat "$err"; exit 1; }
}
noerr() {
	[ ! -s "$err" ] || { echo "stderr:"; cat "$err"; exit 1; }
}

# a relative path, and back: the newline at the end is stdout's
"$DTRACE" -w -q -n 'BEGIN { freopen("x"); printf("a\n"); freopen("");
	printf("b\n"); exit(0); }' >out 2>"$err" || { cat "$err"; exit 1; }
check out 'b\n\n'
check x 'a\n'
noerr

# appended to, by a formatted absolute path; trace( ) too; left there at
# the end, the last newline goes to the file
"$DTRACE" -w -q -n "BEGIN { freopen(\"%s/%s\", \"$d\", \"x\"); trace(7);
	printf(\"\\n\"); exit(0); }" >out 2>"$err" || { cat "$err"; exit 1; }
check out ''
check x 'a\n7\n\n'
noerr

# the default output: the heading and probe line where output was, the
# traced value in the file
"$DTRACE" -w -n 'BEGIN { freopen("y"); trace(5); freopen(""); exit(0); }' \
	>out 2>"$err" || { cat "$err"; exit 1; }
[ "$(tr -d ' ' <y)" = 5 ] || { echo "y:"; od -c y; exit 1; }
grep -q 'FUNCTION:NAME' out && grep -q ':BEGIN' out || { cat out; exit 1; }

# ftruncate( ) of the freopen( ) file, in the actions' order
printf 'before\n' >z
"$DTRACE" -w -q -n 'BEGIN { freopen("z"); printf("old\n"); ftruncate();
	printf("new\n"); freopen(""); printf("out\n"); exit(0); }' \
	>out 2>"$err" || { cat "$err"; exit 1; }
check z 'new\n'
check out 'out\n\n'
noerr

# of stdout, a regular file; of a pipe, nothing
"$DTRACE" -w -q -n 'BEGIN { printf("gone\n"); ftruncate(); printf("kept\n");
	exit(0); }' >out 2>"$err" || { cat "$err"; exit 1; }
check out 'kept\n\n'
"$DTRACE" -w -q -n 'BEGIN { printf("gone\n"); ftruncate(); printf("kept\n");
	exit(0); }' 2>"$err" | cat >out
check out 'gone\nkept\n\n'
noerr

# -o: freopen("") goes back to -o's file (appended to), ftruncate( )
# empties it
printf 'pre\n' >o
"$DTRACE" -w -q -o o -n 'BEGIN { freopen("w"); printf("1\n"); freopen("");
	printf("2\n"); exit(0); }' >out 2>"$err" || { cat "$err"; exit 1; }
check o 'pre\n2\n\n'
check w '1\n'
check out ''
"$DTRACE" -w -q -o o -n 'BEGIN { ftruncate(); printf("3\n"); exit(0); }' \
	>out 2>"$err" || { cat "$err"; exit 1; }
check o '3\n\n'
noerr

# a path that cannot be opened: DTrace's error, the output stays
"$DTRACE" -w -q -n 'BEGIN { freopen("nodir/x"); printf("here\n"); exit(0); }' \
	>out 2>"$err" || { cat "$err"; exit 1; }
check out 'here\n\n'
[ "$(cat "$err")" = 'dtrace: failed to open "nodir/x": No such file or directory' ] ||
	{ cat "$err"; exit 1; }

# JSON (-q changes nothing there): each record one whole line; its
# freopen( ) acts after it
"$DTRACE" -w -q -x oformat=json -n 'BEGIN { freopen("j"); printf("a"); }
	BEGIN { printf("b"); freopen(""); } BEGIN { printf("c"); exit(0); }' \
	>out 2>"$err" || { cat "$err"; exit 1; }
[ "$(wc -l <j)" = 1 ] && grep -q '"data":\[{"printf":"b"}\]}$' j ||
	{ echo "j:"; cat j; exit 1; }
grep -q '"printf":"a"' out && grep -q '"printf":"c"' out &&
	! grep -q '"printf":"b"' out || { echo "out:"; cat out; exit 1; }
noerr

# without -w: refused when enabling, nothing opened
for a in 'freopen("never")' 'ftruncate()'; do
	st=0
	"$DTRACE" -q -n "BEGIN { $a; exit(0); }" >out 2>"$err" || st=$?
	[ $st = 1 ] && grep -qx "dtrace: failed to enable ':::BEGIN': destructive actions not allowed" "$err" ||
		{ echo "$a: status $st"; cat "$err"; exit 1; }
done
[ ! -e never ] || { echo "never was made"; exit 1; }
