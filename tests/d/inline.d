#pragma D option quiet

/* inline names a typed expression, expanded where it is used. */
inline int TWICE = 2 * 21;
inline string WHO = "inline";
inline char SMALL = 300;
inline int MORE = TWICE + 1;

BEGIN
{
	printf("%d %s %d %d\n", TWICE, WHO, SMALL, MORE);
	exit(0);
}
