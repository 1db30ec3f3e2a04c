BEGIN
{
	sizes[1] = 2];
}
