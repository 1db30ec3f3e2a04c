/*
 * Declarations as DTrace takes them: comma lists, implicit int, fixed
 * arrays (global and self, indexed by constants and by variables),
 * untagged structs and unions, typedefs of them.
 */
#pragma D option quiet
int a[5], n, *ip;
string names[3];
self int depth[4];
self x;
struct { int lo; union { long l; char c[8]; }; } *p;
typedef struct { int z; long w; } pair_t, *pairp_t;

BEGIN
{
	a[0] = 10;
	a[4] = 14;
	n = 2;
	a[n] = 12;
	a[n + 1] += 3;
	self->depth[n]++;
	self->depth[n]++;
	self->x = a[n] + 1;
	names[1] = "one";
	printf("%d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4]);
	printf("%d %d [%s] [%s]\n", self->depth[2], self->x, names[0],
	    names[1]);
	printf("%d %d %d\n", sizeof (pair_t), offsetof(pair_t, w),
	    sizeof (*p));
	this->q = (pairp_t)alloca(sizeof (pair_t));
	this->q->w = 7;
	printf("%d\n", this->q->w);
	exit(0);
}
