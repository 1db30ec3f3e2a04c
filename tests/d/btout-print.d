#pragma D option oformat=bpftrace
/*
 * printa(@x) is bpftrace's print(@x); every aggregation prints again at exit.
 * btout-print.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @x = count(); @y[1] = sum(5); @y[2] = sum(3); print(@x); print(@y); @h = hist(5); print(@h); @st = stats(4); print(@st); @v = avg(6); print(@v); printf("done\n"); exit(); }
 */
BEGIN { @x = count(); @y[1] = sum(5); @y[2] = sum(3); printa(@x); printa(@y); @h = quantize(5); printa(@h); @st = stats(4); printa(@st); @v = avg(6); printa(@v); printf("done\n"); exit(0); }
