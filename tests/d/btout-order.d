#pragma D option oformat=bpftrace
/*
 * At exit, aggregations in byte order of their names.
 * btout-order.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @zz = count(); @b = count(); @a1 = sum(1); @A = count(); @_x = count(); @ = sum(4); @a[2] = count(); exit(); }
 */
BEGIN { @zz = count(); @b = count(); @a1 = sum(1); @A = count(); @_x = count(); @ = sum(4); @a[2] = count(); exit(0); }
