#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-d-tests.sh DTRACE_BIN TESTDIR [NAME...]
#
# Run the behavioural tests under TESTDIR (in the guest, as root, with
# the module loaded) and print TAP: "ok N - NAME", "not ok N - NAME" or
# "ok N - NAME # SKIP reason", diagnostics as "# " lines, and last
# "skipped: NAME..." (if any were) and "N passed, N failed" (with
# ", N skipped" if any were: tests/vm/tally.sh). Exits 1 if any test
# failed or there was none. NAMEs (shell globs) pick tests;
# D_TESTS_EXCLUDE (globs, blank-separated) leaves tests out.
#
# A test is NAME.d or NAME.sh (NAME may contain directories); it runs
# in the directory that holds it, with stdin from /dev/null, TMPDIR a
# scratch directory (a fresh one for each shell test) and a time limit
# of D_TEST_TIMEOUT seconds (default 30) or the number in NAME.timeout.
#   NAME.d       run as: DTRACE_BIN [NAME.flags words] -s NAME.d
#   NAME.out     expected stdout, exactly (a unified diff if not)
#   NAME.flags   extra dtrace arguments: one line, split on blanks
#   NAME.status  expected exit status (default 0)
#   NAME.err     expected stderr, exactly; if absent, stderr is shown
#                when the test fails but not compared
#   NAME.sh      a shell test instead (when there is no NAME.d): run
#                with DTRACE=DTRACE_BIN in its environment, by bash
#                unless executable; passes iff it exits 0. One that
#                cannot check what it exists for (no such hardware,
#                no such kernel feature) exits 77, automake's status
#                for a skip, its last line of stdout the reason: it is
#                counted apart, neither passed nor failed.
# Any kernel bug or warning logged while a test runs fails that test.
#
# Each process costs ~30 ms under TCG, so the loop forks little.
set -eu

if [ $# -lt 2 ]; then
	echo "usage: $0 DTRACE_BIN TESTDIR [NAME...]" >&2
	exit 2
fi
[ -x "$1" ] || { echo "run-d-tests: $1 is not executable" >&2; exit 2; }
[ -d "$2" ] || { echo "run-d-tests: no directory $2" >&2; exit 2; }
dtrace=$(realpath "$1")
testdir=$(realpath "$2")
shift 2
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=tests/vm/tally.sh
. "$here/tally.sh"
bad_re=$("$here/dmesg-check.sh" --regex)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/tmp"

# Print FILE, at most 60 lines, as diagnostics under a heading.
diag() { # HEADING FILE
	[ -s "$2" ] || return 0
	echo "# $1"
	sed -e '61{s/.*/.../;q}' -e 's/^/#   /' "$2"
}

# Tests by name: every NAME.d, and NAME.sh without a NAME.d.
mapfile -t names < <(cd "$testdir" && find . -name '*.d' -o -name '*.sh' |
	sed 's|^\./||; s/\.[^.]*$//' | LC_ALL=C sort -u)
if [ $# -gt 0 ]; then
	picked=()
	for n in "${names[@]}"; do
		for pat in "$@"; do
			# shellcheck disable=SC2053 # the pattern is a glob
			if [[ $n == $pat ]]; then picked+=("$n"); break; fi
		done
	done
	names=("${picked[@]}")
fi
# D_TESTS_EXCLUDE: globs of tests to leave out, said in one line.
if [ -n "${D_TESTS_EXCLUDE:-}" ]; then
	kept=()
	read -ra pats <<<"$D_TESTS_EXCLUDE"
	for n in "${names[@]}"; do
		for pat in "${pats[@]}"; do
			# shellcheck disable=SC2053 # the pattern is a glob
			[[ $n == $pat ]] && continue 2
		done
		kept+=("$n")
	done
	echo "# left out: $((${#names[@]} - ${#kept[@]})) tests ($D_TESTS_EXCLUDE)"
	names=("${kept[@]}")
fi
if [ ${#names[@]} -eq 0 ]; then
	echo "# no tests in $testdir"
	tally_end
	exit 1
fi

# The kernel log so far; each test is charged with the lines it adds.
# They follow the last line seen before it ran (if that scrolled out
# of the ring buffer, the whole log is new).
# Sets kbad to the bad new lines (not in a subshell: klog must stay).
klog_ok=1
if ! dmesg >/dev/null 2>&1; then
	echo "# cannot read the kernel log: it is not checked"
	klog_ok=0
fi
mapfile -t klog < <([ "$klog_ok" = 0 ] || dmesg)
check_kernel_log() {
	local last='' i
	kbad=
	[ "$klog_ok" = 1 ] || return 0
	[ ${#klog[@]} -eq 0 ] || last=${klog[${#klog[@]} - 1]}
	mapfile -t klog < <(dmesg)
	for ((i = ${#klog[@]} - 1; i >= 0; i--)); do
		[ "${klog[i]}" = "$last" ] && break
	done
	for ((i++; i < ${#klog[@]}; i++)); do
		[[ ${klog[i]} =~ $bad_re ]] && kbad+="${klog[i]}"$'\n'
	done
	kbad=${kbad%$'\n'}
}

echo "1..${#names[@]}"
n=0
start=$SECONDS
out=$work/stdout
err=$work/stderr
times=()
for name in "${names[@]}"; do
	n=$((n + 1))
	t0=$SECONDS
	base=$testdir/$name
	dir=${base%/*}
	file=${base##*/}
	limit=${D_TEST_TIMEOUT:-30}
	[ -r "$base.timeout" ] && read -r limit <"$base.timeout"
	why=()
	skip=
	status=0
	if [ -e "$base.d" ]; then
		flags=()
		[ -r "$base.flags" ] && { read -r -a flags <"$base.flags" || :; }
		(cd "$dir" && TMPDIR=$work/tmp exec timeout -k 5 "$limit" \
			"$dtrace" "${flags[@]}" -s "$file.d") \
			</dev/null >"$out" 2>"$err" || status=$?
		want=0
		[ -r "$base.status" ] && read -r want <"$base.status"
		out_ok=0
		if ! [ -r "$base.out" ]; then
			why+=("no $name.out")
		elif cmp -s "$base.out" "$out"; then
			out_ok=1
		else
			why+=("stdout differs from $name.out")
		fi
		[ "$status" = "$want" ] || why+=("exit status $status, expected $want")
		err_ok=1
		if [ -r "$base.err" ] && ! cmp -s "$base.err" "$err"; then
			err_ok=0
			why+=("stderr differs from $name.err")
		fi
	else
		# Executable tests choose their shell, others get bash.
		tmp=$work/tmp.$n
		mkdir "$tmp"
		run=(bash "$file.sh")
		[ -x "$base.sh" ] && run=("./$file.sh")
		(cd "$dir" && DTRACE=$dtrace TMPDIR=$tmp exec timeout -k 5 \
			"$limit" "${run[@]}") </dev/null >"$out" 2>"$err" ||
			status=$?
		rm -rf "$tmp"
		if [ "$status" = 77 ]; then
			skip=$(grep -v '^[[:space:]]*$' "$out" | tail -n 1)
			skip=${skip:-no reason given}
		elif [ "$status" != 0 ]; then
			why+=("exit status $status")
		fi
	fi
	if [ "$status" = 124 ] || [ "$status" = 137 ]; then
		why+=("timed out after ${limit}s")
	fi
	times+=("$((SECONDS - t0)) $name")
	check_kernel_log
	[ -z "$kbad" ] || why+=("the kernel logged a problem")

	if [ ${#why[@]} -eq 0 ] && [ -n "$skip" ]; then
		echo "ok $n - $name # SKIP $skip"
		skipped=$((skipped + 1))
		skipped_names+=("$name")
	elif [ ${#why[@]} -eq 0 ]; then
		echo "ok $n - $name"
		passed=$((passed + 1))
	else
		echo "not ok $n - $name"
		failed=$((failed + 1))
		printf '# %s\n' "${why[@]}"
		if [ -e "$base.d" ]; then
			if [ -r "$base.out" ] && [ "$out_ok" = 0 ]; then
				diff -u --label "$name.out" --label stdout \
					"$base.out" "$out" >"$work/diff" || :
				diag "stdout diff:" "$work/diff"
			fi
			if [ "$err_ok" = 0 ]; then
				diff -u --label "$name.err" --label stderr \
					"$base.err" "$err" >"$work/diff" || :
				diag "stderr diff:" "$work/diff"
			elif ! [ -r "$base.err" ]; then
				diag "stderr:" "$err"
			fi
		else
			diag "stdout:" "$out"
			diag "stderr:" "$err"
		fi
		[ -z "$kbad" ] || while IFS= read -r l; do
			echo "# kernel: $l"
		done <<<"$kbad"
	fi
done

echo "# $((SECONDS - start))s for ${#names[@]} tests; the slowest:"
# where a suite's time goes (CI's limit is 90 minutes for all of it)
printf '%s\n' "${times[@]}" | sort -rn | head -n 12 |
	awk '{ printf "#   %4ds %s\n", $1, $2 }'
tally_end
[ "$failed" = 0 ]
