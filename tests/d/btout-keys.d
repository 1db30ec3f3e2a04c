#pragma D option oformat=bpftrace
/*
 * Keys: strings bare, joined by ", ", negative numbers.
 * btout-keys.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @["dtrace", 5] = count(); @s["with space", "q\"x"] = count(); @i[-3] = count(); @i[7] = count(); @i[7] = count(); exit(); }
 */
BEGIN { @["dtrace", 5] = count(); @s["with space", "q\"x"] = count(); @i[-3] = count(); @i[7] = count(); @i[7] = count(); exit(0); }
