#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The layering check's own test: each way around it, planted in a
# scratch copy of user/ and of its objects, must make check-layers.sh
# fail with a line naming the file and what it uses.
#
# Usage: check-layers-test.sh [OBJDIR] (build/obj by default; the
# command must be built). Prints "ok" or "FAIL" per plant; exits 1 on
# any failure.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
odir=${1:-$top/build/obj}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

fresh() {
	rm -rf "$tmp/user" "$tmp/obj"
	cp -r "$top/user" "$tmp/user"
	mkdir -p "$tmp/obj/user" "$tmp/obj/build"
	cp -r "$odir/user/." "$tmp/obj/user/"
	cp -r "$odir/build/gen" "$tmp/obj/build/"
}

fails=0
expect() { # NAME EXPECTED-LINE
	local out rc
	out=$("$top/tests/check-layers.sh" "$tmp/user" "$tmp/obj" 2>&1)
	rc=$?
	if [ $rc = 1 ] && grep -qxF -- "$2" <<<"$out"; then
		echo "ok: $1"
	else
		echo "FAIL: $1: exit $rc, no line: $2"
		fails=$((fails + 1))
	fi
}

fresh
echo '#include "dt_consume.h"' >>"$tmp/user/compile/dt_fold.c"
expect "an include from above" \
	"compile/dt_fold.c includes run/dt_consume.h: compile may not include run"

fresh
echo '#include <dt_consume.h>' >>"$tmp/user/compile/dt_fold.c"
expect "an include in angle brackets" \
	"compile/dt_fold.c includes <dt_consume.h>: a header of user/ in angle brackets"

fresh
echo '#include "../run/dt_agg.h"' >>"$tmp/user/compile/dt_lower.c"
expect "an include by its path" \
	'compile/dt_lower.c includes "../run/dt_agg.h": a header of user/ by its path'

# A local prototype: no include at all, only the symbol shows it.
fresh
cat >"$tmp/user/lang/dt_plant.c" <<'EOC'
void dt_cmd_catch_signals(void);
void dt_plant(void);
void dt_plant(void)
{
	dt_cmd_catch_signals();
}
EOC
cc -c -o "$tmp/obj/user/lang/dt_plant.o" "$tmp/user/lang/dt_plant.c" || exit 2
expect "a local prototype" \
	"lang/dt_plant.c uses dt_cmd_catch_signals of cmd/dt_run.c: lang may not use cmd"

fresh
echo '/* as bpftrace prints it */' >>"$tmp/user/run/dt_text.c"
expect "a language named below it" \
	"run/dt_text.c names bpftrace: run knows D only"

fresh
echo '/* for the bpftrace front end */' >>"$tmp/user/compile/dt_funcext.h"
expect "a language named in the compiler" \
	"compile/dt_funcext.h names bpftrace: compile knows D only"

fresh
echo '/* as bpftrace has it */' >>"$tmp/user/cmd/dt_run.c"
expect "a language named in cmd/ outside its entry" \
	"cmd/dt_run.c names bpftrace: only its entry (dt_btargs.[ch]) and dt_langs.c may"

[ $fails = 0 ] && echo "check-layers-test: 7 plants caught"
exit $((fails != 0))
