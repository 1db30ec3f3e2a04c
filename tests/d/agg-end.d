#pragma D option quiet

/*
 * At the end, after its newline, DTrace prints the aggregations printa( )
 * did not print back to back, in the order the program first uses them:
 * a scalar on each line, a blank line only before a distribution's
 * header and after its rows.
 */
BEGIN
{
	@a = count();
	@b["x"] = sum(5);
	@b["y"] = sum(2);
	@c = quantize(3);
	@d = avg(4);
	@e = min(-1);
	printa("printa %@d\n", @a);
	exit(0);
}
