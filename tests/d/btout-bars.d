#pragma D option oformat=bpftrace
/*
 * Bar lengths: count / max * 52, truncated.
 * btout-bars.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @h = hist(1); @h = hist(2); @h = hist(2); @h = hist(2); @h = hist(4); @h = hist(4); @h = hist(4); @h = hist(4); @h = hist(4); @h = hist(4); @h = hist(4); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); @h = hist(8); exit(); }
 */
BEGIN { @h = quantize(1); @h = quantize(2); @h = quantize(2); @h = quantize(2); @h = quantize(4); @h = quantize(4); @h = quantize(4); @h = quantize(4); @h = quantize(4); @h = quantize(4); @h = quantize(4); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); @h = quantize(8); exit(0); }
