#pragma D option quiet

/*
 * An inline with parameters, as DTrace's own libraries declare
 * tcp_state_string[] and fds[]: each use is the expression with the
 * arguments in place of the parameters, cast to their types.
 */
inline int twice[int x] = x * 2;
inline string yesno[int v, int w] = v + w > 2 ? "yes" : "no";
inline char low[int x] = x;		/* cast to char: 300 is 44 */
inline int quad[int x] = twice[twice[x]];
inline int fd = 3;			/* a parameter shadows it */
inline int plusfd[int fd] = fd + 1;

BEGIN
{
	printf("%d %s %s %d %d %d %d\n", twice[21], yesno[1, 2], yesno[0, 1],
	    low[300], quad[fd], plusfd[10], twice[fd + 1]);
	exit(0);
}
