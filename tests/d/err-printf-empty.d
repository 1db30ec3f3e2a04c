#pragma D option quiet

BEGIN
{
	printf("");
}
