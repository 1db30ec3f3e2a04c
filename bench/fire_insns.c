// SPDX-License-Identifier: GPL-2.0
/*
 * fire_insns: dtrace.ko's own firing path, built for userspace on one CPU
 * (bench/kshim/kshim.h stands in for the kernel), firing a benchmark
 * clause N times so that callgrind can count its instructions.
 *
 *   fire_insns CASE N
 *
 * The probe, its enablings and the consumer are set up as ENABLE and GO
 * would, with the programs the compiler emits for each case (dtrace -S);
 * the firing itself is kmod/dtrace_fire.c's dtrace_probe_fire( ), with
 * dtrace_agg.c, dtrace_rate.c, dif_env_kernel.c and dif/ as the module
 * builds them. bench/insns.sh runs it for N and 2N firings: the
 * difference over N is what one firing costs, setup cancelled.
 */
#include "dtrace_impl.h"
#include "dif_asm.h"
#include <stdio.h>

u64 kshim_clock_reads, kshim_cycles;
unsigned long jiffies;
struct task_struct kshim_task = {
	.comm = "dd", .pid = 4242, .tgid = 4242, .mm = &kshim_task,
	.real_parent = &kshim_task,
};
struct dtrace_probe *dtrace_probe_error;

/* Not on the benchmark clauses' path: reaching one is a bench bug. */
static void kshim_unused(const char *what)
{
	fprintf(stderr, "fire_insns: %s reached\n", what);
	exit(2);
}

#define KSHIM_UNUSED(ret, name, ...)					\
	ret name(__VA_ARGS__)						\
	{								\
		kshim_unused(#name);					\
		return (ret)0;						\
	}
KSHIM_UNUSED(char *, dtrace_buffer_reserve, struct dtrace_state *s,
	     struct dtrace_cpu *c, u32 n)
KSHIM_UNUSED(char *, dtrace_buffer_reserve_in, struct dtrace_buffer *b,
	     u64 l, u32 n)
KSHIM_UNUSED(struct dtrace_buffer *, dtrace_spec_buffer,
	     struct dtrace_state *s, struct dtrace_cpu *c, u64 id, u64 now)
KSHIM_UNUSED(int, dtrace_spec_end, struct dtrace_state *s,
	     struct dtrace_cpu *c, unsigned int cpu, u64 id, bool commit)
KSHIM_UNUSED(u32, dtrace_speculation, struct dtrace_state *s,
	     struct dif_mstate *ms)
KSHIM_UNUSED(u32, dtrace_stack_user, u64 *out, u32 n,
	     const struct dtrace_args *a)
KSHIM_UNUSED(u32, dtrace_stack_kernel_depth, unsigned long *t,
	     const struct dtrace_args *a, u64 *caller)
KSHIM_UNUSED(u32, dtrace_stack_user_depth, unsigned long *t,
	     const struct dtrace_args *a)
KSHIM_UNUSED(u64, dtrace_stack_kernel_hash, u32 n, unsigned long *t,
	     const struct dtrace_args *a)
KSHIM_UNUSED(int, dtrace_raise, u64 sig)
KSHIM_UNUSED(int, dtrace_raise_stop, void)
KSHIM_UNUSED(int, dtrace_chill, u64 ns)
KSHIM_UNUSED(bool, dtrace_kaddr_readable, unsigned long a, size_t n)
KSHIM_UNUSED(long, copy_from_user_nofault, void *d, const void *s, size_t n)
KSHIM_UNUSED(long, copy_from_kernel_nofault, void *d, const void *s,
	     size_t n)
KSHIM_UNUSED(long, copy_to_user_nofault, void *d, const void *s, size_t n)
KSHIM_UNUSED(int, smp_call_function_single, int cpu, void (*fn)(void *),
	     void *arg, int wait)

void dtrace_buffer_commit(struct dtrace_cpu *cpu, u32 size)
{
	(void)cpu, (void)size;
	kshim_unused("dtrace_buffer_commit");
}

void dtrace_stack_kernel(u64 *pcs, u32 n, unsigned long *tmp,
			 const struct dtrace_args *args)
{
	(void)pcs, (void)n, (void)tmp, (void)args;
	kshim_unused("dtrace_stack_kernel");
}

/* One action of a clause: its kind, slot and program (assembler text). */
struct fi_act {
	u32		kind;
	u32		arg;		/* AGGREGATE: the aggregation */
	u32		rec_size;
	bool		string;
	const char	*text;
};

struct fi_clause {
	int		probe;		/* 0: the entry probe, 1: return */
	const char	*pred;		/* NULL: none */
	struct fi_act	acts[2];
	u32		nacts;
};

/* A benchmark case: its clauses, as `dtrace -S` shows them compiled. */
struct fi_case {
	const char		*name;
	const char		*d;
	u32			aggfunc;	/* 0: no aggregation */
	u32			aggkeysize;
	struct fi_clause	clauses[2];
	u32			nclauses;
	int			nprobes;	/* firings per event */
};

static const struct fi_case cases[] = {
	{ "count-execname", "@[execname] = count()", DTRACE_AGG_COUNT, 256,
	  { { 0, NULL, { { DTRACE_ACT_AGGKEY, 0, 256, true,
			   ".rtype string 256\n ldb execname, %r1\n ret %r1" },
			 { DTRACE_ACT_AGGREGATE, 0, 0, false,
			   "seti 0, %r1\n ret %r1" } }, 2 } }, 1, 1 },
	{ "count-probefunc", "@[probefunc] = count()", DTRACE_AGG_COUNT, 256,
	  { { 0, NULL, { { DTRACE_ACT_AGGKEY, 0, 256, true,
			   ".rtype string 256\n ldb probefunc, %r1\n ret %r1" },
			 { DTRACE_ACT_AGGREGATE, 0, 0, false,
			   "seti 0, %r1\n ret %r1" } }, 2 } }, 1, 1 },
	{ "latency-pair",
	  "entry { self->ts = timestamp; } "
	  "return /self->ts/ { @ = quantize(timestamp - self->ts); self->ts = 0; }",
	  DTRACE_AGG_QUANTIZE, 0,
	  { { 0, NULL, { { DTRACE_ACT_GUARD, 0, 0, false,
			   "ldb timestamp, %r1\n stts %r1, 0\n ret %r1" } },
	      1 },
	    { 1, "ldts 0, %r1\n ret %r1",
	      { { DTRACE_ACT_AGGREGATE, 0, 0, false,
		  "ldb timestamp, %r1\n ldts 0, %r2\n sub %r1, %r2, %r1\n"
		  "seti 0, %r2\n stts %r2, 0\n ret %r1" } }, 1 } }, 2, 2 },
};

static void fi_load(struct dif_prog *p, const char *text)
{
	static struct dif_asm as;
	struct dif_prog src;
	u32 size;
	void *blob;

	if (dif_asm(&as, text)) {
		fprintf(stderr, "fire_insns: %s\n", as.err);
		exit(2);
	}
	dif_asm_prog(&as, &src);
	size = dif_blob_size(&src);
	blob = aligned_alloc(8, (size + 7) & ~7u);
	if (!blob || !dif_blob_build(&src, blob, size) ||
	    dif_prog_load(p, blob, size, NULL)) {
		fprintf(stderr, "fire_insns: cannot load \"%s\"\n", text);
		exit(2);
	}
}

static struct dtrace_ecb *fi_ecb(struct dtrace_state *st,
				 const struct fi_clause *c, u32 epid)
{
	struct dtrace_ecb *e = calloc(1, sizeof(*e) +
				      c->nacts * sizeof(e->de_acts[0]));
	u32 i, keyext = 0;

	e->de_epid = epid;
	e->de_state = st;
	e->de_nacts = c->nacts;
	if (c->pred) {
		e->de_has_pred = true;
		fi_load(&e->de_pred, c->pred);
	}
	for (i = 0; i < c->nacts; i++) {
		struct dtrace_action *a = &e->de_acts[i];

		a->dac_kind = c->acts[i].kind;
		a->dac_arg = c->acts[i].arg;
		a->dac_rec_size = c->acts[i].rec_size;
		a->dac_string = c->acts[i].string;
		fi_load(&a->dac_prog, c->acts[i].text);
		if (a->dac_kind == DTRACE_ACT_AGGKEY)
			keyext = a->dac_rec_off + a->dac_rec_size;
		e->de_aggkeysize = max(e->de_aggkeysize, keyext);
	}
	dtrace_ecb_plan(e);
	return e;
}

int main(int argc, char **argv)
{
	static struct dtrace_probe probes[2] = {
		{ .dp_id = 1, .dp_prov = "fbt", .dp_mod = "vmlinux",
		  .dp_func = "vfs_read", .dp_name = "entry" },
		{ .dp_id = 2, .dp_prov = "fbt", .dp_mod = "vmlinux",
		  .dp_func = "vfs_read", .dp_name = "return" },
	};
	static struct dtrace_ecb_link links[2];
	struct dtrace_ioc_aggdesc ad = { .da_size = sizeof(ad) };
	const struct dtrace_args args = { .da_arg = { 3, 0x1000, 1 } };
	static struct dtrace_state st;
	const struct fi_case *fc = NULL;
	struct dtrace_cpu *c;
	unsigned long n, i;
	u32 k;

	for (k = 0; argc == 3 && k < ARRAY_SIZE(cases); k++)
		if (!strcmp(argv[1], cases[k].name))
			fc = &cases[k];
	if (!fc) {
		fprintf(stderr, "usage: fire_insns CASE N; CASE is one of:\n");
		for (k = 0; k < ARRAY_SIZE(cases); k++)
			fprintf(stderr, "  %-16s %s\n", cases[k].name,
				cases[k].d);
		return 2;
	}
	n = strtoul(argv[2], NULL, 0);

	/* As OPTIONS and GO leave a consumer with the defaults, one CPU. */
	st.ds_strsize = 256;
	st.ds_scratchsize = 16 << 10;
	st.ds_aggsize = 4 << 20;
	st.ds_dynvarsize = 1 << 20;
	st.ds_globals = calloc(DIF_VARID_MAX + 1, sizeof(u64));
	st.ds_cpus = c = calloc(1, sizeof(*c));
	c->dc_scratch = aligned_alloc(8, st.ds_scratchsize);
	c->dc_locals = calloc(DIF_VARID_MAX + 1, sizeof(u64));
	c->dc_mctx = calloc(1, sizeof(*c->dc_mctx));
	ad.da_func = fc->aggfunc;
	ad.da_keysize = fc->aggkeysize;
	if (dtrace_agg_declare(&st, &ad) || dtrace_agg_alloc(&st, c, 0)) {
		fprintf(stderr, "fire_insns: cannot set up the aggregation\n");
		return 2;
	}
	st.ds_dyn_mem = calloc(1, st.ds_dynvarsize);
	if (dif_dyn_init(&st.ds_dyn, st.ds_dyn_mem, st.ds_dynvarsize,
			 dif_dyn_chunksize(st.ds_strsize))) {
		fprintf(stderr, "fire_insns: cannot set up the store\n");
		return 2;
	}
	for (k = 0; k < fc->nclauses; k++) {
		struct dtrace_probe *p = &probes[fc->clauses[k].probe];

		links[k].del_ecb = fi_ecb(&st, &fc->clauses[k], k + 1);
		links[k].del_probe = p;
		p->dp_ecbs = &links[k];
	}
	st.ds_activity = DTRACE_ACTIVE;

	for (i = 0; i < n; i++)
		for (k = 0; k < (u32)fc->nprobes; k++)
			dtrace_probe_fire(&probes[k], &args, NULL);

	if (c->dc_errors || c->dc_aggdrops || c->dc_drops ||
	    c->dc_mctx->dm_ms.dyn_drops) {
		fprintf(stderr, "fire_insns: %s: %llu errors, %llu drops\n",
			fc->name, (unsigned long long)c->dc_errors,
			(unsigned long long)(c->dc_aggdrops + c->dc_drops +
					     c->dc_mctx->dm_ms.dyn_drops));
		return 1;
	}
	printf("%s: %lu events, %llu clock reads\n", fc->name, n,
	       (unsigned long long)kshim_clock_reads);
	return 0;
}
