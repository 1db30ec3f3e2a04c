BEGIN
{
	jstack();
}
