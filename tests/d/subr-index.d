/*
 * index( ) and rindex( ) with a start position: DTrace's answers (the
 * cases of its own test of them).
 */
#pragma D option quiet
#pragma D option strsize=184

BEGIN
{
	x = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#";
	y = "abcdefghijklmnopqrstuvwxyz";
	printf("%d %d %d %d %d %d\n", index(x, y), index(x, y, -1),
	    index(x, y, 0), index(x, y, 1), index(x, y, 100),
	    index(x, y, 200));
	printf("%d %d %d %d %d %d\n", rindex(x, y), rindex(x, y, -1),
	    rindex(x, y, 0), rindex(x, y, 1), rindex(x, y, 70),
	    rindex(x, y, 200));
	x = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz";
	y = "klmnopqrstuvw";
	printf("%d %d %d %d %d\n", index(x, y, 10), index(x, y, 20),
	    index(x, y, 40), index(x, y, 70), index(x, y, 120));
	printf("%d %d %d %d %d\n", rindex(x, y), rindex(x, y, 5),
	    rindex(x, y, 10), rindex(x, y, 40), rindex(x, y, 70));
	printf("%d %d\n", index("", y), rindex(y, ""));
	exit(0);
}
