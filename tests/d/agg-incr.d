/*
 * The increment of quantize( ), lquantize( ) and llquantize( ): a
 * weight, negative ones drawn to the left of '|' as DTrace draws them
 * (each side half as wide when both signs occur).
 */
#pragma D option quiet

BEGIN
{
	@both = quantize(1, 3);
	@both = quantize(8, -2);
	@neg = quantize(2, -5);
	@neg = quantize(3, -1);
	@lin = lquantize(5, 0, 10, 2, 4);
	@lin = lquantize(1, 0, 10, 2);
	@lin = lquantize(1, 0, 10, 2, 1 + 2);
	@log = llquantize(30, 10, 0, 1, 10, 9);
	@log = llquantize(30, 10, 0, 1, 10, -2);
	@log = llquantize(4, 10, 0, 1, 10, -3);
	exit(0);
}
