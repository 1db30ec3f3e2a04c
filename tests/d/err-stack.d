BEGIN
{
	stack();
}
