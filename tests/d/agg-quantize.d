#pragma D option quiet

BEGIN
{
	@q = quantize(0);
	@q = quantize(1);
	@q = quantize(3);
	@q = quantize(3);
	@q = quantize(100);
	@l["k"] = lquantize(5, 0, 10, 2);
	@l["k"] = lquantize(7, 0, 10, 2);
	@l["k"] = lquantize(-1, 0, 10, 2);
	exit(0);
}
