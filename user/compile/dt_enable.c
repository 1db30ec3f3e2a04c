// SPDX-License-Identifier: GPL-2.0
/*
 * ENABLE blobs and the EPID table.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_aggdef.h"
#include "dt_enable.h"

static size_t dt_al8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

struct dtrace_ioc_enable *dt_enable_blob(const struct dt_ecb *e,
					 const struct dtrace_probedesc *pd,
					 dt_aggid_fn *aggid, void *arg,
					 size_t *len)
{
	void *pred = NULL, **difos;
	size_t predlen = 0, *difolen, off, size;
	struct dtrace_ioc_enable *h = NULL;
	struct dtrace_ioc_action *acts;
	int i, n = e->e_nacts;

	difos = calloc((size_t)n + 1, sizeof(*difos));
	difolen = calloc((size_t)n + 1, sizeof(*difolen));
	if (!difos || !difolen)
		goto out;
	if (e->e_haspred) {
		pred = dt_difo_blob(&e->e_pred, &predlen);
		if (!pred)
			goto out;
	}
	size = dt_al8(sizeof(*h)) + dt_al8((size_t)n * sizeof(*acts)) +
		dt_al8(predlen);
	for (i = 0; i < n; i++) {
		if (e->e_acts[i].a_nodif)
			continue;
		difos[i] = dt_difo_blob(&e->e_acts[i].a_difo, &difolen[i]);
		if (!difos[i])
			goto out;
		size += dt_al8(difolen[i]);
	}
	if (size > DTRACE_ENABLE_MAX)
		goto out;
	h = calloc(1, size);
	if (!h)
		goto out;
	h->de_size = (uint32_t)size;
	h->de_desc = *pd;
	h->de_desc.dpd_id = 0;
	h->de_nacts = (uint32_t)n;
	h->de_act_off = (uint32_t)dt_al8(sizeof(*h));
	h->de_recsize = e->e_recsize;
	acts = (struct dtrace_ioc_action *)((char *)h + h->de_act_off);
	off = h->de_act_off + dt_al8((size_t)n * sizeof(*acts));
	if (pred) {
		h->de_pred_off = (uint32_t)off;
		memcpy((char *)h + off, pred, predlen);
		off += dt_al8(predlen);
	}
	for (i = 0; i < n; i++) {
		const struct dt_act *a = &e->e_acts[i];

		acts[i].da_kind = a->a_kind;
		acts[i].da_difo_off = a->a_nodif ? 0 : (uint32_t)off;
		if (a->a_rec >= 0) {
			acts[i].da_rec_off = e->e_recs[a->a_rec].r_off;
			acts[i].da_rec_size = e->e_recs[a->a_rec].r_size;
		} else {
			/* AGGKEY: a slot of the key; others: nothing */
			acts[i].da_rec_off = a->a_off;
			acts[i].da_rec_size = a->a_size;
		}
		acts[i].da_guard = (uint32_t)a->a_guardact;
		if (a->a_agg)
			acts[i].da_arg = aggid ? aggid(a->a_agg, arg) : 0;
		else
			acts[i].da_arg = a->a_arg;
		if (a->a_nodif)
			continue;
		memcpy((char *)h + off, difos[i], difolen[i]);
		off += dt_al8(difolen[i]);
	}
	*len = size;
out:
	free(pred);
	if (difos)
		for (i = 0; i < n; i++)
			free(difos[i]);
	free(difos);
	free(difolen);
	return h;
}

int dt_epid_add(struct dt_epidtab *t, uint32_t epid, const struct dt_ecb *e,
		const struct dtrace_probedesc *desc)
{
	struct dt_epid *np = realloc(t->et_epids,
				     (t->et_n + 1) * sizeof(*np));

	if (!np)
		return -1;
	t->et_epids = np;
	np[t->et_n].ep_epid = epid;
	np[t->et_n].ep_ecb = e;
	np[t->et_n].ep_desc = *desc;
	t->et_n++;
	return 0;
}

const struct dt_epid *dt_epid_get(const struct dt_epidtab *t, uint32_t epid)
{
	size_t i;

	for (i = 0; i < t->et_n; i++)
		if (t->et_epids[i].ep_epid == epid)
			return &t->et_epids[i];
	return NULL;
}

const struct dt_ecb *dt_epid_lookup(const struct dt_epidtab *t, uint32_t epid)
{
	const struct dt_epid *ep = dt_epid_get(t, epid);

	return ep ? ep->ep_ecb : NULL;
}

void dt_epid_fini(struct dt_epidtab *t)
{
	free(t->et_epids);
	memset(t, 0, sizeof(*t));
}
