#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# self-> arrays are per thread: the target does not see the consumer's
# elements, and its own are its own.
set -eu
out=$("$DTRACE" -q -c 'sh -c exit' -n '
	BEGIN { self->a[1, "k"] = 1; }
	syscall::exit_group:entry /pid == $target/ {
		printf("target %d", self->a[1, "k"]);
		self->a[1, "k"] = 2;
		printf(" %d\n", self->a[1, "k"]);
	}
	END { printf("consumer %d\n", self->a[1, "k"]); }')
[ "$out" = "$(printf 'target 0 2\nconsumer 1')" ] || { echo "got '$out'"; exit 1; }
