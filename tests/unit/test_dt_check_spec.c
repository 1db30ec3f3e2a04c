// SPDX-License-Identifier: GPL-2.0
/*
 * The order of actions around speculate( ), commit( ) and discard( )
 * (dt_check_spec.c): each of DTrace's rules with its tag and words, and
 * what DTrace allows.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <string.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

/* Compile @src: 0, or -1 with *tag, *msg and *line of the error. */
static int compile(const char *src, char *tag, char *msg, int *line)
{
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	char err[1024];
	int rc;

	dt_options_init(&o);
	dt_pcb_init(&pcb, src, "t.d", &o);
	rc = dt_compile(&pcb, &cp);
	if (rc) {
		strcpy(tag, pcb.pcb_errtag);
		strcpy(msg, pcb.pcb_errmsg);
		*line = pcb.pcb_errline;
	} else if (dt_cprog_verify(&cp, err, sizeof(err))) {
		strcpy(tag, "DIF");
		strcpy(msg, err);
		rc = -1;
	}
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return rc;
}

#define REFUSED(src, want_tag, want_line, want_msg) do {		\
	char tag[64] = "", msg[1024] = "";				\
	int line = 0;							\
									\
	ASSERT_EQ(-1, compile(src, tag, msg, &line));			\
	EXPECT_STREQ(want_tag, tag);					\
	EXPECT_STREQ(want_msg, msg);					\
	EXPECT_EQ(want_line, line);					\
} while (0)

#define ACCEPTED(src) do {						\
	char tag[64] = "", msg[1024] = "";				\
	int line = 0;							\
									\
	if (compile(src, tag, msg, &line))				\
		TH_LOG("%s: [%s] line %d: %s", src, tag, line, msg);	\
	EXPECT_STREQ("", tag);						\
} while (0)

TEST(agg_after_speculate)
{
	REFUSED("BEGIN { speculate(1);\n@a = count(); }", "D_AGG_SPEC", 2,
		"aggregating actions may not follow speculate( )");
	REFUSED("BEGIN { speculate(1); @a[1] = sum(2); }", "D_AGG_SPEC", 1,
		"aggregating actions may not follow speculate( )");
}

TEST(exit_after_speculate)
{
	REFUSED("BEGIN { speculate(1);\ntrace(1);\nexit(0); }", "D_EXIT_SPEC",
		3, "exit( ) may not follow speculate( )");
}

TEST(speculate_after_data)
{
	REFUSED("BEGIN { trace(1);\nspeculate(1); }", "D_SPEC_DREC", 2,
		"speculate( ) may not follow data-recording action(s)");
	REFUSED("BEGIN { @a = count(); speculate(1); }", "D_SPEC_DREC", 1,
		"speculate( ) may not follow data-recording action(s)");
	REFUSED("BEGIN { trace(1); if (arg0) speculate(1); }", "D_SPEC_DREC",
		1, "speculate( ) may not follow data-recording action(s)");
}

TEST(speculate_after_speculate)
{
	REFUSED("BEGIN { speculate(1);\nspeculate(2); }", "D_SPEC_SPEC", 2,
		"speculate( ) may not follow speculate( )");
}

TEST(speculate_after_commit)
{
	REFUSED("BEGIN { commit(1);\nspeculate(2); }", "D_SPEC_COMM", 2,
		"speculate( ) may not follow commit( )");
}

TEST(agg_after_commit)
{
	REFUSED("BEGIN { commit(1);\n@a = count(); }", "D_AGG_COMM", 2,
		"aggregating actions may not follow commit( )");
}

TEST(commit_after_data)
{
	REFUSED("BEGIN { trace(1);\ncommit(1); }", "D_COMM_DREC", 2,
		"commit( ) may not follow data-recording action(s)");
	REFUSED("BEGIN { @a = count(); commit(1); }", "D_COMM_DREC", 1,
		"commit( ) may not follow data-recording action(s)");
}

TEST(commit_after_commit)
{
	REFUSED("BEGIN { commit(1);\ncommit(2); }", "D_COMM_COMM", 2,
		"commit( ) may not follow commit( )");
}

TEST(data_after_commit)
{
	REFUSED("BEGIN { commit(1);\nprintf(\"x\"); }", "D_DREC_COMM", 2,
		"data-recording actions may not follow commit( )");
	REFUSED("BEGIN { commit(1); exit(0); }", "D_DREC_COMM", 1,
		"data-recording actions may not follow commit( )");
}

/* Before -w is looked at: the compiler knows nothing of it. */
TEST(destructive_after_speculate)
{
	REFUSED("BEGIN { speculate(1);\nraise(9); }", "D_ACT_SPEC", 2,
		"destructive actions may not follow speculate( )");
	REFUSED("BEGIN { speculate(1); chill(1); }", "D_ACT_SPEC", 1,
		"destructive actions may not follow speculate( )");
	REFUSED("BEGIN { speculate(1); system(\"true\"); }", "D_ACT_SPEC", 1,
		"destructive actions may not follow speculate( )");
	REFUSED("BEGIN { speculate(1); stop(); }", "D_ACT_SPEC", 1,
		"destructive actions may not follow speculate( )");
}

/* DTrace allows these; the module would end it under its own record. */
TEST(end_in_speculating_clause)
{
	REFUSED("BEGIN { speculate(1);\ndiscard(1); }", "D_UNSUPPORTED", 2,
		"discard( ) in a clause that speculates is not supported");
	REFUSED("BEGIN { speculate(1); commit(2); }", "D_UNSUPPORTED", 1,
		"commit( ) in a clause that speculates is not supported");
}

TEST(what_dtrace_allows)
{
	/* discard( ) records nothing: data and exit( ) may follow it */
	ACCEPTED("BEGIN { discard(1); trace(1); exit(0); }");
	ACCEPTED("BEGIN { trace(1); discard(1); }");
	ACCEPTED("BEGIN { discard(1); discard(2); }");
	/* chill( ) records nothing: speculate( ) may follow it */
	ACCEPTED("BEGIN { chill(1); speculate(1); trace(1); }");
	/* assignments record nothing */
	ACCEPTED("BEGIN { self->s = speculation(); speculate(self->s); "
		 "printf(\"%d\", 1); }");
	ACCEPTED("BEGIN { self->s = 1; commit(self->s); self->s = 0; }");
	ACCEPTED("BEGIN { speculate(1); trace(1); printf(\"x\"); "
		 "stack(); }");
}

TEST_HARNESS_MAIN
