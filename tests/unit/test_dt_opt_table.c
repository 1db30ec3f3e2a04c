// SPDX-License-Identifier: GPL-2.0
/*
 * Every option of illumos' and Oracle's dt_options.c is known: it works,
 * or its refusal names why. And the pragmas that can fail a compile.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_test.h"
#include "dt_lib.h"

static const char *const dtrace_opts[] = {
	/* compile-time */
	"aggpercpu", "amin", "argref", "core", "cpp", "cpphdrs", "cpppath",
	"ctypes", "defaultargs", "dtypes", "debug", "define", "droptags",
	"empty", "encoding", "errtags", "evaltime", "incdir", "iregs",
	"kdefs", "knodefs", "late", "lazyload", "ldpath", "libdir",
	"linkmode", "linktype", "nolibs", "pgmax", "preallocate", "pspec",
	"setenv", "stdc", "strip", "syslibdir", "tree", "tregs", "udefs",
	"undef", "unodefs", "unsetenv", "verbose", "version", "zdefs",
	/* run-time */
	"aggsize", "bufsize", "bufpolicy", "bufresize", "cleanrate", "cpu",
	"destructive", "dynvarsize", "grabanon", "jstackframes",
	"jstackstrsize", "nspec", "specsize", "stackframes", "statusrate",
	"strsize", "ustackframes", "temporal",
	/* dynamic run-time */
	"agghist", "aggpack", "aggrate", "aggsortkey", "aggsortkeypos",
	"aggsortpos", "aggsortrev", "aggzoom", "flowindent", "quiet",
	"rawbytes", "stackindent", "switchrate",
	/* Oracle's */
	"quietresize", "noresolve", "maxframes", "scratchsize", "printsize",
	"lockmem",
};

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

TEST(every_dtrace_option_is_known)
{
	struct dt_options o;
	const char *why;
	size_t i;

	for (i = 0; i < sizeof(dtrace_opts) / sizeof(dtrace_opts[0]); i++) {
		const char *n = dtrace_opts[i];
		bool ok;

		dt_options_init(&o);
		why = "";
		/* with and without a value: one of them is its form */
		if (!dt_option_set(&o, n, NULL, &why) ||
		    !dt_option_set(&o, n, "1", &why))
			continue;
		ok = starts(why, "Option has no meaning on Linux: ") ||
		     starts(why, "Option not supported yet: ") ||
		     starts(why, "Option can only be set on the command") ||
		     !strcmp(why, "Invalid value for specified option");
		EXPECT_TRUE(ok) {
			TH_LOG("%s: %s", n, why);
		}
	}
}

/* A refusal says why, beyond its prefix. */
TEST(refusals_say_why)
{
	struct dt_options o;
	const char *why;

	dt_options_init(&o);
	ASSERT_EQ(-1, dt_option_set(&o, "grabanon", NULL, &why));
	EXPECT_STREQ("Option has no meaning on Linux: there is no anonymous "
		     "tracing (-A, -a)", why);
	ASSERT_EQ(-1, dt_option_set(&o, "temporal", NULL, &why));
	EXPECT_STREQ("Option not supported yet: records are printed one "
		     "CPU's buffer at a time", why);
	ASSERT_EQ(-1, dt_option_set(&o, "define", "X=1", &why));
	EXPECT_STREQ("Option can only be set on the command line (-x)", why);
	ASSERT_EQ(-1, dt_option_set(&o, "nosuchoption", NULL, &why));
	EXPECT_STREQ("Invalid option name", why);
}

TEST(cpu_and_sizes)
{
	struct dt_options o;
	const char *why;

	dt_options_init(&o);
	EXPECT_EQ(-1, o.o_cpu);
	EXPECT_EQ(0, dt_option_set(&o, "cpu", "3", &why));
	EXPECT_EQ(3, o.o_cpu);
	EXPECT_EQ(-1, dt_option_set(&o, "cpu", "x", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "cpu", "-1", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "cpu", "4096", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "cpu", NULL, &why));
	EXPECT_EQ(3, o.o_cpu);
	EXPECT_EQ(0, dt_option_set(&o, "printsize", "1k", &why));
	EXPECT_EQ(1024u, o.o_printsize);
	EXPECT_EQ(-1, dt_option_set(&o, "printsize", "0", &why));
	EXPECT_EQ(0, dt_option_set(&o, "scratchsize", "4m", &why));
	EXPECT_EQ(4u << 20, o.o_scratchsize);
	EXPECT_EQ(0, dt_option_set(&o, "maxframes", "32", &why));
	EXPECT_EQ(32u, o.o_maxframes);
	EXPECT_EQ(-1, dt_option_set(&o, "maxframes", "257", &why));
	EXPECT_EQ(0, dt_option_set(&o, "quietresize", NULL, &why));
	EXPECT_EQ(0, dt_option_set(&o, "lockmem", "1m", &why));
}

#define P_END "\nBEGIN { exit(0); }\n"

static const struct check_case pragmas[] = {
	{ "#pragma error \"not on this box\"" P_END, "D_PRAGERR", 1,
	  "#pragma error: not on this box" },
	{ "#pragma D depends_on library nosuch.d" P_END, "D_PRAGMA_DEPEND", 1,
	  "program requires library \"nosuch.d\" which is not in the "
	  "library path" },
	{ "#pragma D depends_on module nosuchmod" P_END, "D_PRAGMA_DEPEND",
	  1, "program requires module nosuchmod which is not loaded" },
	{ "#pragma D depends_on module vmlinux" P_END, NULL, 0, NULL },
	{ "#pragma D depends_on module fakemod" P_END, NULL, 0, NULL },
	{ "#pragma D depends_on provider io" P_END, NULL, 0, NULL },
	{ "#pragma D depends_on widget x" P_END, "D_PRAGMA_INVAL", 1,
	  "invalid class widget specified by #pragma D depends_on" },
	{ "#pragma D depends_on module" P_END, "D_PRAGMA_MALFORM", 1,
	  "malformed #pragma D depends_on" },
	{ "#pragma D attributes Bogus/Stable/Common f" P_END, "D_PRAGMA_INVAL",
	  1, "invalid attributes specified by #pragma D attributes" },
	{ "#pragma D attributes Stable/Stable f" P_END, "D_PRAGMA_INVAL", 1,
	  "invalid attributes specified by #pragma D attributes" },
	{ "#pragma D attributes Stable/Stable/Common/ISA f" P_END,
	  "D_PRAGMA_INVAL", 1,
	  "invalid attributes specified by #pragma D attributes" },
	{ "#pragma D attributes Stable/Stable/Common f" P_END, NULL, 0, NULL },
	{ "#pragma D attributes Evolving/Evolving/ISA provider io provider"
	  P_END, NULL, 0, NULL },
	{ "#pragma D option temporal" P_END, "D_PRAGMA_OPTSET", 1,
	  "failed to set option 'temporal': Option not supported yet: "
	  "records are printed one CPU's buffer at a time" },
	{ "#pragma D option aggpack" P_END, NULL, 0, NULL },
};

TEST(pragmas_fail_or_pass)
{
	char root[] = "/tmp/dt-pragma-XXXXXX", p[64];
	size_t i;

	ASSERT_NE(NULL, mkdtemp(root));
	snprintf(p, sizeof(p), "%s/module", root);
	ASSERT_EQ(0, mkdir(p, 0700));
	snprintf(p, sizeof(p), "%s/module/fakemod", root);
	ASSERT_EQ(0, mkdir(p, 0700));
	dt_lib_set_sysfs(root, "/proc/devices");
	for (i = 0; i < sizeof(pragmas) / sizeof(pragmas[0]); i++)
		EXPECT_TRUE(check_case_run(&pragmas[i], _metadata));
	dt_lib_set_sysfs("/sys", "/proc/devices");
	rmdir(p);
	snprintf(p, sizeof(p), "%s/module", root);
	rmdir(p);
	rmdir(root);
}

TEST_HARNESS_MAIN
