#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-install.sh [--all-kernels] [--no-upgrade] OLD_DKMS.deb OLD_CMD.deb NEW_DKMS.deb NEW_CMD.deb
#
# In the guest (run.sh starts it through run-guest.sh, whose root is a
# tmpfs overlay over the host's, so nothing reaches the host), as root:
# install the packages as a user would, with the source tree hidden, and
# check each step. TAP lines, then "N passed, N failed"; exit 1 on any
# failure. Logs of dpkg and DKMS go to $RESULTS_DIR. --no-upgrade skips
# the upgrade to the second pair (one DKMS build instead of two: the
# upgrade's logic does not depend on the kernel).
set -u
all_kernels=0
upgrade=1
[ "${1:-}" = --all-kernels ] && { all_kernels=1; shift; }
[ "${1:-}" = --no-upgrade ] && { upgrade=0; shift; }
[ $# = 4 ] || { echo "usage: $0 OLD_DKMS OLD_CMD NEW_DKMS NEW_CMD" >&2; exit 2; }
logs=${RESULTS_DIR:-/tmp}
kver=$(uname -r)
n=0
passed=0
failed=0

ok() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		passed=$((passed + 1))
		echo "ok $n - $2"
	else
		failed=$((failed + 1))
		echo "not ok $n - $2"
	fi
}
# check DESC CMD...: one test, the command's status.
check() {
	local d=$1
	shift
	"$@"
	ok $? "$d"
}
# Print a mismatch on stderr for the log; succeed on equality.
same() {
	[ "$1" = "$2" ] && return 0
	printf 'want: %s\ngot:  %s\n' "$1" "$2" >&2
	return 1
}
ver_of() { dpkg-deb -f "$1" Version; }
# logged FILE CMD...: CMD with its output in $logs/FILE (a redirection
# after check would take the TAP line too).
logged() {
	local f=$1
	shift
	"$@" >"$logs/$f" 2>&1
}

work=$(mktemp -d /tmp/pkgtest.XXXX)
cp "$@" "$work/" || exit 1
old_dkms=$work/${1##*/}
old_cmd=$work/${2##*/}
new_dkms=$work/${3##*/}
new_cmd=$work/${4##*/}
v1=$(ver_of "$old_dkms")
v2=$(ver_of "$new_dkms")
# The source tree (this script's, the working directory) out of sight:
# the packages must be enough. bash keeps reading this script from its
# open file.
repo=$PWD
cd "$work" || exit 1
mount -t tmpfs -o mode=700 tmpfs "$repo"
check "source tree hidden" test ! -e "$repo/Makefile"

export DEBIAN_FRONTEND=noninteractive
# man-db's trigger re-indexes every manual page over 9p: minutes under
# TCG (more than 20 on 5.10), nothing to do with these packages.
rm -f /var/lib/man-db/auto-update
# DKMS builds for the running kernel and the newest installed one. Under
# TCG a build takes minutes, so by default the other kernels lose their
# headers (in the guest's overlay only), which tests that DKMS skips a
# kernel without headers and says so. --all-kernels keeps them.
others=()
for b in /lib/modules/*/build; do
	k=${b#/lib/modules/}
	k=${k%/build}
	[ "$k" = "$kver" ] && continue
	[ -e "$b" ] || continue
	others+=("$k")
	[ "$all_kernels" = 1 ] || rm "$b"
done

hello='BEGIN { printf("hello\n"); exit(0); }'
# trace WANT_MODULE_VERSION: a first script, from outside the tree.
trace() {
	local out
	out=$(dtrace -q -n "$hello" 2>"$logs/trace.err")
	check "dtrace prints hello ($1)" same hello "$out"
	check "module version is $1" \
		same "$1" "$(cat /sys/module/dtrace/version 2>&1)"
}
# The files a version installs, for the removal checks.
installed() {
	test -x /usr/sbin/dtrace && test -d "/usr/src/dtrace-$1" &&
		dkms status -m dtrace -v "$1" -k "$kver" | grep -q installed
}

# Install both at once, as apt would; DKMS builds for the running kernel.
check "install $v1 (dpkg -i, DKMS build)" \
	logged dpkg-install.log dpkg -i "$old_dkms" "$old_cmd"
check "dkms status: dtrace/$v1 installed for $kver" installed "$v1"
# Of the others, DKMS tries the newest kernel only.
tried=$(sed -n 's/^Building for //p' "$logs/dpkg-install.log")
for k in "${others[@]}"; do
	if [ "$all_kernels" = 1 ] || ! grep -qwF -- "$k" <<<"$tried"; then
		continue
	fi
	check "no headers for $k: DKMS skipped it and said so" \
		grep -q "Module build for kernel $k was skipped" \
		"$logs/dpkg-install.log"
done
check "command on PATH is the package's" same /usr/sbin/dtrace "$(command -v dtrace)"
check "dtrace-bpftrace links to dtrace" same dtrace "$(readlink /usr/sbin/dtrace-bpftrace 2>&1)"

# modinfo: what a user checks first.
mi() { modinfo -F "$1" dtrace 2>&1; }
check "modinfo version" same "$v1" "$(mi version)"
check "modinfo description" same "DTrace: dynamic tracing with the D language" "$(mi description)"
check "modinfo license" same GPL "$(mi license)"
check "modinfo parm deadman_timeout described" \
	grep -q '^deadman_timeout:Stop a consumer' <<<"$(mi parm)"
check "module installed under updates/dkms" \
	grep -q "^/lib/modules/$kver/updates/dkms/dtrace.ko" <<<"$(mi filename)"

# Boot-time loading: installed, but disabled until uncommented.
conf=/etc/modules-load.d/dtrace.conf
check "$conf installed" test -f "$conf"
check "$conf loads nothing by default" \
	same "" "$(grep -v -e '^#' -e '^[[:space:]]*$' "$conf")"
check "$conf names dtrace when uncommented" grep -qx '#dtrace' "$conf"

# Before modprobe: the command says what to do.
err=$(dtrace -n "$hello" 2>&1)
check "not loaded: the command says modprobe dtrace" \
	grep -q 'the dtrace module is not loaded; load it with "modprobe dtrace"' <<<"$err"

check "modprobe dtrace" modprobe dtrace
check "/dev/dtrace: char device, 0600 root:root" \
	same "character special file 600 root root" \
	"$(stat -c '%F %a %U %G' /dev/dtrace 2>&1)"
# Out of tree (O), and E as well where the kernel does not trust the
# key DKMS signed with: nothing else.
taint=$(cat /sys/module/dtrace/taint)
check "module taints only O (and E): '$taint'" \
	grep -qxE 'O|OE' <<<"$taint"
err=$(setpriv --reuid=65534 --regid=65534 --clear-groups dtrace -n "$hello" 2>&1)
check "non-root refused with a privilege message" \
	grep -q 'DTrace requires additional privileges' <<<"$err"
check "dtrace -V names $v1" grep -q "DTrace for Linux $v1," <<<"$(dtrace -V 2>&1)"
# The kernel types DKMS built with the module (dwarves installed).
types=/var/lib/dkms/dtrace/$v1/$kver/$(uname -m)/dtrace-types.btf
check "DKMS kept the kernel types: $types" test -s "$types"
check "DTRACE_BTF=dkms reads them" \
	grep -q 'vfs_read entry' <<<"$(DTRACE_BTF=dkms dtrace -lv -n fbt::vfs_read:entry 2>&1)"
trace "$v1"
check "dtrace-bpftrace runs bpftrace's language" same \
	$'Attaching 1 probe...\nhello' \
	"$(dtrace-bpftrace -e 'BEGIN { printf("hello\n"); exit(); }' 2>&1)"
check "flame graph page installed" \
	grep -q '@flamegraph_json' /usr/share/dtrace-linux/flamegraph.html

# The exporter's unit: installed, not enabled; its command, run as
# systemd runs it, serves the example script's aggregations.
unit=$(ls /lib/systemd/system/dtrace-exporter.service \
	/usr/lib/systemd/system/dtrace-exporter.service 2>/dev/null | head -n 1)
check "dtrace-exporter.service restarts on failure" \
	grep -qx 'Restart=on-failure' "${unit:-/nonexistent}"
check "dtrace-exporter.service not enabled" \
	test ! -e /etc/systemd/system/multi-user.target.wants/dtrace-exporter.service
mkdir -p /etc/dtrace-linux
cp /usr/share/doc/dtrace-linux/examples/exporter.d /etc/dtrace-linux/
ip link set lo up
read -ra exporter < <(sed -n 's/^ExecStart=//p' "${unit:-/nonexistent}")
"${exporter[@]}" >"$logs/exporter.log" 2>&1 &
epid=$!
metrics=
# (a root without curl fails here at once, saying so)
command -v curl >/dev/null || metrics="curl is not installed in this root"
for ((i = 0; i < 300; i++)); do
	[ -n "$metrics" ] && break
	metrics=$(curl -s --max-time 5 http://127.0.0.1:9464/metrics) && break
	sleep 0.5
done
check "the unit's command serves the example's metrics" \
	grep -Eq '^dtrace_agg_syscalls_total\{execname="[^"]+"\} [0-9]+$' <<<"$metrics"
kill -TERM "$epid"
wait "$epid"
check "the exporter exits 0 on SIGTERM" same 0 "$?"
rm -r /etc/dtrace-linux

# Upgrade: DKMS drops the old build and makes the new one; the running
# module stays until reloaded, and the new command still speaks to it.
if [ "$upgrade" = 1 ]; then
	check "upgrade to $v2 (dpkg -i)" \
		logged dpkg-upgrade.log dpkg -i "$new_dkms" "$new_cmd"
	check "dkms status: dtrace/$v2 installed" installed "$v2"
	check "dkms status: dtrace/$v1 gone" \
		same "" "$(dkms status -m dtrace -v "$v1" 2>&1)"
	check "/usr/src/dtrace-$v1 gone" test ! -e "/usr/src/dtrace-$v1"
	trace "$v1"
	check "reload the module (modprobe -r; modprobe)" \
		sh -c 'modprobe -r dtrace && modprobe dtrace'
	check "modinfo version after upgrade" same "$v2" "$(mi version)"
	trace "$v2"
fi

# A kernel that loads only trusted signatures refuses the module (lockdown
# raised at run time stands in for Secure Boot): the command explains.
check "modprobe -r dtrace" modprobe -r dtrace
mountpoint -q /sys/kernel/security ||
	mount -t securityfs securityfs /sys/kernel/security
echo integrity >/sys/kernel/security/lockdown 2>/dev/null
if grep -q '\[integrity\]' /sys/kernel/security/lockdown 2>/dev/null; then
	check "lockdown=integrity refuses the DKMS-built module" \
		sh -c '! modprobe dtrace 2>/dev/null'
	err=$(dtrace -n "$hello" 2>&1)
	check "refused load: the command points to MOK signing" \
		grep -q 'the kernel is locked down: the kernel loads only modules signed with a key it trusts; sign the DKMS-built module with an enrolled key (MOK)' <<<"$err"
else
	echo "# no lockdown LSM: refused-load message not tested"
fi

check "purge both packages" \
	logged dpkg-purge.log dpkg --purge dtrace-linux dtrace-linux-dkms
check "dkms status: no dtrace" same "" "$(dkms status -m dtrace 2>&1)"
check "files removed (command, source, module, conffile)" \
	same "" "$(ls -d /usr/sbin/dtrace /usr/src/dtrace-* "$conf" \
		/lib/modules/*/updates/dkms/dtrace.ko* 2>/dev/null)"
check "module not loaded" test ! -e /sys/module/dtrace
check "DKMS's build of the module and its types gone" \
	test ! -e /var/lib/dkms/dtrace
check "packages gone from dpkg" \
	same "" "$(dpkg-query -W -f='${db:Status-Abbrev}\n' dtrace-linux dtrace-linux-dkms 2>/dev/null | grep -v '^un')"
check "no dtrace module errors in the kernel log" \
	sh -c '! dmesg | grep -i dtrace | grep -v "module verification failed" |
		grep -iE "error|fail|bug|warn"'

umount "$repo"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
