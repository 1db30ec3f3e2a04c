#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# With -w: raise( ) signals the process that fired the probe, stop( )
# stops it, chill( ) spins within its budget; system( ) runs a command.
set -eu
err=${TMPDIR:-/tmp}/lang-destructive.err

# raise(9) kills the -c target at its first nanosleep, long before 20 s
start=$SECONDS
"$DTRACE" -qw -c 'sleep 20' -n 'syscall::nanosleep:entry,syscall::clock_nanosleep:entry
	/pid == $target/ { raise(9); }' >/dev/null 2>"$err" || true
[ $((SECONDS - start)) -lt 10 ] || { echo "raise did not kill"; cat "$err"; exit 1; }

# stop() leaves a looping shell stopped (state T) until SIGCONT
sh -c 'while :; do sleep 0.1; done' &
p=$!
"$DTRACE" -qw -n "syscall::wait4:entry /pid == $p/ { stop(); exit(0); }" \
	>/dev/null 2>"$err" || { cat "$err"; kill $p; exit 1; }
sleep 0.5
state=$(awk '{ print $3 }' /proc/$p/stat)
kill -CONT $p
kill $p
[ "$state" = T ] || { echo "state $state after stop()"; exit 1; }

# chill() beyond 500 ms a second is an illegal operation
out=$("$DTRACE" -qw -n 'BEGIN { chill(600000000); } BEGIN { printf("after\n"); exit(0); }' 2>"$err")
[ "$out" = after ] || { echo "got '$out'"; exit 1; }
grep -Eq 'illegal operation in action #1' "$err" || { cat "$err"; exit 1; }

# system() output comes in order with ours; without -w nothing runs
out=$("$DTRACE" -qw -n 'BEGIN { printf("a\n"); system("echo b%d", 1); printf("c\n"); exit(0); }')
[ "$out" = "$(printf 'a\nb1\nc')" ] || { echo "got '$out'"; exit 1; }
st=0
"$DTRACE" -q -n 'BEGIN { raise(9); }' 2>"$err" || st=$?
[ $st = 1 ] && grep -qx "dtrace: failed to enable ':::BEGIN': destructive actions not allowed" "$err" ||
	{ echo "status $st"; cat "$err"; exit 1; }

# in an if block not taken they do nothing; taken, they act
out=$("$DTRACE" -qw -n 'BEGIN { if (arg0 > 0) { raise(9); stop(); chill(600000000); }
	printf("alive\n"); exit(0); }' 2>"$err")
[ "$out" = alive ] && [ ! -s "$err" ] || { echo "got '$out'"; cat "$err"; exit 1; }
start=$SECONDS
"$DTRACE" -qw -c 'sleep 20' -n 'syscall::nanosleep:entry,syscall::clock_nanosleep:entry
	{ if (pid == $target) { raise(9); } }' >/dev/null 2>"$err" || true
[ $((SECONDS - start)) -lt 10 ] || { echo "raise in if did not kill"; cat "$err"; exit 1; }
