#pragma D option quiet

/* Aggregations inside if blocks count only when the block is taken. */
BEGIN
{
	x = 1;
	if (x)
		@a["yes"] = count();
	else
		@a["no"] = count();
	@a["always"] = count();
	if (x == 0) {
		@b = sum(100);
	}
	@b = sum(1);
	exit(0);
}
