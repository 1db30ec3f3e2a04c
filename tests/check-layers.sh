#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The command's layering (Documentation/architecture.md): a file under
# user/ may include headers of its own folder and of the folders below
# it, never above; and no header includes, through others, itself.
#
#   cmd        everything
#   bpftrace   d compile probes types lang   (its grammar builds the D AST)
#   d          compile probes types lang
#   run        compile probes types lang     (records as the compiler laid
#                                             them out)
#   compile    probes types lang       (argument types come from providers)
#   probes     types lang              (fbt's argument types are BTF's)
#   types      lang                    (the kernel's types, from BTF, as
#                                       the compiler's types)
#   lang       (nothing)
#
# Prints each violation and circle; exits 1 if there is any.
set -u
cd "$(dirname "$0")/../user" || exit 2

declare -A allowed=(
	[cmd]="cmd bpftrace d run compile probes types lang"
	[bpftrace]="bpftrace d compile probes types lang"
	[d]="d compile probes types lang"
	[run]="run compile probes types lang"
	[compile]="compile probes types lang"
	[probes]="probes types lang"
	[types]="types lang"
	[lang]="lang"
)

# Which folder holds each header; generated headers belong to their
# front end.
declare -A home=(
	[dt_grammar.h]=d [dt_lex.h]=d [bt_grammar.h]=bpftrace [bt_lex.h]=bpftrace
)
for h in */*.h; do
	home[${h#*/}]=${h%%/*}
done

bad=0
declare -A edges=()
for f in */*.[chyl]; do
	dir=${f%%/*}
	[ -n "${allowed[$dir]+x}" ] || { echo "$f: folder $dir has no layer"; bad=1; continue; }
	for inc in $(sed -n 's/^#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
		to=${home[$inc]-}
		[ -n "$to" ] || continue	# include/, dif/, the harness
		if [[ " ${allowed[$dir]} " != *" $to "* ]]; then
			echo "$f includes $to/$inc: $dir may not include $to"
			bad=1
		fi
		case $f in *.h) edges[${f#*/}]+=" $inc" ;; esac
	done
done

# Circles among headers: a depth-first walk from each.
declare -A state=()
walk() { # HEADER PATH
	local h=$1 n
	state[$h]=1
	for n in ${edges[$h]-}; do
		[ -n "${home[$n]-}" ] || continue
		if [ "${state[$n]-0}" = 1 ]; then
			echo "include circle: $2 -> $n"
			bad=1
		elif [ "${state[$n]-0}" = 0 ]; then
			walk "$n" "$2 -> $n"
		fi
	done
	state[$h]=2
}
for h in "${!home[@]}"; do
	[ "${state[$h]-0}" = 0 ] && walk "$h" "$h"
done

[ $bad = 0 ] && echo "layering: ok (${#home[@]} headers)"
exit $bad
