#pragma D option quiet

BEGIN
{
	x = 5;
	printf("begin\n");
	exit(0);
}

END
{
	printf("end x=%d\n", x);
}
