#pragma D option quiet

BEGIN
{
	printf("%d|%i|%u|%o|%x|%X|%c|%%\n", -5, 42, 42, 8, 255, 255, 65);
	printf("%5d|%-5d|%05d|%+d|% d\n", 42, 42, 42, 42, 42);
	printf("%*d|%-*d|%.3d\n", 6, 7, 4, 8, 9);
	printf("%#x|%#o|%x\n", 255, 8, -1);
	printf("%u|%lu|%hhd|%hd\n", -1, -1, 257, 65537);
	printf("%s|%10s|%-10s|\n", "a", "b", "c");
	printf("%.2f|%e|%g\n", 3, 100, 5);
	printf("%p\n", 4096);
	printf("[%S]|[%6S]|%A\n", "tab\there\n", "\\", 4096);
	exit(0);
}
