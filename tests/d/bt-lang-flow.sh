#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# while with break and continue, return, and a loop still running at
# its bound (100 iterations): the error on stderr, the rest skipped.
set -eu
# the expected output is bpftrace 0.17's printing, in every guest
export DTRACE_BTRELEASE=0.17
. ./bt-lib.inc
out=$(bt_run -e 'BEGIN { $i = 0; while ($i < 6) { $i++; if ($i == 2) { continue; } printf("%d ", $i); if ($i == 4) { break; } } printf("| %d\n", $i); $n = 0; while ($n < 100) { $n++; } printf("%d\n", $n); if ($i == 4) { printf("ret\n"); return; } printf("not here\n"); }
END { printf("end\n"); }
BEGIN { exit(); }' 2>&1)
[ "$out" = "1 3 4 | 4
100
ret
end" ] || { echo "got: $out"; exit 1; }
# the condition runs once per iteration, and once more to stop
out=$(bt_run -e 'BEGIN { $i = 0; while ($i++ < 3) { printf("%d", $i); } printf(" %d\n", $i); exit(); }' 2>&1)
[ "$out" = "123 4" ] || { echo "got: $out"; exit 1; }
err=${TMPDIR:-/tmp}/bt-lang-err
out=$(bt_run -e 'BEGIN { $i = 0; printf("a\n");
  while ($i >= 0) { $i++; }
  printf("never\n"); }
BEGIN { printf("next %d\n", 1); exit(); }' 2>"$err")
[ "$out" = "a
next 1" ] || { echo "got: $out"; cat "$err"; exit 1; }
[ "$(cat "$err")" = "stdin:2:3: ERROR: while loop still running after 100 iterations (the bound of loops here): the probe's other statements are skipped" ] || { echo "stderr: $(cat "$err")"; exit 1; }
exit 0
