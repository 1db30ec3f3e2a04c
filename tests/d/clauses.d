#pragma D option quiet

BEGIN
{
	n = 1;
}

BEGIN
/n == 1/
{
	printf("second clause sees n=%d\n", n);
	n = 2;
}

BEGIN
/n == 1/
{
	printf("not printed\n");
}

BEGIN,
END
{
	printf("%s\n", probename);
}

BEGIN
{
	exit(n);
}
