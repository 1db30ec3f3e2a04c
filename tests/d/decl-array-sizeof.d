/*
 * sizeof of a global or self fixed array is all of its elements, as C's
 * sizeof and DTrace's: int a[5] is 20 bytes, a string element strsize
 * bytes (DTrace's string type is strsize bytes), an element its type's.
 */
#pragma D option quiet
#pragma D option strsize=32

int a[5];
string names[3];
self char c[7];
long l[2];

BEGIN
{
	printf("%d %d %d %d %d %d\n", sizeof(a), sizeof (names),
	    sizeof(self->c), sizeof(l), sizeof(a[1]), sizeof(string));
	exit(0);
}
