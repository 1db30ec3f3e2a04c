Aldb arg2, %r1
uldx [%r1+0], %r2
ulduw [%r1+4], %r3
ret %r2