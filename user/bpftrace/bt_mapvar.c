// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's maps that are D globals (bt_mapvar.h), printed from a
 * snapshot of the globals (run/dt_dvars.h). Orders and formats were measured on Debian's bpftrace
 * 0.17 (tests/d/bt-maps-vs-bpftrace.sh compares the two).
 */
#define _GNU_SOURCE	/* qsort_r */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_aggdef.h"
#include "bt_mapvar.h"
#include "bt_print.h"
#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_json.h"
#include "dt_sym.h"

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

/* An entry's keys, joined by sep: "1, b" in text, "1,b" in JSON. */
static void dt_btvar_keylist(FILE *fp, const struct dt_agg *a,
			     const struct dt_btent *e, const char *sep,
			     struct dt_symtab *syms)
{
	const struct dt_var *v = a->a_var;
	int i;

	for (i = 0; i < e->e_nkeys; i++) {
		if (i)
			fputs(sep, fp);
		if (e->e_kstr[i])
			fwrite(e->e_kptr[i], 1, strnlen(e->e_kptr[i],
							e->e_klen[i]), fp);
		else
			dt_btvar_int(fp, i < v->v_nkeys ? &v->v_keys[i] :
				     &dt_type_long, e->e_kint[i], syms);
	}
}

/*
 * One value of type t: e's (NULL: the 0 or "" of an element no entry
 * holds), an integer divided by div; JSON quotes strings and names.
 */
static void dt_btvar_scalar(FILE *fp, const struct dt_type *t,
			    const struct dt_btent *e, uint64_t div, bool json,
			    struct dt_symtab *syms)
{
	uint64_t v = e ? e->e_int : 0;

	if ((e && e->e_str) || (!e && t && t->kind == DT_T_STRING)) {
		const char *str = e ? e->e_str : "";

		if (json)
			dt_json_str(fp, str, strlen(str));
		else
			fputs(str, fp);
	} else if (!t) {
		fputc('0', fp);
	} else if (div > 1 && !t->sym) {
		if (t->is_signed)
			fprintf(fp, "%lld", (long long)((int64_t)v /
							(int64_t)div));
		else
			fprintf(fp, "%llu", (unsigned long long)(v / div));
	} else {
		if (json && t->sym)
			fputc('"', fp);
		dt_btvar_int(fp, t, v, syms);
		if (json && t->sym)
			fputc('"', fp);
	}
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

	for (i = 0; i < a->a_ntvars; i++) {
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

/*
 * A row's value: an element's, or a tuple's, "(1, abc)" (JSON: [1,"abc"])
 * from the row's entries, one per element that holds a value.
 */
static void dt_btvar_value(FILE *fp, const struct dt_agg *a,
			   const struct dt_btent *row, long nents, uint64_t div,
			   bool json, struct dt_symtab *syms)
{
	const struct dt_var *v;
	long j = 0;
	int i;

	if (!a->a_ntvars) {
		dt_btvar_scalar(fp, &a->a_var->v_type, row, div, json, syms);
		return;
	}
	fputc(json ? '[' : '(', fp);
	for (i = 0; i < a->a_ntvars; i++) {
		v = a->a_tvars[i];
		if (i)
			fputs(json ? "," : ", ", fp);
		if (j < nents && row[j].e_elem == i)
			dt_btvar_scalar(fp, v ? &v->v_type : NULL, &row[j++],
					1, json, syms);
		else
			dt_btvar_scalar(fp, v ? &v->v_type : NULL, NULL, 1,
					json, syms);
	}
	fputc(json ? ']' : ')', fp);
}

/*
 * Map a's entries, sorted as bpftrace 0.17 prints: integers by value,
 * the rest (tuples too) by key, a tuple's elements together; as 0.27
 * prints, every map by key. Their number, or -1.
 */
static long dt_btvar_sorted(const struct dt_agg *a, const struct dt_dvars *s,
			    struct dt_btent **ents)
{
	const struct dt_var *v = a->a_var;
	struct dt_btsort srt;
	long n;

	n = a->a_ntvars ? dt_bttuple_ents(a, s, ents) :
		dt_btvar_ents(v, s, ents);
	if (n <= 0)
		return n;
	srt.s_var = v;
	srt.s_tuple = a->a_ntvars > 0;
	srt.s_byval = !srt.s_tuple && v->v_type.kind != DT_T_STRING &&
		!v->v_type.sym && dt_bt_release < 27;
	qsort_r(*ents, (size_t)n, sizeof(**ents), dt_btvar_cmp, &srt);
	return n;
}

/* Where the row of a key that starts at ents[i] ends. */
static long dt_btvar_rowend(const struct dt_agg *a,
			    const struct dt_btent *ents, long n, long i)
{
	long end = i + 1;

	while (end < n && !dt_btvar_keycmp(a->a_var, &ents[i], &ents[end]))
		end++;
	return end;
}

/* The first row print(@m, top) shows, of the sorted entries' rows. */
static long dt_btvar_first(const struct dt_agg *a, const struct dt_btent *ents,
			   long n, int64_t top)
{
	long i, rows = 0, skip;

	for (i = 0; i < n; i = dt_btvar_rowend(a, ents, n, i))
		rows++;
	skip = top > 0 && top < rows ? rows - top : 0;
	for (i = 0; skip--; )
		i = dt_btvar_rowend(a, ents, n, i);
	return i;
}

int dt_bt_var(FILE *fp, const struct dt_agg *a, const struct dt_dvars *s,
	      int64_t top, uint64_t div, struct dt_symtab *syms)
{
	struct dt_btent *ents;
	long n, i, end;

	if (!a->a_var)
		return -1;
	n = dt_btvar_sorted(a, s, &ents);
	if (n < 0)
		return -1;
	/* an empty map: a blank line, none as 0.27 prints */
	if (!n && dt_bt_release < 27)
		fputc('\n', fp);
	for (i = n ? dt_btvar_first(a, ents, n, top) : 0; i < n; i = end) {
		end = dt_btvar_rowend(a, ents, n, i);
		fprintf(fp, "@%s", a->a_name);
		if (ents[i].e_nkeys) {
			fputc('[', fp);
			dt_btvar_keylist(fp, a, &ents[i], ", ", syms);
			fputc(']', fp);
		}
		fputs(": ", fp);
		dt_btvar_value(fp, a, &ents[i], end - i, div, false, syms);
		fputc('\n', fp);
	}
	free(ents);
	return ferror(fp) ? -1 : 0;
}

int dt_bt_var_json(FILE *fp, const struct dt_agg *a, const struct dt_dvars *s,
		   int64_t top, uint64_t div, struct dt_symtab *syms)
{
	struct dt_btent *ents;
	char *key = NULL;
	size_t keylen = 0;
	long n, i, end, first;
	FILE *m;

	if (!a->a_var)
		return -1;
	n = dt_btvar_sorted(a, s, &ents);
	if (n <= 0)	/* bpftrace prints no line for an empty map */
		return (int)n;
	fprintf(fp, "{\"type\": \"map\", \"data\": {\"@%s\": ", a->a_name);
	if (a->a_var->v_array)
		fputc('{', fp);
	first = dt_btvar_first(a, ents, n, top);
	for (i = first; i < n; i = end) {
		end = dt_btvar_rowend(a, ents, n, i);
		if (a->a_var->v_array) {
			m = open_memstream(&key, &keylen);
			if (!m)
				break;
			dt_btvar_keylist(m, a, &ents[i], ",", syms);
			fclose(m);
			fputs(i > first ? ", " : "", fp);
			dt_json_str(fp, key, keylen);
			free(key);
			key = NULL;
			fputs(": ", fp);
		}
		dt_btvar_value(fp, a, &ents[i], end - i, div, true, syms);
	}
	if (a->a_var->v_array)
		fputc('}', fp);
	fputs("}}\n", fp);
	free(ents);
	return ferror(fp) || i < n ? -1 : 0;
}

int bt_mapvar_act(struct dt_consumer *c, struct dt_aggdata *d,
		  const struct dt_out *o, int64_t v)
{
	const struct dt_agg *a = d->ad_def;
	int i;

	if (o->o_kind == DT_OUT_TRUNC && o->o_nrecs) {
		d->ad_vartop = v;
		return 0;
	}
	if (o->o_kind != DT_OUT_TRUNC && o->o_kind != DT_OUT_CLEAR)
		return 0;
	if (!a->a_var || !c->c_dvarsnap)
		return 0;	/* never assigned: nothing to empty */
	for (i = 0; i < (a->a_ntvars ? a->a_ntvars : 1); i++) {
		const struct dt_var *v = a->a_ntvars ? a->a_tvars[i] :
			a->a_var;

		if (v && c->c_dvarsnap(c->c_dvararg, v->v_id + 1)) {
			snprintf(c->c_err, sizeof(c->c_err), "failed to clear "
				 "@%s: %s", a->a_name, strerror(errno));
			return -1;
		}
	}
	return 0;
}

