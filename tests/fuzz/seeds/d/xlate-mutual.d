struct a { int x; };
struct b { int y; };
translator struct a < struct b *B > { x = xlate<struct b *>((struct a *)B)->y; };
translator struct b < struct a *A > { y = xlate<struct a *>((struct b *)A)->x; };
BEGIN { trace(xlate<struct a *>((struct b *)0)->x); }
