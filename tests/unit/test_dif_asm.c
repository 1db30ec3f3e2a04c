// SPDX-License-Identifier: GPL-2.0
/*
 * The assembler and the disassembler: a golden listing, every opcode
 * through disassembly and back, and the assembler's error messages.
 */
#include <string.h>
#include "dif_test.h"
#include "kselftest_harness.h"

FIXTURE(asm) {
	struct dift *t;
};

FIXTURE_SETUP(asm)
{
	self->t = dift_new();
}

FIXTURE_TEARDOWN(asm)
{
	free(self->t);
}

struct dift_listing {
	char	text[8192];
	size_t	len;
	int	lines;
};

static void dift_collect(void *arg, const char *line)
{
	struct dift_listing *l = arg;

	l->len += snprintf(l->text + l->len, sizeof(l->text) - l->len,
			   "%s\n", line);
	l->lines++;
}

static const char dift_golden_src[] =
	"! pid == 42 && execname != \"init\" ? strlen(execname) : -1\n"
	".var global 7 string\n"
	".var thread 2 int\n"
	".rtype int 8\n"
	"	ldb pid, %r1\n"
	"	seti 42, %r2\n"
	"	seq %r1, %r2, %r3\n"
	"	bz %r3, no\n"
	"	ldb execname, %r4\n"
	"	sets \"init\", %r5\n"
	"	scmp %r4, %r5, %r6\n"
	"	bz %r6, no\n"
	"	pushtv %r4\n"
	"	call strlen, %r7\n"
	"	stts %r7, 2\n"
	"	ret %r7\n"
	"no:	setx 0xffffffffffffffff, %r7\n"
	"	ldx [%r7-8], %r8\n"
	"	stgs %r7, 7\n"
	"	ret %r7\n";

static const char dift_golden[] =
	"DIFO returns int (size 8)\n"
	"OFF OPCODE            INSTRUCTION\n"
	"00: 34 01 00 00 0000000b  ldb DT_VAR(11), %r1          ! pid\n"
	"01: 13 02 00 00 0000002a  seti 42, %r2\n"
	"02: 16 03 01 02 00000000  seq %r1, %r2, %r3\n"
	"03: 1e 00 03 00 00000008  bz %r3, 12\n"
	"04: 34 04 00 00 00000010  ldb DT_VAR(16), %r4          ! execname\n"
	"05: 15 05 00 00 00000000  sets DT_STRING[0], %r5       ! \"init\"\n"
	"06: 1c 06 04 05 00000000  scmp %r4, %r5, %r6\n"
	"07: 1e 00 06 00 00000004  bz %r6, 12\n"
	"08: 3e 00 04 00 00000000  pushtv %r4\n"
	"09: 41 07 00 00 00000000  call DIF_SUBR(0), %r7        ! strlen\n"
	"10: 3b 00 07 00 00000002  stts %r7, DT_VAR(2)          ! thread scalar int\n"
	"11: 01 00 07 00 00000000  ret %r7\n"
	"12: 14 07 00 00 00000000  setx DT_INTEGER[0], %r7      ! 0xffffffffffffffff\n"
	"13: 26 08 07 00 fffffff8  ldx [%r7-8], %r8\n"
	"14: 37 00 07 00 00000007  stgs %r7, DT_VAR(7)          ! global scalar string\n"
	"15: 01 00 07 00 00000000  ret %r7\n"
	"\n"
	"ID    SCOPE  KIND    TYPE\n"
	"7     global scalar  string (size 0)\n"
	"2     thread scalar  int (size 8)\n";

TEST_F(asm, golden_listing)
{
	struct dift *t = self->t;
	struct dift_listing l = { .len = 0 };

	ASSERT_EQ(0, dift_asm(t, dift_golden_src))
		TH_LOG("%s%s", t->as.err, t->logbuf);
	dif_disasm(&t->prog, dift_collect, &l);
	EXPECT_STREQ(dift_golden, l.text);
}

/* The operand text of a listing line: after the encoding, before "!". */
static void dift_operands(const char *line, char *out, size_t size)
{
	const char *s = line + 26, *e = strstr(line, " ! ");
	size_t n = e ? (size_t)(e - s) : strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	snprintf(out, size, "%.*s", (int)n, s);
}

/*
 * Every opcode: an instruction with typical fields, disassembled, then
 * assembled again, must come back the same.
 */
TEST_F(asm, every_opcode_round_trip)
{
	struct dift *t = self->t;
	static const u64 ints[] = { 0x1234 };
	static const char strs[] = "s";
	static const struct dif_var vars[] = {
		{ .dv_id = 5, .dv_scope = DIF_SCOPE_GLOBAL },
	};
	struct dif_prog p = {
		.ints = ints, .nints = 1, .strtab = strs, .strlen = 2,
		.vars = vars, .nvars = 1, .ninsns = 1,
	};
	char line[160], text[128];
	u32 op;

	for (op = 0; op < DIF_OP_COUNT; op++) {
		struct dif_insn in = { op, 3, 4, 5, 6 };
		struct dif_asm *a = &t->as;

		switch (dif_op_format(op)) {
		case DIF_FMT_NONE:
			in = (struct dif_insn){ op, 0, 0, 0, 0 };
			break;
		case DIF_FMT_A:
			in.di_rd = in.di_rb = 0;
			in.di_imm = 0;
			break;
		case DIF_FMT_I:
			in.di_rd = in.di_ra = in.di_rb = 0;
			break;
		case DIF_FMT_AI:
		case DIF_FMT_DI:
			in.di_rb = 0;
			if (dif_op_format(op) == DIF_FMT_AI)
				in.di_rd = 0;
			else
				in.di_ra = 0;
			break;
		case DIF_FMT_DA:
			in.di_rb = 0;
			in.di_imm = 0;
			break;
		case DIF_FMT_DAI:
		case DIF_FMT_MAI:
			in.di_rb = 0;
			break;
		default:
			in.di_imm = 0;
			break;
		}
		if (op == DIF_OP_SETX || op == DIF_OP_SETS || op == DIF_OP_PUSHTV)
			in.di_imm = 0;
		if (op == DIF_OP_LDBA)
			in.di_imm = DIF_VAR_ARGS;
		p.insns = &in;
		ASSERT_LT(0, dif_disasm_insn(&p, 0, line, sizeof(line)));
		dift_operands(line, text, sizeof(text));
		ASSERT_EQ(0, dif_asm(a, text))
			TH_LOG("'%s': %s", text, a->err);
		ASSERT_EQ(1, a->ninsns) TH_LOG("%s", text);
		EXPECT_EQ(0, memcmp(&in, &a->insns[0], sizeof(in)))
			TH_LOG("'%s' came back as %02x %u %u %u %d", text,
			       a->insns[0].di_op, a->insns[0].di_rd,
			       a->insns[0].di_ra, a->insns[0].di_rb,
			       a->insns[0].di_imm);
	}
	/* unknown opcodes are shown by number */
	{
		struct dif_insn in = { 222, 0, 0, 0, 0 };

		p.insns = &in;
		dif_disasm_insn(&p, 0, line, sizeof(line));
		EXPECT_NE(NULL, strstr(line, "op222"));
		EXPECT_EQ(-1, dif_disasm_insn(&p, 1, line, sizeof(line)));
	}
}

TEST_F(asm, tables_and_labels)
{
	struct dif_asm *a = &self->t->as;

	ASSERT_EQ(0, dif_asm(a,
		"top: setx 5, %r1 ! comment\n"
		"setx 0x5, %r2 ; same value: same entry\n"
		"sets \"a\\tb\", %r3 # escapes\n"
		"sets \"a\\tb\", %r4\n"
		"sets \"\", %r5\n"
		"ba end\n ba top\n"
		"end: ret %r1\n"));
	EXPECT_EQ(1, a->nints);
	EXPECT_EQ(0, a->insns[1].di_imm);
	EXPECT_EQ(0, a->insns[2].di_imm);
	EXPECT_EQ(0, a->insns[3].di_imm);
	EXPECT_EQ(4, a->insns[4].di_imm);
	EXPECT_EQ(0, memcmp(a->strtab, "a\tb\0\0", 5));
	EXPECT_EQ(1, a->insns[5].di_imm);
	EXPECT_EQ(-7, a->insns[6].di_imm);
	/* literal operands and names, either case */
	ASSERT_EQ(0, dif_asm(a, "LDB PID, %R1\n ldb 11, %r2\n call SUBSTR, %r3\n"
			     ".rtype string 64\n ret %r1"));
	EXPECT_EQ(DIF_VAR_PID, a->insns[0].di_imm);
	EXPECT_EQ(11, a->insns[1].di_imm);
	EXPECT_EQ(DIF_SUBR_SUBSTR, a->insns[2].di_imm);
	EXPECT_EQ(DIF_TYPE_STRING, a->rtype.dt_kind);
	EXPECT_EQ(64, a->rtype.dt_size);
	/* variables are declared on first use, as int */
	ASSERT_EQ(0, dif_asm(a, "ldts 3, %r1\n stts %r1, 3\n ldga 9, %r2\n ret %r0"));
	EXPECT_EQ(2, a->nvars);
	EXPECT_EQ(DIF_SCOPE_THREAD, a->vars[0].dv_scope);
	EXPECT_EQ(DIF_KIND_ARRAY, a->vars[1].dv_kind);
}

TEST_F(asm, errors)
{
	static const struct {
		const char	*text;
		const char	*err;
	} cases[] = {
		{ "frob %r1", "line 1: unknown mnemonic 'frob'" },
		{ "nop\n add %r1, %r2", "line 2: 3 operands expected" },
		{ "mov %x1, %r2", "line 1: register expected" },
		{ "mov %r300, %r2", "line 1: bad register number" },
		{ "ba nowhere\n ret %r0", "line 1: undefined label 'nowhere'" },
		{ "a: nop\n a: ret %r0", "line 2: label 'a' defined twice" },
		{ "sets \"open, %r1", "line 1: unterminated string" },
		{ "ldx %r1, %r2", "line 1: operand 1 has the wrong kind" },
		{ "ldb nosuch, %r1", "line 1: unknown built-in 'nosuch'" },
		{ "call nosuch, %r1", "line 1: unknown subroutine 'nosuch'" },
		{ ".frob", "line 1: unknown directive '.frob'" },
		{ ".var galaxy 1 int", "line 1: unknown scope 'galaxy'" },
		{ ".var global 1 float", "line 1: unknown type 'float'" },
		{ ".insn 1 2", "line 1: .insn OP RD RA RB IMM" },
		{ "mov %r1 %r2", "line 1: ',' expected" },
		{ "ldx [%r1+, %r2", "line 1: bad offset" },
		{ "nop %r1", "line 1: 0 operands expected" },
		{ "ldx [%r1, %r2", "line 1: ']' expected" },
		{ "ldb DT_VAR(x), %r1", "line 1: number expected" },
	};
	struct dif_asm *a = &self->t->as;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		EXPECT_EQ(-1, dif_asm(a, cases[i].text)) TH_LOG("%s", cases[i].text);
		EXPECT_STREQ(cases[i].err, a->err) TH_LOG("%s", cases[i].text);
	}
}

TEST_F(asm, blob_build)
{
	struct dift *t = self->t;
	struct dif_prog src;
	u8 small[64];

	ASSERT_EQ(0, dif_asm(&t->as, "sets \"x\", %r1\n ret %r1"));
	dif_asm_prog(&t->as, &src);
	EXPECT_EQ(0, dif_blob_build(&src, small, sizeof(small)));
	EXPECT_EQ(sizeof(struct dif_object_hdr) + 16 + 8, dif_blob_size(&src));
}

TEST_HARNESS_MAIN
