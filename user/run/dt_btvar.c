// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's maps that are D globals (dt_btvar.h): the snapshot, and
 * the printing. Orders and formats were measured on Debian's bpftrace
 * 0.17 (tests/d/bt-maps-vs-bpftrace.sh compares the two).
 */
#define _GNU_SOURCE	/* qsort_r */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_aggdef.h"
#include "dt_btvar.h"
#include "dt_dev.h"
#include "dt_sym.h"

#define DT_DVAR_ROOM	(1u << 20)	/* the first snapshot's room */

int dt_dvar_snap(int fd, uint32_t clear, struct dt_dvars *s)
{
	struct dtrace_ioc_dvarsnap d;
	size_t room = s->dv_cap ? s->dv_cap : DT_DVAR_ROOM;

	for (;;) {
		if (room > s->dv_cap) {
			uint8_t *b = realloc(s->dv_buf, room);

			if (!b)
				return -1;
			s->dv_buf = b;
			s->dv_cap = room;
		}
		memset(&d, 0, sizeof(d));
		d.dv_clear = clear;
		d.dv_buf = (uint64_t)(uintptr_t)s->dv_buf;
		d.dv_bufsize = s->dv_cap;
		d.dv_globals = (uint64_t)(uintptr_t)s->dv_globals;
		if (dt_dev_dvarsnap(fd, &d))
			return -1;
		clear = 0;	/* done: a retry only reads */
		if (d.dv_bufsize > s->dv_cap) {
			errno = EPROTO;
			return -1;
		}
		s->dv_len = d.dv_bufsize;
		if (!d.dv_more || room >= DTRACE_DVARSNAP_MAX)
			return 0;
		room *= 2;
	}
}

void dt_dvars_fini(struct dt_dvars *s)
{
	free(s->dv_buf);
	memset(s, 0, sizeof(*s));
}

#define DT_BTVAR_KEYS	8

/* One element, decoded. */
struct dt_btent {
	int		e_nkeys;
	bool		e_kstr[DT_BTVAR_KEYS];
	uint64_t	e_kint[DT_BTVAR_KEYS];
	const char	*e_kptr[DT_BTVAR_KEYS];	/* strings: not terminated */
	uint32_t	e_klen[DT_BTVAR_KEYS];
	uint64_t	e_int;			/* an integer value */
	const char	*e_str;			/* a string value, terminated */
	int		e_elem;			/* of a tuple: which element */
};

struct dt_btsort {
	const struct dt_var	*s_var;
	bool			s_byval;
	bool			s_tuple;	/* then by element */
};

/* An integer of type t, as a 64-bit word holds it. */
static uint64_t dt_btvar_norm(const struct dt_type *t, uint64_t v)
{
	unsigned int bits = t->size && t->size < 8 ? t->size * 8 : 64;

	if (bits == 64)
		return v;
	v &= (1ull << bits) - 1;
	if (t->is_signed && (v >> (bits - 1)))
		v |= ~0ull << bits;
	return v;
}

/* The tuple of a record: 0, or -1 if it is malformed. */
static int dt_btvar_keys(const uint8_t *k, uint32_t len, struct dt_btent *e)
{
	uint32_t off = 0, tag, n;

	e->e_nkeys = 0;
	while (off < len) {
		if (e->e_nkeys == DT_BTVAR_KEYS || len - off < 4)
			return -1;
		memcpy(&tag, k + off, 4);
		off += 4;
		n = tag & DTRACE_DVAR_KSTR ? tag & ~DTRACE_DVAR_KSTR : 8;
		if (len - off < n)
			return -1;
		e->e_kstr[e->e_nkeys] = tag & DTRACE_DVAR_KSTR;
		if (tag & DTRACE_DVAR_KSTR) {
			e->e_kptr[e->e_nkeys] = (const char *)k + off;
			e->e_klen[e->e_nkeys] = n;
		} else if (tag) {
			return -1;
		} else {
			memcpy(&e->e_kint[e->e_nkeys], k + off, 8);
		}
		e->e_nkeys++;
		off += n;
	}
	return 0;
}

/*
 * The elements of v in the snapshot, into *out (malloc'd): their number,
 * or -1 if the snapshot is malformed or memory ran out.
 */
static long dt_btvar_ents(const struct dt_var *v, const struct dt_dvars *s,
			  struct dt_btent **out)
{
	bool isstr = v->v_type.kind == DT_T_STRING;
	const uint8_t *p = s->dv_buf, *end = s->dv_buf + s->dv_len;
	struct dt_btent *ents = NULL, *e;
	size_t n = 0, cap = 0;

	*out = NULL;
	if (!v->v_array && !isstr) {
		/* an integer scalar: 0 is not set, as in the store */
		if (v->v_id > DIF_VARID_MAX || !s->dv_globals[v->v_id])
			return 0;
		ents = calloc(1, sizeof(*ents));
		if (!ents)
			return -1;
		ents->e_int = dt_btvar_norm(&v->v_type,
					    s->dv_globals[v->v_id]);
		*out = ents;
		return 1;
	}
	while (p < end) {
		struct dtrace_dvar r;

		if ((size_t)(end - p) < sizeof(r))
			goto bad;
		memcpy(&r, p, sizeof(r));
		if (r.dvr_size < sizeof(r) || r.dvr_size > (size_t)(end - p) ||
		    (r.dvr_size & 7) ||
		    sizeof(r) + (size_t)r.dvr_keylen + r.dvr_vallen >
		    r.dvr_size)
			goto bad;
		if (r.dvr_id != v->v_id ||
		    !!(r.dvr_flags & DTRACE_DVAR_ARRAY) != v->v_array) {
			p += r.dvr_size;
			continue;
		}
		if (n == cap) {
			struct dt_btent *ne;

			cap = cap ? 2 * cap : 16;
			ne = realloc(ents, cap * sizeof(*ents));
			if (!ne)
				goto bad;
			ents = ne;
		}
		e = &ents[n];
		memset(e, 0, sizeof(*e));
		if (dt_btvar_keys(p + sizeof(r), r.dvr_keylen, e))
			goto bad;
		if (isstr) {
			e->e_str = (const char *)p + sizeof(r) + r.dvr_keylen;
			if (!r.dvr_vallen || e->e_str[r.dvr_vallen - 1])
				goto bad;
			if (!e->e_str[0]) {	/* delete( )d */
				p += r.dvr_size;
				continue;
			}
		} else {
			if (r.dvr_vallen < 8)
				goto bad;
			memcpy(&e->e_int, p + sizeof(r) + r.dvr_keylen, 8);
			e->e_int = dt_btvar_norm(&v->v_type, e->e_int);
		}
		n++;
		p += r.dvr_size;
	}
	*out = ents;
	return (long)n;
bad:
	free(ents);
	return -1;
}

static int dt_btvar_cmpint(uint64_t x, uint64_t y, bool sign)
{
	if (sign)
		return (int64_t)x < (int64_t)y ? -1 : (int64_t)x > (int64_t)y;
	return x < y ? -1 : x > y;
}

static int dt_btvar_keycmp(const struct dt_var *v, const struct dt_btent *x,
			   const struct dt_btent *y)
{
	int i, c;

	for (i = 0; i < x->e_nkeys && i < y->e_nkeys; i++) {
		if (x->e_kstr[i] != y->e_kstr[i])
			return x->e_kstr[i] ? 1 : -1;
		if (x->e_kstr[i]) {
			uint32_t m = x->e_klen[i] < y->e_klen[i] ?
				x->e_klen[i] : y->e_klen[i];

			c = memcmp(x->e_kptr[i], y->e_kptr[i], m);
			if (!c)
				c = x->e_klen[i] < y->e_klen[i] ? -1 :
					x->e_klen[i] > y->e_klen[i];
		} else {
			c = dt_btvar_cmpint(x->e_kint[i], y->e_kint[i],
					    i < v->v_nkeys &&
					    v->v_keys[i].is_signed);
		}
		if (c)
			return c;
	}
	return x->e_nkeys - y->e_nkeys;
}

/* Integers by value, the rest by key; ties by key. */
static int dt_btvar_cmp(const void *p, const void *q, void *arg)
{
	const struct dt_btsort *s = arg;
	const struct dt_btent *x = p, *y = q;
	int c = 0;

	if (s->s_byval)
		c = dt_btvar_cmpint(x->e_int, y->e_int,
				    s->s_var->v_type.is_signed);
	if (!c)
		c = dt_btvar_keycmp(s->s_var, x, y);
	if (!c && s->s_tuple)
		c = x->e_elem - y->e_elem;
	return c;
}

/* An integer as bpftrace shows it: a symbol's name for ksym( ). */
static void dt_btvar_int(FILE *fp, const struct dt_type *t, uint64_t v,
			 struct dt_symtab *syms)
{
	char buf[512], *tick;

	if (t->sym && syms) {
		dt_sym_kernel_as(syms, t->sym == DT_SYM_MOD ? DT_SYM_MOD :
				 DT_SYM_FUNC, v, buf, sizeof(buf));
		tick = t->sym == DT_SYM_MOD ? NULL : strchr(buf, '`');
		fputs(tick ? tick + 1 : buf, fp);
	} else if (t->is_signed) {
		fprintf(fp, "%lld", (long long)v);
	} else {
		fprintf(fp, "%llu", (unsigned long long)v);
	}
}

/* "@name[k1, k2]: ", as bpftrace starts an element's line. */
static void dt_btvar_head(FILE *fp, const struct dt_agg *a,
			  const struct dt_btent *e, struct dt_symtab *syms)
{
	const struct dt_var *v = a->a_var;
	int i;

	fprintf(fp, "@%s", a->a_name);
	if (e->e_nkeys)
		fputc('[', fp);
	for (i = 0; i < e->e_nkeys; i++) {
		if (i)
			fputs(", ", fp);
		if (e->e_kstr[i])
			fwrite(e->e_kptr[i], 1, strnlen(e->e_kptr[i],
							e->e_klen[i]), fp);
		else
			dt_btvar_int(fp, i < v->v_nkeys ? &v->v_keys[i] :
				     &dt_type_long, e->e_kint[i], syms);
	}
	fputs(e->e_nkeys ? "]: " : ": ", fp);
}

static void dt_btvar_line(FILE *fp, const struct dt_agg *a,
			  const struct dt_btent *e, uint64_t div,
			  struct dt_symtab *syms)
{
	const struct dt_var *v = a->a_var;

	dt_btvar_head(fp, a, e, syms);
	if (e->e_str) {
		fputs(e->e_str, fp);
	} else if (div > 1 && !v->v_type.sym) {
		if (v->v_type.is_signed)
			fprintf(fp, "%lld", (long long)((int64_t)e->e_int /
							(int64_t)div));
		else
			fprintf(fp, "%llu", (unsigned long long)(e->e_int /
								 div));
	} else {
		dt_btvar_int(fp, &v->v_type, e->e_int, syms);
	}
	fputc('\n', fp);
}

/*
 * A map of tuples: its elements' maps' entries, all in one array, each
 * with its element's number (e_elem), into *out: their number, or -1.
 */
static long dt_bttuple_ents(const struct dt_agg *a, const struct dt_dvars *s,
			    struct dt_btent **out)
{
	struct dt_btent *all = NULL, *one, *grown;
	long n = 0, k, j;
	int i;

	for (i = 0; i < a->a_bttuple; i++) {
		if (!a->a_tvars[i])
			continue;
		k = dt_btvar_ents(a->a_tvars[i], s, &one);
		if (k <= 0) {
			if (k < 0)
				goto bad;
			continue;
		}
		grown = realloc(all, (size_t)(n + k) * sizeof(*all));
		if (!grown) {
			free(one);
			goto bad;
		}
		all = grown;
		for (j = 0; j < k; j++) {
			all[n + j] = one[j];
			all[n + j].e_elem = i;
		}
		n += k;
		free(one);
	}
	*out = all;
	return n;
bad:
	free(all);
	return -1;
}

/* One tuple, "(1, abc)": an element no entry holds is 0 or "". */
static void dt_bttuple_value(FILE *fp, const struct dt_agg *a,
			     const struct dt_btent *row, long nents,
			     struct dt_symtab *syms)
{
	const struct dt_var *v;
	long j = 0;
	int i;

	fputc('(', fp);
	for (i = 0; i < a->a_bttuple; i++) {
		v = a->a_tvars[i];
		if (i)
			fputs(", ", fp);
		if (j < nents && row[j].e_elem == i) {
			if (row[j].e_str)
				fputs(row[j].e_str, fp);
			else
				dt_btvar_int(fp, &v->v_type, row[j].e_int,
					     syms);
			j++;
		} else if (!v || v->v_type.kind != DT_T_STRING) {
			fputc('0', fp);
		}
	}
	fputs(")\n", fp);
}

/* A map of tuples' lines, its entries sorted: a line per key. */
static void dt_bttuple_lines(FILE *fp, const struct dt_agg *a,
			     const struct dt_btent *ents, long n, int64_t top,
			     struct dt_symtab *syms)
{
	long i, end, rows = 0, row = 0;

	for (i = 0; i < n; i++)
		rows += !i || dt_btvar_keycmp(a->a_var, &ents[i - 1], &ents[i]);
	for (i = 0; i < n; i = end, row++) {
		for (end = i + 1; end < n &&
		     !dt_btvar_keycmp(a->a_var, &ents[i], &ents[end]); end++)
			;
		if (top > 0 && row < rows - top)
			continue;
		dt_btvar_head(fp, a, &ents[i], syms);
		dt_bttuple_value(fp, a, &ents[i], end - i, syms);
	}
}

int dt_bt_var(FILE *fp, const struct dt_agg *a, const struct dt_dvars *s,
	      int64_t top, uint64_t div, struct dt_symtab *syms)
{
	const struct dt_var *v = a->a_var;
	struct dt_btsort srt;
	struct dt_btent *ents;
	long n, i = 0;

	if (!v)
		return -1;
	n = a->a_bttuple ? dt_bttuple_ents(a, s, &ents) :
		dt_btvar_ents(v, s, &ents);
	if (n < 0)
		return -1;
	if (!n) {
		fputc('\n', fp);
		return ferror(fp) ? -1 : 0;
	}
	/* bpftrace 0.17: integers by value, the rest (tuples too) by key */
	srt.s_var = v;
	srt.s_tuple = a->a_bttuple > 0;
	srt.s_byval = !srt.s_tuple && v->v_type.kind != DT_T_STRING &&
		!v->v_type.sym;
	qsort_r(ents, (size_t)n, sizeof(*ents), dt_btvar_cmp, &srt);
	if (srt.s_tuple) {
		dt_bttuple_lines(fp, a, ents, n, top, syms);
	} else {
		if (top > 0 && top < n)
			i = n - top;
		for (; i < n; i++)
			dt_btvar_line(fp, a, &ents[i], div, syms);
	}
	free(ents);
	return ferror(fp) ? -1 : 0;
}
