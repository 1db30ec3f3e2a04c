#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# cwd and root (lib/dtrace-linux/cwd.d): the working directory of a
# process started in a known directory, across mounts (TMPDIR's, a
# tmpfs mounted below it), "/" itself, a path deeper than the walk
# (cut, starting with "..."); root, which is "/" unless the process is
# chrooted (the test guest's init chroots into /newroot, its 9p root),
# checked as what the path of cwd from the namespace's root begins
# with. With DKMS's type data, which lacks struct mount, the error
# says so. fileinfo_t's fi_dirname, fi_pathname and fi_mount are the
# same walk.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

cwd_of() { # DIR [DTRACE...]: cwd and root of a sleep started in DIR
	local dir=$1
	shift
	(cd "$dir" && "$@" -qn 'syscall::clock_nanosleep:entry,
	    syscall::nanosleep:entry /pid == $target/ {
	    this->full = xlate<struct __nspath *>(&curthread->fs->pwd)->p;
	    this->c = cwd; this->r = root;
	    printf("%s|%s\n", this->c, this->r == "/" ? "/" :
	    (index(this->c, "...") == 0 ? this->c : strjoin(this->r,
	    this->c == "/" ? "" : this->c)) == this->full ? "/" :
	    strjoin("root ", this->r)); exit(0); }' \
	    -c '/bin/sleep 0.1')
}

d=$(realpath "$TMPDIR")/cwd-test/a.b
mkdir -p "$d"
out=$(cwd_of "$d" "$DTRACE")
[ "$out" = "$d|/" ] || fail "cwd in $d: $out"
out=$(cwd_of / "$DTRACE")
[ "$out" = "/|/" ] || fail "cwd in /: $out"

# a mount below: the walk crosses it
m=$d/mnt
mkdir -p "$m"
mount -t tmpfs none "$m"
trap 'umount "$m" 2>/dev/null || :' EXIT
mkdir -p "$m/x/y"
out=$(cwd_of "$m/x/y" "$DTRACE")
[ "$out" = "$m/x/y|/" ] || fail "cwd in $m/x/y: $out"

# fileinfo_t's paths (file.d) of a file read there: its directory,
# path and the mount it is on, from the process's root as d_path()
# gives them; "<none>" for no file.
printf 'hi' >"$m/x/y/f.txt"
out=$("$DTRACE" -qn 'fbt::vfs_read:entry /pid == $target/ {
	this->f = args[0];
	printf("%s %s %s %s\n", xlate<fileinfo_t *>(this->f)->fi_name,
	    xlate<fileinfo_t *>(this->f)->fi_dirname,
	    xlate<fileinfo_t *>(this->f)->fi_pathname,
	    xlate<fileinfo_t *>(this->f)->fi_mount); }
	fbt::vfs_read:entry /pid == $target/ {
	this->n = (struct file *)0;
	printf("%s %s %s\n", xlate<fileinfo_t *>(this->n)->fi_dirname,
	    xlate<fileinfo_t *>(this->n)->fi_pathname,
	    xlate<fileinfo_t *>(this->n)->fi_mount); }' -c "/bin/cat $m/x/y/f.txt" |
	grep -A1 '^f.txt ' | head -2)
[ "$out" = "f.txt $m/x/y $m/x/y/f.txt $m
<none> <none> <none>" ] || fail "fileinfo_t paths: $out"

# deeper than the 16 steps: the last components, after "..."
deep=$m/1/2/3/4/5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20
mkdir -p "$deep"
out=$(cwd_of "$deep" "$DTRACE")
[ "$out" = ".../5/6/7/8/9/10/11/12/13/14/15/16/17/18/19/20|/" ] ||
	fail "cwd in $deep: $out"
umount "$m"
trap - EXIT

types=${VM_MODULE:-}
types=${types%/*}/dtrace-types.btf
if [ -s "$types" ]; then
	err=$(cwd_of / env DTRACE_BTF="$types" "$DTRACE" 2>&1) &&
		fail "cwd with DKMS's types: $err"
	grep -q 'struct mount' <<<"$err" || fail "DKMS's types: $err"
fi
echo ok
