#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# -V names the command, the D version and the module's version.
set -eu
out=$("$DTRACE" -V)
printf '%s\n' "$out" | grep -q '^dtrace: DTrace for Linux .*, D 1\.[0-9]*; module ABI [0-9]*$'
printf '%s\n' "$out" | grep -q '^dtrace: module: dtrace .*, ABI [0-9]*$'
