// SPDX-License-Identifier: GPL-2.0
/*
 * tracefs format files as the tracepoint provider reads them, and `args`
 * typed from them: a fake tracefs tree ($DTRACE_TRACEFS) with two events
 * compiles clauses that read integers, char[N] and __data_loc strings,
 * and refuses fields the format does not have.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_tracefs.h"
#include "dt_program.h"
#include "kselftest_harness.h"

static const char exec_fmt[] =
"name: sched_process_exec\n"
"ID: 300\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
"\n"
"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:1;\n"
"\tfield:const char * ptr;\toffset:32;\tsize:8;\tsigned:0;\n"
"\tfield:unsigned long args[6];\toffset:40;\tsize:48;\tsigned:0;\n"
"\tfield:int dfd;\toffset:88;\tsize:8;\tsigned:0;\n"
"\tfield:__rel_loc char[] skipped;\toffset:96;\tsize:4;\tsigned:1;\n"
"\n"
"print fmt: \"filename=%s\", __get_str(filename)\n";

TEST(format_fields)
{
	struct dt_tpformat f;
	const struct dt_tpfield *v;

	ASSERT_EQ(0, dt_tpformat_parse(exec_fmt, &f));
	ASSERT_EQ(9, f.n);
	v = f.fields;
	EXPECT_STREQ("common_type", v[0].f_name);
	EXPECT_EQ(DT_TPF_INT, v[0].f_kind);
	EXPECT_EQ(2, v[0].f_size);
	EXPECT_FALSE(v[0].f_signed);
	EXPECT_STREQ("common_pid", v[2].f_name);
	EXPECT_TRUE(v[2].f_signed);
	EXPECT_STREQ("filename", v[3].f_name);
	EXPECT_EQ(DT_TPF_LOC, v[3].f_kind);
	EXPECT_EQ(8, v[3].f_off);
	EXPECT_STREQ("comm", v[5].f_name);
	EXPECT_EQ(DT_TPF_STR, v[5].f_kind);
	EXPECT_EQ(16, v[5].f_nelems);
	EXPECT_STREQ("ptr", v[6].f_name);
	EXPECT_EQ(DT_TPF_INT, v[6].f_kind);
	EXPECT_EQ(8, v[6].f_size);
	EXPECT_FALSE(v[6].f_signed);
	EXPECT_STREQ("args", v[7].f_name);
	EXPECT_EQ(DT_TPF_ARRAY, v[7].f_kind);
	EXPECT_EQ(6, v[7].f_nelems);
	/* a syscall's int argument in 8 bytes reads as the int */
	EXPECT_STREQ("dfd", v[8].f_name);
	EXPECT_EQ(4, v[8].f_size);
	EXPECT_TRUE(v[8].f_signed);
	dt_tpformat_free(&f);

	/* garbage is skipped, never trusted */
	ASSERT_EQ(0, dt_tpformat_parse("field:int x;\toffset:99999;\tsize:4;\n"
				       "field:int y;\toffset:0;\tsize:3;\n"
				       "field:;offset:0;size:4;\n"
				       "field:char z[0];\toffset:0;\tsize:4;\n",
				       &f));
	EXPECT_EQ(0, f.n);
	dt_tpformat_free(&f);
}

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

/* Compile src against the fake tree; 0, or -1 with the message in msg. */
static int compile(const char *src, char *msg, size_t len)
{
	struct dt_options opts;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	int rc;

	dt_options_init(&opts);
	dt_pcb_init(&pcb, src, NULL, &opts);
	memset(&cp, 0, sizeof(cp));
	rc = dt_compile(&pcb, &cp);
	snprintf(msg, len, "%s", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return rc;
}

TEST(args_typed)
{
	char dir[] = "/tmp/dt-tracefs-XXXXXX", path[256], msg[1024];

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/events", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/events/sched", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/events/sched/sched_process_exec", dir);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/events/sched/sched_process_exec/id",
		 dir);
	put(path, "300\n");
	snprintf(path, sizeof(path),
		 "%s/events/sched/sched_process_exec/format", dir);
	put(path, exec_fmt);
	setenv("DTRACE_TRACEFS", dir, 1);

	EXPECT_EQ(0, compile("tracepoint:sched::sched_process_exec { "
			     "printf(\"%s %s %d %d\", args->filename, "
			     "args->comm, args->pid, args->args[2]); "
			     "@[args->comm] = count(); }", msg, sizeof(msg)))
		TH_LOG("%s", msg);
	EXPECT_EQ(0, compile("proc:::exec-success { trace(args[0]); "
			     "trace(arg1); }", msg, sizeof(msg)))
		TH_LOG("%s", msg);
	EXPECT_EQ(-1, compile("tracepoint:sched::sched_process_exec { "
			      "trace(args->nosuch); }", msg, sizeof(msg)));
	EXPECT_STREQ("nosuch is not a member of struct "
		     "tracepoint_sched_sched_process_exec", msg);
	EXPECT_EQ(-1, compile("proc:::exec-success { trace(args[2]); }", msg,
			      sizeof(msg)));
	EXPECT_STREQ("index 2 is out of range for proc:::exec-success "
		     "args[ ]", msg);
	EXPECT_EQ(-1, compile("tracepoint:sched::sched_process_exec, "
			      "BEGIN { trace(args->pid); }", msg,
			      sizeof(msg)));

	snprintf(path, sizeof(path), "rm -rf %s", dir);
	EXPECT_EQ(0, system(path));
}

TEST_HARNESS_MAIN
