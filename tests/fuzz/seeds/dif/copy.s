Aldb arg2, %r1
seti 16, %r2
pushtv %r1
pushtv %r2
call copyin, %r3
pushtv %r1
call copyinstr, %r4
seti 64, %r5
pushtv %r5
call alloca, %r6
pushtv %r1
pushtv %r2
pushtv %r6
call copyinto, %r7
ldb arg0, %r8
pushtv %r8
pushtv %r6
pushtv %r2
call bcopy, %r9
ret %r4