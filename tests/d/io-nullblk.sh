#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# io:::start and io:::done: eight direct 4 KiB writes to a null_blk
# device are eight write requests of 4096 bytes each (bufinfo_t),
# started and done on that device (the only writes it sees).
set -eu
modprobe null_blk 2>/dev/null || { echo "cannot load null_blk"; exit 1; }
trap 'rmmod null_blk 2>/dev/null || :' EXIT
for i in $(seq 20); do [ -b /dev/nullb0 ] && break; sleep 0.1; done
maj=$((16#$(stat -c %t /dev/nullb0)))
min=$((16#$(stat -c %T /dev/nullb0)))
dev=$(((maj << 20) | min))
sleep 0.5	# the kernel's partition scan: reads, before we trace
out=$("$DTRACE" -q -c '/bin/dd if=/dev/zero of=/dev/nullb0 bs=4k count=8 oflag=direct' -n "
io:::start /args[0]->b_edev == $dev && args[0]->b_flags & B_WRITE/ {
	@s = count(); @sb = sum(args[0]->b_bcount); }
io:::done /args[0]->b_edev == $dev && args[0]->b_flags & B_WRITE/ {
	@d = count(); @db = sum(args[0]->b_bcount); @e = sum(args[0]->b_error); }
END { printa(\"start %@d\", @s); printa(\" %@d\", @sb);
	printa(\"\ndone %@d\", @d);
	printa(\" %@d\", @db); printa(\" %@d\n\", @e); }")
[ "$out" = "start 8 32768
done 8 32768 0" ] || { printf '%s\n' "$out"; exit 1; }
