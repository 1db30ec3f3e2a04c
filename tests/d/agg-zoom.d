#pragma D option quiet
#pragma D option aggzoom

/*
 * -x aggzoom: the tallest bar is 95% of the 40 columns, as illumos draws
 * it (its total is the largest count / 0.95): 3 of 3 / 0.95 is 38
 * columns, 1 is 13. Without it the total is the sum: 30 and 10 (agg-hist).
 */
BEGIN
{
	@q = quantize(1);
	@q = quantize(2);
	@q = quantize(3);
	@q = quantize(2);
	exit(0);
}
