#pragma D option quiet

BEGIN
{
	@a["x", 1] = count();
	@a["y", 2] = count();
	@a["y", 2] = count();
	@t[1] = sum(5);
	@t[2] = sum(3);
	@t[3] = sum(9);
	@n = sum(100);
	@b = count();
}

BEGIN
{
	printa("%s %d: %@d\n", @a);
	printa(@a);
	trunc(@t, 2);
	printa(@t);
	clear(@t);
	printa(@t);
	normalize(@n, 10);
	printa("n=%@d\n", @n);
	trunc(@b);
	exit(0);
}
