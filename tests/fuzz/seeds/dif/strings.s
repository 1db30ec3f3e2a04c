Aldb execname, %r1
pushtv %r1
call strlen, %r2
sets "abc", %r3
pushtv %r1
pushtv %r3
call strjoin, %r4
pushtv %r4
call toupper, %r5
scmp %r5, %r3, %r6
ret %r5