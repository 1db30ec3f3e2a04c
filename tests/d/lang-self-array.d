/* self-> associative arrays: per thread, tuple keys, 0 frees. */
#pragma D option quiet
self string s[string];

BEGIN
{
	self->a[1, "x"] = 5;
	self->a[2, "y"] = 7;
	self->a[1, "x"] += 1;
	self->a[2, "y"]++;
	self->s["k"] = "str";
	a[1, "x"] = 9;
	printf("%d %d %d [%s] [%s] %d\n", self->a[1, "x"], self->a[2, "y"],
	    self->a[3, "z"], self->s["k"], self->s["none"], a[1, "x"]);
	self->a[1, "x"] = 0;
	printf("%d\n", self->a[1, "x"]);
}

BEGIN
/self->a[2, "y"] == 8/
{
	printf("seen in the next clause\n");
}

END
{
	printf("END: %d %d\n", self->a[1, "x"], self->a[2, "y"]);
}

BEGIN
{
	exit(0);
}
