// SPDX-License-Identifier: GPL-2.0
/*
 * Names and shapes of the instruction set, expanded from the tables of
 * dif.h and dif_ops.h so that nothing here can disagree with them.
 */
#include "dif_vm.h"

static const char *const dif_op_names[] = {
#define DIF_X_NAME(name, fmt, sem)	\
	[DIF_OP_##name] = #name,
	DIF_OPCODES(DIF_X_NAME)
#undef DIF_X_NAME
};

static const u8 dif_op_formats[] = {
#define DIF_X_FMT(name, fmt, sem)	\
	[DIF_OP_##name] = DIF_FMT_##fmt,
	DIF_OPCODES(DIF_X_FMT)
#undef DIF_X_FMT
};

static const char *const dif_fault_texts[] = {
#define DIF_X_FAULT(name, text)	\
	[DIF_FAULT_##name] = text,
	DIF_FAULTS(DIF_X_FAULT)
#undef DIF_X_FAULT
};

static const char *const dif_builtin_names[] = {
#define DIF_X_BUILTIN(name)	\
	[DIF_VAR_##name] = #name,
	DIF_BUILTINS(DIF_X_BUILTIN)
#undef DIF_X_BUILTIN
};

static const char *const dif_subr_names[] = {
#define DIF_X_SUBR(name, nargs)	\
	[DIF_SUBR_##name] = #name,
	DIF_SUBRS(DIF_X_SUBR)
#undef DIF_X_SUBR
};

static const u8 dif_subr_nargs_tab[] = {
#define DIF_X_SUBR(name, nargs)	\
	[DIF_SUBR_##name] = nargs,
	DIF_SUBRS(DIF_X_SUBR)
#undef DIF_X_SUBR
};

/* Upper-case in the tables; DTrace users read mnemonics in lower case. */
const char *dif_op_name(u32 op)
{
	return op < DIF_OP_COUNT ? dif_op_names[op] : NULL;
}

int dif_op_format(u32 op)
{
	return op < DIF_OP_COUNT ? dif_op_formats[op] : -1;
}

const char *dif_fault_text(u32 kind)
{
	return kind < DIF_FAULT_COUNT ? dif_fault_texts[kind] : "unknown fault";
}

const char *dif_builtin_name(u32 var)
{
	return var < DIF_VAR_COUNT ? dif_builtin_names[var] : NULL;
}

const char *dif_subr_name(u32 subr)
{
	return subr < DIF_SUBR_COUNT ? dif_subr_names[subr] : NULL;
}

int dif_subr_nargs(u32 subr)
{
	return subr < DIF_SUBR_COUNT ? dif_subr_nargs_tab[subr] : -1;
}
