/* Structs, unions, typedefs and enums declared in the script. */
#pragma D option quiet

struct point {
	short x;
	int y;
};

struct rec {
	char tag;
	struct point pt;
	char name[6];
	struct rec *next;
	uint64_t big;
};

union u {
	int i;
	char c[4];
};

typedef struct rec rec_t;
typedef unsigned char byte;
enum color { RED, GREEN = 5, BLUE, BLACK = -2, WHITE };

BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct point), sizeof (struct rec),
	    sizeof (union u), sizeof (rec_t));
	printf("%d %d %d %d\n", offsetof(struct rec, pt),
	    offsetof(struct rec, name), offsetof(struct rec, next),
	    offsetof(rec_t, big));
	printf("%d %d %d %d %d %d\n", RED, GREEN, BLUE, BLACK, WHITE,
	    sizeof (enum color));
	printf("%d %d\n", sizeof (((rec_t *)0)->name),
	    sizeof (((rec_t *)0)->pt));
	this->r = (rec_t *)alloca(sizeof (rec_t));
	this->r->tag = 'T';
	this->r->pt.x = -3;
	(*this->r).pt.y = 70000;
	this->r->name[0] = 'a';
	*(this->r->name + 1) = 'b';
	this->r->next = this->r;
	this->r->big = 0x1122334455667788;
	printf("%c %d %d %s %d %x\n", this->r->tag, this->r->pt.x,
	    this->r->next->pt.y, stringof(this->r->name),
	    &this->r->pt.y - (int *)this->r, this->r->big);
	this->v = (union u *)this->r->name;
	printf("%x %c\n", this->v->i & 0xffff, this->v->c[1]);
	this->b = (byte *)&this->r->big;
	printf("%x\n", *this->b);
	exit(0);
}
