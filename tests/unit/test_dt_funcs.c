// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in functions' table (compile/dt_funcs.h): one entry per
 * name, each at its id, with bounds and codes that fit its kind; a
 * front end's own table (compile/dt_funcext.h), read after it; and
 * every call of a compiled program resolved to its entry, the bpftrace
 * front end's too.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <string.h>

#include <dtrace/dif.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_frontend.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

TEST(one_entry_per_name)
{
	int id;

	for (id = 0; id < DT_FN_NFUNCS; id++) {
		const struct dt_func *f = dt_func_byid(id);

		EXPECT_EQ(id, f->f_id);
		/* a name found first at another id would be a repeat */
		EXPECT_EQ(f, dt_func_lookup(f->f_name));
		EXPECT_LE(0, f->f_minargs);
		EXPECT_LE(f->f_minargs, f->f_maxargs);
		EXPECT_NE(NULL, f->f_args);
	}
	EXPECT_EQ(NULL, dt_func_lookup("nosuch"));
	EXPECT_EQ(NULL, dt_func_lookup(""));
}

#define SUBR_NARGS(name, n)	[DIF_SUBR_##name] = n,
static const int dif_subr_nargs[] = { DIF_SUBRS(SUBR_NARGS) };

TEST(kinds_and_codes)
{
	int id, naggs = 0, nsubrs = 0;

	for (id = 0; id < DT_FN_NFUNCS; id++) {
		const struct dt_func *f = dt_func_byid(id);

		switch (f->f_kind) {
		case DT_F_SUBR:
			if (f->f_code < 0)
				break;	/* sym( ), func( ), mod( ) */
			nsubrs++;
			/* an argument type for each argument */
			EXPECT_EQ(f->f_maxargs, (int)strlen(f->f_args));
			/*
			 * as many as the subroutine takes from the stack;
			 * index( ), rindex( ), copyinstr( ) have a code of
			 * their own for the longer form (dt_cg.c)
			 */
			ASSERT_GT(DIF_SUBR_COUNT, f->f_code);
			if (dif_subr_nargs[f->f_code] != f->f_maxargs) {
				EXPECT_EQ(dif_subr_nargs[f->f_code],
					  f->f_minargs) TH_LOG("%s", f->f_name);
			}
			break;
		case DT_F_AGG:
			naggs++;
			EXPECT_LE(DTRACE_AGG_COUNT, f->f_code);
			EXPECT_GE(DTRACE_AGG_LLQUANTIZE, f->f_code);
			break;
		default:
			EXPECT_EQ(-1, f->f_code);
			EXPECT_EQ(DT_T_VOID, f->f_ret.kind);
			break;
		}
	}
	EXPECT_EQ(10, naggs);	/* DTrace's nine and stats( ) */
	/* and strtoll( ), link_ntop( ) and the seven lock subroutines */
	EXPECT_EQ(43, nsubrs);
	EXPECT_EQ(DTRACE_AGG_AVG, dt_func_byid(DT_FN_STATS)->f_code);
	EXPECT_EQ(DIF_SUBR_SUBSTR, dt_func_byid(DT_FN_SUBSTR)->f_code);
	EXPECT_EQ(-1, dt_func_byid(DT_FN_SYM)->f_code);
	EXPECT_EQ(DT_F_ACTION, dt_func_lookup("panic")->f_kind);
	EXPECT_EQ(DT_F_AGGACT, dt_func_lookup("printa")->f_kind);
	EXPECT_EQ(DT_F_UNSUPP, dt_func_lookup("jstack")->f_kind);
}

static int compile(const char *src, bool bt, struct dt_pcb *pcb,
		   struct dt_cprog *cp, struct dt_options *o);

/*
 * The bpftrace front end's table: %names D's table does not have, each
 * found through a pcb of its language only, with codes that fit.
 */
TEST(extension_table)
{
	const struct dt_frontend *fe;
	struct dt_options o, dopts;
	struct dt_pcb pcb, dpcb;
	struct dt_cprog cp, dcp;
	size_t i;

	ASSERT_EQ(0, compile("BEGIN { exit(); }", true, &pcb, &cp, &o));
	ASSERT_EQ(0, compile("BEGIN { exit(0); }", false, &dpcb, &dcp,
			     &dopts));
	fe = dt_frontend(&pcb);
	ASSERT_LT(0, fe->fe_nfuncs);
	EXPECT_EQ(0, dt_frontend(&dpcb)->fe_nfuncs);
	for (i = 0; i < fe->fe_nfuncs; i++) {
		const struct dt_func *f = &fe->fe_funcs[i].fx_func;

		EXPECT_EQ(DT_FN_EXT, f->f_id);
		EXPECT_EQ(&fe->fe_funcs[i], dt_funcext(f));
		EXPECT_EQ('%', f->f_name[0]) TH_LOG("%s", f->f_name);
		EXPECT_EQ(NULL, dt_func_lookup(f->f_name));
		EXPECT_EQ(f, dt_func_resolve(&pcb, f->f_name));
		EXPECT_EQ(NULL, dt_func_resolve(&dpcb, f->f_name));
		EXPECT_LE(0, f->f_minargs);
		EXPECT_LE(f->f_minargs, f->f_maxargs);
		EXPECT_NE(NULL, f->f_args);
		EXPECT_GT(DIF_SUBR_COUNT, f->f_code);
		if (f->f_kind == DT_F_SUBR && f->f_code >= 0) {
			EXPECT_EQ(f->f_maxargs, (int)strlen(f->f_args));
		} else if (f->f_kind != DT_F_SUBR) {
			EXPECT_EQ(-1, f->f_code);
		}
	}
	/* D's names come first, for either language */
	EXPECT_EQ(dt_func_lookup("printf"), dt_func_resolve(&pcb, "printf"));
	EXPECT_EQ(NULL, dt_funcext(dt_func_lookup("printf")));
	dt_cprog_free(&cp);
	dt_cprog_free(&dcp);
	dt_pcb_fini(&pcb);
	dt_pcb_fini(&dpcb);
}

/* Every call under n has its entry, the one its name says. */
static int unresolved(const struct dt_node *n)
{
	int bad = 0;

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_CALL &&
		    (!n->n_func || strcmp(n->n_func->f_name, n->n_str)))
			bad++;
		bad += unresolved(n->n_left) + unresolved(n->n_right) +
			unresolved(n->n_cond) + unresolved(n->n_args) +
			unresolved(n->n_guard);
	}
	return bad;
}

static int count_calls(const struct dt_node *n, enum dt_fid id)
{
	int k = 0;

	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_CALL && n->n_func && n->n_func->f_id == id)
			k++;
		k += count_calls(n->n_left, id) + count_calls(n->n_right, id) +
			count_calls(n->n_cond, id) + count_calls(n->n_args, id) +
			count_calls(n->n_guard, id);
	}
	return k;
}

static int compile(const char *src, bool bt, struct dt_pcb *pcb,
		   struct dt_cprog *cp, struct dt_options *o)
{
	dt_options_init(o);
	dt_pcb_init(pcb, src, NULL, o);
	pcb->pcb_lang = bt;
	return dt_compile(pcb, cp);
}

static int calls_of(const struct dt_pcb *pcb, enum dt_fid id, int *bad)
{
	const struct dt_clause *c;
	int k = 0;

	*bad = 0;
	for (c = pcb->pcb_prog.p_clauses; c; c = c->c_next) {
		*bad += unresolved(c->c_pred) + unresolved(c->c_stmts);
		k += count_calls(c->c_pred, id) + count_calls(c->c_stmts, id);
	}
	return k;
}

TEST(d_calls_resolved)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int bad;

	ASSERT_EQ(0, compile("BEGIN /strlen(execname) > 1/ { "
			     "@a[stack()] = count(); @b = lquantize(1, 0, 9); "
			     "trace(substr(execname, strlen(\"a\"))); "
			     "trace(func(caller)); if (1) { printa(@b); } "
			     "printf(\"%d\\n\", rand()); exit(0); }",
			     false, &pcb, &cp, &o));
	EXPECT_EQ(2, calls_of(&pcb, DT_FN_STRLEN, &bad));
	EXPECT_EQ(0, bad);
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_STACK, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_LQUANTIZE, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_PRINTA, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_FUNC, &bad));
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* bpftrace's names become D's entries: str(arg0) ends as copyinstr. */
TEST(bpftrace_calls_resolved)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int bad;

	ASSERT_EQ(0, compile("BEGIN { @h = hist(1); @s = stats(2); "
			     "printf(\"%s %a\\n\", str(arg0), ksym(arg1)); "
			     "@k[kstack] = count(); print(@h); exit(); }",
			     true, &pcb, &cp, &o));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_COPYINSTR, &bad));
	EXPECT_EQ(0, bad);
	/* no call of bpftrace's own is left: %str( ) is copyinstr( ) */
	EXPECT_EQ(0, calls_of(&pcb, DT_FN_EXT, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_QUANTIZE, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_STATS, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_FUNC, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_STACK, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_PRINTA, &bad));
	EXPECT_EQ(1, calls_of(&pcb, DT_FN_EXIT, &bad));
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST(bpftrace_unknown)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	EXPECT_EQ(-1, compile("BEGIN { foo(1); }", true, &pcb, &cp, &o));
	EXPECT_STREQ("BT_FUNC", pcb.pcb_errtag);
	EXPECT_STREQ("Unknown function: foo", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	/* D's names that bpftrace does not have are unknown to it */
	EXPECT_EQ(-1, compile("BEGIN { trace(1); }", true, &pcb, &cp, &o));
	EXPECT_STREQ("Unknown function: trace", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST_HARNESS_MAIN
