/* The first slice: printf of a folded constant, then exit. */
BEGIN
{
	printf("hello %d\n", 6 * 7);
	exit(0);
}
