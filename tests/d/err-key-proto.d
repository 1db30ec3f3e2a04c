BEGIN
{
	a[1, "x"] = 1;
	trace(a[1, 2]);
}
