#pragma D option oformat=bpftrace
/*
 * Scalar aggregations sort by value (avg and stats by the average); strings print bare; @ is the anonymous one.
 * btout-scalars.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @c["b"] = count(); @c["a"] = count(); @c["a"] = count(); @c["c"] = count(); @c["c"] = count(); @c["c"] = count(); @s[3, "z"] = sum(30); @s[1, "y"] = sum(-5); @s[2, "x"] = sum(10); @mn["p"] = min(7); @mn["p"] = min(3); @mn["q"] = min(4); @mx["p"] = max(7); @mx["q"] = max(9); @mx["r"] = max(1); @v["a"] = avg(10); @v["a"] = avg(5); @v["b"] = avg(-7); @v["c"] = avg(100); @st["x"] = stats(10); @st["x"] = stats(21); @st["y"] = stats(1); @ = count(); exit(); }
 */
BEGIN { @c["b"] = count(); @c["a"] = count(); @c["a"] = count(); @c["c"] = count(); @c["c"] = count(); @c["c"] = count(); @s[3, "z"] = sum(30); @s[1, "y"] = sum(-5); @s[2, "x"] = sum(10); @mn["p"] = min(7); @mn["p"] = min(3); @mn["q"] = min(4); @mx["p"] = max(7); @mx["q"] = max(9); @mx["r"] = max(1); @v["a"] = avg(10); @v["a"] = avg(5); @v["b"] = avg(-7); @v["c"] = avg(100); @st["x"] = stats(10); @st["x"] = stats(21); @st["y"] = stats(1); @ = count(); exit(0); }
