// SPDX-License-Identifier: GPL-2.0
/*
 * tracepoint:SYSTEM::EVENT in the command. The module cannot list trace
 * events, so before a description is enabled or listed the command
 * offers the events tracefs has that it may name (DTRACE_IOC_TP_PROVIDE).
 * When such a probe fires, arg0 is the address of a copy of the event's
 * record and arg1 its length (the byte after it is 0); `args` is arg0
 * seen as a pointer to a struct laid out as the format file says, whose
 * char[N] and __data_loc char[] fields read as strings (dt_cg.c bounds
 * a __data_loc offset by arg1).
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include <dtrace/dif.h>

#include "dt_error.h"
#include "dt_probes.h"
#include "dt_provider.h"
#include "dt_tp.h"
#include "dt_tracefs.h"
#include "dt_types.h"

static int dt_tp_flush(struct dt_tp_offer *o)
{
	struct dtrace_ioc_tp_provide p = {
		.dtp_size = sizeof(p), .dtp_count = (uint32_t)o->n,
		.dtp_events = (uintptr_t)o->v,
	};

	if (!o->n)
		return 0;
	o->n = 0;
	if (ioctl(o->devfd, DTRACE_IOC_TP_PROVIDE, &p) < 0) {
		o->err = errno;
		return -1;
	}
	o->accepted += (int)p.dtp_count;
	return 0;
}

int dt_tp_offer_begin(struct dt_tp_offer *o, int devfd)
{
	memset(o, 0, sizeof(*o));
	o->devfd = devfd;
	o->v = calloc(DT_TP_BATCH, sizeof(*o->v));
	return o->v ? 0 : -1;
}

int dt_tp_offer_add(struct dt_tp_offer *o, const struct dtrace_tp_event *e)
{
	if (o->err)
		return -1;
	o->v[o->n++] = *e;
	return o->n == DT_TP_BATCH ? dt_tp_flush(o) : 0;
}

int dt_tp_offer_end(struct dt_tp_offer *o)
{
	if (!o->err)
		dt_tp_flush(o);
	free(o->v);
	o->v = NULL;
	if (o->err) {
		errno = o->err;
		return -1;
	}
	return o->accepted;
}

static int dt_tp_offer_one(const char *sys, const char *ev, uint32_t id,
			   void *arg)
{
	struct dtrace_tp_event e;

	if (strlen(sys) >= sizeof(e.te_system) ||
	    strlen(ev) >= sizeof(e.te_event))
		return 0;
	memset(&e, 0, sizeof(e));
	e.te_id = id;
	strcpy(e.te_system, sys);
	strcpy(e.te_event, ev);
	return dt_tp_offer_add(arg, &e);
}

/*
 * Offer the events a description may name (provider "tracepoint" or
 * empty, module = system, name = event). As for fbt: a description
 * without a provider offers events only when it names a system, not to
 * read tracefs for ":::BEGIN".
 */
static int dt_tp_offer(int devfd, const struct dtrace_probedesc *d,
		       bool verbose, char *err, size_t errlen)
{
	struct dt_tp_offer o;

	(void)err;
	(void)errlen;
	if (d->dpd_func[0] && fnmatch(d->dpd_func, "", 0))
		return 0;
	if (d->dpd_provider[0] ? fnmatch(d->dpd_provider, "tracepoint", 0) :
	    !d->dpd_mod[0])
		return 0;	/* not ours: tracefs is not even looked for */
	if (!dt_tracefs_dir())
		return 0;
	if (dt_tp_offer_begin(&o, devfd) ||
	    (dt_tracefs_walk(d->dpd_mod, d->dpd_name, dt_tp_offer_one,
			     &o) >= 0 && dt_tp_offer_end(&o) < 0)) {
		if (verbose)
			dt_warn("could not offer tracepoints: %s\n",
				strerror(errno));
		return 0;
	}
	free(o.v);
	return 0;
}

/* The fields of the events a clause names, kept where all agree. */
struct dt_tp_common {
	struct dt_tpformat	fmt;
	int			nevents;
	char			sys[DTRACE_MODNAMELEN];
	char			ev[DTRACE_NAMELEN];
	int			err;
};

static bool dt_tpfield_eq(const struct dt_tpfield *a,
			  const struct dt_tpfield *b)
{
	return !strcmp(a->f_name, b->f_name) && a->f_kind == b->f_kind &&
	       a->f_off == b->f_off && a->f_size == b->f_size &&
	       a->f_nelems == b->f_nelems && a->f_signed == b->f_signed;
}

static int dt_tp_common_add(const char *sys, const char *ev, uint32_t id,
			    void *arg)
{
	struct dt_tp_common *c = arg;
	struct dt_tpformat f;
	int i, j, k;

	(void)id;
	if (dt_tpformat_read(sys, ev, &f))
		return 0;	/* vanished: the enabling will say */
	if (!c->nevents++) {
		c->fmt = f;
		snprintf(c->sys, sizeof(c->sys), "%s", sys);
		snprintf(c->ev, sizeof(c->ev), "%s", ev);
		return 0;
	}
	for (i = k = 0; i < c->fmt.n; i++) {
		for (j = 0; j < f.n; j++)
			if (dt_tpfield_eq(&c->fmt.fields[i], &f.fields[j]))
				break;
		if (j < f.n)
			c->fmt.fields[k++] = c->fmt.fields[i];
	}
	c->fmt.n = k;
	dt_tpformat_free(&f);
	return 0;
}

static struct dt_type dt_tp_int(uint32_t size, bool is_signed)
{
	struct dt_type t = dt_type_ulong;

	t.size = (uint8_t)size;
	t.is_signed = is_signed;
	return t;
}

/* The struct of the common fields, named after the event if only one. */
static struct dt_sou *dt_tp_sou(struct dt_pcb *pcb,
				const struct dt_tp_common *c)
{
	struct dt_sou *s = calloc(1, sizeof(*s));
	char name[256];
	int i;

	if (!s)
		return NULL;
	if (c->nevents == 1)
		snprintf(name, sizeof(name), "tracepoint_%s_%s", c->sys, c->ev);
	else
		snprintf(name, sizeof(name), "tracepoint_args");
	s->s_name = strdup(name);
	s->s_mems = calloc((size_t)c->fmt.n + 1, sizeof(*s->s_mems));
	if (!s->s_name || !s->s_mems) {
		free(s->s_name);
		free(s->s_mems);
		free(s);
		return NULL;
	}
	s->s_defined = true;
	s->s_align = 8;
	for (i = 0; i < c->fmt.n; i++) {
		const struct dt_tpfield *f = &c->fmt.fields[i];
		struct dt_member *m = &s->s_mems[s->s_nmems];

		m->m_name = strdup(f->f_name);
		if (!m->m_name)
			continue;
		m->m_off = f->f_off;
		switch (f->f_kind) {
		case DT_TPF_INT:
			m->m_type = dt_tp_int(f->f_size, f->f_signed);
			break;
		case DT_TPF_ARRAY:
			m->m_type = dt_tp_int(f->f_size / f->f_nelems,
					      f->f_signed);
			m->m_nelems = f->f_nelems;
			break;
		case DT_TPF_STR:
			m->m_type = dt_type_char;
			m->m_nelems = f->f_nelems;
			m->m_str = DT_MSTR_ARRAY;
			break;
		case DT_TPF_LOC:
			m->m_type = dt_type_char;
			m->m_str = DT_MSTR_LOC;
			break;
		}
		s->s_nmems++;
		if (f->f_off + f->f_size > s->s_size)
			s->s_size = f->f_off + f->f_size;
	}
	s->s_next = pcb->pcb_prog.p_sous;
	pcb->pcb_prog.p_sous = s;
	return s;
}

/* Is every probe of the clause a tracepoint? 1 yes, 0 none, -1 mixed. */
static int dt_tp_clause(struct dt_pcb *pcb, const struct dt_clause *cl,
			struct dt_tp_common *c)
{
	const struct dt_pdesc *pd;
	int tp = 0, other = 0;

	for (pd = cl->c_probes; pd; pd = pd->pd_next) {
		struct dtrace_probedesc d;
		char err[256];

		if (dt_pdesc_parse(pd->pd_text, &d, pcb->pcb_argc,
				   pcb->pcb_argv, pcb->pcb_target, err,
				   sizeof(err))) {
			other++;
		} else if (dt_providers_events(&d, dt_tp_common_add, c)) {
			tp++;
		} else {
			other++;
		}
	}
	return !tp ? 0 : other ? -1 : 1;
}

/* n becomes (struct ... *)arg0. */
static int dt_tp_cast(struct dt_pcb *pcb, struct dt_node *n,
		      const struct dt_sou *s)
{
	struct dt_node *a0;
	struct dt_type t = { .kind = DT_T_SOU };

	if (!s)
		return dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	a0 = dt_node_new(DT_N_BUILTIN, &n->n_loc);
	a0->n_builtin = DIF_VAR_ARG0;
	a0->n_type = dt_type_ulong;
	t.sou = s;
	free(n->n_str);
	n->n_str = NULL;
	n->n_kind = DT_N_CAST;
	n->n_ctype = dt_type_ptrto(&t);
	n->n_left = a0;
	return 0;
}

/*
 * `args` bare in a clause whose probes are all trace events: n becomes
 * (struct tracepoint_SYS_EVENT *)arg0, the struct typed from the events'
 * format files (the fields every matched event has alike).
 */
static int dt_tp_args(struct dt_pcb *pcb, struct dt_node *n, int idx)
{
	struct dt_tp_common c;
	struct dt_sou *s;
	int rc;

	if (idx != DT_ARGS_BARE || !pcb->pcb_clause)
		return 1;
	/* the clause's struct, once: a glob reads hundreds of formats */
	if (pcb->pcb_tpclause == pcb->pcb_clause)
		return dt_tp_cast(pcb, n, pcb->pcb_tpsou);
	memset(&c, 0, sizeof(c));
	rc = dt_tp_clause(pcb, pcb->pcb_clause, &c);
	if (rc <= 0) {
		dt_tpformat_free(&c.fmt);
		if (!rc)
			return 1;
		return dt_error(pcb, &n->n_loc, "D_ARGS_MULTI", "args is "
				"not available: the clause mixes tracepoint "
				"and other probes");
	}
	s = dt_tp_sou(pcb, &c);
	dt_tpformat_free(&c.fmt);
	if (s) {
		pcb->pcb_tpclause = pcb->pcb_clause;
		pcb->pcb_tpsou = s;
	}
	return dt_tp_cast(pcb, n, s);
}

int dt_tp_args_event(struct dt_pcb *pcb, struct dt_node *n, const char *sys,
		     const char *ev)
{
	struct dt_tp_common c;
	struct dt_sou *s;
	char name[256];

	snprintf(name, sizeof(name), "tracepoint_%s_%s", sys, ev);
	s = dt_sou_lookup(&pcb->pcb_prog, name, false);
	if (s)
		return dt_tp_cast(pcb, n, s);
	memset(&c, 0, sizeof(c));
	dt_tracefs_walk(sys, ev, dt_tp_common_add, &c);
	s = dt_tp_sou(pcb, &c);
	dt_tpformat_free(&c.fmt);
	return dt_tp_cast(pcb, n, s);
}

/* -lv: "args->NAME: TYPE" for each field; how many, or -1. */
static int dt_tp_argtypes(FILE *fp, const struct dtrace_probedesc *pd)
{
	struct dt_tpformat f;
	int i;

	if (strcmp(pd->dpd_provider, "tracepoint"))
		return 0;
	if (dt_tpformat_read(pd->dpd_mod, pd->dpd_name, &f))
		return -1;
	for (i = 0; i < f.n; i++) {
		const struct dt_tpfield *d = &f.fields[i];
		uint32_t size = d->f_kind == DT_TPF_ARRAY ?
			d->f_size / d->f_nelems : d->f_size;

		fprintf(fp, "\t\targs->%s: ", d->f_name);
		if (d->f_kind == DT_TPF_STR || d->f_kind == DT_TPF_LOC)
			fprintf(fp, "string\n");
		else if (d->f_kind == DT_TPF_ARRAY)
			fprintf(fp, "%sint%u_t[%u]\n", d->f_signed ? "" : "u",
				size * 8, d->f_nelems);
		else
			fprintf(fp, "%sint%u_t\n", d->f_signed ? "" : "u",
				size * 8);
	}
	i = f.n;
	dt_tpformat_free(&f);
	return i;
}

/* tracepoint:SYS::EVENT is the event itself. */
static int dt_tp_events(const struct dtrace_probedesc *d, dt_tpevent_fn fn,
			void *arg)
{
	if (strcmp(d->dpd_provider, "tracepoint"))
		return 0;
	dt_tracefs_walk(d->dpd_mod, d->dpd_name, fn, arg);
	return 1;
}

static const char *dt_tp_argdoc(const struct dtrace_probedesc *pd)
{
	if (strcmp(pd->dpd_provider, "tracepoint"))
		return NULL;
	return "arg0: the address of the event's record; arg1: its length";
}

const struct dt_provider dt_provider_tracepoint = {
	.pv_name	= "tracepoint",
	.pv_listall	= "tracepoint",
	.pv_offer	= dt_tp_offer,
	.pv_events	= dt_tp_events,
	.pv_args	= dt_tp_args,
	.pv_argtypes	= dt_tp_argtypes,
	.pv_argdoc	= dt_tp_argdoc,
};
