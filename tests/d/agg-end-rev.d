#pragma D option quiet
#pragma D option aggsortrev

/* Under aggsortrev the aggregations print at the end last first. */
BEGIN
{
	@a = count();
	@b = sum(5);
	@c[1] = max(7);
	@c[2] = max(9);
	exit(0);
}
