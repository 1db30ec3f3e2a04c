#pragma D option quiet

/* if/else: guarded assignments and output, nested, with else if. */
BEGIN
{
	x = 3;
	if (x > 2) {
		printf("x > 2\n");
		y = 1;
	} else {
		printf("not printed\n");
		y = 2;
	}
	if (x == 0)
		printf("not printed\n");
	else if (x == 3)
		printf("x == 3\n");
	else
		printf("not printed\n");
	if (y == 1) {
		if (x < 0) {
			z = 10;
		} else {
			z = 20;
			trace("nested ");
		}
	}
	n = 0;
	if (n != 0)
		r = 100 / n;	/* not run: no division by zero */
	printf("y=%d z=%d r=%d\n", y, z, r);
	exit(0);
}
