#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Without the device: DTrace's message with the reason, status 1.
set -u
err=$(DTRACE_DEVICE=/nonexistent/dtrace "$DTRACE" -n BEGIN 2>&1 >/dev/null)
st=$?
[ $st = 1 ] || exit 1
[ "$err" = "dtrace: failed to initialize dtrace: DTrace device not available (is the dtrace module loaded?): /nonexistent/dtrace: No such file or directory" ] ||
	{ echo "got '$err'"; exit 1; }
