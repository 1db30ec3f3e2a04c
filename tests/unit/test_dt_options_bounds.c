// SPDX-License-Identifier: GPL-2.0
/*
 * Options that multiply per-firing work or per-CPU memory are refused
 * past the module's own limits, at the command, with DTrace's words.
 */
#include <dtrace/dtrace_ioctl.h>
#include "dt_options.h"
#include "kselftest_harness.h"

struct bound {
	const char	*name;
	const char	*ok;		/* the largest value accepted */
	const char	*over;		/* just past it */
	const char	*under;		/* below the least, or NULL */
};

static const struct bound bounds[] = {
	{ "strsize", "8191", "8192", "0" },	/* + the NUL: the module's */
	{ "bufsize", "64m", "67108865", "7" },	/* a word, as DTrace */
	{ "aggsize", "64m", "67108865", "0" },
	{ "specsize", "64m", "67108865", "7" },
	{ "dynvarsize", "256m", "268435457", NULL },
	{ "nspec", "1024", "1025", NULL },
	{ "stackframes", "256", "257", "0" },
	{ "ustackframes", "256", "257", "0" },
};

TEST(options_are_bounded)
{
	struct dt_options o;
	const char *why;
	size_t i;

	for (i = 0; i < sizeof(bounds) / sizeof(bounds[0]); i++) {
		const struct bound *b = &bounds[i];

		dt_options_init(&o);
		EXPECT_EQ(0, dt_option_set(&o, b->name, b->ok, &why)) {
			TH_LOG("%s=%s refused", b->name, b->ok);
		}
		why = NULL;
		EXPECT_EQ(-1, dt_option_set(&o, b->name, b->over, &why)) {
			TH_LOG("%s=%s accepted", b->name, b->over);
		}
		EXPECT_STREQ("Invalid value for specified option", why);
		EXPECT_EQ(-1, dt_option_set(&o, b->name, "1t", &why));
		if (b->under)
			EXPECT_EQ(-1, dt_option_set(&o, b->name, b->under,
						    &why)) {
				TH_LOG("%s=%s accepted", b->name, b->under);
			}
	}
	/* the limits are the module's */
	EXPECT_EQ(8192, DTRACE_STRSIZE_MAX);
	EXPECT_EQ(64u << 20, DTRACE_BUFSIZE_MAX);
}

/* DTrace's option names that scripts set; a small size is no error. */
TEST(options_accepted)
{
	static const struct { const char *name, *ok; } ok[] = {
		{ "rawbytes", "" }, { "cleanrate", "50hz" },
		{ "bufresize", "auto" }, { "bufresize", "manual" },
		{ "jstackframes", "50" }, { "aggsize", "8" },
		{ "dynvarsize", "16" }, { "bufpolicy", "ring" },
		{ "oformat", "json" },
	};
	struct dt_options o;
	const char *why;
	size_t i;

	dt_options_init(&o);
	EXPECT_EQ(9900990ull, o.o_cleanrate);
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		int rc = dt_option_set(&o, ok[i].name, ok[i].ok, &why);

		if (rc)
			TH_LOG("%s refused", ok[i].name);
		EXPECT_EQ(0, rc);
	}
	EXPECT_TRUE(o.o_rawbytes);
	EXPECT_EQ(20000000ull, o.o_cleanrate);
	EXPECT_EQ(8, o.o_aggsize);
	EXPECT_EQ(16, o.o_dynvarsize);
	EXPECT_EQ(-1, dt_option_set(&o, "bufresize", "sometimes", &why));
	EXPECT_STREQ("Invalid value for specified option", why);
	EXPECT_EQ(-1, dt_option_set(&o, "rawbytes", "1", &why));
	EXPECT_EQ(-1, dt_option_set(&o, "nosuch", NULL, &why));
	EXPECT_STREQ("Invalid option name", why);
	EXPECT_EQ(-1, dt_option_setarg(&o, "=1", &why));
	EXPECT_EQ(0, dt_option_setarg(&o, "nspec=4", &why));
	EXPECT_EQ(4, o.o_nspec);
}

TEST_HARNESS_MAIN
