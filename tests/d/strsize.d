#pragma D option quiet

/* strings are cut to strsize bytes, NUL included */
BEGIN
{
	s = "abcdefgh";
	printf("%s|%s|%d\n", s, strjoin(s, "xyz"), sizeof (string));
	exit(0);
}
