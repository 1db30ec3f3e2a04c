Aldb arg0, %r1
pushtv %r1
call lltostr, %r2
pushtv %r1
call htonll, %r3
pushtv %r2
sets "1", %r4
pushtv %r4
call index, %r5
pushtv %r2
pushtv %r4
call strstr, %r6
ldba args[%r5], %r7
ret %r6