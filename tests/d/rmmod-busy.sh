#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rmmod is refused while a consumer has the device open.
set -u
exec 3<>/dev/dtrace || exit 1
if rmmod dtrace 2>/dev/null; then
	echo "rmmod succeeded with a consumer open"
	exit 1
fi
exec 3>&-
exit 0
