#pragma D option oformat=bpftrace
/*
 * quantize as hist: negative, [0], [1] and K/M/G labels, empty rows between.
 * btout-hist.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @h = hist(-1); @h = hist(-100); @h = hist(0); @h = hist(0); @h = hist(1); @h = hist(2); @h = hist(3); @h = hist(1023); @h = hist(1024); @h = hist(1500000); @h = hist(3000000000); exit(); }
 */
BEGIN { @h = quantize(-1); @h = quantize(-100); @h = quantize(0); @h = quantize(0); @h = quantize(1); @h = quantize(2); @h = quantize(3); @h = quantize(1023); @h = quantize(1024); @h = quantize(1500000); @h = quantize(3000000000); exit(0); }
