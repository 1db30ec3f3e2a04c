#pragma D option quiet

/*
 * When tracing stops DTrace writes one newline, even under -q with
 * nothing else to print.
 */
BEGIN
{
	exit(0);
}
