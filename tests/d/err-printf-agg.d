#pragma D option quiet

BEGIN
{
	@opens = count();
	printf("opens: %d\n", @opens);
}
