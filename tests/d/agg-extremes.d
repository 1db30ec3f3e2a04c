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
	@ll = llquantize(-9223372036854775807 - 1, 2, 0, 1, 2);
	@ll = llquantize(9223372036854775807, 2, 0, 1, 2);
	exit(0);
}
