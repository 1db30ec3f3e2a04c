// SPDX-License-Identifier: GPL-2.0
/*
 * Documentation/d-language.md's table of DTrace's names and their state
 * here, made from the code's own tables (the compiler's functions and
 * variables, the option table, the known providers) and checked against
 * the document, so that the table cannot go stale. DT_STATE_WRITE=1
 * rewrites the document's table instead (then read the diff).
 *
 * DTrace's names are illumos' (dt_open.c's identifiers, its D library's
 * variables and macro variables, its providers) and the ones Oracle's
 * DTrace for Linux adds; every option is the option table's own, which
 * holds all of both DTraces' (test_dt_opt_table).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_provider.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

#define DOC	"Documentation/d-language.md"
#define BEGIN_MARK	"<!-- state table: begin -->\n"
#define END_MARK	"<!-- state table: end -->\n"

static const char *const dt_subrs[] = {
	"alloca", "basename", "bcopy", "cleanpath", "copyin", "copyinstr",
	"copyinto", "copyout", "copyoutstr", "d_path", "ddi_pathname",
	"dirname", "getf", "getmajor", "getminor", "htonl", "htonll",
	"htons", "index", "inet_ntoa", "inet_ntoa6", "inet_ntop", "json",
	"link_ntop", "lltostr", "memref", "msgdsize", "msgsize",
	"mutex_owned", "mutex_owner", "mutex_type_adaptive",
	"mutex_type_spin", "ntohl", "ntohll", "ntohs", "progenyof", "rand",
	"rindex", "rw_iswriter", "rw_read_held", "rw_write_held",
	"speculation", "strchr", "strjoin", "strlen", "strrchr", "strstr",
	"strtok", "strtoll", "substr", "tolower", "toupper", NULL,
};

static const char *const dt_actions[] = {
	"breakpoint", "chill", "clear", "commit", "denormalize", "discard",
	"exit", "freopen", "ftruncate", "func", "jstack", "mod", "normalize",
	"panic", "print", "printa", "printf", "printm", "raise", "setopt",
	"speculate", "stack", "stop", "sym", "system", "trace", "tracemem",
	"trunc", "uaddr", "ufunc", "umod", "ustack", "usym", NULL,
};

static const char *const dt_aggfuncs[] = {
	"avg", "count", "llquantize", "lquantize", "max", "min", "quantize",
	"stddev", "sum", NULL,
};

/* A variable, and how a program uses it (NULL: by its name). */
static const char *const dt_vars[][2] = {
	{ "arg0" }, { "arg1" }, { "arg9" }, { "args", "args[0]" },
	{ "caller" }, { "chip" }, { "cpu" }, { "curcpu", "curcpu->cpu_id" },
	{ "curlwpsinfo", "curlwpsinfo->pr_lwpid" },
	{ "curpsinfo", "curpsinfo->pr_pid" }, { "curthread" }, { "cwd" },
	{ "epid" }, { "errno" }, { "execargs" }, { "execname" },
	{ "fds", "fds[0].fi_pathname" }, { "gid" }, { "id" }, { "ipl" },
	{ "lgrp" }, { "pid" }, { "ppid" }, { "probefunc" }, { "probemod" },
	{ "probename" }, { "probeprov" }, { "pset" }, { "root" },
	{ "stackdepth" }, { "tid" }, { "timestamp" }, { "ucaller" },
	{ "uid" }, { "uregs", "uregs[0]" }, { "ustackdepth" },
	{ "vtimestamp" }, { "walltimestamp" }, { "zonename" },
	{ "$egid" }, { "$euid" }, { "$gid" }, { "$pgid" }, { "$pid" },
	{ "$ppid" }, { "$projid" }, { "$sid" }, { "$target" },
	{ "$taskid" }, { "$uid" }, { NULL },
};

/* A provider, and a name of its form (pid's is pidN, USDT's NAMEpid). */
static const char *const dt_provs[][2] = {
	{ "cpc" }, { "dtrace" }, { "fasttrap" }, { "fbt" }, { "fpuinfo" },
	{ "io" }, { "ip" }, { "lockstat" }, { "mib" }, { "pid", "pid123" },
	{ "plockstat" }, { "proc" }, { "profile" }, { "rawfbt" },
	{ "rawtp" }, { "sched" }, { "sdt" }, { "syscall" }, { "sysinfo" },
	{ "tcp" }, { "udp" }, { "usdt", "myapp123" }, { "vminfo" },
	{ NULL },
};

/* The module refuses these when enabled (Documentation's differences). */
static const char *const dt_runtime_refused[][2] = {
	{ "panic", "refused when enabled, even with -w" },
	{ "breakpoint", "refused when enabled, even with -w" },
	{ NULL },
};

/* Rows of one kind: each state's names, then each refusal alone. */
struct dt_rows {
	char	works[4096], missing[2048], refused[8192];
};

static void add(char *buf, size_t len, const char *name)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s`%s`", n ? ", " : "", name);
}

static void add_refused(struct dt_rows *r, const char *kind,
			const char *name, const char *why)
{
	size_t n = strlen(r->refused);

	snprintf(r->refused + n, sizeof(r->refused) - n,
		 "| %s | `%s` | refused: %s |\n", kind, name, why);
}

static void put_rows(FILE *fp, const char *kind, const struct dt_rows *r)
{
	if (r->works[0])
		fprintf(fp, "| %s | %s | works |\n", kind, r->works);
	fputs(r->refused, fp);
	if (r->missing[0])
		fprintf(fp, "| %s | %s | missing |\n", kind, r->missing);
}

/* Compile src: 0, or the error's tag and words. */
static int try_compile(const char *src, char *tag, char *msg, size_t len)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc;

	dt_options_init(&o);
	o.o_destructive = true;
	dt_pcb_init(&pcb, src, "t.d", &o);
	rc = dt_compile(&pcb, &cp);
	snprintf(tag, 64, "%s", rc ? pcb.pcb_errtag : "");
	snprintf(msg, len, "%.*s", (int)len - 1, rc ? pcb.pcb_errmsg : "");
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return rc;
}

static const char *runtime_refusal(const char *name)
{
	int i;

	for (i = 0; dt_runtime_refused[i][0]; i++)
		if (!strcmp(dt_runtime_refused[i][0], name))
			return dt_runtime_refused[i][1];
	return NULL;
}

/* Whether the D library defines name (an inline of lib/dtrace-linux). */
static bool in_library(const char *name)
{
	char cmd[256];
	int rc;

	/*
	 * inline T name = or, with parameters, inline T name[T p] =; a
	 * subroutine, inline T name(T p) =
	 */
	snprintf(cmd, sizeof(cmd), "grep -qE '^inline .*[ *]%s( = |\\[|\\()' "
		 "lib/dtrace-linux/*.d", name);
	rc = system(cmd);
	return rc == 0;
}

/* A function by the compiler's table: known, known as refused, or not. */
static void func_rows(FILE *fp, const char *kind, const char *const *names)
{
	struct dt_rows *r = calloc(1, sizeof(*r));
	char src[128], tag[64], msg[512];
	int i;

	for (i = 0; names[i]; i++) {
		const struct dt_func *f = dt_func_lookup(names[i]);

		if (!f && in_library(names[i])) {
			add(r->works, sizeof(r->works), names[i]);
		} else if (!f) {
			add(r->missing, sizeof(r->missing), names[i]);
		} else if (f->f_kind == DT_F_UNSUPP) {
			snprintf(src, sizeof(src), "BEGIN { %s(); }",
				 names[i]);
			try_compile(src, tag, msg, sizeof(msg));
			add_refused(r, kind, names[i], msg);
		} else if (runtime_refusal(names[i])) {
			add_refused(r, kind, names[i],
				    runtime_refusal(names[i]));
		} else {
			add(r->works, sizeof(r->works), names[i]);
		}
	}
	put_rows(fp, kind, r);
	free(r);
}

/*
 * A variable as a program uses it: compiled, refused in the compiler's
 * words, or unknown (a library inline is known: the compiler alone
 * does not read the library).
 */
static void var_rows(FILE *fp)
{
	struct dt_rows *r = calloc(1, sizeof(*r));
	char src[160], tag[64], msg[512];
	int i;

	for (i = 0; dt_vars[i][0]; i++) {
		const char *n = dt_vars[i][0];

		snprintf(src, sizeof(src), "BEGIN { trace(%s); }",
			 dt_vars[i][1] ? dt_vars[i][1] : n);
		/* $target is known, and needs -c or -p */
		if (!try_compile(src, tag, msg, sizeof(msg)) ||
		    strstr(msg, "(use -c or -p)") ||
		    (n[0] != '$' && in_library(n)))
			add(r->works, sizeof(r->works), n);
		else if (!strcmp(tag, "D_UNSUPPORTED") ||
			 strstr(msg, "not supported") ||
			 strstr(msg, "no meaning"))
			add_refused(r, "variables", n, msg);
		else
			add(r->missing, sizeof(r->missing), n);
	}
	put_rows(fp, "variables", r);
	free(r);
}

static void option_rows(FILE *fp)
{
	struct dt_rows *r = calloc(1, sizeof(*r));
	char accepted[1024] = "";
	const char *name, *why;
	struct dt_options o;
	bool ignored;
	size_t i;

	for (i = 0; (name = dt_option_name(i, &ignored)); i++) {
		dt_options_init(&o);
		if (ignored) {
			add(accepted, sizeof(accepted), name);
		} else if (dt_option_set(&o, name, NULL, &why) &&
			   (!strncmp(why, "Option has no meaning", 21) ||
			    !strncmp(why, "Option not supported", 20))) {
			add_refused(r, "options", name, why);
		} else {
			add(r->works, sizeof(r->works), name);
		}
	}
	put_rows(fp, "options", r);
	fprintf(fp, "| options | %s | accepted, with nothing to do here |\n",
		accepted);
	free(r);
}

static void provider_rows(FILE *fp)
{
	struct dt_rows *r = calloc(1, sizeof(*r));
	struct dtrace_probedesc d;
	int i;

	for (i = 0; dt_provs[i][0]; i++) {
		memset(&d, 0, sizeof(d));
		snprintf(d.dpd_provider, sizeof(d.dpd_provider), "%s",
			 dt_provs[i][1] ? dt_provs[i][1] : dt_provs[i][0]);
		if (dt_provider_known(&d))
			add(r->works, sizeof(r->works), dt_provs[i][0]);
		else
			add(r->missing, sizeof(r->missing), dt_provs[i][0]);
	}
	put_rows(fp, "providers", r);
	free(r);
}

static char *make_table(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	fputs("| kind | names | state |\n| --- | --- | --- |\n", fp);
	func_rows(fp, "subroutines", dt_subrs);
	func_rows(fp, "actions", dt_actions);
	func_rows(fp, "aggregating functions", dt_aggfuncs);
	var_rows(fp);
	option_rows(fp);
	provider_rows(fp);
	fclose(fp);
	return buf;
}

TEST(table_is_current)
{
	char *doc = slurp(DOC), *table = make_table(), *b, *e;

	ASSERT_NE(NULL, doc) {
		TH_LOG("run from the top of the tree: %s", DOC);
	}
	b = strstr(doc, BEGIN_MARK);
	e = b ? strstr(b, END_MARK) : NULL;
	ASSERT_NE(NULL, e) {
		TH_LOG("%s has no %s...%s", DOC, BEGIN_MARK, END_MARK);
	}
	b += strlen(BEGIN_MARK);
	if (getenv("DT_STATE_WRITE")) {
		FILE *fp = fopen(DOC, "w");

		ASSERT_NE(NULL, fp);
		fprintf(fp, "%.*s%s%s", (int)(b - doc), doc, table, e);
		fclose(fp);
	} else {
		size_t n = (size_t)(e - b);

		EXPECT_TRUE(n == strlen(table) && !strncmp(b, table, n)) {
			TH_LOG("%s's state table is not the code's: rerun "
			       "with DT_STATE_WRITE=1 and read the diff. "
			       "Now:\n%s", DOC, table);
		}
	}
	free(doc);
	free(table);
}

TEST_HARNESS_MAIN
