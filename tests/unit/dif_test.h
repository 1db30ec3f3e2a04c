/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the DIF unit tests share: a machine with a userspace host
 * (struct dift), built from instruction arrays or assembler text.
 */
#ifndef _DIF_TEST_H
#define _DIF_TEST_H

/*
 * kselftest_harness.h (included after this header) has an unused
 * parameter, and its EXPECT_EQ compares int literals with our u64
 * results: neither is a finding under -Wextra -Werror.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include "dif_vm.h"
#include "dif_asm.h"
#include "dif_env_user.h"

#define DIFT_BLOB_BYTES		(256 * 1024)
#define DIFT_SCRATCH_BYTES	4096
#define DIFT_DYN_BYTES		(64 * 1024)
#define DIFT_NVARS		64

struct dift {
	struct dif_uenv		env;
	struct dif_mstate	ms;
	struct dif_prog		prog;
	struct dif_dyn		dyn;
	struct dif_log		log;
	char			logbuf[4096];
	u64			globals[DIFT_NVARS];
	u64			locals[DIFT_NVARS];
	u64			scratch[DIFT_SCRATCH_BYTES / 8];
	u64			dynmem[DIFT_DYN_BYTES / 8];
	u64			blob[DIFT_BLOB_BYTES / 8];
	struct dif_asm		as;
};

/* An array of instructions and its length, as two arguments. */
#define DIFT_INSNS(...)							\
	((const struct dif_insn[]){ __VA_ARGS__ }),			\
	(u32)(sizeof((const struct dif_insn[]){ __VA_ARGS__ }) /	\
	      sizeof(struct dif_insn))

static inline struct dift *dift_new(void)
{
	struct dift *t = calloc(1, sizeof(*t));

	if (!t)
		abort();
	dif_uenv_init(&t->env);
	t->log.buf = t->logbuf;
	t->log.size = sizeof(t->logbuf);
	t->ms.scratch = (u8 *)t->scratch;
	t->ms.scratch_size = sizeof(t->scratch);
	t->ms.strsize = 256;
	t->ms.globals = t->globals;
	t->ms.nglobals = DIFT_NVARS;
	t->ms.locals = t->locals;
	t->ms.nlocals = DIFT_NVARS;
	t->ms.env = &t->env;
	dif_dyn_init(&t->dyn, t->dynmem, sizeof(t->dynmem),
		     dif_dyn_chunksize(t->ms.strsize));
	t->ms.dyn = &t->dyn;
	dif_mstate_reset(&t->ms);
	return t;
}

/* Build src into the blob and load it; the log is reset first. */
static inline int dift_load_prog(struct dift *t, const struct dif_prog *src)
{
	u32 n = dif_blob_build(src, t->blob, sizeof(t->blob));

	t->log.len = 0;
	t->logbuf[0] = '\0';
	if (!n)
		return -E2BIG;
	return dif_prog_load(&t->prog, t->blob, n, &t->log);
}

static inline int dift_load(struct dift *t, const struct dif_insn *insns,
			    u32 n)
{
	struct dif_prog src = { .insns = insns, .ninsns = n };

	return dift_load_prog(t, &src);
}

/*
 * Assemble text and load it: 0, the load's -EINVAL (the log says why),
 * or -EILSEQ if the text does not assemble (t->as.err says why).
 */
static inline int dift_asm(struct dift *t, const char *text)
{
	struct dif_prog src;

	if (dif_asm(&t->as, text))
		return -EILSEQ;
	dif_asm_prog(&t->as, &src);
	return dift_load_prog(t, &src);
}

/* One probe firing: fresh scratch, then run. */
static inline u64 dift_run(struct dift *t)
{
	dif_mstate_reset(&t->ms);
	return dif_exec(&t->prog, &t->ms);
}

/* Assemble, load and run; the fault is in t->ms.fault. */
static inline u64 dift_asm_run(struct dift *t, const char *text)
{
	int rc = dift_asm(t, text);

	if (rc) {
		fprintf(stderr, "dift_asm: %d: %s%s\n", rc, t->as.err,
			t->logbuf);
		abort();
	}
	return dift_run(t);
}

static inline const char *dift_str(u64 addr)
{
	return (const char *)(unsigned long)addr;
}

#endif /* _DIF_TEST_H */
