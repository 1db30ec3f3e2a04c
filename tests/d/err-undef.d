BEGIN
{
	trace(y);
}
