// SPDX-License-Identifier: GPL-2.0
/* The compilers' fuzzers' common part: see fuzz_compile.h. */
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_options.h"
#include "dt_program.h"
#include "fuzz_compile.h"

int fz_init(char ***argv)
{
	char self[PATH_MAX], dir[PATH_MAX + 16];
	const char *here;

	if (!realpath((*argv)[0], self))
		snprintf(self, sizeof(self), "%s", (*argv)[0]);
	here = dirname(self);
	snprintf(dir, sizeof(dir), "%s/tracefs", here);
	/* never the system's tracefs, which root would mount */
	setenv("DTRACE_TRACEFS", dir, 1);
	/* nor its kallsyms: slow, and another machine's each run */
	snprintf(dir, sizeof(dir), "%s/kallsyms", here);
	setenv("DTRACE_KALLSYMS", dir, 1);
	return 0;
}

int fz_compile(const uint8_t *data, size_t size, bool bt)
{
	static char *const args[] = { "dtrace", "7", "word", NULL };
	char *src = malloc(size + 1), err[1024];
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	if (!src)
		return 0;
	memcpy(src, data, size);
	src[size] = '\0';
	dt_options_init(&o);
	dt_pcb_init(&pcb, src, "fuzz", &o);
	pcb.pcb_lang = bt;
	pcb.pcb_argc = 3;
	pcb.pcb_argv = args;
	if (dt_compile(&pcb, &cp) == 0 &&
	    dt_cprog_verify(&cp, err, sizeof(err))) {
		fprintf(stderr, "compiled, but the DIF verifier refuses it: "
			"%s\n", err);
		abort();
	}
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	free(src);
	return 0;
}

