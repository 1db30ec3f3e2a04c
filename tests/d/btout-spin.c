// SPDX-License-Identifier: GPL-2.0
/* Spins in leaf( ) for argv[1] seconds: user stacks for btout-ustack. */
#include <stdlib.h>
#include <time.h>

volatile unsigned long sink;

__attribute__((noinline)) void leaf(void)
{
	for (int i = 0; i < 1000; i++)
		sink += i;
}

__attribute__((noinline)) void mid(void)
{
	leaf();
}

int main(int argc, char **argv)
{
	time_t end = time(NULL) + (argc > 1 ? atoi(argv[1]) : 3);

	while (time(NULL) < end)
		mid();
	return 0;
}
