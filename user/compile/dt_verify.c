// SPDX-License-Identifier: GPL-2.0
/*
 * The generated DIF, seen through dif/: its loader and verifier check
 * every object before the module does (a failure is our bug), and its
 * disassembler prints them for -S.
 */
#include <stdlib.h>
#include <string.h>

#include "dif_vm.h"
#include "dt_compile.h"

static int dt_difo_verify(const struct dt_difo *d, const char *what,
			  char *err, size_t errlen)
{
	struct dif_prog prog;
	struct dif_log log;
	char buf[1024] = "";
	size_t len;
	void *blob = dt_difo_blob(d, &len);
	int rc;

	if (!blob) {
		snprintf(err, errlen, "%s: out of memory", what);
		return -1;
	}
	log.buf = buf;
	log.size = sizeof(buf);
	log.len = 0;
	rc = dif_prog_load(&prog, blob, (u32)len, &log);
	free(blob);
	if (rc) {
		snprintf(err, errlen, "%s: %s", what, buf);
		return -1;
	}
	return 0;
}

int dt_cprog_verify(const struct dt_cprog *cp, char *err, size_t errlen)
{
	char what[64];
	int i, j;

	for (i = 0; i < cp->cp_necbs; i++) {
		const struct dt_ecb *e = &cp->cp_ecbs[i];

		snprintf(what, sizeof(what), "clause %d predicate", i + 1);
		if (e->e_haspred && dt_difo_verify(&e->e_pred, what, err,
						   errlen))
			return -1;
		for (j = 0; j < e->e_nacts; j++) {
			if (e->e_acts[j].a_nodif)
				continue;
			snprintf(what, sizeof(what), "clause %d action %d",
				 i + 1, j + 1);
			if (dt_difo_verify(&e->e_acts[j].a_difo, what, err,
					   errlen))
				return -1;
		}
	}
	return 0;
}

static void dt_disasm_line(void *arg, const char *line)
{
	fprintf(arg, "%s\n", line);
}

static void dt_difo_disasm(const struct dt_difo *d, const char *what,
			   FILE *fp)
{
	struct dif_prog prog;
	size_t len;
	void *blob = dt_difo_blob(d, &len);

	fprintf(fp, "\n%s:\n", what);
	if (!blob)
		return;
	if (dif_prog_load(&prog, blob, (u32)len, NULL) == 0)
		dif_disasm(&prog, dt_disasm_line, fp);
	free(blob);
}

void dt_cprog_disasm(const struct dt_cprog *cp, FILE *fp)
{
	char what[128];
	int i, j;

	for (i = 0; i < cp->cp_necbs; i++) {
		const struct dt_ecb *e = &cp->cp_ecbs[i];
		const struct dt_pdesc *pd = e->e_clause->c_probes;

		if (e->e_haspred) {
			snprintf(what, sizeof(what), "%s predicate",
				 pd ? pd->pd_text : "");
			dt_difo_disasm(&e->e_pred, what, fp);
		}
		for (j = 0; j < e->e_nacts; j++) {
			if (e->e_acts[j].a_nodif)
				continue;
			snprintf(what, sizeof(what), "%s action #%d",
				 pd ? pd->pd_text : "", j + 1);
			dt_difo_disasm(&e->e_acts[j].a_difo, what, fp);
		}
	}
}
