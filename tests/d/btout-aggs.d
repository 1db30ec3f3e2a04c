#pragma D option oformat=bpftrace
/*
 * Each kind of aggregation, printed at exit in name order.
 * btout-aggs.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @a[1, "x"] = count(); @h = hist(100); @l = lhist(5, 0, 10, 1); @s = stats(3); @v = avg(4); @m = max(2); exit(); }
 */
BEGIN { @a[1, "x"] = count(); @h = quantize(100); @l = lquantize(5, 0, 10, 1); @s = stats(3); @v = avg(4); @m = max(2); exit(0); }
