// SPDX-License-Identifier: GPL-2.0
/*
 * A small DIF assembler for tests, the fuzzer's seeds and benchmarks.
 * Userspace only. The syntax is what dif_disasm() prints, destination
 * last, plus conveniences:
 *
 *   ! comment (also ; or #)
 *   label:                    branch targets by name (or a number: the
 *                             absolute offset, as the disassembler shows)
 *   add %r1, %r2, %r3         r3 = r1 + r2
 *   ldx [%r1+8], %r2          stx %r2, [%r1+8]
 *   seti -5, %r1              setx 0x1122334455, %r1   (a literal: it is
 *   sets "hello", %r1          put into the integer or string table;
 *                             DT_INTEGER[n] and DT_STRING[n] are raw)
 *   ldb pid, %r1              ldba args[%r3], %r1   (built-ins by name)
 *   ldgs 3, %r1               ldts, ldls, ldga and the stores: var id
 *   call strlen, %r1          subroutines by name or number
 *   DT_VAR(11), DIF_SUBR(0)   numbers, written as the disassembler does
 *   pushtv %r1                pushts %r1, 32
 *   .var global 3 string      declare a variable: scope id [array] type
 *                             (used but undeclared ids get int, 8 bytes;
 *                             byref N: a struct of N bytes)
 *   .novars                   do not declare variables by themselves
 *   .rtype string 256         the return type: int|string|ptr [size]
 *   .int 42    .string "x"    add a table entry explicitly
 *   .insn OP RD RA RB IMM     any encoding: OP a mnemonic or number
 *
 * It checks syntax only: encodings the verifier refuses can be written,
 * which is what its tests need.
 */
#include "dif_asm.h"

struct dif_asm_op {
	enum { DIF_AO_REG, DIF_AO_NUM, DIF_AO_STR, DIF_AO_MEM, DIF_AO_NAME,
	       DIF_AO_INDEX, DIF_AO_TABLE } kind;
	s64	num;		/* NUM, TABLE; MEM offset; INDEX if numbered */
	bool	numbered;	/* written NAME(num), as DT_VAR(11) */
	u32	reg;		/* REG, MEM, INDEX */
	char	name[32];	/* NAME, INDEX */
	char	str[256];	/* STR, decoded */
	u32	slen;
};

struct dif_asm_ctx {
	struct dif_asm		*a;
	const char		*s;	/* cursor in the current line */
	u32			line;
	struct dif_asm_op	ops[4];
	u32			nops;
	bool			noauto;
};

static bool dif_asm_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

static bool dif_asm_identc(char c, bool first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '.' || (!first && c >= '0' && c <= '9');
}

static bool dif_asm_eol(char c)
{
	return c == '\0' || c == '\n' || c == '!' || c == ';' || c == '#';
}

static u32 dif_asm_len(const char *s)
{
	u32 n = 0;

	while (s[n])
		n++;
	return n;
}

static bool dif_asm_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* Case-insensitive, for mnemonics and names of the tables. */
static bool dif_asm_ieq(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? *a - 'A' + 'a' : *a;
		char y = *b >= 'A' && *b <= 'Z' ? *b - 'A' + 'a' : *b;

		if (x != y)
			return false;
	}
	return *a == *b;
}

__printf(2, 3)
static int dif_asm_err(struct dif_asm_ctx *c, const char *fmt, ...)
{
	int n = snprintf(c->a->err, sizeof(c->a->err), "line %u: ", c->line);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->a->err + n, sizeof(c->a->err) - n, fmt, ap);
	va_end(ap);
	c->a->errline = c->line;
	return -1;
}

static void dif_asm_skip(struct dif_asm_ctx *c)
{
	while (dif_asm_space(*c->s))
		c->s++;
}

static bool dif_asm_ident(struct dif_asm_ctx *c, char *dst, u32 size)
{
	u32 n = 0;

	dif_asm_skip(c);
	if (!dif_asm_identc(*c->s, true))
		return false;
	while (dif_asm_identc(*c->s, false)) {
		if (n + 1 < size)
			dst[n++] = *c->s;
		c->s++;
	}
	dst[n] = '\0';
	return true;
}

static bool dif_asm_number(struct dif_asm_ctx *c, s64 *out)
{
	bool neg = false;
	u64 v = 0, base = 10;
	int digits = 0;

	dif_asm_skip(c);
	if (*c->s == '-' || *c->s == '+')
		neg = *c->s++ == '-';
	if (c->s[0] == '0' && (c->s[1] == 'x' || c->s[1] == 'X')) {
		base = 16;
		c->s += 2;
	}
	for (;; c->s++, digits++) {
		char ch = *c->s;
		u64 d;

		if (ch >= '0' && ch <= '9')
			d = ch - '0';
		else if (base == 16 && ch >= 'a' && ch <= 'f')
			d = ch - 'a' + 10;
		else if (base == 16 && ch >= 'A' && ch <= 'F')
			d = ch - 'A' + 10;
		else
			break;
		v = v * base + d;
	}
	*out = neg ? (s64)(0 - v) : (s64)v;
	return digits > 0;
}

static int dif_asm_reg(struct dif_asm_ctx *c, u32 *reg)
{
	s64 n;

	dif_asm_skip(c);
	if (c->s[0] != '%' || (c->s[1] != 'r' && c->s[1] != 'R'))
		return dif_asm_err(c, "register expected");
	c->s += 2;
	if (!dif_asm_number(c, &n) || n < 0 || n > 255)
		return dif_asm_err(c, "bad register number");
	*reg = (u32)n;
	return 0;
}

static int dif_asm_string(struct dif_asm_ctx *c, struct dif_asm_op *o)
{
	c->s++;
	o->slen = 0;
	while (*c->s && *c->s != '"' && *c->s != '\n') {
		char ch = *c->s++;

		if (ch == '\\') {
			if (*c->s == '\0' || *c->s == '\n')
				break;
			ch = *c->s++;
			ch = ch == 'n' ? '\n' : ch == 't' ? '\t' :
			     ch == '0' ? '\0' : ch;
		}
		if (o->slen + 1 >= sizeof(o->str))
			return dif_asm_err(c, "string too long");
		o->str[o->slen++] = ch;
	}
	if (*c->s != '"')
		return dif_asm_err(c, "unterminated string");
	c->s++;
	o->str[o->slen] = '\0';
	return 0;
}

static int dif_asm_operand(struct dif_asm_ctx *c, struct dif_asm_op *o)
{
	memset(o, 0, sizeof(*o));
	dif_asm_skip(c);
	if (*c->s == '%') {
		o->kind = DIF_AO_REG;
		return dif_asm_reg(c, &o->reg);
	}
	if (*c->s == '"') {
		o->kind = DIF_AO_STR;
		return dif_asm_string(c, o);
	}
	if (*c->s == '[') {
		c->s++;
		o->kind = DIF_AO_MEM;
		if (dif_asm_reg(c, &o->reg))
			return -1;
		dif_asm_skip(c);
		if ((*c->s == '+' || *c->s == '-') &&
		    !dif_asm_number(c, &o->num))
			return dif_asm_err(c, "bad offset");
		dif_asm_skip(c);
		if (*c->s++ != ']')
			return dif_asm_err(c, "']' expected");
		return 0;
	}
	if (dif_asm_ident(c, o->name, sizeof(o->name))) {
		o->kind = DIF_AO_NAME;
		dif_asm_skip(c);
		if (*c->s == '(') {		/* DT_VAR(11), DIF_SUBR(0) */
			c->s++;
			if (!dif_asm_number(c, &o->num))
				return dif_asm_err(c, "number expected");
			dif_asm_skip(c);
			if (*c->s++ != ')')
				return dif_asm_err(c, "')' expected");
			o->kind = DIF_AO_NUM;
			o->numbered = true;
			dif_asm_skip(c);
		}
		if (*c->s != '[')
			return 0;
		c->s++;
		dif_asm_skip(c);
		if (*c->s != '%') {		/* DT_INTEGER[0] */
			o->kind = DIF_AO_TABLE;
			if (!dif_asm_number(c, &o->num))
				return dif_asm_err(c, "index expected");
		} else {			/* args[%r1] */
			o->kind = DIF_AO_INDEX;
			if (dif_asm_reg(c, &o->reg))
				return -1;
		}
		dif_asm_skip(c);
		if (*c->s++ != ']')
			return dif_asm_err(c, "']' expected");
		return 0;
	}
	o->kind = DIF_AO_NUM;
	if (!dif_asm_number(c, &o->num))
		return dif_asm_err(c, "operand expected");
	return 0;
}

static int dif_asm_operands(struct dif_asm_ctx *c)
{
	c->nops = 0;
	dif_asm_skip(c);
	if (dif_asm_eol(*c->s))
		return 0;
	for (;;) {
		if (c->nops == ARRAY_SIZE(c->ops))
			return dif_asm_err(c, "too many operands");
		if (dif_asm_operand(c, &c->ops[c->nops++]))
			return -1;
		dif_asm_skip(c);
		if (dif_asm_eol(*c->s))
			return 0;
		if (*c->s++ != ',')
			return dif_asm_err(c, "',' expected");
	}
}

/* Add (or find) an entry of the integer or string table. */
static int dif_asm_int(struct dif_asm_ctx *c, u64 v)
{
	struct dif_asm *a = c->a;
	u32 i;

	for (i = 0; i < a->nints; i++)
		if (a->ints[i] == v)
			return (int)i;
	if (a->nints == ARRAY_SIZE(a->ints))
		return dif_asm_err(c, "integer table full");
	a->ints[a->nints] = v;
	return (int)a->nints++;
}

static int dif_asm_str(struct dif_asm_ctx *c, const char *s, u32 len)
{
	struct dif_asm *a = c->a;
	u32 i, off;

	for (i = 0; i + len < a->strlen; i++)
		if ((i == 0 || a->strtab[i - 1] == '\0') &&
		    !memcmp(a->strtab + i, s, len) && a->strtab[i + len] == 0)
			return (int)i;
	if (a->strlen + len + 1 > sizeof(a->strtab))
		return dif_asm_err(c, "string table full");
	off = a->strlen;
	memcpy(a->strtab + off, s, len);
	a->strtab[off + len] = '\0';
	a->strlen += len + 1;
	return (int)off;
}

static int dif_asm_parse_type(struct dif_asm_ctx *c, struct dif_type *t)
{
	char name[16];
	s64 size;

	memset(t, 0, sizeof(*t));
	if (!dif_asm_ident(c, name, sizeof(name)))
		return dif_asm_err(c, "type expected");
	if (dif_asm_eq(name, "int")) {
		t->dt_kind = DIF_TYPE_INT;
		t->dt_size = 8;
	} else if (dif_asm_eq(name, "string")) {
		t->dt_kind = DIF_TYPE_STRING;
	} else if (dif_asm_eq(name, "ptr")) {
		t->dt_kind = DIF_TYPE_PTR;
		t->dt_size = 8;
	} else if (dif_asm_eq(name, "byref")) {
		t->dt_kind = DIF_TYPE_BYREF;	/* its size follows */
	} else {
		return dif_asm_err(c, "unknown type '%s'", name);
	}
	if (dif_asm_number(c, &size))
		t->dt_size = (u32)size;
	return 0;
}

static int dif_asm_var_decl(struct dif_asm_ctx *c, u32 scope, u32 id,
			    u32 kind, const struct dif_type *t)
{
	struct dif_asm *a = c->a;
	struct dif_var *v;
	u32 i;

	for (i = 0; i < a->nvars; i++)
		if (a->vars[i].dv_scope == scope && a->vars[i].dv_id == id)
			return 0;
	if (a->nvars == ARRAY_SIZE(a->vars))
		return dif_asm_err(c, "variable table full");
	v = &a->vars[a->nvars++];
	memset(v, 0, sizeof(*v));
	v->dv_id = id;
	v->dv_scope = (u8)scope;
	v->dv_kind = (u8)kind;
	v->dv_type = *t;
	return 0;
}

static const char *const dif_asm_scopes[] = {
	[DIF_SCOPE_GLOBAL]	= "global",
	[DIF_SCOPE_THREAD]	= "thread",
	[DIF_SCOPE_LOCAL]	= "local",
};

static int dif_asm_directive(struct dif_asm_ctx *c, const char *d)
{
	struct dif_asm *a = c->a;
	struct dif_asm_op o;
	char word[16];
	s64 n[5];
	u32 i;

	if (dif_asm_eq(d, ".novars")) {
		c->noauto = true;
		return 0;
	}
	if (dif_asm_eq(d, ".rtype"))
		return dif_asm_parse_type(c, &a->rtype);
	if (dif_asm_eq(d, ".int")) {
		if (!dif_asm_number(c, &n[0]))
			return dif_asm_err(c, "number expected");
		if (a->nints == ARRAY_SIZE(a->ints))
			return dif_asm_err(c, "integer table full");
		a->ints[a->nints++] = (u64)n[0];
		return 0;
	}
	if (dif_asm_eq(d, ".string")) {
		dif_asm_skip(c);
		if (*c->s != '"' || dif_asm_string(c, &o))
			return dif_asm_err(c, "string expected");
		if (a->strlen + o.slen + 1 > sizeof(a->strtab))
			return dif_asm_err(c, "string table full");
		memcpy(a->strtab + a->strlen, o.str, o.slen + 1);
		a->strlen += o.slen + 1;
		return 0;
	}
	if (dif_asm_eq(d, ".insn")) {
		struct dif_insn *in;

		const char *save = c->s;

		n[0] = -1;
		if (dif_asm_ident(c, word, sizeof(word))) {
			for (i = 0; i < DIF_OP_COUNT; i++)
				if (dif_asm_ieq(word, dif_op_name(i)))
					n[0] = i;
			if (n[0] < 0)
				return dif_asm_err(c, "unknown mnemonic '%s'",
						   word);
		} else {
			c->s = save;
			if (!dif_asm_number(c, &n[0]))
				n[0] = -1;
		}
		for (i = 1; i < 5; i++)
			if (n[0] < 0 || !dif_asm_number(c, &n[i]))
				return dif_asm_err(c, ".insn OP RD RA RB IMM");
		if (a->ninsns == ARRAY_SIZE(a->insns))
			return dif_asm_err(c, "too many instructions");
		in = &a->insns[a->ninsns++];
		in->di_op = (u8)n[0];
		in->di_rd = (u8)n[1];
		in->di_ra = (u8)n[2];
		in->di_rb = (u8)n[3];
		in->di_imm = (s32)n[4];
		return 0;
	}
	if (dif_asm_eq(d, ".var")) {
		struct dif_type t;
		u32 scope = DIF_SCOPE_COUNT, kind = DIF_KIND_SCALAR;
		const char *save;

		if (!dif_asm_ident(c, word, sizeof(word)))
			return dif_asm_err(c, "scope expected");
		for (i = 0; i < DIF_SCOPE_COUNT; i++)
			if (dif_asm_eq(word, dif_asm_scopes[i]))
				scope = i;
		if (scope == DIF_SCOPE_COUNT)
			return dif_asm_err(c, "unknown scope '%s'", word);
		if (!dif_asm_number(c, &n[0]) || n[0] < 0)
			return dif_asm_err(c, "variable id expected");
		save = c->s;
		if (dif_asm_ident(c, word, sizeof(word)) &&
		    dif_asm_eq(word, "array"))
			kind = DIF_KIND_ARRAY;
		else
			c->s = save;
		if (dif_asm_parse_type(c, &t))
			return -1;
		return dif_asm_var_decl(c, scope, (u32)n[0], kind, &t);
	}
	return dif_asm_err(c, "unknown directive '%s'", d);
}

static int dif_asm_label(struct dif_asm_ctx *c, const char *name)
{
	struct dif_asm *a = c->a;
	u32 i;

	for (i = 0; i < a->nlabels; i++)
		if (dif_asm_eq(a->labels[i].name, name))
			return dif_asm_err(c, "label '%s' defined twice", name);
	if (a->nlabels == ARRAY_SIZE(a->labels))
		return dif_asm_err(c, "too many labels");
	memcpy(a->labels[a->nlabels].name, name, dif_asm_len(name) + 1);
	a->labels[a->nlabels++].pc = a->ninsns;
	return 0;
}

/* A branch target: a number is absolute, a name is a label (fixed up). */
static int dif_asm_target(struct dif_asm_ctx *c, const struct dif_asm_op *o,
			  s32 *imm)
{
	struct dif_asm *a = c->a;

	if (o->kind == DIF_AO_NUM) {
		*imm = (s32)(o->num - a->ninsns - 1);
		return 0;
	}
	if (o->kind != DIF_AO_NAME)
		return dif_asm_err(c, "branch target expected");
	if (a->nfixups == ARRAY_SIZE(a->fixups))
		return dif_asm_err(c, "too many branches");
	a->fixups[a->nfixups].pc = a->ninsns;
	a->fixups[a->nfixups].line = c->line;
	memcpy(a->fixups[a->nfixups++].name, o->name,
	       dif_asm_len(o->name) + 1);
	*imm = 0;
	return 0;
}

static int dif_asm_lookup(const char *name, bool subr)
{
	int i, n = subr ? DIF_SUBR_COUNT : DIF_VAR_COUNT;

	for (i = 0; i < n; i++)
		if (dif_asm_ieq(name, subr ? dif_subr_name(i) :
				dif_builtin_name(i)))
			return i;
	return -1;
}

/* A built-in or subroutine operand: a name or a number. */
static int dif_asm_named(struct dif_asm_ctx *c, const struct dif_asm_op *o,
			 bool subr, s32 *imm)
{
	int i;

	if (o->kind == DIF_AO_NUM || o->numbered) {
		*imm = (s32)o->num;
		return 0;
	}
	if (o->kind != DIF_AO_NAME && o->kind != DIF_AO_INDEX)
		return dif_asm_err(c, "name expected");
	i = dif_asm_lookup(o->name, subr);
	if (i < 0)
		return dif_asm_err(c, "unknown %s '%s'",
				   subr ? "subroutine" : "built-in", o->name);
	*imm = i;
	return 0;
}

static int dif_asm_varop(struct dif_asm_ctx *c, u32 op, s64 id)
{
	static const struct dif_type int8 = { .dt_kind = DIF_TYPE_INT,
					      .dt_size = 8 };
	u32 scope = DIF_SCOPE_GLOBAL, kind = DIF_KIND_SCALAR;

	if (op == DIF_OP_LDLS || op == DIF_OP_STLS)
		scope = DIF_SCOPE_LOCAL;
	else if (op == DIF_OP_LDTS || op == DIF_OP_STTS)
		scope = DIF_SCOPE_THREAD;
	else if (op == DIF_OP_LDGA || op == DIF_OP_STGA)
		kind = DIF_KIND_ARRAY;
	if (op == DIF_OP_LDTA || op == DIF_OP_STTA) {
		scope = DIF_SCOPE_THREAD;
		kind = DIF_KIND_ARRAY;
	}
	if (c->noauto || id < 0 || id > DIF_VARID_MAX)
		return 0;
	return dif_asm_var_decl(c, scope, (u32)id, kind, &int8);
}

#define DIF_ASM_WANT(c, ...)						\
	dif_asm_want(c, (const int[]){ __VA_ARGS__, -1 })

/* Check the operand kinds; -1 ends the list. */
static int dif_asm_want(struct dif_asm_ctx *c, const int *kinds)
{
	u32 i;

	for (i = 0; kinds[i] >= 0; i++) {
		if (i >= c->nops)
			return dif_asm_err(c, "%u operands expected", i + 1);
		if ((int)c->ops[i].kind != kinds[i] &&
		    !(kinds[i] == DIF_AO_NAME && (c->ops[i].kind == DIF_AO_NUM ||
						  c->ops[i].kind == DIF_AO_INDEX)))
			return dif_asm_err(c, "operand %u has the wrong kind",
					   i + 1);
	}
	if (i != c->nops)
		return dif_asm_err(c, "%u operands expected", i);
	return 0;
}

/* Operands to fields, by format, with the special cases first. */
static int dif_asm_fields(struct dif_asm_ctx *c, u32 op, struct dif_insn *in)
{
	struct dif_asm_op *o = c->ops;
	s32 imm = 0;
	int r;

	switch (op) {
	case DIF_OP_BA:
		if (c->nops != 1)
			return dif_asm_err(c, "1 operand expected");
		return dif_asm_target(c, &o[0], &in->di_imm);
	case DIF_OP_BZ:
	case DIF_OP_BNZ:
		if (c->nops != 2 || o[0].kind != DIF_AO_REG)
			return dif_asm_err(c, "register, target expected");
		in->di_ra = (u8)o[0].reg;
		return dif_asm_target(c, &o[1], &in->di_imm);
	case DIF_OP_SETX:
		if (c->nops == 2 && o[0].kind == DIF_AO_TABLE) {
			in->di_imm = (s32)o[0].num;	/* a raw index */
		} else {
			if (DIF_ASM_WANT(c, DIF_AO_NUM, DIF_AO_REG))
				return -1;
			r = dif_asm_int(c, (u64)o[0].num);
			if (r < 0)
				return -1;
			in->di_imm = r;
		}
		if (o[1].kind != DIF_AO_REG)
			return dif_asm_err(c, "register expected");
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_OP_SETS:
		if (c->nops == 2 && (o[0].kind == DIF_AO_NUM ||
				     o[0].kind == DIF_AO_TABLE)) {
			in->di_imm = (s32)o[0].num;	/* a raw offset */
		} else {
			if (DIF_ASM_WANT(c, DIF_AO_STR, DIF_AO_REG))
				return -1;
			r = dif_asm_str(c, o[0].str, o[0].slen);
			if (r < 0)
				return -1;
			in->di_imm = r;
		}
		if (o[1].kind != DIF_AO_REG)
			return dif_asm_err(c, "register expected");
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_OP_LDB:
	case DIF_OP_CALL:
		if (DIF_ASM_WANT(c, DIF_AO_NAME, DIF_AO_REG) ||
		    dif_asm_named(c, &o[0], op == DIF_OP_CALL, &imm))
			return -1;
		in->di_imm = imm;
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_OP_LDBA:
		if (DIF_ASM_WANT(c, DIF_AO_INDEX, DIF_AO_REG) ||
		    dif_asm_named(c, &o[0], false, &imm))
			return -1;
		in->di_imm = imm;
		in->di_ra = (u8)o[0].reg;
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_OP_LDGS:
	case DIF_OP_LDLS:
	case DIF_OP_LDTS:
	case DIF_OP_LDGA:
	case DIF_OP_LDTA:
		if (DIF_ASM_WANT(c, DIF_AO_NUM, DIF_AO_REG))
			return -1;
		in->di_imm = (s32)o[0].num;
		in->di_rd = (u8)o[1].reg;
		return dif_asm_varop(c, op, o[0].num);
	case DIF_OP_STGS:
	case DIF_OP_STLS:
	case DIF_OP_STTS:
	case DIF_OP_STGA:
	case DIF_OP_STTA:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_NUM))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_imm = (s32)o[1].num;
		return dif_asm_varop(c, op, o[1].num);
	case DIF_OP_PUSHTV:
		if (DIF_ASM_WANT(c, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		return 0;
	case DIF_OP_PUSHTS:
		if (c->nops == 1 && o[0].kind == DIF_AO_REG) {
			in->di_ra = (u8)o[0].reg;
			return 0;
		}
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_NUM))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_imm = (s32)o[1].num;
		return 0;
	case DIF_OP_ADDI:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_NUM, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_imm = (s32)o[1].num;
		in->di_rd = (u8)o[2].reg;
		return 0;
	default:
		break;
	}

	switch (dif_op_format(op)) {
	case DIF_FMT_NONE:
		return DIF_ASM_WANT(c, -1);
	case DIF_FMT_A:
		if (DIF_ASM_WANT(c, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		return 0;
	case DIF_FMT_I:
		if (DIF_ASM_WANT(c, DIF_AO_NUM))
			return -1;
		in->di_imm = (s32)o[0].num;
		return 0;
	case DIF_FMT_AI:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_NUM))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_imm = (s32)o[1].num;
		return 0;
	case DIF_FMT_DI:
		if (DIF_ASM_WANT(c, DIF_AO_NUM, DIF_AO_REG))
			return -1;
		in->di_imm = (s32)o[0].num;
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_FMT_DA:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_FMT_DAI:
		if (DIF_ASM_WANT(c, DIF_AO_MEM, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_imm = (s32)o[0].num;
		in->di_rd = (u8)o[1].reg;
		return 0;
	case DIF_FMT_DAB:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_REG, DIF_AO_REG))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_rb = (u8)o[1].reg;
		in->di_rd = (u8)o[2].reg;
		return 0;
	case DIF_FMT_MAI:
		if (DIF_ASM_WANT(c, DIF_AO_REG, DIF_AO_MEM))
			return -1;
		in->di_ra = (u8)o[0].reg;
		in->di_rd = (u8)o[1].reg;
		in->di_imm = (s32)o[1].num;
		return 0;
	}
	return dif_asm_err(c, "no format for opcode %u", op);
}

static int dif_asm_line(struct dif_asm_ctx *c)
{
	struct dif_asm *a = c->a;
	struct dif_insn *in;
	char word[32];
	int op;

	for (;;) {
		dif_asm_skip(c);
		if (dif_asm_eol(*c->s))
			return 0;
		if (!dif_asm_ident(c, word, sizeof(word)))
			return dif_asm_err(c, "mnemonic expected");
		if (*c->s != ':')
			break;
		c->s++;
		if (dif_asm_label(c, word))
			return -1;
	}
	if (word[0] == '.')
		return dif_asm_directive(c, word);
	for (op = 0; op < DIF_OP_COUNT; op++)
		if (dif_asm_ieq(word, dif_op_name(op)))
			break;
	if (op == DIF_OP_COUNT)
		return dif_asm_err(c, "unknown mnemonic '%s'", word);
	if (a->ninsns == ARRAY_SIZE(a->insns))
		return dif_asm_err(c, "too many instructions");
	if (dif_asm_operands(c))
		return -1;
	in = &a->insns[a->ninsns];
	memset(in, 0, sizeof(*in));
	in->di_op = (u8)op;
	if (dif_asm_fields(c, op, in))
		return -1;
	a->ninsns++;
	return 0;
}

/**
 * dif_asm() - assemble text into a (which the caller zeroes or reuses)
 * Return: 0, or -1 with a->err saying what and where.
 */
int dif_asm(struct dif_asm *a, const char *text)
{
	struct dif_asm_ctx c = { .a = a, .s = text, .line = 1 };
	u32 i, j;

	memset(a, 0, sizeof(*a));
	a->rtype.dt_kind = DIF_TYPE_INT;
	a->rtype.dt_size = 8;
	while (*c.s) {
		if (dif_asm_line(&c))
			return -1;
		while (*c.s && *c.s != '\n')
			c.s++;
		if (*c.s == '\n') {
			c.s++;
			c.line++;
		}
	}
	for (i = 0; i < a->nfixups; i++) {
		for (j = 0; j < a->nlabels; j++)
			if (dif_asm_eq(a->labels[j].name, a->fixups[i].name))
				break;
		if (j == a->nlabels) {
			c.line = a->fixups[i].line;
			return dif_asm_err(&c, "undefined label '%s'",
					   a->fixups[i].name);
		}
		a->insns[a->fixups[i].pc].di_imm =
			(s32)a->labels[j].pc - (s32)a->fixups[i].pc - 1;
	}
	return 0;
}

/* The assembled tables, as a source for dif_blob_build(). */
void dif_asm_prog(const struct dif_asm *a, struct dif_prog *src)
{
	memset(src, 0, sizeof(*src));
	src->insns = a->insns;
	src->ninsns = a->ninsns;
	src->ints = a->ints;
	src->nints = a->nints;
	src->strtab = a->strtab;
	src->strlen = a->strlen;
	src->vars = a->vars;
	src->nvars = a->nvars;
	src->rtype = a->rtype;
}
