// SPDX-License-Identifier: GPL-2.0
/*
 * Code generation, checked by running the DIF: each case compiles
 * "BEGIN { trace(EXPR); }" (after optional setup statements), runs every
 * action's program with dif_exec() in a userspace machine and compares
 * the traced value. Constant expressions are also compiled with their
 * constants hidden behind variables, so the folder and the generated
 * code are checked against the same expected values.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dif_vm.h"
#include "dif_env_user.h"
#include "dt_compile.h"
#include "dt_options.h"
#include "dt_printf.h"
#include "dt_program.h"
#include "kselftest_harness.h"

#define NV	(DIF_VARID_MAX + 1)

struct vm {
	struct dif_uenv		env;
	struct dif_mstate	ms;
	struct dif_dyn		dyn;
	u64			globals[NV], locals[NV];
	u64			scratch[4096];
	u64			dynmem[32768];
};

/* A lock's owner word at 0, its count at 8 (dif_subr_lock.c). */
static const struct dif_locks cg_locks = {
	.mutex_owner_off = 0, .mutex_owner_size = 8, .mutex_flags = 0x7,
	.rwsem_count_off = 8, .rwsem_count_size = 8,
};

static void vm_init(struct vm *vm)
{
	static const char execname[] = "cgtest";

	memset(vm, 0, sizeof(*vm));
	dif_uenv_init(&vm->env);
	dif_uenv_map(&vm->env, execname, sizeof(execname), 0);
	vm->env.builtins[DIF_VAR_EXECNAME] = (u64)(uintptr_t)execname;
	vm->env.builtins[DIF_VAR_PID] = 77;
	vm->env.builtins[DIF_VAR_CURTHREAD] = 0x1000;
	vm->env.builtins[DIF_VAR_CHIP] = 1;
	vm->env.builtins[DIF_VAR_LGRP] = 2;
	vm->env.builtins[DIF_VAR_IPL] = 3;
	vm->env.locks = &cg_locks;
	vm->env.args[0] = 5;
	vm->env.args[1] = (u64)-9;
	vm->ms.scratch = (u8 *)vm->scratch;
	vm->ms.scratch_size = sizeof(vm->scratch);
	vm->ms.globals = vm->globals;
	vm->ms.nglobals = NV;
	vm->ms.locals = vm->locals;
	vm->ms.nlocals = NV;
	vm->ms.env = &vm->env;
	vm->ms.dyn = &vm->dyn;
	dif_dyn_init(&vm->dyn, vm->dynmem, sizeof(vm->dynmem),
		     dif_dyn_chunksize(DIF_STRSIZE_DEFAULT));
}

/*
 * Compile src, run its clauses' actions in order and return the last
 * traced value (as an integer or into str). Returns -1 on any failure.
 */
static int run(struct __test_metadata *_metadata, const char *src,
	       int64_t *val, char *str, size_t strlen_)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	struct vm *vm = malloc(sizeof(*vm));
	int i, rc = -1;

	dt_options_init(&o);
	dt_pcb_init(&pcb, src, NULL, &o);
	if (dt_compile(&pcb, &cp)) {
		TH_LOG("%s: %s", src, pcb.pcb_errmsg);
		goto out;
	}
	vm_init(vm);
	for (int k = 0; k < cp.cp_necbs; k++)
	for (i = 0; i < cp.cp_ecbs[k].e_nacts; i++) {
		const struct dt_act *a = &cp.cp_ecbs[k].e_acts[i];
		struct dif_prog prog;
		char log[512];
		struct dif_log l = { log, sizeof(log), 0 };
		size_t len;
		void *blob = dt_difo_blob(&a->a_difo, &len);
		u64 v;

		if (!blob || dif_prog_load(&prog, blob, (u32)len, &l)) {
			TH_LOG("%s: DIF rejected: %s", src, log);
			free(blob);
			goto out;
		}
		if (i == 0)
			dif_mstate_reset(&vm->ms);	/* a new clause */
		v = dif_exec(&prog, &vm->ms);
		if (vm->ms.fault.kind != DIF_FAULT_NONE) {
			TH_LOG("%s: fault %u at %u", src, vm->ms.fault.kind,
			       vm->ms.fault.pc);
			free(blob);
			goto out;
		}
		if (a->a_type.kind == DT_T_STRING && str) {
			if (dif_copy_string(&vm->ms, str, v, (u32)strlen_,
					    false)) {
				free(blob);
				goto out;
			}
		}
		*val = dt_int_normalize((int64_t)v, &a->a_type);
		free(blob);
	}
	rc = 0;
out:
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	free(vm);
	return rc;
}

struct int_case {
	const char	*expr;
	int64_t		want;
};

static const struct int_case ints[] = {
	{ "1 + 2 * 3", 7 },
	{ "(1 + 2) * 3", 9 },
	{ "10 - 4 - 3", 3 },
	{ "100 / 7", 14 },
	{ "-100 / 7", -14 },
	{ "-100 % 7", -2 },
	{ "100u / 7", 14 },
	{ "1 << 40", 0 },		/* int: 32 bits */
	{ "1L << 40", 1LL << 40 },
	{ "-16 >> 2", -4 },
	{ "(unsigned)-16 >> 28", 15 },
	{ "0xf0 & 0x3c", 0x30 },
	{ "0xf0 | 0x0f", 0xff },
	{ "0xff ^ 0x0f", 0xf0 },
	{ "~0", -1 },
	{ "-(-5)", 5 },
	{ "!0", 1 },
	{ "!7", 0 },
	{ "2147483647 + 1", -2147483648LL },
	{ "4294967295u + 1", 0 },
	{ "(char)300", 44 },
	{ "(unsigned char)-1", 255 },
	{ "(short)65537", 1 },
	{ "(int64_t)-1", -1 },
	{ "(uint32_t)-1", 4294967295LL },
	{ "3 < 5", 1 },
	{ "5 <= 5", 1 },
	{ "5 > 6", 0 },
	{ "-1 < 1u", 0 },		/* C: -1 becomes UINT_MAX */
	{ "-1L < 1", 1 },
	{ "5 >= 6", 0 },
	{ "5 == 5", 1 },
	{ "5 != 5", 0 },
	{ "1 && 2", 1 },
	{ "1 && 0", 0 },
	{ "0 || 3", 1 },
	{ "0 || 0", 0 },
	{ "1 ^^ 1", 0 },
	{ "1 ^^ 0", 1 },
	{ "1 ? 10 : 20", 10 },
	{ "0 ? 10 : 20", 20 },
	{ "sizeof (char) + sizeof (short) + sizeof (long)", 11 },
	{ "'A'", 65 },
	{ "0x7fffffffffffffff", 0x7fffffffffffffffLL },
};

/* "1 + 2" -> "v0 = 1; v1 = 2; ... trace(v0 + v1)": no constant folding */
static void unfold(const char *expr, char *out, size_t len)
{
	char setup[1024] = "", body[1024] = "";
	size_t bl = 0, sl = 0;
	const char *p = expr;
	int n = 0;

	while (*p && bl < sizeof(body) - 16) {
		/* a number not part of a name, not after a cast's '(' type */
		if (isdigit((unsigned char)*p) &&
		    (p == expr || !(p[-1] == '_' ||
				    isalnum((unsigned char)p[-1])))) {
			const char *q = p;

			while ((*q >= '0' && *q <= '9') || (*q >= 'a' &&
				*q <= 'f') || *q == 'x' || *q == 'u' ||
			       *q == 'L')
				q++;
			sl += (size_t)snprintf(setup + sl, sizeof(setup) - sl,
					       "v%d = %.*s; ", n, (int)(q - p),
					       p);
			bl += (size_t)snprintf(body + bl, sizeof(body) - bl,
					       "v%d", n++);
			p = q;
		} else {
			body[bl++] = *p++;
		}
	}
	body[bl] = '\0';
	snprintf(out, len, "BEGIN { %s trace(%s); }", setup, body);
}

TEST(integer_expressions)
{
	size_t i;

	for (i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		char src[2048];
		int64_t v = 0;

		snprintf(src, sizeof(src), "BEGIN { trace(%s); }",
			 ints[i].expr);
		ASSERT_EQ(0, run(_metadata, src, &v, NULL, 0));
		if (v != ints[i].want)
			TH_LOG("folded %s = %lld, want %lld", ints[i].expr,
			       (long long)v, (long long)ints[i].want);
		EXPECT_EQ(ints[i].want, v);

		if (strstr(ints[i].expr, "sizeof") || strchr(ints[i].expr, '\''))
			continue;
		unfold(ints[i].expr, src, sizeof(src));
		ASSERT_EQ(0, run(_metadata, src, &v, NULL, 0));
		if (v != ints[i].want)
			TH_LOG("%s = %lld, want %lld", src, (long long)v,
			       (long long)ints[i].want);
		EXPECT_EQ(ints[i].want, v);
	}
}

static const struct int_case stmts[] = {
	{ "x = 5; trace(x)", 5 },
	{ "x = 5; x += 3; x *= 2; trace(x)", 16 },
	{ "x = 5; trace(x++)", 5 },
	{ "x = 5; x++; trace(x)", 6 },
	{ "x = 5; trace(--x)", 4 },
	{ "c = (char)127; c++; trace(c)", -128 },
	{ "u = (unsigned char)255; u += 1; trace(u)", 0 },
	{ "self->t = 3; self->t *= 7; trace(self->t)", 21 },
	{ "this->a = 2; this->b = this->a << 4; trace(this->b)", 32 },
	{ "a[1] = 10; a[2] = 20; trace(a[1] + a[2])", 30 },
	{ "a[3] = 1; trace(a[4])", 0 },
	{ "a[\"k\", 2] = 5; a[\"k\", 2] += 1; trace(a[\"k\", 2])", 6 },
	{ "n[1] = 1; n[1]++; n[1]++; trace(n[1])", 3 },
	{ "i++; i++; i += 5; trace(i)", 7 },
	{ "c[\"k\"]++; c[\"k\"]++; trace(c[\"k\"])", 2 },
	{ "self->d -= 3; trace(self->d)", -3 },
	{ "trace(arg0 * 2)", 10 },
	{ "trace(args[1])", -9 },
	{ "trace(pid)", 77 },
	{ "x = 0; y = x && (1 / x); trace(y)", 0 },
	{ "x = 1; y = x || (1 / (x - 1)); trace(y)", 1 },
	{ "s = \"abc\"; trace(s == \"abc\")", 1 },
	{ "s = \"abc\"; trace(s < \"abd\")", 1 },
	{ "s = \"abc\"; trace(s > \"abd\")", 0 },
	{ "trace(strlen(\"hello\"))", 5 },
	{ "trace(strlen(strjoin(\"ab\", \"cd\")))", 4 },
	{ "trace(execname == \"cgtest\")", 1 },
	{ "x = 3; trace(x > 2 ? x * 10 : x)", 30 },
	{ "x = 2; y = 3; trace((x + y) * (x - y) / (y - x))", -5 },
	{ "x = 1; if (x) y = 5; else y = 6; trace(y)", 5 },
	{ "x = 0; if (x) y = 5; else y = 6; trace(y)", 6 },
	{ "x = 0; y = 7; if (x) { y = 1 / x; } trace(y)", 7 },
	{ "a = 1; b = 0; if (a) { if (b) c = 1; else c = 2; } trace(c)", 2 },
	{ "a = 0; b = 1; if (a) { if (b) c = 1; else c = 2; } trace(c)", 0 },
	{ "x = 4; if (x > 3) trace(x * 2); else trace(0)", 0 },
};

TEST(statements)
{
	size_t i;

	for (i = 0; i < sizeof(stmts) / sizeof(stmts[0]); i++) {
		char src[1024];
		int64_t v = 0;

		snprintf(src, sizeof(src), "BEGIN { %s; }", stmts[i].expr);
		ASSERT_EQ(0, run(_metadata, src, &v, NULL, 0));
		if (v != stmts[i].want)
			TH_LOG("%s = %lld, want %lld", src, (long long)v,
			       (long long)stmts[i].want);
		EXPECT_EQ(stmts[i].want, v);
	}
}

/*
 * Compile src (one clause) into *cp and run each action's program with
 * pid as the pid variable: its values in v (up to max). The number of
 * actions, or -1.
 */
static int run_acts(struct __test_metadata *_metadata, const char *src,
		    u64 pid, struct dt_pcb *pcb, struct dt_options *o,
		    struct dt_cprog *cp, u64 *v, int max)
{
	struct vm *vm = malloc(sizeof(*vm));
	int i, n = -1;

	dt_options_init(o);
	dt_pcb_init(pcb, src, NULL, o);
	if (!vm || dt_compile(pcb, cp)) {
		TH_LOG("%s: %s", src, pcb->pcb_errmsg);
		free(vm);
		return -1;
	}
	vm_init(vm);
	vm->env.builtins[DIF_VAR_PID] = pid;
	dif_mstate_reset(&vm->ms);
	for (i = 0; i < cp->cp_ecbs[0].e_nacts && i < max; i++) {
		const struct dt_act *a = &cp->cp_ecbs[0].e_acts[i];
		struct dif_prog prog;
		char log[512];
		struct dif_log l = { log, sizeof(log), 0 };
		size_t len;
		void *blob;

		v[i] = 0;
		if (a->a_nodif)
			continue;
		blob = dt_difo_blob(&a->a_difo, &len);
		if (!blob || dif_prog_load(&prog, blob, (u32)len, &l)) {
			TH_LOG("%s: DIF rejected: %s", src, log);
			free(blob);
			goto out;
		}
		v[i] = dif_exec(&prog, &vm->ms);
		free(blob);
		if (vm->ms.fault.kind != DIF_FAULT_NONE)
			goto out;
	}
	n = i;
out:
	free(vm);
	return n;
}

/*
 * ufunc( ), usym( ), uaddr( ), umod( ): recorded as two words, the pid
 * (its slot marked with the kind) then the address, as illumos records
 * them; as an aggregation key, 16 bytes the same way. A pid of 4000000
 * (over 2^17: Debian's pid_max is 4194304) comes through whole.
 */
TEST(user_symbols)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_ecb *e;
	const struct dt_agg *a;
	u64 v[16];

	/* trace( ): TRACE of two slots */
	ASSERT_EQ(2, run_acts(_metadata, "BEGIN { trace(ufunc(0x401000)); }",
			      4000000, &pcb, &o, &cp, v, 16));
	e = &cp.cp_ecbs[0];
	EXPECT_EQ(4000000, v[0]);
	EXPECT_EQ(0x401000, v[1]);
	ASSERT_EQ(2, e->e_nrecs);
	EXPECT_EQ(DT_SYM_UFUNC, e->e_recs[0].r_type.sym);
	EXPECT_EQ(0, e->e_recs[0].r_off);
	EXPECT_EQ(8, e->e_recs[0].r_size);
	EXPECT_EQ(8, e->e_recs[1].r_off);
	EXPECT_EQ(8, e->e_recs[1].r_size);
	EXPECT_EQ(DT_SYM_NONE, e->e_recs[1].r_type.sym);
	EXPECT_EQ(16, e->e_recsize);
	ASSERT_EQ(1, e->e_nouts);
	EXPECT_EQ(DT_OUT_TRACE, e->e_outs[0].o_kind);
	EXPECT_EQ(0, e->e_outs[0].o_rec);
	EXPECT_EQ(2, e->e_outs[0].o_nrecs);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	/* the clause's own output, and printf's arguments */
	ASSERT_EQ(5, run_acts(_metadata, "BEGIN { usym(arg0); printf(\"%A "
			      "%d\\n\", uaddr(arg0 + 1), 3); }", 4000000, &pcb,
			      &o, &cp, v, 16));
	e = &cp.cp_ecbs[0];
	EXPECT_EQ(4000000, v[0]);
	EXPECT_EQ(5, v[1]);
	EXPECT_EQ(4000000, v[2]);
	EXPECT_EQ(6, v[3]);
	EXPECT_EQ(3, v[4]);
	ASSERT_EQ(5, e->e_nrecs);
	EXPECT_EQ(DT_SYM_USYMBOL, e->e_recs[0].r_type.sym);
	EXPECT_EQ(DT_SYM_UADDR, e->e_recs[2].r_type.sym);
	EXPECT_EQ(e->e_recs[2].r_off + 8, e->e_recs[3].r_off);
	ASSERT_EQ(2, e->e_nouts);
	EXPECT_EQ(2, e->e_outs[0].o_nrecs);
	EXPECT_EQ(DT_OUT_PRINTF, e->e_outs[1].o_kind);
	EXPECT_EQ(2, e->e_outs[1].o_rec);
	EXPECT_EQ(3, e->e_outs[1].o_nrecs);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	/* a key of the module's aggregation: pid, address; then the next */
	ASSERT_EQ(4, run_acts(_metadata, "BEGIN { @[umod(arg0), 7] = "
			      "count(); }", 4000000, &pcb, &o, &cp, v, 16));
	e = &cp.cp_ecbs[0];
	a = e->e_acts[3].a_agg;
	ASSERT_NE(NULL, a);
	EXPECT_EQ(DT_SYM_UMOD, a->a_keys[0].sym);
	EXPECT_EQ(0, a->a_keyoff[0]);
	EXPECT_EQ(16, a->a_keysz[0]);
	EXPECT_EQ(16, a->a_keyoff[1]);
	EXPECT_EQ(24, a->a_keysize);
	EXPECT_EQ(DTRACE_ACT_AGGKEY, e->e_acts[0].a_kind);
	EXPECT_EQ(0, e->e_acts[0].a_off);
	EXPECT_EQ(8, e->e_acts[0].a_size);
	EXPECT_EQ(4000000, v[0]);
	EXPECT_EQ(DTRACE_ACT_AGGKEY, e->e_acts[1].a_kind);
	EXPECT_EQ(8, e->e_acts[1].a_off);
	EXPECT_EQ(8, e->e_acts[1].a_size);
	EXPECT_EQ(5, v[1]);
	EXPECT_EQ(16, e->e_acts[2].a_off);
	EXPECT_EQ(7, v[2]);
	EXPECT_EQ(DTRACE_ACT_AGGREGATE, e->e_acts[3].a_kind);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	/* the consumer's aggregation (a stack key): slots, as the keys */
	ASSERT_EQ(4, run_acts(_metadata, "BEGIN { @[ustack(2), ufunc(arg0)] "
			      "= sum(9); }", 4000000, &pcb, &o, &cp, v, 16));
	e = &cp.cp_ecbs[0];
	ASSERT_EQ(1, e->e_nouts);
	a = e->e_outs[0].o_aggs[0];
	ASSERT_NE(NULL, a);
	EXPECT_EQ(16, a->a_keysz[1]);
	ASSERT_EQ(4, e->e_nrecs);
	EXPECT_EQ(DT_SYM_UFUNC, e->e_recs[1].r_type.sym);
	EXPECT_EQ(4000000, v[1]);
	EXPECT_EQ(5, v[2]);
	EXPECT_EQ(9, v[3]);
	ASSERT_EQ(1, e->e_nouts);
	EXPECT_EQ(DT_OUT_AGGREC, e->e_outs[0].o_kind);
	EXPECT_EQ(4, e->e_outs[0].o_nrecs);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* Declared arrays and structs, and pointers that move by elements. */
static const struct int_case decls[] = {
	{ "int a[5];\nBEGIN { i = 3; a[i] = 7; a[0] = 1; "
	  "trace(a[i] + a[0] + a[4]); }", 8 },
	{ "self int d[4];\nBEGIN { i = 2; self->d[i]++; self->d[i] += 4; "
	  "trace(self->d[2]); }", 5 },
	{ "this int a[4];\nBEGIN { i = 1; this->a[i] = 9; this->a[3] = 2; "
	  "trace(this->a[1] * this->a[3] + this->a[0]); }", 18 },
	{ "this short a[5];\nBEGIN { trace(sizeof (this->a)); }", 10 },
	{ "struct pt { int x; long y; };\nthis struct pt a[3];\n"
	  "BEGIN { this->a[1].x = 5; this->a[2].y = 7; "
	  "trace(this->a[1].x + this->a[2].y + this->a[0].y + "
	  "sizeof (this->a)); }", 60 },
	{ "this struct { char c[3]; int n; long l; } u;\n"
	  "BEGIN { this->u.n = 40; this->u.c[2] = 2; this->u.l = -1; "
	  "trace(this->u.n + this->u.c[2] + this->u.l + sizeof (this->u)); }",
	  57 },
	/* each clause takes fresh scratch: the module resets it per clause */
	{ "this int a[2];\nBEGIN { this->a[0] = 7; }\n"
	  "BEGIN { s = strjoin(\"ab\", \"cd\"); this->a[1] = 3; "
	  "trace(this->a[0] * 10 + this->a[1] + strlen(s) * 100); }", 403 },
	{ "struct s { int a; union { int b; char c[4]; }; };\n"
	  "BEGIN { trace(offsetof(struct s, c) * 10 + sizeof (struct s)); }",
	  48 },
	{ "BEGIN { p = (int *)alloca(16); q = p; p += 2; *p = 5; p--; "
	  "trace(*(p + 1) * 10 + (p - q)); }", 51 },
	/*
	 * bit-fields in DTrace's layout, each in the bytes that hold it:
	 * the sizes DTrace's own test of it expects
	 */
	{ "struct r1 { int a : 1; };\nstruct r4 { int a : 1; int b : 3; "
	  "int c : 3; int d : 3; };\nstruct r5 { int c : 12; int a : 10; "
	  "int b : 3; };\nstruct r6 { int a : 20; int b : 3; int c : 12; };\n"
	  "BEGIN { trace(sizeof (struct r1) * 1000 + sizeof (struct r4) * 100 "
	  "+ sizeof (struct r5) * 10 + sizeof (struct r6)); }", 1456 },
	{ "struct r7 { long c : 32; long long d : 9; int e : 1; };\n"
	  "struct r8 { char a : 2; short b : 12; long c : 32; };\n"
	  "struct r12 { int a : 30; int b : 30; int c : 32; };\n"
	  "BEGIN { trace(sizeof (struct r7) * 10000 + sizeof (struct r8) * 100"
	  " + sizeof (struct r12)); }", 70812 },
	/* stored and read back: truncated, signed ones sign-extended */
	{ "struct b { int s : 3; unsigned u : 5; int : 4; unsigned long l : "
	  "40; };\nBEGIN { p = (struct b *)alloca(sizeof (struct b)); "
	  "p->s = 3; p->u = 33; p->l = 0xffffffffffff; "
	  "trace(p->s * 1000000 + p->u * 10000 + (p->l == 0xffffffffff) * 100"
	  " + sizeof (struct b)); }", 3010116 },
	{ "struct b { int s : 3; unsigned u : 5; };\n"
	  "BEGIN { p = (struct b *)alloca(sizeof (struct b)); p->u = 31; "
	  "p->s = 5; p->u = 2; trace(p->s * 100 + (int)p->u); }", -298 },
	{ "struct b { char x; unsigned n : 4; };\nthis struct b v;\n"
	  "BEGIN { this->v.x = -1; this->v.n = 9; "
	  "trace(this->v.n * 1000 + this->v.x); }", 8999 },
	/*
	 * structs as the values of global, self-> and array variables
	 * (issue #35): members stored into a copy that is stored whole,
	 * whole assignment copies, an unset one reads as zeroes
	 */
	{ "struct pt { int x; long y; };\nstruct pt g;\n"
	  "BEGIN { g.x = 3; g.y = 40; trace(g.x + g.y + sizeof (g)); }", 59 },
	{ "struct pt { int x; long y; };\nstruct pt g;\n"
	  "BEGIN { trace(g.y + sizeof (g.y)); }", 8 },
	{ "struct pt { int x; long y; };\nself struct pt v;\nstruct pt g;\n"
	  "BEGIN { g.x = 2; self->v = g; self->v.y = 5; g.x = 9; "
	  "trace(self->v.x * 100 + self->v.y * 10 + g.x); }", 259 },
	{ "struct pt { int x; long y; };\n"
	  "BEGIN { p = (struct pt *)alloca(sizeof (struct pt)); p->x = 4; "
	  "p->y = 6; a[\"k\", 1] = *p; p->x = 0; "
	  "a[\"k\", 1].y = a[\"k\", 1].y + 1; "
	  "trace(a[\"k\", 1].x * 10 + a[\"k\", 1].y + a[\"j\", 1].x); }", 47 },
	{ "struct pt { int x; long y; };\nstruct pt arr[3];\n"
	  "BEGIN { arr[1].y = 5; arr[2] = arr[1]; arr[2].x = 1; "
	  "trace(arr[2].y * 10 + arr[2].x + arr[0].y + sizeof (arr)); }", 99 },
	{ "struct in { int a; int b; };\nstruct out { long l; struct in i; };\n"
	  "struct out g;\nBEGIN { g.i.b = 6; g.l = 1; "
	  "trace(g.i.b * 10 + g.l + g.i.a); }", 61 },
	{ "struct n { char c[4]; int k; };\nself struct n v;\n"
	  "BEGIN { i = 2; self->v.c[i] = 7; self->v.k = 1; "
	  "trace(self->v.c[2] * 10 + self->v.k); }", 71 },
	{ "struct b { int s : 3; unsigned u : 5; };\nstruct b g;\n"
	  "BEGIN { g.s = 5; g.u = 33; trace(g.s * 100 + (int)g.u); }", -299 },
	{ "union w { int i; char c[4]; };\nunion w u;\n"
	  "BEGIN { u.i = 0x0102; trace(u.c[0] * 10 + u.c[1] + sizeof (u)); }",
	  25 },
	/* a member store in the index of another: each to its own */
	{ "struct n { int a[4]; int i; };\nstruct n g, h;\n"
	  "BEGIN { g.a[h.i = 2] = 5; g.a[g.i = 1] = 3; "
	  "trace(g.a[2] * 1000 + h.i * 100 + g.a[1] * 10 + g.i); }", 5231 },
	/* a this-> struct assigned whole: copied into its own scratch */
	{ "struct pt { int x; long y; };\nstruct pt g;\nthis struct pt s;\n"
	  "BEGIN { g.x = 8; this->s.y = 3; this->s = g; "
	  "trace(this->s.x * 10 + this->s.y); }", 80 },
	{ "struct pt { int x; long y; };\nstruct pt g;\nthis struct pt s;\n"
	  "BEGIN { this->p = &this->s.y; g.y = 4; this->s = g; "
	  "g = this->s; g.y = g.y + 1; trace(*this->p * 10 + g.y); }", 45 },
};

TEST(declared)
{
	size_t i;

	for (i = 0; i < sizeof(decls) / sizeof(decls[0]); i++) {
		int64_t v = -1;

		ASSERT_EQ(0, run(_metadata, decls[i].expr, &v, NULL, 0));
		if (v != decls[i].want)
			TH_LOG("%s = %lld, want %lld", decls[i].expr,
			       (long long)v, (long long)decls[i].want);
		EXPECT_EQ(decls[i].want, v);
	}
}

/* An index past the end that is not a constant faults at run time. */
TEST(declared_bounds)
{
	int64_t v;

	EXPECT_EQ(-1, run(_metadata, "int a[5];\nBEGIN { i = 5; a[i] = 1; "
			  "trace(1); }", &v, NULL, 0));
	EXPECT_EQ(-1, run(_metadata, "this int a[2];\nBEGIN { i = -1; "
			  "trace(this->a[i]); }", &v, NULL, 0));
	EXPECT_EQ(0, run(_metadata, "this int a[2];\nBEGIN { i = 1; "
			 "trace(this->a[i]); }", &v, NULL, 0));
}

TEST(strings)
{
	static const struct {
		const char *src, *want;
	} cases[] = {
		{ "trace(\"lit\")", "lit" },
		{ "s = \"v\"; trace(s)", "v" },
		{ "trace(strjoin(\"a\", strjoin(\"b\", \"c\")))", "abc" },
		{ "x = 1; trace(x ? \"yes\" : \"no\")", "yes" },
		{ "trace(execname)", "cgtest" },
		{ "trace(substr(\"hello\", 1, 3))", "ell" },
		{ "trace(substr(\"hello\", 2))", "llo" },
		{ "a[\"k\"] = \"val\"; trace(a[\"k\"])", "val" },
		{ "trace(toupper(\"abc\"))", "ABC" },
		{ "p = (uint8_t *)alloca(6); p[0] = 0x02; p[1] = 0xab; "
		  "p[5] = 0xf0; trace(link_ntop(ARPHRD_ETHER, p))",
		  "02:ab:00:00:00:f0" },
		/* never assigned: "" */
		{ "} string n[int]; string g; self string t; BEGIN { "
		  "trace(strjoin(n[1], strjoin(g, self->t)))", "" },
		{ "} string u[int]; BEGIN { self->t = \"x\"; "
		  "trace(strjoin(u[2], self->t))", "x" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char src[512], out[256] = "";
		int64_t v;

		snprintf(src, sizeof(src), "BEGIN { %s; }", cases[i].src);
		ASSERT_EQ(0, run(_metadata, src, &v, out, sizeof(out)));
		EXPECT_STREQ(cases[i].want, out);
	}
}

/* The lock subroutines and the CPU's built-ins, as compiled. */
TEST(locks_and_cpu)
{
	static const struct {
		const char *src;
		int64_t want;
	} cases[] = {
		{ "m = (long *)alloca(16); m[0] = (long)curthread | 3; "
		  "trace(mutex_owned((void *)m))", 1 },
		{ "m = (long *)alloca(16); m[0] = 0x2001; "
		  "trace(mutex_owned((void *)m))", 0 },
		{ "m = (long *)alloca(16); m[0] = 0x2001; "
		  "trace((long)mutex_owner((void *)m))", 0x2000 },
		{ "m = (long *)alloca(16); trace(mutex_type_adaptive((void *)m) * 10 + "
		  "mutex_type_spin((void *)m))", 10 },
		{ "m = (long *)alloca(16); m[1] = 0x200; "
		  "trace(rw_read_held((void *)m) * 100 + rw_write_held((void *)m) * 10 + "
		  "rw_iswriter((void *)m))", 100 },
		{ "m = (long *)alloca(16); m[1] = 1; "
		  "trace(rw_read_held((void *)m) * 100 + rw_write_held((void *)m) * 10 + "
		  "rw_iswriter((void *)m))", 11 },
		{ "trace(chip * 100 + lgrp * 10 + ipl)", 123 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char src[512];
		int64_t v = -1;

		snprintf(src, sizeof(src), "BEGIN { %s; }", cases[i].src);
		ASSERT_EQ(0, run(_metadata, src, &v, NULL, 0));
		EXPECT_EQ(cases[i].want, v) TH_LOG("%s", cases[i].src);
	}
}

/* The exact code of small programs: a golden listing. */
TEST(golden_dif)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_difo *d;

	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN /pid == 1/ { x = arg0; trace(x + 1); }",
		    NULL, &o);
	ASSERT_EQ(0, dt_compile(&pcb, &cp));
	d = &cp.cp_ecbs[0].e_pred;
	ASSERT_EQ(4, d->d_ninsns);
	EXPECT_EQ(DIF_OP_LDB, d->d_insns[0].di_op);
	EXPECT_EQ(DIF_VAR_PID, d->d_insns[0].di_imm);
	EXPECT_EQ(DIF_OP_SETI, d->d_insns[1].di_op);
	EXPECT_EQ(DIF_OP_SEQ, d->d_insns[2].di_op);
	EXPECT_EQ(DIF_OP_RET, d->d_insns[3].di_op);
	d = &cp.cp_ecbs[0].e_acts[0].a_difo;
	ASSERT_EQ(6, d->d_ninsns);
	EXPECT_EQ(DIF_OP_LDB, d->d_insns[0].di_op);	/* arg0 */
	EXPECT_EQ(DIF_OP_STGS, d->d_insns[1].di_op);	/* x = */
	EXPECT_EQ(DIF_OP_LDGS, d->d_insns[2].di_op);	/* x */
	EXPECT_EQ(DIF_OP_SETI, d->d_insns[3].di_op);	/* 1 */
	EXPECT_EQ(DIF_OP_ADD, d->d_insns[4].di_op);
	EXPECT_EQ(DIF_OP_RET, d->d_insns[5].di_op);
	ASSERT_EQ(1, d->d_nvars);
	EXPECT_EQ(DIF_SCOPE_GLOBAL, d->d_vars[0].dv_scope);
	EXPECT_EQ(8, d->d_vars[0].dv_type.dt_size);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST_HARNESS_MAIN
