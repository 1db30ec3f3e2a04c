#pragma D option quiet

BEGIN
{
	buf = alloca(16);
	next = buf + 8;
}
