/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the bpftrace front end's host tests share (included after
 * kselftest_harness.h): a parse control block set up as the command
 * sets one for a bpftrace program, and the check that a program
 * compiled and that the verifier takes its DIF.
 */
#ifndef BT_TEST_H
#define BT_TEST_H

#include <stdio.h>
#include <stdlib.h>

#include "bt_parse.h"
#include "dt_compile.h"
#include "dt_options.h"
#include "dt_program.h"

/* src as a bpftrace program whose operands are argv (argv[0] the command). */
static inline void bt_test_pcb(const char *src, struct dt_pcb *pcb,
			       struct dt_options *o, int argc,
			       char *const *argv)
{
	dt_pcb_init(pcb, src, NULL, o);
	pcb->pcb_lang = true;
	pcb->pcb_argc = argc;
	pcb->pcb_argv = argv;
}

/* src compiled as a bpftrace program, with argv as its command line. */
static inline int bt_test_compile(const char *src, struct dt_pcb *pcb,
				  struct dt_cprog *cp, struct dt_options *o,
				  int argc, char *const *argv)
{
	dt_options_init(o);
	bt_test_pcb(src, pcb, o, argc, argv);
	return dt_compile(pcb, cp);
}

/* rc, dt_compile( )'s answer for src, is 0 and the DIF verifies; frees. */
static inline void bt_test_verified(const char *src, int rc,
				    struct dt_pcb *pcb, struct dt_cprog *cp,
				    struct __test_metadata *_metadata)
{
	char err[1024];

	if (rc)
		TH_LOG("%s: %s (%d:%d)", src, pcb->pcb_errmsg,
		       pcb->pcb_errline, pcb->pcb_errcol);
	EXPECT_EQ(0, rc);
	if (!rc) {
		rc = dt_cprog_verify(cp, err, sizeof(err));
		if (rc)
			TH_LOG("%s: DIF rejected: %s", src, err);
		EXPECT_EQ(0, rc);
	}
	dt_cprog_free(cp);
	dt_pcb_fini(pcb);
}

/*
 * rc, dt_compile( )'s answer for src, is -1, and bpftrace's print of
 * the error is expect; frees.
 */
static inline void bt_test_printed(int rc, struct dt_pcb *pcb,
				   struct dt_cprog *cp, const char *expect,
				   struct __test_metadata *_metadata)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ASSERT_NE(NULL, fp);
	EXPECT_EQ(-1, rc);
	bt_error_print(pcb, fp);
	fclose(fp);
	EXPECT_STREQ(expect, buf);
	free(buf);
	dt_cprog_free(cp);
	dt_pcb_fini(pcb);
}

#endif
