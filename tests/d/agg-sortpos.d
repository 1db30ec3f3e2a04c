#pragma D option quiet
#pragma D option aggsortkeypos=1
#pragma D option aggsortpos=1

/*
 * aggsortkeypos=1: entries of equal value order by the second key first;
 * aggsortpos=1: a printa( ) of two is ordered by the second's values.
 */
BEGIN
{
	@k[1, "b"] = sum(1);
	@k[2, "a"] = sum(1);
	@k[3, "a"] = sum(1);
	@c["x"] = sum(1);
	@c["y"] = sum(2);
	@s["x"] = sum(9);
	@s["y"] = sum(3);
}

BEGIN
{
	printa("%d %s\n", @k);
	printa("%s %@d %@d\n", @c, @s);
	exit(0);
}
