// SPDX-License-Identifier: GPL-2.0
/*
 * Probe descriptions and the module's probe list.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dt_macro.h"
#include "dt_probes.h"

static const struct {
	const char	*name;
	size_t		off, len;
} dt_pd_fields[] = {
	{ "provider", offsetof(struct dtrace_probedesc, dpd_provider),
	  DTRACE_PROVNAMELEN },
	{ "module", offsetof(struct dtrace_probedesc, dpd_mod),
	  DTRACE_MODNAMELEN },
	{ "function", offsetof(struct dtrace_probedesc, dpd_func),
	  DTRACE_FUNCNAMELEN },
	{ "name", offsetof(struct dtrace_probedesc, dpd_name),
	  DTRACE_NAMELEN },
};

/* Copy one field, expanding $N and $name; returns -1 with err set. */
static int dt_pd_field(const char *s, size_t n, char *dst, size_t room,
		       const char *fname, int argc, char *const argv[],
		       int target, char *err, size_t errlen)
{
	size_t o = 0, i = 0;
	char num[24];

	while (i < n) {
		const char *v;
		size_t vl;

		if (s[i] == '$' && i + 1 < n && isalpha((unsigned char)s[i + 1])) {
			char name[32];
			size_t k = 0;
			int64_t mv;

			i++;
			while (i < n && (isalnum((unsigned char)s[i]) ||
					 s[i] == '_') && k < sizeof(name) - 1)
				name[k++] = s[i++];
			name[k] = '\0';
			if (dt_macro_lookup(name, target, &mv)) {
				snprintf(err, errlen, "macro variable $%s is "
					 "not defined", name);
				return -1;
			}
			snprintf(num, sizeof(num), "%lld", (long long)mv);
			v = num;
			vl = strlen(num);
			goto copy;
		}
		if (s[i] == '$' && i + 1 < n && isdigit((unsigned char)s[i + 1])) {
			size_t d0 = ++i;
			long k = 0;

			/* saturated: $99999999999999999999 is just undefined */
			for (; i < n && isdigit((unsigned char)s[i]); i++)
				k = k > (LONG_MAX - 9) / 10 ? LONG_MAX :
				    k * 10 + (s[i] - '0');
			if (k >= argc || !argv) {
				snprintf(err, errlen, "macro argument $%.*s is "
					 "not defined", (int)(i - d0), s + d0);
				return -1;
			}
			v = argv[k];
			vl = strlen(v);
		} else {
			v = &s[i++];
			vl = 1;
		}
copy:
		if (o + vl >= room) {
			snprintf(err, errlen, "%s field of probe description "
				 "is too long (at most %zu bytes)", fname,
				 room - 1);
			return -1;
		}
		memcpy(dst + o, v, vl);
		o += vl;
	}
	dst[o] = '\0';
	return 0;
}

int dt_pdesc_parse(const char *text, struct dtrace_probedesc *pd,
		   int argc, char *const argv[], int target, char *err,
		   size_t errlen)
{
	const char *f[4], *p;
	size_t fl[4];
	int n = 1, i, k;

	memset(pd, 0, sizeof(*pd));
	for (p = text; *p; p++)
		if (*p == ':')
			n++;
	if (n > 4) {
		snprintf(err, errlen, "invalid probe description \"%s\": "
			 "too many fields", text);
		return -1;
	}
	/* fields are given from the right: name, function, module, ... */
	for (i = 0, p = text; i < n; i++) {
		const char *e = strchr(p, ':');

		if (!e)
			e = p + strlen(p);
		f[i] = p;
		fl[i] = (size_t)(e - p);
		p = *e ? e + 1 : e;
	}
	for (i = 0; i < n; i++) {
		k = 4 - n + i;
		if (dt_pd_field(f[i], fl[i], (char *)pd + dt_pd_fields[k].off,
				dt_pd_fields[k].len, dt_pd_fields[k].name,
				argc, argv, target, err, errlen))
			return -1;
	}
	return 0;
}

void dt_pdesc_str(const struct dtrace_probedesc *pd, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s:%.*s:%.*s:%.*s",
		 DTRACE_PROVNAMELEN, pd->dpd_provider,
		 DTRACE_MODNAMELEN, pd->dpd_mod,
		 DTRACE_FUNCNAMELEN, pd->dpd_func,
		 DTRACE_NAMELEN, pd->dpd_name);
}

void dt_probes_heading(FILE *fp)
{
	fprintf(fp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
		"FUNCTION", "NAME");
}

void dt_probes_line(FILE *fp, const struct dtrace_probedesc *pd)
{
	fprintf(fp, "%5u %10s %17s %33s %s\n", pd->dpd_id, pd->dpd_provider,
		pd->dpd_mod, pd->dpd_func, pd->dpd_name);
}
