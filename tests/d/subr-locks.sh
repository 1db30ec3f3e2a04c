#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mutex_owned( ), mutex_owner( ), mutex_type_*( ) and rw_*( ) on locks
# the kernel really holds: at mutex_unlock( )'s entry the caller owns
# the mutex, and at up_read( )'s and up_write( )'s it holds the
# rw_semaphore for reading or writing. A workload of pipes (the pipe's
# mutex) and processes started (mmap_lock, read and written); every
# firing of each kind must give the one answer. On PREEMPT_RT the same
# subroutines read the rt_mutex and rwbase_rt words instead.
set -eu
fail() { echo "FAIL: $*"; exit 1; }

out=$("$DTRACE" -q -c "/bin/sh -c 'for i in 1 2 3 4 5; do
    echo x | cat >/dev/null; ls / >/dev/null; done'" -n '
fbt::mutex_unlock:entry
/progenyof($target)/
{
	@m[mutex_owned(arg0),
	    (uintptr_t)mutex_owner(arg0) == (uintptr_t)curthread,
	    mutex_type_adaptive(arg0), mutex_type_spin(arg0)] = count();
}
fbt::mutex_lock:entry
/progenyof($target)/
{
	/* not yet its own: some other task, or nobody */
	@l[mutex_owned(arg0)] = count();
}
fbt::up_read:entry
/progenyof($target)/
{
	@r[rw_read_held(arg0), rw_write_held(arg0)] = count();
}
fbt::up_write:entry
/progenyof($target)/
{
	@w[rw_read_held(arg0), rw_write_held(arg0), rw_iswriter(arg0)] =
	    count();
}
END
{
	printa("mutex %d %d %d %d %@u\n", @m);
	printa("lock %d %@u\n", @l);
	printa("read %d %d %@u\n", @r);
	printa("write %d %d %d %@u\n", @w);
}')
printf '%s\n' "$out" | awk 'NF' | sort >/tmp/subr-locks.$$
trap 'rm -f /tmp/subr-locks.$$' EXIT
for want in "mutex 1 1 1 0" "lock 0" "read 1 0" "write 0 1 1"; do
	grep -q "^$want [1-9]" /tmp/subr-locks.$$ ||
		fail "no '$want' line:"$'\n'"$out"
done
[ "$(wc -l </tmp/subr-locks.$$)" = 4 ] ||
	fail "a firing gave another answer:"$'\n'"$out"
echo ok
