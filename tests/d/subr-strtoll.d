/*
 * strtoll( ) as C's and DTrace's: blanks, a sign, 16's "0x", the first
 * character that is no digit of the base; base 10 when not given.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", strtoll("  -42"), strtoll("123abc"),
	    strtoll("0x1F", 16));
	printf("%d %d %d\n", strtoll("777", 8), strtoll("zz", 36),
	    strtoll("", 10));
	s = "1001";
	printf("%d\n", strtoll(s, 2) + 1);
	exit(0);
}
