#pragma D option quiet

/* exit() inside if blocks: only the block taken exits. */
BEGIN
{
	x = 2;
	if (x > 5)
		exit(9);
	if (x > 1) {
		printf("exiting\n");
		exit(x + 1);
	}
	printf("after\n");
}

END
{
	printf("end\n");
}
