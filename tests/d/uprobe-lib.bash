# SPDX-License-Identifier: GPL-2.0
# Sourced by the uprobe-* tests (not a test itself).
#
# dt_start DIR ARGS...: run dtrace with ARGS in the background, stdout
# to DIR/out and stderr to DIR/err, its pid in $dt; return once its
# program's BEGIN has printed the first line (tracing has started).
dt_start()
{
	local d=$1 i

	shift
	"$DTRACE" "$@" >"$d/out" 2>"$d/err" &
	dt=$!
	for i in $(seq 100); do
		[ -s "$d/out" ] && return 0
		sleep 0.1
	done
	echo "dtrace did not start"; cat "$d/err"; return 1
}
