#pragma D option quiet

BEGIN
{
	printf("%5d of %*d\n", 1, 8, 2, 3);
}
