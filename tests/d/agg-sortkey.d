#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	@[3] = sum(5);
	@[1] = sum(9);
	@[2] = sum(1);
	exit(0);
}
