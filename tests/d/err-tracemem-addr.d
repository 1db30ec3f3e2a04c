BEGIN
{
	tracemem(execname, 16);
}
