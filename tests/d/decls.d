/* Declared variables exist, typed and zero, before any assignment. */
int x;
string s;
self int depth;
this char c;
uint64_t total;
int a[string, int];
#pragma D option quiet

BEGIN
{
	printf("%d [%s] %d %d\n", x, s, self->depth, a["k", 1]);
	this->c = 300;
	x = this->c;
	a["k", 1] = 5;
	total += 2;
	printf("%d %d %d\n", x, a["k", 1], total);
	exit(0);
}
