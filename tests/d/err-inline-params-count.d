inline int twice[int x] = x * 2;

BEGIN
{
	trace(twice[1, 2]);
}
