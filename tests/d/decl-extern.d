/*
 * extern declarations and prototypes declare nothing D keeps; enumerators
 * take constant expressions and the values before them.
 */
#pragma D option quiet

extern int nr_threads;
extern int printk(const char *, ...);
extern void *table[], *grid[4][4];
extern total;
int helper(void);
int (*handler)(int, char **);

enum flags { F_A = 1 << 3, F_B = F_A, F_C = -2 * 3, F_D, F_E = F_A * 2 + F_D };
int table4[F_A - 4];

struct ops {
	int (*open)(void);
	long count;
};

BEGIN
{
	printf("%d %d %d %d %d %d\n", F_A, F_B, F_C, F_D, F_E,
	    offsetof(struct ops, count));
	table4[3] = 1;
	exit(0);
}
