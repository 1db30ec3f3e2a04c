#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# User memory through copyin( ) and copyinto( ), shown by tracemem( ),
# stringof and pointer loads; a bad kernel address is "invalid address".
set -eu
err=${TMPDIR:-/tmp}/lang-copyin.err
prog=${TMPDIR:-/tmp}/hello.sh
printf '#!/bin/sh\nprintf hello >/dev/null\n' >"$prog"
chmod +x "$prog"
out=$("$DTRACE" -q -c "$prog" -n '
	syscall::write:entry /pid == $target/ {
		tracemem(copyin(arg1, 5), 5);
		this->b = (char *)alloca(8);
		copyinto(arg1, 5, this->b);
		printf("[%s] %c %x %d\n", stringof(this->b),
		    *(char *)copyin(arg1 + 1, 1), *(int *)this->b,
		    *(unsigned char *)(this->b + 4));
	}' 2>"$err")
want='
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 68 65 6c 6c 6f                                   hello
[hello] e 6c6c6568 111'
[ "$out" = "$want" ] || { echo "got '$out'"; cat "$err"; exit 1; }

# Kernel loads are nofault: a bad address is a runtime error.
out=$("$DTRACE" -qn 'BEGIN { trace(*(int *)8); } BEGIN { printf("after\n"); exit(0); }' 2>"$err")
[ "$out" = "after" ] || { echo "got '$out'"; exit 1; }
grep -Eqx 'dtrace: error on enabled probe ID [0-9]+ \(ID [0-9]+: dtrace:::BEGIN\): invalid address \(0x8\) in action #1 at DIF offset [0-9]+' "$err" ||
	{ cat "$err"; exit 1; }
# and so is user memory that is not mapped
out=$("$DTRACE" -qn 'BEGIN { tracemem(copyin(0, 4), 4); } BEGIN { printf("after\n"); exit(0); }' 2>"$err")
[ "$out" = "after" ] || { echo "got '$out'"; exit 1; }
grep -Eq 'invalid address \(0x0\) in action #1' "$err" || { cat "$err"; exit 1; }
