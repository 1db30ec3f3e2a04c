#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=ascii

/*
 * -x aggpack: quantize( ) and lquantize( ) on one line per key, as
 * illumos' dtrace packs them. The expected output follows its rules: a
 * header with the range's ends and a '-' per row; quantize( ) shows the
 * rows any key used and one either side, lquantize( ) all of its rows;
 * each row a glyph of "__xxxxXX" (negative "vvvvVV") by its count * 7
 * (5) / the line's total, rounded, blank for 0; then the total count.
 */
BEGIN
{
	@q[1] = quantize(1);
	@q[1] = quantize(2);
	@q[1] = quantize(3);
	@q[2] = quantize(8);
	@l = lquantize(-1, 0, 10, 5);
	@l = lquantize(7, 0, 10, 5);
	@l = lquantize(7, 0, 10, 5);
	@l = lquantize(7, 0, 10, 5);
	@l = lquantize(30, 0, 10, 5);
	exit(0);
}
