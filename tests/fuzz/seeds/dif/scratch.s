Aseti 32, %r1
allocs %r1, %r2
seti 7, %r3
stx %r3, [%r2+8]
stb %r3, [%r2+0]
ldx [%r2+8], %r4
ldb arg0, %r5
seti 8, %r6
copys %r5, %r6, %r7
ldx [%r7+0], %r8
ret %r8