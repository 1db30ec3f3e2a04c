// SPDX-License-Identifier: GPL-2.0
/*
 * The command's program pieces: sources, compilation, enabling, -l, -S.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_agg.h"
#include "dt_cmdlang.h"
#include "dt_dev.h"
#include "dt_error.h"
#include "dt_format.h"
#include "dt_frontend.h"
#include "dt_parse.h"
#include "dt_program.h"
#include "dt_provider.h"
#include "dt_rows.h"

void dt_cmd_init(struct dt_cmd *cmd)
{
	memset(cmd, 0, sizeof(*cmd));
	dt_cmdlang_options();
	dt_options_init(&cmd->c_opts);
	cmd->c_exec = true;
	cmd->c_fd = -1;
	cmd->c_out = stdout;
}

void dt_cmd_fini(struct dt_cmd *cmd)
{
	int i;

	for (i = 0; i < cmd->c_npieces; i++) {
		struct dt_piece *p = &cmd->c_pieces[i];

		dt_cprog_free(&p->p_cp);
		dt_pcb_fini(&p->p_pcb);
		free(p->p_src);
		free(p->p_name);
	}
	free(cmd->c_pieces);
	dt_cprog_free(&cmd->c_errpiece.p_cp);
	dt_pcb_fini(&cmd->c_errpiece.p_pcb);
	for (i = 0; i < cmd->c_ncppargs; i++)
		free(cmd->c_cppargs[i]);
	free(cmd->c_cppargs);
	free(cmd->c_margv);
	dt_epid_fini(&cmd->c_epids);
	dt_probetab_fini(&cmd->c_probes);
	if (cmd->c_out && cmd->c_out != stdout)
		fclose(cmd->c_out);
	dt_dev_close(cmd->c_fd);
	memset(cmd, 0, sizeof(*cmd));
	cmd->c_fd = -1;
}

int dt_cmd_piece(struct dt_cmd *cmd, char kind, const char *arg)
{
	struct dt_piece *np = realloc(cmd->c_pieces,
				      (size_t)(cmd->c_npieces + 1) *
				      sizeof(*np));

	if (!np) {
		dt_warn("out of memory\n");
		return -1;
	}
	cmd->c_pieces = np;
	np = &cmd->c_pieces[cmd->c_npieces++];
	memset(np, 0, sizeof(*np));
	np->p_kind = kind;
	np->p_arg = arg;
	return 0;
}

int dt_cmd_cppopt(struct dt_cmd *cmd, char opt, const char *arg)
{
	char **na = realloc(cmd->c_cppargs, (size_t)(cmd->c_ncppargs + 1) *
			    sizeof(*na));
	size_t n = strlen(arg) + 3;

	if (!na)
		return -1;
	cmd->c_cppargs = na;
	na[cmd->c_ncppargs] = malloc(n);
	if (!na[cmd->c_ncppargs])
		return -1;
	snprintf(na[cmd->c_ncppargs++], n, "-%c%s", opt, arg);
	return 0;
}

static char *dt_read_file(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!fp)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap += 65536;
		}
		n = fread(buf + len, 1, cap - len - 1, fp);
		len += n;
		if (n == 0)
			break;
	}
	if (buf) {
		if (ferror(fp)) {
			free(buf);
			buf = NULL;
		} else {
			buf[len] = '\0';
			if (strlen(buf) != len) {
				free(buf);
				buf = NULL;
				errno = EINVAL;
			}
		}
	}
	if (fp != stdin)
		fclose(fp);
	return buf;
}

/* The D source of a piece and its name for messages. */
static int dt_piece_source(struct dt_cmd *cmd, struct dt_piece *p)
{
	size_t n;

	switch (p->p_kind) {
	case 's':
		p->p_src = cmd->c_cpp ?
			dt_cpp_run(p->p_arg, cmd->c_cppargs, cmd->c_ncppargs) :
			dt_read_file(p->p_arg);
		if (!p->p_src && cmd->c_cpp && errno == EINVAL) {
			dt_warn("failed to compile script %s: Preprocessor "
				"failed to process input program\n", p->p_arg);
			return -1;
		}
		if (!p->p_src) {
			dt_warn("failed to open %s: %s\n", p->p_arg,
				strerror(errno));
			return -1;
		}
		p->p_name = strdup(p->p_arg);
		break;
	case 'n':
		p->p_src = strdup(p->p_arg);
		/* DTrace names a -n piece by its text before { / or ; */
		n = strcspn(p->p_arg, "{/;");
		/* ... but a module that is a path (uprobe:/lib/..) is kept */
		if (n && p->p_arg[n] == '/' && p->p_arg[n - 1] == ':') {
			n += strcspn(p->p_arg + n, ": \t{;");
			n += strcspn(p->p_arg + n, "{/;");
		}
		p->p_name = strndup(p->p_arg, n);
		break;
	case 'i': {
		/* -i ID: the probe's full name, asked of the module */
		const struct dtrace_probedesc *pd;
		char *end, name[512];
		unsigned long id = strtoul(p->p_arg, &end, 10);

		n = strcspn(p->p_arg, "{/;");
		pd = cmd->c_fd >= 0 && end > p->p_arg && id <= UINT32_MAX ?
			dt_probetab_get(&cmd->c_probes, (uint32_t)id) : NULL;
		if (!pd || (*end && !strchr(" \t{/;", *end))) {
			dt_warn("invalid probe specifier %s: probe ID %.*s "
				"does not match any probes\n", p->p_arg,
				(int)n, p->p_arg);
			return -1;
		}
		dt_pdesc_str(pd, name, sizeof(name));
		p->p_src = malloc(strlen(name) + strlen(end) + 2);
		if (p->p_src)
			sprintf(p->p_src, "%s %s", name, end);
		p->p_name = strndup(p->p_arg, n);
		break;
	}
	default: {
		/* -P x  -> x:::   -m x -> x::   -f x -> x: */
		const char *sfx = p->p_kind == 'P' ? ":::" :
			p->p_kind == 'm' ? "::" : ":";

		n = strcspn(p->p_arg, "{/;");
		p->p_src = malloc(strlen(p->p_arg) + 4);
		if (p->p_src) {
			memcpy(p->p_src, p->p_arg, n);
			strcpy(p->p_src + n, sfx);
			strcat(p->p_src, p->p_arg + n);
		}
		p->p_name = strndup(p->p_arg, n);
		break;
	}
	}
	if (!p->p_src || !p->p_name) {
		dt_warn("out of memory\n");
		return -1;
	}
	return 0;
}

/* $0 and the positional arguments, for macros. */
static char **dt_cmd_margv(struct dt_cmd *cmd, const char *arg0)
{
	int i;

	if (!cmd->c_margv) {
		cmd->c_margv = calloc((size_t)cmd->c_argc + 2,
				      sizeof(char *));
		if (!cmd->c_margv)
			return NULL;
		for (i = 0; i < cmd->c_argc; i++)
			cmd->c_margv[i + 1] = cmd->c_argv[i];
	}
	cmd->c_margv[0] = (char *)arg0;
	return cmd->c_margv;
}

/* A piece's compile error, in its language's way. */
static void dt_piece_errprint(struct dt_cmd *cmd, struct dt_piece *p)
{
	const struct dt_frontend *fe = dt_frontend(&p->p_pcb);

	if (fe->fe_errprint)
		fe->fe_errprint(&p->p_pcb, stderr);
	else
		dt_error_print(&p->p_pcb, stderr,
			       p->p_kind == 's' ? NULL : p->p_arg,
			       cmd->c_opts.o_errtags, isatty(STDERR_FILENO));
}

/* The D global @name, or NULL. */
static const struct dt_var *dt_cmd_global(const struct dt_var *vars,
					  const char *name)
{
	for (; vars; vars = vars->v_next)
		if (vars->v_scope == DT_V_GLOBAL && vars->v_name[0] == '@' &&
		    !strcmp(vars->v_name + 1, name))
			return vars;
	return NULL;
}

/*
 * A language's maps that are D globals (a_isvar): the variable each
 * stands for; a map of tuples, the variable of each element (@m.0,
 * @m.1, ...).
 */
static void dt_cmd_varmaps(struct dt_agg *aggs, const struct dt_var *vars)
{
	char name[300];
	struct dt_agg *a;
	int i;

	for (a = aggs; a; a = a->a_next) {
		if (!a->a_isvar)
			continue;
		if (!a->a_ntvars) {
			a->a_var = dt_cmd_global(vars, a->a_name);
			continue;
		}
		if (a->a_ntvars > DT_AGG_TVARS_MAX)
			a->a_ntvars = DT_AGG_TVARS_MAX;
		for (i = 0; i < a->a_ntvars; i++) {
			snprintf(name, sizeof(name), "%s.%d", a->a_name, i);
			a->a_tvars[i] = dt_cmd_global(vars, name);
		}
		a->a_var = a->a_tvars[0];
	}
}

int dt_cmd_compile(struct dt_cmd *cmd)
{
	struct dt_var *vars = NULL;
	struct dt_agg *aggs = NULL;
	uint32_t nvars[3] = { 0, 0, 0 };
	int i;

	for (i = 0; i < cmd->c_npieces; i++) {
		struct dt_piece *p = &cmd->c_pieces[i];
		struct dt_pcb *pcb = &p->p_pcb;

		if (dt_piece_source(cmd, p))
			return -1;
		dt_pcb_init(pcb, p->p_src, p->p_kind == 's' ? p->p_arg : NULL,
			    &cmd->c_opts);
		pcb->pcb_argc = cmd->c_argc + 1;
		pcb->pcb_argv = dt_cmd_margv(cmd, p->p_kind == 's' ?
					     p->p_arg : "dtrace");
		pcb->pcb_allow_empty_args = cmd->c_opts.o_defaultargs;
		pcb->pcb_target = cmd->c_proc.pr_pid;
		pcb->pcb_child = cmd->c_proc.pr_created;
		/* variables are shared by all pieces */
		pcb->pcb_prog.p_vars = vars;
		pcb->pcb_prog.p_aggs = aggs;
		memcpy(pcb->pcb_nvars, nvars, sizeof(nvars));
		pcb->pcb_lang = p->p_lang;
		if (dt_compile(pcb, &p->p_cp)) {
			dt_piece_errprint(cmd, p);
			return -1;
		}
		p->p_compiled = true;
		/* a language's own warnings, on stdout */
		if (pcb->pcb_fewarn && !cmd->c_nowarn)
			fputs(pcb->pcb_fewarn, stdout);
		vars = pcb->pcb_prog.p_vars;
		aggs = pcb->pcb_prog.p_aggs;
		memcpy(nvars, pcb->pcb_nvars, sizeof(nvars));
		if (i + 1 < cmd->c_npieces) {
			pcb->pcb_prog.p_vars = NULL;
			pcb->pcb_prog.p_aggs = NULL;
		}
	}
	cmd->c_aggs = aggs;
	dt_cmd_varmaps(aggs, vars);
	return 0;
}

/* Report a probe description problem as a compile error of its piece. */
static void dt_piece_error(struct dt_cmd *cmd, struct dt_piece *p,
			   const struct dt_pdesc *pd, const char *tag,
			   const char *msg)
{
	struct dt_pcb *pcb = &p->p_pcb;

	pcb->pcb_failed = false;
	pcb->pcb_region = NULL;
	dt_error(pcb, &pd->pd_loc, tag, "%s", msg);
	dt_piece_errprint(cmd, p);
}

/* Each provider offers the module what a description may name. */
static int dt_cmd_offer(struct dt_cmd *cmd, struct dt_piece *p,
			const struct dt_pdesc *pd,
			const struct dtrace_probedesc *d)
{
	char err[1024];

	if (!dt_providers_offer(cmd->c_fd, d, cmd->c_verbose, err,
				sizeof(err)))
		return 0;
	dt_piece_error(cmd, p, pd, "D_PDESC_INVAL", err);
	return -1;
}

/*
 * Each probe description of each piece, in order, with its parse: desc
 * if it parsed, else err says why. A non-zero return from fn ends the
 * walk and is its result.
 */
typedef int (*dt_desc_fn)(struct dt_cmd *cmd, struct dt_piece *p,
			  const struct dt_pdesc *pd,
			  const struct dtrace_probedesc *desc,
			  const char *err, void *arg);

static int dt_cmd_each_desc(struct dt_cmd *cmd, dt_desc_fn fn, void *arg)
{
	int i, j, rc;

	for (i = 0; i < cmd->c_npieces; i++) {
		struct dt_piece *p = &cmd->c_pieces[i];

		for (j = 0; j < p->p_cp.cp_necbs; j++) {
			const struct dt_pdesc *pd;

			for (pd = p->p_cp.cp_ecbs[j].e_clause->c_probes; pd;
			     pd = pd->pd_next) {
				struct dtrace_probedesc desc;
				char err[512];
				bool bad;

				bad = dt_pdesc_parse(pd->pd_text, &desc,
						     p->p_pcb.pcb_argc,
						     p->p_pcb.pcb_argv,
						     p->p_pcb.pcb_target, err,
						     sizeof(err));
				rc = fn(cmd, p, pd, bad ? NULL : &desc,
					bad ? err : NULL, arg);
				if (rc)
					return rc;
			}
		}
	}
	return 0;
}

/*
 * As DTrace, a provider nobody has is an error at compile time (not -Z)
 * in a D piece.
 */
static int dt_desc_provider(struct dt_cmd *cmd, struct dt_piece *p,
			    const struct dt_pdesc *pd,
			    const struct dtrace_probedesc *desc,
			    const char *err, void *arg)
{
	char str[512], msg[600];

	(void)err;
	(void)arg;
	if (!desc || p->p_lang || cmd->c_list || cmd->c_opts.o_zdefs ||
	    dt_provider_known(desc))
		return 0;
	dt_pdesc_str(desc, str, sizeof(str));
	snprintf(msg, sizeof(msg), "probe description %s does not match any "
		 "probes", str);
	dt_piece_error(cmd, p, pd, "D_PDESC_ZERO", msg);
	return 1;
}

struct dt_desc_set {
	struct dtrace_probedesc	*v;
	size_t			n, cap;
};

static int dt_desc_collect(struct dt_cmd *cmd, struct dt_piece *p,
			   const struct dt_pdesc *pd,
			   const struct dtrace_probedesc *desc,
			   const char *err, void *arg)
{
	struct dt_desc_set *s = arg;
	struct dtrace_probedesc *nv;

	(void)cmd, (void)p, (void)pd, (void)err;
	if (!desc)
		return 0;
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 16;
		nv = realloc(s->v, s->cap * sizeof(*nv));
		if (!nv)
			return -1;
		s->v = nv;
	}
	s->v[s->n++] = *desc;
	return 0;
}

/*
 * Before the descriptions are offered one by one: every provider sees
 * all of the command's at once, for a reading it can share (fbt reads
 * kallsyms once, not once a description). One that does not parse is
 * left out; its own offer reports it.
 */
static void dt_cmd_offer_set(struct dt_cmd *cmd)
{
	struct dt_desc_set s = { 0 };

	if (!dt_cmd_each_desc(cmd, dt_desc_collect, &s) && s.n)
		dt_providers_offer_set(cmd->c_fd, s.v, s.n, cmd->c_verbose);
	free(s.v);
}

static int dt_first_probe(const struct dtrace_probedesc *pd, void *arg)
{
	*(struct dtrace_probedesc *)arg = *pd;
	return 1;
}

/*
 * An enabling of exactly one probe is named by that probe (with its id)
 * in error reports, as DTrace does; others by their description.
 */
static void dt_cmd_oneprobe(struct dt_cmd *cmd, struct dtrace_probedesc *d)
{
	struct dtrace_probedesc pd;

	memset(&pd, 0, sizeof(pd));
	if (dt_probes_walk(cmd->c_fd, d, dt_first_probe, &pd) == 1 &&
	    pd.dpd_id)
		*d = pd;
}

/* The id the module gave a (the enablings name aggregations by it). */
static uint32_t dt_cmd_aggid(const struct dt_agg *a, void *arg)
{
	struct dt_cmd *cmd = arg;
	const struct dt_aggdata *d = dt_aggs_of(&cmd->c_totals, a);

	return d ? d->ad_id : 0;
}

/* What an enabling's errno means for the providers on hardware. */
static const char dt_why_kpoffset[] =
	"the offset is not an instruction of that function";
static const struct dt_enable_why {
	const char	*provider;
	int		err;
	const char	*why;
} dt_enable_whys[] = {
	{ "hardware", ENOENT, "hardware events need the CPU's performance "
	  "monitoring unit (PMU), and this machine has none (a virtual "
	  "machine without a virtual PMU)" },
	{ "watchpoint", ENOSPC, "no hardware breakpoint left (x86 has four "
	  "debug registers)" },
	{ "watchpoint", EINVAL, "the CPU cannot watch that address, length "
	  "and mode (x86: w, rw or x; x with length 8; aligned)" },
	{ "watchpoint", ESRCH, "no such process" },
	{ "kprobe", EILSEQ, dt_why_kpoffset },
	{ "kprobe", EINVAL, dt_why_kpoffset },
	{ "kprobe", ENOENT, "no such kernel function" },
	{ "rawtracepoint", EOPNOTSUPP, "the kernel checks indirect calls "
	  "(kCFI), and a raw tracepoint's handler cannot take every "
	  "tracepoint's arguments: use tracepoint: instead" },
};

static const char *dt_cmd_enable_why(const struct dtrace_probedesc *d, int en)
{
	size_t i;

	for (i = 0; i < DT_NROWS(dt_enable_whys); i++)
		if (dt_enable_whys[i].err == en &&
		    !strcmp(dt_enable_whys[i].provider, d->dpd_provider))
			return dt_enable_whys[i].why;
	return NULL;
}

static int dt_cmd_enable(struct dt_cmd *cmd, struct dt_piece *p)
{
	int i;

	for (i = 0; i < p->p_cp.cp_necbs; i++) {
		const struct dt_ecb *e = &p->p_cp.cp_ecbs[i];
		const struct dt_pdesc *pd;

		for (pd = e->e_clause->c_probes; pd; pd = pd->pd_next) {
			struct dtrace_ioc_enable *blob;
			struct dtrace_probedesc desc;
			char err[1024], str[512], klog[4096];
			size_t len;

			if (dt_pdesc_parse(pd->pd_text, &desc,
					   p->p_pcb.pcb_argc,
					   p->p_pcb.pcb_argv,
					   p->p_pcb.pcb_target, err,
					   sizeof(err))) {
				dt_piece_error(cmd, p, pd, "D_PDESC_INVAL", err);
				return -1;
			}
			dt_pdesc_str(&desc, str, sizeof(str));
			if (e->e_destructive && !cmd->c_opts.o_destructive) {
				dt_warn("failed to enable '%s': destructive "
					"actions not allowed\n", str);
				return -1;
			}
			if (e->e_refused) {
				dt_warn("failed to enable '%s': %s( ) is not "
					"supported: this DTrace does not halt "
					"or trap the kernel\n", str,
					e->e_refused);
				return -1;
			}
			if (dt_cmd_offer(cmd, p, pd, &desc))
				return -1;
			blob = dt_enable_blob(e, &desc, dt_cmd_aggid, cmd,
					      &len);
			if (!blob) {
				dt_warn("failed to enable '%s': the clause is "
					"too large\n", str);
				return -1;
			}
			/* The module's verifier says why, if it refuses. */
			klog[0] = '\0';
			blob->de_log = (uintptr_t)klog;
			blob->de_logsize = sizeof(klog);
			if (dt_dev_enable(cmd->c_fd, blob)) {
				int en = errno;
				const char *why = dt_cmd_enable_why(&desc, en);
				char ld[160];

				if (why) {
					snprintf(err, sizeof(err), "failed to "
						 "enable '%s': %s", str, why);
					free(blob);
					dt_piece_error(cmd, p, pd,
						       "D_PDESC_INVAL", err);
					return -1;
				}
				/* with -w, EPERM is the lockdown's */
				if (en == EPERM && (!cmd->c_opts.o_destructive ||
				    !dt_dev_lockdown_why(ld, sizeof(ld))))
					snprintf(ld, sizeof(ld), "destructive "
						 "actions not allowed");
				dt_warn("failed to enable '%s': %s%s\n%s", str,
					en == EPERM ? ld : strerror(en),
					en == EACCES ?
					" (DIF program rejected by the "
					"module's verifier)" : "", klog);
				free(blob);
				return -1;
			}
			/* the other language may skip what it cannot probe */
			if (blob->de_nprobes == 0 &&
			    !(p->p_lang && dt_cmdlang->cl_skip &&
			      dt_cmdlang->cl_skip(cmd, &desc, str)) &&
			    !cmd->c_opts.o_zdefs) {
				snprintf(err, sizeof(err), "probe description "
					 "%s does not match any probes", str);
				free(blob);
				dt_piece_error(cmd, p, pd, "D_PDESC_ZERO", err);
				return -1;
			}
			/* as the program's author counts them */
			if (!e->e_clause->c_hidden)
				p->p_matched += blob->de_nprobes;
			if (blob->de_nprobes == 1)
				dt_cmd_oneprobe(cmd, &desc);
			if (dt_epid_add(&cmd->c_epids, blob->de_epid, e,
					&desc)) {
				free(blob);
				dt_warn("out of memory\n");
				return -1;
			}
			free(blob);
		}
	}
	if (!cmd->c_opts.o_quiet)
		fprintf(stderr, "dtrace: %s '%s' matched %u probe%s\n",
			p->p_kind == 's' ? "script" : "description",
			p->p_name, p->p_matched, p->p_matched == 1 ? "" : "s");
	return 0;
}

struct dt_list_arg {
	FILE	*fp;
	int	n;
	bool	verbose;
	const struct dt_cmdlang *lang;	/* in its names; NULL: D's */
	bool	unmatched;	/* a description matched no probe */
};

static int dt_list_one(const struct dtrace_probedesc *pd, void *arg)
{
	struct dt_list_arg *la = arg;

	if (la->lang) {
		la->n += la->lang->cl_listone(la->fp, pd, la->verbose);
		return 0;
	}
	dt_probes_line(la->fp, pd);
	if (la->verbose)
		dt_providers_argtext(la->fp, pd);
	la->n++;
	return 0;
}

/* -l with descriptions: each one's probes, or why there are none. */
static int dt_list_desc(struct dt_cmd *cmd, struct dt_piece *p,
			const struct dt_pdesc *pd,
			const struct dtrace_probedesc *desc, const char *err,
			void *arg)
{
	struct dt_list_arg *la = arg;
	char str[512];
	int n;

	if (!desc) {
		dt_piece_error(cmd, p, pd, "D_PDESC_INVAL", err);
		return 1;
	}
	if (dt_cmd_offer(cmd, p, pd, desc))
		return 1;
	n = dt_probes_walk(cmd->c_fd, desc, dt_list_one, la);
	if (n < 0) {
		dt_warn("failed to list probes: %s\n", strerror(errno));
		return 1;
	}
	if (n == 0 && !cmd->c_opts.o_zdefs) {
		dt_pdesc_str(desc, str, sizeof(str));
		dt_warn("failed to match %s: No probe matches description\n",
			str);
		la->unmatched = true;
	}
	return 0;
}

static int dt_cmd_list(struct dt_cmd *cmd)
{
	struct dt_list_arg la = { cmd->c_out, 0, cmd->c_verbose,
				  cmd->c_langlist ? cmd->c_lang : NULL,
				  false };
	struct dtrace_probedesc all;

	if (la.lang && !cmd->c_npieces)
		return la.lang->cl_list(cmd);
	if (!la.lang)
		dt_probes_heading(cmd->c_out);
	if (!cmd->c_npieces) {
		dt_providers_offer_all(cmd->c_fd, cmd->c_verbose);
		memset(&all, 0, sizeof(all));
		if (dt_probes_walk(cmd->c_fd, &all, dt_list_one, &la) < 0) {
			dt_warn("failed to list probes: %s\n",
				strerror(errno));
			return 1;
		}
		return 0;
	}
	dt_cmd_offer_set(cmd);
	return dt_cmd_each_desc(cmd, dt_list_desc, &la) || la.unmatched;
}

static int dt_cmd_options(struct dt_cmd *cmd)
{
	const struct dt_options *o = &cmd->c_opts;
	struct dtrace_ioc_options io;

	memset(&io, 0, sizeof(io));
	io.do_bufpolicy = o->o_bufpolicy;
	io.do_bufsize = o->o_bufsize;
	io.do_aggsize = o->o_aggsize;
	io.do_dynvarsize = o->o_dynvarsize;
	io.do_specsize = o->o_specsize;
	io.do_strsize = o->o_strsize;
	io.do_nspec = o->o_nspec;
	io.do_flags = o->o_destructive ? DTRACE_OPT_DESTRUCTIVE : 0;
	if (dt_dev_options(cmd->c_fd, &io)) {
		dt_warn("failed to set options: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/* -v: what each clause asks of the module. */
static void dt_cmd_verbose(const struct dt_piece *p)
{
	int i;

	for (i = 0; i < p->p_cp.cp_necbs; i++) {
		const struct dt_ecb *e = &p->p_cp.cp_ecbs[i];
		const struct dt_pdesc *pd;

		fprintf(stderr, "dtrace: clause %d of %s '%s':", i + 1,
			p->p_kind == 's' ? "script" : "description",
			p->p_name);
		for (pd = e->e_clause->c_probes; pd; pd = pd->pd_next)
			fprintf(stderr, " %s", pd->pd_text);
		fprintf(stderr, "%s, %d action%s, %u record bytes\n",
			e->e_haspred ? " with a predicate" : "", e->e_nacts,
			e->e_nacts == 1 ? "" : "s", e->e_recsize);
	}
}

/*
 * As DTrace, report faults in probe context through our own clause on
 * dtrace:::ERROR. Without it, only a count is reported.
 */
static void dt_cmd_errhandler(struct dt_cmd *cmd)
{
	struct dt_piece *p = &cmd->c_errpiece;
	struct dtrace_ioc_enable *blob;
	struct dtrace_probedesc desc;
	char err[256];
	size_t len;

	dt_pcb_init(&p->p_pcb, DT_ERROR_HANDLER, NULL, NULL);
	if (dt_compile(&p->p_pcb, &p->p_cp) || p->p_cp.cp_necbs != 1 ||
	    dt_pdesc_parse("dtrace:::ERROR", &desc, 0, NULL, 0, err,
			   sizeof(err)))
		return;
	blob = dt_enable_blob(&p->p_cp.cp_ecbs[0], &desc, NULL, NULL, &len);
	if (!blob)
		return;
	if (dt_dev_enable(cmd->c_fd, blob) == 0 && blob->de_nprobes &&
	    (dt_cmd_oneprobe(cmd, &desc), 1) &&
	    dt_epid_add(&cmd->c_epids, blob->de_epid, &p->p_cp.cp_ecbs[0],
			&desc) == 0)
		cmd->c_errecb = &p->p_cp.cp_ecbs[0];
	free(blob);
}

static int dt_cmd_run1(struct dt_cmd *cmd);

const struct dt_format *dt_cmd_format(const struct dt_cmd *cmd)
{
	bool json = cmd->c_opts.o_json;

	if (cmd->c_opts.o_fmtlang && dt_cmdlang)
		return dt_cmdlang->cl_fmt[json];
	return json ? &dt_format_json : &dt_format_text;
}

/*
 * Before tracing, the probes enabled: the other language may refuse
 * them; then what the output format says first (fmt_start).
 */
static int dt_cmd_start(struct dt_cmd *cmd)
{
	const struct dt_format *f = dt_cmd_format(cmd);
	uint64_t n = 0;
	int i;

	for (i = 0; i < cmd->c_npieces; i++)
		n += cmd->c_pieces[i].p_matched;
	if (dt_cmdlang && dt_cmdlang->cl_start &&
	    dt_cmdlang->cl_start(cmd, n))
		return -1;
	if (f->fmt_start && !cmd->c_nostart)
		f->fmt_start(cmd->c_out, (unsigned int)n);
	return 0;
}

/* Declare every aggregation; the module gives their ids. */
static int dt_cmd_aggdecl(struct dt_cmd *cmd)
{
	uint32_t keysize = 0;
	struct dt_agg *a;

	if (dt_aggs_init(&cmd->c_totals, cmd->c_aggs)) {
		dt_warn("out of memory\n");
		return -1;
	}
	for (a = cmd->c_aggs; a; a = a->a_next)
		if (!a->a_user && a->a_keysize > keysize)
			keysize = a->a_keysize;
	for (a = cmd->c_aggs; a; a = a->a_next) {
		struct dt_aggdata *ad = dt_aggs_of(&cmd->c_totals, a);
		struct dtrace_ioc_aggdesc d;

		if (a->a_user)
			continue;	/* the consumer's own (dt_agg.h) */
		memset(&d, 0, sizeof(d));
		d.da_func = a->a_func;
		d.da_keysize = keysize;	/* see dt_agg.h */
		a->a_declsize = keysize;
		memcpy(d.da_params, a->a_params, sizeof(d.da_params));
		if (dt_dev_aggdesc(cmd->c_fd, &d)) {
			dt_warn("failed to declare aggregation @%s: %s\n",
				a->a_name, strerror(errno));
			return -1;
		}
		if (d.da_valsize != a->a_valsize) {
			dt_warn("failed to declare aggregation @%s: the module "
				"keeps %u bytes, the command expects %u\n",
				a->a_name, d.da_valsize, a->a_valsize);
			return -1;
		}
		ad->ad_id = d.da_id;
		ad->ad_declared = true;
	}
	return 0;
}

int dt_cmd_run(struct dt_cmd *cmd)
{
	char err[512];
	int rc;

	if (cmd->c_cmdline && dt_proc_create(&cmd->c_proc, cmd->c_cmdline, err,
					     sizeof(err))) {
		dt_warn("%s\n", err);
		return 1;
	}
	if (cmd->c_grabpid && dt_proc_grab(&cmd->c_proc, cmd->c_grabpid, err,
					   sizeof(err))) {
		dt_warn("%s\n", err);
		return 1;
	}
	rc = dt_cmd_run1(cmd);
	dt_proc_abandon(&cmd->c_proc);	/* if tracing never started */
	dt_aggs_fini(&cmd->c_totals);
	return rc;
}

static int dt_cmd_run1(struct dt_cmd *cmd)
{
	char err[512];
	int i;

	for (i = 0; i < cmd->c_npieces; i++) {
		if (cmd->c_pieces[i].p_kind != 'i' || cmd->c_fd >= 0)
			continue;
		/* -i names probes by id: the module must say which */
		cmd->c_fd = dt_dev_open(err, sizeof(err));
		if (cmd->c_fd < 0) {
			dt_warn("failed to initialize dtrace: %s\n", err);
			return 1;
		}
		dt_probetab_init(&cmd->c_probes, cmd->c_fd);
	}
	if (cmd->c_npieces && (dt_cmd_compile(cmd) ||
				dt_cmd_each_desc(cmd, dt_desc_provider, NULL)))
		return 1;
	for (i = 0; i < cmd->c_npieces; i++) {
		if (dt_cprog_verify(&cmd->c_pieces[i].p_cp, err,
				    sizeof(err))) {
			dt_warn("internal error: generated DIF is invalid: "
				"%s\n", err);
			return 1;
		}
		if (cmd->c_langdump)
			cmd->c_lang->cl_dump(stderr, &cmd->c_pieces[i].p_cp);
		if (cmd->c_disasm)
			dt_cprog_disasm(&cmd->c_pieces[i].p_cp, stderr);
		if (cmd->c_verbose || cmd->c_langdump)
			dt_cmd_verbose(&cmd->c_pieces[i]);
	}
	if (!cmd->c_exec)
		return 0;
	if (cmd->c_outfile) {
		cmd->c_out = fopen(cmd->c_outfile,
				   cmd->c_outtrunc ? "w" : "a");
		if (!cmd->c_out) {
			cmd->c_out = stdout;
			dt_warn("failed to open output file '%s': %s\n",
				cmd->c_outfile, strerror(errno));
			return 1;
		}
	}
	/* before the device opens: a test waits for that to signal */
	if (!cmd->c_list)
		dt_cmd_catch_signals();
	if (cmd->c_fd < 0) {
		cmd->c_fd = dt_dev_open(err, sizeof(err));
		if (cmd->c_fd < 0) {
			dt_warn("failed to initialize dtrace: %s\n", err);
			return 1;
		}
		dt_probetab_init(&cmd->c_probes, cmd->c_fd);
	}
	if (cmd->c_bufmode)
		setvbuf(cmd->c_out, NULL, cmd->c_bufmode - 1, BUFSIZ);
	if (cmd->c_list)
		return dt_cmd_list(cmd);
	if (dt_cmd_options(cmd) || dt_cmd_aggdecl(cmd))
		return 1;
	dt_cmd_offer_set(cmd);
	for (i = 0; i < cmd->c_npieces; i++)
		if (dt_cmd_enable(cmd, &cmd->c_pieces[i]))
			return 1;
	if (dt_cmd_start(cmd))
		return 1;
	dt_cmd_errhandler(cmd);
	return dt_cmd_trace(cmd);
}
