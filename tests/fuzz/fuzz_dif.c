// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random DIF objects and random memory through
 * dif_prog_load() and, when accepted, dif_exec() with the userspace
 * environment. Whatever the input, nothing may crash, hang, or read
 * memory the environment did not map (ASan watches every byte: each
 * region is its own exact-size allocation).
 *
 * The first input byte picks how the rest is read:
 *   'A'    assembler text (the seeds are written this way)
 *   even   a raw blob, as the kernel would get it
 *   odd    a structured blob: instructions from the input with their
 *          fields mostly brought into range, so that many pass the
 *          verifier and run
 * After the program, the remaining bytes fill the memory the program
 * can reach: args[] point into a kernel region, a user region and a
 * forbidden one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dif_vm.h"
#include "dif_asm.h"
#include "dif_env_user.h"

#define FZ_BLOB_MAX	(64 * 1024)
#define FZ_SCRATCH	2048
#define FZ_DYN		(16 * 1024)

struct fz_in {
	const u8	*p;
	size_t		n;
};

/* A struct mutex and rw_semaphore layout as plain and PREEMPT_RT have. */
static const struct dif_locks fz_locks[2] = {
	{ .mutex_owner_off = 0, .mutex_owner_size = 8, .mutex_flags = 0x7,
	  .rwsem_count_off = 8, .rwsem_count_size = 8 },
	{ .mutex_owner_off = 16, .mutex_owner_size = 8, .mutex_flags = 0x1,
	  .rwsem_count_off = 4, .rwsem_count_size = 4, .rwsem_rt = 1 },
};

static u8 fz_byte(struct fz_in *in)
{
	u8 b = 0;

	if (in->n) {
		b = *in->p++;
		in->n--;
	}
	return b;
}

static u32 fz_u32(struct fz_in *in)
{
	u32 v = 0;
	int i;

	for (i = 0; i < 4; i++)
		v = v << 8 | fz_byte(in);
	return v;
}

static u64 fz_u64(struct fz_in *in)
{
	return (u64)fz_u32(in) << 32 | fz_u32(in);
}

static const s32 fz_imms[] = { 0, 1, 2, 3, 4, 7, 8, -1, -8, 16, 64, 255 };

/* A structured program: fields pulled into range unless told not to. */
static u32 fz_structured(struct fz_in *in, u64 *blob, struct dif_asm *as)
{
	u32 n = fz_byte(in) % 48 + 1, i;
	struct dif_prog src;

	memset(as, 0, sizeof(*as));
	for (i = 0; i < n && in->n; i++) {
		struct dif_insn *d = &as->insns[i];
		u8 ctl = fz_byte(in);

		d->di_op = fz_byte(in);
		d->di_rd = fz_byte(in);
		d->di_ra = fz_byte(in);
		d->di_rb = fz_byte(in);
		d->di_imm = (s32)fz_u32(in);
		if (ctl & 0x80)
			continue;	/* raw: for the verifier */
		d->di_op %= DIF_OP_COUNT;
		d->di_rd = d->di_rd % (DIF_NREGS - 1) + 1;
		d->di_ra %= DIF_NREGS;
		d->di_rb %= DIF_NREGS;
		if (ctl & 0x40)
			d->di_imm = fz_imms[ctl % ARRAY_SIZE(fz_imms)];
		else if (ctl & 0x20)
			d->di_imm = (s32)((u32)d->di_imm % 48);
		switch (dif_op_format(d->di_op)) {
		case DIF_FMT_NONE:
			d->di_rd = d->di_ra = d->di_rb = 0;
			d->di_imm = 0;
			break;
		case DIF_FMT_A:
			d->di_rd = d->di_rb = 0;
			d->di_imm = 0;
			break;
		case DIF_FMT_I:
		case DIF_FMT_AI:
			d->di_rd = d->di_rb = 0;
			if (dif_op_format(d->di_op) == DIF_FMT_I)
				d->di_ra = 0;
			break;
		case DIF_FMT_DI:
			d->di_ra = d->di_rb = 0;
			break;
		case DIF_FMT_DA:
			d->di_rb = 0;
			d->di_imm = 0;
			break;
		case DIF_FMT_DAI:
		case DIF_FMT_MAI:
			d->di_rb = 0;
			break;
		default:
			d->di_imm = 0;
			break;
		}
		if (d->di_op == DIF_OP_BA || d->di_op == DIF_OP_BZ ||
		    d->di_op == DIF_OP_BNZ)
			d->di_imm = (s32)((u32)d->di_imm % 8);
		if (d->di_op == DIF_OP_PUSHTV)
			d->di_imm = 0;
		if (d->di_op == DIF_OP_PUSHTS)
			d->di_imm = (s32)((u32)d->di_imm % 300);
		if (d->di_op == DIF_OP_LDB)
			d->di_imm = (s32)((u32)d->di_imm % DIF_VAR_COUNT);
		if (d->di_op == DIF_OP_LDBA)
			d->di_imm = ctl & 1 ? DIF_VAR_ARGS : DIF_VAR_UREGS;
		if (d->di_op == DIF_OP_CALL)
			d->di_imm = (s32)((u32)d->di_imm % DIF_SUBR_COUNT);
		if (d->di_op >= DIF_OP_LDGS && d->di_op <= DIF_OP_STGA)
			d->di_imm = (s32)((u32)d->di_imm % 4);
		if (d->di_op == DIF_OP_LDTA || d->di_op == DIF_OP_STTA)
			d->di_imm = (s32)((u32)d->di_imm % 8);
	}
	as->ninsns = i;
	as->insns[as->ninsns++] = (struct dif_insn){ DIF_OP_RET, 0,
						    fz_byte(in) % 16, 0, 0 };
	as->nints = fz_byte(in) % 4;
	for (i = 0; i < as->nints; i++)
		as->ints[i] = fz_u64(in);
	as->strlen = fz_byte(in) % 64;
	for (i = 0; i < as->strlen; i++)
		as->strtab[i] = (char)(fz_byte(in) & 0x7f);
	if (as->strlen)
		as->strtab[as->strlen - 1] = '\0';
	/*
	 * ids 0..3 of each scope, thread arrays 4..7; strings sometimes,
	 * and by-ref values (structs) of 1 to 249 bytes outside this->.
	 */
	for (i = 0; i < 20; i++) {
		u8 b = fz_byte(in);
		struct dif_var *v = &as->vars[as->nvars];

		if (!(b & 1))
			continue;
		v->dv_id = i % 4;
		v->dv_scope = (i / 4) % 3;
		v->dv_kind = i / 4 >= 3 ? DIF_KIND_ARRAY : DIF_KIND_SCALAR;
		if (i / 4 == 3)
			v->dv_scope = DIF_SCOPE_GLOBAL;
		if (i / 4 == 4) {
			v->dv_scope = DIF_SCOPE_THREAD;
			v->dv_id += 4;
		}
		v->dv_type.dt_kind = b & 2 ? DIF_TYPE_STRING : DIF_TYPE_INT;
		v->dv_type.dt_size = b & 2 ? 0 : 8;
		if ((b & 4) && v->dv_scope != DIF_SCOPE_LOCAL) {
			v->dv_type.dt_kind = DIF_TYPE_BYREF;
			v->dv_type.dt_size = 1 + (b >> 3) * 8;
		}
		as->nvars++;
	}
	as->rtype.dt_kind = DIF_TYPE_INT;
	as->rtype.dt_size = 8;
	dif_asm_prog(as, &src);
	return dif_blob_build(&src, blob, FZ_BLOB_MAX);
}

static void fz_emit(void *arg, const char *line)
{
	size_t *n = arg;

	*n += strlen(line);
}

/* A region of exactly size bytes from the input, or a string. */
static u8 *fz_region(struct fz_in *in, size_t size)
{
	u8 *r = malloc(size ? size : 1);
	size_t i;

	for (i = 0; i < size; i++)
		r[i] = fz_byte(in);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dif_asm as;
	static u64 blob[FZ_BLOB_MAX / 8];
	static u64 scratch[FZ_SCRATCH / 8], dynmem[FZ_DYN / 8];
	static u64 globals[4], locals[4];
	struct fz_in in = { data, size };
	struct dif_uenv env;
	struct dif_mstate ms;
	struct dif_prog p;
	struct dif_dyn dyn;
	u8 *kmem, *umem, *kpriv, mode;
	u32 klen, ulen;
	static char logbuf[256];
	struct dif_log log = { logbuf, sizeof(logbuf), 0 };
	char out[300];
	u32 n = 0, i;

	if (size < 1)
		return 0;
	mode = fz_byte(&in);
	if (mode == 'A') {
		char *text = malloc(size);
		size_t len = 0;

		/* text up to a NUL byte; memory after it */
		while (in.n && *in.p) {
			text[len++] = (char)*in.p++;
			in.n--;
		}
		fz_byte(&in);
		text[len] = '\0';
		if (dif_asm(&as, text) == 0) {
			struct dif_prog src;

			dif_asm_prog(&as, &src);
			n = dif_blob_build(&src, blob, sizeof(blob));
		}
		free(text);
	} else if (mode & 1) {
		n = fz_structured(&in, blob, &as);
	} else {
		n = fz_u32(&in) % FZ_BLOB_MAX;
		if (n > in.n)
			n = in.n;
		memcpy(blob, in.p, n);
		in.p += n;
		in.n -= n;
	}
	if (!n)
		return 0;
	log.len = 0;
	if (dif_prog_load(&p, blob, n, &log)) {
		/* a rejection always says why, within the buffer */
		if (log.len == 0 || log.len >= log.size ||
		    logbuf[log.len] != '\0')
			abort();
		return 0;
	}

	{
		size_t chars = 0;

		dif_disasm(&p, fz_emit, &chars);
	}

	dif_uenv_init(&env);
	klen = fz_byte(&in) % 64 + 1;
	kmem = fz_region(&in, klen);
	ulen = fz_byte(&in) % 64 + 1;
	umem = fz_region(&in, ulen);
	kpriv = fz_region(&in, 16);
	dif_uenv_map(&env, kmem, klen, 0);
	dif_uenv_map(&env, umem, ulen, DIF_UR_USER);
	dif_uenv_map(&env, kpriv, 16, DIF_UR_KPRIV);
	for (i = 0; i < ARRAY_SIZE(env.args) + 8; i++) {
		u8 sel = fz_byte(&in), off = fz_byte(&in);
		u64 v;

		switch (sel % 5) {
		case 0:
			v = (u64)(unsigned long)kmem + off % (klen + 8);
			break;
		case 1:
			v = (u64)(unsigned long)umem + off % (ulen + 8);
			break;
		case 2:
			v = (u64)(unsigned long)kpriv + off % 24;
			break;
		case 3:
			v = fz_u64(&in);
			break;
		default:
			v = off;
			break;
		}
		if (i < ARRAY_SIZE(env.args))
			env.args[i] = v;
		else
			env.builtins[DIF_VAR_PID + i - ARRAY_SIZE(env.args)] = v;
	}
	env.builtins[DIF_VAR_EXECNAME] = (u64)(unsigned long)kmem;
	/* the lock subroutines: either layout, or none (ILLOP) */
	switch (fz_byte(&in) % 3) {
	case 0:
		env.locks = &fz_locks[0];
		break;
	case 1:
		env.locks = &fz_locks[1];
		break;
	default:
		break;
	}

	memset(&ms, 0, sizeof(ms));
	ms.scratch = (u8 *)scratch;
	ms.scratch_size = fz_byte(&in) & 1 ? 64 : sizeof(scratch);
	ms.strsize = fz_byte(&in) & 1 ? 16 : 256;
	ms.globals = globals;
	ms.nglobals = 4;
	ms.locals = locals;
	ms.nlocals = fz_byte(&in) % 5;
	ms.env = &env;
	ms.dyn = NULL;
	if (fz_byte(&in) & 1) {
		dif_dyn_init(&dyn, dynmem, sizeof(dynmem) >> (fz_byte(&in) % 6),
			     dif_dyn_chunksize(ms.strsize));
		ms.dyn = &dyn;
	}
	dif_ulock_busy = fz_byte(&in) % 16 == 0;
	memset(globals, 0, sizeof(globals));
	memset(locals, 0, sizeof(locals));

	/*
	 * Three firings from two threads, so dynamic variables matter; then
	 * two more as if another program of the consumer declared every
	 * variable with the other type (string <-> integer), the last with
	 * by-ref marks on every id too (sizes the table does not give).
	 */
	for (i = 0; i < 5; i++) {
		u64 r;

		if (i == 3)
			for (n = 0; n < sizeof(p.strvar); n++)
				((u8 *)p.strvar)[n] ^= 0xff;
		if (i == 4)
			for (n = 0; n < sizeof(p.refvar); n++)
				((u8 *)p.refvar)[n] ^= 0xff;

		env.thread_key = 1 + i % 2;
		dif_mstate_reset(&ms);
		r = dif_exec(&p, &ms);
		if (ms.fault.kind >= DIF_FAULT_COUNT ||
		    ms.scratch_used > ms.scratch_size ||
		    (ms.fault.kind && ms.fault.pc >= p.ninsns))
			abort();
		if (!ms.fault.kind)
			dif_copy_string(&ms, out, r, sizeof(out), i == 2);
		if (ms.dyn && ms.dyn->dd_nused > ms.dyn->dd_nchunks)
			abort();
	}
	free(kmem);
	free(umem);
	free(kpriv);
	return 0;
}
