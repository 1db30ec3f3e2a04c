/*
 * A clause-local array starts zeroed in every clause of a firing: the
 * scratch it lives in lasts one clause.
 */
#pragma D option quiet
this int a[2];

BEGIN
{
	this->a[0] = 7;
}

BEGIN
{
	s = strjoin("ab", "cd");
	this->a[1] = 3;
	printf("%d %d %s\n", this->a[0], this->a[1], s);
	exit(0);
}
