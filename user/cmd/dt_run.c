// SPDX-License-Identifier: GPL-2.0
/*
 * Tracing: GO, poll STATUS and snapshot buffers until exit( ), a full
 * fill buffer or a signal; then STOP (END fires), drain, and return
 * exit( )'s value.
 *
 *   GO --> [ STATUS every statusrate, BUFSNAP all CPUs every switchrate ]
 *            |  exited / filled / SIGINT / SIGTERM
 *            v
 *          STOP --> BUFSNAP all CPUs --> STATUS --> exit status
 */
#define _GNU_SOURCE	/* sched_setaffinity( ), cpu_set_t */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/sysinfo.h>

#include "dt_agg.h"
#include "dt_cmdlang.h"
#include "dt_dvars.h"
#include "dt_dev.h"
#include "dt_error.h"
#include "dt_flame.h"
#include "dt_folded.h"
#include "dt_format.h"
#include "dt_http.h"
#include "dt_program.h"
#include "dt_prom.h"
#include "dt_rows.h"

static volatile sig_atomic_t dt_stop_requested, dt_interrupted;

static void dt_on_signal(int sig)
{
	dt_stop_requested = 1;
	if (sig == SIGINT || sig == SIGTERM)
		dt_interrupted = 1;
}

/*
 * Catch the stop signals before the slow part of the start (fbt's offers
 * read kallsyms, seconds under emulation): a SIGINT then stops tracing
 * right after GO instead of being lost. Lost it was in a background job
 * of a script, which starts with SIGINT ignored.
 */
void dt_cmd_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dt_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
}

static uint64_t dt_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void dt_sleep(uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 1000000000ull),
		.tv_nsec = (long)(ns % 1000000000ull),
	};

	nanosleep(&ts, NULL);	/* a signal ends it early: fine */
}

struct dt_snap {
	void		*s_buf;
	uint64_t	s_size;
	uint32_t	s_ncpus;
	uint64_t	s_errors;
	uint64_t	s_dyndrops, s_specdrops, s_specbusy, s_specunavail;
	uint64_t	s_specreclaimed;
	bool		s_errhandler;	/* ERROR's records report each one */
	/* aggregations */
	struct dt_cmd	*s_cmd;
	void		*s_aggbuf;
	uint64_t	s_aggsize;
	uint64_t	s_aggdrops[1024];	/* per CPU, cumulative */
	struct dt_dvars	*s_dvars;	/* a language's maps that are globals */
	struct dt_consumer *s_c;
};

/* The consumer's c_dvarsnap: the globals, one variable emptied first. */
static int dt_dvarsnap(void *arg, uint32_t clear)
{
	struct dt_snap *s = arg;

	return dt_dvar_snap(s->s_cmd->c_fd, clear, s->s_dvars);
}

/* Does the program have a language's maps that are D globals (a_isvar)? */
static bool dt_run_varmaps(const struct dt_cmd *cmd)
{
	const struct dt_agg *a;

	for (a = cmd->c_aggs; a; a = a->a_next)
		if (a->a_isvar)
			return true;
	return false;
}

/* How the aggregations' entries are ordered: the options, now. */
static void dt_run_aggsort(struct dt_cmd *cmd)
{
	struct dt_aggsort s = {
		.as_key = cmd->c_opts.o_aggsortkey,
		.as_rev = cmd->c_opts.o_aggsortrev,
		.as_keypos = (int)cmd->c_opts.o_aggsortkeypos,
		.as_pos = (int)cmd->c_opts.o_aggsortpos,
	};

	/* terminals that cannot draw UTF-8 */
	static const char *const asciiterms[] = { "dumb", "sun", "sun-color" };
	const char *term = getenv("TERM");
	struct dt_aggview v = {
		.av_zoom = cmd->c_opts.o_aggzoom,
		.av_hist = cmd->c_opts.o_agghist,
		.av_pack = cmd->c_opts.o_aggpack,
		.av_utf8 = cmd->c_opts.o_encoding == DT_ENC_UTF8,
		/* illumos' guess: UTF-8, unless the terminal cannot */
		.av_packutf8 = cmd->c_opts.o_encoding == DT_ENC_UTF8 ||
			(cmd->c_opts.o_encoding == DT_ENC_AUTO &&
			 !(term && DT_ROW_FIND(asciiterms, term))),
		.av_indent = (int)cmd->c_opts.o_stackindent,
	};

	dt_agg_setsort(&cmd->c_totals, &s);
	dt_agg_setview(&cmd->c_totals, &v);
}

/*
 * -x cpu=N: BEGIN fires in GO and END in STOP, on the calling CPU, so the
 * consumer moves to CPU N for those two calls, and only for them: it does
 * not run on the CPU it watches while tracing.
 */
static int dt_run_on_cpu(const struct dt_cmd *cmd, int (*call)(int))
{
	int cpu = cmd->c_opts.o_cpu, moved = 0, rc, en;
	cpu_set_t was, one;

	if (cpu >= 0 && cpu < CPU_SETSIZE &&
	    !sched_getaffinity(0, sizeof(was), &was)) {
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		moved = !sched_setaffinity(0, sizeof(one), &one);
	}
	rc = call(cmd->c_fd);
	en = errno;
	if (moved)
		sched_setaffinity(0, sizeof(was), &was);
	errno = en;
	return rc;
}

/* -x cpu=N: only that CPU's records and aggregations, as DTrace's */
static bool dt_run_cpu(const struct dt_cmd *cmd, uint32_t cpu)
{
	return cmd->c_opts.o_cpu < 0 || cpu == (uint32_t)cmd->c_opts.o_cpu;
}

/* AGGSNAP every CPU and add the partial results up. */
/*
 * setopt( ) while tracing: the options the consumer applies as it
 * prints; the others are fixed once tracing has begun.
 */
static int dt_run_setopt(struct dt_consumer *c, const char *name,
			 const char *val, const char **why)
{
	static const char *const dynamic[] = {
		"quiet", "aggsortkey", "aggsortrev", "flowindent",
		"aggzoom", "agghist", "aggpack", "stackindent", "encoding",
	};
	struct dt_cmd *cmd = c->c_setoptarg;

	if (!DT_ROW_FIND(dynamic, name)) {
		struct dt_options tmp = cmd->c_opts;	/* only to ask */

		if (!dt_option_set(&tmp, name, val, why) ||
		    strcmp(*why, "Invalid option name"))
			*why = "Option cannot be set while tracing";
		return -1;
	}
	if (dt_option_set(&cmd->c_opts, name, val, why))
		return -1;
	c->c_quiet = cmd->c_opts.o_quiet;
	c->c_flow = cmd->c_opts.o_flowindent;
	c->c_stackindent = (int)cmd->c_opts.o_stackindent;
	dt_run_aggsort(cmd);
	return 0;
}

static int dt_aggsnap(void *arg)
{
	struct dt_snap *s = arg;
	struct dt_cmd *cmd = s->s_cmd;
	char err[256];
	uint32_t cpu;

	if (!cmd->c_aggs)
		return 0;
	/* -x aggpercpu: each CPU's share kept too (CPUs do not come later) */
	if (cmd->c_opts.o_aggpercpu && !cmd->c_totals.ag_ncpus)
		cmd->c_totals.ag_ncpus = s->s_ncpus;
	for (cpu = 0; cpu < s->s_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap bs;

		if (!dt_run_cpu(cmd, cpu))
			continue;

		for (;;) {
			memset(&bs, 0, sizeof(bs));
			bs.db_cpu = cpu;
			bs.db_buf = (uint64_t)(uintptr_t)s->s_aggbuf;
			bs.db_bufsize = s->s_aggsize;
			if (dt_dev_aggsnap(cmd->c_fd, &bs) == 0)
				break;
			if (errno == ENXIO || errno == ENODEV)
				break;
			if (errno == EINVAL && s->s_aggsize < DTRACE_BUFSIZE_MAX) {
				void *nb = realloc(s->s_aggbuf, s->s_aggsize * 2);

				if (!nb)
					return -1;
				s->s_aggbuf = nb;
				s->s_aggsize *= 2;
				continue;
			}
			dt_warn("failed to snapshot aggregations of CPU %u: "
				"%s\n", cpu, strerror(errno));
			return -1;
		}
		if (errno == ENXIO || errno == ENODEV) {
			errno = 0;
			continue;
		}
		cmd->c_totals.ag_cpu = cpu;
		cmd->c_totals.ag_syms = s->s_c ? &s->s_c->c_syms : NULL;
		if (bs.db_bufsize > s->s_aggsize ||
		    dt_agg_consume(&cmd->c_totals, s->s_aggbuf,
				   (size_t)bs.db_bufsize, err, sizeof(err))) {
			dt_warn("failed to consume aggregations of CPU %u: "
				"%s\n", cpu, bs.db_bufsize > s->s_aggsize ?
				"buffer overrun" : err);
			return -1;
		}
		if (cpu < 1024 && bs.db_drops > s->s_aggdrops[cpu]) {
			uint64_t n = bs.db_drops - s->s_aggdrops[cpu];
			char tag[40];

			s->s_aggdrops[cpu] = bs.db_drops;
			dt_warn("%s%llu aggregation drop%s on CPU %u\n",
				dt_droptag(cmd->c_opts.o_droptags,
					   "AGGREGATION", tag, sizeof(tag)),
				(unsigned long long)n, n == 1 ? "" : "s", cpu);
		}
	}
	return 0;
}

/* Snapshot every CPU once and print what came. 0 or -1. */
static int dt_snapshot(struct dt_cmd *cmd, struct dt_consumer *c,
		       struct dt_snap *s)
{
	uint32_t cpu;

	for (cpu = 0; cpu < s->s_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap bs;

		if (!dt_run_cpu(cmd, cpu))
			continue;
		for (;;) {
			memset(&bs, 0, sizeof(bs));
			bs.db_cpu = cpu;
			bs.db_buf = (uint64_t)(uintptr_t)s->s_buf;
			bs.db_bufsize = s->s_size;
			if (dt_dev_bufsnap(cmd->c_fd, &bs) == 0)
				break;
			if (errno == ENXIO || errno == ENODEV)
				break;	/* offline, or no buffer */
			if (errno == EINVAL && s->s_size < DTRACE_BUFSIZE_MAX) {
				/* the module's default is larger: grow */
				void *nb = realloc(s->s_buf, s->s_size * 2);

				if (!nb)
					return -1;
				s->s_buf = nb;
				s->s_size *= 2;
				continue;
			}
			dt_warn("failed to snapshot buffer of CPU %u: %s\n",
				cpu, strerror(errno));
			return -1;
		}
		if (errno == ENXIO || errno == ENODEV) {
			errno = 0;
			continue;
		}
		if (bs.db_bufsize > s->s_size) {
			dt_warn("failed to snapshot buffer of CPU %u: module "
				"returned %llu bytes\n", cpu,
				(unsigned long long)bs.db_bufsize);
			return -1;
		}
		dt_consume_drops(c, (int)cpu, bs.db_drops, stderr);
		if (bs.db_bufsize && dt_consume_buf(c, (int)cpu, s->s_buf,
						    (size_t)bs.db_bufsize)) {
			dt_warn("%s\n", c->c_err);
			dt_consume_flush(c);
			return -1;
		}
	}
	if (dt_consume_flush(c)) {
		dt_warn("failed to write output: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * A counter's growth since the last report, as DTrace words it, after
 * DTrace's tag for it with -x droptags (none: not one of DTrace's).
 */
static void dt_report(const struct dt_snap *s, const char *tag,
		      uint64_t now, uint64_t *last, const char *what,
		      const char *tail)
{
	char buf[40];

	if (now > *last)
		dt_warn("%s%llu %s%s%s\n",
			tag ? dt_droptag(s->s_cmd->c_opts.o_droptags, tag, buf,
					 sizeof(buf)) : "",
			(unsigned long long)(now - *last), what,
			now - *last == 1 ? "" : "s", tail);
	*last = now;
}

static void dt_report_errors(struct dt_snap *s,
			     const struct dtrace_ioc_status *st)
{
	dt_report(s, "DYNAMIC", st->ds_dyndrops, &s->s_dyndrops,
		  "dynamic variable drop", "");
	dt_report(s, "SPEC", st->ds_specdrops, &s->s_specdrops,
		  "speculative drop", "");
	dt_report(s, "SPECBUSY", st->ds_specbusy, &s->s_specbusy,
		  "failed speculation", " (available buffer(s) still busy)");
	dt_report(s, "SPECUNAVAIL", st->ds_specunavail, &s->s_specunavail,
		  "failed speculation", " (no speculative buffer available)");
	dt_report(s, NULL, st->ds_specreclaimed, &s->s_specreclaimed,
		  "speculation", " reclaimed (unused for long while none was "
		  "free)");
	/* each error is also reported through ERROR; this catches the rest */
	if (st->ds_errors > s->s_errors && !s->s_errhandler)
		dt_warn("%llu error%s in probe context\n",
			(unsigned long long)(st->ds_errors - s->s_errors),
			st->ds_errors - s->s_errors == 1 ? "" : "s");
	s->s_errors = st->ds_errors;
}

/* A scrape of -x prometheus: the aggregations as of now (dt_prom.h). */
static int dt_run_prom(void *arg, FILE *fp)
{
	struct dt_snap *s = arg;
	struct dt_consumer *c = s->s_c;
	struct dt_promstats st = {
		.ps_dyndrops = s->s_dyndrops,
		.ps_specdrops = s->s_specdrops,
		.ps_errors = s->s_errors,
	};
	int i;

	if (dt_aggsnap(s))
		return -1;
	for (i = 0; i < c->c_ncpus; i++)
		st.ps_drops += c->c_drops[i];
	for (i = 0; i < 1024; i++)
		st.ps_aggdrops += s->s_aggdrops[i];
	return dt_prom_write(fp, c->c_aggs, &c->c_syms,
			     s->s_cmd->c_opts.o_promseries, &st);
}

int dt_cmd_trace(struct dt_cmd *cmd)
{
	struct dt_httpsrv *srv = NULL;
	struct dtrace_ioc_status st;
	struct dt_consumer c;
	struct dt_snap s;
	uint64_t last, now, wait, rate = cmd->c_opts.o_switchrate;
	uint64_t agglast, aggrate = cmd->c_opts.o_aggrate;
	int i;
	int rc = 0, exitval = 0;
	bool exited = false;

	if (cmd->c_opts.o_cpu >= get_nprocs_conf()) {
		dt_warn("failed to set -x cpu: CPU %d does not exist\n",
			cmd->c_opts.o_cpu);
		return 1;
	}
	memset(&s, 0, sizeof(s));
	s.s_cmd = cmd;
	s.s_size = cmd->c_opts.o_bufsize ? cmd->c_opts.o_bufsize : 4u << 20;
	s.s_buf = malloc(s.s_size);
	/* as the module rounds it */
	s.s_aggsize = cmd->c_opts.o_aggsize ?
		(cmd->c_opts.o_aggsize + 7) & ~7ull : 4u << 20;
	s.s_aggbuf = cmd->c_aggs ? malloc(s.s_aggsize) : NULL;
	if (!s.s_buf || (cmd->c_aggs && !s.s_aggbuf)) {
		free(s.s_buf);
		dt_warn("out of memory\n");
		return 1;
	}
	dt_consumer_init(&c, cmd->c_out, cmd->c_opts.o_quiet, &cmd->c_epids,
			 &cmd->c_probes);
	c.c_errecb = cmd->c_errecb;
	c.c_aggs = &cmd->c_totals;
	c.c_flow = cmd->c_opts.o_flowindent;
	c.c_stackindent = (int)cmd->c_opts.o_stackindent;
	c.c_rawbytes = cmd->c_opts.o_rawbytes;
	c.c_droptags = cmd->c_opts.o_droptags;
	c.c_fmt = dt_cmd_format(cmd);
	if (cmd->c_opts.o_stackfmt)
		c.c_fmt = cmd->c_opts.o_stackfmt == 1 ? &dt_format_folded :
			  &dt_format_flame;
	s.s_c = &c;
	c.c_target = cmd->c_proc.pr_pid;
	dt_run_aggsort(cmd);
	c.c_aggsnap = dt_aggsnap;
	c.c_aggarg = &s;
	if (dt_run_varmaps(cmd)) {
		s.s_dvars = calloc(1, sizeof(*s.s_dvars));
		if (!s.s_dvars) {
			dt_consumer_fini(&c);
			free(s.s_buf);
			free(s.s_aggbuf);
			dt_warn("out of memory\n");
			return 1;
		}
		c.c_dvars = s.s_dvars;
		c.c_dvarsnap = dt_dvarsnap;
		c.c_dvararg = &s;
	}
	c.c_setopt = dt_run_setopt;
	c.c_setoptarg = cmd;
	for (i = 0; i < cmd->c_npieces; i++)
		if (cmd->c_pieces[i].p_lang)
			c.c_ext = dt_cmdlang->cl_valext;
	if (cmd->c_faultwarn) {
		/* the language's faults as warnings at their statements */
		c.c_fault = cmd->c_lang->cl_fault;
		c.c_faultarg = cmd;
	}
	s.s_errhandler = cmd->c_errecb != NULL;

	if (cmd->c_opts.o_prom[0]) {
		char why[160];

		srv = dt_http_listen(cmd->c_opts.o_prom, DT_PROM_CONTENT_TYPE,
				     dt_run_prom, &s, why, sizeof(why));
		if (!srv) {
			dt_warn("could not serve metrics on %s: %s\n",
				cmd->c_opts.o_prom, why);
			rc = 1;
			goto out;
		}
	}
	if (dt_run_on_cpu(cmd, dt_dev_go)) {
		int en = errno;
		char ld[160];
		const char *why = en == EPERM ?
				  dt_dev_lockdown_why(ld, sizeof(ld)) : NULL;

		/* E2BIG: a clause's record is larger than bufsize */
		dt_warn("could not enable tracing: %s\n", why ? why :
			en == E2BIG ? "Enabling exceeds size of buffer" :
			en != ENOMEM ? strerror(en) :
			"the buffers asked for (bufsize, aggsize and nspec x "
			"specsize on every CPU, dynvarsize) exceed the memory "
			"available");
		rc = 1;
		goto out;
	}
	/* Its maps now, for ustack() names should it exit at once. */
	if (cmd->c_proc.pr_pid)
		dt_sym_keep_maps(&c.c_syms, cmd->c_proc.pr_pid);
	dt_proc_release(&cmd->c_proc);
	last = agglast = dt_now();
	for (;;) {
		if (dt_dev_status(cmd->c_fd, &st)) {
			dt_warn("failed to get status: %s\n", strerror(errno));
			rc = 1;
			break;
		}
		s.s_ncpus = st.ds_ncpus;
		dt_report_errors(&s, &st);
		if (st.ds_flags & DTRACE_STATUS_DEADMAN) {
			dt_warn("processing aborted: Abort due to systemic "
				"unresponsiveness\n");
			rc = 1;
			break;
		}
		if (st.ds_flags & (DTRACE_STATUS_EXITED | DTRACE_STATUS_FILLED |
				   DTRACE_STATUS_STOPPED))
			break;
		if (dt_stop_requested)
			break;
		if (cmd->c_proc.pr_pid && !cmd->c_proc.pr_exited)
			dt_sym_keep_maps(&c.c_syms, cmd->c_proc.pr_pid);
		if (dt_proc_exited(&cmd->c_proc)) {
			if (!cmd->c_opts.o_quiet)
				dt_warn("pid %d has exited\n",
					(int)cmd->c_proc.pr_pid);
			break;
		}
		now = dt_now();
		if (now - agglast >= aggrate) {
			if (dt_aggsnap(&s)) {
				rc = 1;
				break;
			}
			agglast = now;
		}
		if (now - last >= rate) {
			/* a ring is read once, at the end, as DTrace does */
			if (cmd->c_opts.o_bufpolicy != DTRACE_BUFPOLICY_RING &&
			    dt_snapshot(cmd, &c, &s)) {
				rc = 1;
				break;
			}
			last = now;
		}
		wait = cmd->c_opts.o_statusrate < rate ?
		       cmd->c_opts.o_statusrate : rate;
		if (srv)
			dt_http_serve(srv, wait);	/* scrapes, meanwhile */
		else
			dt_sleep(wait);
	}
	/* scrapes from now on are refused, not left waiting */
	dt_http_close(srv);
	srv = NULL;
	if (!rc)
		dt_consume_stop(&c, dt_interrupted);
	if (dt_run_on_cpu(cmd, dt_dev_stop))
		dt_warn("failed to stop tracing: %s\n", strerror(errno));
	if (dt_dev_status(cmd->c_fd, &st) == 0) {
		s.s_ncpus = st.ds_ncpus;
		if (dt_snapshot(cmd, &c, &s))
			rc = 1;
		if (dt_dev_status(cmd->c_fd, &st) == 0) {
			dt_report_errors(&s, &st);
			exited = st.ds_flags & DTRACE_STATUS_EXITED;
			exitval = st.ds_exitval;
		}
		/* what printa( ) did not print, as DTrace does at exit */
		if (!rc && (dt_aggsnap(&s) || dt_consume_aggs_end(&c))) {
			if (c.c_err[0])
				dt_warn("%s\n", c.c_err);
			rc = 1;
		}
	} else {
		dt_warn("failed to get status: %s\n", strerror(errno));
		rc = 1;
	}
out:
	dt_http_close(srv);
	dt_consumer_fini(&c);
	free(s.s_buf);
	free(s.s_aggbuf);
	if (s.s_dvars)
		dt_dvars_fini(s.s_dvars);
	free(s.s_dvars);
	if (rc)
		return rc;
	return exited ? exitval : 0;
}
