#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# io's arguments typed as illumos types them (lib/dtrace-linux/io.d):
# bufinfo_t, devinfo_t and fileinfo_t, checked against a known dd to a
# null_blk device and against what sysfs and stat(1) say of it. The
# records need no kernel types: the same with none (DTRACE_BTF set to
# a file that does not exist).
set -eu
fail() { echo "FAIL: $*"; exit 1; }
modprobe null_blk 2>/dev/null || { echo "cannot load null_blk"; exit 1; }
trap 'rmmod null_blk 2>/dev/null || :' EXIT
for i in $(seq 20); do [ -b /dev/nullb0 ] && break; sleep 0.1; done
maj=$((16#$(stat -c %t /dev/nullb0)))
min=$((16#$(stat -c %T /dev/nullb0)))
path=$(readlink -f "/sys/dev/block/$maj:$min")
driver=$(awk -v m="$maj" '/^Block devices:/ { b = 1; next }
	b && $1 == m { print $2 }' /proc/devices)
sleep 0.5	# the kernel's partition scan: reads, before we trace
dd="/bin/dd if=/dev/zero of=/dev/nullb0 bs=64k count=16 oflag=direct"

# The Guide's example: bytes by device, a known dd's 16 x 64 KiB.
out=$("$DTRACE" -q -c "$dd" -n '
io:::start { @[args[1]->dev_statname] = sum(args[0]->b_bcount); }
END { printa("%s %@d\n", @); }' | awk '$1 == "nullb0"')
[ "$out" = "nullb0 1048576" ] || fail "by dev_statname: $out"

# Every member, writes only; start and done in one clause.
script='
io:::start,io:::done /args[1]->dev_statname == "nullb0" &&
    (args[0]->b_flags & B_WRITE)/ {
	@b[probename] = sum(args[0]->b_bcount);
	@e[probename] = sum(args[0]->b_error + args[0]->b_resid);
	@r[probename] = sum(args[0]->b_flags & B_READ);
	@blk = max(args[0]->b_blkno + args[0]->b_bcount / 512);
	@lblk = min(args[0]->b_lblkno - args[0]->b_blkno);
	@d[args[1]->dev_major, args[1]->dev_minor, args[1]->dev_instance,
	    args[1]->dev_name, args[1]->dev_pathname,
	    args[0]->b_edev == (args[1]->dev_major << 20 |
	    args[1]->dev_minor)] = count();
	@f[args[2]->fi_name, args[2]->fi_pathname, args[2]->fi_offset] =
	    count();
}
io:::done /args[1]->dev_statname == "nullb0"/ {
	@done[args[0]->b_flags & B_DONE ? "B_DONE" : "-"] = count();
}
END {
	printa("bytes %s %@d\n", @b); printa("error+resid %s %@d\n", @e);
	printa("B_READ %s %@d\n", @r); printa("end %@d\n", @blk);
	printa("lblkno-blkno %@d\n", @lblk);
	printa("dev %d %d %d %s %s %d\n", @d);
	printa("file %s %s %d\n", @f);
	printa("done %s\n", @done);
}'
want="bytes done 1048576
bytes start 1048576
error+resid done 0
error+resid start 0
B_READ done 0
B_READ start 0
end 2048
lblkno-blkno 0
dev $maj $min 0 $driver $path 1
file <none> <none> -1
done B_DONE"
out=$("$DTRACE" -q -c "$dd" -n "$script")
[ "$out" = "$want" ] || fail "members: $out
want: $want"
out=$(DTRACE_BTF=/nonexistent "$DTRACE" -q -c "$dd" -n "$script")
[ "$out" = "$want" ] || fail "members without kernel types: $out"

# -lv names the types.
out=$("$DTRACE" -lv -n io:::start | grep -c 'bufinfo_t \*.*devinfo_t \*')
[ "$out" -ge 1 ] || fail "-lv: $("$DTRACE" -lv -n io:::start)"
echo ok
