typedef struct a { int x; } a_t;
translator a_t < a_t *A > { x = xlate <a_t *> (A)->x; };
BEGIN { trace(xlate <a_t *> ((a_t *)0)->x); }
