// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace attach points as D probe descriptions:
 *
 *   BEGIN, END                  dtrace:::BEGIN, dtrace:::END
 *   kprobe:F, kretprobe:F       fbt::F:entry, fbt::F:return
 *   uprobe:PATH:F, uretprobe:   uprobe:/ABS/PATH:F:entry, :return
 *   tracepoint:SUB:EV           tracepoint:SUB::EV
 *   profile:hz:N, profile:s:N   profile:::profile-N, profile-Ns
 *   interval:s:N, interval:ms:N profile:::tick-Ns, tick-Nms
 *   software:EV[:PERIOD]        software:::EV-PERIOD
 *   usdt:PATH:PROV:NAME         PROVpid:BASENAME::NAME (with -p or -c)
 *   kfunc:F, kretfunc:F         fbt::F:entry, fbt::F:return (bt_kfunc.c)
 *
 * and the forms of bt_probe_ext.c (offsets, addresses, rawtracepoint,
 * hardware, watchpoint, usdt without a process), with bpftrace's short
 * names (k kr u ur t p i s U rt h w aw). PATH is made absolute; a bare
 * name is a library (libc) or a program on $PATH.
 */
#include <glob.h>
#include <limits.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bt_parse.h"
#include "dt_error.h"
#include "dt_rows.h"

static const struct {
	const char	*name, *alias;
	enum bt_pkind	kind;
} bt_ptypes[] = {
	{ "kprobe", "k", BT_P_KPROBE },
	{ "kretprobe", "kr", BT_P_KRETPROBE },
	{ "uprobe", "u", BT_P_UPROBE },
	{ "uretprobe", "ur", BT_P_URETPROBE },
	{ "tracepoint", "t", BT_P_TRACEPOINT },
	{ "profile", "p", BT_P_PROFILE },
	{ "interval", "i", BT_P_INTERVAL },
	{ "software", "s", BT_P_SOFTWARE },
	{ "usdt", "U", BT_P_USDT },
	{ "rawtracepoint", "rt", BT_P_RAWTRACEPOINT },
	{ "hardware", "h", BT_P_HARDWARE },
	{ "watchpoint", "w", BT_P_WATCHPOINT },
	{ "asyncwatchpoint", "aw", BT_P_ASYNCWATCHPOINT },
	{ "kfunc", "f", BT_P_KFUNC },
	{ "kretfunc", "fr", BT_P_KRETFUNC },
	/* newer bpftrace's names */
	{ "fentry", "f", BT_P_KFUNC },
	{ "fexit", "fr", BT_P_KRETFUNC },
};

/* libc.so is a linker script beside libc.so.6: only ELF files count. */
static bool bt_iself(const char *path)
{
	FILE *fp = fopen(path, "rb");
	char m[4] = { 0 };
	bool ok;

	if (!fp)
		return false;
	ok = fread(m, 1, 4, fp) == 4 && memcmp(m, "\177ELF", 4) == 0;
	fclose(fp);
	return ok;
}

static bool bt_isglob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

int bt_lib_path(const char *name, char *out, size_t len)
{
	static const char *const dirs[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
		"/lib64", "/usr/lib64", "/lib", "/usr/lib", "/usr/local/lib",
	};
	char pat[PATH_MAX];
	size_t i, j;
	glob_t g;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		/* libc -> libc.so.6; libc.so.6 as it is */
		snprintf(pat, sizeof(pat), "%s/%s%s", dirs[i], name,
			 strstr(name, ".so") ? "" :
			 strncmp(name, "lib", 3) == 0 ? ".so*" : "");
		if (glob(pat, 0, NULL, &g) != 0)
			continue;
		for (j = 0; j < g.gl_pathc; j++) {
			if (!bt_iself(g.gl_pathv[j]) ||
			    !realpath(g.gl_pathv[j], pat) || strlen(pat) >= len)
				continue;
			strcpy(out, pat);
			globfree(&g);
			return 0;
		}
		globfree(&g);
	}
	return -1;
}

/* uprobe's PATH, absolute and with links resolved. */
int bt_upath(struct dt_pcb *pcb, const struct dt_loc *loc,
		    const char *path, char *out, size_t len)
{
	char buf[PATH_MAX], *pathenv, *save = NULL, *d;

	if (strchr(path, '/')) {
		if (realpath(path, buf) && strlen(buf) < len) {
			strcpy(out, buf);
			return 0;
		}
		return dt_error(pcb, loc, "BT_PROBE", "uprobe target file "
				"'%s' does not exist or is not executable",
				path);
	}
	if (bt_lib_path(path, out, len) == 0)
		return 0;
	pathenv = strdup(getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
	for (d = pathenv ? strtok_r(pathenv, ":", &save) : NULL; d;
	     d = strtok_r(NULL, ":", &save)) {
		snprintf(buf, sizeof(buf), "%s/%s", d, path);
		if (access(buf, X_OK) == 0 && realpath(buf, out)) {
			free(pathenv);
			return 0;
		}
	}
	free(pathenv);
	return dt_error(pcb, loc, "BT_PROBE", "uprobe target file '%s' does "
			"not exist or is not executable", path);
}

/* profile:hz:99 -> 99, profile:s:5 -> 5s ... */
static int bt_rate(struct dt_pcb *pcb, const struct dt_loc *loc,
		   const char *unit, const char *n, char *out, size_t len)
{
	/* D's profile takes a bare number as hz, the others as written */
	static const struct bt_rateunit {
		const char	*name;
		const char	*suffix;
	} units[] = {
		{ "hz", "" }, { "s", "s" }, { "ms", "ms" }, { "us", "us" },
	};
	const struct bt_rateunit *u;
	char *end;
	long v = strtol(n, &end, 10);

	if (!*n || *end || v <= 0)
		return dt_error(pcb, loc, "BT_PROBE", "invalid rate of %s "
				"probe", unit);
	u = DT_ROW_FIND(units, unit);
	if (!u)
		return dt_error(pcb, loc, "BT_PROBE", "invalid time unit: "
				"%s (hz, s, ms or us)", unit);
	snprintf(out, len, "%ld%s", v, u->suffix);
	return 0;
}

static int bt_nfields(char **f, char *s, int max)
{
	int n = 0;

	while (n < max) {
		f[n++] = s;
		s = strchr(s, ':');
		if (!s)
			break;
		*s++ = '\0';
	}
	return s ? -1 : n;
}

int bt_probe_parse(struct dt_pcb *pcb, const char *text,
		   const struct dt_loc *loc, struct bt_probe *bp)
{
	char buf[512], path[256], rate[64], *f[5];
	size_t i;
	int n, rc;

	memset(bp, 0, sizeof(*bp));
	/* 0.27 writes them begin and end */
	if (strcasecmp(text, "BEGIN") == 0 || strcasecmp(text, "END") == 0) {
		bp->bp_kind = toupper(text[0]) == 'B' ? BT_P_BEGIN : BT_P_END;
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "dtrace:::%s",
			 bp->bp_kind == BT_P_BEGIN ? "BEGIN" : "END");
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s", text);
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", text);
	n = bt_nfields(f, buf, 5);
	for (i = 0; i < sizeof(bt_ptypes) / sizeof(bt_ptypes[0]); i++)
		if (strcmp(f[0], bt_ptypes[i].name) == 0 ||
		    strcmp(f[0], bt_ptypes[i].alias) == 0)
			break;
	if (i == sizeof(bt_ptypes) / sizeof(bt_ptypes[0]))
		return dt_error(pcb, loc, "BT_PROBE", "Invalid probe type: %s",
				f[0]);
	bp->bp_kind = bt_ptypes[i].kind;
	f[0] = (char *)bt_ptypes[i].name;
	rc = bt_probe_ext(pcb, f, n, loc, bp, text);
	if (rc <= 0)
		return rc;
	switch (bp->bp_kind) {
	case BT_P_KPROBE:
	case BT_P_KRETPROBE:
		if (n != 2 || !*f[1])
			break;
		bp->bp_glob = bt_isglob(f[1]);
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "fbt::%s:%s", f[1],
			 bp->bp_kind == BT_P_KPROBE ? "entry" : "return");
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s", f[0], f[1]);
		return 0;
	case BT_P_UPROBE:
	case BT_P_URETPROBE:
		if (n != 3 || !*f[1] || !*f[2])
			break;
		if (bt_upath(pcb, loc, f[1], path, sizeof(path)))
			return -1;
		bp->bp_glob = bt_isglob(f[2]);
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "uprobe:%s:%s:%s",
			 path, f[2], bp->bp_kind == BT_P_UPROBE ? "entry" :
			 "return");
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s:%s", f[0],
			 path, f[2]);
		return 0;
	case BT_P_TRACEPOINT:
		if (n != 3 || !*f[1] || !*f[2])
			break;
		bp->bp_glob = bt_isglob(f[1]) || bt_isglob(f[2]);
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "tracepoint:%s::%s",
			 f[1], f[2]);
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s:%s", f[0],
			 f[1], f[2]);
		return 0;
	case BT_P_PROFILE:
	case BT_P_INTERVAL:
		if (n == 2) {
			/* newer bpftrace's interval:1s, profile:99hz */
			char num[64];
			size_t k = strspn(f[1], "0123456789");

			if (!k || k >= sizeof(num) ||
			    (!f[1][k] && bp->bp_kind != BT_P_INTERVAL))
				break;
			snprintf(num, sizeof(num), "%.*s", (int)k, f[1]);
			/* 0.27's interval:N is in nanoseconds */
			if (!f[1][k] && strspn(num, "0") == k)
				return dt_error(pcb, loc, "BT_PROBE",
						"invalid rate of interval probe");
			if (!f[1][k])
				snprintf(rate, sizeof(rate), "%.40sns", num);
			else if (bt_rate(pcb, loc, f[1] + k, num, rate,
					 sizeof(rate)))
				return -1;
		} else if (n != 3) {
			break;
		} else if (bt_rate(pcb, loc, f[1], f[2], rate,
				   sizeof(rate))) {
			return -1;
		}
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "profile:::%s-%s",
			 bp->bp_kind == BT_P_PROFILE ? "profile" : "tick", rate);
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s%s%s", f[0],
			 f[1], n == 3 ? ":" : "", n == 3 ? f[2] : "");
		return 0;
	case BT_P_SOFTWARE:
		if (n < 2 || n > 3 || !*f[1])
			break;
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "software:::%s%s%s",
			 f[1], n == 3 ? "-" : "", n == 3 ? f[2] : "");
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s%s%s", f[0],
			 f[1], n == 3 ? ":" : "", n == 3 ? f[2] : "");
		return 0;
	case BT_P_USDT: {
		const char *base;

		if (n != 4 || !pcb->pcb_target)	/* else bt_probe_ext.c's */
			break;
		if (bt_upath(pcb, loc, f[1], path, sizeof(path)))
			return -1;
		base = strrchr(path, '/') + 1;
		snprintf(bp->bp_desc, sizeof(bp->bp_desc), "%s%d:%s::%s", f[2],
			 pcb->pcb_target, base, f[3]);
		snprintf(bp->bp_name, sizeof(bp->bp_name), "%s:%s:%s:%s", f[0],
			 path, f[2], f[3]);
		return 0;
	}
	default:
		break;
	}
	return dt_error(pcb, loc, "BT_PROBE", "Invalid attach point "
			"definition: %s", text);
}
