#pragma D option quiet

BEGIN
{
	v = (char long)arg0;
	exit(0);
}
