#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -C runs cpp over the script, with -D and -U; without -C a directive
# is an error.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/cpp.h" <<'H'
#define TWICE(x) ((x) * 2)
H
cat >"$d/cpp.d" <<'D'
#include "cpp.h"
BEGIN
{
	printf("%d %d\n", TWICE(VAL), TWICE(21));
	exit(0);
}
D
out=$(cd "$d" && "$DTRACE" -C -DVAL=4 -q -s cpp.d)
[ "$out" = "8 42" ] || { echo "got '$out'"; exit 1; }
err=$(cd "$d" && "$DTRACE" -q -s cpp.d 2>&1 >/dev/null) && exit 1
[ "$err" = 'dtrace: failed to compile script cpp.d: line 1: invalid control directive: #include "cpp.h" (use -C to run the preprocessor)' ] ||
	{ echo "got '$err'"; exit 1; }
# line markers keep error lines those of the script
printf '#include "cpp.h"\n\nBEGIN\n{\n\ttrace(TWICE(y));\n}\n' >"$d/cpp2.d"
err=$(cd "$d" && "$DTRACE" -C -e -s cpp2.d 2>&1) && exit 1
[ "$err" = "dtrace: failed to compile script cpp2.d: line 5: failed to resolve y: Unknown variable name" ] ||
	{ echo "got '$err'"; exit 1; }
# System headers see the architecture's macros (no -undef), as with cc;
# the bare names linux and unix stay D identifiers.
cat >"$d/cpp3.d" <<'D'
#include <sys/syscall.h>
#include <linux/errno.h>
#if defined(__x86_64__) && defined(__linux__) && defined(__SUNW_D)
BEGIN
{
	linux = SYS_openat;
	printf("%d %d\n", linux, EAGAIN);
	exit(0);
}
#endif
D
out=$(cd "$d" && "$DTRACE" -C -q -s cpp3.d)
[ "$out" = "257 11" ] || { echo "got '$out'"; exit 1; }
