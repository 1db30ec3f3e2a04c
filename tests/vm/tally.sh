# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Sourced by the runners that count tests. A runner ends with
#   skipped: NAME...                   (only when some were skipped)
#   N passed, N failed[, N skipped]    (", N skipped" only when N > 0)
# and the runners that run others add up those lines (tally_add) and
# kselftest's "# Totals: pass:N fail:N xfail:N xpass:N skip:N error:N"
# (tally_ksft). A skipped test is one that could not check what it
# exists for: it neither passes nor fails. Counts in passed, failed,
# skipped; the skipped tests' names in skipped_names.
passed=0
failed=0
skipped=0
skipped_names=()
tally_re='^([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$'

# tally_add TEXT STATUS [PREFIX]: adds TEXT's last tally; no tally line,
# or a non-zero STATUS with no failure counted, is one failure (an
# empty selection, a runner that died). Returns 1 if it counted one.
tally_add() {
	local l p='' f='' s=0 names=() more
	while IFS= read -r l; do
		if [[ $l =~ $tally_re ]]; then
			p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
			s=${BASH_REMATCH[4]:-0}
		elif [[ $l == 'skipped: '* ]]; then
			read -ra more <<<"${l#skipped: }"
			names+=("${more[@]/#/${3:-}}")
		fi
	done <<<"$1"
	passed=$((passed + ${p:-0}))
	failed=$((failed + ${f:-0}))
	skipped=$((skipped + s))
	skipped_names+=("${names[@]}")
	if [ -z "$f" ] || { [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		failed=$((failed + 1))
		return 1
	fi
}

# tally_ksft TEXT STATUS NAME: a kselftest binary's totals, its skipped
# tests named NAME:TEST; no totals, or a non-zero STATUS with no
# failure counted, is one failure. Returns 1 if it counted one.
tally_ksft() {
	local re='^# Totals: pass:([0-9]+) fail:([0-9]+) xfail:([0-9]+) xpass:([0-9]+) skip:([0-9]+) error:([0-9]+)'
	local l f=''
	while IFS= read -r l; do
		if [[ $l =~ $re ]]; then
			# an expected failure is a pass, an unexpected pass
			# or an error a failure
			passed=$((passed + BASH_REMATCH[1] + BASH_REMATCH[3]))
			f=$((BASH_REMATCH[2] + BASH_REMATCH[4] + BASH_REMATCH[6]))
			skipped=$((skipped + BASH_REMATCH[5]))
		elif [[ $l =~ ^ok\ [0-9]+\ ([^ ]+)\ \#\ SKIP ]]; then
			skipped_names+=("$3:${BASH_REMATCH[1]}")
		fi
	done <<<"$1"
	failed=$((failed + ${f:-0}))
	if [ -z "$f" ] || { [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; }; then
		failed=$((failed + 1))
		return 1
	fi
}

# The closing lines.
tally_end() {
	[ ${#skipped_names[@]} -eq 0 ] || echo "skipped: ${skipped_names[*]}"
	if [ "$skipped" -gt 0 ]; then
		echo "$passed passed, $failed failed, $skipped skipped"
	else
		echo "$passed passed, $failed failed"
	fi
}
