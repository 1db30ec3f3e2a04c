// SPDX-License-Identifier: GPL-2.0
/*
 * The verifier and the loader: one table row per rule, each with the
 * program, whether it loads, and the log line it must produce.
 */
#include <stdio.h>
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

struct dift_vcase {
	const char	*desc;
	const char	*text;		/* assembler source */
	const char	*err;		/* NULL: accepted; else a log line */
};

/* the ids the cases below name as one past the last */
_Static_assert(DIF_VAR_COUNT == 38 && DIF_SUBR_COUNT == 50,
	       "update the \"past\" cases to the new last ids");

static const struct dift_vcase dift_vcases[] = {
	/* accepted programs */
	{ "minimal", "ret %r0", NULL },
	{ "every format", ".var global 1 int\n"
	  "nop\n seti 1, %r1\n add %r1, %r1, %r2\n mov %r2, %r3\n"
	  "addi %r3, 4, %r4\n ldx [%r4+0], %r5\n stb %r1, [%r4-1]\n"
	  "bz %r1, end\n ldgs 1, %r6\n stgs %r6, 1\nend: ret %r2", NULL },
	{ "branch to the last insn", "ba 1\n ret %r0", NULL },
	{ "zero branch", "ba 1\n nop\n ret %r0", NULL },
	{ "call with its arguments", "sets \"ab\", %r1\n pushtv %r1\n"
	  "call strlen, %r2\n ret %r2", NULL },
	{ "array with a string key", ".var global 2 array int\n"
	  "sets \"k\", %r1\n pushts %r1, 16\n ldga 2, %r2\n ret %r2", NULL },
	{ "pushes across a branch: checked at run time",
	  "seti 1, %r1\n pushtv %r1\n bz %r1, c\n pushtv %r1\n"
	  "c: call strlen, %r2\n ret %r2", NULL },
	{ "args[] through LDBA", "seti 1, %r1\n ldba args[%r1], %r2\n ret %r2",
	  NULL },
	{ "sets at a string start", ".string \"ab\"\n .string \"cd\"\n"
	  "sets 3, %r1\n ret %r1", NULL },

	{ "a register set on both paths",
	  "ldb pid, %r1\n bz %r1, e\n seti 1, %r2\n ba j\n"
	  "e: seti 2, %r2\n j: ret %r2", NULL },
	{ "code no path reaches reads anything", "ba 2\n ret %r5\n ret %r0",
	  NULL },
	/* rejected: one row per rule */
	{ "a register never set", "ret %r1",
	  "DIF offset 0: reads %r1, not set on every path to here" },
	{ "rb never set", "seti 1, %r1\n add %r1, %r2, %r3\n ret %r3",
	  "DIF offset 1: reads %r2, not set on every path to here" },
	{ "a store's address never set", "stx %r0, [%r3+0]\n ret %r0",
	  "DIF offset 0: reads %r3, not set on every path to here" },
	{ "set on the fall-through only",
	  "ldb pid, %r1\n bz %r1, j\n seti 1, %r2\n j: ret %r2",
	  "DIF offset 3: reads %r2, not set on every path to here" },
	{ "set on the branch only",
	  "ldb pid, %r1\n bz %r1, s\n ba j\n s: seti 2, %r2\n"
	  "j: ret %r2",
	  "DIF offset 4: reads %r2, not set on every path to here" },
	{ "set before an unconditional branch, not after the other",
	  "ldb pid, %r1\n bz %r1, s\n seti 2, %r2\n ba j\n s: nop\n"
	  "j: ret %r2",
	  "DIF offset 5: reads %r2, not set on every path to here" },
	{ "unknown opcode", ".insn 200 0 0 0 0\n ret %r0",
	  "DIF offset 0: unknown opcode 200" },
	{ "rd out of range", "mov %r1, %r16\n ret %r0",
	  "DIF offset 0: register %r16 out of range" },
	{ "ra out of range", "mov %r99, %r1\n ret %r0",
	  "DIF offset 0: register %r99 out of range" },
	{ "rb out of range", "add %r1, %r200, %r1\n ret %r0",
	  "DIF offset 0: register %r200 out of range" },
	{ "ret register out of range", "ret %r16",
	  "DIF offset 0: register %r16 out of range" },
	{ "write to %r0", "seti 1, %r1\n add %r1, %r1, %r0\n ret %r0",
	  "DIF offset 1: write to %r0" },
	{ "store's rd out of range", "stx %r1, [%r20+0]\n ret %r0",
	  "DIF offset 0: register %r20 out of range" },
	{ "unused rd", ".insn ret 3 0 0 0", "DIF offset 0: unused field rd is 3, not 0" },
	{ "unused ra", ".insn nop 0 2 0 0\n ret %r0",
	  "DIF offset 0: unused field ra is 2, not 0" },
	{ "unused rb", ".insn mov 1 2 5 0\n ret %r0",
	  "DIF offset 0: unused field rb is 5, not 0" },
	{ "unused imm", ".insn add 1 1 1 9\n ret %r0",
	  "DIF offset 0: unused field imm is 9, not 0" },
	{ "backward branch", "top: nop\n ba top\n ret %r0",
	  "DIF offset 1: backward branch (imm -2)" },
	{ "branch to itself", ".insn ba 0 0 0 -1\n ret %r0",
	  "DIF offset 0: backward branch (imm -1)" },
	{ "branch beyond the end", "seti 1, %r1\n bz %r1, 40\n ret %r0",
	  "DIF offset 1: branch target 40 beyond end of program" },
	{ "branch just past the end", "bnz %r1, 2\n ret %r0",
	  "DIF offset 0: branch target 2 beyond end of program" },
	{ "last is not ret", "nop",
	  "DIF offset 0: last instruction is not RET" },
	{ "ends with a branch", "ba 1\n ret %r0\n ba 3",
	  "DIF offset 2: branch target 3 beyond end of program" },
	{ "setx outside the table", ".int 5\n .insn setx 1 0 0 1\n ret %r1",
	  "DIF offset 0: integer table index 1 outside 0..0" },
	{ "setx negative", ".insn setx 1 0 0 -1\n ret %r1",
	  "DIF offset 0: integer table index -1 outside 0..-1" },
	{ "sets outside the table", ".string \"ab\"\n sets 3, %r1\n ret %r1",
	  "DIF offset 0: string table offset 3 outside 0..2" },
	{ "sets inside a string", ".string \"abc\"\n sets 1, %r1\n ret %r1",
	  "DIF offset 0: string table offset 1 not at the start of a string" },
	{ "unknown built-in", "ldb 200, %r1\n ret %r1",
	  "DIF offset 0: unknown built-in variable 200" },
	/* the last built-in and subroutine are known, one past them not */
	{ "built-in past execargs", "ldb execargs, %r1\n ldb 38, %r2\n ret %r1",
	  "DIF offset 1: unknown built-in variable 38" },
	{ "subroutine past link_ntop", "seti 1, %r1\n pushtv %r1\n pushtv %r1\n"
	  "call link_ntop, %r2\n pushtv %r1\n call 50, %r1\n ret %r1",
	  "DIF offset 5: unknown subroutine 50" },
	{ "link_ntop with one argument", "pushtv %r1\n call link_ntop, %r1\n ret %r1",
	  "DIF offset 1: LINK_NTOP takes 2 arguments, tuple stack has 1" },
	{ "mutex_owned with two", "pushtv %r1\n pushtv %r1\n call mutex_owned, %r1\n ret %r1",
	  "DIF offset 2: MUTEX_OWNED takes 1 arguments, tuple stack has 2" },
	{ "ldb of an array built-in", "ldb args, %r1\n ret %r1",
	  "DIF offset 0: built-in ARGS is an array: use LDBA" },
	{ "ldba of a scalar built-in", "ldba pid[%r1], %r2\n ret %r2",
	  "DIF offset 0: LDBA of non-array built-in 11" },
	{ "undeclared global", ".novars\n ldgs 3, %r1\n ret %r1",
	  "DIF offset 0: global variable 3 not in the variable table" },
	{ "undeclared thread-local", ".novars\n seti 1, %r1\n stts %r1, 7\n ret %r0",
	  "DIF offset 1: thread-local variable 7 not in the variable table" },
	{ "undeclared clause-local", ".novars\n ldls 0, %r1\n ret %r1",
	  "DIF offset 0: clause-local variable 0 not in the variable table" },
	{ "wrong scope", ".var thread 4 int\n .novars\n ldgs 4, %r1\n ret %r1",
	  "DIF offset 0: global variable 4 not in the variable table" },
	{ "array used as scalar", ".var global 4 array int\n ldgs 4, %r1\n ret %r1",
	  "DIF offset 0: global variable 4 is an array, not a scalar" },
	{ "scalar used as array", ".var global 4 int\n pushtv %r1\n ldga 4, %r1\n ret %r1",
	  "DIF offset 1: global variable 4 is a scalar, not an array" },
	{ "array with no key", ".var global 4 array int\n ldga 4, %r1\n ret %r1",
	  "DIF offset 0: array access with an empty tuple" },
	{ "pushtv with imm", ".insn pushtv 0 1 0 3\n popts\n ret %r0",
	  "DIF offset 0: PUSHTV imm is 3, not 0" },
	{ "pushts bound too big", "pushts %r1, 9000\n popts\n ret %r0",
	  "DIF offset 0: PUSHTS bound 9000 outside 0..8192" },
	{ "pushts bound negative", "pushts %r1, -1\n popts\n ret %r0",
	  "DIF offset 0: PUSHTS bound -1 outside 0..8192" },
	{ "tuple overflow", "pushtv %r1\n pushtv %r1\n pushtv %r1\n"
	  "pushtv %r1\n pushtv %r1\n pushtv %r1\n pushtv %r1\n pushtv %r1\n"
	  "pushtv %r1\n popts\n ret %r0",
	  "DIF offset 8: tuple stack overflow: 9 entries, max 8" },
	{ "unknown subroutine", "call 99, %r1\n ret %r1",
	  "DIF offset 0: unknown subroutine 99" },
	{ "too few arguments", "pushtv %r1\n call substr, %r1\n ret %r1",
	  "DIF offset 1: SUBSTR takes 3 arguments, tuple stack has 1" },
	{ "too many arguments", "pushtv %r1\n pushtv %r1\n call strlen, %r1\n ret %r1",
	  "DIF offset 2: STRLEN takes 1 arguments, tuple stack has 2" },
	{ "arguments left by popts", "pushtv %r1\n popts\n call strlen, %r1\n ret %r1",
	  "DIF offset 2: STRLEN takes 1 arguments, tuple stack has 0" },
	{ "call writes %r0", "call rand, %r0\n ret %r0",
	  "DIF offset 0: write to %r0" },
};

FIXTURE(verify) {
	struct dift *t;
};

FIXTURE_SETUP(verify)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(verify)
{
	free(self->t);
}

TEST_F(verify, table)
{
	struct dift *t = self->t;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dift_vcases); i++) {
		const struct dift_vcase *c = &dift_vcases[i];
		int rc = dift_asm(t, c->text);

		ASSERT_NE(-EILSEQ, rc) TH_LOG("%s: %s", c->desc, t->as.err);
		if (!c->err) {
			EXPECT_EQ(0, rc) TH_LOG("%s: %s", c->desc, t->logbuf);
			continue;
		}
		EXPECT_EQ(-EINVAL, rc) TH_LOG("%s: accepted", c->desc);
		EXPECT_NE(NULL, strstr(t->logbuf, c->err))
			TH_LOG("%s: want '%s', log:\n%s", c->desc, c->err,
			       t->logbuf);
	}
}

/* Every violation is logged, not only the first. */
TEST_F(verify, logs_all)
{
	struct dift *t = self->t;

	ASSERT_EQ(-EINVAL, dift_asm(t, "mov %r1, %r0\n ba 9\n nop"));
	EXPECT_NE(NULL, strstr(t->logbuf, "DIF offset 0: write to %r0\n"));
	EXPECT_NE(NULL, strstr(t->logbuf,
			       "DIF offset 1: branch target 9 beyond"));
	EXPECT_NE(NULL, strstr(t->logbuf,
			       "DIF offset 2: last instruction is not RET"));
}

TEST_F(verify, limits)
{
	struct dift *t = self->t;
	struct dif_limits lim = { .insns_max = 2, .strsize = 16 };

	ASSERT_EQ(0, dift_asm(t, "nop\n nop\n pushts %r0, 32\n popts\n ret %r0"));
	t->log.len = 0;
	EXPECT_EQ(-EINVAL, dif_verify(&t->prog, &lim, &t->log));
	EXPECT_NE(NULL, strstr(t->logbuf,
			       "DIF object: 5 instructions exceed the limit of 2"));
	lim.insns_max = 0;
	t->log.len = 0;
	EXPECT_EQ(-EINVAL, dif_verify(&t->prog, &lim, &t->log));
	EXPECT_NE(NULL, strstr(t->logbuf,
			       "DIF offset 2: PUSHTS bound 32 outside 0..16"));
}

/*
 * n branches pending at once, each to its own target, then a read of
 * %r5, never set: proven and refused within the table, past it marked
 * for zeroed registers (and %r5 reads 0).
 */
static void dift_pending(char *buf, size_t size, int n)
{
	size_t len = 0;
	int i;

	for (i = 0; i < n; i++)
		len += snprintf(buf + len, size - len, "bz %%r0, t%d\n", i);
	for (i = 0; i < n; i++)
		len += snprintf(buf + len, size - len, "t%d: nop\n", i);
	snprintf(buf + len, size - len, "ret %%r5\n");
}

TEST_F(verify, regs_pending_table)
{
	struct dift *t = self->t;
	char text[4096];

	dift_pending(text, sizeof(text), 32);
	EXPECT_EQ(-EINVAL, dift_asm(t, text));
	EXPECT_NE(NULL, strstr(t->logbuf,
			       "DIF offset 64: reads %r5, not set on every path to here"));
	dift_pending(text, sizeof(text), 33);
	ASSERT_EQ(0, dift_asm(t, text)) TH_LOG("%s", t->logbuf);
	EXPECT_EQ(DIF_PF_ZEROREGS, t->prog.flags & DIF_PF_ZEROREGS);
	EXPECT_EQ(0, dift_asm_run(t, text));
	ASSERT_EQ(0, dift_asm(t, "seti 1, %r1\n ret %r1"));
	EXPECT_EQ(0, t->prog.flags & DIF_PF_ZEROREGS);
}

TEST_F(verify, empty_program)
{
	struct dift *t = self->t;

	EXPECT_EQ(-EINVAL, dift_load(t, NULL, 0));
	EXPECT_NE(NULL, strstr(t->logbuf, "DIF object: empty program"));
}

/* A log too small for a line is truncated and stays NUL-terminated. */
TEST_F(verify, small_log)
{
	struct dift *t = self->t;
	char buf[12];

	memset(buf, 'x', sizeof(buf));
	t->log.buf = buf;
	t->log.size = sizeof(buf);
	EXPECT_EQ(-EINVAL, dift_asm(t, "nop"));
	EXPECT_EQ(sizeof(buf) - 1, t->log.len);
	EXPECT_EQ('\0', buf[sizeof(buf) - 1]);
	t->log.buf = NULL;
	EXPECT_EQ(-EINVAL, dift_asm(t, "nop"));
}

/* The header checks: a good blob, then one field broken per row. */
struct dift_lcase {
	const char	*desc;
	void		(*mutate)(struct dif_object_hdr *h, u8 *b, u32 *size);
	const char	*err;
};

static void m_magic(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_magic ^= 1;
}

static void m_size_big(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b;
	h->doh_size = *n + 8;
}

static void m_size_small(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_size = 8;
}

static void m_short(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)h; (void)b;
	*n = sizeof(*h) - 1;
}

static void m_reserved(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_reserved[1] = 1;
}

static void m_insn_count(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_ninsns = DIF_INSNS_MAX + 1;
}

static void m_insn_align(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_insn_off += 4;
}

static void m_insn_header(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_insn_off = 8;
}

static void m_insn_beyond(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_ninsns += 100;
}

static void m_int_beyond(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_int_off = 0xfffffff8;
}

static void m_overlap(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_int_off = h->doh_insn_off;
}

static void m_strtab_nul(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	b[h->doh_str_off + h->doh_strlen - 1] = 'x';
}

static void m_strtab_max(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_strlen = DIF_STRTAB_MAX + 1;
}

static void m_rtype_kind(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_rtype.dt_kind = 9;
}

static void m_rtype_size(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_rtype.dt_size = 3;
}

static void m_rtype_flags(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_rtype.dt_flags = 0x80;
}

static void m_rtype_byref(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_rtype.dt_kind = DIF_TYPE_BYREF;
}

static struct dif_var *var0(struct dif_object_hdr *h, u8 *b)
{
	return (struct dif_var *)(b + h->doh_var_off);
}

static void m_var_reserved(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_reserved = 1;
}

static void m_var_id(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_id = DIF_VARID_MAX + 1;
}

static void m_var_scope(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_scope = 3;
}

static void m_var_kind(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_kind = DIF_KIND_ARRAY;
	var0(h, b)->dv_scope = DIF_SCOPE_LOCAL;
}

static void m_var_type(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_type.dt_size = 7;
}

static void m_var_byref_big(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_type.dt_kind = DIF_TYPE_BYREF;
	var0(h, b)->dv_type.dt_size = DIF_BYREF_MAX + 1;
}

static void m_var_byref_local(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)->dv_type.dt_kind = DIF_TYPE_BYREF;
	var0(h, b)->dv_scope = DIF_SCOPE_LOCAL;
}

static void m_var_dup(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)n;
	var0(h, b)[1] = var0(h, b)[0];
}

static void m_var_count(struct dif_object_hdr *h, u8 *b, u32 *n)
{
	(void)b; (void)n;
	h->doh_nvars = DIF_VARS_MAX + 1;
}

static const struct dift_lcase dift_lcases[] = {
	{ "bad magic", m_magic, "DIF object: bad magic 0x44494631" },
	{ "doh_size beyond size", m_size_big, "DIF object: doh_size" },
	{ "doh_size below header", m_size_small, "DIF object: doh_size 8" },
	{ "shorter than a header", m_short,
	  "DIF object: size 55 smaller than the header" },
	{ "reserved set", m_reserved, "DIF object: reserved header field set" },
	{ "too many insns", m_insn_count,
	  "DIF object: instructions: count 8193 exceeds 8192" },
	{ "insns misaligned", m_insn_align,
	  "DIF object: instructions: offset 60 not 8-byte aligned" },
	{ "insns in the header", m_insn_header,
	  "DIF object: instructions: offset 8 inside the header" },
	{ "insns beyond the blob", m_insn_beyond,
	  "DIF object: instructions: bytes 56.." },
	{ "ints beyond the blob", m_int_beyond,
	  "DIF object: integer table: bytes 4294967288..4294967296 beyond" },
	{ "overlap", m_overlap,
	  "DIF object: instructions overlaps integer table" },
	{ "strtab unterminated", m_strtab_nul,
	  "DIF object: string table not NUL-terminated" },
	{ "strtab too big", m_strtab_max,
	  "DIF object: string table: count 65537 exceeds 65536" },
	{ "rtype kind", m_rtype_kind,
	  "DIF object: return type: unknown type kind 9" },
	{ "rtype size", m_rtype_size,
	  "DIF object: return type: bad size 3 for type kind 0" },
	{ "rtype flags", m_rtype_flags,
	  "DIF object: return type: reserved type bits set" },
	{ "rtype by-ref", m_rtype_byref,
	  "DIF object: return type: by-ref" },
	{ "var reserved", m_var_reserved,
	  "DIF object: variable 0: reserved field set" },
	{ "var id", m_var_id, "DIF object: variable 0: id 1024 exceeds 1023" },
	{ "var scope", m_var_scope,
	  "DIF object: variable 0: bad scope 3 / kind 0" },
	{ "local array", m_var_kind,
	  "DIF object: variable 0: bad scope 2 / kind 1" },
	{ "var type", m_var_type,
	  "DIF object: variable 0: bad size 7 for type kind 0" },
	{ "by-ref too big", m_var_byref_big,
	  "DIF object: variable 0: bad size 16385 for type kind 3" },
	{ "by-ref local", m_var_byref_local,
	  "DIF object: variable 0: a local variable cannot be by-ref" },
	{ "var duplicate", m_var_dup,
	  "DIF object: variable 1: scope 0 id 1 already variable 0" },
	{ "too many vars", m_var_count,
	  "DIF object: variable table: count 1025 exceeds 1024" },
};

static const char dift_good[] =
	".var global 1 int\n .var global 2 int\n"
	"sets \"str\", %r1\n setx 0x100000000, %r2\n ldgs 1, %r3\n"
	"ldgs 2, %r4\n ret %r3";

TEST_F(verify, header_table)
{
	struct dift *t = self->t;
	struct dif_prog src;
	size_t i;

	ASSERT_EQ(0, dif_asm(&t->as, dift_good));
	dif_asm_prog(&t->as, &src);
	for (i = 0; i < ARRAY_SIZE(dift_lcases); i++) {
		const struct dift_lcase *c = &dift_lcases[i];
		u32 n = dif_blob_build(&src, t->blob, sizeof(t->blob));

		ASSERT_NE(0, n);
		ASSERT_EQ(0, dif_prog_load(&t->prog, t->blob, n, NULL));
		c->mutate((struct dif_object_hdr *)t->blob, (u8 *)t->blob, &n);
		t->log.len = 0;
		t->logbuf[0] = '\0';
		EXPECT_EQ(-EINVAL, dif_prog_load(&t->prog, t->blob, n, &t->log))
			TH_LOG("%s: accepted", c->desc);
		EXPECT_NE(NULL, strstr(t->logbuf, c->err))
			TH_LOG("%s: want '%s', log:\n%s", c->desc, c->err,
			       t->logbuf);
	}
}

TEST_F(verify, header_misaligned_blob)
{
	struct dift *t = self->t;
	struct dif_prog src;
	u32 n;

	ASSERT_EQ(0, dif_asm(&t->as, "ret %r0"));
	dif_asm_prog(&t->as, &src);
	n = dif_blob_build(&src, (u8 *)t->blob + 8, sizeof(t->blob) - 8);
	memmove((u8 *)t->blob + 4, (u8 *)t->blob + 8, n);
	EXPECT_EQ(-EINVAL, dif_prog_load(&t->prog, (u8 *)t->blob + 4, n,
					 &t->log));
	EXPECT_NE(NULL, strstr(t->logbuf, "blob not 8-byte aligned"));
	EXPECT_EQ(-EINVAL, dif_prog_load(&t->prog, NULL, n, NULL));
}

/* doh_size may be less than the bytes given: the rest is not ours. */
TEST_F(verify, header_trailing_bytes)
{
	struct dift *t = self->t;
	struct dif_prog src;
	u32 n;

	ASSERT_EQ(0, dif_asm(&t->as, dift_good));
	dif_asm_prog(&t->as, &src);
	n = dif_blob_build(&src, t->blob, sizeof(t->blob));
	EXPECT_EQ(0, dif_prog_load(&t->prog, t->blob, n + 64, &t->log));
	EXPECT_EQ(2, t->prog.nids[DIF_SCOPE_GLOBAL] - 1);
}

/* An empty table's offset only has to be aligned and inside. */
TEST_F(verify, header_empty_tables)
{
	struct dift *t = self->t;
	struct dif_object_hdr *h = (void *)t->blob;
	u32 n;

	ASSERT_EQ(0, dift_asm(t, "ret %r0"));
	n = h->doh_size;
	h->doh_int_off = h->doh_insn_off;
	h->doh_var_off = n;
	EXPECT_EQ(0, dif_prog_load(&t->prog, t->blob, n, &t->log))
		TH_LOG("%s", t->logbuf);
	h->doh_str_off = n + 8;
	EXPECT_EQ(-EINVAL, dif_prog_load(&t->prog, t->blob, n, &t->log));
}

TEST_HARNESS_MAIN
