#pragma D option quiet

BEGIN
{
	trace(42);
	trace(" ");
	trace("str");
	trace("\n");
	exit(0);
}
