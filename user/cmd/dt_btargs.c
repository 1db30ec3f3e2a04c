// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's command line (dt_btargs.h): under --bpftrace, or when the
 * command runs under a name ending in "bpftrace" (a link such as
 * /usr/sbin/dtrace-bpftrace), its options as bpftrace 0.17 has them,
 * and its BPFTRACE_* environment variables. The one file of cmd/ that
 * is bpftrace's entry (the D-only build replaces it): besides its
 * command line, what cmd/ hands the layers below of bpftrace's, its
 * options (dt_optlang), its formats and its consumer hooks.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "bt_list.h"
#include "bt_print.h"
#include "bt_value.h"
#include "dt_btargs.h"
#include "dt_error.h"
#include "dt_format.h"
#include "dt_options.h"

bool dt_bt_argv0(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;
	size_t n;

	base = base ? base + 1 : argv0;
	if (!base)
		return false;
	n = strlen(base);
	return n >= 8 && strcmp(base + n - 8, "bpftrace") == 0;
}

void dt_bt_usage(FILE *fp, const char *name)
{
	fprintf(fp,
"USAGE:\n"
"    %s [options] filename\n"
"    %s [options] - <stdin input>\n"
"    %s [options] -e 'program'\n"
"\n"
"OPTIONS:\n"
"    -B MODE        output buffering mode ('line', 'full', 'none')\n"
"    -f FORMAT      output format ('text', 'json')\n"
"    -o file        redirect bpftrace output to file\n"
"    -e 'program'   execute this program\n"
"    -h, --help     show this help message\n"
"    -I DIR         add the directory to the include search path (ignored)\n"
"    --include FILE add an #include file before preprocessing (ignored)\n"
"    -l [search]    list probes\n"
"    -p PID         enable USDT probes on PID\n"
"    -c 'CMD'       run CMD and enable USDT probes on resulting process\n"
"    --unsafe       allow unsafe builtin functions\n"
"    -q             keep messages quiet\n"
"    -k, -kk        report run-time faults as warnings at their statements\n"
"    -V, --version  version\n"
"    --no-warnings  disable all warning messages\n"
"    -v             verbose messages\n"
"    -d, -dd        (dry run) print the D program made and its DIF\n"
"    --dry-run      compile, do not trace\n"
"    -x opt[=val]   a DTrace option (bufsize, strsize, ...)\n"
"\n"
"ENVIRONMENT:\n"
"    BPFTRACE_STRLEN             [default: 64] bytes of a str() value\n"
"    BPFTRACE_PERF_RB_PAGES      [default: 1024] pages of the buffer per CPU\n"
"    BPFTRACE_MAX_PROBES         [default: none] max number of probes\n"
"    BPFTRACE_BTF                [default: none] BTF file (as DTRACE_BTF)\n"
"    BPFTRACE_MAP_KEYS_MAX, BPFTRACE_MAX_MAP_KEYS, BPFTRACE_CAT_BYTES_MAX,\n"
"    BPFTRACE_MAX_BPF_PROGS, BPFTRACE_LOG_SIZE, BPFTRACE_NO_USER_SYMBOLS,\n"
"    BPFTRACE_NO_CPP_DEMANGLE, BPFTRACE_CACHE_USER_SYMBOLS,\n"
"    BPFTRACE_STACK_MODE, BPFTRACE_VMLINUX: accepted, no effect\n"
"    DTRACE_BTRELEASE            [default: 0.17] print as this release\n"
"                                (0.23, 0.27; as -x btrelease=)\n"
"\n"
"This is dtrace's bpftrace front end (dtrace --bpftrace); see dtrace(1).\n",
		name, name, name);
}

int dt_bt_opt(struct dt_cmd *cmd, int c, const char *arg)
{
	const char *why;

	switch (c) {
	case 'B':
		if (!strcmp(arg, "none"))
			cmd->c_bufmode = 1 + _IONBF;
		else if (!strcmp(arg, "line"))
			cmd->c_bufmode = 1 + _IOLBF;
		else if (!strcmp(arg, "full"))
			cmd->c_bufmode = 1 + _IOFBF;
		else {
			fprintf(stderr, "ERROR: USAGE: -B must be either "
				"'line', 'full', or 'none'.\n");
			return -1;
		}
		return 0;
	case 'f':
		if (!strcmp(arg, "json"))
			(void)dt_option_set(&cmd->c_opts, "oformat",
					    "bpftrace-json", &why);
		else if (!strcmp(arg, "text"))
			(void)dt_option_set(&cmd->c_opts, "oformat",
					    "bpftrace", &why);
		else {
			fprintf(stderr, "ERROR: Invalid output format \"%s\"\n"
				"Valid formats: 'text', 'json'\n", arg);
			return -1;
		}
		cmd->c_btfmt = true;
		return 0;
	case 'd':
		cmd->c_btdebug++;
		cmd->c_exec = false;
		cmd->c_disasm = true;
		return 0;
	case 'k':
		cmd->c_btwarn++;
		return 0;
	case 'l':
		cmd->c_list = true;
		cmd->c_btlist = true;
		return 0;
	case 'q':
		cmd->c_btquiet = true;
		cmd->c_opts.o_quiet = true;	/* D pieces too, as DTrace's */
		return 0;
	case 'o':
		cmd->c_outfile = arg;
		cmd->c_outtrunc = true;
		return 0;
	case 'I':
	case DT_BTOPT_INCLUDE:
	case DT_BTOPT_USDTFILE:
		/* #include is ignored: the types come from the kernel */
		return 0;
	case DT_BTOPT_DRYRUN:
		cmd->c_exec = false;
		return 0;
	case DT_BTOPT_NOWARN:
		cmd->c_nowarn = true;
		return 0;
	case DT_BTOPT_INFO:
	case DT_BTOPT_EMIT:
		fprintf(stderr, "ERROR: this option is not supported by "
			"dtrace's bpftrace front end (BPF is not used)\n");
		return -1;
	default:
		return 1;
	}
}

/* A positive decimal number, as bpftrace reads its variables. */
static int dt_bt_envnum(const char *name, uint64_t *v)
{
	const char *s = getenv(name);
	char *end;

	if (!s)
		return 1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	if (!*s || *end || errno || *v == 0 || s[0] == '-') {
		fprintf(stderr, "ERROR: Env var '%s' did not contain a valid "
			"uint64_t, or was zero-valued.\n", name);
		return -1;
	}
	return 0;
}

int dt_bt_env(struct dt_cmd *cmd)
{
	static const char *const accepted[] = {
		"BPFTRACE_MAP_KEYS_MAX", "BPFTRACE_MAX_MAP_KEYS",
		"BPFTRACE_CAT_BYTES_MAX", "BPFTRACE_MAX_BPF_PROGS",
		"BPFTRACE_LOG_SIZE",
	};
	char val[32];
	const char *why;
	uint64_t v;
	size_t i;
	int rc;

	rc = dt_bt_envnum("BPFTRACE_STRLEN", &v);
	if (rc < 0)
		return -1;
	if (!rc) {
		/* str( ) keeps STRLEN - 1 characters and the NUL */
		if (v > 200) {
			/* bpftrace 0.17's limit, in its words */
			fprintf(stderr, "ERROR: 'BPFTRACE_STRLEN' %llu exceeds "
				"the current maximum of 200 bytes.\n",
				(unsigned long long)v);
			return -1;
		}
		snprintf(val, sizeof(val), "%llu",
			 (unsigned long long)(v > 1 ? v - 1 : 1));
		if (dt_option_set(&cmd->c_opts, "strsize", val, &why)) {
			fprintf(stderr, "ERROR: BPFTRACE_STRLEN: %s\n", why);
			return -1;
		}
	}
	rc = dt_bt_envnum("BPFTRACE_PERF_RB_PAGES", &v);
	if (rc < 0)
		return -1;
	if (!rc) {
		if (v & (v - 1)) {
			fprintf(stderr, "ERROR: BPFTRACE_PERF_RB_PAGES must be "
				"a power of 2\n");
			return -1;
		}
		snprintf(val, sizeof(val), "%llu",
			 (unsigned long long)(v * 4096 > v ? v * 4096 : 0));
		if (dt_option_set(&cmd->c_opts, "bufsize", val, &why)) {
			fprintf(stderr, "ERROR: BPFTRACE_PERF_RB_PAGES: %s\n",
				why);
			return -1;
		}
	}
	rc = dt_bt_envnum("BPFTRACE_MAX_PROBES", &v);
	if (rc < 0)
		return -1;
	if (!rc)
		cmd->c_maxprobes = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
	for (i = 0; i < sizeof(accepted) / sizeof(accepted[0]); i++)
		if (dt_bt_envnum(accepted[i], &v) < 0)
			return -1;
	/* bpftrace's BTF file is ours too, unless DTRACE_BTF says */
	if (getenv("BPFTRACE_BTF") && !getenv("DTRACE_BTF"))
		setenv("DTRACE_BTF", getenv("BPFTRACE_BTF"), 0);
	return 0;
}

int dt_bt_list(struct dt_cmd *cmd)
{
	char err[512];

	if (bt_list(cmd->c_fd, cmd->c_btsearch, cmd->c_verbose,
		    dt_bt_rel(&cmd->c_opts), cmd->c_out, err, sizeof(err))) {
		fprintf(stderr, "ERROR: %s\n", err);
		return 1;
	}
	return 0;
}

/*
 * -k: a fault in probe context as bpftrace words a helper's error, at
 * the statement that faulted. Unlike a failed helper in bpftrace, the
 * fault ends the clause for that firing: the warning says so.
 */
void dt_bt_fault(void *arg, const struct dt_ecb *e, int action,
		 const char *fault, uint64_t addr)
{
	struct dt_cmd *cmd = arg;
	const struct dt_piece *p = NULL;
	const struct dt_loc *loc;
	char msg[256];
	int i;

	for (i = 0; i < cmd->c_npieces && !p; i++) {
		const struct dt_cprog *cp = &cmd->c_pieces[i].p_cp;

		if (e >= cp->cp_ecbs && e < cp->cp_ecbs + cp->cp_necbs)
			p = &cmd->c_pieces[i];
	}
	if (action > 0 && action <= e->e_nacts && e->e_acts[action - 1].a_stmt)
		loc = &e->e_acts[action - 1].a_stmt->n_loc;
	else if (action == 0 && e->e_clause->c_pred)
		loc = &e->e_clause->c_pred->n_loc;
	else
		loc = &e->e_clause->c_loc;
	if (addr)
		snprintf(msg, sizeof(msg), "Failed to read 0x%llx: %s; the "
			 "probe's action stops here", (unsigned long long)addr,
			 fault);
	else
		snprintf(msg, sizeof(msg), "%s; the probe's action stops here",
			 fault);
	if (p && p->p_bt)
		bt_warn_print(&p->p_pcb, loc, msg, stderr);
	else
		fprintf(stderr, "WARNING: %s\n", msg);
}

const struct dt_format *dt_format_pick(bool json, bool bpftrace)
{
	if (json && bpftrace)
		return &dt_format_btjson;
	return json ? &dt_format_json : bpftrace ? &dt_format_bpftrace :
		&dt_format_text;
}

void dt_bt_options(void)
{
	static const struct dt_optlang bt = { "bpftrace", "btrelease", 11 };

	dt_options_lang(&bt);
}

const struct dt_valext *dt_bt_valext(void)
{
	return &bt_valext;
}

int dt_bt_named(char **av, int n)
{
	return bt_named_take(av, n);
}
