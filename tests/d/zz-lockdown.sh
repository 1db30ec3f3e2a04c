#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Last, as it cannot be undone in this boot: a kernel locked down for
# integrity refuses copyout( ) and copyoutstr( ) (it let them write user
# memory before); one locked down for confidentiality refuses tracing,
# and the command says why. A consumer that opened the device before the
# lockdown is refused at ENABLE and GO (it was let start tracing before).
set -u
ld=/sys/kernel/security/lockdown
[ -e "$ld" ] || mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
[ -w "$ld" ] || { echo "# no lockdown LSM: nothing to test"; exit 0; }
# Integrity first: user-memory writes (copyout, copyoutstr) are refused
# with a message, as bpf_probe_write_user( ) is; reading still runs.
echo integrity >"$ld" 2>/dev/null
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
inc=$(cd ../../include && pwd)
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
