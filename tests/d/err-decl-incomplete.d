/* A member whose struct comes later has no size yet. */
struct node {
	int key;
	struct payload data;
};

struct payload {
	char bytes[16];
};
