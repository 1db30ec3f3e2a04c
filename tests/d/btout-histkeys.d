#pragma D option oformat=bpftrace
/*
 * Keyed histograms sort by their total, a blank line after each.
 * btout-histkeys.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @h[1] = hist(5); @h[1] = hist(5); @h[2] = hist(200); @h[3] = hist(7); @h[3] = hist(7); @h[3] = hist(7); exit(); }
 */
BEGIN { @h[1] = quantize(5); @h[1] = quantize(5); @h[2] = quantize(200); @h[3] = quantize(7); @h[3] = quantize(7); @h[3] = quantize(7); exit(0); }
