#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Last, as it cannot be undone in this boot: a kernel locked down for
# integrity refuses copyout( ) and copyoutstr( ) (it let them write user
# memory before); one locked down for confidentiality refuses tracing,
# and the command says why. A consumer that opened the device before the
# lockdown is refused at ENABLE and GO (it was let start tracing before).
set -u
. ./skip.inc
ld=/sys/kernel/security/lockdown
[ -e "$ld" ] || mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
[ -w "$ld" ] || skip "no lockdown LSM in this kernel: nothing to lock down"
inc=$(cd ../../include && pwd)
# Integrity first. A consumer whose clause calls copyoutstr( ), enabled
# before the lockdown, is refused at GO (it started before).
cat >"$TMPDIR/wlate.c" <<'C'
#include <stdio.h>
#include "clause.h"
int main(int argc, char **argv)
{
	struct dif_insn p[] = {
		INSN(SETI, 1, 0, 0, 0), INSN(PUSHTV, 0, 1, 0, 0),
		INSN(PUSHTV, 0, 1, 0, 0), INSN(PUSHTV, 0, 1, 0, 0),
		INSN(CALL, 2, 0, 0, DIF_SUBR_COPYOUTSTR), INSN(RET, 0, 2, 0, 0),
	};
	struct dtrace_ioc_options o = { .do_size = sizeof(o) };
	int fd = open("/dev/dtrace", O_RDWR), lfd, go;
	struct clause c;

	o.do_flags = DTRACE_OPT_DESTRUCTIVE;
	if (fd < 0 || argc < 2 || ioctl(fd, DTRACE_IOC_OPTIONS, &o))
		return 2;
	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD,
		   clause_prog(&c, p, 6, NULL, 0, DIF_TYPE_INT, 8), 0, 8);
	if (ioctl(fd, DTRACE_IOC_ENABLE, c.buf)) {
		printf("enable: %s %s\n", strerror(errno), c.log);
		return 2;
	}
	lfd = open(argv[1], O_WRONLY);
	if (lfd < 0 || write(lfd, "integrity", 9) != 9)
		return 2;
	go = ioctl(fd, DTRACE_IOC_GO) ? errno : 0;
	printf("go %s\n", strerror(go));
	return 0;
}
C
cc -I"$inc" -I../kmod -o "$TMPDIR/wlate" "$TMPDIR/wlate.c" || exit 1
got=$("$TMPDIR/wlate" "$ld")
[ "$got" = "go Operation not permitted" ] ||
	{ echo "integrity, late consumer: got '$got'"; exit 1; }
# User-memory writes (copyout, copyoutstr) are refused with a message,
# as bpf_probe_write_user( ) is; reading still runs.
if grep -q '\[integrity\]' "$ld"; then
	out=$("$DTRACE" -qn 'BEGIN { printf("read\n"); exit(0); }' 2>&1)
	[ "$out" = read ] || { echo "integrity, reading: got '$out'"; exit 1; }
	err=$("$DTRACE" -qw -n 'BEGIN { copyoutstr("x", 0, 1); exit(0); }' 2>&1)
	st=$?
	[ $st = 1 ] || { echo "integrity, copyoutstr: status $st"; exit 1; }
	[ "$err" = "dtrace: failed to enable ':::BEGIN': the kernel is locked down (integrity) and forbids writing user memory (copyout, copyoutstr)" ] ||
		{ echo "integrity, copyoutstr: got '$err'"; exit 1; }
	# raise( ) writes no memory: -w alone is not refused
	out=$("$DTRACE" -qw -n 'BEGIN { printf("w\n"); exit(0); }' 2>&1)
	[ "$out" = w ] || { echo "integrity, -w: got '$out'"; exit 1; }
fi
cat >"$TMPDIR/late.c" <<'C'
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <dtrace/dtrace_ioctl.h>
int main(int argc, char **argv)
{
	struct dtrace_ioc_enable e;
	int fd = open("/dev/dtrace", O_RDWR), lfd, en, go;

	if (fd < 0 || argc < 2)
		return 2;
	lfd = open(argv[1], O_WRONLY);	/* lock down with the device open */
	if (lfd < 0 || write(lfd, "confidentiality", 15) != 15)
		return 2;
	memset(&e, 0, sizeof(e));
	e.de_size = sizeof(e);
	en = ioctl(fd, DTRACE_IOC_ENABLE, &e) ? errno : 0;
	go = ioctl(fd, DTRACE_IOC_GO) ? errno : 0;
	printf("enable %s, go %s\n", strerror(en), strerror(go));
	return 0;
}
C
cc -I"$inc" -o "$TMPDIR/late" "$TMPDIR/late.c" || exit 1
got=$("$TMPDIR/late" "$ld")
[ "$got" = "enable Operation not permitted, go Operation not permitted" ] ||
	{ echo "late consumer: got '$got'"; exit 1; }
err=$("$DTRACE" -n 'BEGIN { exit(0); }' 2>&1)
st=$?
[ $st = 1 ] || { echo "status $st"; exit 1; }
[ "$err" = "dtrace: failed to initialize dtrace: the kernel is locked down (confidentiality) and forbids reading its memory: /dev/dtrace: Operation not permitted" ] ||
	{ echo "got '$err'"; exit 1; }
