#pragma D option quiet

/* llquantize(x, factor, low, high, steps): log-linear buckets. */
BEGIN
{
	@ = llquantize(5, 10, 0, 2, 10);
	@ = llquantize(250, 10, 0, 2, 10);
	@ = llquantize(250, 10, 0, 2, 10);
	@ = llquantize(0, 10, 0, 2, 10);
	exit(0);
}
