Aldb arg0, %r1
ldb arg1, %r2
slt %r1, %r2, %r3
bz %r3, out
ldx [%r1+0], %r4
ldub [%r1+1], %r5
add %r4, %r5, %r6
out: ret %r6