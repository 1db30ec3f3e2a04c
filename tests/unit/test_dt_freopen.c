// SPDX-License-Identifier: GPL-2.0
/*
 * freopen( ) and ftruncate( ): compiled (destructive, printf's checks of
 * the format, freopen("") alone) and consumed over synthetic records:
 * output switched to a file and back, appended to, truncated, a file
 * that cannot be opened, a path relative to the working directory, and
 * JSON output, whose lines stay whole.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

/* Compile src: 0 with *cp, or -1 with the error's tag and message. */
static int compile(const char *src, struct dt_cprog *cp, char *tag,
		   char *msg)
{
	struct dt_options o;
	struct dt_pcb pcb;
	int rc;

	dt_options_init(&o);
	dt_pcb_init(&pcb, src, NULL, &o);
	rc = dt_compile(&pcb, cp);
	tag[0] = msg[0] = '\0';
	if (rc) {
		strcpy(tag, pcb.pcb_errtag);
		strcpy(msg, pcb.pcb_errmsg);
	}
	dt_pcb_fini(&pcb);
	return rc;
}

#define REFUSED(src, want_tag, want_msg) do {				\
	struct dt_cprog cp;						\
	char tag[64], msg[1024];					\
									\
	memset(&cp, 0, sizeof(cp));					\
	EXPECT_EQ(-1, compile(src, &cp, tag, msg)) TH_LOG("%s", src);	\
	EXPECT_STREQ(want_tag, tag);					\
	EXPECT_STREQ(want_msg, msg);					\
	dt_cprog_free(&cp);						\
} while (0)

/* Destructive: the command enables them only with -w (dt_cmd.c). */
TEST(compiled_destructive)
{
	struct dt_cprog cp;
	char tag[64], msg[1024];
	const struct dt_ecb *e;

	ASSERT_EQ(0, compile("BEGIN { freopen(\"/tmp/%s.%d\", execname, "
			     "pid); printf(\"x\"); freopen(\"\"); }\n"
			     "BEGIN { ftruncate(); }\n"
			     "BEGIN { printf(\"x\"); }\n"
			     "BEGIN { if (arg0) { ftruncate(); } }",
			     &cp, tag, msg)) TH_LOG("[%s] %s", tag, msg);
	ASSERT_EQ(4, cp.cp_necbs);
	e = &cp.cp_ecbs[0];
	EXPECT_TRUE(e->e_destructive);
	ASSERT_EQ(3, e->e_nouts);
	EXPECT_EQ(DT_OUT_FREOPEN, e->e_outs[0].o_kind);
	EXPECT_EQ(2, e->e_outs[0].o_nrecs);
	EXPECT_EQ(DT_T_STRING, e->e_recs[e->e_outs[0].o_rec].r_type.kind);
	EXPECT_EQ(DT_OUT_PRINTF, e->e_outs[1].o_kind);
	EXPECT_EQ(DT_OUT_FREOPEN, e->e_outs[2].o_kind);
	EXPECT_EQ(0, e->e_outs[2].o_nrecs);
	EXPECT_STREQ("", e->e_outs[2].o_fmt->pf_segs[0].ps_text);
	e = &cp.cp_ecbs[1];
	EXPECT_TRUE(e->e_destructive);
	ASSERT_EQ(1, e->e_nouts);
	EXPECT_EQ(DT_OUT_FTRUNCATE, e->e_outs[0].o_kind);
	EXPECT_EQ(0, e->e_nacts);	/* the module writes the record */
	EXPECT_FALSE(cp.cp_ecbs[2].e_destructive);
	e = &cp.cp_ecbs[3];
	EXPECT_TRUE(e->e_destructive);
	ASSERT_EQ(1, e->e_nouts);
	EXPECT_LE(0, e->e_outs[0].o_guard);
	dt_cprog_free(&cp);
}

/* printf( )'s checks, in DTrace's words. */
TEST(compile_errors)
{
	REFUSED("BEGIN { freopen(arg0); }", "D_PROTO_ARG",
		"freopen( ) argument #1 is incompatible with prototype:\n\t"
		"prototype: string\n\t argument: long");
	REFUSED("BEGIN { s = \"x\"; freopen(s); }", "D_PRINTF_ARG_FMT",
		"freopen( ) argument #1 is incompatible with prototype:\n\t"
		"prototype: string constant\n\t argument: string");
	REFUSED("BEGIN { freopen(); }", "D_PROTO_LEN",
		"freopen( ) prototype mismatch: 0 args passed, at least 1 "
		"expected");
	REFUSED("BEGIN { freopen(\"/tmp/%d\"); }", "D_PRINTF_ARG_PROTO",
		"freopen( ) prototype mismatch: conversion #1 (%d) is "
		"missing a corresponding value argument");
	REFUSED("BEGIN { freopen(\"/tmp/%d\", \"s\"); }", "D_PRINTF_ARG_TYPE",
		"freopen( ) argument #2 is incompatible with conversion #1 "
		"prototype:\n\tconversion: %d\n\t prototype: char, short, "
		"int, long, or long long\n\t  argument: string");
	REFUSED("BEGIN { ftruncate(1); }", "D_PROTO_LEN",
		"ftruncate( ) prototype mismatch: 1 arg passed, 0 expected");
	REFUSED("BEGIN { x = ftruncate(); }", "D_CG_EXPR",
		"tracing function ftruncate( ) may not be called from a D "
		"expression (D program context required)");
	REFUSED("BEGIN { x = freopen(\"\"); }", "D_CG_EXPR",
		"tracing function freopen( ) may not be called from a D "
		"expression (D program context required)");
	REFUSED("BEGIN { speculate(1); freopen(\"x\"); }", "D_ACT_SPEC",
		"destructive actions may not follow speculate( )");
	REFUSED("BEGIN { speculate(1); ftruncate(); }", "D_ACT_SPEC",
		"destructive actions may not follow speculate( )");
}

/*
 * EPID 10: freopen(execname's slot); printf("in %d\n", arg0)
 * EPID 11: printf("b\n"); freopen(""); printf("c\n")
 * EPID 12: printf("x\n"); ftruncate(); printf("y\n")
 */
struct fixture {
	struct dt_cprog		cp;
	struct dt_epidtab	epids;
	struct dt_consumer	c;
	char			dir[64];
	char			path[128];
	char			err[128];
	FILE			*out;
};

static void setup(struct fixture *f, FILE *out)
{
	char tag[64], msg[1024];
	struct dtrace_probedesc d;
	int i;

	memset(f, 0, sizeof(*f));
	if (compile("BEGIN { freopen(\"%s\", execname); printf(\"in %d\\n\", "
		    "arg0); }\n"
		    "BEGIN { printf(\"b\\n\"); freopen(\"\"); "
		    "printf(\"c\\n\"); }\n"
		    "BEGIN { printf(\"x\\n\"); ftruncate(); "
		    "printf(\"y\\n\"); }", &f->cp, tag, msg))
		abort();
	memset(&d, 0, sizeof(d));
	for (i = 0; i < 3; i++)
		dt_epid_add(&f->epids, 10 + i, &f->cp.cp_ecbs[i], &d);
	strcpy(f->dir, "/tmp/dt-freopen-XXXXXX");
	if (!mkdtemp(f->dir))
		abort();
	snprintf(f->path, sizeof(f->path), "%s/out", f->dir);
	snprintf(f->err, sizeof(f->err), "%s/err", f->dir);
	f->out = out;
	dt_consumer_init(&f->c, out, true, &f->epids, NULL);
}

static void teardown(struct fixture *f)
{
	char cmd[128];

	dt_consumer_fini(&f->c);
	fclose(f->out);
	dt_epid_fini(&f->epids);
	dt_cprog_free(&f->cp);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	if (system(cmd))
		abort();
}

/* One record of EPID epid; s in EPID 10's path slot, v as arg0. */
static int feed(struct fixture *f, uint32_t epid, const char *s, int64_t v)
{
	const struct dt_ecb *e = &f->cp.cp_ecbs[epid - 10];
	uint8_t data[1024];

	if (e->e_recsize > sizeof(data))
		abort();
	memset(data, 0, sizeof(data));
	if (epid == 10) {
		strncpy((char *)data + e->e_recs[0].r_off, s,
			e->e_recs[0].r_size - 1);
		memcpy(data + e->e_recs[1].r_off, &v, 8);
	}
	return dt_consume_print(&f->c, 0, 1, e, data);
}

/* What the original output holds, from its start. */
static char *contents(FILE *fp)
{
	char *s = calloc(1, 4096);

	fflush(fp);
	if (pread(fileno(fp), s, 4095, 0) < 0)
		s[0] = '\0';
	return s;
}

#define EXPECT_FILE(want, path) do {					\
	char *got_ = slurp(path);					\
									\
	ASSERT_NE(NULL, got_);						\
	EXPECT_STREQ(want, got_);					\
	free(got_);							\
} while (0)

#define EXPECT_OUT(want, fp) do {					\
	char *got_ = contents(fp);					\
									\
	EXPECT_STREQ(want, got_);					\
	free(got_);							\
} while (0)

/* To a file and back, appended to, truncated: in the actions' order. */
TEST(switch_restore_truncate)
{
	struct fixture f;

	setup(&f, tmpfile());
	ASSERT_EQ(0, feed(&f, 12, NULL, 0));
	EXPECT_OUT("y\n", f.out);	/* a regular file: truncated */
	ASSERT_EQ(0, feed(&f, 10, f.path, 1));
	EXPECT_TRUE(f.c.c_out != f.out);
	ASSERT_EQ(0, feed(&f, 12, NULL, 0));	/* the file's x goes */
	ASSERT_EQ(0, feed(&f, 11, NULL, 0));
	EXPECT_TRUE(f.c.c_out == f.out);
	EXPECT_EQ(NULL, f.c.c_reopened);
	EXPECT_FILE("y\nb\n", f.path);
	EXPECT_OUT("y\nc\n", f.out);
	/* opened again: appended to */
	ASSERT_EQ(0, feed(&f, 10, f.path, 2));
	ASSERT_EQ(0, feed(&f, 10, f.path, 3));	/* the same, reopened */
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	EXPECT_FILE("y\nb\nin 2\nin 3\n", f.path);
	EXPECT_OUT("y\nc\n", f.out);
	/* at the end the consumer closes it: nothing is lost */
	ASSERT_EQ(0, feed(&f, 10, f.path, 4));
	teardown(&f);
}

/* A file that cannot be opened: DTrace's error, the output stays. */
TEST(open_fails)
{
	char bad[160], want[256], *err;
	struct fixture f;
	int saved, fd;

	setup(&f, tmpfile());
	snprintf(bad, sizeof(bad), "%s/no/such", f.dir);
	fd = open(f.err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ASSERT_LE(0, fd);
	fflush(stderr);
	saved = dup(2);
	dup2(fd, 2);
	close(fd);
	EXPECT_EQ(0, feed(&f, 10, bad, 1));
	ASSERT_EQ(0, feed(&f, 10, f.path, 2));
	EXPECT_EQ(0, feed(&f, 10, bad, 3));	/* stays with the file */
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	err = slurp(f.err);
	ASSERT_NE(NULL, err);
	snprintf(want, sizeof(want), "dtrace: failed to open \"%s\": No such "
		 "file or directory\n", bad);
	EXPECT_TRUE(strlen(err) == 2 * strlen(want) &&
		    !strncmp(err, want, strlen(want)) &&
		    !strcmp(err + strlen(want), want)) TH_LOG("%s", err);
	free(err);
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	EXPECT_OUT("in 1\n", f.out);
	EXPECT_FILE("in 2\nin 3\n", f.path);
	teardown(&f);
}

/* A path of its own is relative to the consumer's working directory. */
TEST(relative_path)
{
	struct fixture f;
	char cwd[4096], rel[160];
	int rc;

	ASSERT_NE(NULL, getcwd(cwd, sizeof(cwd)));
	setup(&f, tmpfile());
	ASSERT_EQ(0, chdir(f.dir));
	rc = feed(&f, 10, "rel.txt", 7);
	ASSERT_EQ(0, chdir(cwd));
	ASSERT_EQ(0, rc);
	ASSERT_EQ(0, dt_consume_flush(&f.c));
	snprintf(rel, sizeof(rel), "%s/rel.txt", f.dir);
	EXPECT_FILE("in 7\n", rel);
	EXPECT_OUT("", f.out);
	teardown(&f);
}

/* Not a regular file: ftruncate( ) leaves the output as it is. */
TEST(truncate_not_a_file)
{
	char buf[256] = "";
	struct fixture f;

	setup(&f, fmemopen(buf, sizeof(buf), "w"));
	ASSERT_EQ(0, feed(&f, 12, NULL, 0));
	ASSERT_EQ(0, feed(&f, 12, NULL, 0));
	fflush(f.out);
	EXPECT_STREQ("x\ny\nx\ny\n", buf);
	teardown(&f);
}

/*
 * JSON: a record is one line, written where the output was when it
 * began; its freopen( ) and ftruncate( ) act after it.
 */
TEST(json_lines_whole)
{
	struct fixture f;

	setup(&f, tmpfile());
	f.c.c_fmt = &dt_format_json;
	ASSERT_EQ(0, feed(&f, 10, f.path, 1));
	ASSERT_EQ(0, feed(&f, 11, NULL, 0));
	ASSERT_EQ(0, feed(&f, 11, NULL, 0));
	EXPECT_FILE("{\"type\":\"probe\",\"timestamp\":0,\"cpu\":0,\"id\":1,"
		    "\"data\":[{\"printf\":\"b\\n\"},{\"printf\":\"c\\n\"}]}\n",
		    f.path);
	EXPECT_OUT("{\"type\":\"probe\",\"timestamp\":0,\"cpu\":0,\"id\":1,"
		   "\"data\":[{\"printf\":\"in 1\\n\"}]}\n"
		   "{\"type\":\"probe\",\"timestamp\":0,\"cpu\":0,\"id\":1,"
		   "\"data\":[{\"printf\":\"b\\n\"},{\"printf\":\"c\\n\"}]}\n",
		   f.out);
	ASSERT_EQ(0, feed(&f, 12, NULL, 0));	/* truncates its own line */
	EXPECT_OUT("", f.out);
	ASSERT_EQ(0, feed(&f, 11, NULL, 0));
	EXPECT_OUT("{\"type\":\"probe\",\"timestamp\":0,\"cpu\":0,\"id\":1,"
		   "\"data\":[{\"printf\":\"b\\n\"},{\"printf\":\"c\\n\"}]}\n",
		   f.out);
	teardown(&f);
}

TEST_HARNESS_MAIN
