/*
 * exit(0) in END replaces an earlier exit(3): DTrace's consumer takes
 * the status of the last exit() it consumes, and END's comes last.
 */
#pragma D option quiet

BEGIN
{
	exit(3);
}

END
{
	printf("end\n");
	exit(0);
}
