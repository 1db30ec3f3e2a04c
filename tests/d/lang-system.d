#pragma D option quiet
BEGIN
{
	printf("before\n");
	system("echo hello %d from %s", 42, "sh");
	printf("after\n");
	exit(0);
}
