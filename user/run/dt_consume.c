// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding records: each CPU's snapshot taken apart, the records put in
 * time order, the actions that print nothing done here and the others
 * handed to the output format (dt_format.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <dtrace/dif.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_valext.h"
#include "dt_consume.h"
#include "dt_format.h"
#include "dt_printf.h"
#include "dt_rec.h"

struct dt_crec {
	uint64_t		cr_ts;
	uint64_t		cr_seq;		/* arrival order, for ties */
	int			cr_cpu;
	uint32_t		cr_probe;
	const struct dt_ecb	*cr_ecb;
	uint8_t			*cr_data;
};

void dt_consumer_init(struct dt_consumer *c, FILE *out, bool quiet,
		      const struct dt_epidtab *epids,
		      struct dt_probetab *probes)
{
	memset(c, 0, sizeof(*c));
	c->c_out = out;
	c->c_origout = out;
	c->c_quiet = quiet;
	c->c_epids = epids;
	c->c_probes = probes;
	c->c_fmt = &dt_format_text;
	c->c_stackindent = 14;	/* DTrace's */
	dt_symtab_init(&c->c_syms);
}

void dt_consumer_fini(struct dt_consumer *c)
{
	size_t i;

	for (i = 0; i < c->c_n; i++)
		free(c->c_recs[i].cr_data);
	free(c->c_recs);
	free(c->c_drops);
	if (c->c_reopened)
		fclose(c->c_reopened);
	dt_symtab_fini(&c->c_syms);
	memset(c, 0, sizeof(*c));
}

int dt_consume_buf(struct dt_consumer *c, int cpu, const void *buf,
		   size_t len)
{
	const uint8_t *p = buf;
	size_t off = 0;

	while (off + sizeof(struct dtrace_rechdr) <= len) {
		struct dtrace_rechdr h;
		const struct dt_ecb *e;
		struct dt_crec *r;

		memcpy(&h, p + off, sizeof(h));
		e = dt_epid_lookup(c->c_epids, h.dr_epid);
		if (!e) {
			snprintf(c->c_err, sizeof(c->c_err),
				 "failed to consume buffer of CPU %d: "
				 "unknown EPID %u at offset %zu", cpu,
				 h.dr_epid, off);
			return -1;
		}
		if (off + sizeof(h) + e->e_recsize > len) {
			snprintf(c->c_err, sizeof(c->c_err),
				 "failed to consume buffer of CPU %d: "
				 "record at offset %zu is truncated", cpu, off);
			return -1;
		}
		/*
		 * A clause that only assigns records that the probe fired,
		 * which -q prints as nothing: not worth keeping (a latency
		 * script's entry clause makes one a call).
		 */
		if (c->c_quiet && !c->c_fmt->fmt_bare && !e->e_nouts &&
		    e != c->c_errecb) {
			c->c_records++;
			off += (sizeof(h) + e->e_recsize + 7) & ~(size_t)7;
			continue;
		}
		if (c->c_n == c->c_cap) {
			size_t nc = c->c_cap ? c->c_cap * 2 : 64;
			void *np = realloc(c->c_recs, nc * sizeof(*r));

			if (!np)
				goto nomem;
			c->c_recs = np;
			c->c_cap = nc;
		}
		r = &c->c_recs[c->c_n];
		r->cr_ts = h.dr_timestamp;
		r->cr_seq = c->c_seq++;
		r->cr_cpu = cpu;
		r->cr_probe = h.dr_probe_id;
		r->cr_ecb = e;
		r->cr_data = malloc(e->e_recsize ? e->e_recsize : 1);
		if (!r->cr_data)
			goto nomem;
		memcpy(r->cr_data, p + off + sizeof(h), e->e_recsize);
		c->c_n++;
		off += (sizeof(h) + e->e_recsize + 7) & ~(size_t)7;
	}
	if (off != len) {
		snprintf(c->c_err, sizeof(c->c_err),
			 "failed to consume buffer of CPU %d: %zu stray bytes "
			 "at its end", cpu, len - off);
		return -1;
	}
	return 0;
nomem:
	snprintf(c->c_err, sizeof(c->c_err), "out of memory");
	return -1;
}

static int dt_crec_cmp(const void *a, const void *b)
{
	const struct dt_crec *x = a, *y = b;

	if (x->cr_ts != y->cr_ts)
		return x->cr_ts < y->cr_ts ? -1 : 1;
	return x->cr_seq < y->cr_seq ? -1 : x->cr_seq > y->cr_seq;
}

static const char *const dt_fault_text[] = {
#define DT_X_FAULT(name, text) text,
	DIF_FAULTS(DT_X_FAULT)
#undef DT_X_FAULT
};

static int dt_print_error(struct dt_consumer *c, const struct dt_ecb *e,
			  const uint8_t *data)
{
	int64_t v[6] = { 0 };
	const struct dtrace_probedesc *pd = NULL;
	const struct dt_epid *ep;
	char desc[512] = "?", where[64];
	const char *fault;
	int i;

	if (e->e_nrecs < 5)
		return -1;
	for (i = 0; i < 6 && i < e->e_nrecs; i++)
		v[i] = dt_rec_int(data, &e->e_recs[i]);
	ep = dt_epid_get(c->c_epids, (uint32_t)v[0]);
	/* arg0: the probe that fired, which the enabling may not say. */
	if (v[5] && c->c_probes)
		pd = dt_probetab_get(c->c_probes, (uint32_t)v[5]);
	if (pd) {
		int n = snprintf(desc, sizeof(desc), "ID %u: ", pd->dpd_id);

		dt_pdesc_str(pd, desc + n, sizeof(desc) - (size_t)n);
	} else if (ep && ep->ep_desc.dpd_id) {
		int n = snprintf(desc, sizeof(desc), "ID %u: ",
				 ep->ep_desc.dpd_id);

		dt_pdesc_str(&ep->ep_desc, desc + n, sizeof(desc) - (size_t)n);
	} else if (ep) {
		dt_pdesc_str(&ep->ep_desc, desc, sizeof(desc));
	}
	fault = (uint64_t)v[3] < DIF_FAULT_COUNT ? dt_fault_text[v[3]] :
		"unknown fault";
	if (c->c_fault && ep && ep->ep_ecb) {
		bool hasaddr = v[3] == DIF_FAULT_BADADDR ||
			v[3] == DIF_FAULT_BADALIGN ||
			v[3] == DIF_FAULT_KPRIV || v[3] == DIF_FAULT_UPRIV;

		c->c_fault(c->c_faultarg, ep->ep_ecb, (int)v[1], fault,
			   hasaddr ? (uint64_t)v[4] : 0);
		c->c_nerrors++;
		return 0;
	}
	if (v[1] == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%lld",
			 (long long)v[1]);
	if (c->c_fmt->fmt_fault && !c->c_errfp && !c->c_fmt->fmt_fault(c)) {
		c->c_nerrors++;
		return 0;
	}
	fprintf(c->c_errfp ? c->c_errfp : stderr,
		"dtrace: error on enabled probe ID %u (%s): %s", (uint32_t)v[0],
		desc, fault);
	if (v[3] == DIF_FAULT_BADADDR || v[3] == DIF_FAULT_BADALIGN ||
	    v[3] == DIF_FAULT_KPRIV || v[3] == DIF_FAULT_UPRIV)
		fprintf(c->c_errfp ? c->c_errfp : stderr, " (0x%llx)",
			(unsigned long long)v[4]);
	fprintf(c->c_errfp ? c->c_errfp : stderr, " in %s", where);
	if ((uint32_t)v[2] != 0xffffffffu)
		fprintf(c->c_errfp ? c->c_errfp : stderr,
			" at DIF offset %u", (uint32_t)v[2]);
	fputc('\n', c->c_errfp ? c->c_errfp : stderr);
	c->c_nerrors++;
	return 0;
}

/* A record of a consumer-side aggregation (stack( ) keys): add it. */
static int dt_print_aggrec(struct dt_consumer *c, const uint8_t *data,
			   const struct dt_ecb *e, const struct dt_out *o)
{
	static uint8_t key[DTRACE_RECSIZE_MAX];
	static uint64_t val[4100];
	struct dt_aggdata *d = dt_aggs_of(c->c_aggs, o->o_aggs[0]);
	const struct dt_agg *a = o->o_aggs[0];
	int i, j;

	if (!d || a->a_keysize > sizeof(key) || a->a_valsize > sizeof(val))
		return -1;
	memset(key, 0, a->a_keysize);
	/* j: the slot; a user symbol's key takes two, pid and address */
	for (i = 0, j = 0; i < a->a_nkeys; i++, j++) {
		const struct dt_rec *r = &e->e_recs[o->o_rec + j];
		uint32_t n = r->r_size;

		if (DT_SYM_ISUSER(a->a_keys[i].sym) && j + 1 < o->o_nrecs) {
			n = r[1].r_off + r[1].r_size - r->r_off;
			j++;
		}
		memcpy(key + a->a_keyoff[i], data + r->r_off,
		       n < a->a_keysz[i] ? n : a->a_keysz[i]);
		/* ustack( ): its process's maps, while it lives, for later */
		if (a->a_keystack[i] == 2) {
			uint64_t pid;

			memcpy(&pid, data + r->r_off, sizeof(pid));
			dt_sym_note_pid(&c->c_syms, (pid_t)pid);
		}
	}
	if (j >= o->o_nrecs)
		return -1;
	/* user symbols: one key per name, their processes' maps kept */
	dt_agg_canonkey(a, key, &c->c_syms);
	dt_agg_value(a, dt_rec_int(data, &e->e_recs[o->o_rec + j]), val);
	return dt_agg_merge(d, key, val);
}

/* Snapshot the aggregations, once per flush, before using them. */
static int dt_consume_aggfresh(struct dt_consumer *c)
{
	if (!c->c_aggfresh && c->c_aggsnap) {
		if (c->c_aggsnap(c->c_aggarg))
			return -1;
		c->c_aggfresh = true;
	}
	return 0;
}

/* Before printa( ) of a name that stands for variables: a snapshot. */
static int dt_consume_dvarfresh(struct dt_consumer *c, const struct dt_out *o)
{
	int i;

	for (i = 0; i < o->o_naggs; i++)
		if (o->o_aggs[i]->a_isvar)
			break;
	if (i == o->o_naggs || !c->c_dvarsnap)
		return 0;
	if (c->c_dvarsnap(c->c_dvararg, 0)) {
		snprintf(c->c_err, sizeof(c->c_err), "failed to read the "
			 "maps: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* clear( ), trunc( ), normalize( ), denormalize( ). */
static int dt_consume_aggact(struct dt_consumer *c, const uint8_t *data,
			     const struct dt_ecb *e, const struct dt_out *o)
{
	int64_t v = o->o_nrecs ? dt_rec_int(data, &e->e_recs[o->o_rec]) : 0;
	int i;

	if (dt_consume_aggfresh(c))
		return -1;
	for (i = 0; i < o->o_naggs; i++) {
		struct dt_aggdata *d = dt_aggs_of(c->c_aggs, o->o_aggs[i]);

		if (!d)
			return -1;
		if (d->ad_def->a_isvar && c->c_ext && c->c_ext->vx_varact &&
		    c->c_ext->vx_varact(c, d, o, v))
			return -1;
		switch (o->o_kind) {
		case DT_OUT_CLEAR:
			dt_agg_clear(d);
			break;
		case DT_OUT_TRUNC:
			dt_agg_trunc(d, v, o->o_nrecs == 0);
			break;
		case DT_OUT_NORMALIZE:
			d->ad_normal = v > 0 ? (uint64_t)v : 1;
			break;
		default:
			d->ad_normal = 1;
			break;
		}
	}
	return 0;
}

void dt_consume_stop(struct dt_consumer *c, bool interrupted)
{
	if (c->c_fmt->fmt_stop)
		c->c_fmt->fmt_stop(c, interrupted);
}

int dt_consume_aggs_end(struct dt_consumer *c)
{
	uint32_t i;

	for (i = 0; c->c_aggs && i < c->c_aggs->ag_n; i++)
		if (c->c_aggs->ag_data[i].ad_def->a_isvar)
			break;
	if (c->c_aggs && i < c->c_aggs->ag_n && c->c_dvarsnap &&
	    c->c_dvarsnap(c->c_dvararg, 0)) {
		snprintf(c->c_err, sizeof(c->c_err), "failed to read the "
			 "maps: %s", strerror(errno));
		return -1;
	}
	if (c->c_fmt->fmt_aggs_end)
		return c->c_fmt->fmt_aggs_end(c);
	for (i = 0; c->c_aggs && i < c->c_aggs->ag_n; i++) {
		struct dt_aggdata *d = &c->c_aggs->ag_data[i];

		if (d->ad_printed || !d->ad_nents)
			continue;
		if (c->c_fmt->fmt_agg(c, d))
			return -1;
	}
	return fflush(c->c_out) ? -1 : 0;
}

/* setopt(name[, value]): when its record is printed, as DTrace does. */
static int dt_print_setopt(struct dt_consumer *c, const struct dt_out *o)
{
	const char *why = "options cannot be set here";

	if (!c->c_setopt || c->c_setopt(c, o->o_opt, o->o_optval, &why))
		fprintf(stderr, "dtrace: failed to set option '%s'%s%s%s: "
			"%s\n", o->o_opt, o->o_optval ? " to '" : "",
			o->o_optval ? o->o_optval : "",
			o->o_optval ? "'" : "", why);
	return 0;
}

int dt_consume_freopen(struct dt_consumer *c, const char *path)
{
	FILE *fp = NULL;

	if (fflush(c->c_out))
		return -1;
	/* "e": not the output of system( )'s commands */
	if (path[0] && !(fp = fopen(path, "ae"))) {
		fprintf(stderr, "dtrace: failed to open \"%s\": %s\n", path,
			strerror(errno));
		return 0;
	}
	if (c->c_reopened)
		fclose(c->c_reopened);
	c->c_reopened = fp;
	c->c_out = fp ? fp : c->c_origout;
	return 0;
}

int dt_consume_ftruncate(struct dt_consumer *c)
{
	struct stat st;
	int fd;

	if (fflush(c->c_out))
		return -1;
	fd = fileno(c->c_out);
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode))
		return 0;
	if (ftruncate(fd, 0)) {
		fprintf(stderr, "dtrace: failed to truncate the output: %s\n",
			strerror(errno));
		return 0;
	}
	return fseeko(c->c_out, 0, SEEK_SET) ? -1 : 0;
}

/*
 * freopen( ), ftruncate( ) of a record (guards taken into account): in
 * its order among the other actions, or, for a format whose record is
 * one piece (fmt_whole), after the record is printed.
 */
static int dt_consume_output(struct dt_consumer *c, const uint8_t *data,
			     const struct dt_ecb *e, const struct dt_out *o)
{
	if (o->o_guard >= 0 && !dt_rec_int(data, &e->e_recs[o->o_guard]))
		return 0;
	if (o->o_kind == DT_OUT_FTRUNCATE)
		return dt_consume_ftruncate(c);
	return dt_rec_printf(c, data, e, o) < 0 ? -1 : 0;
}

/* What the consumer does itself: true if o is such an action. */
static bool dt_consume_silent(struct dt_consumer *c, const uint8_t *data,
			      const struct dt_ecb *e, const struct dt_out *o,
			      int *rc)
{
	switch (o->o_kind) {
	case DT_OUT_EXIT:
		*rc = 0;
		return true;
	case DT_OUT_AGGREC:
		*rc = dt_print_aggrec(c, data, e, o);
		return true;
	case DT_OUT_SETOPT:
		*rc = dt_print_setopt(c, o);
		return true;
	case DT_OUT_STACKID:
		*rc = c->c_ext && c->c_ext->vx_stackid ?
		      c->c_ext->vx_stackid(data, &e->e_recs[o->o_rec],
					   &e->e_recs[o->o_rec + 1]) : 0;
		return true;
	case DT_OUT_CLEAR:
	case DT_OUT_TRUNC:
	case DT_OUT_NORMALIZE:
	case DT_OUT_DENORMALIZE:
		*rc = dt_consume_aggact(c, data, e, o);
		return true;
	case DT_OUT_FREOPEN:
	case DT_OUT_FTRUNCATE:
		*rc = c->c_fmt->fmt_whole ? 0 :
			dt_consume_output(c, data, e, o);
		return true;
	default:
		return false;
	}
}

int dt_consume_print(struct dt_consumer *c, int cpu, uint32_t probe_id,
		     const struct dt_ecb *e, const uint8_t *data)
{
	const struct dt_format *f = c->c_fmt;
	bool quiet, onlyagg;
	int i, rc;

	if (e == c->c_errecb && e)
		return dt_print_error(c, e, data);
	/* a clause that only aggregates prints nothing of its own */
	for (i = 0; i < e->e_nouts && (e->e_outs[i].o_kind == DT_OUT_AGGREC ||
				       e->e_outs[i].o_kind == DT_OUT_STACKID);
	     i++)
		;
	onlyagg = e->e_nouts && i == e->e_nouts;
	quiet = c->c_quiet || onlyagg;
	if (!onlyagg)
		f->fmt_begin(c, cpu, probe_id, quiet);
	c->c_recouts = 0;
	for (i = 0; i < e->e_nouts; i++) {
		const struct dt_out *o = &e->e_outs[i];

		/* in an if block not taken */
		if (o->o_guard >= 0 && !dt_rec_int(data, &e->e_recs[o->o_guard]))
			continue;
		if (dt_consume_silent(c, data, e, o, &rc)) {
			if (rc < 0)
				return -1;
			continue;
		}
		if (o->o_kind == DT_OUT_PRINTA && (dt_consume_aggfresh(c) ||
						   dt_consume_dvarfresh(c, o)))
			return -1;
		if (f->fmt_action(c, data, e, o))
			return -1;
		c->c_recouts++;
	}
	if (!onlyagg)
		f->fmt_end(c, quiet);
	for (i = 0; f->fmt_whole && i < e->e_nouts; i++)
		if ((e->e_outs[i].o_kind == DT_OUT_FREOPEN ||
		     e->e_outs[i].o_kind == DT_OUT_FTRUNCATE) &&
		    dt_consume_output(c, data, e, &e->e_outs[i]))
			return -1;
	c->c_records++;
	return ferror(c->c_out) ? -1 : 0;
}

int dt_consume_flush(struct dt_consumer *c)
{
	size_t i;
	int rc = 0;

	c->c_aggfresh = false;
	if (c->c_n)
		qsort(c->c_recs, c->c_n, sizeof(*c->c_recs), dt_crec_cmp);
	for (i = 0; i < c->c_n; i++) {
		struct dt_crec *r = &c->c_recs[i];

		c->c_curts = r->cr_ts;
		if (!rc && dt_consume_print(c, r->cr_cpu, r->cr_probe,
					    r->cr_ecb, r->cr_data))
			rc = -1;
		free(r->cr_data);
	}
	c->c_n = 0;
	if (fflush(c->c_out))
		rc = -1;
	return rc;
}

const char *dt_droptag(bool on, const char *tag, char *buf, size_t size)
{
	if (!on)
		return "";
	snprintf(buf, size, "[DTRACEDROP_%s] ", tag);
	return buf;
}

void dt_consume_drops(struct dt_consumer *c, int cpu, uint64_t drops,
		      FILE *err)
{
	char tag[40];
	uint64_t n;

	if (cpu < 0)
		return;
	if (cpu >= c->c_ncpus) {
		uint64_t *nd = realloc(c->c_drops, (size_t)(cpu + 1) *
				       sizeof(*nd));

		if (!nd)
			return;
		memset(nd + c->c_ncpus, 0,
		       (size_t)(cpu + 1 - c->c_ncpus) * sizeof(*nd));
		c->c_drops = nd;
		c->c_ncpus = cpu + 1;
	}
	if (drops <= c->c_drops[cpu])
		return;
	n = drops - c->c_drops[cpu];
	c->c_drops[cpu] = drops;
	fprintf(err, "dtrace: %s%llu drop%s on CPU %d\n",
		dt_droptag(c->c_droptags, "PRINCIPAL", tag, sizeof(tag)),
		(unsigned long long)n, n == 1 ? "" : "s", cpu);
}
