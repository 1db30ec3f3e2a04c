#pragma D option quiet

tick-1s
{
	normalize(sum(arg0), 1000);
}
