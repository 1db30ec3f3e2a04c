// SPDX-License-Identifier: GPL-2.0
/*
 * The D library's constants (dt_dlib.h).
 *
 * uregs[i] reads word i of the task's saved user registers, the kernel's
 * struct pt_regs: the R_* names are those words' indexes on this
 * machine, with illumos's names (R_PC, R_SP, R_FP, R_R0, R_R1, R_PS and
 * the architecture's own) where the machine has the register.
 */
#include <string.h>

#include "dt_dlib.h"
#include "dt_rows.h"

struct dt_dlib_const {
	const char	*dc_name;
	int64_t		dc_val;
};

static const struct dt_dlib_const dt_dlib_consts[] = {
	{ "AF_INET", 2 },
	{ "AF_INET6", 10 },
	/* link_ntop( )'s link types, <linux/if_arp.h>'s */
	{ "ARPHRD_ETHER", 1 },
	{ "ARPHRD_INFINIBAND", 32 },
#if defined(__x86_64__)
	{ "R_R15", 0 }, { "R_R14", 1 }, { "R_R13", 2 }, { "R_R12", 3 },
	{ "R_RBP", 4 }, { "R_RBX", 5 }, { "R_R11", 6 }, { "R_R10", 7 },
	{ "R_R9", 8 }, { "R_R8", 9 }, { "R_RAX", 10 }, { "R_RCX", 11 },
	{ "R_RDX", 12 }, { "R_RSI", 13 }, { "R_RDI", 14 },
	{ "R_TRAPNO", 15 }, { "R_RIP", 16 }, { "R_CS", 17 },
	{ "R_RFL", 18 }, { "R_RSP", 19 }, { "R_SS", 20 },
	/* the 32-bit names of the same words */
	{ "R_EBP", 4 }, { "R_EBX", 5 }, { "R_EAX", 10 }, { "R_ECX", 11 },
	{ "R_EDX", 12 }, { "R_ESI", 13 }, { "R_EDI", 14 }, { "R_EIP", 16 },
	{ "R_EFL", 18 }, { "R_ESP", 19 }, { "R_UESP", 19 },
	/* the portable names */
	{ "R_PC", 16 }, { "R_SP", 19 }, { "R_FP", 4 }, { "R_PS", 18 },
	{ "R_R0", 10 }, { "R_R1", 12 },
#elif defined(__aarch64__)
	{ "R_X0", 0 }, { "R_X1", 1 }, { "R_X2", 2 }, { "R_X3", 3 },
	{ "R_X4", 4 }, { "R_X5", 5 }, { "R_X6", 6 }, { "R_X7", 7 },
	{ "R_X8", 8 }, { "R_X9", 9 }, { "R_X10", 10 }, { "R_X11", 11 },
	{ "R_X12", 12 }, { "R_X13", 13 }, { "R_X14", 14 }, { "R_X15", 15 },
	{ "R_X16", 16 }, { "R_X17", 17 }, { "R_X18", 18 }, { "R_X19", 19 },
	{ "R_X20", 20 }, { "R_X21", 21 }, { "R_X22", 22 }, { "R_X23", 23 },
	{ "R_X24", 24 }, { "R_X25", 25 }, { "R_X26", 26 }, { "R_X27", 27 },
	{ "R_X28", 28 }, { "R_X29", 29 }, { "R_X30", 30 }, { "R_LR", 30 },
	{ "R_PC", 32 }, { "R_SP", 31 }, { "R_FP", 29 }, { "R_PS", 33 },
	{ "R_R0", 0 }, { "R_R1", 1 },
#endif
};

bool dt_dlib_lookup(const char *name, int64_t *val, struct dt_type *type)
{
	const struct dt_dlib_const *c;

	if (strcmp(name, "NULL") == 0) {
		/* a void * that is 0, as <sys/null.h> has it */
		*val = 0;
		*type = (struct dt_type){ .kind = DT_T_INT, .size = 8,
					  .ptr = 1, .rvoid = true };
		return true;
	}
	c = DT_ROW_FIND(dt_dlib_consts, name);
	if (!c)
		return false;
	*val = c->dc_val;
	*type = dt_type_int;
	return true;
}
