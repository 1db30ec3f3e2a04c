#pragma D option oformat=bpftrace
/*
 * printa( ) of aggregations without values.
 * btout-printempty.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { print(@c); print(@kc); print(@h); print(@kh); print(@kst); printf("x\n"); exit(); } END /0/ { @c = count(); @h = hist(1); @kc[1] = count(); @kh[1] = hist(1); @kst[1] = stats(1); }
 */
BEGIN { printa(@c); printa(@kc); printa(@h); printa(@kh); printa(@kst); printf("x\n"); exit(0); } END /0/ { @c = count(); @h = quantize(1); @kc[1] = count(); @kh[1] = quantize(1); @kst[1] = stats(1); }
