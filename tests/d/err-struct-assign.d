/*
 * A struct variable takes only a struct of its own type: DTrace's
 * D_OP_INCOMPAT, as for any other assignment of an incompatible type.
 */
struct pt {
	int x;
	int y;
};

struct other {
	int x;
	int y;
};

struct pt g;

BEGIN
{
	this->o = (struct other *)alloca(sizeof (struct other));
	g = *this->o;
	exit(0);
}
