#pragma D option quiet

/*
 * if blocks the module skips: what they print, aggregate and exit, one
 * nested in another, and statements after a skipped action.
 */
BEGIN
{
	x = 3;
	if (x > 5) {
		@never[x] = count();
		printf("not printed %d\n", x);
	}
	if (x > 1) {
		printf("taken %d\n", x);
		@both["then"] = sum(x);
	} else {
		printf("not printed %d\n", x);
		@both["else"] = sum(x);
	}
	if (x < 1) {
		@both["never"] = sum(1);
	} else {
		@both["else2"] = sum(10);
	}
	if (x > 0) {
		if (x > 2) {
			printf("nested %d\n", x * 10);
			if (x > 100)
				@never[0] = count();
		} else {
			printf("not printed\n");
		}
		self->t = 1;
	}
	self->after = 7;
}

BEGIN
{
	printf("t=%d after=%d\n", self->t, self->after);
}

BEGIN
{
	if (x == 4)
		exit(1);
	else if (x == 3) {
		printf("exit %d\n", x);
		exit(0);
	}
	printf("after exit\n");
}

END
{
	printf("end\n");
}
