#pragma D option oformat=bpftrace
/*
 * bpftrace's print(@x, 0, div) is normalize( ), printa( ), denormalize( ):
 * counts, hist rows and averages divided; stats are not; at exit the
 * whole values again.
 * btout-div.out is what Debian's bpftrace 0.17 printed for (tests/btout-capture.sh):
 * bt: BEGIN { @c = count(); @c = count(); @c = count(); print(@c, 0, 2); @h = hist(3); @h = hist(3); @h = hist(3); print(@h, 0, 2); @v = avg(10); print(@v, 0, 3); @st = stats(10); print(@st); exit(); }
 */
BEGIN
{
	@c = count(); @c = count(); @c = count();
	normalize(@c, 2); printa(@c); denormalize(@c);
	@h = quantize(3); @h = quantize(3); @h = quantize(3);
	normalize(@h, 2); printa(@h); denormalize(@h);
	@v = avg(10);
	normalize(@v, 3); printa(@v); denormalize(@v);
	@st = stats(10);
	printa(@st);
	exit(0);
}
