/* A bad declaration comes first, even with no clause at all. */
int total;
uint64_t total;
