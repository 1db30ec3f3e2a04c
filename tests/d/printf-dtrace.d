/*
 * printf( ) and printa( ) as DTrace has them: %p with its 0x, %? (a
 * pointer's width), %.0s, widths and flags on %@, a '*' width taken from
 * a key, and a distribution inside a printa( ) of several aggregations.
 */
#pragma D option quiet

BEGIN
{
	printf("[%p][%?d][%.0s]\n", 0, 42, "gone");
	@c["a"] = count();
	@c["a"] = count();
	@s["a"] = sum(5);
	@q["a"] = quantize(2);
	@w[4, "ab"] = count();
	exit(0);
}

END
{
	printa("[%s %8@d][%-9@x]\n", @c, @s);
	printa("%s %@d %@d\n", @c, @q);
	printa("[%-*s|%@d]\n", @w);
}
