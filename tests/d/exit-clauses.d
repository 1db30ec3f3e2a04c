/*
 * exit() records the status and tells the consumer to stop; it does not
 * end the firing. As DTrace documents exit() ("the DTrace consumer ...
 * ceases tracing"), the actions after it and the later clauses enabled on
 * the same probe still run in that firing; no later firing comes.
 */
#pragma D option quiet

tick-10hz
{
	n++;
	exit(4);
	printf("same clause %d\n", n);
}

tick-10hz
{
	printf("next clause %d\n", n);
}

END
{
	printf("end %d\n", n);
}
