// SPDX-License-Identifier: GPL-2.0
/*
 * The module's probes, asked through the device (dt_probetab.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dt_dev.h"
#include "dt_probetab.h"

void dt_probetab_init(struct dt_probetab *pt, int fd)
{
	memset(pt, 0, sizeof(*pt));
	pt->pt_fd = fd;
}

void dt_probetab_fini(struct dt_probetab *pt)
{
	free(pt->pt_probes);
	memset(pt, 0, sizeof(*pt));
}

static size_t dt_probetab_pos(const struct dt_probetab *pt, uint32_t id)
{
	size_t lo = 0, hi = pt->pt_n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (pt->pt_probes[mid].dpd_id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int dt_probetab_add(struct dt_probetab *pt, const struct dtrace_probedesc *pd)
{
	size_t i = dt_probetab_pos(pt, pd->dpd_id);

	if (i < pt->pt_n && pt->pt_probes[i].dpd_id == pd->dpd_id) {
		pt->pt_probes[i] = *pd;
		return 0;
	}
	if (pt->pt_n == pt->pt_cap) {
		size_t nc = pt->pt_cap ? pt->pt_cap * 2 : 32;
		void *np = realloc(pt->pt_probes, nc * sizeof(*pd));

		if (!np)
			return -1;
		pt->pt_probes = np;
		pt->pt_cap = nc;
	}
	memmove(&pt->pt_probes[i + 1], &pt->pt_probes[i],
		(pt->pt_n - i) * sizeof(*pd));
	pt->pt_probes[i] = *pd;
	pt->pt_n++;
	return 0;
}

const struct dtrace_probedesc *dt_probetab_get(struct dt_probetab *pt,
					       uint32_t id)
{
	struct dtrace_ioc_probes req;
	struct dtrace_probedesc pd;
	size_t i = dt_probetab_pos(pt, id);

	if (i < pt->pt_n && pt->pt_probes[i].dpd_id == id)
		return &pt->pt_probes[i];
	if (pt->pt_fd < 0 || id == 0)
		return NULL;
	memset(&req, 0, sizeof(req));
	memset(&pd, 0, sizeof(pd));
	req.dp_first_id = id;
	req.dp_count = 1;
	req.dp_buf = (uint64_t)(uintptr_t)&pd;
	if (dt_dev_probes(pt->pt_fd, &req) || req.dp_count != 1 ||
	    pd.dpd_id != id)
		return NULL;
	if (dt_probetab_add(pt, &pd))
		return NULL;
	return &pt->pt_probes[dt_probetab_pos(pt, id)];
}

int dt_probes_walk(int fd, const struct dtrace_probedesc *pat,
		   int (*fn)(const struct dtrace_probedesc *, void *),
		   void *arg)
{
	struct dtrace_probedesc buf[256];
	struct dtrace_ioc_probes req;
	uint32_t next = 1, i;
	int count = 0;

	for (;;) {
		memset(&req, 0, sizeof(req));
		req.dp_pattern = *pat;
		req.dp_pattern.dpd_id = 0;
		req.dp_first_id = next;
		req.dp_count = sizeof(buf) / sizeof(buf[0]);
		req.dp_buf = (uint64_t)(uintptr_t)buf;
		if (dt_dev_probes(fd, &req))
			return -1;
		if (req.dp_count > sizeof(buf) / sizeof(buf[0])) {
			errno = EPROTO;
			return -1;
		}
		for (i = 0; i < req.dp_count; i++) {
			buf[i].dpd_provider[DTRACE_PROVNAMELEN - 1] = '\0';
			buf[i].dpd_mod[DTRACE_MODNAMELEN - 1] = '\0';
			buf[i].dpd_func[DTRACE_FUNCNAMELEN - 1] = '\0';
			buf[i].dpd_name[DTRACE_NAMELEN - 1] = '\0';
			count++;
			if (fn && fn(&buf[i], arg))
				return count;
		}
		if (req.dp_next_id == 0 || req.dp_next_id <= next)
			break;
		next = req.dp_next_id;
	}
	return count;
}
