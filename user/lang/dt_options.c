// SPDX-License-Identifier: GPL-2.0
/*
 * Options, by name, as -x and #pragma D option give them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_options.h"

#define DT_ERR_NAME	"Invalid option name"
#define DT_ERR_VALUE	"Invalid value for specified option"

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
	static const struct { const char *sfx; uint64_t mul; } units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000 }, { "sec", 1000000000 },
		{ "m", 60000000000ull }, { "min", 60000000000ull },
		{ "h", 3600000000000ull }, { "hour", 3600000000000ull },
		{ "d", 86400000000000ull }, { "day", 86400000000000ull },
	};
	unsigned long long v;
	char *end;
	size_t i;

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
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].sfx) == 0) {
			if (v == 0 || v > ~0ull / units[i].mul)
				return -1;
			*ns = v * units[i].mul;
			return 0;
		}
	}
	return -1;
}

static int dt_opt_bool(bool *b, const char *value)
{
	if (value && *value)
		return -1;
	*b = true;
	return 0;
}

int dt_option_set(struct dt_options *o, const char *name, const char *value,
		  const char **why)
{
	uint64_t v;

	*why = DT_ERR_VALUE;
	if (strcmp(name, "bufsize") == 0) {
		if (!value || dt_opt_parse_size(value, &v) ||
		    v < DTRACE_BUFSIZE_MIN || v > DTRACE_BUFSIZE_MAX)
			return -1;
		o->o_bufsize = v;
	} else if (strcmp(name, "aggsize") == 0 ||
		   strcmp(name, "specsize") == 0) {
		/* per CPU, as bufsize */
		if (!value || dt_opt_parse_size(value, &v) ||
		    v < DTRACE_BUFSIZE_MIN || v > DTRACE_BUFSIZE_MAX)
			return -1;
		if (name[0] == 'a')
			o->o_aggsize = v;
		else
			o->o_specsize = v;
	} else if (strcmp(name, "dynvarsize") == 0) {
		if (!value || dt_opt_parse_size(value, &v) ||
		    v > DTRACE_DYNVARSIZE_MAX)
			return -1;
		o->o_dynvarsize = v;
	} else if (strcmp(name, "nspec") == 0) {
		if (!value || dt_opt_parse_size(value, &v) ||
		    v > DTRACE_NSPEC_MAX)
			return -1;
		o->o_nspec = (uint32_t)v;
	} else if (strcmp(name, "strsize") == 0) {
		if (!value || dt_opt_parse_size(value, &v) || v == 0 ||
		    v > DTRACE_STRSIZE_MAX)
			return -1;
		o->o_strsize = (uint32_t)v;
	} else if (strcmp(name, "switchrate") == 0) {
		if (!value || dt_opt_parse_rate(value, &v))
			return -1;
		o->o_switchrate = v;
	} else if (strcmp(name, "statusrate") == 0) {
		if (!value || dt_opt_parse_rate(value, &v))
			return -1;
		o->o_statusrate = v;
	} else if (strcmp(name, "bufpolicy") == 0) {
		if (!value)
			return -1;
		if (strcmp(value, "switch") == 0)
			o->o_bufpolicy = DTRACE_BUFPOLICY_SWITCH;
		else if (strcmp(value, "fill") == 0)
			o->o_bufpolicy = DTRACE_BUFPOLICY_FILL;
		else if (strcmp(value, "ring") == 0)
			o->o_bufpolicy = DTRACE_BUFPOLICY_RING;
		else
			return -1;
	} else if (strcmp(name, "quiet") == 0) {
		return dt_opt_bool(&o->o_quiet, value);
	} else if (strcmp(name, "flowindent") == 0) {
		return dt_opt_bool(&o->o_flowindent, value);
	} else if (strcmp(name, "destructive") == 0) {
		return dt_opt_bool(&o->o_destructive, value);
	} else if (strcmp(name, "zdefs") == 0) {
		return dt_opt_bool(&o->o_zdefs, value);
	} else if (strcmp(name, "errtags") == 0) {
		return dt_opt_bool(&o->o_errtags, value);
	} else if (strcmp(name, "defaultargs") == 0) {
		return dt_opt_bool(&o->o_defaultargs, value);
	} else if (strcmp(name, "aggsortkey") == 0) {
		return dt_opt_bool(&o->o_aggsortkey, value);
	} else if (strcmp(name, "aggsortrev") == 0) {
		return dt_opt_bool(&o->o_aggsortrev, value);
	} else if (strcmp(name, "stackframes") == 0 ||
		   strcmp(name, "ustackframes") == 0) {
		if (!value || dt_opt_parse_size(value, &v) || v < 1 ||
		    v > DTRACE_STACK_MAX)
			return -1;
		if (name[0] == 'u')
			o->o_ustackframes = (uint32_t)v;
		else
			o->o_stackframes = (uint32_t)v;
	} else if (strcmp(name, "aggsortpos") == 0 ||
		   strcmp(name, "aggsortkeypos") == 0) {
		if (!value || dt_opt_parse_size(value, &v) || v >= 16)
			return -1;
		if (name[7] == 'k')
			o->o_aggsortkeypos = (uint32_t)v;
		else
			o->o_aggsortpos = (uint32_t)v;
	} else if (strcmp(name, "oformat") == 0) {
		if (!value)
			return -1;
		if (strcmp(value, "json") != 0 &&
		    strcmp(value, "bpftrace") != 0 &&
		    strcmp(value, "text") != 0 && strcmp(value, "none") != 0)
			return -1;
		o->o_json = strcmp(value, "json") == 0;
		o->o_btout = strcmp(value, "bpftrace") == 0;
		/* bpftrace prints no probe headings nor "matched" lines */
		if (o->o_btout)
			o->o_quiet = true;
	} else if (strcmp(name, "aggrate") == 0) {
		if (!value || dt_opt_parse_rate(value, &v))
			return -1;
		o->o_aggrate = v;
	} else {
		*why = DT_ERR_NAME;
		return -1;
	}
	return 0;
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
