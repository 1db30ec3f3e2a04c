A.var global 0 array int
.var thread 1 int
.var global 2 string
ldb arg0, %r1
pushts %r1, 16
pushtv %r2
ldga 0, %r3
addi %r3, 1, %r3
pushts %r1, 16
pushtv %r2
stga %r3, 0
ldts 1, %r4
addi %r4, 1, %r4
stts %r4, 1
stgs %r1, 2
ldgs 2, %r5
ret %r5