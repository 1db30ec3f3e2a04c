#pragma D option quiet

/* strings keep strsize characters, as DTrace's (the NUL is not counted) */
BEGIN
{
	s = "abcdefgh";
	printf("%s|%s|%d\n", s, strjoin(s, "xyz"), sizeof (string));
	exit(0);
}
