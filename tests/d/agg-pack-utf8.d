#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=utf8

/*
 * -x encoding=utf8: aggpack's glyphs are Unicode's blocks U+2581 to
 * U+2588 (count * 7 / total, rounded, above the lowest), and a full
 * distribution's bars whole blocks (U+2588) and a last one of eighths
 * (U+258F down to U+2589), as illumos draws them. llquantize( ) is
 * never packed. 1 of 3 is 13 1/3 columns: 13 whole and 2 eighths
 * (U+258E); 2 of 3 is 26 2/3: 26 and 5 eighths (U+258B).
 */
BEGIN
{
	@q[1] = quantize(1);
	@q[1] = quantize(2);
	@q[1] = quantize(3);
	@q[2] = quantize(8);
	@ll = llquantize(1, 10, 0, 1, 10);
	@ll = llquantize(5, 10, 0, 1, 10);
	@ll = llquantize(5, 10, 0, 1, 10);
	exit(0);
}
