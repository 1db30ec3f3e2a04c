typedef unsigned int count_t;
typedef long count_t;
