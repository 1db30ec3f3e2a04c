/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the compile-check tables share: a program with the error it must
 * give (tag, line, DTrace's words), or none, and one case's run.
 */
#ifndef _CHECK_TEST_H
#define _CHECK_TEST_H

#include <string.h>

#include "dt_compile.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

struct check_case {
	const char	*src;
	const char	*tag;	/* NULL: compiles, and its DIF verifies */
	int		line;	/* 0: any */
	const char	*msg;
};

/* Compile c->src as t.d: false, and why in the log, if not as c says. */
static inline bool check_case_run(const struct check_case *c,
				  struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char err[1024];
	bool ok = true;
	int rc;

	dt_options_init(&o);
	dt_pcb_init(&pcb, c->src, "t.d", &o);
	rc = dt_compile(&pcb, &cp);
	if (!c->tag) {
		if (rc) {
			TH_LOG("%s: [%s] line %d: %s", c->src, pcb.pcb_errtag,
			       pcb.pcb_errline, pcb.pcb_errmsg);
		} else if (dt_cprog_verify(&cp, err, sizeof(err))) {
			TH_LOG("%s: DIF rejected: %s", c->src, err);
			rc = -1;
		}
		ok = !rc;
	} else if (rc != -1) {
		TH_LOG("%s: compiled", c->src);
		ok = false;
	} else if (strcmp(pcb.pcb_errmsg, c->msg) ||
		   strcmp(pcb.pcb_errtag, c->tag) ||
		   (c->line && pcb.pcb_errline != c->line)) {
		TH_LOG("%s:\n got [%s] line %d: %s\nwant [%s] line %d: %s",
		       c->src, pcb.pcb_errtag, pcb.pcb_errline, pcb.pcb_errmsg,
		       c->tag, c->line, c->msg);
		ok = false;
	}
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return ok;
}

#endif /* _CHECK_TEST_H */
