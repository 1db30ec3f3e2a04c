/* Variables and array values declared with pointer types. */
#pragma D option quiet
self int *p;
char **q;
int *a[int];
BEGIN { self->p = (int *)alloca(8); *self->p = 5; q = (char **)0; a[1] = self->p; printf("%d %d %d\n", *self->p, q == 0, *a[1]); exit(0); }
