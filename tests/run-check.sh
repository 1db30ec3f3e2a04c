#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Everything `make check` runs, in order: host unit tests (plain and
# ASan+UBSan), the layering of user/ (tests/check-layers.sh), a short
# run of every fuzzer, checkpatch over the kernel-side sources, a DKMS
# build, the guest suite on the default kernel, the reliability tests
# under multi-threaded TCG, Prometheus scraping a guest
# (tests/prom/run.sh), a guest's profile as flame graphs in Chromium
# (tests/flame/run.sh); in the background beside all of these, the
# other kernels' builds and guest subsets and the Debian packages
# installed, upgraded and purged in a guest. Each stage
# adds to one tally; the last line is "N passed, N failed", or
# "N passed, N failed, N skipped" after a "skipped: NAME..." line when
# tests could not check what they exist for (tests/vm/tally.sh).
set -u
cd "$(dirname "$0")/.." || exit 2

# shellcheck source=tests/vm/tally.sh
. tests/vm/tally.sh
failures=()

pass() { passed=$((passed + $1)); }
fail() { failed=$((failed + $1)); failures+=("$2"); }
# Each stage's and each background part's time, printed again at the
# end: CI shows the output's last lines only.
times=$(mktemp)
stage_t0=$SECONDS
stage_name=
stage_end() {
	[ -n "$stage_name" ] &&
		echo "#   $((SECONDS - stage_t0)) s  $stage_name" >>"$times"
	stage_t0=$SECONDS
}
# A stage's title, with when it started (CI's limit is 90 minutes).
section() {
	stage_end
	stage_name=$1
	echo "== $1 (at $((SECONDS / 60)) min)"
}

# One check that passes or fails as a whole.
check() {
	local name=$1 log
	shift
	log=$(mktemp)
	if "$@" >"$log" 2>&1; then
		pass 1
		echo "ok - $name"
	else
		fail 1 "$name"
		echo "not ok - $name"
		sed 's/^/#   /' "$log" | tail -n 40
	fi
	rm -f "$log"
}

# A kselftest binary: count its tests from the "# Totals:" line.
run_ksft() {
	local bin=$1 out rc p0=$passed f0=$failed
	out=$("$bin" 2>&1)
	rc=$?
	tally_ksft "$out" "$rc" "$bin"
	if [ "$failed" -gt "$f0" ]; then
		failures+=("$bin")
		echo "not ok - $bin"
		grep -E '^(not ok|#.*(FAIL|Expected|fail))' <<<"$out" | head -n 40 |
			sed 's/^/#   /'
	else
		echo "ok - $bin ($((passed - p0)) tests)"
	fi
}

# Each D test has its own limit; this one only catches a hung guest. The
# 6.1 suite took 37 minutes under TCG beside the background's guest
# (2026-11-29, bpftrace's side of its tools read from a capture); 44
# beside two guests with bpftrace run beside each tool.
export SUITE_TIMEOUT=${SUITE_TIMEOUT:-3600}

# In the background from the start, one after another: the Debian
# packages' build (once, for the guests that install them), beside
# Debian 13's and testing's roots under build/ (make deps makes them;
# quick once made); the other kernels of the matrix that boot on this
# machine's root (5.10 from build/, 6.1-rt; Debian 12's 6.12 is built
# but not booted, Debian 13's 6.12 stands for the series), each with a
# DKMS build and the guest subset (tests/guest-suite.sh --subset; make
# check-matrix runs the whole suite on every kernel); then, the roots
# made, Debian 13's 6.12 on its root; the packages' life in a Debian 13
# guest with CHECK_DEB13_PKG=1 (25-35 minutes more under TCG); and the
# Debian packages' life on the default kernel: install, DKMS build,
# trace, purge (make check-pkg, and CHECK_PKG_NO_UPGRADE=0, also
# upgrade: a second DKMS build in the guest, 20 minutes more, which CI's
# 90 do not hold with the rest). All of it runs beside the host stages and the
# default kernel's suite; the reliability tests come after the suite, in
# the foreground, and testing's newest kernel on its root last: the
# background is the longer. A TCG vCPU keeps one host core busy; CI has
# two cores and 90 minutes. Each part's log ends with the time it took.
debs=$(mktemp)
dlog=$(mktemp)
rlog=$(mktemp)
tlog=$(mktemp)
mlog=$(mktemp)
m2log=$(mktemp)
plog=$(mktemp)
klist=$(mktemp)
# testing's kernel, which the foreground runs last, once the roots are
# made: a file the background writes then (empty if there is none)
newest=$(mktemp -u)
# NAME LOG CMD...: run CMD into LOG, then its time, also on the
# terminal as it ends (if CI stops the run, the last lines say where
# the background was)
timed() {
	local t0=$SECONDS rc
	"${@:3}" >"$2" 2>&1
	rc=$?
	echo "# $((SECONDS - t0)) s, at $((SECONDS / 60)) min" >>"$2"
	echo "#   $((SECONDS - t0)) s  background: $1 (exit $rc, done at $((SECONDS / 60)) min)" |
		tee -a "$times"
	return "$rc"
}
# the kernels of the matrix but the default, on ROOT ("host": this
# machine's or Debian 11's under build/; "release": Debian 13's or
# testing's)
other_kernels() { # ROOT
	local k r
	for k in $(tests/vm/kernel-root.sh --list); do
		[ "$k" = "$KVER" ] && continue
		r=$(tests/vm/kernel-root.sh "$k")
		case "$r" in
		*/build/trixie/root/ | */build/forky/root/)
			[ "$1" = release ] && printf '%s ' "$k" ;;
		*) [ "$1" = host ] && printf '%s ' "$k" ;;
		esac
	done
}
(
	prc=0
	mrc=0
	m2rc=0
	rrc=0
	pkrc=0
	declare -A rpid
	for r in trixie forky; do
		timed "Debian $r's root" "$rlog.$r" tests/fetch-root.sh "$r" &
		rpid[$r]=$!
	done
	timed "the packages' build" "$dlog" \
		eval './debian/mkdeb.sh && DEB_VERSION_SUFFIX=+pkgtest2 ./debian/mkdeb.sh'
	echo $? >"$debs"
	host=$(other_kernels host)
	# Debian 12's 6.12 beside Debian 13's: built, not booted
	noboot=$(tr ' ' '\n' <<<"$host" | grep -E '^6\.12\..*\+deb12-' |
		tr '\n' ' ')
	if [ -n "$host" ]; then
		MATRIX=$host MATRIX_NOBOOT=$noboot MATRIX_SUITE_ARGS=--subset \
			MATRIX_DKMS=1 timed "kernels on this root: $host" "$mlog" \
			tests/run-matrix.sh
		mrc=$?
	fi
	{
		n=0
		for r in trixie forky; do
			if wait "${rpid[$r]}"; then
				echo "ok - Debian $r's root under build/$r"
			else
				echo "not ok - Debian $r's root under build/$r"
				tail -n 20 "$rlog.$r" | sed 's/^/#   /'
				n=$((n + 1))
			fi
			rm -f "$rlog.$r"
		done
		echo "$((2 - n)) passed, $n failed"
		[ "$n" = 0 ]
	} >"$rlog"
	rrc=$?
	release=$(other_kernels release)
	# the newest runs in the foreground, after the flame graphs: the
	# background (the packages' life last, 25 minutes) is the longer
	tr ' ' '\n' <<<"$release" | sed '/^$/d' | sort -V | tail -n 1 \
		>"$newest.tmp"
	mv "$newest.tmp" "$newest"
	release=$(tr ' ' '\n' <<<"$release" | grep -vxF "$(cat "$newest")" |
		tr '\n' ' ')
	# Debian 13's kernel, on its root, for its packages' life
	TRIXIE_KVER=
	[ "${CHECK_DEB13_PKG:-0}" = 1 ] &&
		TRIXIE_KVER=$(find build/trixie/root/usr/src -maxdepth 1 \
		-name 'linux-headers-*-amd64' 2>/dev/null |
		sed 's|.*/linux-headers-||' | head -n 1)
	echo "$TRIXIE_KVER|${host% }|${release% }" >"$klist"
	if [ -n "$release" ]; then
		MATRIX=$release MATRIX_SUITE_ARGS=--subset MATRIX_DKMS=1 \
			timed "kernels on their roots: $release" "$m2log" \
			tests/run-matrix.sh
		m2rc=$?
	fi
	if [ -n "$TRIXIE_KVER" ]; then
		PKG_BUILT=1 timed "packages in Debian 13" "$tlog" \
			tests/pkg/run.sh --kver "$TRIXIE_KVER"
		prc=$?
	fi
	# The Debian packages' life on the default kernel, beside the
	# suite's last part and the reliability tests.
	if [ "$(cat "$debs")" = 0 ]; then
		PKG_BUILT=1 PKG_NO_UPGRADE=${CHECK_PKG_NO_UPGRADE:-1} \
			PKG_TIMEOUT=${PKG_TIMEOUT:-3000} \
			timed "packages on $KVER" "$plog" tests/pkg/run.sh
		pkrc=$?
	else
		{ echo "not ok - packages built"
		  tail -n 40 "$dlog" | sed 's/^/#   /'
		  echo "0 passed, 1 failed"; } >"$plog"
		pkrc=1
	fi
	# the statuses in one: the matrix's on this machine's root in bit
	# 0, on the release roots in 1, Debian 13's packages' in 2, the
	# roots' in 3, the packages' on the default kernel in 4
	exit $(((mrc != 0) | (m2rc != 0) << 1 | (prc != 0) << 2 |
		(rrc != 0) << 3 | (pkrc != 0) << 4))
) &
bgpid=$!

section "host unit tests"
for bin in build/tests/test_* build/tests-asan/test_*; do
	[ -x "$bin" ] && run_ksft "$bin"
done

section "the command's layering"
check "layering of user/" make -s check-layers

section "fuzzing smoke run (12 s per target)"
check "fuzz targets build" make -s -j"$(nproc)" fuzz-build
check "fuzz-smoke" make -s fuzz-smoke

section "checkpatch"
for f in $(git ls-files 'kmod/*.[ch]' 'dif/*.[ch]'); do
	check "checkpatch $f" perl build/checkpatch/checkpatch.pl --no-tree \
		-q --terse -f "$f"
done

section "dkms build"
check "dkms build for $KVER" tests/dkms-build.sh "$KVER"
# The other kernels' DKMS builds run in the background, with their guests.

# A runner that ends with its own tally: add its counts; a runner that
# failed without saying so, or said nothing, counts as one failure.
run_tallied() {
	local name=$1 out rc f0=$failed
	shift
	out=$("$@" 2>&1)
	rc=$?
	echo "$out" | grep -E '^(ok|not ok|#)' | grep -v '^# *$'
	if ! tally_add "$out" "$rc"; then
		echo "not ok - $name (exit $rc)"
		echo "$out" | grep -vE '^(ok|not ok)' | tail -n 40 |
			sed 's/^/#   /'
	fi
	[ "$failed" -gt "$f0" ] && failures+=("$name")
	return "$rc"
}

section "guest harness selftest"
run_tallied "guest harness selftest" tests/vm/selftest.sh

section "guest suite"
# The boot as a whole counts too: clean dmesg, rmmod, no timeout.
if run_tallied "guest suite" tests/vm/run-guest.sh --kver "$KVER" \
	--timeout "$SUITE_TIMEOUT" --module kmod/dtrace.ko -- \
	tests/guest-suite.sh; then
	pass 1
	echo "ok - guest run (dmesg clean, rmmod dtrace succeeded)"
fi

# The reliability tests on the default kernel under multi-threaded TCG
# (make check-smp runs ten): the reliability subset and four runs with
# every function traced (CHECK_SMP_RUNS), both ways twice, beside the
# background's guests, which load the host in place of busy loops. After
# the suite: beside it one run in ten of CI's took 355 s. Ten runs took
# 13-22 minutes here, which CI's 90 minutes do not hold with the rest.
section "reliability under multi-threaded TCG (make check-smp)"
RELIABILITY_LOOPS=0 run_tallied "reliability" tests/vm/reliability.sh \
	"${CHECK_SMP_RUNS:-4}"

# Debian's Prometheus scrapes dtrace -x prometheus in a guest (one short
# boot, about 2.5 minutes under TCG): a skip without prometheus.
section "Prometheus scrapes a guest"
run_tallied "prometheus" tests/prom/run.sh
# A guest's profile as a flame graph page and as folded stacks, opened
# in headless Chromium and speedscope (one boot, about a minute).
section "flame graphs in Chromium"
run_tallied "flame graphs" tests/flame/run.sh

# Testing's kernel on its root, its subset and DKMS build, once the
# background has made the roots (at about 5 minutes).
while [ ! -e "$newest" ] && kill -0 "$bgpid" 2>/dev/null; do
	sleep 5
done
nk=$(cat "$newest" 2>/dev/null)
if [ -n "$nk" ]; then
	section "kernel matrix on its root: $nk"
	MATRIX=$nk MATRIX_SUITE_ARGS=--subset MATRIX_DKMS=1 \
		run_tallied "kernel matrix ($nk)" tests/run-matrix.sh
fi

# The background's output once it is done, tallied as if it ran here.
replay() { # LOG STATUS
	cat "$1"
	return "$2"
}
# the wait for the background is no stage's time
stage_end
stage_name=
wait "$bgpid"
bg=$?
IFS='|' read -r TRIXIE_KVER host release <"$klist"
section "Debian 13's and testing's roots"
run_tallied "roots" replay "$rlog" $((bg >> 3 & 1))
if [ -n "$TRIXIE_KVER" ]; then
	section "Debian packages in Debian 13 ($TRIXIE_KVER)"
	run_tallied "packages in Debian 13" replay "$tlog" $((bg >> 2 & 1))
fi
if [ -n "$host" ]; then
	section "kernel matrix: $host"
	run_tallied "kernel matrix" replay "$mlog" $((bg & 1))
fi
if [ -n "$release" ]; then
	section "kernel matrix on the release roots: $release"
	run_tallied "kernel matrix (release roots)" replay "$m2log" \
		$((bg >> 1 & 1))
fi
# The Debian packages' life in a guest: install, DKMS build, trace,
# purge: 1,541 s under TCG with the host otherwise idle, most of it
# the DKMS build, so its guest gets 50 minutes beside the others; make
# check-pkg upgrades too, and runs it on 5.10 with
# PKG_KVER=5.10.0-32-amd64.
section "Debian packages"
run_tallied "packages" replay "$plog" $((bg >> 4 & 1))
rm -f "$debs" "$dlog" "$rlog" "$tlog" "$mlog" "$m2log" "$plog" "$klist" \
	"$newest"

if [ "$failed" -gt 0 ]; then
	echo "failed:"
	printf '  %s\n' "${failures[@]}"
fi
stage_end
echo "# the stages' times:"
cat "$times"
rm -f "$times"
echo "# $((SECONDS / 60)) min in all"
tally_end
[ "$failed" -eq 0 ]
