/*
 * Structs and unions as the values of global, self-> and associative
 * array variables: member stores (a bit-field and an array member's
 * element too) and loads, whole assignment between them, from memory
 * and into a this-> struct, sizeof, an unset one read as zeroes, and
 * print( ) and trace( ) of one whole.
 */
struct pt {
	int x;
	int y;
	char tag[4];
	unsigned int flag : 1;
};

union word {
	uint32_t w;
	uint8_t b[4];
};

struct pt g;
self struct pt sv;
struct pt a[int];
union word u;

BEGIN
{
	g.x = 1;
	g.y = -2;
	g.tag[0] = 'h';
	g.tag[1] = 'i';
	g.flag = 3;
	printf("g: %d %d %s %d %d\n", g.x, g.y, stringof(g.tag), g.flag, sizeof (g));

	self->sv = g;
	self->sv.x = 10;
	printf("self: %d %d, g.x %d\n", self->sv.x, self->sv.y, g.x);

	a[1] = self->sv;
	a[2] = g;
	a[2].y = 20;
	printf("a: %d %d %d %d\n", a[1].x, a[1].y, a[2].x, a[2].y);

	this->p = (struct pt *)alloca(sizeof (struct pt));
	this->p->x = 7;
	this->p->y = 8;
	g = *this->p;
	b[3] = *this->p;
	printf("from memory: %d %d %s, b[3].y %d\n", g.x, g.y, stringof(g.tag), b[3].y);

	this->s = a[1];
	this->s.y = 99;
	printf("this: %d %d, a[1].y %d\n", this->s.x, this->s.y, a[1].y);

	u.w = 0x01020304;
	printf("union: %d %d %d\n", u.b[0], u.b[3], sizeof (u));
	printf("unset: %d %d\n", a[5].x, sizeof (a[5]));

	print(a[2]);
	trace(a[1]);
	exit(0);
}
