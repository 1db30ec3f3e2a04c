#pragma D option quiet

BEGIN
{
	printf("exiting with 3\n");
	exit(3);
}
