// SPDX-License-Identifier: GPL-2.0
/*
 * Probe descriptions and the module's probe list.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compile.h"
#include "dt_dev.h"
#include "dt_probes.h"
#include "dt_stable.h"
#include "dt_tp.h"

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

void dt_probetab_init(struct dt_probetab *pt, int fd)
{
	memset(pt, 0, sizeof(*pt));
	pt->pt_fd = fd;
}

void dt_probetab_fini(struct dt_probetab *pt)
{
	free(pt->pt_probes);
	memset(pt, 0, sizeof(*pt));
}

static size_t dt_probetab_pos(const struct dt_probetab *pt, uint32_t id)
{
	size_t lo = 0, hi = pt->pt_n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (pt->pt_probes[mid].dpd_id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int dt_probetab_add(struct dt_probetab *pt, const struct dtrace_probedesc *pd)
{
	size_t i = dt_probetab_pos(pt, pd->dpd_id);

	if (i < pt->pt_n && pt->pt_probes[i].dpd_id == pd->dpd_id) {
		pt->pt_probes[i] = *pd;
		return 0;
	}
	if (pt->pt_n == pt->pt_cap) {
		size_t nc = pt->pt_cap ? pt->pt_cap * 2 : 32;
		void *np = realloc(pt->pt_probes, nc * sizeof(*pd));

		if (!np)
			return -1;
		pt->pt_probes = np;
		pt->pt_cap = nc;
	}
	memmove(&pt->pt_probes[i + 1], &pt->pt_probes[i],
		(pt->pt_n - i) * sizeof(*pd));
	pt->pt_probes[i] = *pd;
	pt->pt_n++;
	return 0;
}

const struct dtrace_probedesc *dt_probetab_get(struct dt_probetab *pt,
					       uint32_t id)
{
	struct dtrace_ioc_probes req;
	struct dtrace_probedesc pd;
	size_t i = dt_probetab_pos(pt, id);

	if (i < pt->pt_n && pt->pt_probes[i].dpd_id == id)
		return &pt->pt_probes[i];
	if (pt->pt_fd < 0 || id == 0)
		return NULL;
	memset(&req, 0, sizeof(req));
	memset(&pd, 0, sizeof(pd));
	req.dp_first_id = id;
	req.dp_count = 1;
	req.dp_buf = (uint64_t)(uintptr_t)&pd;
	if (dt_dev_probes(pt->pt_fd, &req) || req.dp_count != 1 ||
	    pd.dpd_id != id)
		return NULL;
	if (dt_probetab_add(pt, &pd))
		return NULL;
	return &pt->pt_probes[dt_probetab_pos(pt, id)];
}

int dt_probes_walk(int fd, const struct dtrace_probedesc *pat,
		   int (*fn)(const struct dtrace_probedesc *, void *),
		   void *arg)
{
	struct dtrace_probedesc buf[256];
	struct dtrace_ioc_probes req;
	uint32_t next = 1, i;
	int count = 0;

	for (;;) {
		memset(&req, 0, sizeof(req));
		req.dp_pattern = *pat;
		req.dp_pattern.dpd_id = 0;
		req.dp_first_id = next;
		req.dp_count = sizeof(buf) / sizeof(buf[0]);
		req.dp_buf = (uint64_t)(uintptr_t)buf;
		if (dt_dev_probes(fd, &req))
			return -1;
		if (req.dp_count > sizeof(buf) / sizeof(buf[0])) {
			errno = EPROTO;
			return -1;
		}
		for (i = 0; i < req.dp_count; i++) {
			buf[i].dpd_provider[DTRACE_PROVNAMELEN - 1] = '\0';
			buf[i].dpd_mod[DTRACE_MODNAMELEN - 1] = '\0';
			buf[i].dpd_func[DTRACE_FUNCNAMELEN - 1] = '\0';
			buf[i].dpd_name[DTRACE_NAMELEN - 1] = '\0';
			count++;
			if (fn && fn(&buf[i], arg))
				return count;
		}
		if (req.dp_next_id == 0 || req.dp_next_id <= next)
			break;
		next = req.dp_next_id;
	}
	return count;
}

void dt_probes_heading(FILE *fp)
{
	fprintf(fp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
		"FUNCTION", "NAME");
}

/* What each provider passes in arg0..arg9, for -lv. */
static const struct {
	const char	*provider, *name;	/* NULL name: any */
	const char	*args;
} dt_probe_args[] = {
	{ "syscall", "entry", "arg0-arg5: the system call's arguments" },
	{ "syscall", "return", "arg0, arg1: the return value; errno: the "
	  "error of a failed call" },
	{ "fbt", "entry", "arg0-arg5: the function's arguments" },
	{ "fbt", "return", "arg1: the return value; arg0: 0 (the return "
	  "site is not known)" },
	{ "profile", NULL, "arg0: the interrupted kernel PC, or 0; arg1: the "
	  "interrupted user PC, or 0" },
	{ "dtrace", "ERROR", "arg0: the probe that fired; arg1: the enabled "
	  "probe ID; arg2: the action; arg3: the DIF offset; arg4: the "
	  "fault; arg5: the address" },
	{ "dtrace", NULL, "none" },
	{ "tracepoint", NULL, "arg0: the address of the event's record; "
	  "arg1: its length" },
	{ "software", NULL, "arg0: the sample's address (a fault's), or 0; "
	  "arg1: the interrupted PC" },
};

/* -lv: the arguments, after the probe's line. */
void dt_probes_args(FILE *fp, const struct dtrace_probedesc *pd)
{
	const char *args = dt_stable_doc(pd);
	size_t i;

	for (i = 0; !args && i < sizeof(dt_probe_args) /
	     sizeof(dt_probe_args[0]); i++) {
		if (strcmp(dt_probe_args[i].provider, pd->dpd_provider) ||
		    (dt_probe_args[i].name &&
		     strcmp(dt_probe_args[i].name, pd->dpd_name)))
			continue;
		args = dt_probe_args[i].args;
	}
	fprintf(fp, "\n\tArgument Types\n");
	/* a trace event's: the fields of args-> */
	if (strcmp(pd->dpd_provider, "tracepoint") ||
	    dt_tp_fields_print(fp, pd->dpd_mod, pd->dpd_name) <= 0)
		fprintf(fp, "\t\tNone\n");
	fprintf(fp, "\n\tArguments (64-bit integers)\n\t\t%s\n\n",
		args ? args : "none");
}

void dt_probes_line(FILE *fp, const struct dtrace_probedesc *pd)
{
	fprintf(fp, "%5u %10s %17s %33s %s\n", pd->dpd_id, pd->dpd_provider,
		pd->dpd_mod, pd->dpd_func, pd->dpd_name);
}
