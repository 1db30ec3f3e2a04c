#pragma D option quiet

/* printa() of several aggregations joins them by key. */
BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
	@s["a"] = sum(10);
	@s["c"] = sum(7);
}

BEGIN
{
	printa("%s %@d %@d\n", @c, @s);
	printa(@c, @s);
	exit(0);
}
