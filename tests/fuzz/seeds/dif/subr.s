Aldb arg0, %r1
ldb arg1, %r2
pushtv %r1
pushtv %r2
pushtv %r3
call substr, %r4
pushtv %r4
sets "/", %r5
pushtv %r5
call strtok, %r6
pushtv %r6
call basename, %r7
pushtv %r7
call dirname, %r8
ret %r8