// SPDX-License-Identifier: GPL-2.0
/*
 * dtrace(1)'s arguments: options in DTrace's letters, program pieces in
 * the order given (-n, -s, -P, -m, -f), then $1.. macro arguments. The
 * pieces are compiled, then listed (-l), printed (-S) or run (dt_run.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_cmdlang.h"
#include "dt_dev.h"
#include "dt_error.h"
#include "dt_lib.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_version.h"

static void dt_usage(FILE *fp)
{
	fprintf(fp,
"Usage: dtrace [-CeFlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
"\t[-I path] [-o output] [-p pid] [-s script] [-U name] [-x opt[=val]]\n"
"\t[-P provider [[ predicate ] action ]]\n"
"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n"
"\n"
"\tpredicate -> '/' D-expression '/'\n"
"\t   action -> '{' D-statements '}'\n"
"\n"
"\t-b  set trace buffer size\n"
"\t-c  run specified command and exit upon its completion\n"
"\t-C  run cpp(1) preprocessor on script files\n"
"\t-D  define symbol when invoking preprocessor\n"
"\t-e  exit after compiling request but prior to enabling probes\n"
"\t-f  enable or list probes matching the specified function name\n"
"\t-F  coalesce trace output by function\n"
"\t--help  print this help\n"
"\t-I  add include directory to preprocessor search path\n"
"\t-l  list probes matching specified criteria\n"
"\t-m  enable or list probes matching the specified module name\n"
"\t-n  enable or list probes matching the specified probe name\n"
"\t-o  append trace output to the specified file\n"
"\t-p  grab specified process-ID and exit upon its completion\n"
"\t-P  enable or list probes matching the specified provider name\n"
"\t-q  set quiet mode (only output explicitly traced data)\n"
"\t-s  enable or list probes according to the specified D script\n"
"\t-S  print D compiler intermediate code\n"
"\t-U  undefine symbol when invoking preprocessor\n"
"\t-v  set verbose mode (report stability attributes, arguments)\n"
"\t-V  report DTrace API version\n"
"\t-w  permit destructive actions\n"
"\t-x  enable or modify compiler and tracing options\n"
"\t    (-x oformat=json|folded|flamegraph, -x prometheus=[addr:]port)\n"
"\t-Z  permit probe descriptions that match zero probes\n");
	if (dt_cmdlang && dt_cmdlang->cl_help)
		fputs(dt_cmdlang->cl_help, fp);
}

/* --help: usage; -h is DTrace's header of USDT definitions */
#define DT_OPT_HELP	257

/* DTrace's letters, as getopt( ) reads them */
#define DT_ARGS_LETTERS	"+aAb:c:CD:ef:FGhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z"

/*
 * The -x forms of the command's own flags: -C, -D, -U, -I, -L, -S.
 * 1 if name is not one of them.
 */
static int dt_args_cmdopt(struct dt_cmd *cmd, const char *arg)
{
	static const struct { const char *name; char flag; } m[] = {
		{ "cpp", 'C' }, { "define", 'D' }, { "undef", 'U' },
		{ "incdir", 'I' }, { "libdir", 'L' }, { "verbose", 'S' },
	};
	size_t n = strcspn(arg, "="), i;
	const char *val = arg[n] ? arg + n + 1 : NULL;

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++)
		if (strlen(m[i].name) == n && !strncmp(arg, m[i].name, n))
			break;
	if (i == sizeof(m) / sizeof(m[0]))
		return 1;
	if ((m[i].flag == 'C' || m[i].flag == 'S') != !val) {
		dt_warn("failed to set -x %.*s: Invalid value for specified "
			"option\n", (int)n, arg);
		return -1;
	}
	switch (m[i].flag) {
	case 'C':
		cmd->c_cpp = true;
		return 0;
	case 'S':
		cmd->c_disasm = true;
		return 0;
	case 'L':
		if (dt_lib_adddir(val)) {
			dt_warn("too many -L directories\n");
			return -1;
		}
		return 0;
	}
	return dt_cmd_cppopt(cmd, m[i].flag, val) ? -1 : 0;
}

/* DTrace's flags with no meaning here: why, after "-F is not supported: ". */
static const char *dt_args_refused(int c)
{
	switch (c) {
	case 'h':
		return "it writes a header of USDT provider definitions for "
		       "-G, and USDT probes here are sys/sdt.h's notes "
		       "(--help prints the usage)";
	case 'G':
		return "USDT probes here are sys/sdt.h's ELF notes: there is "
		       "no DOF object to generate";
	case 'A':
	case 'a':
		return "there is no anonymous tracing: the module keeps no "
		       "enablings across a boot";
	}
	return NULL;
}

static void dt_version_print(void)
{
	char err[512];
	struct dtrace_ioc_version v;
	int fd;

	printf("dtrace: %s\n", DT_VERSION_STRING);
	fd = dt_dev_open(err, sizeof(err));
	if (fd < 0) {
		printf("dtrace: module: not available (%s)\n", err);
		return;
	}
	if (dt_dev_version(fd, &v) == 0)
		printf("dtrace: module: dtrace %s, ABI %u\n", v.dv_module,
		       v.dv_abi);
	dt_dev_close(fd);
}

/*
 * The other language's command line, or NULL for DTrace's: --NAME
 * anywhere before "--" (then -e takes the program), or the command run
 * under a name of the language's.
 */
static const struct dt_cmdlang *dt_args_lang(int argc, char **argv)
{
	const struct dt_cmdlang *l = dt_cmdlang;
	int i;

	if (!l)
		return NULL;
	if (argc > 0 && l->cl_argv0 && l->cl_argv0(argv[0]))
		return l;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (!strncmp(argv[i], "--", 2) &&
		    !strcmp(argv[i] + 2, l->cl_name))
			return l;
	return NULL;
}

/* Does option letter c take an argument in getopt( )'s string opts? */
static bool dt_args_hasarg(const char *opts, int c)
{
	for (; *opts; opts++)
		if (*opts == c && c != ':' && opts[1] == ':')
			return true;
	return false;
}

static int dt_args(int argc, char **argv, const struct option *longopts)
{
	const struct dt_cmdlang *lang = dt_args_lang(argc, argv);
	const char *letters = lang ? lang->cl_letters : DT_ARGS_LETTERS;
	struct dt_cmd cmd;
	const char *why;
	int c, rc, longix = 0;

	dt_cmd_init(&cmd);
	optind = 0;	/* a full reset: the tests call us more than once */
	opterr = 0;
	cmd.c_lang = lang;
	if (dt_cmdlang && dt_cmdlang->cl_env && dt_cmdlang->cl_env(&cmd))
		return 1;
	while ((c = getopt_long(argc, argv, letters, longopts,
				&longix)) != -1) {
		bool help = c == DT_OPT_HELP;

		if (help)
			c = 'h';
		if (!lang && !help && dt_args_refused(c)) {
			dt_warn("-%c is not supported: %s\n", c,
				dt_args_refused(c));
			return 2;
		}
		if (lang && c != 'h' &&
		    (rc = lang->cl_opt(&cmd, c, optarg)) <= 0) {
			if (rc < 0)
				return 1;
			continue;
		}
		if (!lang && c >= DT_OPT_LANGOWN) {
			dt_warn("illegal option -- --%s\n",
				longopts[longix].name);
			dt_usage(stderr);
			return 2;
		}
		switch (c) {
		case DT_OPT_LANG:
			break;
		case 'b':
			if (dt_option_set(&cmd.c_opts, "bufsize", optarg,
					  &why)) {
				/* DTrace's status for it: 1, not usage's 2 */
				dt_warn("failed to set -b %s: %s\n", optarg,
					why);
				return 1;
			}
			break;
		case 'C':
			cmd.c_cpp = true;
			break;
		case 'D':
		case 'U':
		case 'I':
			if (dt_cmd_cppopt(&cmd, c, optarg))
				return 2;
			break;
		case 'e':
			if (!lang) {
				cmd.c_exec = false;
				break;
			}
			if (dt_cmd_piece(&cmd, 'n', optarg))
				return 2;
			cmd.c_pieces[cmd.c_npieces - 1].p_lang = true;
			break;
		case 'f':
		case 'm':
		case 'n':
		case 'P':
		case 's':
		case 'i':
			if (dt_cmd_piece(&cmd, c, optarg))
				return 2;
			break;
		case 'h':
			if (lang)
				lang->cl_usage(stdout, argv[0]);
			else
				dt_usage(stdout);
			return 0;
		case 'l':
			cmd.c_list = true;
			break;
		case 'o':
			cmd.c_outfile = optarg;
			break;
		case 'q':
			cmd.c_opts.o_quiet = true;
			break;
		case 'S':
			cmd.c_disasm = true;
			break;
		case 'v':
			cmd.c_verbose = true;
			break;
		case 'V':
			dt_version_print();
			return 0;
		case 'w':
			cmd.c_opts.o_destructive = true;
			break;
		case 'x':
			rc = dt_args_cmdopt(&cmd, optarg);
			if (rc < 0)
				return 1;
			if (!rc)
				break;
			if (dt_option_setarg(&cmd.c_opts, optarg, &why)) {
				/* DTrace names the option, not its value */
				dt_warn("failed to set -x %.*s: %s\n",
					(int)strcspn(optarg, "="), optarg, why);
				return 1;
			}
			break;
		case 'Z':
			cmd.c_opts.o_zdefs = true;
			break;
		case 'c':
			if (cmd.c_cmdline || cmd.c_grabpid) {
				dt_warn("only one -c or -p is supported\n");
				return 2;
			}
			cmd.c_cmdline = optarg;
			break;
		case 'p': {
			char *end;

			if (cmd.c_cmdline || cmd.c_grabpid) {
				dt_warn("only one -c or -p is supported\n");
				return 2;
			}
			cmd.c_grabpid = (int)strtol(optarg, &end, 10);
			if (*end || cmd.c_grabpid <= 0) {
				dt_warn("invalid process ID: %s\n", optarg);
				return 2;
			}
			break;
		}
		case 'F':
			cmd.c_opts.o_flowindent = true;
			break;
		case 'L':
			if (dt_lib_adddir(optarg)) {
				dt_warn("too many -L directories\n");
				return 2;
			}
			break;
		case 'H':
			/* cpp -H: the headers it reads, on stderr */
			if (dt_cmd_cppopt(&cmd, 'H', ""))
				return 2;
			break;
		case 'X':
			/* GNU cpp's __STDC__ is 1, as Solaris' -X c */
			if (strcmp(optarg, "c") == 0)
				break;
			dt_warn("-X %s is not supported: GNU cpp always defines "
				"__STDC__ as 1, as -X c\n", optarg);
			return 2;
		default:
			if (optopt && dt_args_hasarg(letters, optopt))
				dt_warn("option requires an argument -- %c\n",
					optopt);
			else if (optopt)
				dt_warn("illegal option -- %c\n", optopt);
			else
				dt_warn("illegal option -- %s\n",
					argv[optind - 1]);
			dt_usage(stderr);
			return 2;
		}
	}
	if (dt_cmdlang && dt_cmdlang->cl_operands &&
	    dt_cmdlang->cl_operands(&cmd, &optind, &argc, argv))
		return 2;
	cmd.c_argc = argc - optind;
	cmd.c_argv = argv + optind;
	if (!cmd.c_npieces && !cmd.c_list) {
		dt_usage(stderr);
		dt_cmd_fini(&cmd);
		return 2;
	}
	rc = dt_cmd_run(&cmd);
	fflush(stdout);
	dt_cmd_fini(&cmd);
	return rc;
}

int dt_cmd_main(int argc, char **argv)
{
	static const struct option dtrace[] = {
		{ "help", no_argument, NULL, DT_OPT_HELP },
		{ "version", no_argument, NULL, 'V' },
	};
	const struct option *more = dt_cmdlang ? dt_cmdlang->cl_longopts :
				    NULL;
	struct option *all;
	size_t n = 0;
	int rc;

	while (more && more[n].name)
		n++;
	/* DTrace's long options, the other language's, the end */
	all = calloc(2 + n + 1, sizeof(*all));
	if (!all) {
		dt_warn("out of memory\n");
		return 1;
	}
	memcpy(all, dtrace, sizeof(dtrace));
	if (n)
		memcpy(all + 2, more, n * sizeof(*all));
	rc = dt_args(argc, argv, all);
	free(all);
	return rc;
}
