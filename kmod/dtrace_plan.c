// SPDX-License-Identifier: GPL-2.0
/*
 * Enable-time specialisation: what each clause's firing needs, decided
 * once at ENABLE from its checked actions and verified programs, so that
 * probe context (dtrace_fire.c) does only that work.
 *
 *  - Each action's charge (its own, and a stack's copies) is summed here.
 *  - A program that is a constant, a string the kernel owns or an
 *    integer built-in that cannot fault is not run: its value is had
 *    directly, and charged what the program would have been.
 *  - A clause of aggregations only (no predicate, record, guard,
 *    speculation or weight), each key part and value had that way, takes
 *    dtrace_ecb_fast(): no machine state, no record, no program.
 *
 * Nothing here trusts more than the checks before it: the plan only
 * narrows which of dtrace_ecb_run()'s steps a clause takes.
 */
#include "dtrace_impl.h"

/* Key parts copied straight from the kernel (dtrace_env_kstr()). */
static bool dtrace_plan_kstr(u32 var)
{
	return var == DIF_VAR_EXECNAME ||
	       (var >= DIF_VAR_PROBEPROV && var <= DIF_VAR_PROBENAME);
}

/* Built-ins dif_env_builtin() answers without a fault or a charge. */
static bool dtrace_plan_builtin(u32 var)
{
	switch (var) {
	case DIF_VAR_ARG0 ... DIF_VAR_ARG9:
	case DIF_VAR_PID:
	case DIF_VAR_PPID:
	case DIF_VAR_TID:
	case DIF_VAR_UID:
	case DIF_VAR_GID:
	case DIF_VAR_CPU:
	case DIF_VAR_ERRNO:
	case DIF_VAR_EPID:
	case DIF_VAR_ID:
		return true;
	default:
		return false;
	}
}

static void dtrace_plan_action(struct dtrace_action *act)
{
	const struct dif_prog *p = &act->dac_prog;
	u32 var = p->short_op == DIF_OP_LDB ? (u32)p->insns[0].di_imm : 0;

	act->dac_cost = DTRACE_COST_ACTION;
	act->dac_fast = DTRACE_FAST_NONE;
	if (act->dac_kind == DTRACE_ACT_STACK ||
	    act->dac_kind == DTRACE_ACT_USTACK) {
		act->dac_cost += DIF_COST_COPY * (act->dac_rec_size / 8);
		return;
	}
	if (p->short_op == DIF_OP_SETI) {
		act->dac_fast = DTRACE_FAST_CONST;
		act->dac_value = (s64)p->insns[0].di_imm;
	} else if (p->short_op == DIF_OP_LDB &&
		   act->dac_kind == DTRACE_ACT_AGGKEY && act->dac_string &&
		   !act->dac_user && act->dac_rec_size &&
		   dtrace_plan_kstr(var)) {
		act->dac_fast = DTRACE_FAST_KSTR;
		act->dac_var = var;
	} else if (p->short_op == DIF_OP_LDB && !act->dac_string &&
		   dtrace_plan_builtin(var)) {
		act->dac_fast = DTRACE_FAST_BUILTIN;
		act->dac_var = var;
	}
}

/* May dtrace_ecb_fast() run this action? */
static bool dtrace_plan_fast_ok(const struct dtrace_action *act)
{
	if (act->dac_guard || act->dac_fast == DTRACE_FAST_NONE)
		return false;
	if (act->dac_kind == DTRACE_ACT_AGGKEY)
		return act->dac_fast == DTRACE_FAST_KSTR || !act->dac_string;
	return act->dac_kind == DTRACE_ACT_AGGREGATE &&
	       act->dac_fast != DTRACE_FAST_KSTR;
}

/**
 * dtrace_ecb_plan() - decide what a clause's firings need
 * @ecb: the clause, its actions checked and its programs verified
 *
 * Context: process context (ENABLE), before the clause is linked.
 */
void dtrace_ecb_plan(struct dtrace_ecb *ecb)
{
	/* what dtrace_ecb_fast() charges, a whole key per aggregation */
	u64 need = DTRACE_COST_CLAUSE;
	bool fast = ecb->de_nacts && !ecb->de_has_pred &&
		    !ecb->de_speculates && !ecb->de_needs_record;
	u32 i;

	ecb->de_guarded = false;
	for (i = 0; i < ecb->de_nacts; i++) {
		struct dtrace_action *act = &ecb->de_acts[i];

		dtrace_plan_action(act);
		ecb->de_guarded |= act->dac_kind == DTRACE_ACT_GUARD;
		fast &= dtrace_plan_fast_ok(act);
		need += act->dac_cost + 2;	/* 2: the program's */
		if (act->dac_kind == DTRACE_ACT_AGGREGATE)
			need += DIF_COST_DYN + ecb->de_aggkeysize;
	}
	ecb->de_fast = fast;
	ecb->de_fast_budget = need;
}
