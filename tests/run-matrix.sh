#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check-matrix: build the module for each kernel of the matrix
# (Debian 11's 5.10, extracted under build/ by make deps; Debian 12's
# 6.1, 6.1 PREEMPT_RT and 6.12; Debian 13's 6.12 and testing's newest
# kernel, each in its release's root under build/, made by make
# deps) and run the guest suite on each, one boot per kernel, a
# release's kernel on its root. Ends with "N passed, N failed"
# (tests/vm/tally.sh: with ", N skipped" and a "skipped: KVER:NAME..."
# line if tests skipped).
# MATRIX="KVER ..." overrides the list; MATRIX_SUITE names the guest's
# command (default tests/guest-suite.sh), MATRIX_SUITE_ARGS its
# arguments (make check gives --subset).
# MATRIX_DKMS=1 builds the module through DKMS for each kernel too, as
# the package would (tests/dkms-build.sh).
# MATRIX_NOBOOT="KVER ..." names kernels of the list that are built (and
# DKMS-built) but not booted: make check boots one of two kernels of the
# same series.
set -u
cd "$(dirname "$0")/.."
list=${MATRIX:-$(tests/vm/kernel-root.sh --list)}
# shellcheck source=tests/vm/tally.sh
. tests/vm/tally.sh
for k in $list; do
	echo "== $k"
	src=build/matrix/$k
	if ! tests/kmod-build.sh "$k"; then
		echo "not ok - build for $k"
		tail -n 20 "$src.build.log" | sed 's/^/#   /'
		failed=$((failed + 1))
		continue
	fi
	echo "ok - build for $k"
	passed=$((passed + 1))
	if [ "${MATRIX_DKMS:-0}" = 1 ]; then
		if tests/dkms-build.sh "$k" >"$src.dkms.log" 2>&1; then
			echo "ok - dkms build for $k"
			passed=$((passed + 1))
		else
			echo "not ok - dkms build for $k"
			tail -n 20 "$src.dkms.log" | sed 's/^/#   /'
			failed=$((failed + 1))
		fi
	fi
	case " ${MATRIX_NOBOOT:-} " in
	*" $k "*)
		echo "# $k: built, not booted (MATRIX_NOBOOT)"
		continue ;;
	esac
	t0=$SECONDS
	# make check's part takes minutes; the whole suite (make
	# check-matrix) took 52 minutes on 7.2 with the host idle
	case " ${MATRIX_SUITE_ARGS:-} " in
	*" --subset "*) limit=1200 ;;
	*) limit=5400 ;;
	esac
	out=$(tests/vm/run-guest.sh --kver "$k" \
		--timeout "${SUITE_TIMEOUT:-$limit}" \
		--module "$src/kmod/dtrace.ko" -- \
		"${MATRIX_SUITE:-tests/guest-suite.sh}" \
		${MATRIX_SUITE_ARGS:-} 2>&1)
	rc=$?
	# Failures as "not ok - KVER: test", so that make check shows them,
	# each with the first lines of its diagnostics.
	echo "$out" | awk -v k="$k" '
		/^not ok/ { sub(/^not ok( [0-9]+)? - /, "not ok - " k ": ")
			print; show = 50; next }
		/^ok/ { show = 0; next }
		show > 0 && /^#/ { sub(/^# ?/, ""); print "#   " $0; show-- }'
	echo "$out" | grep -E '^vm: (FAIL|guest kernel)' | sed "s|^|# $k: |"
	p0=$passed f0=$failed s0=$skipped
	tally_add "$out" "$rc" "$k:"
	echo "# $k: $((passed - p0)) passed, $((failed - f0)) failed," \
		"$((skipped - s0)) skipped (exit $rc, $((SECONDS - t0)) s)"
done
tally_end
[ "$failed" -eq 0 ]
