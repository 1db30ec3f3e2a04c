#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# print( ): a script's struct, filled in this-> storage, printed member
# by member (signed members in hex at their width, a NULL pointer, a
# char array as a string, an int array, a nested struct), as text and
# as JSON; print(*curthread) by the kernel's BTF, whose pid and comm
# members are dtrace's own; a scalar as its type and value; printsize
# bounding what a struct may copy. A .sh: it compares parts of the
# output (task_struct's other members differ from run to run).
set -eu
prog='
struct in { short x; unsigned short y; };
struct s { char c; int i; long l; int *np; char name[8]; int arr[3];
	struct in in; };
this struct s x;

BEGIN
{
	this->x.c = -1;
	this->x.i = -3;
	this->x.l = 5;
	this->x.np = 0;
	this->x.name[0] = 104;
	this->x.name[1] = 105;
	this->x.name[2] = 0;
	this->x.arr[0] = 1;
	this->x.arr[1] = 2;
	this->x.arr[2] = -1;
	this->x.in.x = -2;
	this->x.in.y = 7;
	print(this->x);
	exit(0);
}'
out=$("$DTRACE" -qn "$prog")
want='struct s {
    c = 0xff
    i = 0xfffffffd
    l = 0x5
    np = NULL
    name = "hi"
    arr = [ 0x1, 0x2, 0xffffffff ]
    in = {
        x = 0xfffe
        y = 0x7
    }
}'
[ "$out" = "$want" ] || { echo "FAIL: text: got:"; printf '%s\n' "$out"; exit 1; }

out=$("$DTRACE" -q -x oformat=json -n "$prog")
want='{"print":{"type":"struct s","value":{"c":-1,"i":-3,"l":5,"np":null,"name":"hi","arr":[1,2,-1],"in":{"x":-2,"y":7}}}}'
case "$out" in
*"$want"*) ;;
*) echo "FAIL: json: got:"; printf '%s\n' "$out"; exit 1 ;;
esac

out=$("$DTRACE" -qn 'BEGIN { printf("%x\n", pid); print(*curthread);
	print(curthread->pid); exit(0); }')
pid=$(printf '%s\n' "$out" | head -1)
line2=$(printf '%s\n' "$out" | sed -n 2p)
[ "$line2" = "struct task_struct {" ] ||
	{ echo "FAIL: curthread: line 2: $line2"; exit 1; }
printf '%s\n' "$out" | grep -qx "    pid = 0x$pid" ||
	{ echo "FAIL: curthread: no pid = 0x$pid"; printf '%s\n' "$out" | head -40; exit 1; }
printf '%s\n' "$out" | grep -qx '    comm = "dtrace"' ||
	{ echo "FAIL: curthread: no comm"; printf '%s\n' "$out" | grep comm; exit 1; }
[ "$(printf '%s\n' "$out" | tail -1)" = "int 0x$pid" ] ||
	{ echo "FAIL: scalar: $(printf '%s\n' "$out" | tail -1)"; exit 1; }

if err=$("$DTRACE" -x printsize=64 -qn 'BEGIN { print(*curthread); }' 2>&1); then
	echo "FAIL: printsize=64 compiled"; exit 1
fi
case "$err" in
*"print( ) of struct task_struct: "*" bytes is more than printsize (64 bytes)"*) ;;
*) echo "FAIL: printsize: $err"; exit 1 ;;
esac
echo ok
