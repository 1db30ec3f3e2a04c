#pragma D option quiet

BEGIN
{
	a = 7;
	b = -3;
	printf("%d %d %d %d %d\n", a + b, a - b, a * b, a / b, a % b);
	printf("%d %d %d\n", a << 2, -16 >> 2, (unsigned)-16 >> 28);
	printf("%d %d %d %d\n", a & 3, a | 8, a ^ 5, ~a);
	printf("%d %d %d\n", a > b, a == 7 && b < 0, !(a != 7) || 0);
	printf("%d %d\n", 1 + 2 * 3 - 4 / 2, (1 + 2) * (3 - 4) / 2);
	printf("%d %d\n", a > 0 ? 10 : 20, b > 0 ? 10 : 20);
	printf("%d %d\n", 2147483647 + 1, 0x7fffffffffffffff);
	printf("%d %u %x\n", (char)300, (unsigned char)-1, (short)-1);
	printf("%d %d\n", sizeof (int), sizeof (long long));
	exit(0);
}
