/* chill( ) with -w via the pragma; more than 500 ms a second faults. */
#pragma D option destructive
#pragma D option quiet

BEGIN
{
	chill(1000);
	printf("chilled\n");
}

BEGIN
{
	chill(600000000);
	printf("never\n");
}

BEGIN
{
	exit(0);
}
