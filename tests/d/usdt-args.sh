#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# USDT probes of <sys/sdt.h> appear as PROVIDERPID:MODULE:FUNCTION:NAME,
# their arguments decoded from the notes' specs (registers, memory,
# constants, signed), and a semaphore is set only while enabled.
set -eu
d=${TMPDIR:-/tmp}
cat >"$d/usdt.c" <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <sys/sdt.h>

/* With semaphores on, every probe has one; the module counts them. */
#define SEM(n) unsigned short myapp_##n##_semaphore \
	__attribute__((section(".probes")))
SEM(tick);
SEM(guarded);
SEM(msg);

int main(int argc, char **argv)
{
	volatile long big = 1234567890123L;
	volatile short neg = -7;
	/* on the stack: a page probe context can read without a fault */
	char msg[] = "hello usdt";
	FILE *f = argc > 1 ? fopen(argv[1], "w") : stdout;
	int i, guarded = 0;

	for (i = 0; i < 4; i++) {
		STAP_PROBE4(myapp, tick, i, big, neg, -5);
		if (myapp_guarded_semaphore) {
			guarded++;
			STAP_PROBE1(myapp, guarded, i);
		}
	}
	STAP_PROBE1(myapp, msg, msg);
	fprintf(f, "guarded %d\n", guarded);
	return 0;
}
C
gcc -O1 -o "$d/usdt" "$d/usdt.c"
[ "$("$d/usdt")" = "guarded 0" ]

out=$("$DTRACE" -q -c "$d/usdt $d/guarded" -n '
myapp$target:usdt:main:tick { printf("tick %d %d %d %d\n", arg0, arg1, arg2, arg3); }
myapp$target:::guarded { @g = sum(arg0); }
myapp$target:::msg { printf("%s\n", copyinstr(arg0)); }
END { printa("sum %@d\n", @g); }')
exp='tick 0 1234567890123 -7 -5
tick 1 1234567890123 -7 -5
tick 2 1234567890123 -7 -5
tick 3 1234567890123 -7 -5
hello usdt
sum 6'
[ "$out" = "$exp" ] || { echo "got '$out'"; exit 1; }
[ "$(cat "$d/guarded")" = "guarded 4" ] || { cat "$d/guarded"; exit 1; }

out=$("$DTRACE" -l -n 'myapp$target:::' -c "$d/usdt")
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +myapp[0-9]+ +usdt +main +tick$' ||
	{ echo "$out"; exit 1; }
[ "$(printf '%s\n' "$out" | sed 1d | wc -l)" = 3 ] || { echo "$out"; exit 1; }
