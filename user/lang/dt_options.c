// SPDX-License-Identifier: GPL-2.0
/*
 * Options, by name, as -x and #pragma D option give them.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_options.h"
#include "dt_rows.h"

#define DT_ERR_NAME	"Invalid option name"
#define DT_ERR_VALUE	"Invalid value for specified option"

static const struct dt_optlang *dt_optlang;

void dt_options_lang(const struct dt_optlang *l)
{
	dt_optlang = l;
}

/* NAME or NAME-json of the other language: 1, 2; else 0. */
static int dt_opt_langfmt(const char *value)
{
	size_t n;

	if (!dt_optlang)
		return 0;
	n = strlen(dt_optlang->ol_name);
	if (strncmp(value, dt_optlang->ol_name, n) != 0)
		return 0;
	return !value[n] ? 1 : !strcmp(value + n, "-json") ? 2 : 0;
}

void dt_options_init(struct dt_options *o)
{
	memset(o, 0, sizeof(*o));
	o->o_strsize = DT_STRSIZE_DEFAULT;
	o->o_switchrate = DT_SWITCHRATE_DEFAULT;
	o->o_statusrate = DT_STATUSRATE_DEFAULT;
	o->o_bufpolicy = DTRACE_BUFPOLICY_SWITCH;
	o->o_stackframes = 20;
	o->o_ustackframes = 20;
	o->o_aggrate = DT_SWITCHRATE_DEFAULT;
	o->o_cleanrate = DT_CLEANRATE_DEFAULT;
	o->o_promseries = DT_PROMSERIES_DEFAULT;
	o->o_cpu = -1;
	o->o_maxframes = DTRACE_STACK_MAX;
	o->o_stackindent = DT_STACKINDENT_DEFAULT;
}

int dt_opt_parse_size(const char *s, uint64_t *out)
{
	unsigned long long v;
	char *end;
	int shift = 0;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno)
		return -1;
	switch (tolower((unsigned char)*end)) {
	case 't': shift = 40; end++; break;
	case 'g': shift = 30; end++; break;
	case 'm': shift = 20; end++; break;
	case 'k': shift = 10; end++; break;
	case '\0': break;
	default: return -1;
	}
	if (*end || (shift && v > (~0ull >> shift)))
		return -1;
	*out = v << shift;
	return 0;
}

int dt_opt_parse_rate(const char *s, uint64_t *ns)
{
	static const struct dt_rateunit {
		const char *sfx;
		uint64_t mul;
	} units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000 }, { "sec", 1000000000 },
		{ "m", 60000000000ull }, { "min", 60000000000ull },
		{ "h", 3600000000000ull }, { "hour", 3600000000000ull },
		{ "d", 86400000000000ull }, { "day", 86400000000000ull },
	};
	const struct dt_rateunit *u;
	unsigned long long v;
	char *end;

	if (!s || !isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (*end == '\0' || strcasecmp(end, "hz") == 0) {
		/* A bare number is a frequency, as in DTrace. */
		if (v == 0)
			return -1;
		*ns = 1000000000ull / v;
		if (*ns == 0)
			*ns = 1;
		return 0;
	}
	u = DT_ROW_FIND(units, end);
	if (!u || v == 0 || v > ~0ull / u->mul)
		return -1;
	*ns = v * u->mul;
	return 0;
}

/* How an option's value is read and where it goes. */
enum dt_opt_kind {
	DT_OPT_BOOL,		/* no value */
	DT_OPT_SIZE,		/* uint64_t bytes, k/m/g/t suffixes */
	DT_OPT_U32,		/* uint32_t count, as a size */
	DT_OPT_RATE,		/* uint64_t ns between events */
	DT_OPT_FUNC,		/* a function of its own */
	DT_OPT_IGNORED,		/* accepted, with nothing to change here */
	DT_OPT_REFUSED,		/* DTrace's, refused for the reason in why */
	DT_OPT_CMDLINE,		/* the command's own (dt_args.c), as -x */
};

struct dt_optdesc {
	const char	*name;
	enum dt_opt_kind kind;
	size_t		off;		/* in struct dt_options */
	uint64_t	min, max;
	int		(*set)(struct dt_options *o, const char *value);
	const char	*why;		/* DT_OPT_REFUSED */
};

static const struct dt_nameval dt_bufpolicies[] = {
	{ "switch", DTRACE_BUFPOLICY_SWITCH },
	{ "fill", DTRACE_BUFPOLICY_FILL },
	{ "ring", DTRACE_BUFPOLICY_RING },
};

static int dt_opt_bufpolicy(struct dt_options *o, const char *value)
{
	int policy = DT_NAMEVAL(dt_bufpolicies, value, -1);

	if (policy < 0)
		return -1;
	o->o_bufpolicy = (uint32_t)policy;
	return 0;
}

/* oformat's own words; the other language's are dt_opt_langfmt's. */
static const struct dt_oformat {
	const char	*name;
	uint8_t		stackfmt;	/* o_stackfmt */
	bool		json;
} dt_oformats[] = {
	{ "json", 0, true },
	{ "text", 0, false },
	{ "none", 0, false },
	{ "folded", 1, false },
	{ "flamegraph", 2, false },
};

static int dt_opt_oformat(struct dt_options *o, const char *value)
{
	int lang = dt_opt_langfmt(value);
	const struct dt_oformat *f = DT_ROW_FIND(dt_oformats, value);

	if (!f && !lang)
		return -1;
	o->o_stackfmt = f ? f->stackfmt : 0;
	/* both: the other language's JSON */
	o->o_json = (f && f->json) || lang == 2;
	o->o_fmtlang = lang != 0;
	/* no probe headings nor "matched" lines */
	if (o->o_fmtlang)
		o->o_quiet = true;
	return 0;
}

/* The other language's release: 0.N or 0.N.M */
static int dt_opt_langrel(struct dt_options *o, const char *value)
{
	unsigned int n, m;
	char c;

	if ((sscanf(value, "0.%u%c", &n, &c) != 1 &&
	     (sscanf(value, "0.%u.%u%c", &n, &m, &c) != 2)) ||
	    n < dt_optlang->ol_relmin || n > 99)
		return -1;
	o->o_langrel = (uint8_t)n;
	return 0;
}

/* [ADDR:]PORT, checked when tracing starts (dt_http.c) */
static int dt_opt_prometheus(struct dt_options *o, const char *value)
{
	if (!*value || strlen(value) >= sizeof(o->o_prom))
		return -1;
	strcpy(o->o_prom, value);
	return 0;
}

/* Buffers are never resized: "manual" is what happens, "auto" is allowed. */
static int dt_opt_bufresize(struct dt_options *o, const char *value)
{
	static const char *const dt_bufresizes[] = { "auto", "manual" };

	(void)o;
	return DT_ROW_FIND(dt_bufresizes, value) ? 0 : -1;
}

static int dt_opt_cpu(struct dt_options *o, const char *value)
{
	uint64_t v;

	if (dt_opt_parse_size(value, &v) || v >= 4096)
		return -1;
	o->o_cpu = (int32_t)v;
	return 0;
}

/* illumos': ascii or utf8 (there is no name for its automatic choice) */
static const struct dt_nameval dt_encodings[] = {
	{ "ascii", DT_ENC_ASCII },
	{ "utf8", DT_ENC_UTF8 },
};

static int dt_opt_encoding(struct dt_options *o, const char *value)
{
	int enc = DT_NAMEVAL(dt_encodings, value, -1);

	if (enc < 0)
		return -1;
	o->o_encoding = (uint8_t)enc;
	return 0;
}

#define OPT(n, k, f, lo, hi) \
	{ #n, DT_OPT_##k, offsetof(struct dt_options, f), lo, hi, NULL, NULL }
#define OPT_BOOL(n)	OPT(n, BOOL, o_##n, 0, 0)
#define OPT_RATE(n)	OPT(n, RATE, o_##n, 0, 0)
#define OPT_FUNC(n)	{ #n, DT_OPT_FUNC, 0, 0, 0, dt_opt_##n, NULL }
#define OPT_IGNORED(n)	{ #n, DT_OPT_IGNORED, 0, 0, 0, NULL, NULL }
#define OPT_CMDLINE(n)	{ #n, DT_OPT_CMDLINE, 0, 0, 0, NULL, NULL }
/* Options of illumos' and Oracle's dt_options.c that do nothing here. */
#define OPT_LINUX(n, w)	{ #n, DT_OPT_REFUSED, 0, 0, 0, NULL, \
			  "Option has no meaning on Linux: " w }
#define OPT_LATER(n, w)	{ #n, DT_OPT_REFUSED, 0, 0, 0, NULL, \
			  "Option not supported yet: " w }

/*
 * Sizes per CPU, as bufsize. A small aggsize or dynvarsize is allowed:
 * it leads to drops, as in DTrace (the module rounds dynvarsize up to
 * one variable).
 */
static const struct dt_optdesc dt_opts[] = {
	OPT(bufsize, SIZE, o_bufsize, DTRACE_BUFSIZE_MIN, DTRACE_BUFSIZE_MAX),
	OPT(aggsize, SIZE, o_aggsize, 1, DTRACE_BUFSIZE_MAX),
	OPT(specsize, SIZE, o_specsize, DTRACE_BUFSIZE_MIN,
	    DTRACE_BUFSIZE_MAX),
	OPT(dynvarsize, SIZE, o_dynvarsize, 1, DTRACE_DYNVARSIZE_MAX),
	OPT(nspec, U32, o_nspec, 0, DTRACE_NSPEC_MAX),
	/* one byte less than the module's: the NUL (DT_STRSLOT) */
	OPT(strsize, U32, o_strsize, 1, DTRACE_STRSIZE_MAX - 1),
	OPT(stackframes, U32, o_stackframes, 1, DTRACE_STACK_MAX),
	OPT(ustackframes, U32, o_ustackframes, 1, DTRACE_STACK_MAX),
	OPT(aggsortpos, U32, o_aggsortpos, 0, 15),
	OPT(aggsortkeypos, U32, o_aggsortkeypos, 0, 15),
	OPT(promseries, U32, o_promseries, 1, 1000000),
	OPT_RATE(switchrate),
	OPT_RATE(statusrate),
	OPT_RATE(aggrate),
	OPT_RATE(cleanrate),
	OPT_BOOL(quiet),
	OPT_BOOL(flowindent),
	OPT_BOOL(destructive),
	OPT_BOOL(zdefs),
	OPT_BOOL(errtags),
	OPT_BOOL(droptags),
	OPT_BOOL(defaultargs),
	OPT_BOOL(aggsortkey),
	OPT_BOOL(aggsortrev),
	OPT_BOOL(rawbytes),
	OPT_FUNC(bufpolicy),
	OPT_FUNC(bufresize),
	OPT_FUNC(oformat),
	OPT_FUNC(prometheus),
	OPT(scratchsize, SIZE, o_scratchsize, 8, DTRACE_BUFSIZE_MAX),
	OPT(printsize, SIZE, o_printsize, 1, DTRACE_STRSIZE_MAX),
	OPT(maxframes, U32, o_maxframes, 1, DTRACE_STACK_MAX),
	OPT_FUNC(cpu),
	OPT_BOOL(aggzoom),
	OPT_BOOL(agghist),
	OPT_BOOL(aggpack),
	OPT_BOOL(aggpercpu),
	OPT_FUNC(encoding),
	OPT(stackindent, U32, o_stackindent, 0, 1024),
	/* Java's ustack helpers: there are none to size */
	OPT_IGNORED(jstackframes),
	OPT_IGNORED(jstackstrsize),
	/* buffers are never resized, so there is nothing to report */
	OPT_IGNORED(quietresize),
	/* Oracle's limit on locked BPF maps: the buffers are the module's */
	OPT_IGNORED(lockmem),
	OPT_CMDLINE(cpp),
	OPT_CMDLINE(define),
	OPT_CMDLINE(undef),
	OPT_CMDLINE(incdir),
	OPT_CMDLINE(libdir),
	OPT_CMDLINE(verbose),
	OPT_LATER(temporal, "records are printed one CPU's buffer at a time"),
	OPT_LATER(noresolve, "addresses are always resolved to symbols"),
	OPT_LATER(amin, "stability attributes are not checked"),
	OPT_LATER(nolibs, "the D libraries are always read"),
	OPT_LATER(pspec, "a bare name is always a probe's name"),
	OPT_LATER(empty, "a program needs a clause"),
	OPT_LATER(evaltime, "-c's command is traced from its exec"),
	OPT_LATER(version, "there is one version of D"),
	OPT_LATER(setenv, "-c's command has dtrace's environment"),
	OPT_LATER(unsetenv, "-c's command has dtrace's environment"),
	OPT_LATER(tree, "the compiler does not print its trees"),
	OPT_LATER(late, "translators are applied when compiled"),
	OPT_LINUX(argref, "args[] are always typed from BTF"),
	OPT_LINUX(core, "libdtrace's core dumps are Solaris'"),
	OPT_LINUX(cpphdrs, "the preprocessor's headers are the system's"),
	OPT_LATER(cpppath, "cpp is the one found in PATH"),
	OPT_LINUX(stdc, "GNU cpp always defines __STDC__ as 1 (-X c)"),
	OPT_LINUX(ctypes, "Linux describes types with BTF, not CTF"),
	OPT_LINUX(dtypes, "Linux describes types with BTF, not CTF"),
	OPT_LINUX(debug, "libdtrace's debug output (-S prints the DIF)"),
	OPT_LINUX(iregs, "the module fixes the DIF registers"),
	OPT_LINUX(tregs, "the module fixes the DIF tuple registers"),
	OPT_LINUX(kdefs, "kernel symbols are looked up in kallsyms"),
	OPT_LINUX(knodefs, "kernel symbols are looked up in kallsyms"),
	OPT_LINUX(udefs, "user symbols are looked up in the process"),
	OPT_LINUX(unodefs, "user symbols are looked up in the process"),
	OPT_LINUX(lazyload, "DOF is Solaris' format for USDT"),
	OPT_LINUX(ldpath, "-G is not supported: there is no DOF to link"),
	OPT_LINUX(linkmode, "-G is not supported: there is no DOF to link"),
	OPT_LINUX(linktype, "-G is not supported: there is no DOF to link"),
	OPT_LINUX(strip, "-G is not supported: there is no DOF to link"),
	OPT_LINUX(syslibdir, "the system's D library directory is fixed"),
	OPT_LINUX(pgmax, "processes are not grabbed through /proc"),
	OPT_LINUX(preallocate, "the module allocates its own buffers"),
	OPT_LINUX(grabanon, "there is no anonymous tracing (-A, -a)"),
};


const char *dt_option_name(size_t i, bool *ignored)
{
	size_t n = DT_NROWS(dt_opts);

	*ignored = false;
	if (i == n && dt_optlang)
		return dt_optlang->ol_relopt;
	if (i >= n)
		return NULL;
	*ignored = dt_opts[i].kind == DT_OPT_IGNORED;
	return dt_opts[i].name;
}

int dt_option_set(struct dt_options *o, const char *name, const char *value,
		  const char **why)
{
	const struct dt_optdesc *d = DT_ROW_FIND(dt_opts, name);
	char *field;
	uint64_t v;

	if (!d && dt_optlang && strcmp(name, dt_optlang->ol_relopt) == 0) {
		*why = DT_ERR_VALUE;
		return value ? dt_opt_langrel(o, value) : -1;
	}
	if (!d) {
		*why = DT_ERR_NAME;
		return -1;
	}
	*why = DT_ERR_VALUE;
	field = (char *)o + d->off;
	switch (d->kind) {
	case DT_OPT_BOOL:
		if (value && *value)
			return -1;
		*(bool *)field = true;
		return 0;
	case DT_OPT_IGNORED:
		return 0;
	case DT_OPT_REFUSED:
		*why = d->why;
		return -1;
	case DT_OPT_CMDLINE:
		*why = "Option can only be set on the command line (-x)";
		return -1;
	case DT_OPT_FUNC:
		return value ? d->set(o, value) : -1;
	case DT_OPT_RATE:
		if (!value || dt_opt_parse_rate(value, &v))
			return -1;
		*(uint64_t *)field = v;
		return 0;
	case DT_OPT_SIZE:
	case DT_OPT_U32:
		if (!value || dt_opt_parse_size(value, &v) || v < d->min ||
		    v > d->max)
			return -1;
		if (d->kind == DT_OPT_SIZE)
			*(uint64_t *)field = v;
		else
			*(uint32_t *)field = (uint32_t)v;
		return 0;
	}
	return -1;
}

int dt_option_setarg(struct dt_options *o, const char *arg, const char **why)
{
	const char *eq = strchr(arg, '=');
	char name[64];
	size_t n;

	if (!eq)
		return dt_option_set(o, arg, NULL, why);
	n = (size_t)(eq - arg);
	if (n == 0 || n >= sizeof(name)) {
		*why = DT_ERR_NAME;
		return -1;
	}
	memcpy(name, arg, n);
	name[n] = '\0';
	return dt_option_set(o, name, eq + 1, why);
}
