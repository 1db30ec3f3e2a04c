#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kprobe:F+OFF on an instruction inside vfs_read (the one after the
# ftrace call site, found in the running kernel's text) counts dd's
# reads exactly as kprobe:vfs_read and kprobe:vmlinux:vfs_read do;
# rawtracepoint:sys_enter counts dd's system calls exactly as
# tracepoint:raw_syscalls:sys_enter, and its arg1 is the call's number.
set -eu
. ./bt-lib.inc
bin=$TMPDIR/vfs_read.bin
python3 - "$bin" <<'PY'
import struct, sys
addr = next(int(l.split()[0], 16) for l in open('/proc/kallsyms')
            if l.split()[2] == 'vfs_read')
with open('/proc/kcore', 'rb') as f:
    h = f.read(64)
    phoff, = struct.unpack_from('<Q', h, 32)
    phentsize, phnum = struct.unpack_from('<HH', h, 54)
    for i in range(phnum):
        f.seek(phoff + i * phentsize)
        t, _, off, va, _, fsz = struct.unpack('<IIQQQQ', f.read(40))
        if t == 1 and va <= addr < va + fsz:
            f.seek(off + addr - va)
            open(sys.argv[1], 'wb').write(f.read(64))
            break
PY
# the instruction after the 5-byte nop of the ftrace call site
off=$(objdump -D -b binary -m i386:x86-64 "$bin" | awk -F'[: \t]+' '
	found { print $2; exit } /nopl +0x0\(%rax,%rax,1\)/ { found = 1 }')
# no such nop (5.10 patches its sites otherwise): the second instruction
[ -n "$off" ] || off=$(objdump -D -b binary -m i386:x86-64 "$bin" |
	awk -F'[: \t]+' '/^ +[0-9a-f]+:/ && ++n == 2 { print $2; exit }')
[ -n "$off" ] || { echo "no second instruction in vfs_read"; exit 1; }
out=$(bt_run -c 'dd if=/dev/zero of=/dev/null bs=1 count=50 status=none' -e "
kprobe:vfs_read /comm == \"dd\"/ { @entry = count(); }
kprobe:vfs_read+0x$off /comm == \"dd\"/ { @inside = count(); }
kprobe:vmlinux:vfs_read /comm == \"dd\"/ { @mod = count(); }
rawtracepoint:sys_enter /comm == \"dd\"/ { @raw = count(); }
rawtracepoint:sys_enter /comm == \"dd\" && arg1 == 0/ { @rawread = count(); }
tracepoint:raw_syscalls:sys_enter /comm == \"dd\"/ { @tp = count(); }")
v() { awk -v k="@$1:" '$1 == k { print $2 }' <<<"$out"; }
e=$(v entry)
[ -n "$e" ] && [ "$e" -ge 50 ] && [ "$e" -le 70 ] ||
	{ echo "entry: '$out'"; exit 1; }
[ "$(v inside)" = "$e" ] && [ "$(v mod)" = "$e" ] ||
	{ echo "vfs_read+0x$off: '$out'"; exit 1; }
[ -n "$(v raw)" ] && [ "$(v raw)" = "$(v tp)" ] && [ "$(v rawread)" -ge 50 ] ||
	{ echo "rawtracepoint: '$out'"; exit 1; }

# errors: an offset inside an instruction, a function or a tracepoint
# that does not exist
err() {
	local got
	got=$(bt_run -e "$1 { @ = count(); }" 2>&1) && { echo "$1 ran"; exit 1; }
	[ "$(head -1 <<<"$got")" = "$2" ] || { echo "$1: '$got'"; exit 1; }
}
err kprobe:vfs_read+1 "stdin:1:1-18: ERROR: failed to enable 'kprobe::vfs_read:1': the offset is not an instruction of that function"
err kprobe:no_such_function_x+4 "stdin:1:1-28: ERROR: failed to enable 'kprobe::no_such_function_x:4': no such kernel function"
err rawtracepoint:no_such_tp "stdin:1:1-25: ERROR: probe description rawtracepoint:vmlinux::no_such_tp does not match any probes"
