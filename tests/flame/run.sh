#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/flame/run.sh: a profile-997 run in a guest (tests/flame/guest.sh)
# gives an HTML flame graph that headless Chromium renders with the
# workload's hot function (vfs_read) among its frames, and folded
# stacks that speedscope (npm) imports, loaded the way its own command
# loads a file (loadFileFromBase64), in the same browser. The pages'
# screenshots stay in build/flame/. Ends with the tally line
# (tests/vm/tally.sh); without chromium, the vendored page
# (make flamegraph) or speedscope, a skip.
set -u
cd "$(dirname "$0")/../.." || exit 1
out=$PWD/build/flame
ss=$PWD/build/npm-speedscope/node_modules/speedscope
passed=0
failed=0
browser=$(command -v chromium || command -v chromium-browser || :)
if [ -z "$browser" ] || [ ! -r build/flamegraph/flamegraph.html ] ||
	[ ! -r "$ss/dist/release/index.html" ]; then
	echo "skipped: flamegraph-chromium"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
ok() { echo "ok - $1"; passed=$((passed + 1)); }
nok() { echo "not ok - $1"; failed=$((failed + 1)); }
# headless ARGS... URL: the browser's answer (a DOM, or nothing)
headless() {
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-dev-shm-usage --no-first-run \
		--user-data-dir="$out/chromium" --virtual-time-budget=10000 \
		"$@" 2>>"$out/chromium.log"
}

rm -rf "$out"
mkdir -p "$out"
tag=flame-$$-$RANDOM
if tests/vm/run-guest.sh --timeout 300 --module kmod/dtrace.ko -- \
	tests/flame/guest.sh "$PWD/user/dtrace" "$tag" >"$out/guest.out" 2>&1; then
	ok "guest profile"
else
	nok "guest profile"
	tail -n 20 "$out/guest.out" | sed 's/^/#   /'
fi
run=$(dirname "$(grep -l -- "$tag" build/vm/runs/*/job.sh | head -n 1)")
cp "$run/profile.folded" "$run/profile.html" "$out/" 2>/dev/null

# the page: self-contained (no script from elsewhere), rendered
if grep -Eq '<script[^>]+src=' "$out/profile.html" 2>/dev/null; then
	nok "flame graph page loads nothing from elsewhere"
else
	ok "flame graph page loads nothing from elsewhere"
fi
headless --dump-dom "file://$out/profile.html" >"$out/profile.dom"
if grep -q '<svg[^>]*d3-flame-graph' "$out/profile.dom" &&
	grep -Eq '<title>vmlinux`vfs_read \([0-9.]+%, [0-9]+ samples\)</title>' \
		"$out/profile.dom"; then
	ok "Chromium renders the flame graph with vfs_read"
else
	nok "Chromium renders the flame graph with vfs_read"
	head -c 2000 "$out/profile.dom" | sed 's/^/#   /'
fi
headless --window-size=1200,700 --screenshot="$out/flamegraph.png" \
	"file://$out/profile.html" >/dev/null
if [ -s "$out/flamegraph.png" ]; then
	ok "flame graph screenshot: build/flame/flamegraph.png"
else
	nok "flame graph screenshot"
fi

# speedscope, as its command opens a file
printf 'speedscope.loadFileFromBase64("profile.folded", "%s")\n' \
	"$(base64 -w0 "$out/profile.folded")" >"$out/load.js"
url="file://$ss/dist/release/index.html#localProfilePath=$out/load.js"
headless --allow-file-access-from-files --dump-dom "$url" >"$out/speedscope.dom"
if grep -q 'profile.folded' "$out/speedscope.dom" &&
	! grep -Eqi 'unrecognized format|something went wrong' "$out/speedscope.dom"; then
	ok "speedscope imports the folded stacks"
else
	nok "speedscope imports the folded stacks"
	head -c 2000 "$out/speedscope.dom" | sed 's/^/#   /'
fi
headless --allow-file-access-from-files --window-size=1200,700 \
	--screenshot="$out/speedscope.png" "$url" >/dev/null
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
