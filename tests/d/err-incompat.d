BEGIN
{
	x = "a";
	x = 1;
}
