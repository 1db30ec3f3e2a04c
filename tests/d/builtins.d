#pragma D option quiet

/* BEGIN fires in the dtrace process itself. */
BEGIN
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	printf("%s %d %d %d\n", execname, id > 0, epid > 0, cpu >= 0);
	printf("%d %d\n", timestamp > 0, walltimestamp > 1000000000000000000);
	printf("%d %d\n", pid > 0, tid > 0);
	exit(0);
}
