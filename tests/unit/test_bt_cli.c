// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's command line on dtrace: the link name, its options and
 * BPFTRACE_* variables (what needs no module: errors, --dry-run, -h),
 * -l's names, and -f json's lines for each kind of map, against the
 * lines Debian's bpftrace 0.17 printed (tests/d/bt-cli-json.sh compares
 * whole programs in the guest).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <dtrace/dtrace_ioctl.h>
#include "agg_test.h"
#include "bt_json.h"
#include "bt_list.h"
#include "bt_parse.h"
#include "bt_print.h"
#include "dt_agg.h"
#include "dt_btargs.h"
#include "dt_format.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

/* ---- the command, its stdout and stderr in strings ---- */

static char *slurp_fd(int fd)
{
	off_t n = lseek(fd, 0, SEEK_END);
	char *s = calloc(1, (size_t)n + 1);

	lseek(fd, 0, SEEK_SET);
	if (s && read(fd, s, (size_t)n) != n)
		s[0] = '\0';
	return s;
}

static int run(char **argv, char **out, char **err)
{
	char op[] = "/tmp/bt_cli_outXXXXXX", ep[] = "/tmp/bt_cli_errXXXXXX";
	int ofd = mkstemp(op), efd = mkstemp(ep), so, se, rc, argc = 0;

	while (argv[argc])
		argc++;
	fflush(stdout);
	fflush(stderr);
	so = dup(1);
	se = dup(2);
	dup2(ofd, 1);
	dup2(efd, 2);
	rc = dt_cmd_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	*out = slurp_fd(ofd);
	*err = slurp_fd(efd);
	close(ofd);
	close(efd);
	unlink(op);
	unlink(ep);
	return rc;
}

TEST(link_name)
{
	EXPECT_TRUE(dt_bt_argv0("bpftrace"));
	EXPECT_TRUE(dt_bt_argv0("/usr/sbin/dtrace-bpftrace"));
	EXPECT_TRUE(dt_bt_argv0("./bpftrace"));
	EXPECT_FALSE(dt_bt_argv0("dtrace"));
	EXPECT_FALSE(dt_bt_argv0("/usr/bin/bpftrace.sh"));
	EXPECT_FALSE(dt_bt_argv0("bpftrac"));
	EXPECT_FALSE(dt_bt_argv0(NULL));
}

TEST(dry_run_compiles_only)
{
	char *argv[] = { "dtrace", "--bpftrace", "--dry-run", "-e",
			 "BEGIN { printf(\"x\\n\"); exit(); }", NULL };
	char *out, *err;

	EXPECT_EQ(0, run(argv, &out, &err));
	EXPECT_STREQ("", out);
	EXPECT_STREQ("", err);
	free(out);
	free(err);
}

/* A link named *bpftrace takes bpftrace's options without --bpftrace. */
TEST(link_takes_bpftrace_options)
{
	char *argv[] = { "/usr/sbin/dtrace-bpftrace", "-f", "json", "-q",
			 "-B", "line", "--include", "linux/sched.h", "-I",
			 "/tmp", "-k", "--dry-run", "-e", "BEGIN { exit(); }",
			 NULL };
	char *out, *err;

	EXPECT_EQ(0, run(argv, &out, &err));
	EXPECT_STREQ("", out);
	EXPECT_STREQ("", err);
	free(out);
	free(err);
}

/* -d: the D the front end made, then its DIF; nothing traced. */
TEST(debug_prints_d_and_dif)
{
	char *argv[] = { "dtrace", "--bpftrace", "-d", "-e",
			 "BEGIN /pid > 1/ { $x = 5; if ($x > 3) { @c = count(); }"
			 " printf(\"x\\n\"); exit(); }", NULL };
	char *out, *err;

	EXPECT_EQ(0, run(argv, &out, &err));
	EXPECT_STREQ("", out);
	EXPECT_EQ(err, strstr(err, "dtrace:::BEGIN\n"
			      "/(pid > 1)/\n"
			      "{\n"
			      "    this->x = 5;\n"
			      "    this->%t0 = !(!((this->x > 3)));\n"
			      "    /* if this->%t0 */ @c = count();\n"
			      "    printf(\"x\\n\");\n"
			      "    exit(0);\n"
			      "}\n"));
	EXPECT_NE(NULL, strstr(err, "dtrace:::BEGIN action #1:\n"));
	free(out);
	free(err);
}

TEST(compile_error_under_dry_run)
{
	char *argv[] = { "dtrace", "--bpftrace", "--dry-run", "-e",
			 "BEGIN { foo(); }", NULL };
	char *out, *err;

	EXPECT_EQ(1, run(argv, &out, &err));
	EXPECT_STREQ("stdin:1:9-12: ERROR: Unknown function: foo\n"
		     "BEGIN { foo(); }\n"
		     "        ^~~\n", err);
	free(out);
	free(err);
}

static void expect_err(struct __test_metadata *_metadata, char **argv,
		       int rc, const char *want)
{
	char *out, *err;

	EXPECT_EQ(rc, run(argv, &out, &err));
	EXPECT_STREQ("", out);
	EXPECT_STREQ(want, err);
	free(out);
	free(err);
}

TEST(bad_buffer_mode)
{
	char *argv[] = { "dtrace", "--bpftrace", "-B", "bogus", "-e",
			 "BEGIN { exit(); }", NULL };

	expect_err(_metadata, argv, 1, "ERROR: USAGE: -B must be either "
		   "'line', 'full', or 'none'.\n");
}

TEST(bad_format)
{
	char *argv[] = { "dtrace", "--bpftrace", "-f", "xml", "-e",
			 "BEGIN { exit(); }", NULL };

	expect_err(_metadata, argv, 1, "ERROR: Invalid output format "
		   "\"xml\"\nValid formats: 'text', 'json'\n");
}

TEST(unsupported_info)
{
	char *argv[] = { "dtrace", "--bpftrace", "--info", NULL };

	expect_err(_metadata, argv, 1, "ERROR: this option is not supported "
		   "by dtrace's bpftrace front end (BPF is not used)\n");
}

/* In D, bpftrace's long options are not options. */
TEST(d_mode_refuses_include)
{
	char *argv[] = { "dtrace", "--include", "x.h", "-n", "BEGIN", NULL };
	char *out, *err;

	EXPECT_EQ(2, run(argv, &out, &err));
	EXPECT_EQ(0, strncmp(err, "dtrace: illegal option -- --include\n",
			     36));
	free(out);
	free(err);
}

TEST(env_strlen)
{
	char *argv[] = { "dtrace", "--bpftrace", "--dry-run", "-e",
			 "BEGIN { exit(); }", NULL };

	setenv("BPFTRACE_STRLEN", "abc", 1);
	expect_err(_metadata, argv, 1, "ERROR: Env var 'BPFTRACE_STRLEN' did "
		   "not contain a valid uint64_t, or was zero-valued.\n");
	setenv("BPFTRACE_STRLEN", "0", 1);
	expect_err(_metadata, argv, 1, "ERROR: Env var 'BPFTRACE_STRLEN' did "
		   "not contain a valid uint64_t, or was zero-valued.\n");
	setenv("BPFTRACE_STRLEN", "300", 1);
	expect_err(_metadata, argv, 1, "ERROR: 'BPFTRACE_STRLEN' 300 exceeds "
		   "the current maximum of 200 bytes.\n");
	setenv("BPFTRACE_STRLEN", "8", 1);
	expect_err(_metadata, argv, 0, "");
	unsetenv("BPFTRACE_STRLEN");
}

TEST(env_others)
{
	char *argv[] = { "dtrace", "--bpftrace", "--dry-run", "-e",
			 "BEGIN { exit(); }", NULL };

	setenv("BPFTRACE_PERF_RB_PAGES", "3", 1);
	expect_err(_metadata, argv, 1, "ERROR: BPFTRACE_PERF_RB_PAGES must "
		   "be a power of 2\n");
	setenv("BPFTRACE_PERF_RB_PAGES", "64", 1);
	expect_err(_metadata, argv, 0, "");
	unsetenv("BPFTRACE_PERF_RB_PAGES");
	setenv("BPFTRACE_MAP_KEYS_MAX", "-1", 1);
	expect_err(_metadata, argv, 1, "ERROR: Env var 'BPFTRACE_MAP_KEYS_MAX'"
		   " did not contain a valid uint64_t, or was zero-valued.\n");
	setenv("BPFTRACE_MAP_KEYS_MAX", "10", 1);
	setenv("BPFTRACE_NO_USER_SYMBOLS", "1", 1);
	setenv("BPFTRACE_STACK_MODE", "perf", 1);
	expect_err(_metadata, argv, 0, "");
	unsetenv("BPFTRACE_MAP_KEYS_MAX");
	unsetenv("BPFTRACE_NO_USER_SYMBOLS");
	unsetenv("BPFTRACE_STACK_MODE");
}

TEST(help_names_the_link)
{
	char *argv[] = { "/usr/sbin/dtrace-bpftrace", "-h", NULL };
	char *out, *err;

	EXPECT_EQ(0, run(argv, &out, &err));
	EXPECT_EQ(0, strncmp(out, "USAGE:\n    /usr/sbin/dtrace-bpftrace "
			     "[options] filename\n", 50));
	EXPECT_NE(NULL, strstr(out, "    -f FORMAT      output format "
			       "('text', 'json')\n"));
	free(out);
	free(err);
}

/* -k: a fault as a warning at its statement, in bpftrace's form. */
TEST(fault_warning_form)
{
	struct dt_pcb pcb;
	struct dt_loc loc = { 2, 5, 2, 24 };
	FILE *fp;
	char buf[512] = "";

	memset(&pcb, 0, sizeof(pcb));
	pcb.pcb_src = "BEGIN {\n\tprintf(\"%s\", str(1));\n}\n";
	fp = fmemopen(buf, sizeof(buf), "w");
	bt_warn_print(&pcb, &loc, "Failed to read 0x1: invalid address", fp);
	fclose(fp);
	EXPECT_STREQ("stdin:2:5-24: WARNING: Failed to read 0x1: invalid "
		     "address\n"
		     "\tprintf(\"%s\", str(1));\n"
		     "\t   ^~~~~~~~~~~~~~~~~~~\n", buf);
}

/* ---- -l's names ---- */

static const char *btname(const char *prov, const char *mod,
			  const char *func, const char *name,
			  const char *upath)
{
	static char buf[512];
	struct dtrace_probedesc pd;

	memset(&pd, 0, sizeof(pd));
	strcpy(pd.dpd_provider, prov);
	strcpy(pd.dpd_mod, mod);
	strcpy(pd.dpd_func, func);
	strcpy(pd.dpd_name, name);
	if (bt_list_name(&pd, upath, buf, sizeof(buf)))
		return "(none)";
	return buf;
}

TEST(list_names)
{
	EXPECT_STREQ("kprobe:vfs_read",
		     btname("fbt", "kernel", "vfs_read", "entry", NULL));
	EXPECT_STREQ("kretprobe:vfs_read",
		     btname("fbt", "kernel", "vfs_read", "return", NULL));
	EXPECT_STREQ("tracepoint:syscalls:sys_enter_openat",
		     btname("tracepoint", "syscalls", "", "sys_enter_openat",
			    NULL));
	EXPECT_STREQ("software:cpu-clock:",
		     btname("software", "", "", "cpu-clock", NULL));
	EXPECT_STREQ("(none)",
		     btname("software", "", "", "page-faults-1", NULL));
	EXPECT_STREQ("uprobe:/bin/bash:readline",
		     btname("uprobe", "/usr/bin/bash", "readline", "entry",
			    "/bin/bash"));
	EXPECT_STREQ("uretprobe:/usr/bin/bash:readline",
		     btname("uprobe", "/usr/bin/bash", "readline", "return",
			    NULL));
	EXPECT_STREQ("(none)",
		     btname("syscall", "", "read", "entry", NULL));
	EXPECT_STREQ("(none)", btname("dtrace", "", "", "BEGIN", NULL));
}

/* ---- -f json ---- */

static char out[8192];

static FILE *open_out(void)
{
	memset(out, 0, sizeof(out));
	return fmemopen(out, sizeof(out), "w");
}

static struct dt_aggdata *mkagg(const char *name, uint32_t func, int nkeys,
				const struct dt_type *keys, const int64_t *p)
{
	struct dt_agg *a = calloc(1, sizeof(*a));
	int i;

	a->a_name = strdup(name);
	a->a_func = func;
	a->a_nkeys = nkeys;
	for (i = 0; i < nkeys; i++)
		a->a_keys[i] = keys[i];
	if (p)
		memcpy(a->a_params, p, sizeof(a->a_params));
	return agg_alone(a);
}

static void addkey(struct dt_aggdata *d, const uint8_t *key, int64_t x)
{
	uint64_t v[4100];

	dt_agg_value(d->ad_def, x, v);
	dt_agg_merge(d, key, v);
}

static const char *agg_json(struct dt_aggdata *d)
{
	FILE *fp = open_out();

	if (dt_btj_agg(fp, d, NULL))
		return "(failed)";
	fclose(fp);
	return out;
}

static const struct dt_type i64 = {
	.kind = DT_T_INT, .size = 8, .is_signed = true };
static const struct dt_type str16 = { .kind = DT_T_STRING, .size = 16 };

TEST(json_scalars)
{
	struct dt_aggdata *c = mkagg("c", DTRACE_AGG_COUNT, 0, NULL, NULL);
	struct dt_aggdata *mn = mkagg("mn", DTRACE_AGG_MIN, 0, NULL, NULL);
	struct dt_aggdata *a = mkagg("a", DTRACE_AGG_AVG, 0, NULL, NULL);
	uint8_t k[16] = { 0 };

	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@c\": 0}}\n",
		     agg_json(c));
	addkey(c, k, 0);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@c\": 1}}\n",
		     agg_json(c));
	addkey(mn, k, -2);
	addkey(mn, k, 5);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@mn\": -2}}\n",
		     agg_json(mn));
	/* avg is "stats" in bpftrace 0.17's JSON */
	addkey(a, k, 4);
	addkey(a, k, 5);
	EXPECT_STREQ("{\"type\": \"stats\", \"data\": {\"@a\": 4}}\n",
		     agg_json(a));
	agg_free(c);
	agg_free(mn);
	agg_free(a);
}

TEST(json_keyed)
{
	struct dt_type keys[2] = { i64, str16 };
	struct dt_aggdata *k = mkagg("k", DTRACE_AGG_COUNT, 1, keys, NULL);
	struct dt_aggdata *m = mkagg("m", DTRACE_AGG_SUM, 2, keys, NULL);
	struct dt_aggdata *e = mkagg("e", DTRACE_AGG_SUM, 1, keys, NULL);
	uint8_t key[64] = { 0 };
	int64_t one = 1, two = 2;

	memcpy(key, &two, 8);
	addkey(k, key, 0);
	addkey(k, key, 0);
	memcpy(key, &one, 8);
	addkey(k, key, 0);
	/* ascending by value, as the text */
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@k\": "
		     "{\"1\": 1, \"2\": 2}}}\n", agg_json(k));
	memcpy(key + m->ad_def->a_keyoff[1], "x\"y", 4);
	addkey(m, key, 3);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@m\": "
		     "{\"1,x\\\"y\": 3}}}\n", agg_json(m));
	/* an empty map with keys: no line */
	EXPECT_STREQ("", agg_json(e));
	agg_free(k);
	agg_free(m);
	agg_free(e);
}

TEST(json_stats)
{
	struct dt_aggdata *s = mkagg("st", DTRACE_AGG_AVG, 0, NULL, NULL);
	uint8_t k[16] = { 0 };

	((struct dt_agg *)s->ad_def)->a_stats = true;
	addkey(s, k, 10);
	addkey(s, k, 20);
	EXPECT_STREQ("{\"type\": \"stats\", \"data\": {\"@st\": {\"count\": 2,"
		     " \"average\": 15, \"total\": 30}}}\n", agg_json(s));
	agg_free(s);
}

/* As bpftrace 0.17 printed @h = hist(3), hist(100), hist(0), hist(-1). */
TEST(json_hist)
{
	struct dt_aggdata *h = mkagg("h", DTRACE_AGG_QUANTIZE, 0, NULL, NULL);
	uint8_t k[16] = { 0 };

	addkey(h, k, 3);
	addkey(h, k, 100);
	addkey(h, k, 0);
	addkey(h, k, -1);
	EXPECT_STREQ("{\"type\": \"hist\", \"data\": {\"@h\": [{\"max\": -1, "
		     "\"count\": 1}, {\"min\": 0, \"max\": 0, \"count\": 1}, "
		     "{\"min\": 1, \"max\": 1, \"count\": 0}, {\"min\": 2, "
		     "\"max\": 3, \"count\": 1}, {\"min\": 4, \"max\": 7, "
		     "\"count\": 0}, {\"min\": 8, \"max\": 15, \"count\": 0}, "
		     "{\"min\": 16, \"max\": 31, \"count\": 0}, {\"min\": 32, "
		     "\"max\": 63, \"count\": 0}, {\"min\": 64, \"max\": 127, "
		     "\"count\": 1}]}}\n", agg_json(h));
	agg_free(h);
}

/* As bpftrace printed lhist(5|50|-3, 0, 10, 5), and one keyed. */
TEST(json_lhist)
{
	static const int64_t lq[4] = { 0, 10, 5, 0 };
	struct dt_aggdata *l = mkagg("l", DTRACE_AGG_LQUANTIZE, 0, NULL, lq);
	struct dt_aggdata *lk = mkagg("lk", DTRACE_AGG_LQUANTIZE, 1, &i64, lq);
	uint8_t k[16] = { 0 };
	int64_t one = 1;

	addkey(l, k, 5);
	addkey(l, k, 50);
	addkey(l, k, -3);
	EXPECT_STREQ("{\"type\": \"hist\", \"data\": {\"@l\": [{\"max\": -1, "
		     "\"count\": 1}, {\"min\": 0, \"max\": 4, \"count\": 0}, "
		     "{\"min\": 5, \"max\": 9, \"count\": 1}, {\"min\": 10, "
		     "\"count\": 1}]}}\n", agg_json(l));
	memcpy(k, &one, 8);
	addkey(lk, k, 3);
	EXPECT_STREQ("{\"type\": \"hist\", \"data\": {\"@lk\": {\"1\": "
		     "[{\"min\": 0, \"max\": 4, \"count\": 1}]}}}\n",
		     agg_json(lk));
	agg_free(l);
	agg_free(lk);
}

TEST(json_attached_and_pick)
{
	struct dt_cmd cmd;
	const char *why;
	FILE *fp = open_out();

	dt_format_btjson.fmt_start(fp, 2);
	fclose(fp);
	EXPECT_STREQ("{\"type\": \"attached_probes\", \"data\": "
		     "{\"probes\": 2}}\n", out);
	dt_cmd_init(&cmd);
	ASSERT_EQ(0, dt_option_set(&cmd.c_opts, "oformat", "bpftrace-json",
				   &why));
	EXPECT_EQ(&dt_format_btjson, dt_cmd_format(&cmd));
	EXPECT_TRUE(cmd.c_opts.o_quiet);
	ASSERT_EQ(0, dt_option_set(&cmd.c_opts, "oformat", "bpftrace", &why));
	EXPECT_EQ(&dt_format_bpftrace, dt_cmd_format(&cmd));
	ASSERT_EQ(0, dt_option_set(&cmd.c_opts, "oformat", "json", &why));
	EXPECT_EQ(&dt_format_json, dt_cmd_format(&cmd));
	ASSERT_EQ(0, dt_option_set(&cmd.c_opts, "oformat", "text", &why));
	EXPECT_EQ(&dt_format_text, dt_cmd_format(&cmd));
	dt_cmd_fini(&cmd);
}

TEST_HARNESS_MAIN
