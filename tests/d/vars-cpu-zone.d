/*
 * zonename and pset, constants; ipl 0 in BEGIN (the consumer's ioctl, a
 * task) and 2 in profile-97 (a hard hrtimer interrupt, on PREEMPT_RT
 * too); chip and lgrp of CPU 0, the one package and node of the guest.
 */
#pragma D option quiet

int done;

BEGIN
{
	printf("%s %d %d\n", zonename, pset, ipl);
}

profile-97
/cpu == 0 && !done/
{
	done = 1;
	printf("%d %d %d\n", chip, lgrp, ipl);
	exit(0);
}
