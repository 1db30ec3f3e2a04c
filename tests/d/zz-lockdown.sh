#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Last, as it cannot be undone in this boot: a kernel locked down for
# confidentiality refuses tracing, and the command says why. A consumer
# that opened the device before the lockdown is refused at ENABLE and
# GO (it was let start tracing before).
set -u
. ./skip.inc
ld=/sys/kernel/security/lockdown
[ -e "$ld" ] || mount -t securityfs securityfs /sys/kernel/security 2>/dev/null
[ -w "$ld" ] || skip "no lockdown LSM in this kernel: nothing to lock down"
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
