/*
 * timestamp and vtimestamp are constant within one firing, from clause
 * to clause, as DTrace documents.
 */
#pragma D option quiet

BEGIN
{
	t = timestamp;
	v = vtimestamp;
	self->s = strjoin("a", "b");
}

BEGIN
{
	printf("%d %d\n", t == timestamp, v == vtimestamp);
	exit(0);
}
