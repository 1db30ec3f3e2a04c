// SPDX-License-Identifier: GPL-2.0
/*
 * dif_bench: nanoseconds per executed DIF instruction, in userspace,
 * for what a D clause typically runs at each probe firing: a predicate,
 * the key of an aggregation, a self-> timestamp delta, and a straight
 * run of arithmetic (the dispatch cost alone).
 *
 *   make dif-bench     builds it with computed goto and with the switch
 *                      dispatch, and runs both
 *
 * Every program is written so that its common path runs every
 * instruction once: executed instructions = ninsns.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dif_vm.h"
#include "dif_asm.h"
#include "dif_env_user.h"

struct bench {
	const char	*name;
	const char	*text;
	u32		executed;	/* 0: every instruction */
};

static const struct bench benches[] = {
	{ "predicate: pid != 0 && arg0 > 100 && execname == \"bash\"",
	  "ldb pid, %r1\n sne %r1, %r0, %r3\n bz %r3, f\n"
	  "ldb arg0, %r4\n seti 100, %r5\n slt %r5, %r4, %r6\n bz %r6, f\n"
	  "ldb execname, %r7\n sets \"bash\", %r8\n scmp %r7, %r8, %r9\n"
	  "bnz %r9, f\n seti 1, %r10\n ret %r10\n f: ret %r0", 13 },
	{ "aggregation key: arg1 & 0xffff",
	  "ldb arg1, %r1\n setx 0xffff, %r2\n and %r1, %r2, %r3\n ret %r3", 0 },
	{ "aggregation key: probefunc (a string)",
	  "ldb probefunc, %r1\n ret %r1", 0 },
	{ "timestamp - self->ts (dynamic store)",
	  "ldb timestamp, %r1\n ldts 1, %r2\n sub %r1, %r2, %r3\n"
	  "stts %r1, 1\n ret %r3", 0 },
	{ "64 arithmetic instructions",
	  "seti 3, %r1\n seti 5, %r2\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "add %r1, %r2, %r3\n mul %r3, %r1, %r4\n xor %r4, %r2, %r5\n"
	  "sll %r5, %r1, %r6\n srl %r6, %r1, %r7\n sub %r7, %r3, %r8\n"
	  "and %r8, %r4, %r9\n or %r9, %r1, %r1\n"
	  "addi %r1, 1, %r1\n addi %r1, 1, %r1\n addi %r1, 1, %r1\n"
	  "addi %r1, 1, %r1\n addi %r1, 1, %r1\n ret %r1", 0 },
};

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	static u64 blob[64 * 1024], scratch[512], dynmem[64 * 1024];
	static struct dif_asm as;
	static const char execname[] = "bash", probefunc[] = "vfs_read";
	long iters = argc > 1 ? atol(argv[1]) : 2000000;
	struct dif_uenv env;
	struct dif_mstate ms;
	struct dif_dyn dyn;
	u64 globals[4], sink = 0;
	size_t b;

	dif_uenv_init(&env);
	dif_uenv_map(&env, execname, sizeof(execname), 0);
	dif_uenv_map(&env, probefunc, sizeof(probefunc), 0);
	env.builtins[DIF_VAR_PID] = 1234;
	env.builtins[DIF_VAR_EXECNAME] = (u64)(unsigned long)execname;
	env.builtins[DIF_VAR_PROBEFUNC] = (u64)(unsigned long)probefunc;
	env.builtins[DIF_VAR_TIMESTAMP] = 1000;
	env.args[0] = 500;
	env.args[1] = 0x12345678;
	memset(&ms, 0, sizeof(ms));
	ms.scratch = (u8 *)scratch;
	ms.scratch_size = sizeof(scratch);
	ms.strsize = 256;
	ms.globals = globals;
	ms.nglobals = 4;
	ms.env = &env;
	dif_dyn_init(&dyn, dynmem, sizeof(dynmem), dif_dyn_chunksize(256));
	ms.dyn = &dyn;

	printf("dif_bench (%s dispatch), %ld runs per program\n",
#ifdef DIF_NO_COMPUTED_GOTO
	       "switch",
#else
	       "computed-goto",
#endif
	       iters);
	for (b = 0; b < sizeof(benches) / sizeof(benches[0]); b++) {
		const struct bench *bn = &benches[b];
		struct dif_prog src, p;
		double t0, t1;
		u32 n, exec;
		long i;

		if (dif_asm(&as, bn->text)) {
			fprintf(stderr, "%s: %s\n", bn->name, as.err);
			return 1;
		}
		dif_asm_prog(&as, &src);
		n = dif_blob_build(&src, blob, sizeof(blob));
		if (!n || dif_prog_load(&p, blob, n, NULL)) {
			fprintf(stderr, "%s: does not load\n", bn->name);
			return 1;
		}
		exec = bn->executed ? bn->executed : p.ninsns;
		t0 = now_ns();
		for (i = 0; i < iters; i++) {
			ms.scratch_used = 0;
			ms.budget = DIF_BUDGET_FIRING;	/* as each firing */
			sink += dif_exec(&p, &ms);
			if (ms.fault.kind) {
				fprintf(stderr, "%s: fault %s\n", bn->name,
					dif_fault_text(ms.fault.kind));
				return 1;
			}
		}
		t1 = now_ns();
		printf("  %-58s %3u insns  %6.1f ns/run  %5.2f ns/insn\n",
		       bn->name, exec, (t1 - t0) / iters,
		       (t1 - t0) / iters / exec);
	}
	return sink == 42;	/* keep the results alive */
}
