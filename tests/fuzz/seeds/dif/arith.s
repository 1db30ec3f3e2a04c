Aseti -7, %r1
seti 2, %r2
sdiv %r1, %r2, %r3
srem %r1, %r2, %r4
udiv %r1, %r0, %r5
ret %r5