#pragma D option oformat=bpftrace
/*
 * Two probes; the aggregations print after END.
 * btout-end.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @b = count(); printf("hi\n"); exit(); } END { printf("end\n"); @a = sum(2); }
 */
BEGIN { @b = count(); printf("hi\n"); exit(0); } END { printf("end\n"); @a = sum(2); }
