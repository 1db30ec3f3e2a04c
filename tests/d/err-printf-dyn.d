#pragma D option quiet

BEGIN
{
	/* the width is given, the precision is not */
	printf("%-*.*lu|\n", 12);
}
