/* A struct definition without its ";" runs into the next one. */
struct point {
	int x;
	int y;
}

struct line {
	struct point *a, *b;
};
