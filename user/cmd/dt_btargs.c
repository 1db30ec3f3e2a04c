// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's command line (dt_btargs.h): under --bpftrace, or when the
 * command runs under a name ending in "bpftrace" (a link such as
 * /usr/sbin/dtrace-bpftrace), its options as bpftrace 0.17 has them,
 * and its BPFTRACE_* environment variables. The one file of cmd/ that
 * is bpftrace's entry (the D-only build replaces it): besides its
 * command line, what the rest of cmd/ asks of bpftrace (its struct
 * dt_cmdlang: -l in its names, -d, the start of tracing) and what cmd/
 * hands the layers below of bpftrace's, its options (dt_optlang), its
 * formats and its consumer hooks.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_dump.h"
#include "bt_parse.h"
#include "bt_list.h"
#include "bt_print.h"
#include "bt_value.h"
#include "dt_btargs.h"
#include "dt_cmdlang.h"
#include "dt_error.h"
#include "dt_format.h"
#include "dt_options.h"
#include "dt_rows.h"

/* bpftrace's long options without a letter, as getopt_long returns them */
enum {
	DT_BTOPT_INCLUDE = DT_OPT_LANGOWN, DT_BTOPT_DRYRUN, DT_BTOPT_NOWARN,
	DT_BTOPT_INFO, DT_BTOPT_USDTFILE, DT_BTOPT_EMIT,
};

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

static void dt_bt_usage(FILE *fp, const char *argv0)
{
	const char *name = dt_bt_argv0(argv0) ? argv0 : "dtrace --bpftrace";

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

/* -B's words: setvbuf's modes */
static const struct dt_nameval dt_bt_bufmodes[] = {
	{ "none", _IONBF },
	{ "line", _IOLBF },
	{ "full", _IOFBF },
};

/* -f's formats: -x oformat's words for them */
static const struct dt_bt_format {
	const char	*name;
	const char	*oformat;
} dt_bt_formats[] = {
	{ "json", "bpftrace-json" },
	{ "text", "bpftrace" },
};

static int dt_bt_opt(struct dt_cmd *cmd, int c, const char *arg)
{
	const struct dt_bt_format *format;
	int bufmode;
	const char *why;

	switch (c) {
	case 'B':
		bufmode = DT_NAMEVAL(dt_bt_bufmodes, arg, -1);
		if (bufmode < 0) {
			fprintf(stderr, "ERROR: USAGE: -B must be either "
				"'line', 'full', or 'none'.\n");
			return -1;
		}
		cmd->c_bufmode = 1 + bufmode;
		return 0;
	case 'f':
		format = DT_ROW_FIND(dt_bt_formats, arg);
		if (!format) {
			fprintf(stderr, "ERROR: Invalid output format \"%s\"\n"
				"Valid formats: 'text', 'json'\n", arg);
			return -1;
		}
		(void)dt_option_set(&cmd->c_opts, "oformat", format->oformat,
				    &why);
		cmd->c_langfmt = true;
		return 0;
	case 'd':
		cmd->c_langdump++;
		cmd->c_exec = false;
		cmd->c_disasm = true;
		return 0;
	case 'k':
		cmd->c_faultwarn++;
		return 0;
	case 'l':
		cmd->c_list = true;
		cmd->c_langlist = true;
		return 0;
	case 'q':
		cmd->c_nostart = true;
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

/* The BPFTRACE_* variables: 0, or -1 (an error, printed). */
static int dt_bt_vars(struct dt_cmd *cmd)
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

/*
 * Before the options: oformat=bpftrace's release, for -s FILE.bt too (-x
 * wins), then, under bpftrace's command line, its BPFTRACE_* variables.
 */
static int dt_bt_env(struct dt_cmd *cmd)
{
	const char *why;

	if (getenv("DTRACE_BTRELEASE") &&
	    dt_option_set(&cmd->c_opts, "btrelease",
			  getenv("DTRACE_BTRELEASE"), &why)) {
		fprintf(stderr, "dtrace: DTRACE_BTRELEASE: %s (0.17, 0.23, "
			"0.27, ...)\n", why);
		return -1;
	}
	return cmd->c_lang ? dt_bt_vars(cmd) : 0;
}

/*
 * bpftrace's own program pieces (--bpftrace -e, --bpftrace FILE, -s
 * FILE.bt): bpftrace prints only what the program prints, in its
 * formats.
 */
static int dt_bt_operands(struct dt_cmd *cmd, int *optindp, int *argcp,
			  char **argv)
{
	int argc = *argcp;
	const char *why;
	bool any = false;
	size_t n;
	int i;

	if (cmd->c_langlist && !cmd->c_npieces && *optindp < argc)
		cmd->c_langsearch = argv[(*optindp)++];
	if (cmd->c_lang && !cmd->c_npieces && !cmd->c_list &&
	    *optindp < argc) {
		if (dt_cmd_piece(cmd, 's', argv[(*optindp)++]))
			return -1;
		cmd->c_pieces[cmd->c_npieces - 1].p_lang = true;
	}
	for (i = 0; i < cmd->c_npieces; i++) {
		struct dt_piece *p = &cmd->c_pieces[i];

		n = strlen(p->p_arg);
		if (p->p_kind == 's' && n > 3 &&
		    strcmp(p->p_arg + n - 3, ".bt") == 0)
			p->p_lang = true;
		any |= p->p_lang;
	}
	if (!any)
		return 0;
	cmd->c_opts.o_quiet = true;
	/* --name[=value] after --: getopt( )'s, not $1, $2, ... */
	*argcp = *optindp + bt_named_take(argv + *optindp, argc - *optindp);
	/* the consumer's bpftrace output (-f chose text or json) */
	if (!cmd->c_langfmt)
		(void)dt_option_set(&cmd->c_opts, "oformat", "bpftrace",
				    &why);
	return 0;
}

static int dt_bt_list(struct dt_cmd *cmd)
{
	char err[512];

	if (bt_list(cmd->c_fd, cmd->c_langsearch, cmd->c_verbose,
		    dt_bt_rel(&cmd->c_opts), cmd->c_out, err, sizeof(err))) {
		fprintf(stderr, "ERROR: %s\n", err);
		return 1;
	}
	return 0;
}

/* -l with descriptions: a probe in bpftrace's name, -lv its fields. */
static int dt_bt_listone(FILE *fp, const struct dtrace_probedesc *pd,
			 bool verbose)
{
	char name[1024];

	if (bt_list_name(pd, NULL, name, sizeof(name)))
		return 0;
	fprintf(fp, "%s\n", name);
	if (verbose && !strcmp(pd->dpd_provider, "tracepoint"))
		bt_list_tpfields(fp, pd->dpd_mod, pd->dpd_name);
	return 1;
}

/* bpftrace skips a function it cannot probe */
static bool dt_bt_skip(struct dt_cmd *cmd, const struct dtrace_probedesc *d,
		       const char *str)
{
	if (cmd->c_opts.o_missing == DT_MISS_ERROR ||
	    (strcmp(d->dpd_provider, "fbt") &&
	     strcmp(d->dpd_provider, "uprobe")))
		return false;
	if (!cmd->c_nowarn && cmd->c_opts.o_missing == DT_MISS_WARN)
		fprintf(stderr, "WARNING: could not attach probe %s, "
			"skipping.\n", str);
	return true;
}

/*
 * Before tracing: BPFTRACE_MAX_PROBES refuses more, in bpftrace's
 * words; then its formats print as the release -x btrelease chose.
 */
static int dt_bt_start(struct dt_cmd *cmd, uint64_t n)
{
	if (cmd->c_maxprobes && n > cmd->c_maxprobes) {
		fprintf(stderr, "ERROR: Can't attach to %llu probes because it "
			"exceeds the current limit of %u probes.\nYou can "
			"increase the limit through the BPFTRACE_MAX_PROBES "
			"environment variable, but BE CAREFUL since a high "
			"number of probes attached can cause your system to "
			"crash.\n", (unsigned long long)n, cmd->c_maxprobes);
		return -1;
	}
	dt_bt_release = dt_bt_rel(&cmd->c_opts);
	return 0;
}

/*
 * -k: a fault in probe context as bpftrace words a helper's error, at
 * the statement that faulted. Unlike a failed helper in bpftrace, the
 * fault ends the clause for that firing: the warning says so.
 */
static void dt_bt_fault(void *arg, const struct dt_ecb *e, int action,
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
	if (p && p->p_lang)
		bt_warn_print(&p->p_pcb, loc, msg, stderr);
	else
		fprintf(stderr, "WARNING: %s\n", msg);
}

static const struct dt_optlang dt_bt_optlang = {
	"bpftrace", "btrelease", 11
};

void dt_bt_options(void)
{
	dt_options_lang(&dt_bt_optlang);
}

static const struct option dt_bt_longopts[] = {
	{ "bpftrace", no_argument, NULL, DT_OPT_LANG },
	{ "unsafe", no_argument, NULL, 'w' },
	{ "include", required_argument, NULL, DT_BTOPT_INCLUDE },
	{ "dry-run", no_argument, NULL, DT_BTOPT_DRYRUN },
	{ "no-warnings", no_argument, NULL, DT_BTOPT_NOWARN },
	{ "info", no_argument, NULL, DT_BTOPT_INFO },
	{ "usdt-file-activation", no_argument, NULL, DT_BTOPT_USDTFILE },
	{ "emit-elf", required_argument, NULL, DT_BTOPT_EMIT },
	{ "emit-llvm", required_argument, NULL, DT_BTOPT_EMIT },
	{ NULL, 0, NULL, 0 },
};

/* What the rest of cmd/ asks of bpftrace (dt_cmdlang.h). */
static const struct dt_cmdlang dt_bt_cmdlang = {
	.cl_name	= "bpftrace",
	.cl_optlang	= &dt_bt_optlang,
	.cl_fmt		= { &dt_format_bpftrace, &dt_format_btjson },
	.cl_valext	= &bt_valext,
	.cl_help	=
"\n"
"\t--bpftrace [-e program | file] [-p pid] [-c cmd] [args ...]\n"
"\t    the program is in the bpftrace language (so is -s file.bt);\n"
"\t    then bpftrace's options too: -f json, -l [search], -q, -o,\n"
"\t    -B, -k, -d, --dry-run, --unsafe (dtrace --bpftrace -h lists them).\n"
"\t    Run as a link whose name ends in bpftrace (dtrace-bpftrace),\n"
"\t    the command is the bpftrace front end.\n",
	.cl_letters	= "+B:b:c:CdD:e:f:FhHi:I:klL:m:n:o:p:P:qs:SU:vVwx:X:Z",
	.cl_longopts	= dt_bt_longopts,
	.cl_argv0	= dt_bt_argv0,
	.cl_env		= dt_bt_env,
	.cl_opt		= dt_bt_opt,
	.cl_usage	= dt_bt_usage,
	.cl_operands	= dt_bt_operands,
	.cl_list	= dt_bt_list,
	.cl_listone	= dt_bt_listone,
	.cl_dump	= dt_bt_dump,
	.cl_skip	= dt_bt_skip,
	.cl_start	= dt_bt_start,
	.cl_fault	= dt_bt_fault,
};

const struct dt_cmdlang *const dt_cmdlang = &dt_bt_cmdlang;
