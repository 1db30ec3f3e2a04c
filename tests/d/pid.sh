#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# BEGIN runs in the dtrace process: pid is its pid.
set -eu
out=$(sh -c 'echo $$; exec "$0" -qn "BEGIN { printf(\"%d\\n\", pid); exit(0); }"' "$DTRACE")
first=$(printf '%s\n' "$out" | sed -n 1p)
second=$(printf '%s\n' "$out" | sed -n 2p)
[ "$first" = "$second" ] || { echo "got '$out'"; exit 1; }
