/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Enablings: the ENABLE blob of one clause for one probe description,
 * and the table of EPIDs the module returned, which the consumer uses to
 * find the clause of each record.
 */
#ifndef DT_ENABLE_H
#define DT_ENABLE_H

#include <stddef.h>
#include <stdint.h>
#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"

/*
 * The id the module gave aggregation a when the command declared it
 * (AGGDESC): the consumer keeps it (dt_agg.h).
 */
typedef uint32_t dt_aggid_fn(const struct dt_agg *a, void *arg);

/*
 * The blob: struct dtrace_ioc_enable, the actions, then the DIF objects
 * (predicate first), each 8-byte aligned; aggregating actions name their
 * aggregation by aggid( ) (NULL if the clause has none). malloc'd; NULL
 * on failure.
 */
struct dtrace_ioc_enable *dt_enable_blob(const struct dt_ecb *e,
					 const struct dtrace_probedesc *pd,
					 dt_aggid_fn *aggid, void *arg,
					 size_t *len);

struct dt_epid {
	uint32_t		ep_epid;
	const struct dt_ecb	*ep_ecb;
	struct dtrace_probedesc	ep_desc;	/* as enabled */
};

struct dt_epidtab {
	struct dt_epid	*et_epids;
	size_t		et_n;
};

int dt_epid_add(struct dt_epidtab *t, uint32_t epid, const struct dt_ecb *e,
		const struct dtrace_probedesc *desc);
const struct dt_ecb *dt_epid_lookup(const struct dt_epidtab *t, uint32_t epid);
const struct dt_epid *dt_epid_get(const struct dt_epidtab *t, uint32_t epid);
void dt_epid_fini(struct dt_epidtab *t);

#endif /* DT_ENABLE_H */
