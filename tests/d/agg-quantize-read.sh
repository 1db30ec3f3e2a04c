#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The everyday one-liner, fed by an unprivileged call: read(fd, buf,
# 0x8000000000000000) puts INT64_MIN in arg2, which quantize( ) counts
# in its lowest bucket (it once wrote 32 GiB past the value).
set -eu
cat > "$TMPDIR/read.pl" <<'PL'
open(my $f, "<", "/dev/null") or die;
syscall(0, fileno($f), 0, 0x8000000000000000);
PL
out=$("$DTRACE" -q -c "perl $TMPDIR/read.pl" \
	-n 'syscall::read:entry /pid == $target && arg2 < 0/ { @ = quantize(arg2); }')
want='

           value  ------------- Distribution ------------- count    
-4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        
-2305843009213693952 |                                         0        '
[ "$out" = "$want" ] || { printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"; exit 1; }
