// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's declarations (>= 0.22):
 *
 *   let $x;               nothing: a $x is the clause's from its first
 *                         assignment, as before
 *   let $x = v;           $x = v
 *   let $x: T = v;        $x = (T)v
 *   let $x: T;            $x = (T)0: bpftrace's zero of the type
 *   let @m = lruhash(N);  before the probes: @m is a D global as any
 *                         other map, which the module bounds by
 *                         dynvarsize, not by N, and which drops new
 *                         elements when full where bpftrace's LRU
 *                         evicts the oldest
 */
#include <stdlib.h>
#include <string.h>

#include "bt_lower.h"
#include "dt_error.h"
#include "dt_rows.h"

struct dt_node *bt_let(struct dt_pcb *pcb, char *name,
		       const struct dt_type *type, struct dt_node *val,
		       const struct dt_loc *loc)
{
	struct dt_node *var = dt_node_new(DT_N_THIS, loc), *c;

	(void)pcb;
	var->n_str = name;
	if (!val)
		val = dt_node_int(0, &dt_type_long, loc);
	if (type) {
		c = dt_node_op(DT_N_CAST, DT_OP_NONE, val, NULL, loc);
		c->n_ctype = *type;
		val = c;
	}
	return dt_node_op(DT_N_ASSIGN, DT_OP_SET, var, val, loc);
}

static const char *const bt_letkinds[] = {
	"hash", "lruhash", "percpuhash", "percpulruhash",
};

int bt_letmap(struct dt_pcb *pcb, char *map, char *kind, int64_t n,
	      const struct dt_loc *kloc)
{
	int rc = DT_ROW_FIND(bt_letkinds, kind) ? 0 : -1;

	if (rc)
		dt_error(pcb, kloc, "BT_LET", "Invalid bpf map type: %s "
			 "(hash, lruhash, percpuhash or percpulruhash)", kind);
	else if (n < 1)
		rc = dt_error(pcb, kloc, "BT_LET", "Max entries for @%s must "
			      "be a positive integer", map);
	free(map);
	free(kind);
	return rc;
}
