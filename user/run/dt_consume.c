// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding and printing records.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dif.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_agg.h"
#include "dt_btout.h"
#include "dt_consume.h"
#include "dt_json.h"
#include "dt_printf.h"

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
	c->c_quiet = quiet;
	c->c_epids = epids;
	c->c_probes = probes;
	dt_symtab_init(&c->c_syms);
}

void dt_consumer_fini(struct dt_consumer *c)
{
	size_t i;

	for (i = 0; i < c->c_n; i++)
		free(c->c_recs[i].cr_data);
	free(c->c_recs);
	free(c->c_drops);
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
		if (c->c_quiet && !c->c_json && !e->e_nouts &&
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

int64_t dt_rec_int(const uint8_t *data, const struct dt_rec *r)
{
	uint64_t v = 0;

	memcpy(&v, data + r->r_off, r->r_size < 8 ? r->r_size : 8);
	return dt_int_normalize((int64_t)v, &r->r_type);
}

/* A recorded string, NUL-terminated within its slot. */
const char *dt_rec_str(const uint8_t *data, const struct dt_rec *r,
			      char **tmp)
{
	const char *s = (const char *)data + r->r_off;

	if (memchr(s, '\0', r->r_size))
		return s;
	*tmp = malloc(r->r_size + 1);
	if (!*tmp)
		return "";
	memcpy(*tmp, s, r->r_size);
	(*tmp)[r->r_size] = '\0';
	return *tmp;
}

static int dt_print_trace(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_rec *r)
{
	FILE *fp = c->c_out;
	bool q = c->c_quiet;
	char *tmp = NULL;
	int64_t v;
	int n;

	if (r->r_type.kind == DT_T_STRING) {
		const char *s = dt_rec_str(data, r, &tmp);

		n = q ? fprintf(fp, "%s", s) : fprintf(fp, "  %-33s", s);
		free(tmp);
		return n;
	}
	if (r->r_type.sym) {
		char sym[512];

		dt_sym_kernel_as(&c->c_syms, r->r_type.sym,
				 (uint64_t)dt_rec_int(data, r), sym,
				 sizeof(sym));
		return fprintf(fp, "  %-50s", sym);
	}
	v = dt_rec_int(data, r);
	/* as DTrace: the width of the value's size, printed signed */
	switch (r->r_type.size) {
	case 1:
		return fprintf(fp, q ? "%d" : " %3d", (int)(int8_t)v);
	case 2:
		return fprintf(fp, q ? "%d" : " %5d", (int)(int16_t)v);
	case 4:
		return fprintf(fp, q ? "%d" : " %8d", (int)(int32_t)v);
	default:
		return fprintf(fp, q ? "%lld" : " %16lld", (long long)v);
	}
}

/* %a: the argument, a kernel address, as "mod`func+0xoff". */
static void dt_print_syms(struct dt_consumer *c, const struct dt_pfmt *pf,
			  struct dt_pfarg *args, int nargs, char **tmp)
{
	int i, a = 0;

	for (i = 0; i < pf->pf_nsegs && a < nargs; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];

		if (!s->ps_conv)
			continue;
		a += (s->ps_width == DT_PF_STAR) + (s->ps_prec == DT_PF_STAR);
		if (a >= nargs)
			break;
		if (s->ps_conv == 'a' && !tmp[a]) {
			tmp[a] = malloc(512);
			if (tmp[a]) {
				dt_sym_kernel(&c->c_syms,
					      (uint64_t)args[a].pa_int, tmp[a],
					      512);
				args[a].pa_str = tmp[a];
			}
		} else if (s->ps_conv == 'A' && !tmp[a] && c->c_target) {
			/* user addresses: of the -c or -p process */
			tmp[a] = malloc(512);
			if (tmp[a]) {
				dt_sym_user(&c->c_syms, c->c_target,
					    (uint64_t)args[a].pa_int, tmp[a],
					    512);
				args[a].pa_str = tmp[a];
			}
		}
		a++;
	}
}

/*
 * system(fmt, ...): the formatted command runs under /bin/sh when its
 * record is printed; what it writes to stdout goes where our output
 * goes (-o too), after everything printed before it.
 */
static int dt_print_system(struct dt_consumer *c, const struct dt_out *o,
			   const struct dt_pfarg *args)
{
	char *cmd = NULL, buf[4096];
	size_t len = 0, n;
	FILE *ms = open_memstream(&cmd, &len), *p;
	int rc = 0;

	if (!ms)
		return -1;
	dt_pfmt_print(ms, o->o_fmt, args, o->o_nrecs);
	if (fclose(ms) || fflush(c->c_out)) {
		free(cmd);
		return -1;
	}
	p = popen(cmd, "r");
	if (!p) {
		fprintf(stderr, "dtrace: failed to run system( ) command "
			"'%s': %s\n", cmd, strerror(errno));
		free(cmd);
		return 0;
	}
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		if (fwrite(buf, 1, n, c->c_out) != n)
			rc = -1;
	pclose(p);
	free(cmd);
	return rc;
}

int dt_print_printf(struct dt_consumer *c, const uint8_t *data,
			   const struct dt_ecb *e, const struct dt_out *o)
{
	struct dt_pfarg args[64];
	char *tmp[64];
	int i, n;

	if (o->o_nrecs > 64)
		return -1;
	for (i = 0; i < o->o_nrecs; i++) {
		const struct dt_rec *r = &e->e_recs[o->o_rec + i];

		tmp[i] = NULL;
		args[i].pa_type = r->r_type;
		if (r->r_type.kind == DT_T_STRING) {
			args[i].pa_str = dt_rec_str(data, r, &tmp[i]);
			args[i].pa_int = 0;
		} else {
			args[i].pa_str = NULL;
			args[i].pa_int = dt_rec_int(data, r);
		}
	}
	dt_print_syms(c, o->o_fmt, args, o->o_nrecs, tmp);
	if (o->o_kind == DT_OUT_SYSTEM)
		n = dt_print_system(c, o, args);
	else
		n = dt_pfmt_print(c->c_out, o->o_fmt, args, o->o_nrecs);
	for (i = 0; i < o->o_nrecs; i++)
		free(tmp[i]);
	return n;
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
	if (v[1] == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%lld",
			 (long long)v[1]);
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

/*
 * stack( ), ustack( ): a newline, then a line per frame, indented 14, as
 * DTrace prints them; the first zero PC ends the stack.
 */
static int dt_print_stack(struct dt_consumer *c, const uint8_t *data,
			  const struct dt_rec *r, bool user)
{
	fputc('\n', c->c_out);
	dt_sym_stack(&c->c_syms, data + r->r_off, r->r_size / 8, user,
		     dt_sym_print_frame, c->c_out);
	return ferror(c->c_out) ? -1 : 0;
}

/* A record of a consumer-side aggregation (stack( ) keys): add it. */
static int dt_print_aggrec(struct dt_consumer *c, const uint8_t *data,
			   const struct dt_ecb *e, const struct dt_out *o)
{
	static uint8_t key[DTRACE_RECSIZE_MAX];
	static uint64_t val[4100];
	struct dt_agg *a = o->o_aggs[0];
	int i;

	if (a->a_keysize > sizeof(key) || a->a_valsize > sizeof(val))
		return -1;
	memset(key, 0, a->a_keysize);
	for (i = 0; i < a->a_nkeys; i++) {
		const struct dt_rec *r = &e->e_recs[o->o_rec + i];

		memcpy(key + a->a_keyoff[i], data + r->r_off,
		       r->r_size < a->a_keysz[i] ? r->r_size : a->a_keysz[i]);
		/* ustack( ): its process's maps, while it lives, for later */
		if (a->a_keystack[i] == 2) {
			uint64_t pid;

			memcpy(&pid, data + r->r_off, sizeof(pid));
			dt_sym_note_pid(&c->c_syms, (pid_t)pid);
		}
	}
	dt_agg_value(a, dt_rec_int(data, &e->e_recs[o->o_rec + a->a_nkeys]),
		     val);
	return dt_agg_merge(a, key, val);
}

int dt_consume_aggfresh(struct dt_consumer *c)
{
	if (!c->c_aggfresh && c->c_aggsnap) {
		if (c->c_aggsnap(c->c_aggarg))
			return -1;
		c->c_aggfresh = true;
	}
	return 0;
}

/* printa( ), clear( ), trunc( ), normalize( ), denormalize( ). */
static int dt_print_aggact(struct dt_consumer *c, const uint8_t *data,
			   const struct dt_ecb *e, const struct dt_out *o)
{
	int64_t v = o->o_nrecs ? dt_rec_int(data, &e->e_recs[o->o_rec]) : 0;
	int i;

	if (dt_consume_aggfresh(c))
		return -1;
	if (o->o_kind == DT_OUT_PRINTA && o->o_naggs > 1 &&
	    !(c->c_btout && !o->o_fmt))
		return dt_agg_print_joined(c->c_out, (struct dt_agg **)o->o_aggs,
					   o->o_naggs, o->o_fmt, &c->c_syms);
	for (i = 0; i < o->o_naggs; i++) {
		struct dt_agg *a = o->o_aggs[i];

		switch (o->o_kind) {
		case DT_OUT_PRINTA:
			if (c->c_btout && !o->o_fmt) {
				/* bpftrace's print(@x): all print at exit */
				if (dt_bt_agg(c->c_out, a, &c->c_syms))
					return -1;
				break;
			}
			if (dt_agg_print(c->c_out, a, o->o_fmt, &c->c_syms))
				return -1;
			a->a_printed = true;
			break;
		case DT_OUT_CLEAR:
			dt_agg_clear(a);
			break;
		case DT_OUT_TRUNC:
			dt_agg_trunc(a, v, o->o_nrecs == 0);
			break;
		case DT_OUT_NORMALIZE:
			a->a_normal = v > 0 ? (uint64_t)v : 1;
			break;
		default:
			a->a_normal = 1;
			break;
		}
	}
	return 0;
}

int dt_consume_aggs_end(struct dt_consumer *c)
{
	struct dt_agg *a;

	if (c->c_btout)
		return dt_bt_aggs_end(c);
	for (a = c->c_aggs; a; a = a->a_next) {
		if (a->a_printed || !a->a_nents)
			continue;
		if (c->c_json ? dt_json_agg(c->c_out, a, &c->c_syms) ||
		    fputc('\n', c->c_out) == EOF :
		    dt_agg_print(c->c_out, a, NULL, &c->c_syms))
			return -1;
	}
	return fflush(c->c_out) ? -1 : 0;
}

/*
 * -F: entry probes indent what follows by two, return probes undo it:
 *
 *   CPU FUNCTION
 *     0  -> ksys_read
 *     0    -> vfs_read
 *     0    <- vfs_read
 *     0  <- ksys_read
 */
static void dt_print_flow(struct dt_consumer *c, int cpu, uint32_t probe_id)
{
	const struct dtrace_probedesc *pd =
		c->c_probes ? dt_probetab_get(c->c_probes, probe_id) : NULL;
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 300];
	const char *fn = pd ? pd->dpd_func : "", *pn = pd ? pd->dpd_name : "";
	int ind;

	if (!c->c_heading) {
		fprintf(c->c_out, "%3s %-41s\n", "CPU", "FUNCTION");
		c->c_heading = true;
	}
	if (strcmp(pn, "return") == 0 && c->c_indent >= 2)
		c->c_indent -= 2;
	ind = c->c_indent < 200 ? c->c_indent : 200;
	if (strcmp(pn, "entry") == 0)
		snprintf(name, sizeof(name), "%*s -> %s", ind, "", fn);
	else if (strcmp(pn, "return") == 0)
		snprintf(name, sizeof(name), "%*s <- %s", ind, "", fn);
	else
		snprintf(name, sizeof(name), "%*s | %s:%s", ind, "", fn, pn);
	fprintf(c->c_out, "%3d %-41s ", cpu, name);
	if (strcmp(pn, "entry") == 0)
		c->c_indent += 2;
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

/*
 * tracemem(): DTrace's raw dump, 16 bytes a line, offsets in hex:
 *
 *              0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
 *          0: 68 69 00 00 00 00 00 00 00 00 00 00 00 00 00 00  hi..............
 */
static int dt_print_tracemem(struct dt_consumer *c, const uint8_t *data,
			     const struct dt_rec *r)
{
	const uint8_t *p = data + r->r_off;
	uint32_t i, j;

	fprintf(c->c_out, "\n%10s", "");
	for (i = 0; i < 16; i++)
		fprintf(c->c_out, "  %c", "0123456789abcdef"[i]);
	fprintf(c->c_out, "  0123456789abcdef\n");
	for (i = 0; i < r->r_size; i += 16) {
		fprintf(c->c_out, "%5s%5x:", "", i);
		for (j = i; j < i + 16 && j < r->r_size; j++)
			fprintf(c->c_out, " %02x", p[j]);
		for (; j < i + 16; j++)
			fprintf(c->c_out, "   ");
		fprintf(c->c_out, "  ");
		for (j = i; j < i + 16 && j < r->r_size; j++)
			fputc(p[j] < ' ' || p[j] > '~' ? '.' : p[j], c->c_out);
		fputc('\n', c->c_out);
	}
	return 0;
}

int dt_consume_act(struct dt_consumer *c, const uint8_t *data,
		   const struct dt_ecb *e, const struct dt_out *o)
{
	if (o->o_kind == DT_OUT_AGGREC)
		return dt_print_aggrec(c, data, e, o);
	if (o->o_kind == DT_OUT_SETOPT)
		return dt_print_setopt(c, o);
	return dt_print_aggact(c, data, e, o);
}

int dt_consume_print(struct dt_consumer *c, int cpu, uint32_t probe_id,
		     const struct dt_ecb *e, const uint8_t *data)
{
	bool quiet;
	int i;

	if (e == c->c_errecb && e)
		return dt_print_error(c, e, data);
	/* a clause that only aggregates prints nothing of its own */
	for (i = 0; i < e->e_nouts && e->e_outs[i].o_kind == DT_OUT_AGGREC; i++)
		;
	quiet = c->c_quiet || (e->e_nouts && i == e->e_nouts);
	if (c->c_json && !(e->e_nouts && i == e->e_nouts)) {
		c->c_records++;
		return dt_json_record(c, cpu, probe_id, e, data);
	}

	if (!quiet && c->c_flow) {
		dt_print_flow(c, cpu, probe_id);
	} else if (!quiet) {
		const struct dtrace_probedesc *pd =
			c->c_probes ? dt_probetab_get(c->c_probes, probe_id) :
			NULL;
		char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 2];

		if (!c->c_heading) {
			fprintf(c->c_out, "%3s %6s %32s\n", "CPU", "ID",
				"FUNCTION:NAME");
			c->c_heading = true;
		}
		snprintf(name, sizeof(name), "%s:%s", pd ? pd->dpd_func : "",
			 pd ? pd->dpd_name : "");
		fprintf(c->c_out, "%3d %6u %32s ", cpu, probe_id, name);
	}
	for (i = 0; i < e->e_nouts; i++) {
		const struct dt_out *o = &e->e_outs[i];
		int n = 0;

		/* in an if block not taken */
		if (o->o_guard >= 0 && !dt_rec_int(data, &e->e_recs[o->o_guard]))
			continue;
		if (o->o_kind == DT_OUT_TRACE)
			n = dt_print_trace(c, data, &e->e_recs[o->o_rec]);
		else if (o->o_kind == DT_OUT_PRINTF ||
			 o->o_kind == DT_OUT_SYSTEM)
			n = dt_print_printf(c, data, e, o);
		else if (o->o_kind == DT_OUT_TRACEMEM)
			n = dt_print_tracemem(c, data, &e->e_recs[o->o_rec]);
		else if (o->o_kind == DT_OUT_STACK ||
			 o->o_kind == DT_OUT_USTACK)
			n = dt_print_stack(c, data, &e->e_recs[o->o_rec],
					   o->o_kind == DT_OUT_USTACK);
		else if (o->o_kind != DT_OUT_EXIT)
			n = dt_consume_act(c, data, e, o);
		if (n < 0)
			return -1;
	}
	if (!quiet)
		fputc('\n', c->c_out);
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

void dt_consume_drops(struct dt_consumer *c, int cpu, uint64_t drops,
		      FILE *err)
{
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
	fprintf(err, "dtrace: %llu drop%s on CPU %d\n", (unsigned long long)n,
		n == 1 ? "" : "s", cpu);
}
