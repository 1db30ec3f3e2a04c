#pragma D option quiet

BEGIN
{
	i = 1;
	i += 4;
	i *= 3;
	i -= 1;
	i <<= 1;
	j = i++;
	k = ++i;
	self->t = 10;
	self->t--;
	this->l = self->t * 2;
	s = "str";
	a[1] = 100;
	a[2] = a[1] + 1;
	n["x", 2] = 7;
	printf("%d %d %d %d %d %s\n", i, j, k, self->t, this->l, s);
	printf("%d %d %d %d\n", a[1], a[2], a[3], n["x", 2]);
	exit(0);
}
