/*
 * Arithmetic is done in 64 bits, as in DTrace: only storing a value
 * (a variable, a record, a cast) cuts it to its type's size.
 */
#pragma D option quiet

BEGIN
{
	x = 2147483647;
	printf("%d %d %d\n", x + 1 > x, (x + x) / 2 == x, (x * 4) >> 2 == x);
	y = x + 1;
	printf("%d %d\n", y, (int)(x + 1) < 0);
	u = (unsigned int)0;
	printf("%d %u\n", u - 1 > 0, u - 1);
	exit(0);
}
