#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The command's layering (Documentation/architecture.md): a file under
# user/ may use its own folder and the folders below it, never above.
#
#   cmd        everything
#   bpftrace   d run compile probes types lang   (its grammar builds the
#                                             D AST; its formats and
#                                             values plug into run/)
#   d          compile probes types lang
#   run        compile probes types lang     (records as the compiler laid
#                                             them out)
#   compile    probes types lang       (argument types come from providers)
#   probes     types lang              (fbt's argument types are BTF's)
#   types      lang                    (the kernel's types, from BTF, as
#                                       the compiler's types)
#   lang       (nothing)
#
# Checked twice:
#  - includes: a header of a folder not allowed, a user/ header in angle
#    brackets or through a path ("../run/dt_agg.h"), a circle of headers;
#  - what links: every symbol an object leaves undefined that another
#    object of user/ defines must be defined in an allowed folder (this
#    catches a local prototype too). The objects are OBJ/user/FOLDER/*.o
#    of the sources that exist, and OBJ/build/gen/*.o (the grammars).
# Besides, only bpftrace/ and its entry in cmd/ (dt_btargs.[ch], and
# dt_langs.c, the list of languages) name bpftrace.
#
# Usage: check-layers.sh [USERDIR [OBJDIR]]; by default the tree's user/
# and build/obj. Prints each violation and circle; exits 1 if any.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
udir=${1:-$top/user}
odir=${2:-$top/build/obj}
cd "$udir" || exit 2

declare -A allowed=(
	[cmd]="cmd bpftrace d run compile probes types lang"
	[bpftrace]="bpftrace d run compile probes types lang"
	[d]="d compile probes types lang"
	[run]="run compile probes types lang"
	[compile]="compile probes types lang"
	[probes]="probes types lang"
	[types]="types lang"
	[lang]="lang"
)

# Which folder holds each header; generated headers and sources belong
# to their front end.
declare -A home=(
	[dt_grammar.h]=d [dt_lex.h]=d [bt_grammar.h]=bpftrace [bt_lex.h]=bpftrace
)
declare -A genhome=(
	[dt_grammar]=d [dt_lex]=d [bt_grammar]=bpftrace [bt_lex]=bpftrace
)
for h in */*.h; do
	home[${h#*/}]=${h%%/*}
done

bad=0
declare -A edges=()
for f in */*.[chyl]; do
	dir=${f%%/*}
	[ -n "${allowed[$dir]+x}" ] || { echo "$f: folder $dir has no layer"; bad=1; continue; }
	while IFS= read -r line; do
		case $line in
		*'<'*'>'*)
			inc=${line#*<}; inc=${inc%%>*}
			if [ -n "${home[${inc##*/}]-}" ] && [ "${inc##*/}" = "$inc" ]; then
				echo "$f includes <$inc>: a header of user/ in angle brackets"
				bad=1
			fi
			continue ;;
		esac
		inc=${line#*\"}; inc=${inc%%\"*}
		if [ "${inc##*/}" != "$inc" ] && [ -n "${home[${inc##*/}]-}" ]; then
			echo "$f includes \"$inc\": a header of user/ by its path"
			bad=1
			continue
		fi
		to=${home[$inc]-}
		[ -n "$to" ] || continue	# include/, dif/, the harness
		if [[ " ${allowed[$dir]} " != *" $to "* ]]; then
			echo "$f includes $to/$inc: $dir may not include $to"
			bad=1
		fi
		case $f in *.h) edges[${f#*/}]+=" $inc" ;; esac
	done < <(grep -E '^#[[:space:]]*include[[:space:]]*["<]' "$f")
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

# What links. nm -P: "NAME TYPE ...": U undefined; an upper-case letter
# other than U defines a global; lower case is the object's own.
declare -A src=()	# object -> its source, for the messages
objs=()
for f in */*.c; do
	o=$odir/user/${f%.c}.o
	[ -f "$o" ] || { echo "$f: no object $o (run make)"; bad=1; continue; }
	src[$o]=$f
	objs+=("$o")
done
for g in "${!genhome[@]}"; do
	o=$odir/build/gen/$g.o
	[ -f "$o" ] || { echo "$g.c: no object $o (run make)"; bad=1; continue; }
	src[$o]=${genhome[$g]}/$g.y
	objs+=("$o")
done

declare -A defdir=() deffile=()
while read -r o name type _; do
	case $type in U|[a-z]) continue ;; esac
	f=${src[$o]}
	defdir[$name]=${f%%/*}
	deffile[$name]=$f
done < <(nm -A -P --defined-only "${objs[@]}" | sed 's/: / /')

nsym=0
while read -r o name _; do
	to=${defdir[$name]-}
	[ -n "$to" ] || continue	# libc, libbpf, dif/
	f=${src[$o]}
	dir=${f%%/*}
	nsym=$((nsym + 1))
	if [[ " ${allowed[$dir]} " != *" $to "* ]]; then
		echo "$f uses $name of ${deffile[$name]}: $dir may not use $to"
		bad=1
	fi
done < <(nm -A -P -u "${objs[@]}" | sed 's/: / /')

# The folders that name no language but D: what they need of another
# comes through an interface (compile/dt_frontend.h and its extension
# table, compile/dt_funcext.h; run/dt_format.h, run/dt_valext.h,
# lang/dt_options.h's struct dt_optlang).
for f in compile/* d/* lang/* probes/* run/* types/*; do
	[ -f "$f" ] || continue
	grep -qi bpftrace "$f" || continue
	echo "$f names bpftrace: ${f%%/*} knows D only"
	bad=1
done
# cmd/ reaches bpftrace through its entry (dt_cmdlang.h's struct
# dt_cmdlang, filled in by dt_btargs.c) and the list of languages.
for f in cmd/*; do
	case $f in cmd/dt_btargs.[ch]|cmd/dt_langs.c) continue ;; esac
	[ -f "$f" ] || continue
	grep -qi bpftrace "$f" || continue
	echo "$f names bpftrace: only its entry (dt_btargs.[ch]) and dt_langs.c may"
	bad=1
done

[ $bad = 0 ] && echo "layering: ok (${#home[@]} headers, ${#objs[@]} objects, $nsym references)"
exit $bad
