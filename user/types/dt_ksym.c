// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel symbols by name (dt_ksym.h): one pass over kallsyms, whose
 * lines are "ADDRESS TYPE NAME" and, for a module's, "\t[MODULE]".
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ksym.h"

int dt_ksym_addr(const char *path, const char *mod, const char *name,
		 uint64_t *addr, char *err, size_t errlen)
{
	bool kernel = !mod || !*mod || !strcmp(mod, "vmlinux");
	size_t mlen = kernel ? 0 : strlen(mod);
	char *line = NULL, *p, *sym, *m;
	size_t cap = 0;
	bool hidden = false;
	int rc = -1;
	FILE *fp;

	/* another file for tests and fuzzers, as DTRACE_TRACEFS */
	if (!path)
		path = getenv("DTRACE_KALLSYMS");
	if (!path)
		path = "/proc/kallsyms";
	fp = fopen(path, "r");
	if (!fp) {
		snprintf(err, errlen, "cannot read %s: %s", path,
			 strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, fp) > 0) {
		uint64_t a = strtoull(line, &p, 16);

		/* " T name": the type letter, then the name */
		if (p == line || strlen(p) < 4 || p[0] != ' ' || p[2] != ' ')
			continue;
		sym = p + 3;
		sym[strcspn(sym, "\t\n ")] = '\0';
		if (strcmp(sym, name))
			continue;
		/* a module's symbol is followed by "\t[mod]" */
		m = strchr(sym + strlen(sym) + 1, '[');
		if (kernel ? m != NULL : !m || strncmp(m + 1, mod, mlen) ||
		    m[1 + mlen] != ']')
			continue;
		if (!a) {
			hidden = true;
			continue;
		}
		*addr = a;
		rc = 0;
		break;
	}
	fclose(fp);
	free(line);
	if (rc && hidden)
		snprintf(err, errlen, "%s shows no kernel addresses (run as "
			 "root, or lower kernel.kptr_restrict)", path);
	else if (rc)
		snprintf(err, errlen, "Unknown symbol name");
	return rc;
}
