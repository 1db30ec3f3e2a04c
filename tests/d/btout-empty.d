#pragma D option oformat=bpftrace
/*
 * No aggregation: the two blank lines all the same.
 * btout-empty.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { exit(); }
 */
BEGIN { exit(0); }
