/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The distributions at the ends of int64: INT64_MIN in quantize's lowest
 * bucket (it once indexed bucket -1, 32 GiB past the value), INT64_MAX
 * in its highest, and both ends beyond lquantize's and llquantize's.
 */
#pragma D option quiet

BEGIN
{
	@qmin = quantize(-9223372036854775807 - 1);
	@qmax = quantize(9223372036854775807);
	@l = lquantize(-9223372036854775807 - 1, -10, 10, 5);
	@l = lquantize(9223372036854775807, -10, 10, 5);
	@ll = llquantize(-9223372036854775807 - 1, 1000, 5, 5, 1);
	@ll = llquantize(9223372036854775807, 1000, 5, 5, 1);
	exit(0);
}
