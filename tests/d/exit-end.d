/*
 * exit() in END has the last word on the status, and the clauses after
 * an exit() still run in that firing, as in DTrace.
 */
#pragma D option quiet

BEGIN
{
	exit(3);
}

BEGIN
{
	printf("after exit\n");
}

END
{
	printf("end\n");
	exit(5);
}
