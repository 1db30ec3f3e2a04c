#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkseeds.sh SRCDIR OUTDIR
#
# The fuzzers' seed corpora, made at build time from the tree and the
# system rather than committed as blobs, into OUTDIR/seeds/NAME:
#   elf, usdt  tests/fuzz/seed_elf.c built small (static and shared,
#              stripped too), and the system's /bin/true
#   maps       this process's /proc/self/maps, with the committed ones
#   tpformat   the committed format files (tests/fuzz/seeds/tpformat)
#   btf        tests/fuzz/seed_btf.c's small BTF (libbpf's writer)
#   d          tests/d/*.d and the -n '...' programs of tests/d/*.sh,
#              with the committed ones (tests/fuzz/seeds/d)
#   bt         the -e '...' programs of tests/d/bt-*.sh, the
#              tests/d/*.bpftrace files, the committed ones
#              (tests/fuzz/seeds/bt) and bpftrace's tools
#              (/usr/sbin/*.bt), if installed
# and OUTDIR/tracefs, a tracefs tree of the committed format files, and
# OUTDIR/kallsyms, a few kernel symbols, for the compilers' fuzzers
# ($DTRACE_TRACEFS, $DTRACE_KALLSYMS): they never look at the system's.
set -eu
src=$1
out=$2
cc=${CC:-cc}
s=$out/seeds
rm -rf "$s" "$out/tracefs"
mkdir -p "$s"/elf "$s"/usdt "$s"/maps "$s"/tpformat "$s"/btf "$s"/d "$s"/bt

ld='-Wl,--build-id -Wl,-z,noseparate-code -Wl,-z,max-page-size=4096 -Wl,-z,norelro'
# shellcheck disable=SC2086 # ld holds several flags
$cc -O1 -nostdlib -static -fno-pie -no-pie $ld -o "$s/elf/static" \
	"$src/tests/fuzz/seed_elf.c"
# shellcheck disable=SC2086
$cc -O1 -nostdlib -shared -fPIC $ld -o "$s/elf/shared.so" \
	"$src/tests/fuzz/seed_elf.c"
strip -o "$s/elf/stripped" "$s/elf/static"
cp "$s/elf/static" "$s/elf/shared.so" "$s/usdt/"
# one real program, if small enough to be worth mutating
t=$(readlink -f /bin/true)
if [ -r "$t" ] && [ "$(stat -c %s "$t")" -le 65536 ]; then
	cp "$t" "$s/elf/true"
fi

$cc -O1 -o "$out/seed_btf" "$src/tests/fuzz/seed_btf.c" -lbpf
"$out/seed_btf" "$s/btf/synthetic"

cat /proc/self/maps >"$s/maps/self"
cp "$src"/tests/fuzz/seeds/maps/* "$s/maps/"

# A few kernel symbols for D's `name: reading the machine's kallsyms
# took 0.4 s an input (4.5 s under ASan, the d fuzzer's timeout).
printf '%s\n' 'ffffffff81000000 T _stext' 'ffffffff82a1c0a0 D avenrun' \
	'ffffffff81123450 T vfs_read' \
	"$(printf 'ffffffffc0001000 t se_lf\t[se]')" >"$out/kallsyms"

mkdir -p "$out/tracefs/events"
for f in "$src"/tests/fuzz/seeds/tpformat/*; do
	b=${f##*/}		# SYSTEM.EVENT.ID
	sys=${b%%.*}
	ev=${b#*.}
	id=${ev#*.}
	ev=${ev%%.*}
	cp "$f" "$s/tpformat/$b"
	mkdir -p "$out/tracefs/events/$sys/$ev"
	cp "$f" "$out/tracefs/events/$sys/$ev/format"
	echo "$id" >"$out/tracefs/events/$sys/$ev/id"
done

cp "$src"/tests/d/*.d "$src"/tests/fuzz/seeds/d/* "$s/d/"
# the quoted program after -n or -e, one file each
n=0
for f in "$src"/tests/d/*.sh; do
	case ${f##*/} in
	bt-*) opt=e dir=bt ;;
	*) opt=n dir=d ;;
	esac
	while IFS= read -r p; do
		n=$((n + 1))
		printf '%s\n' "$p" >"$s/$dir/sh-$n"
	done < <(grep -o -- "-$opt '[^']*'" "$f" | sed "s/^-$opt '//; s/'\$//")
done
cp "$src"/tests/d/*.bpftrace "$src"/tests/fuzz/seeds/bt/* "$s/bt/"
for f in /usr/sbin/*.bt; do
	[ -r "$f" ] && cp "$f" "$s/bt/"
done
echo "mkseeds: $(find "$s" -type f | wc -l) seeds in $s"
