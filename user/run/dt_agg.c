// SPDX-License-Identifier: GPL-2.0
/*
 * Aggregations in the consumer: adding up the module's snapshots,
 * clear/trunc/normalize, and printing in DTrace's formats.
 */
#define _GNU_SOURCE	/* qsort_r */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dif_agg.h"
#include "dt_agg.h"
#include "dt_aggdraw.h"
#include "dt_sym.h"

void dt_agg_value(const struct dt_agg *a, int64_t x, uint64_t *v)
{
	memset(v, 0, a->a_valsize);
	dif_agg_apply(a->a_func, a->a_params, v, x, true);
}

/* The key index is rebuilt after entries move (sort, trunc, free). */
static void dt_agg_unindex(struct dt_aggdata *d)
{
	free(d->ad_index);
	d->ad_index = NULL;
	d->ad_icap = 0;
}

static uint64_t dt_agg_hash(const uint8_t *key, uint32_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;	/* FNV-1a */
	uint32_t i;

	for (i = 0; i < n; i++)
		h = (h ^ key[i]) * 0x100000001b3ull;
	return h;
}

static void dt_agg_index_put(struct dt_aggdata *d, size_t ent)
{
	size_t m = d->ad_icap - 1,
	       i = dt_agg_hash(d->ad_ents[ent].ae_key, d->ad_def->a_keysize) & m;

	while (d->ad_index[i])
		i = (i + 1) & m;
	d->ad_index[i] = (uint32_t)ent + 1;
}

/* Room for twice the entries; 0, or -1 without memory (then linear). */
static int dt_agg_reindex(struct dt_aggdata *d, size_t want)
{
	size_t cap = 64, i;

	while (cap < want * 2)
		cap *= 2;
	dt_agg_unindex(d);
	d->ad_index = calloc(cap, sizeof(*d->ad_index));
	if (!d->ad_index)
		return -1;
	d->ad_icap = cap;
	for (i = 0; i < d->ad_nents; i++)
		dt_agg_index_put(d, i);
	return 0;
}

static void dt_agg_freeents(struct dt_aggdata *d)
{
	size_t i;

	dt_agg_unindex(d);
	for (i = 0; i < d->ad_nents; i++) {
		free(d->ad_ents[i].ae_key);
		free(d->ad_ents[i].ae_val);
		free(d->ad_ents[i].ae_pcpu);
	}
	free(d->ad_ents);
	d->ad_ents = NULL;
	d->ad_nents = d->ad_cap = 0;
}

void dt_aggdata_init(struct dt_aggdata *d, const struct dt_agg *a)
{
	memset(d, 0, sizeof(*d));
	d->ad_def = a;
	d->ad_normal = 1;
}

void dt_aggdata_fini(struct dt_aggdata *d)
{
	dt_agg_freeents(d);
}

int dt_aggs_init(struct dt_aggs *s, struct dt_agg *list)
{
	struct dt_agg *a;
	uint32_t n = 0;

	memset(s, 0, sizeof(*s));
	for (a = list; a; a = a->a_next)
		if (a->a_ix != n++)
			return -1;	/* the compiler numbers them in order */
	s->ag_data = calloc(n ? n : 1, sizeof(*s->ag_data));
	if (!s->ag_data)
		return -1;
	s->ag_n = n;
	for (a = list, n = 0; a; a = a->a_next, n++)
		dt_aggdata_init(&s->ag_data[n], a);
	return 0;
}

void dt_aggs_fini(struct dt_aggs *s)
{
	uint32_t i;

	for (i = 0; i < s->ag_n; i++)
		dt_aggdata_fini(&s->ag_data[i]);
	free(s->ag_data);
	memset(s, 0, sizeof(*s));
}

struct dt_aggdata *dt_aggs_of(const struct dt_aggs *s, const struct dt_agg *a)
{
	return a->a_ix < s->ag_n && s->ag_data[a->a_ix].ad_def == a ?
		&s->ag_data[a->a_ix] : NULL;
}

static struct dt_aggent *dt_agg_find(struct dt_aggdata *d,
				     const uint8_t *key)
{
	const struct dt_agg *a = d->ad_def;
	size_t i, m;

	if ((!d->ad_index || d->ad_nents * 2 > d->ad_icap) &&
	    dt_agg_reindex(d, d->ad_nents + 1)) {
		for (i = 0; i < d->ad_nents; i++)
			if (!a->a_keysize ||
			    !memcmp(d->ad_ents[i].ae_key, key, a->a_keysize))
				return &d->ad_ents[i];
		return NULL;
	}
	m = d->ad_icap - 1;
	for (i = dt_agg_hash(key, a->a_keysize) & m; d->ad_index[i];
	     i = (i + 1) & m) {
		struct dt_aggent *e = &d->ad_ents[d->ad_index[i] - 1];

		if (!a->a_keysize || !memcmp(e->ae_key, key, a->a_keysize))
			return e;
	}
	return NULL;
}

/* Add val into v as the module adds partial results; fresh: v is new. */
static void dt_agg_combine(const struct dt_agg *a, uint64_t *v,
			   const uint64_t *val, bool fresh)
{
	uint32_t i, n = a->a_valsize / 8;

	switch (a->a_func) {
	case DTRACE_AGG_MIN:
		if (fresh || (int64_t)val[0] < (int64_t)v[0])
			v[0] = val[0];
		break;
	case DTRACE_AGG_MAX:
		if (fresh || (int64_t)val[0] > (int64_t)v[0])
			v[0] = val[0];
		break;
	case DTRACE_AGG_STDDEV: {
		/* count, sum, then the sum of squares in 128 bits */
		unsigned __int128 sq = ((unsigned __int128)v[2] << 64 |
					v[3]) +
			((unsigned __int128)val[2] << 64 | val[3]);

		v[0] += val[0];
		v[1] += val[1];
		v[2] = (uint64_t)(sq >> 64);
		v[3] = (uint64_t)sq;
		break;
	}
	default:	/* count, sum, avg, histograms: add word by word */
		for (i = 0; i < n; i++)
			v[i] += val[i];
		break;
	}
}

/* A new entry for key, with its value zero. NULL without memory. */
static struct dt_aggent *dt_agg_add(struct dt_aggdata *d, const uint8_t *key)
{
	const struct dt_agg *a = d->ad_def;
	uint32_t n = a->a_valsize / 8;
	struct dt_aggent *e;

	if (d->ad_nents == d->ad_cap) {
		size_t nc = d->ad_cap ? d->ad_cap * 2 : 16;
		void *np = realloc(d->ad_ents, nc * sizeof(*e));

		if (!np)
			return NULL;
		d->ad_ents = np;
		d->ad_cap = nc;
	}
	e = &d->ad_ents[d->ad_nents];
	e->ae_key = malloc(a->a_keysize ? a->a_keysize : 1);
	e->ae_val = calloc(n ? n : 1, 8);
	e->ae_pcpu = NULL;
	if (!e->ae_key || !e->ae_val) {
		free(e->ae_key);
		free(e->ae_val);
		return NULL;
	}
	if (a->a_keysize)
		memcpy(e->ae_key, key, a->a_keysize);
	d->ad_nents++;
	if (d->ad_index)
		dt_agg_index_put(d, d->ad_nents - 1);
	return e;
}

int dt_agg_merge(struct dt_aggdata *d, const uint8_t *key,
		 const uint64_t *val)
{
	struct dt_aggent *e = dt_agg_find(d, key);
	bool fresh = !e;

	if (!e)
		e = dt_agg_add(d, key);
	if (!e)
		return -1;
	dt_agg_combine(d->ad_def, e->ae_val, val, fresh);
	return 0;
}

/* -x aggpercpu: val is also cpu's share of key's value. */
static int dt_agg_merge_cpu(struct dt_aggdata *d, uint32_t cpu,
			    const uint8_t *key, const uint64_t *val)
{
	uint32_t n = d->ad_def->a_valsize / 8 + 1;
	struct dt_aggent *e = dt_agg_find(d, key);
	uint64_t *v;

	if (!e || cpu >= d->ad_ncpus)
		return 0;
	if (!e->ae_pcpu) {
		e->ae_pcpu = calloc((size_t)d->ad_ncpus * n, 8);
		if (!e->ae_pcpu)
			return -1;
	}
	v = e->ae_pcpu + (size_t)cpu * n;
	dt_agg_combine(d->ad_def, v, val, !v[n - 1]);
	v[n - 1] = 1;
	return 0;
}

/* The aggregation the module declared as id. */
static struct dt_aggdata *dt_agg_byid(struct dt_aggs *s, uint32_t id)
{
	uint32_t i;

	for (i = 0; i < s->ag_n; i++)
		if (s->ag_data[i].ad_declared && s->ag_data[i].ad_id == id)
			return &s->ag_data[i];
	return NULL;
}

void dt_agg_canonkey(const struct dt_agg *a, uint8_t *key,
		     struct dt_symtab *syms)
{
	uint64_t w[2];
	int i;

	for (i = 0; i < a->a_nkeys && syms; i++) {
		if (!DT_SYM_ISUSER(a->a_keys[i].sym) || a->a_keystack[i])
			continue;
		memcpy(w, key + a->a_keyoff[i], sizeof(w));
		if (w[0] && w[0] <= INT_MAX)
			dt_sym_note_pid(syms, (pid_t)w[0]);
		w[1] = dt_sym_user_canon(syms, a->a_keys[i].sym, w[0], w[1]);
		memcpy(key + a->a_keyoff[i] + 8, &w[1], 8);
	}
}

/* Has a a key that dt_agg_canonkey( ) may change? */
static bool dt_agg_hasusym(const struct dt_agg *a)
{
	int i;

	for (i = 0; i < a->a_nkeys; i++)
		if (DT_SYM_ISUSER(a->a_keys[i].sym))
			return true;
	return false;
}

int dt_agg_consume(struct dt_aggs *s, const void *buf, size_t len,
		   char *err, size_t errlen)
{
	static uint8_t canon[DTRACE_AGGKEY_MAX];
	const uint8_t *p = buf;
	size_t off = 0;

	while (off + sizeof(struct dtrace_aggrec) <= len) {
		struct dtrace_aggrec r;
		struct dt_aggdata *d;
		const struct dt_agg *a;
		const uint8_t *key;
		uint64_t val[4096 + 2];

		memcpy(&r, p + off, sizeof(r));
		d = dt_agg_byid(s, r.dar_id);
		a = d ? d->ad_def : NULL;
		if (!a) {
			snprintf(err, errlen, "unknown aggregation id %u",
				 r.dar_id);
			return -1;
		}
		if (r.dar_size != sizeof(r) + a->a_declsize + a->a_valsize ||
		    off + r.dar_size > len || a->a_valsize > sizeof(val)) {
			snprintf(err, errlen, "malformed aggregation record at "
				 "offset %zu", off);
			return -1;
		}
		memcpy(val, p + off + sizeof(r) + a->a_declsize, a->a_valsize);
		d->ad_ncpus = s->ag_ncpus;
		key = p + off + sizeof(r);
		if (s->ag_syms && a->a_keysize <= sizeof(canon) &&
		    dt_agg_hasusym(a)) {
			memcpy(canon, key, a->a_keysize);
			dt_agg_canonkey(a, canon, s->ag_syms);
			key = canon;
		}
		if (dt_agg_merge(d, key, val) ||
		    dt_agg_merge_cpu(d, s->ag_cpu, key, val)) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		off += (r.dar_size + 7) & ~(size_t)7;
	}
	return 0;
}

void dt_agg_setsort(struct dt_aggs *s, const struct dt_aggsort *o)
{
	uint32_t i;

	for (i = 0; i < s->ag_n; i++)
		s->ag_data[i].ad_sort = *o;
}

void dt_agg_setview(struct dt_aggs *s, const struct dt_aggview *v)
{
	uint32_t i;

	for (i = 0; i < s->ag_n; i++)
		s->ag_data[i].ad_view = *v;
}

void dt_agg_clear(struct dt_aggdata *d)
{
	size_t i;

	for (i = 0; i < d->ad_nents; i++) {
		memset(d->ad_ents[i].ae_val, 0, d->ad_def->a_valsize);
		if (d->ad_ents[i].ae_pcpu)
			memset(d->ad_ents[i].ae_pcpu, 0, (size_t)d->ad_ncpus *
			       (d->ad_def->a_valsize + 8));
	}
}

/* The value entries sort by, as DTrace: the scalar, or the bucket total. */
long double dt_agg_sortval(const struct dt_agg *a, const struct dt_aggent *e)
{
	const uint64_t *v = e->ae_val;
	long double t = 0;
	uint32_t i;

	switch (a->a_func) {
	case DTRACE_AGG_COUNT:
		return (long double)v[0];
	case DTRACE_AGG_SUM:
	case DTRACE_AGG_MIN:
	case DTRACE_AGG_MAX:
		return (long double)(int64_t)v[0];
	case DTRACE_AGG_AVG:
	case DTRACE_AGG_STDDEV:
		return v[0] ? (long double)(int64_t)v[1] / v[0] : 0;
	default:
		for (i = 0; i < a->a_valsize / 8; i++)
			t += (long double)(int64_t)v[i];
		return t;
	}
}

/* -x aggsortkeypos: that key first, then the others in order. */
static int dt_agg_keyorder(const struct dt_aggdata *d, int n)
{
	int first = d->ad_sort.as_keypos < d->ad_def->a_nkeys ?
		d->ad_sort.as_keypos : 0;

	if (n == 0)
		return first;
	return n <= first ? n - 1 : n;
}

int dt_agg_keycmp(const struct dt_aggdata *d, const uint8_t *x,
		  const uint8_t *y)
{
	const struct dt_agg *a = d->ad_def;
	int n, c;

	for (n = 0; n < a->a_nkeys; n++) {
		int i = dt_agg_keyorder(d, n);
		const uint8_t *kx = x + a->a_keyoff[i], *ky = y + a->a_keyoff[i];

		if (a->a_keystack[i]) {
			c = memcmp(kx, ky, a->a_keysz[i]);
		} else if (a->a_keys[i].kind == DT_T_STRING) {
			c = strncmp((const char *)kx, (const char *)ky,
				    a->a_keysz[i]);
		} else {
			int64_t vx, vy;

			/* a user symbol's: the pid, then the address */
			if (DT_SYM_ISUSER(a->a_keys[i].sym)) {
				memcpy(&vx, kx, 8);
				memcpy(&vy, ky, 8);
				c = ((uint64_t)vx > (uint64_t)vy) -
					((uint64_t)vx < (uint64_t)vy);
				if (c)
					return c;
				kx += 8;
				ky += 8;
			}
			memcpy(&vx, kx, 8);
			memcpy(&vy, ky, 8);
			vx = dt_int_normalize(vx, &a->a_keys[i]);
			vy = dt_int_normalize(vy, &a->a_keys[i]);
			c = a->a_keys[i].is_signed ? (vx > vy) - (vx < vy) :
				((uint64_t)vx > (uint64_t)vy) -
				((uint64_t)vx < (uint64_t)vy);
		}
		if (c)
			return c;
	}
	return 0;
}

static int dt_agg_entcmp1(const struct dt_aggent *x, const struct dt_aggent *y,
			  const struct dt_aggdata *d)
{
	long double vx = dt_agg_sortval(d->ad_def, x);
	long double vy = dt_agg_sortval(d->ad_def, y);
	int k = dt_agg_keycmp(d, x->ae_key, y->ae_key);

	if (d->ad_sort.as_key && k)
		return k;
	if (vx != vy)
		return vx < vy ? -1 : 1;
	return k;
}

static int dt_agg_entcmp(const void *p, const void *q, void *arg)
{
	const struct dt_aggdata *d = arg;

	return d->ad_sort.as_rev ? -dt_agg_entcmp1(p, q, d) :
		dt_agg_entcmp1(p, q, d);
}

void dt_agg_sort(struct dt_aggdata *d)
{
	if (!d->ad_nents)
		return;
	dt_agg_unindex(d);
	qsort_r(d->ad_ents, d->ad_nents, sizeof(*d->ad_ents), dt_agg_entcmp, d);
}

void dt_agg_trunc(struct dt_aggdata *d, int64_t n, bool all)
{
	size_t keep, i, from;

	if (all) {
		dt_agg_freeents(d);
		return;
	}
	dt_agg_sort(d);
	keep = (size_t)(n < 0 ? -n : n);
	if (keep >= d->ad_nents)
		return;
	/* n > 0 keeps the largest (at the end), n < 0 the smallest */
	from = n > 0 ? d->ad_nents - keep : 0;
	for (i = 0; i < d->ad_nents; i++) {
		if (i >= from && i < from + keep)
			continue;
		free(d->ad_ents[i].ae_key);
		free(d->ad_ents[i].ae_val);
		free(d->ad_ents[i].ae_pcpu);
	}
	if (keep)
		memmove(d->ad_ents, d->ad_ents + from,
			keep * sizeof(*d->ad_ents));
	dt_agg_unindex(d);
	d->ad_nents = keep;
}

int64_t dt_agg_keyint(const struct dt_agg *a, const uint8_t *key,
			     int i)
{
	int64_t v;

	/* a user symbol's: the address, after the pid */
	memcpy(&v, key + a->a_keyoff[i] +
	       (DT_SYM_ISUSER(a->a_keys[i].sym) ? 8 : 0), 8);
	return dt_int_normalize(v, &a->a_keys[i]);
}

/* A key's string, NUL-terminated within its slot. */
const char *dt_agg_keystr(const struct dt_agg *a, const uint8_t *key,
				 int i, char *buf, size_t len)
{
	size_t n = a->a_keysz[i] < len - 1 ? a->a_keysz[i] : len - 1;

	memcpy(buf, key + a->a_keyoff[i], n);
	buf[n] = '\0';
	return buf;
}

const char *dt_agg_keytext(const struct dt_agg *a, const uint8_t *key, int i,
			   struct dt_symtab *syms, char *buf, size_t len)
{
	if (a->a_keys[i].kind == DT_T_STRING)
		return dt_agg_keystr(a, key, i, buf, len);
	if (a->a_keys[i].sym && syms)
		dt_sym_value(syms, a->a_keys[i].sym, key + a->a_keyoff[i],
			     buf, len);
	else
		snprintf(buf, len, "%lld", (long long)dt_agg_keyint(a, key, i));
	return buf;
}

/*
 * The keys, as DTrace prints them: packed (agghist, aggpack) a string is
 * 16 wide, to the right; a stack is a line per frame, each indented.
 */
static void dt_agg_printkeys(FILE *fp, const struct dt_aggdata *d,
			     const uint8_t *key, struct dt_symtab *syms,
			     bool packed)
{
	const struct dt_agg *a = d->ad_def;
	static const int width[] = { [1] = 3, [2] = 5, [4] = 8, [8] = 16 };
	char buf[DTRACE_STRSIZE_MAX + 1];
	int i;

	for (i = 0; i < a->a_nkeys; i++) {
		if (a->a_keystack[i]) {
			fputc('\n', fp);
			dt_print_frames(fp, syms, key + a->a_keyoff[i],
					a->a_keysz[i] / 8,
					a->a_keystack[i] == 2,
					d->ad_view.av_indent);
			continue;
		}
		if (a->a_keys[i].kind == DT_T_STRING) {
			dt_agg_keystr(a, key, i, buf, sizeof(buf));
			if (packed)
				fprintf(fp, " %16s", buf);
			else
				fprintf(fp, "  %-50s", buf);
			continue;
		}
		if (a->a_keys[i].sym && syms) {
			dt_sym_value(syms, a->a_keys[i].sym,
				     key + a->a_keyoff[i], buf, sizeof(buf));
			fprintf(fp, "  %-50s", buf);
			continue;
		}
		fprintf(fp, " %*lld", a->a_keys[i].size <= 8 ?
			width[a->a_keys[i].size] : 16,
			(long long)dt_agg_keyint(a, key, i));
	}
}

uint32_t dt_agg_rows(const struct dt_agg *a, int64_t *lows, uint32_t max)
{
	uint32_t n = a->a_valsize / 8, i;

	for (i = 0; i < n && i < max; i++)
		lows[i] = dif_agg_bucket_low(a->a_func, a->a_params, i);
	return n < max ? n : max;
}

int dt_agg_rowkind(const struct dt_agg *a, uint32_t i)
{
	if (a->a_func == DTRACE_AGG_QUANTIZE)
		return 0;
	return i == 0 ? -1 : i == a->a_valsize / 8 - 1 ? 1 : 0;
}

/* The scalar value of an entry, normalized. */
int64_t dt_agg_scalar(const struct dt_aggdata *d, const uint64_t *v)
{
	int64_t n = (int64_t)(d->ad_normal ? d->ad_normal : 1);

	switch (d->ad_def->a_func) {
	case DTRACE_AGG_AVG:
		return v[0] ? (int64_t)v[1] / (int64_t)v[0] / n : 0;
	case DTRACE_AGG_STDDEV: {
		long double cnt = (long double)v[0], sum, sq, var;

		if (!v[0])
			return 0;
		sum = (long double)(int64_t)v[1];
		sq = ldexpl((long double)v[2], 64) + (long double)v[3];
		var = sq / cnt - (sum / cnt) * (sum / cnt);
		return (int64_t)(sqrtl(var > 0 ? var : 0) / n);
	}
	case DTRACE_AGG_COUNT:
		return (int64_t)(v[0] / (uint64_t)n);
	default:
		return (int64_t)v[0] / n;
	}
}

bool dt_agg_ishist(const struct dt_agg *a)
{
	return a->a_func == DTRACE_AGG_QUANTIZE ||
		a->a_func == DTRACE_AGG_LQUANTIZE ||
		a->a_func == DTRACE_AGG_LLQUANTIZE;
}

/*
 * %@ of a scalar value: a '*' width or precision takes the next key, as
 * printa( )'s other conversions do (dt_check_agg.c checked they exist).
 */
static void dt_agg_valseg(FILE *fp, const struct dt_pfseg *s,
			  const struct dt_pfarg *keys, int nkeys, int *k,
			  const struct dt_pfarg *val)
{
	struct dt_pfarg args[3];
	int n = 0, z = 0;

	if (s->ps_width == DT_PF_STAR && *k < nkeys)
		args[n++] = keys[(*k)++];
	if (s->ps_prec == DT_PF_STAR && *k < nkeys)
		args[n++] = keys[(*k)++];
	args[n++] = *val;
	if (dt_pfseg_print(fp, s, args, n, &z) < 0)
		fputs("?", fp);
}

/*
 * A distribution in a printa( ) of several aggregations; a key it lacks
 * prints as all rows 0.
 */
static void dt_agg_joinhist(FILE *fp, const struct dt_aggdata *d,
			    const struct dt_aggent *e)
{
	uint64_t *zeros = NULL;

	if (!e) {
		zeros = calloc(1, d->ad_def->a_valsize);
		if (!zeros)
			return;
	}
	dt_agg_hist(fp, d->ad_def, e ? e->ae_val : zeros,
		    d->ad_normal ? d->ad_normal : 1, &d->ad_view);
	free(zeros);
}

/*
 * printa( )'s arguments from a key: strings, numbers; for %a of a number
 * its symbol+offset, and of sym( ) and func( ) keys (and their %s) the
 * symbol. bufs holds the text.
 */
static void dt_agg_fmtargs(const struct dt_agg *a, const uint8_t *key,
			   const struct dt_pfmt *pf, struct dt_pfarg *args,
			   char (*bufs)[DTRACE_STRSIZE_MAX + 1],
			   struct dt_symtab *syms)
{
	int i, k = 0;

	for (i = 0; i < a->a_nkeys; i++) {
		memset(&args[i], 0, sizeof(args[i]));
		args[i].pa_type = a->a_keys[i];
		if (a->a_keys[i].kind == DT_T_STRING) {
			args[i].pa_str = dt_agg_keystr(a, key, i, bufs[i],
						       sizeof(bufs[i]));
			continue;
		}
		args[i].pa_int = dt_agg_keyint(a, key, i);
		if (a->a_keys[i].sym && syms && !a->a_keystack[i]) {
			dt_sym_value(syms, a->a_keys[i].sym,
				     key + a->a_keyoff[i], bufs[i],
				     sizeof(bufs[i]));
			args[i].pa_str = bufs[i];
		}
	}
	for (i = 0; i < pf->pf_nsegs && k < a->a_nkeys; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];

		if (!s->ps_conv)
			continue;
		k += (s->ps_width == DT_PF_STAR) + (s->ps_prec == DT_PF_STAR);
		if (s->ps_agg || k >= a->a_nkeys)
			continue;
		if (s->ps_conv == 'a' && !args[k].pa_str && syms &&
		    a->a_keys[k].kind == DT_T_INT && !a->a_keystack[k]) {
			dt_sym_kernel(syms, (uint64_t)args[k].pa_int, bufs[k],
				      sizeof(bufs[k]));
			args[k].pa_str = bufs[k];
		}
		k++;
	}
}

struct dt_fmtframes {
	FILE		*fp;
	char		f[32];	/* a frame's format */
	int		indent;
};

static void dt_agg_fmtframe(void *arg, const char *frame)
{
	struct dt_fmtframes *f = arg;

	fprintf(f->fp, "%*s", f->indent, "");
	fprintf(f->fp, f->f, frame);
	fputc('\n', f->fp);
}

/*
 * A key's conversion. %k, a stack key, prints as illumos': a newline,
 * then each frame in the conversion's format, indented by the width
 * when it is left-aligned ("%-20k"), else not at all.
 */
static void dt_agg_fmtkey(FILE *fp, const struct dt_pfseg *s,
			  const struct dt_agg *a, const uint8_t *key,
			  const struct dt_pfarg *args, int *k,
			  struct dt_symtab *syms)
{
	struct dt_fmtframes f = { .fp = fp };
	int i = *k;

	if (s->ps_conv != 'k') {
		if (dt_pfseg_print(fp, s, args, a->a_nkeys, k) < 0)
			fputs("?", fp);
		return;
	}
	(*k)++;
	if (i >= a->a_nkeys || !a->a_keystack[i])
		return;
	if (s->ps_width >= 0 && strchr(s->ps_flags, '-')) {
		f.indent = s->ps_width;
		snprintf(f.f, sizeof(f.f), "%%-%ds", s->ps_width);
	} else if (s->ps_width >= 0) {
		snprintf(f.f, sizeof(f.f), "%%%ds", s->ps_width);
	} else {
		snprintf(f.f, sizeof(f.f), "%%s");
	}
	fputc('\n', fp);
	dt_sym_stack(syms, key + a->a_keyoff[i], a->a_keysz[i] / 8,
		     a->a_keystack[i] == 2, dt_agg_fmtframe, &f);
}

static void dt_agg_printfmt(FILE *fp, const struct dt_aggdata *d,
			    const struct dt_aggent *e, const struct dt_pfmt *pf,
			    struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	char bufs[DT_AGG_KEYS_MAX][DTRACE_STRSIZE_MAX + 1];
	struct dt_pfarg args[DT_AGG_KEYS_MAX], val;
	int i, k = 0;

	dt_agg_fmtargs(a, e->ae_key, pf, args, bufs, syms);
	val.pa_type = dt_type_long;
	val.pa_int = dt_agg_scalar(d, e->ae_val);
	val.pa_str = NULL;
	for (i = 0; i < pf->pf_nsegs; i++) {
		const struct dt_pfseg *s = &pf->pf_segs[i];

		fputs(s->ps_text, fp);
		if (!s->ps_conv)
			continue;
		if (!s->ps_agg) {
			dt_agg_fmtkey(fp, s, a, e->ae_key, args, &k, syms);
		} else if (dt_agg_ishist(a)) {
			dt_agg_hist(fp, a, e->ae_val,
				    d->ad_normal ? d->ad_normal : 1,
				    &d->ad_view);
		} else {
			dt_agg_valseg(fp, s, args, a->a_nkeys, &k, &val);
		}
	}
}

int dt_agg_print_joined(FILE *fp, struct dt_aggdata **aggs, int n,
			const struct dt_pfmt *pf, struct dt_symtab *syms)
{
	const struct dt_agg *first = aggs[0]->ad_def;
	/* -x aggsortpos: whose values order the lines */
	int pos = aggs[0]->ad_sort.as_pos;
	struct dt_aggdata *by = aggs[pos < n ? pos : 0], keys;
	struct dt_agg kdef;
	struct dt_aggent *e;
	uint64_t zero[4] = { 0, 0, 0, 0 };
	size_t i;
	int k;

	/* the union of the keys, sorted by one's value, then key */
	memset(&kdef, 0, sizeof(kdef));
	kdef.a_func = DTRACE_AGG_SUM;
	kdef.a_nkeys = first->a_nkeys;
	memcpy(kdef.a_keys, first->a_keys, sizeof(kdef.a_keys));
	memcpy(kdef.a_keyoff, first->a_keyoff, sizeof(kdef.a_keyoff));
	memcpy(kdef.a_keysz, first->a_keysz, sizeof(kdef.a_keysz));
	kdef.a_keysize = first->a_keysize;
	kdef.a_valsize = 8;
	dt_aggdata_init(&keys, &kdef);
	keys.ad_sort = aggs[0]->ad_sort;
	for (k = 0; k < n; k++) {
		for (i = 0; i < aggs[k]->ad_nents; i++) {
			const uint8_t *key = aggs[k]->ad_ents[i].ae_key;

			e = dt_agg_find(by, key);
			zero[0] = e ? (uint64_t)dt_agg_scalar(by, e->ae_val) : 0;
			if (!dt_agg_find(&keys, key) &&
			    dt_agg_merge(&keys, key, zero)) {
				dt_aggdata_fini(&keys);
				return -1;
			}
		}
	}
	dt_agg_sort(&keys);
	for (i = 0; i < keys.ad_nents; i++) {
		const uint8_t *key = keys.ad_ents[i].ae_key;
		char bufs[DT_AGG_KEYS_MAX][DTRACE_STRSIZE_MAX + 1];
		struct dt_pfarg args[DT_AGG_KEYS_MAX], val;
		int s, karg = 0, vi = 0;

		if (!pf) {
			dt_agg_printkeys(fp, aggs[0], key, syms, false);
			for (k = 0; k < n; k++) {
				e = dt_agg_find(aggs[k], key);
				if (dt_agg_ishist(aggs[k]->ad_def))
					dt_agg_joinhist(fp, aggs[k], e);
				else
					fprintf(fp, " %16lld", e ? (long long)
						dt_agg_scalar(aggs[k],
							      e->ae_val) : 0);
			}
			fputc('\n', fp);
			continue;
		}
		dt_agg_fmtargs(first, key, pf, args, bufs, syms);
		for (s = 0; s < pf->pf_nsegs; s++) {
			const struct dt_pfseg *g = &pf->pf_segs[s];

			fputs(g->ps_text, fp);
			if (!g->ps_conv)
				continue;
			if (!g->ps_agg) {
				dt_agg_fmtkey(fp, g, first, key, args, &karg,
					      syms);
				continue;
			}
			memset(&val, 0, sizeof(val));
			val.pa_type = dt_type_long;
			e = vi < n ? dt_agg_find(aggs[vi], key) : NULL;
			if (vi < n && dt_agg_ishist(aggs[vi]->ad_def)) {
				dt_agg_joinhist(fp, aggs[vi], e);
				vi++;
				continue;
			}
			if (vi < n) {
				val.pa_int = e ? dt_agg_scalar(aggs[vi],
							      e->ae_val) : 0;
				vi++;
			}
			dt_agg_valseg(fp, g, args, first->a_nkeys, &karg,
				      &val);
		}
	}
	dt_aggdata_fini(&keys);
	return ferror(fp) ? -1 : 0;
}

/* How an unformatted printa( ) draws d: as numbers and rows, or ... */
enum { DT_DRAW_PLAIN, DT_DRAW_HIST, DT_DRAW_PACK };

static int dt_agg_drawkind(const struct dt_aggdata *d)
{
	uint32_t f = d->ad_def->a_func;

	if (d->ad_view.av_hist &&
	    (f == DTRACE_AGG_COUNT || f == DTRACE_AGG_SUM))
		return DT_DRAW_HIST;
	if (d->ad_view.av_pack &&
	    (f == DTRACE_AGG_QUANTIZE || f == DTRACE_AGG_LQUANTIZE))
		return DT_DRAW_PACK;
	return DT_DRAW_PLAIN;
}

/* A value: a number, or a distribution's rows. */
static void dt_agg_printval(FILE *fp, const struct dt_aggdata *d,
			    const uint64_t *v)
{
	if (dt_agg_ishist(d->ad_def))
		dt_agg_hist(fp, d->ad_def, v, d->ad_normal ? d->ad_normal : 1,
			    &d->ad_view);
	else
		fprintf(fp, " %16lld", (long long)dt_agg_scalar(d, v));
}

/* -x aggpercpu: after the total, each CPU's, as Oracle's dtrace prints. */
static void dt_agg_printcpus(FILE *fp, const struct dt_aggdata *d,
			     const struct dt_aggent *e)
{
	uint32_t n = d->ad_def->a_valsize / 8 + 1, cpu;
	uint64_t *zeros;

	if (!d->ad_ncpus)
		return;
	zeros = calloc(n, 8);
	if (!zeros)
		return;
	for (cpu = 0; cpu < d->ad_ncpus; cpu++) {
		fprintf(fp, "\n    [CPU %u]", cpu);
		dt_agg_printval(fp, d, e->ae_pcpu ?
				e->ae_pcpu + (size_t)cpu * n : zeros);
	}
	free(zeros);
}

int dt_agg_print(FILE *fp, struct dt_aggdata *d, const struct dt_pfmt *pf,
		 struct dt_symtab *syms)
{
	const struct dt_agg *a = d->ad_def;
	int draw = pf ? DT_DRAW_PLAIN : dt_agg_drawkind(d);
	uint64_t normal = d->ad_normal ? d->ad_normal : 1;
	long double total = 0;
	uint32_t lo = 0, hi = 0;
	int signs = 0;
	size_t i;

	dt_agg_sort(d);
	if (!d->ad_nents)
		return ferror(fp) ? -1 : 0;
	/* what every entry's bars are drawn against, under a header */
	if (draw == DT_DRAW_HIST) {
		for (i = 0; i < d->ad_nents; i++) {
			int64_t v = (int64_t)d->ad_ents[i].ae_val[0];

			signs |= v > 0 ? DT_QROW_POS : v < 0 ? DT_QROW_NEG : 0;
			/* aggzoom's largest, as illumos, in whole units */
			if (d->ad_view.av_zoom)
				total = fmaxl(total, (long double)(int64_t)
					      (fabsl((long double)v) *
					       (1 / 0.95)));
			else
				total += fabsl((long double)v);
		}
		dt_agg_histhdr(fp, dt_agg_packwidth(a));
	} else if (draw == DT_DRAW_PACK) {
		dt_agg_packrange(d, &lo, &hi);
		dt_agg_packhdr(fp, a, dt_agg_packwidth(a), lo, hi);
	}
	for (i = 0; i < d->ad_nents; i++) {
		const struct dt_aggent *e = &d->ad_ents[i];

		if (pf) {
			dt_agg_printfmt(fp, d, e, pf, syms);
			continue;
		}
		dt_agg_printkeys(fp, d, e->ae_key, syms, draw != DT_DRAW_PLAIN);
		if (draw == DT_DRAW_HIST) {
			fputc(' ', fp);
			dt_bar_line(fp, (int64_t)e->ae_val[0], normal, total,
				    signs, d->ad_view.av_utf8);
			continue;
		}
		if (draw == DT_DRAW_PACK) {
			dt_agg_packrow(fp, a, e->ae_val, lo, hi, &d->ad_view);
			continue;
		}
		dt_agg_printval(fp, d, e->ae_val);
		dt_agg_printcpus(fp, d, e);
		fputc('\n', fp);
	}
	return ferror(fp) ? -1 : 0;
}
