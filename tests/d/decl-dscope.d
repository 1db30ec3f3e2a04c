/* D` scopes the script's own types and D's, as DTrace's module D does. */
#pragma D option quiet

struct point {
	int x;
	int y;
};
union word {
	char c;
	long l;
};
typedef short half_t;

BEGIN
{
	printf("%d %d %d %d %d %d\n", sizeof (struct D`point),
	    offsetof(struct D`point, y), sizeof (union D`word),
	    sizeof (D`half_t), sizeof (D`int), sizeof (D`uint8_t));
	printf("%d\n", (D`uint16_t)0x12345);
	exit(0);
}
