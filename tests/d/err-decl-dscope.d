/* D` holds only the script's types: the kernel's sk_buff is not one. */
struct point {
	int x;
};

BEGIN
{
	trace(sizeof (struct D`point));
	trace(sizeof (struct D`sk_buff));
}
