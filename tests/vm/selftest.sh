#!/bin/bash
# shellcheck disable=SC2016 # $ in single quotes is for the guest's shell
# SPDX-License-Identifier: GPL-2.0
#
# selftest.sh: the harness's own tests (make vm-selftest). Each case
# boots a guest with run-guest.sh and checks its exit status and what
# it printed: status propagation, arguments, output and RESULTS_DIR,
# insmod/rmmod of a Debian module, a failing rmmod, the command
# timeout, a guest crash, a hung guest, and run-d-tests.sh on a fake
# dtrace and fake tests (made here in a scratch directory) that pass
# and fail, including one that logs a kernel WARNING, and one that skips
# (exit 77); an empty selection counted as a failure; and a real
# warning and oops from a throwaway module. About a minute.
set -eu

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
kver=$("$here/../default-kver.sh")
mods=/lib/modules/$kver/kernel
mkdir -p "$repo/build/vm"
# In the repository, which the guest surely sees (not under /run).
scratch=$(mktemp -d "$repo/build/vm/selftest.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

n=0
passed=0
failed=0
# check NAME WANT_STATUS RE_STDOUT RE_STDERR RUN_GUEST_ARGS...
# Passes if run-guest.sh exits WANT_STATUS and its stdout and stderr
# match the extended regexps (empty: anything).
check() {
	local name=$1 want=$2 re_out=$3 re_err=$4 status=0 why=
	shift 4
	n=$((n + 1))
	"$here/run-guest.sh" "$@" >"$scratch/out" 2>"$scratch/err" || status=$?
	[ "$status" = "$want" ] || why="exit status $status, expected $want"
	if [ -n "$re_out" ] && ! grep -Eq -e "$re_out" "$scratch/out"; then
		why="${why:+$why; }stdout lacks /$re_out/"
	fi
	if [ -n "$re_err" ] && ! grep -Eq -e "$re_err" "$scratch/err"; then
		why="${why:+$why; }stderr lacks /$re_err/"
	fi
	if [ -z "$why" ]; then
		echo "ok $n - $name"
		passed=$((passed + 1))
	else
		echo "not ok $n - $name"
		echo "# $why"
		sed 's/^/# stdout: /' "$scratch/out"
		sed 's/^/# stderr: /' "$scratch/err"
		failed=$((failed + 1))
	fi
}

check "exit 0 with a module loaded, rmmod ok" 0 '' 'rmmod of dummy.ko ok' \
	--module "$mods/drivers/net/dummy.ko" -- \
	sh -c 'grep -q "^dummy " /proc/modules'

# Arguments arrive intact, stdout and stderr stay apart, RESULTS_DIR
# comes back, the cwd is the repository and the status is passed on.
check "exit 7, args, stdout/stderr, RESULTS_DIR" 7 \
	"^<a b><c'd><\\\$x> $repo\$" '^to stderr$' \
	-- bash -c 'printf "<%s>" "$@"; echo " $PWD"; echo to stderr >&2
		echo back >"$RESULTS_DIR/file"; exit 7' - "a b" "c'd" '$x'
n=$((n + 1))
dir=$(sed -n 's|^vm: guest kernel log clean: \(.*\)/dmesg$|\1|p' "$scratch/err")
if [ "$(cat "$dir/file" 2>/dev/null)" = back ]; then
	echo "ok $n - RESULTS_DIR file reaches the host"
	passed=$((passed + 1))
else
	echo "not ok $n - RESULTS_DIR file reaches the host"
	failed=$((failed + 1))
fi

check "command timeout" 124 '^started$' 'command timed out after 3s' \
	--timeout 3 -- bash -c 'echo started; sleep infinity'

check "fake WARNING in the kernel log" 125 '' 'vm:   .*WARNING: selftest' \
	-- sh -c 'echo "WARNING: selftest" >/dev/kmsg'

check "rmmod failure" 125 '' 'FAIL: rmmod of .*crc-itu-t.ko failed' \
	--module "$mods/lib/crc-itu-t.ko" -- insmod "$mods/fs/omfs/omfs.ko"

check "insmod failure" 125 '' 'FAIL: insmod .*omfs.ko failed' \
	--module "$mods/fs/omfs/omfs.ko" -- true

check "guest crash" 125 '' 'without a result' \
	-- sh -c 'echo c >/proc/sysrq-trigger'

# Stop the guest's harness shell: no result ever comes, QEMU is killed.
VM_MARGIN=5 check "hung guest" 125 '' 'guest killed after 6s: it hung' \
	--timeout 1 -- bash -c 'kill -STOP $(ps -o ppid= -p $PPID); sleep 9'

# A real WARN_ON and a real oops, from a throwaway module: the oops
# kills insmod but the guest goes on, and both are caught.
mkdir "$scratch/oops"
cat >"$scratch/oops/oopsmod.c" <<'EOF'
#include <linux/module.h>
static char *mode = "warn";
module_param(mode, charp, 0);
static int __init oopsmod_init(void)
{
	if (!strcmp(mode, "warn"))
		WARN_ON(1);
	else if (!strcmp(mode, "oops"))
		*(volatile int *)0 = 1;
	return 0;
}
static void __exit oopsmod_exit(void) {}
module_init(oopsmod_init);
module_exit(oopsmod_exit);
MODULE_LICENSE("GPL");
EOF
echo 'obj-m := oopsmod.o' >"$scratch/oops/Kbuild"
make -s -C "/lib/modules/$kver/build" M="$scratch/oops" modules >/dev/null 2>&1 ||
	echo "# cannot build the oops module"
check "real WARN_ON in module init" 125 '' 'vm:   .*WARNING: CPU' \
	--module "$scratch/oops/oopsmod.ko" -- true
check "real oops: caught, guest goes on" 125 '^after 137$' \
	'vm:   .*Oops' -- sh -c \
	"insmod $scratch/oops/oopsmod.ko mode=oops; echo after \$?"

# A fake dtrace and fake tests for run-d-tests.sh.
mkdir -p "$scratch/t/sub"
cat >"$scratch/dtrace" <<'EOF'
#!/bin/bash
# Prints its flags and "hello 42"; words in the script pick failures.
while [ $# -gt 0 ]; do
	case $1 in -s) script=$2; shift 2 ;; *) echo "flag: $1"; shift ;; esac
done
case $(cat "$script") in
*hang*) sleep infinity ;;
*warn*) echo "WARNING: fake warning" >/dev/kmsg ;;
*fail*) echo "dtrace: failed to compile script $script" >&2; exit 1 ;;
esac
echo "hello 42"
EOF
chmod +x "$scratch/dtrace"
(
	cd "$scratch/t"
	echo 'BEGIN {}' >pass.d
	echo 'hello 42' >pass.out
	echo 'BEGIN {}' >flags.d
	echo '-q  -x bufsize=1m' >flags.flags
	printf 'flag: -q\nflag: -x\nflag: bufsize=1m\nhello 42\n' >flags.out
	echo fail >status.d
	: >status.out
	echo 1 >status.status
	echo 'dtrace: failed to compile script status.d' >status.err
	echo 'BEGIN {}' >wrongout.d
	echo 'hello 43' >wrongout.out
	echo hang >hang.d
	: >hang.out
	echo 2 >hang.timeout
	echo warn >warn.d
	echo 'hello 42' >warn.out
	echo 'BEGIN {}' >sub/nested.d
	echo 'hello 42' >sub/nested.out
	echo '[ "$($DTRACE -s pass.d)" = "hello 42" ] && [ -d "$TMPDIR" ]' >shell_ok.sh
	printf '#!/bin/sh\necho some output; exit 1\n' >shell_fail.sh
	chmod +x shell_fail.sh
	printf 'echo checking\necho no such device here\nexit 77\n' >shell_skip.sh
)
# The whole expected TAP output, less the timing line.
cat >"$scratch/tap" <<'EOF'
1..10
ok 1 - flags
not ok 2 - hang
# exit status 124, expected 0
# timed out after 2s
ok 3 - pass
not ok 4 - shell_fail
# exit status 1
# stdout:
#   some output
ok 5 - shell_ok
ok 6 - shell_skip # SKIP no such device here
ok 7 - status
ok 8 - sub/nested
not ok 9 - warn
# the kernel logged a problem
# kernel: [ TIME] WARNING: fake warning
not ok 10 - wrongout
# stdout differs from wrongout.out
# stdout diff:
#   --- wrongout.out
#   +++ stdout
#   @@ -1 +1 @@
#   -hello 43
#   +hello 42
skipped: shell_skip
5 passed, 4 failed, 1 skipped
EOF
# The warning fails the guest run too; the runner's 1 is masked (125).
check "run-d-tests.sh on fake tests" 125 '^5 passed, 4 failed, 1 skipped$' \
	'kernel log shows problems' \
	-- "$here/run-d-tests.sh" "$scratch/dtrace" "$scratch/t"
n=$((n + 1))
# the times vary: the total, and each of the slowest (all ten here)
[ "$(grep -cE '^# +[0-9]+s [a-z_/]+$' "$scratch/out")" = 10 ] ||
	echo "# not ten tests in the slowest" >>"$scratch/out"
grep -vE '^# [0-9]*s for|^# +[0-9]+s [a-z_/]+$' "$scratch/out" |
	sed 's/^# kernel: \[ *[0-9.]*\]/# kernel: [ TIME]/' >"$scratch/tap.got"
if diff -u "$scratch/tap" "$scratch/tap.got" >"$scratch/diff"; then
	echo "ok $n - run-d-tests.sh output"
	passed=$((passed + 1))
else
	echo "not ok $n - run-d-tests.sh output"
	sed 's/^/# /' "$scratch/diff"
	failed=$((failed + 1))
fi

# An empty selection is no pass: run-d-tests.sh exits 1 with "0 passed,
# 0 failed", and a runner adding it up (tests/vm/tally.sh, as
# guest-suite.sh does) counts one failure.
check "an empty selection fails" 0 '^0 passed, 1 failed$' '' -- bash -c "
	. tests/vm/tally.sh
	out=\$(tests/vm/run-d-tests.sh '$scratch/dtrace' '$scratch/t' 'nomatch*')
	rc=\$?
	tally_add \"\$out\" \$rc
	tally_end
	[ \$rc = 1 ] && [ \$failed = 1 ]"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
