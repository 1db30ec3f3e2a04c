#pragma D option quiet

BEGIN
{
	@calls[execname, 1] = count();
	printa("%-16s %s %@8d\n", @calls);
}
