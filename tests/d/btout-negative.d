#pragma D option oformat=bpftrace
/*
 * Negative values; the average truncates toward zero.
 * btout-negative.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @mn["p"] = min(-3); @mn["q"] = min(4); @sn = sum(-9); @an = avg(-9); @an = avg(2); exit(); }
 */
BEGIN { @mn["p"] = min(-3); @mn["q"] = min(4); @sn = sum(-9); @an = avg(-9); @an = avg(2); exit(0); }
