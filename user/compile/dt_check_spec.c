// SPDX-License-Identifier: GPL-2.0
/*
 * The order of a clause's actions around speculate( ), commit( ) and
 * discard( ), with DTrace's rules, tags and words:
 *
 *  - speculate( ) comes once, after no data and no commit( );
 *  - after it, nothing aggregates, nothing destructive runs (reported
 *    here, before -w is looked at) and exit( ) does not;
 *  - commit( ) comes once, after no data (nor aggregation), and no data
 *    nor aggregation follows it;
 *  - discard( ) records nothing and constrains nothing: data, exit( )
 *    may follow it; chill( ), raise( ) and the like record nothing, so
 *    speculate( ) may follow them.
 *
 * Statements run in an if block (their guard set) count as if they ran.
 * Beyond DTrace: a clause that speculates may not also commit or
 * discard (the module would end the speculation under its own record).
 */

#include "dt_compile.h"
#include "dt_error.h"

enum dt_spec_kind {
	DT_SK_NONE,		/* records nothing: assignments, void calls */
	DT_SK_DATA,		/* records data: trace( ), printf( ), ... */
	DT_SK_EXIT,		/* exit( ): data too */
	DT_SK_AGG,		/* @a = f( ) */
	DT_SK_DESTRUCTIVE,	/* raise( ), stop( ), chill( ), system( ), ... */
	DT_SK_SPECULATE,
	DT_SK_COMMIT,
	DT_SK_DISCARD,
};

static bool dt_spec_is_agg(const struct dt_node *s)
{
	return s->n_kind == DT_N_ASSIGN && (s->n_left->n_kind == DT_N_AGG ||
	       (s->n_left->n_kind == DT_N_INDEX &&
		s->n_left->n_left->n_kind == DT_N_AGG));
}

static enum dt_spec_kind dt_spec_kind(const struct dt_node *s)
{
	const struct dt_func *f = s->n_kind == DT_N_CALL ? s->n_func : NULL;

	if (dt_spec_is_agg(s))
		return DT_SK_AGG;
	if (s->n_kind == DT_N_ASSIGN || s->n_kind == DT_N_INCDEC)
		return DT_SK_NONE;
	if (!f)
		return s->n_type.kind == DT_T_VOID ? DT_SK_NONE : DT_SK_DATA;
	switch (f->f_id) {
	case DT_FN_SPECULATE:
		return DT_SK_SPECULATE;
	case DT_FN_COMMIT:
		return DT_SK_COMMIT;
	case DT_FN_DISCARD:
		return DT_SK_DISCARD;
	case DT_FN_EXIT:
		return DT_SK_EXIT;
	case DT_FN_RAISE:
	case DT_FN_STOP:
	case DT_FN_CHILL:
	case DT_FN_SYSTEM:
	case DT_FN_FREOPEN:
	case DT_FN_FTRUNCATE:
		return DT_SK_DESTRUCTIVE;
	default:
		break;
	}
	if (f->f_kind == DT_F_ACTION)
		return DT_SK_DATA;	/* every other action records */
	/* a subroutine: a void one (bcopy) records nothing */
	return s->n_type.kind == DT_T_VOID ? DT_SK_NONE : DT_SK_DATA;
}

/* The first aggregation at or after @s, if any. */
static const struct dt_node *dt_spec_next_agg(const struct dt_node *s)
{
	for (; s; s = s->n_next)
		if (dt_spec_is_agg(s))
			return s;
	return NULL;
}

/**
 * dt_check_spec() - check the order of one clause's actions around
 * speculations, as DTrace does.
 * @pcb:   the compilation
 * @stmts: the clause's statements, in order
 *
 * Return: 0, or -1 with the error set on @pcb.
 */
int dt_check_spec(struct dt_pcb *pcb, const struct dt_node *stmts)
{
	bool speculate = false, commit = false, data = false;
	const struct dt_node *s, *agg, *ended = NULL;

	for (s = stmts; s; s = s->n_next) {
		switch (dt_spec_kind(s)) {
		case DT_SK_COMMIT:
			if (commit)
				return dt_error(pcb, &s->n_loc, "D_COMM_COMM",
						"commit( ) may not follow "
						"commit( )");
			if (data)
				return dt_error(pcb, &s->n_loc, "D_COMM_DREC",
						"commit( ) may not follow "
						"data-recording action(s)");
			ended = ended ? ended : s;
			agg = dt_spec_next_agg(s);
			if (agg)
				return dt_error(pcb, &agg->n_loc, "D_AGG_COMM",
						"aggregating actions may not "
						"follow commit( )");
			commit = true;
			continue;
		case DT_SK_SPECULATE:
			if (speculate)
				return dt_error(pcb, &s->n_loc, "D_SPEC_SPEC",
						"speculate( ) may not follow "
						"speculate( )");
			if (commit)
				return dt_error(pcb, &s->n_loc, "D_SPEC_COMM",
						"speculate( ) may not follow "
						"commit( )");
			if (data)
				return dt_error(pcb, &s->n_loc, "D_SPEC_DREC",
						"speculate( ) may not follow "
						"data-recording action(s)");
			speculate = true;
			continue;
		case DT_SK_AGG:
			if (speculate)
				return dt_error(pcb, &s->n_loc, "D_AGG_SPEC",
						"aggregating actions may not "
						"follow speculate( )");
			data = true;
			continue;
		case DT_SK_DESTRUCTIVE:
			if (speculate)
				return dt_error(pcb, &s->n_loc, "D_ACT_SPEC",
						"destructive actions may not "
						"follow speculate( )");
			continue;
		case DT_SK_DISCARD:
			ended = ended ? ended : s;
			continue;
		case DT_SK_NONE:
			continue;
		case DT_SK_EXIT:
			if (speculate)
				return dt_error(pcb, &s->n_loc, "D_EXIT_SPEC",
						"exit( ) may not follow "
						"speculate( )");
			break;
		case DT_SK_DATA:
			break;
		}
		if (commit)
			return dt_error(pcb, &s->n_loc, "D_DREC_COMM",
					"data-recording actions may not follow "
					"commit( )");
		if (!speculate)
			data = true;
	}
	/* DTrace allows it: the module would end it under its own record */
	if (speculate && ended)
		return dt_error(pcb, &ended->n_loc, "D_UNSUPPORTED",
				"%s( ) in a clause that speculates is not "
				"supported", ended->n_str);
	return 0;
}
