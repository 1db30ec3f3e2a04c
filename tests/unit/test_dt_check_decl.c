// SPDX-License-Identifier: GPL-2.0
/*
 * Declarations as DTrace has them (issue #35): what it accepts compiles,
 * and each mistake gets DTrace's tag, words and line.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdlib.h>

#include "check_test.h"
#include "dt_btf.h"
#include "kselftest_harness.h"

static const struct check_case cases[] = {
	/* specifiers: two type names, then what qualifies them */
	{ "BEGIN { trace((char int)0); }", "D_DECL_COMBO", 1,
	  "invalid type combination" },
	{ "BEGIN { trace((signed unsigned)0); }", "D_DECL_COMBO", 1,
	  "invalid type combination" },
	{ "BEGIN {\n\ttrace((char long)0);\n}", "D_DECL_CHARATTR", 2,
	  "invalid type declaration: short and long may not be used with "
	  "char type" },
	{ "BEGIN { trace((short void)0); }", "D_DECL_VOIDATTR", 1,
	  "invalid type declaration: attributes may not be used with void "
	  "type" },
	{ "long struct s {\n\tint a;\n};", "D_DECL_LONGINT", 1,
	  "invalid type declaration: long and long long may only be used "
	  "with integer or floating-point type" },
	{ "unsigned union u *p;", "D_DECL_SIGNINT", 1, "invalid type "
	  "declaration: signed and unsigned may only be used with integer "
	  "type" },
	{ "typedef int n_t;\nBEGIN { trace((unsigned n_t)0); }",
	  "D_DECL_SIGNINT", 2, "invalid type declaration: signed and "
	  "unsigned may only be used with integer type" },
	{ "BEGIN { trace((long short)0); }", "D_UNKNOWN", 1,
	  "failed to resolve type short long : Unknown type name" },
	{ "BEGIN { trace((long long long)0); }", "D_UNKNOWN", 1,
	  "failed to resolve type long long long : Unknown type name" },
	/* a struct's missing ';' */
	{ "struct a { int x; }\n\nstruct b { int y; };", "D_DECL_COMBO", 3,
	  "invalid type combination" },
	{ "typedef int n_t;\ntypedef long n_t;", "D_DECL_IDRED", 2,
	  "typedef redeclared: n_t" },
	/* as C allows, and <sys/types.h> does: the same type again */
	{ "typedef unsigned int gid_t;\ntypedef int n_t;\ntypedef int n_t;\n"
	  "BEGIN { trace((gid_t)1 + (n_t)2); }" },
	{ "typedef int gid_t;", "D_DECL_IDRED", 1,
	  "typedef redeclared: gid_t" },
	{ "typedef;", "D_SYNTAX", 1, "syntax error near \";\"" },
	{ "typedef int n_t;\nint n_t;", "D_DECL_IDRED", 2,
	  "typedef identifier redeclared: n_t" },
	/* extern declarations and prototypes: checked, then forgotten */
	{ "int f(int, void);", "D_DECL_PROTO_VOID", 1,
	  "void must be sole parameter" },
	{ "extern int g(void, ...);", "D_DECL_PROTO_VOID", 1,
	  "void must be sole parameter" },
	{ "int f(void v);", "D_DECL_PROTO_NAME", 1,
	  "void parameter may not have a name: v" },
	{ "int (*fp)(int,\n\tint a[int]);", "D_DECL_PROTO_TYPE", 2,
	  "function prototype may not use parameter of type dynamic "
	  "variable: a, parameter #2" },
	{ "int a[...];", "D_DECL_PROTO_VARARGS", 1, "array prototype may "
	  "not use a variable-length argument list" },
	{ "int f(static int);", "D_DECL_PARMCLASS", 1, "inappropriate "
	  "storage class for function or associative array parameter" },
	{ "extern int;", "D_DECL_USELESS", 1, "useless declaration" },
	{ "extern long struct s x;", "D_DECL_LONGINT", 1, "invalid type "
	  "declaration: long and long long may only be used with integer or "
	  "floating-point type" },
	{ "struct s { int f(void); };", "D_DECL_MTYPE", 1,
	  "member f may not be a function" },
	{ "typedef int f_t(int);", "D_UNSUPPORTED", 1,
	  "function typedefs are not supported: f_t" },
	{ "extern void *e1;\nextern unsigned long long e2;\nextern e3;\n"
	  "extern int a1[], a2[1], a3[12][34];\nextern int getint(void);\n"
	  "extern int *(*fp)(void);\nextern int **(**fpp)(void);\n"
	  "extern int noparms();\nextern int two(int, int);\n"
	  "extern int va1(...);\nextern int va2(int, ...);\n"
	  "int f(int x, char *y);\nstruct s { int (*fp)(void); int x; };\n"
	  "int ok[offsetof(struct s, x) - 7];\n"
	  "BEGIN { trace(ok[0]); }" },
	{ "int `xyz;", "D_DECL_SCOPE", 1, "D scoping operator may not be "
	  "used in a declaration name (`xyz)" },
	{ "extern long vmlinux`jiffies;", "D_DECL_SCOPE", 1, "D scoping "
	  "operator may not be used in a declaration name (vmlinux`jiffies)" },
	/* a struct used whole before it is defined, or in itself */
	{ "struct r {\n\tstruct pirate p;\n};", "D_DECL_INCOMPLETE", 2,
	  "incomplete struct/union/enum struct pirate: p"
	  " (kernel type information is unavailable: cannot read BTF from "
	  "DTRACE_BTF=/nonexistent: No such file or directory)" },
	{ "struct r { struct p q; };\nstruct p { int x; };",
	  "D_DECL_INCOMPLETE", 1, "incomplete struct/union/enum struct p: q"
	  " (kernel type information is unavailable: cannot read BTF from "
	  "DTRACE_BTF=/nonexistent: No such file or directory)" },
	{ "union u { int a;\n\tunion u rec; };", "D_DECL_INCOMPLETE", 2,
	  "incomplete struct/union/enum union u: rec" },
	{ "struct r { struct nosuch *p; };", "D_TYPE_ERR", 1,
	  "no type information for struct nosuch: kernel type information "
	  "is unavailable: cannot read BTF from DTRACE_BTF=/nonexistent: No "
	  "such file or directory" },
	/* enumerators: duplicates, other names and values */
	{ "enum e {\n\tx = 3,\n\tx = 4\n};", "D_UNKNOWN", 3,
	  "failed to define enumerator 'x': Duplicate member or variable "
	  "name" },
	{ "enum e { A };\nenum f { B, A };", "D_DECL_IDRED", 2,
	  "identifier redeclared: A" },
	{ "enum e {\n\tbig = 2147483648\n};", "D_DECL_ENOFLOW", 2,
	  "enumerator 'big' value overflows INT_MAX (2147483647)" },
	{ "enum e { small = -2147483649 };", "D_DECL_ENOFLOW", 1,
	  "enumerator 'small' value overflows INT_MAX (2147483647)" },
	{ "enum e { top = 2147483647, next };", "D_DECL_ENOFLOW", 1,
	  "enumerator 'next' value overflows INT_MAX (2147483647)" },
	{ "enum e { T = \"no\" };", "D_DECL_ENCONST", 1, "enumerator 'T' "
	  "must be assigned to an integral constant expression" },
	{ "enum e { A = 1 << 4, B = A, C = -3 * 2, D };\n"
	  "BEGIN { trace(A + B + C + D); }" },
	{ "BEGIN { trace((unsigned long long)1); trace((long int)2); "
	  "trace((signed char)3); trace((short unsigned int)4); }" },
	{ "typedef struct { int a; } p_t;\nstruct s { p_t p; };\n"
	  "BEGIN { trace(sizeof (struct s)); }" },
	/* bit-fields: the size first, then the type, then the width */
	{ "struct s {\n\tint a : 0;\n};", "D_DECL_BFCONST", 2,
	  "positive integral constant expression expected as bit-field "
	  "size" },
	{ "int w;\nstruct s { int a : w; };", "D_DECL_BFCONST", 2,
	  "positive integral constant expression expected as bit-field "
	  "size" },
	{ "struct s { char *p : 3; };", "D_DECL_BFTYPE", 1,
	  "invalid type for bit-field: p" },
	{ "struct t { int x; };\nstruct s { struct t : 2; };",
	  "D_DECL_BFTYPE", 2, "invalid type for bit-field: (anon)" },
	{ "struct s { int a : 1; int b : 33; };", "D_DECL_BFSIZE", 1,
	  "bit-field too big for type: b" },
	{ "struct s { long b : 65; };", "D_DECL_BFSIZE", 1,
	  "bit-field too big for type: b" },
	{ "struct s { int a : 1; int a : 2; };", "D_UNKNOWN", 1,
	  "failed to define member 'a': Duplicate member or variable name" },
	{ "struct s { int a : 3; };\nBEGIN { trace(sizeof "
	  "(((struct s *)0)->a)); }", "D_SIZEOF_BITFIELD", 2,
	  "cannot apply sizeof to a bit-field" },
	{ "struct s { int a : 3; };\nBEGIN { trace(offsetof(struct s, a)); }",
	  "D_OFFSETOF_BITFIELD", 2, "cannot take offset of a bit-field: a" },
	{ "inline int f(int x) = x * 2;", "D_DECL_FUNC", 1, "inline f( ): "
	  "only D's library may declare a subroutine; declare inline f[ ] "
	  "and index it" },
	{ "struct s { int a : 3, : 0, b : 2; unsigned : 4; };\n"
	  "BEGIN { trace(sizeof (struct s)); }" },
	/* struct values: only a struct of the same type is assigned */
	{ "struct a { int x; };\nstruct b { int x; };\nstruct a g;\n"
	  "struct b h;\nBEGIN {\n\tg = h;\n}", "D_OP_INCOMPAT", 6,
	  "operands have incompatible types: \"struct a\" = \"struct b\"" },
	{ "struct a { int x; };\nself struct a v;\nBEGIN { self->v = 1; }",
	  "D_OP_INCOMPAT", 3,
	  "operands have incompatible types: \"struct a\" = \"int\"" },
	{ "struct a { int x; };\nstruct b { int x; };\n"
	  "BEGIN { p = (struct a *)alloca(4); q = (struct b *)alloca(4);\n"
	  "\tm[1] = *p; m[2] = *q; }", "D_OP_INCOMPAT", 4,
	  "operands have incompatible types: \"struct a\" = \"struct b\"" },
	{ "struct a { int x; };\nstruct b { int x; };\nthis struct a s;\n"
	  "struct b g;\nBEGIN { this->s = g; }", "D_OP_INCOMPAT", 5,
	  "operands have incompatible types: \"struct a\" = \"struct b\"" },
	{ "struct a { int x; };\nstruct a g;\nBEGIN { x = 1; x = g; }",
	  "D_OP_INCOMPAT", 3,
	  "operands have incompatible types: \"int\" = \"struct a\"" },
	{ "struct a { int x; };\nstruct a g;\nBEGIN { g++; }", "D_OP_SCALAR",
	  3, "operator ++ requires an operand of scalar type" },
	{ "struct a { int x; };\nstruct a g;\nBEGIN { g += 1; }",
	  "D_OP_INCOMPAT", 3,
	  "operands have incompatible types: \"struct a\" += \"int\"" },
	{ "struct a { int x; };\nstruct a g;\nBEGIN { @[g] = count(); }",
	  "D_UNSUPPORTED", 3, "struct a keys are not supported yet: "
	  "aggregation index key #1" },
	{ "struct a { int x; };\nstruct a g;\nBEGIN { m[1, g] = 1; }",
	  "D_UNSUPPORTED", 3, "struct a keys are not supported yet: "
	  "associative array index key #2" },
	{ "struct a { int x; };\nstruct b { int x; };\nstruct a g;\n"
	  "struct b h;\nBEGIN { trace(g == h); }", "D_OP_INCOMPAT", 5,
	  "operands have incompatible types: \"struct a\" == \"struct b\"" },
	{ "struct big { char c[600]; };\nstruct big g;\n"
	  "BEGIN { g.c[0] = 1; }", "D_UNSUPPORTED", 3, "struct big g is 600 "
	  "bytes: a global or self-> variable holds at most 512 (2 x "
	  "strsize)" },
	{ "struct a { int x; };\nstruct a g;\nself struct a v;\n"
	  "struct a m[int];\nBEGIN { g.x = 1; self->v = g; m[1] = self->v; "
	  "trace(m[1]); print(g); trace(sizeof (m[1])); }" },
};

TEST(declarations)
{
	size_t i;

	setenv("DTRACE_BTF", "/nonexistent", 1);
	dt_btf_reset();
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		EXPECT_TRUE(check_case_run(&cases[i], _metadata));
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

TEST_HARNESS_MAIN
