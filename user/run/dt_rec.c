// SPDX-License-Identifier: GPL-2.0
/*
 * A record's values, as every output format reads them (dt_rec.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_valext.h"
#include "dt_consume.h"
#include "dt_printf.h"
#include "dt_rec.h"

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

/* %a: the argument, a kernel address, as "mod`func+0xoff". */
static void dt_rec_syms(struct dt_consumer *c, const struct dt_pfmt *pf,
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

/* The text of a record's format and arguments, to free; NULL on error. */
static char *dt_rec_format(const struct dt_out *o,
			   const struct dt_pfarg *args, int nargs)
{
	char *text = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&text, &len);

	if (!ms)
		return NULL;
	dt_pfmt_print(ms, o->o_fmt, args, nargs);
	if (fclose(ms)) {
		free(text);
		return NULL;
	}
	return text;
}

/*
 * system(fmt, ...): the formatted command runs under /bin/sh when its
 * record is printed; what it writes to stdout goes where our output
 * goes (-o too), after everything printed before it.
 */
static int dt_rec_system(struct dt_consumer *c, const struct dt_out *o,
			 const struct dt_pfarg *args, int nargs)
{
	char *cmd = dt_rec_format(o, args, nargs), buf[4096];
	size_t n;
	FILE *p;
	int rc = 0;

	if (!cmd)
		return -1;
	if (fflush(c->c_out)) {
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

/* freopen(fmt, ...): output to the file so named, from now on. */
static int dt_rec_freopen(struct dt_consumer *c, const struct dt_out *o,
			  const struct dt_pfarg *args, int nargs)
{
	char *path = dt_rec_format(o, args, nargs);
	int rc;

	if (!path)
		return -1;
	rc = dt_consume_freopen(c, path);
	free(path);
	return rc;
}

/* cat(fmt, ...): the file so named, when its record prints. */
static int dt_rec_cat(struct dt_consumer *c, const struct dt_out *o,
		      const struct dt_pfarg *args, int nargs)
{
	char *path = dt_rec_format(o, args, nargs);
	int rc;

	if (!path)
		return -1;
	rc = c->c_ext && c->c_ext->vx_cat ? c->c_ext->vx_cat(c, path) : 0;
	free(path);
	return rc;
}

int dt_rec_printf(struct dt_consumer *c, const uint8_t *data,
		  const struct dt_ecb *e, const struct dt_out *o)
{
	struct dt_pfarg args[64];
	char *tmp[64];
	int i, k, n;

	if (o->o_nrecs > 64)
		return -1;
	/* k: the argument; a language's own values may take two slots */
	for (i = 0, k = 0; i < o->o_nrecs; i++, k++) {
		const struct dt_rec *r = &e->e_recs[o->o_rec + i];

		tmp[k] = NULL;
		args[k].pa_type = r->r_type;
		if (DT_SYM_ISUSER(r->r_type.sym) && i + 1 < o->o_nrecs) {
			/*
			 * ufunc( ) and its like: the pid's slot, then the
			 * address's. The address is the integer (%d, %x);
			 * %a, %A (and %s) print it named from that process's
			 * maps, as its kind names it.
			 */
			uint64_t pid = (uint64_t)dt_rec_int(data, r);

			args[k].pa_int = dt_rec_int(data, r + 1);
			args[k].pa_type = r[1].r_type;
			args[k].pa_str = NULL;
			tmp[k] = malloc(512);
			if (tmp[k]) {
				dt_sym_user_as(&c->c_syms, r->r_type.sym, pid,
					       (uint64_t)args[k].pa_int,
					       tmp[k], 512);
				args[k].pa_str = tmp[k];
			}
			i++;
		} else if (r->r_type.sym >= DT_SYM_KSTACK &&
			   !DT_SYM_ISUSER(r->r_type.sym) && c->c_ext &&
			   c->c_ext->vx_text) {
			i += c->c_ext->vx_text(&c->c_syms, data, r,
					       i + 1 < o->o_nrecs ? r + 1 :
					       NULL, &tmp[k]) - 1;
			args[k].pa_type = dt_type_string;
			args[k].pa_str = tmp[k] ? tmp[k] : "";
			args[k].pa_int = 0;
		} else if (r->r_type.kind == DT_T_STRING) {
			args[k].pa_str = dt_rec_str(data, r, &tmp[k]);
			args[k].pa_int = 0;
		} else {
			args[k].pa_str = NULL;
			args[k].pa_int = dt_rec_int(data, r);
		}
	}
	dt_rec_syms(c, o->o_fmt, args, k, tmp);
	if (o->o_kind == DT_OUT_SYSTEM)
		n = dt_rec_system(c, o, args, k);
	else if (o->o_kind == DT_OUT_CAT)
		n = dt_rec_cat(c, o, args, k);
	else if (o->o_kind == DT_OUT_FREOPEN)
		n = dt_rec_freopen(c, o, args, k);
	else
		n = dt_pfmt_print(c->c_out, o->o_fmt, args, k);
	for (i = 0; i < k; i++)
		free(tmp[i]);
	return n;
}
