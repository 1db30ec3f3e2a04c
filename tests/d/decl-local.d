/*
 * Clause-local arrays and structs: zeroed scratch taken at their first
 * use in the clause, indexed and reached by member.
 */
#pragma D option quiet
struct pt { int x; long y; };
this int a[4];
this struct pt p;
this struct { char c[8]; union { int n; short h[2]; }; } u;

BEGIN
{
	i = 2;
	this->a[0] = 5;
	this->a[i] = this->a[0] + 1;
	this->p.x = 3;
	this->p.y = this->a[i] * 1000;
	this->u.c[0] = 'o';
	this->u.c[1] = 'k';
	this->u.n = -1;
	printf("%d %d %d %d\n", this->a[0], this->a[1], this->a[2],
	    this->a[3]);
	printf("%d %d %s %d %d\n", this->p.x, this->p.y,
	    stringof(this->u.c), this->u.h[1], sizeof (this->u));
	exit(0);
}
