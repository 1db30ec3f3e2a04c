#pragma D option oformat=bpftrace
/*
 * lquantize as lhist: (..., min) and [max, ...) rows, K bounds (M
 * bounds need a step DTrace's lquantize refuses: btout-lhist-mega.sh).
 * btout-lhist.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @l = lhist(-5, 0, 100, 10); @l = lhist(150, 0, 100, 10); @l = lhist(35, 0, 100, 10); @l = lhist(35, 0, 100, 10); @l = lhist(36, 0, 100, 10); @k = lhist(2048, 0, 4096, 1024); @k = lhist(5000, 0, 4096, 1024); @k = lhist(100, 0, 4096, 1024); @n = lhist(7, 5, 25, 5); @n = lhist(12, 5, 25, 5); @n = lhist(12, 5, 25, 5); @n = lhist(12, 5, 25, 5); exit(); }
 */
BEGIN { @l = lquantize(-5, 0, 100, 10); @l = lquantize(150, 0, 100, 10); @l = lquantize(35, 0, 100, 10); @l = lquantize(35, 0, 100, 10); @l = lquantize(36, 0, 100, 10); @k = lquantize(2048, 0, 4096, 1024); @k = lquantize(5000, 0, 4096, 1024); @k = lquantize(100, 0, 4096, 1024); @n = lquantize(7, 5, 25, 5); @n = lquantize(12, 5, 25, 5); @n = lquantize(12, 5, 25, 5); @n = lquantize(12, 5, 25, 5); exit(0); }
