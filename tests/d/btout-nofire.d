#pragma D option oformat=bpftrace
/*
 * Aggregations that never got a value: a count without keys is 0, the others blank lines.
 * btout-nofire.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { exit(); } END /0/ { @c = count(); @s = sum(1); @mn = min(1); @mx = max(1); @v = avg(1); @st = stats(1); @h = hist(1); @l = lhist(1, 0, 10, 1); @kc[1] = count(); @kh[1] = hist(1); @kst[1] = stats(1); @kv[1] = avg(1); }
 */
BEGIN { exit(0); } END /0/ { @c = count(); @s = sum(1); @mn = min(1); @mx = max(1); @v = avg(1); @st = stats(1); @h = quantize(1); @l = lquantize(1, 0, 10, 1); @kc[1] = count(); @kh[1] = quantize(1); @kst[1] = stats(1); @kv[1] = avg(1); }
