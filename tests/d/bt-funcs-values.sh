#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bpftrace's process and machine built-ins and string functions, their
# values checked against the guest: ppid (this shell), username (root),
# ncpus (nproc), numaid (0: one node), rand, strcontains, macaddr( ) of
# known kernel bytes, pton( ) through ntop( ), jiffies moving on, and
# cgroup and cgroupid( ) (the inode of a cgroup v2 directory).
set -eu
. ./bt-lib.inc
d=${TMPDIR:-/tmp}

# a simple command: the shell is dtrace's parent
"$DTRACE" --bpftrace -e '
BEGIN {
	printf("%d %s %d %d\n", ppid, username, ncpus, numaid);
	printf("%d %d %d\n", strcontains(comm, "dtr"), strcontains("abc", "x"),
	    strcontains("abc", ""));
	$m = macaddr(kaddr("linux_banner"));
	printf("%s %s %s %s\n", $m, ntop(pton("127.0.0.1")), ntop(pton("::1")),
	    ntop(pton("10.20.30.40")));
	@r[rand % 2] = count();
	@r[rand % 2] = count();
	@j = jiffies;
}
interval:ms:100 {
	printf("%d\n", jiffies > @j && jiffies - @j < 1000000);
	clear(@r);
	exit();
}' >"$d/funcs.out" 2>&1 || { cat "$d/funcs.out"; exit 1; }
# "Linux " is 4C 69 6E 75 78 20
exp="$$ root $(nproc) 0
1 0 1
4C:69:6E:75:78:20 127.0.0.1 ::1 10.20.30.40
1"
out=$(bt_noattach <"$d/funcs.out" | sed '/^$/d; /^@j: /d')
[ "$out" = "$exp" ] || { echo "got:"; echo "$out"; echo "expected:"; echo "$exp"; exit 1; }

# cgroup: the shell moved into a cgroup v2 directory of its own (the
# guest may have no cgroup2 mounted: one under /run, unmounted after)
cg=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
mounted=
if [ -z "$cg" ]; then
	cg=/run/btfuncs-cg
	mkdir -p "$cg"
	mount -t cgroup2 none "$cg"
	mounted=1
fi
orig=$(sed -n 's/^0:://p' /proc/self/cgroup)
cleanup() {
	echo $$ >"$cg$orig/cgroup.procs" || true
	rmdir "$cg/btfuncs" 2>/dev/null || true
	[ -z "$mounted" ] || { umount "$cg"; rmdir "$cg"; }
}
trap cleanup EXIT
mkdir -p "$cg/btfuncs"
echo $$ >"$cg/btfuncs/cgroup.procs"
ino=$(stat -c %i "$cg/btfuncs")
out=$("$DTRACE" --bpftrace -e "BEGIN { printf(\"%d %d\\n\", cgroup, cgroupid(\"$cg/btfuncs\")); exit(); }" 2>&1 | bt_noattach) || true
[ "$out" = "$ino $ino" ] || { echo "cgroup: got '$out', expected '$ino $ino'"; exit 1; }
