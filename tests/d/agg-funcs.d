#pragma D option quiet

/* Every scalar aggregating function, printed at exit as DTrace does. */
BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
	@s[1] = sum(10);
	@s[1] = sum(-3);
	@s[2] = sum(5);
	@mn = min(5);
	@mn = min(-2);
	@mn = min(9);
	@mx = max(5);
	@mx = max(-2);
	@mx = max(9);
	@av = avg(1);
	@av = avg(2);
	@av = avg(6);
	@sd = stddev(2);
	@sd = stddev(4);
	@sd = stddev(4);
	@sd = stddev(4);
	@sd = stddev(5);
	@sd = stddev(5);
	@sd = stddev(7);
	@sd = stddev(9);
	exit(0);
}
