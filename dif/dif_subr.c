// SPDX-License-Identifier: GPL-2.0
/*
 * DIF subroutines, called by CALL with their arguments on the tuple
 * stack.
 */
#include "dif_impl.h"

u64 dif_subr_call(struct dif_mstate *ms, u32 subr)
{
	dif_fault(ms, DIF_FAULT_ILLOP, subr);
	return 0;
}
