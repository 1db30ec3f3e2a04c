// SPDX-License-Identifier: GPL-2.0
/*
 * The front end and checker over a table of programs: valid ones compile
 * (and their DIF passes dif/'s verifier), invalid ones fail with their
 * exact message, tag and line.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_btf.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_lib.h"
#include "dt_options.h"
#include "dt_program.h"
#include "check_test.h"
#include "kselftest_harness.h"

#define XLATOR "struct in { int a; long b; };\n" \
	"struct out { int o; long p; char s[8]; };\n" \
	"typedef struct out out_t;\n" \
	"translator out_t < struct in *I > { o = I->a; p = I->b * 2; };\n"

static const struct check_case valid[] = {
	{ "BEGIN" },
	{ "inline int FOO = 3;\ninline long BAR = FOO * 2;\n"
	  "BEGIN { trace(BAR); }" },
	{ XLATOR "BEGIN { trace(xlate<out_t *>((struct in *)arg0)->o); }" },
	/* a translator's input may translate by the same translator */
	{ "struct r { int x; long y; };\n"
	  "translator struct r < struct r *R > { x = R->x; y = R->y; };\n"
	  "BEGIN { trace(xlate<struct r *>((struct r *)"
	  "xlate<struct r *>((struct r *)arg0)->y)->x); }" },
	{ XLATOR "inline out_t *cur = xlate<out_t *>((struct in *)arg0);\n"
	  "BEGIN { @[cur->p] = count(); }" },
	{ "BEGIN {}" },
	{ "BEGIN { ; ; }" },
	{ "dtrace:::BEGIN, dtrace:::END { trace(1) }" },
	{ "syscall::read:entry, syscall::write*:entry /pid == 1/ { }" },
	{ "#!/usr/sbin/dtrace -s\nBEGIN { exit(0); }" },
	{ "#pragma D option quiet\nBEGIN { trace(1); }" },
	{ "/* c */ BEGIN // x\n{ /* y */ trace(1); // z\n}" },
	{ "BEGIN { x = 1; y = x + 2 * 3; z = (x < y) ? x : y; }" },
	/* more frames than the most are the most; a strsize is taken */
	{ "BEGIN { stack(1000); ustack(3, 100); @[ustack(900)] = count(); }" },
	/* what DTrace passes for a const char * */
	{ "BEGIN { x = (char *)arg0; trace(strlen(x)); trace(strtok(\"a,b\", "
	  "\",\")); trace(strtok(NULL, \",\")); trace(strlen(0)); "
	  "trace(strjoin((unsigned char *)arg0, (void *)arg1)); }" },
	{ "BEGIN { p = (int *)arg0; p = 0; p = (void *)arg1; "
	  "v = alloca(4); v = (char *)arg0; n = 1; n = (char)2; }" },
	{ "BEGIN { x = 1; x += 2; x -= 1; x *= 3; x /= 2; x %= 5; x &= 7; "
	  "x |= 8; x ^= 1; x <<= 2; x >>= 1; x++; x--; ++x; --x; }" },
	{ "BEGIN { s = \"a\"; t = strjoin(s, \"b\"); trace(strlen(t)); }" },
	{ "BEGIN { panic(); breakpoint(); }" },
	{ "BEGIN { copyout(alloca(4), 4096, 4); "
	  "copyoutstr(\"x\", uregs[R_SP], 2); }" },
	{ "BEGIN { trace(index(\"ab\", \"b\", 1) + rindex(\"a\", \"a\", 0)); "
	  "trace(copyinstr(arg0, 8)); }" },
	{ "BEGIN { trace(inet_ntoa((ipaddr_t *)alloca(4))); "
	  "trace(inet_ntoa6(NULL)); trace(inet_ntop(AF_INET6, NULL)); "
	  "trace(cleanpath(\"/a/../b\")); trace(uregs[R_PC]); }" },
	/* the lock subroutines take an address, a void * or their lock's */
	{ "BEGIN { trace(mutex_owned(arg0)); "
	  "trace(mutex_owner((void *)arg0)); trace(mutex_type_adaptive(0)); "
	  "trace(mutex_type_spin(arg1)); trace(rw_read_held(arg0)); "
	  "trace(rw_write_held(NULL)); trace(rw_iswriter(arg2)); }" },
	{ "struct mutex { long owner; };\nstruct rw_semaphore { long count; };"
	  "\nBEGIN { trace(mutex_owned((struct mutex *)arg0)); "
	  "trace(rw_iswriter((struct rw_semaphore *)arg1)); }" },
	{ "BEGIN { trace(link_ntop(ARPHRD_ETHER, alloca(6))); "
	  "trace(link_ntop(ARPHRD_INFINIBAND, NULL)); "
	  "trace(strlen(link_ntop(1, arg0))); }" },
	{ "BEGIN { trace(chip); trace(lgrp); trace(ipl); trace(execargs); "
	  "trace(strlen(execargs) + chip + lgrp + ipl); }" },
	{ "BEGIN { a[1, \"x\"] = 2; trace(a[1, \"x\"]); }" },
	{ "BEGIN { self->x = 1; this->y = self->x; trace(this->y); }" },
	{ "BEGIN { trace((char)1); trace((unsigned short)2); "
	  "trace((long long)3); trace((uint32_t)4); trace(sizeof (int)); }" },
	{ "BEGIN { trace(1 && 0 || !0 ^^ 1); }" },
	{ "BEGIN { printf(\"%d %s %c %x %5.2u %-*d\\n\", 1, \"a\", 65, 2, 3, "
	  "4, 5); }" },
	{ "BEGIN { trace(arg0 + args[1]); trace(execname); trace(probename); }" },
	{ "BEGIN { trace(pid); trace(tid); trace(timestamp); trace(cpu); }" },
	/* found by fuzz_d: a high first byte shifted into the sign (UB) */
	{ "BEGIN { trace('\\xc8\\xd8rxdrxj'); trace('\\xff234567'); }" },
	{ "BEGIN { trace('a'); trace('\\n'); trace(0x10); trace(010); "
	  "trace(1u); trace(2ul); }" },
	{ "BEGIN { trace(substr(\"hello\", 1)); trace(substr(\"hi\", 0, 1)); }" },
	{ "BEGIN /execname == \"ls\"/ { exit(0); }" },
	{ "BEGIN /1/2/ { exit(0); }" },
	{ "BEGIN { @[stack()] = count(); @u[ustack(5), execname] = sum(1); "
	  "if (1) @[stack()] = count(); }" },
	{ "BEGIN { trace(caller); trace(ucaller); trace(stackdepth); "
	  "trace(ustackdepth); trace(uregs[0]); trace(func(caller)); }" },
	{ "BEGIN { if (pid) { x = 1; trace(x); } else if (x) printf(\"a\"); "
	  "else { if (1) {} } if (1) { stack(); printa(@a); } } "
	  "END { @a = count(); }" },
	{ "BEGIN { trace(sym(arg0)); trace(func(arg0)); trace(mod(arg0)); "
	  "printf(\"%a\\n\", arg0); @[func(arg0)] = count(); }" },
	{ "BEGIN { ufunc(arg0); usym(arg0); uaddr(uregs[R_PC]); umod(arg0); "
	  "trace(ufunc(arg0)); @[ufunc(arg0)] = count(); "
	  "@m[umod(arg0), usym(arg0)] = count(); @u[ustack(), uaddr(arg0)] = "
	  "count(); printf(\"%A %a %d\\n\", uaddr(arg0), ufunc(arg0), "
	  "umod(arg0)); @n[usym(arg0), ufunc(arg1)] = sum(1); }" },
	{ "BEGIN { stack(); ustack(); stack(5); ustack(3, 100); "
	  "self->s = speculation(); } BEGIN { speculate(self->s); "
	  "trace(1); } BEGIN { commit(self->s); self->s = 0; } "
	  "BEGIN { discard(2); }" },
	{ "BEGIN { x = 5; s = \"k\"; @a[x, s] = sum(x); @b[s] = count(); "
	  "@c = max(x); }" },
	{ "END { printa(@c); } BEGIN { @c[execname, pid] = count(); "
	  "@s = sum(arg0); @m[1] = min(1); @x = max(2); @v = avg(3); "
	  "@d = stddev(4); @q = quantize(5); @l = lquantize(6, 0, 100, 10); "
	  "@ll = llquantize(7, 10, 0, 6, 20); @ = count(); } "
	  "END { printa(\"%s %d %@d\\n\", @c); clear(@s); trunc(@m, 3); "
	  "trunc(@x); normalize(@v, 1000); denormalize(@v); }" },
	{ "int x; string s; self int d; this char c; int a[string, int];\n"
	  "unsigned long long t; int x;\n"
	  "BEGIN { trace(x + self->d + this->c + a[s, 1] + t); }" },
	/* declarations: lists, implicit int, fixed arrays, anonymous types */
	{ "int x, *p, a[5];\nself y, b[2];\nthis z;\n"
	  "BEGIN { x = a[4] + self->b[1] + self->y + this->z; p = (int *)arg0; "
	  "a[x] = 1; self->b[x]++; a[2] += 3; }" },
	{ "self struct s { int a; };\nstruct { long l; union { int i; "
	  "char c[4]; }; } *p;\ntypedef struct { int z; } z_t, *zp_t;\n"
	  "BEGIN { trace(p->c[1] + p->i + sizeof (z_t) + "
	  "((zp_t)arg0)->z); }" },
	{ "struct pt { int x; long y; };\nthis int a[4];\n"
	  "this struct pt p;\nthis struct { char c[8]; int n; } u;\n"
	  "BEGIN { i = 2; this->a[i] = 1; this->p.y = this->a[i] + "
	  "this->a[3]; this->u.c[1] = 'x'; trace(this->u.n + *this->a); }" },
	{ "string names[3];\nBEGIN { names[1] = \"x\"; trace(names[1]); }" },
	{ "BEGIN /pid != $pid && uid == $uid/ { trace($ppid + $gid); }" },
	{ "syscall::openat:entry { printf(\"%s\\n\", copyinstr(arg1)); }" },
	{ "tick-1s { n++; a[\"x\"]++; b[1, 2] += 2; self->c--; this->d <<= 1; }" },
	/* DTrace's limit is base + whole steps: these are one lquantize */
	{ "BEGIN { @a = lquantize(1, 0, 100, 10); "
	  "@a = lquantize(2, 0, 105, 10); }" },
	{ "BEGIN { @a = llquantize(1, 2, 0, 61, 2); "
	  "@b = llquantize(2, 10, 0, 17, 100); "
	  "@c = llquantize(3, 4, 1, 3, 8); }" },
};

static const struct check_case invalid[] = {
	{ "BEGIN { x = ; }", "D_SYNTAX", 1, "syntax error near \";\"" },
	{ "BEGIN {\n\ttrace(1)\n\ttrace(2);\n}", "D_SYNTAX", 3,
	  "syntax error near \"trace\"" },
	{ "BEGIN { trace(1);", "D_SYNTAX", 1,
	  "syntax error near end of input" },
	{ "", "D_EMPTY", 0, "empty D program translation unit" },
	{ "int x;\nlong x;\n", "D_DECL_IDRED", 2, "identifier redeclared: x" },
	{ "/* nothing */\n\n", "D_EMPTY", 3,
	  "empty D program translation unit" },
	{ "BEGIN {\n\n\ttrace(y);\n}", "D_IDENT_UNDEF", 3,
	  "failed to resolve y: Unknown variable name" },
	{ "BEGIN { trace(self->q); }", "D_IDENT_UNDEF", 1,
	  "failed to resolve self->q: Unknown variable name" },
	{ "BEGIN { x = x + 1; }", "D_IDENT_UNDEF", 1,
	  "failed to resolve x: Unknown variable name" },
	{ "BEGIN { x = \"a\";\nx = 1; }", "D_OP_INCOMPAT", 2,
	  "operands have incompatible types: \"string\" = \"int\"" },
	/* a variable keeps its first type: pointers only take their own */
	{ "BEGIN { x = (int *)arg0;\nx = 1; }", "D_OP_INCOMPAT", 2,
	  "operands have incompatible types: \"int *\" = \"int\"" },
	{ "BEGIN { self->p = (char *)arg0; self->p = (long *)arg1; }",
	  "D_OP_INCOMPAT", 1, "operands have incompatible types: \"char *\" "
	  "= \"long *\"" },
	{ "BEGIN { this->n = pid; this->n = (void *)arg0; }",
	  "D_OP_INCOMPAT", 1, "operands have incompatible types: \"int\" = "
	  "\"void *\"" },
	{ "BEGIN { a[1] = (int *)arg0; a[2] = arg1; }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int *\" = \"long\"" },
	{ "void *p;\nBEGIN { trace((int)(p + 1)); }", "D_OP_INCOMPAT", 2,
	  "operands have incompatible types: \"void *\" + \"int\"" },
	{ "BEGIN { x = 2 + alloca(4); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int\" + \"void *\"" },
	{ "int p;\nBEGIN { p = 1; p -= alloca(10); }", "D_OP_VFPTR", 2,
	  "operator -= requires left-hand scalar operand of known size" },
	{ "BEGIN { trace(strlen((int *)arg0)); }", "D_PROTO_ARG", 1,
	  "strlen( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: const char *\n\t argument: int *" },
	{ "BEGIN { trace(strlen(1)); }", "D_PROTO_ARG", 1,
	  "strlen( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: const char *\n\t argument: int" },
	{ "BEGIN { @a = count(); printf(\"hello %d %d\", 123, @a); }",
	  "D_PRINTF_ARG_TYPE", 1, "printf( ) argument #3 is incompatible "
	  "with conversion #2 prototype:\n\tconversion: %d\n\t prototype: "
	  "char, short, int, long, or long long\n\t  argument: aggregation" },
	{ "BEGIN { normalize(count(), 4); }", "D_NORMALIZE_AGGARG", 1,
	  "normalize( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: aggregation\n\t argument: aggregating function" },
	{ "BEGIN { trace(1 == \"a\"); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int\" == \"string\"" },
	{ "BEGIN { trace(\"a\" + 1); }", "D_OP_ARITH", 1,
	  "operator + requires operands of arithmetic type" },
	{ "BEGIN { trace(~\"a\"); }", "D_OP_SCALAR", 1,
	  "operator ~ requires an operand of integral type" },
	{ "BEGIN { pid = 1; }", "D_OP_WRITE", 1,
	  "operator = can only be applied to a writable variable" },
	{ "BEGIN { 1 = 2; }", "D_OP_LVAL", 1,
	  "operator = requires modifiable lvalue as an operand" },
	{ "BEGIN { trace(1 / 0); }", "D_DIV_ZERO", 1,
	  "expression contains division by zero" },
	{ "BEGIN {\n\ttrace(1));\n}", "D_SYNTAX", 2,
	  "extra ) in input stream" },
	{ "BEGIN /(1))/ { }", "D_SYNTAX", 1, "extra ) in input stream" },
	{ "inline int x = 1);", "D_SYNTAX", 1, "extra ) in input stream" },
	{ "static int x;", "D_DECL_BADCLASS", 1,
	  "specified storage class not appropriate in D" },
	{ "BEGIN { p = (void *)arg0; p++; }", "D_OP_VFPTR", 1,
	  "operator ++ requires an operand of known size" },
	{ "BEGIN { p = (void *)arg0; p -= 1; }", "D_OP_VFPTR", 1,
	  "operator -= requires left-hand scalar operand of known size" },
	{ "BEGIN { x = 1; x += \"s\"; }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int\" += \"string\"" },
	{ "BEGIN { x = 1; x %= \"s\"; }", "D_OP_INT", 1,
	  "operator %= requires operands of integral type" },
	/* only a name is called (illumos dt_node_func) */
	{ "BEGIN { @a(); }", "D_FUNC_UNDEF", 1, "undefined function name: "
	  "@a" },
	{ "BEGIN { x = 1; x(); }", "D_FUNC_IDKIND", 1, "scalar 'x' may not "
	  "be referenced as a function" },
	{ "BEGIN { a[1] = 1; a(2); }", "D_FUNC_IDKIND", 1, "associative "
	  "array 'a' may not be referenced as a function" },
	{ "BEGIN { trace(pid()); }", "D_FUNC_IDKIND", 1, "scalar 'pid' may "
	  "not be referenced as a function" },
	{ "BEGIN { @c[0] = tick-1(); }", "D_FUNC_IDENT", 1, "function "
	  "designator is not of function type" },
	{ "BEGIN { @a = count(); x = @a * 2; }", "D_OP_ARITH", 1,
	  "operator * requires operands of arithmetic type" },
	{ "BEGIN { @a = count(); x = 2 % @a; }", "D_OP_INT", 1,
	  "operator % requires operands of integral type" },
	{ "BEGIN { trace(\"a\" << 1); }", "D_OP_INT", 1,
	  "operator << requires operands of integral type" },
	/* llquantize( )'s parameters: DTrace's tags, checks and order */
	{ "BEGIN { x = 10; @ = llquantize(1, x, 0, 6, 20); }",
	  "D_LLQUANT_FACTORTYPE", 1, "llquantize( ) argument #1 (factor) "
	  "must be an integer constant" },
	{ "BEGIN { @ = llquantize(1, 10, -1, 6, 20); }", "D_LLQUANT_LOWVAL",
	  1, "llquantize( ) argument #2 (low magnitude) must be an unsigned "
	  "16-bit quantity" },
	{ "BEGIN { @ = llquantize(1, 10, 0, 6, 70000); }",
	  "D_LLQUANT_NSTEPVAL", 1, "llquantize( ) argument #4 (linear steps "
	  "per magnitude) must be an unsigned 16-bit quantity" },
	{ "BEGIN { @ = llquantize(1, 1, 0, 6, 20); }", "D_LLQUANT_FACTORSMALL",
	  1, "llquantize( ) factor (argument #1) must be two or more" },
	{ "BEGIN { @ = llquantize(1, 10, 6, 6, 20); }", "D_LLQUANT_MAGRANGE",
	  1, "llquantize( ) high magnitude (argument #3) must be greater than "
	  "low magnitude (argument #2)" },
	{ "BEGIN { @ = llquantize(1, 10, 0, 6, 5); }",
	  "D_LLQUANT_FACTORNSTEPS", 1, "llquantize( ) factor (argument #1) "
	  "must be less than or equal to the number of linear steps per "
	  "magnitude (argument #4)" },
	{ "BEGIN { @ = llquantize(1, 10, 0, 6, 15); }", "D_LLQUANT_FACTOREVEN",
	  1, "llquantize( ) factor (argument #1) must evenly divide the number "
	  "of steps per magnitude (argument #4), and the number of steps per "
	  "magnitude must evenly divide a power of the factor" },
	{ "BEGIN { @ = llquantize(1, 10, 0, 19, 10); }", "D_LLQUANT_MAGTOOBIG",
	  1, "llquantize( ) factor (10) raised to power of high magnitude (19) "
	  "plus 1 overflows 64-bits" },
	{ "BEGIN { @ = llquantize(1, 10, 0, 6, 20);\n"
	  "@ = llquantize(1, 10, 1, 6, 20); }", "D_LLQUANT_LOWMATCH", 2,
	  "llquantize( ) low magnitude (argument #2) doesn't match previous "
	  "declaration: expected 0, found 1" },
	/* DTrace's words for % as for / (illumos dt_node_op2) */
	{ "BEGIN {\n\tc = 123 % 0;\n}", "D_DIV_ZERO", 2,
	  "expression contains division by zero" },
	{ "BEGIN { x = arg0; trace(x / 0); }", "D_DIV_ZERO", 1,
	  "expression contains division by zero" },
	{ "BEGIN { x = arg0; x %= 2 - 2; }", "D_DIV_ZERO", 1,
	  "expression contains division by zero" },
	{ "BEGIN { printf(\"%d\\n\", \"s\"); }", "D_PRINTF_ARG_TYPE", 1,
	  "printf( ) argument #2 is incompatible with conversion #1 "
	  "prototype:\n\tconversion: %d\n\t prototype: char, short, int, "
	  "long, or long long\n\t  argument: string" },
	{ "BEGIN { printf(\"%d %d\\n\", 1); }", "D_PRINTF_ARG_PROTO", 1,
	  "printf( ) prototype mismatch: conversion #2 (%d) is missing a "
	  "corresponding value argument" },
	{ "BEGIN { printf(\"%d\\n\", 1, 2); }", "D_PRINTF_ARG_EXTRA", 1,
	  "printf( ) prototype mismatch: only 1 arguments required by this "
	  "format string" },
	/* DTrace names the conversion alone, and counts values only */
	{ "BEGIN { printf(\"%-*.*lld\\n\", 1); }", "D_PRINTF_DYN_PROTO", 1,
	  "printf( ) prototype mismatch: conversion #1 (%lld) is missing a "
	  "corresponding \".*\" argument" },
	{ "BEGIN { printf(\"%.*d\\n\", \"p\", 1); }", "D_PRINTF_DYN_TYPE",
	  1, "printf( ) argument #2 is incompatible with conversion #1 "
	  "prototype:\n\tconversion: % .* d\n\t prototype: int\n\t  "
	  "argument: string" },
	{ "BEGIN { printf(\"%?d %5.2x\\n\", 1, 2, 3); }", "D_PRINTF_ARG_EXTRA",
	  1, "printf( ) prototype mismatch: only 2 arguments required by "
	  "this format string" },
	{ "BEGIN {\n\tprintf(\"\");\n}", "D_PRINTF_FMT_EMPTY", 2,
	  "printf( ) format string is empty" },
	{ "BEGIN { printf(\"%q\\n\", 1); }", "D_SYNTAX", 1,
	  "format conversion #1 is undefined: %q" },
	{ "BEGIN { printf(\"%Z\\n\", 1); }", "D_SYNTAX", 1,
	  "format conversion #1 is undefined: %Z" },
	{ "BEGIN { printf(\"%3$d\\n\", 1); }", "D_SYNTAX", 1,
	  "format conversion #1 uses unsupported positional format (%n$)" },
	{ "BEGIN { printf(\"%3\"); }", "D_SYNTAX", 1,
	  "format conversion #1 name expected before end of format string" },
	{ "BEGIN { printf(\"%*d\\n\"); }", "D_PRINTF_DYN_PROTO", 1,
	  "printf( ) prototype mismatch: conversion #1 (%d) is missing a "
	  "corresponding \"*\" argument" },
	{ "BEGIN { printf(\"% *d\\n\", \"w\", 1); }", "D_PRINTF_DYN_TYPE", 1,
	  "printf( ) argument #2 is incompatible with conversion #1 "
	  "prototype:\n\tconversion: % * d\n\t prototype: int\n\t"
	  "  argument: string" },
	{ "BEGIN { printf(1); }", "D_PROTO_ARG", 1,
	  "printf( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: string\n\t argument: int" },
	{ "BEGIN { x = \"f\"; printf(x); }", "D_PRINTF_ARG_FMT", 1,
	  "printf( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: string constant\n\t argument: string" },
	{ "BEGIN { trace(); }", "D_PROTO_LEN", 1,
	  "trace( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { trace(strlen(1)); }", "D_PROTO_ARG", 1,
	  "strlen( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: const char *\n\t argument: int" },
	{ "BEGIN { trace(progenyof(\"1\")); }", "D_PROTO_ARG", 1,
	  "progenyof( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: pid_t\n\t argument: string" },
	{ "BEGIN { exit(\"a\"); }", "D_PROTO_ARG", 1,
	  "exit( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: int\n\t argument: string" },
	{ "BEGIN { x = trace(1); }", "D_CG_EXPR", 1,
	  "tracing function trace( ) may not be called from a D expression "
	  "(D program context required)" },
	{ "BEGIN { nosuch(1); }", "D_FUNC_UNDEF", 1,
	  "undefined function name: nosuch" },
	{ "BEGIN { @a = count();\n@a = sum(1); }", "D_AGG_REDEF", 2,
	  "aggregation redefined: @a\n\t current: @a = sum( )\n\tprevious: "
	  "@a = count( ) : line 1" },
	{ "BEGIN { @a[1][2] = count(); }", "D_AGG_MDIM", 1, "improper "
	  "attempt to reference @a as a multi-dimensional array" },
	{ "BEGIN { @a[1] = count(); @a[\"x\"] = count(); }", "D_AGG_KEYS", 1,
	  "@a key #1 is incompatible with its first use:\n\tfirst: int\n\t"
	  " used: string" },
	{ "BEGIN { @a[ufunc(arg0)] = count(); @a[arg0] = count(); }",
	  "D_AGG_KEYS", 1, "@a key #1 is incompatible with its first use:"
	  "\n\tfirst: unsigned long\n\t used: long" },
	{ "BEGIN { @a[1] = count(); @a[1, 2] = count(); }", "D_AGG_KEYS", 1,
	  "@a used with 2 keys, and 1 before" },
	/* each kind of built-in (dt_funcs.h) where it does not belong */
	{ "BEGIN { @a = count(); x = printa(@a); }", "D_CG_EXPR", 1,
	  "tracing function printa( ) may not be called from a D expression "
	  "(D program context required)" },
	{ "BEGIN { @a = stats(1); @a = avg(1); }", "D_AGG_REDEF", 1,
	  "aggregation redefined: @a\n\t current: @a = avg( )\n\tprevious: "
	  "@a = stats( ) : line 1" },
	{ "BEGIN { @a = strlen(\"x\"); }", "D_AGG_FUNC", 1,
	  "@a must be assigned the result of an aggregating function" },
	{ "BEGIN { trace(stats(1)); }", "D_CG_EXPR", 1,
	  "aggregating function stats( ) may not be called from a D "
	  "expression (D program context required)" },
	{ "BEGIN { breakpoint(1); }", "D_PROTO_LEN", 1,
	  "breakpoint( ) prototype mismatch: 1 arg passed, 0 expected" },
	{ "BEGIN { trace(mod()); }", "D_PROTO_LEN", 1,
	  "mod( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { @a = count(1); }", "D_PROTO_LEN", 1,
	  "count( ) prototype mismatch: 1 arg passed, 0 expected" },
	{ "BEGIN { @a = 1; }", "D_AGG_FUNC", 1,
	  "@a must be assigned the result of an aggregating function" },
	{ "BEGIN { @a += count(); }", "D_AGG_OP", 1,
	  "operator += cannot be applied to an aggregation" },
	{ "BEGIN { x = count(); }", "D_CG_EXPR", 1,
	  "aggregating function count( ) may not be called from a D "
	  "expression (D program context required)" },
	{ "BEGIN { @a = count(); trace(@a); }", "D_TRACE_AGG", 1,
	  "trace( ) may not be applied to an aggregation" },
	{ "BEGIN { @a = count(); x = @a; }", "D_AGG_SCALAR", 1,
	  "@a: an aggregation may only be assigned or given to printa( ), "
	  "clear( ), trunc( ), normalize( ) or denormalize( )" },
	{ "BEGIN { printa(@b); }", "D_AGG_UNDEF", 1,
	  "failed to resolve @b: aggregation is never assigned" },
	{ "BEGIN { @a = sum(\"s\"); }", "D_AGG_SCALAR", 1,
	  "sum( ) argument #1 must be of scalar type" },
	{ "BEGIN { @a = lquantize(1, \"s\", 2); }", "D_PROTO_ARG", 1,
	  "lquantize( ) argument #2 is incompatible with prototype:\n\t"
	  "prototype: int\n\t argument: string" },
	{ "BEGIN { @a = lquantize(1, 0); }", "D_PROTO_LEN", 1,
	  "lquantize( ) prototype mismatch: 2 args passed, at least 3 "
	  "expected" },
	{ "BEGIN { printa(); }", "D_PROTO_LEN", 1,
	  "printa( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { @a = count(); printa(@a, @a, @a, @a, @a, @a, @a, @a, @a, "
	  "@a); }", "D_PROTO_LEN", 1, "printa( ) prototype mismatch: 10 args "
	  "passed, at most 9 expected" },
	{ "BEGIN { trunc(); }", "D_PROTO_LEN", 1,
	  "trunc( ) prototype mismatch: 0 args passed, at least 1 expected" },
	{ "BEGIN { @a = count(); trunc(@a, 1, 2); }", "D_PROTO_LEN", 1,
	  "trunc( ) prototype mismatch: 3 args passed, at most 2 expected" },
	{ "BEGIN { clear(); }", "D_PROTO_LEN", 1,
	  "clear( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { @a = count(); clear(@a, 1); }", "D_PROTO_LEN", 1,
	  "clear( ) prototype mismatch: 2 args passed, 1 expected" },
	{ "BEGIN { normalize(); }", "D_PROTO_LEN", 1,
	  "normalize( ) prototype mismatch: 0 args passed, 2 expected" },
	{ "BEGIN { @a = count(); normalize(@a); }", "D_PROTO_LEN", 1,
	  "normalize( ) prototype mismatch: 1 arg passed, 2 expected" },
	{ "BEGIN { denormalize(); }", "D_PROTO_LEN", 1,
	  "denormalize( ) prototype mismatch: 0 args passed, 1 expected" },
	/* lquantize( )'s parameters, numbered from the base */
	{ "BEGIN { x = 1; @a = lquantize(1, x, 10); }", "D_LQUANT_BASETYPE",
	  1, "lquantize( ) argument #1 must be an integer constant" },
	{ "BEGIN { @a = lquantize(1, -5000000000, 10); }", "D_LQUANT_BASEVAL", 1,
	  "lquantize( ) argument #1 must be a 32-bit quantity" },
	{ "BEGIN { x = 1; @a = lquantize(1, 0, x); }", "D_LQUANT_LIMTYPE", 1,
	  "lquantize( ) argument #2 must be an integer constant" },
	{ "BEGIN { @a = lquantize(1, 0, 5000000000); }", "D_LQUANT_LIMVAL", 1,
	  "lquantize( ) argument #2 must be a 32-bit quantity" },
	{ "BEGIN { @a = lquantize(1, 10, -10, 1); }", "D_LQUANT_MISMATCH", 1,
	  "lquantize( ) base (argument #1) must be less than limit "
	  "(argument #2)" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 0); }", "D_LQUANT_STEPTYPE", 1,
	  "lquantize( ) argument #3 must be a non-zero positive integer "
	  "constant" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 70000); }", "D_LQUANT_STEPVAL", 1,
	  "lquantize( ) argument #3 must be a 16-bit quantity" },
	{ "BEGIN { @a = lquantize(1, 0, 10, 20); }", "D_LQUANT_STEPLARGE", 1,
	  "lquantize( ) step (argument #3) too large: must have at least "
	  "one quantization level" },
	{ "BEGIN { @a = lquantize(1, 0, 100000); }", "D_LQUANT_STEPSMALL", 1,
	  "lquantize( ) step (argument #3) too small: number of "
	  "quantization levels must be a 16-bit quantity" },
	{ "BEGIN { @a = lquantize(1, 0, 10);\n@a = lquantize(1, -1, 10); }",
	  "D_LQUANT_MATCHBASE", 2, "lquantize( ) base (argument #1) doesn't "
	  "match previous declaration: expected 0, found -1" },
	{ "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 20); }",
	  "D_LQUANT_MATCHLIM", 1, "lquantize( ) limit (argument #2) doesn't "
	  "match previous declaration: expected 10, found 20" },
	{ "BEGIN { @a = lquantize(1, 0, 100, 10); "
	  "@a = lquantize(1, 0, 125, 10); }",
	  "D_LQUANT_MATCHLIM", 1, "lquantize( ) limit (argument #2) doesn't "
	  "match previous declaration: expected 100, found 120" },
	{ "BEGIN { @a = lquantize(1, 0, 10); @a = lquantize(1, 0, 10, 2); }",
	  "D_LQUANT_MATCHSTEP", 1, "lquantize( ) step (argument #3) doesn't "
	  "match previous declaration: expected 1, found 2" },
	{ "BEGIN { @a = count(); trace(@a + 3); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"aggregation\" + \"int\"" },
	{ "BEGIN { @a = count(); trace(1 == @a); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int\" == \"aggregation\"" },
	{ "BEGIN { @[1, trace(0)] = count(); }", "D_KEY_TYPE", 1,
	  "void expression may not be used as aggregation index: key #2" },
	{ "BEGIN { @a; }", "D_AGG_NULL", 1, "expression has null effect: @a" },
	{ "BEGIN { @a[1, 2]; }", "D_AGG_NULL", 1,
	  "expression has null effect: @a" },
	/* aggregation actions given something else */
	{ "BEGIN { clear(1); }", "D_CLEAR_AGGARG", 1, "clear( ) argument #1 "
	  "is incompatible with prototype:\n\tprototype: aggregation\n\t "
	  "argument: int" },
	{ "BEGIN { trunc(\"a\", 2); }", "D_TRUNC_AGGARG", 1, "trunc( ) "
	  "argument #1 is incompatible with prototype:\n\tprototype: "
	  "aggregation\n\t argument: string" },
	{ "BEGIN { normalize(1, 2); }", "D_NORMALIZE_AGGARG", 1,
	  "normalize( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: aggregation\n\t argument: int" },
	{ "BEGIN { denormalize(execname); }", "D_NORMALIZE_AGGARG", 1,
	  "denormalize( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: aggregation\n\t argument: string" },
	{ "BEGIN { @a = count(); printa(\"%@d\", @a, 2); }",
	  "D_PRINTA_AGGARG", 1, "printa( ) argument #3 is incompatible with "
	  "prototype:\n\tprototype: aggregation\n\t argument: int" },
	{ "BEGIN { printa(\"%d\"); }", "D_PRINTA_PROTO", 1,
	  "printa( ) prototype mismatch: 1 args passed, 2 expected" },
	{ "BEGIN { @a[1] = count(); printa(\"%s %@d\", @a); }",
	  "D_PRINTF_ARG_TYPE", 1, "printa( ) argument #2 is incompatible with "
	  "conversion #1 prototype:\n\tconversion: %s\n\t prototype: char [] "
	  "or string (or use stringof)\n\t  argument: int" },
	{ "BEGIN { @a = count(); printa(\"%-8d %@d\", @a); }",
	  "D_PRINTF_ARG_PROTO", 1, "printa( ) prototype mismatch: conversion "
	  "#1 (%d) is missing a corresponding value argument" },
	{ "BEGIN { printf(\"%@d\", 1); }", "D_PRINTF_AGG_CONV", 1,
	  "%@ conversion requires an aggregation and is not for use with "
	  "printf( )" },
	{ "BEGIN { @a[\"x\"] = count(); printa(\"%*s %@d\", @a); }",
	  "D_PRINTF_DYN_PROTO", 1, "printa( ) prototype mismatch: "
	  "conversion #1 (%s) is missing a corresponding \"*\" argument" },
	{ "BEGIN { setopt(\"quiet\", 1); }", "D_PROTO_ARG", 1,
	  "setopt( ) argument #2 is incompatible with prototype:\n\t"
	  "prototype: string constant\n\t argument: int" },
	{ "BEGIN { setopt(); }", "D_PROTO_LEN", 1,
	  "setopt( ) prototype mismatch: 0 args passed, at least 1 "
	  "expected" },
	{ "BEGIN { panic(\"now\"); }", "D_PROTO_LEN", 1,
	  "panic( ) prototype mismatch: 1 arg passed, 0 expected" },
	{ "BEGIN { x = breakpoint(); }", "D_CG_EXPR", 1,
	  "tracing function breakpoint( ) may not be called from a D expression "
	  "(D program context required)" },
	{ "BEGIN { copyout(\"x\", 0, 1); }", "D_PROTO_ARG", 1,
	  "copyout( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: void *\n\t argument: string" },
	{ "BEGIN { copyoutstr(\"x\", 0); }", "D_PROTO_LEN", 1,
	  "copyoutstr( ) prototype mismatch: 2 args passed, 3 expected" },
	{ "BEGIN { trace(index(\"a\", \"b\", 1, 2)); }", "D_PROTO_LEN", 1,
	  "index( ) prototype mismatch: 4 args passed, at most 3 expected" },
	{ "BEGIN { trace(mutex_owned()); }", "D_PROTO_LEN", 1,
	  "mutex_owned( ) prototype mismatch: 0 args passed, 1 expected" },
	{ "BEGIN { trace(rw_iswriter(arg0, arg1)); }", "D_PROTO_LEN", 1,
	  "rw_iswriter( ) prototype mismatch: 2 args passed, 1 expected" },
	{ "BEGIN { trace(mutex_owner(\"m\")); }", "D_PROTO_ARG", 1,
	  "mutex_owner( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: struct mutex *\n\t argument: string" },
	{ "struct s { int a; };\nBEGIN { trace(mutex_type_spin((struct s *)"
	  "arg0)); }", "D_PROTO_ARG", 2,
	  "mutex_type_spin( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: struct mutex *\n\t argument: struct s *" },
	{ "struct mutex { long owner; };\nBEGIN { trace(rw_write_held("
	  "(struct mutex *)arg0)); }", "D_PROTO_ARG", 2,
	  "rw_write_held( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: struct rw_semaphore *\n\t argument: struct mutex *" },
	{ "BEGIN { trace(rw_read_held((int *)arg0)); }", "D_PROTO_ARG", 1,
	  "rw_read_held( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: struct rw_semaphore *\n\t argument: int *" },
	{ "BEGIN { trace(link_ntop(1)); }", "D_PROTO_LEN", 1,
	  "link_ntop( ) prototype mismatch: 1 arg passed, 2 expected" },
	{ "BEGIN { trace(link_ntop(\"e\", arg0)); }", "D_PROTO_ARG", 1,
	  "link_ntop( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: int\n\t argument: string" },
	{ "BEGIN { trace(link_ntop(1, \"a\")); }", "D_PROTO_ARG", 1,
	  "link_ntop( ) argument #2 is incompatible with prototype:\n\t"
	  "prototype: void *\n\t argument: string" },
	{ "BEGIN { trace($projid); }", "D_UNSUPPORTED", 1,
	  "macro variable $projid is not supported: Linux has no Solaris "
	  "projects or tasks" },
	{ "BEGIN { trace($taskid); }", "D_UNSUPPORTED", 1,
	  "macro variable $taskid is not supported: Linux has no Solaris "
	  "projects or tasks" },
	{ "BEGIN { trace(inet_ntop(2)); }", "D_PROTO_LEN", 1,
	  "inet_ntop( ) prototype mismatch: 1 arg passed, 2 expected" },
	{ "BEGIN { NULL = 1; }", "D_OP_WRITE", 1,
	  "operator = can only be applied to a writable variable" },
	{ "BEGIN { raise(\"x\"); }", "D_PROTO_ARG", 1,
	  "raise( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: int\n\t argument: string" },
	{ "BEGIN { stop(1); }", "D_PROTO_LEN", 1,
	  "stop( ) prototype mismatch: 1 arg passed, 0 expected" },
	{ "BEGIN { x = raise(9); }", "D_CG_EXPR", 1,
	  "tracing function raise( ) may not be called from a D expression "
	  "(D program context required)" },
	{ "BEGIN { system(arg0); }", "D_PROTO_ARG", 1,
	  "system( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: string\n\t argument: long" },
	{ "BEGIN { tracemem(arg0, arg1); }", "D_TRACEMEM_SIZE", 1,
	  "tracemem( ) argument #2 must be a non-zero positive integral "
	  "constant expression" },
	{ "BEGIN {\ntracemem(arg0, 0); }", "D_TRACEMEM_SIZE", 2,
	  "tracemem( ) argument #2 must be a non-zero positive integral "
	  "constant expression" },
	{ "BEGIN { trace(copyin(\"a\", 8)); }", "D_PROTO_ARG", 1,
	  "copyin( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: uintptr_t\n\t argument: string" },
	{ "BEGIN { copyinto(arg0, 8); }", "D_PROTO_LEN", 1,
	  "copyinto( ) prototype mismatch: 2 args passed, 3 expected" },
	{ "BEGIN { trace(copyinstr(\"a\")); }", "D_PROTO_ARG", 1,
	  "copyinstr( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: uintptr_t\n\t argument: string" },
	{ "BEGIN { @a[stack()] = count(); printa(\"%d %@d\", @a); }",
	  "D_PRINTF_ARG_TYPE", 1, "printa( ) argument #2 is incompatible "
	  "with conversion #1 prototype:\n\tconversion: %d\n\t prototype: "
	  "char, short, int, long, or long long\n\t  argument: stack" },
	{ "BEGIN { @a[stack(5)] = count(); @a[stack(6)] = count(); }",
	  "D_AGG_KEYS", 1, "@a key #1 is incompatible with its first use: "
	  "a stack of another kind or size" },
	{ "BEGIN { @a[1] = count(); @b[\"x\"] = count(); printa(@a, @b); }",
	  "D_PRINTA_AGGPROTO", 1, "printa( ): @b[ ] key #1 is incompatible "
	  "with @a:\n        a key #1: int\n        b key #1: string" },
	{ "BEGIN { @a[1] = count(); @b = count(); printa(@a, @b); }",
	  "D_PRINTA_AGGKEY", 1, "printa( ): @a and @b do not have matching "
	  "key signatures: @a has 1 key, @b has 0 keys" },
	{ "BEGIN { jstack(); }", "D_UNSUPPORTED", 1,
	  "jstack( ) is not supported yet" },
	{ "BEGIN { trace(1); speculate(1); }", "D_SPEC_DREC", 1,
	  "speculate( ) may not follow data-recording action(s)" },
	{ "BEGIN { commit(1); trace(1); }", "D_DREC_COMM", 1,
	  "data-recording actions may not follow commit( )" },
	{ "BEGIN { stack(0); }", "D_STACK_SIZE", 1,
	  "stack( ) argument #1 must be a non-zero positive integer "
	  "constant" },
	{ "BEGIN { stack(\"x\"); }", "D_STACK_SIZE", 1,
	  "stack( ) argument #1 must be a non-zero positive integer "
	  "constant" },
	{ "BEGIN { @[ustack(-3)] = count(); }", "D_USTACK_FRAMES", 1,
	  "ustack( ) argument #1 must be a non-zero positive integer "
	  "constant" },
	{ "BEGIN { ustack(5, -1); }", "D_USTACK_STRSIZE", 1,
	  "ustack( ) argument #2 must be a positive integer constant" },
	{ "BEGIN { tracemem(\"abc\", 3); }", "D_TRACEMEM_ADDR", 1,
	  "tracemem( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: pointer or integer\n\t argument: string" },
	{ "BEGIN { trace(*arg0); }", "D_DEREF_NONPTR", 1,
	  "cannot dereference non-pointer type" },
	{ "BEGIN { trace(*(void *)arg0); }", "D_DEREF_VOID", 1,
	  "cannot dereference pointer to void" },
	{ "BEGIN { x = 1; trace(&x); }", "D_ADDROF_VAR", 1,
	  "cannot take address of dynamic variable" },
	{ "BEGIN { trace(&1); }", "D_ADDROF_LVAL", 1,
	  "unary & operator requires an lvalue as operand" },
	{ "BEGIN { trace((int *)arg0 + (int *)arg1); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int *\" + \"int *\"" },
	{ "BEGIN { trace((int *)arg0 - (char *)arg1); }", "D_OP_INCOMPAT", 1,
	  "operands have incompatible types: \"int *\" - \"char *\"" },
	{ "BEGIN { *(int *)arg0 += 1; }", "D_UNSUPPORTED", 1,
	  "operator += through a pointer is not supported yet" },
	{ "BEGIN { trace((string *)0); }", "D_TYPE_ERR", 1,
	  "pointers to string are not supported" },
	/* these run with DTRACE_BTF=/nonexistent: no kernel types */
	{ "BEGIN { trace(curthread->pid); }", "D_TYPE_ERR", 1,
	  "no type information for struct task_struct: kernel type "
	  "information is unavailable: cannot read BTF from "
	  "DTRACE_BTF=/nonexistent: No such file or directory" },
	{ "BEGIN { trace(((struct task_struct *)curthread)->pid); }",
	  "D_TYPE_ERR", 1, "no type information for struct task_struct: "
	  "kernel type information is unavailable: cannot read BTF from "
	  "DTRACE_BTF=/nonexistent: No such file or directory" },
	{ "BEGIN { trace(arg0->pid); }", "D_OP_SOU", 1,
	  "operator -> cannot be applied to type \"long\": it "
	  "needs a pointer to a struct or union" },
	{ "struct s { int a; };\nBEGIN { trace(((struct s *)arg0)->b); }",
	  "D_MEMBER_NAME", 2, "b is not a member of struct s" },
	{ "struct s { int a; };\nunion s { int b; };\nstruct s { int b; };",
	  "D_DECL_IDRED", 3, "struct s redeclared" },
	{ "struct s { int a; };\nBEGIN { trace(((struct s *)arg0).a); }",
	  "D_OP_SOU", 2, "operator . cannot be applied to type \"struct s "
	  "*\": it needs a struct or union (use ->)" },
	{ "BEGIN { trace(offsetof(int, a)); }", "D_OFFSETOF_TYPE", 1,
	  "offsetof operand must be a struct or union type" },
	{ "this int a[4];\nBEGIN { this->a[4] = 1; }", "D_ARR_BOUNDS", 2,
	  "index outside array bounds: 4, max is 4" },
	{ "this int a[4];\nBEGIN { this->a = 0; }", "D_OP_ARRFUN", 2,
	  "operator = may not be applied to operand of type \"int [4]\"" },
	{ "struct s { int x; };\nthis struct s v;\n"
	  "BEGIN { this->v++; }", "D_OP_SCALAR", 3,
	  "operator ++ requires an operand of scalar type" },
	{ "struct s { int x; };\nthis struct s v;\n"
	  "BEGIN { this->v += 1; }", "D_OP_INCOMPAT", 3,
	  "operands have incompatible types: \"struct s\" += \"int\"" },
	/* an action where a value is wanted: the consumer's words */
	{ "BEGIN { trace(stringof(trace(1))); }", "D_STRINGOF_TYPE", 1,
	  "cannot apply stringof to a value of type void" },
	{ "BEGIN { trace(strlen(trace(1))); }", "D_PROTO_ARG", 1,
	  "strlen( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: const char *\n\t argument: void" },
	{ "BEGIN { printf(\"%d\", trace(1)); }", "D_PRINTF_ARG_TYPE", 1,
	  "printf( ) argument #2 is incompatible with conversion #1 "
	  "prototype:\n\tconversion: %d\n\t prototype: char, short, int, "
	  "long, or long long\n\t  argument: void" },
	{ "BEGIN { trace(trace(1)); }", "D_TRACE_VOID", 1,
	  "trace( ) may not be applied to a void expression" },
	{ "BEGIN { @ = sum(trace(1)); }", "D_CG_EXPR", 1,
	  "tracing function trace( ) may not be called from a D expression "
	  "(D program context required)" },
	{ "this string s[2];", "D_UNSUPPORTED", 1, "clause-local arrays of "
	  "strings are not supported: s" },
	{ "this char b[100000];", "D_DECL_ARRBIG", 1,
	  "array dimension too big" },
	{ "struct s { void v; };", "D_DECL_VOIDOBJ", 1,
	  "cannot have void member: v" },
	{ "struct s { int a;\nchar a; };", "D_UNKNOWN", 2,
	  "failed to define member 'a': Duplicate member or variable name" },
	{ "enum e { A };\nBEGIN { A = 1; }", "D_OP_WRITE", 2,
	  "operator = can only be applied to a writable variable" },
	{ "BEGIN { x = 1; trace(x[0]); }", "D_IDX_SCALAR", 1,
	  "operator [ ] requires an array, a pointer or an associative "
	  "array: \"int\" is none" },
	{ "self this int x;", "D_DECL_CLASS", 1,
	  "only one storage class allowed in a declaration" },
	{ "this self x;", "D_DECL_CLASS", 1,
	  "only one storage class allowed in a declaration" },
	/* fixed-size arrays: DTrace's checks and words */
	{ "int a[];\nBEGIN { }", "D_DECL_ARRNULL", 1, "array declaration "
	  "requires array dimension or tuple signature: a" },
	{ "int a[-7];\nBEGIN { }", "D_DECL_ARRSUB", 1, "positive integral "
	  "constant expression or tuple signature expected as array "
	  "declaration subscript" },
	{ "int a[0];", "D_DECL_ARRSUB", 1, "positive integral constant "
	  "expression or tuple signature expected as array declaration "
	  "subscript" },
	{ "int n;\nint a[n];", "D_DECL_ARRSUB", 2, "positive integral "
	  "constant expression or tuple signature expected as array "
	  "declaration subscript" },
	{ "int x[88294967295];", "D_DECL_ARRBIG", 1,
	  "array dimension too big" },
	{ "int a[5];\nBEGIN {\n\ttrace(a[5]);\n}", "D_ARR_BOUNDS", 3,
	  "index outside array bounds: 5, max is 5" },
	{ "int a[5];\nBEGIN { a[-1] = 1; }", "D_ARR_BOUNDS", 2,
	  "index outside array bounds: -1, max is 5" },
	{ "self int a[4];\nBEGIN { self->a[2 * 2]++; }", "D_ARR_BOUNDS", 2,
	  "index outside array bounds: 4, max is 4" },
	{ "int a[5];\nBEGIN { trace(a[\"x\"]); }", "D_IDX_INT", 2,
	  "a[ ] index must be of integral type" },
	{ "int a[5];\nBEGIN { trace(a[1, 2]); }", "D_ARR_BADREF", 2,
	  "a[ ] is an array of one dimension: it takes one index" },
	{ "int a[5];\nBEGIN { trace(a); }", "D_UNSUPPORTED", 2,
	  "array a as a value is not supported: index it" },
	{ "void a[3];", "D_DECL_VOIDOBJ", 1, "cannot declare array of void" },
	{ "int a[2][3];", "D_UNSUPPORTED", 1,
	  "arrays of arrays are not supported: a" },
	{ "int a[int][2];", "D_DECL_DYNOBJ", 1,
	  "cannot declare array of associative arrays" },
	{ "int a[5];\nint a[6];\nBEGIN { }", "D_DECL_IDRED", 2,
	  "identifier redeclared: a" },
	{ "int;", "D_DECL_USELESS", 1, "useless declaration" },
	{ "struct s { int a; };\nstruct t { struct s; };", "D_DECL_MNAME", 2,
	  "member declaration requires a name" },
	{ "struct { int a; struct { int a; }; } *p;", "D_UNKNOWN", 1,
	  "failed to define member 'a': Duplicate member or variable name" },
	{ "BEGIN { this->a[1] = 1; }", "D_ARR_LOCAL", 1,
	  "local variables may not be used as associative arrays: a" },
	{ "BEGIN { self->a = 1; self->a[1] = 1; }", "D_IDX_SCALAR", 1,
	  "operator [ ] requires an array, a pointer or an associative "
	  "array: \"int\" is none" },
	{ "BEGIN { self->a[1] = 1;\ntrace(self->a); }", "D_ARR_SCALAR", 2,
	  "a is an associative array; it must be indexed" },
	{ "BEGIN { self->a[1] = 1;\ntrace(self->a[\"x\"]); }",
	  "D_PROTO_ARG", 2, "a[ ] key #1 is incompatible with prototype:\n\t"
	  "prototype: int\n\t      key: string" },
	{ "BEGIN { trace(self->b[1]); }", "D_IDENT_UNDEF", 1,
	  "failed to resolve self->b: Unknown variable name" },
	{ "BEGIN { x = 1; chill(x); x = 2; speculate(x); }", "D_ACT_SPEC", 1,
	  "speculate( ) must come before every action of its clause" },
	{ "BEGIN { trace(1); if (arg0) speculate(1); }", "D_SPEC_DREC", 1,
	  "speculate( ) may not follow data-recording action(s)" },
	{ "BEGIN { if (\"s\") trace(1); }", "D_OP_SCALAR", 1,
	  "operator ! requires an operand of scalar type" },
	{ "BEGIN { if (1) trace(1); else }", "D_SYNTAX", 1,
	  "syntax error near \"}\"" },
	{ XLATOR "BEGIN { trace(xlate<out_t *>((struct in *)arg0)->s); }",
	  "D_XLATE_NOCONV", 5,
	  "translator does not define conversion for member: s" },
	{ XLATOR "BEGIN { trace(xlate<out_t *>((struct in *)arg0)); }",
	  "D_XLATE_SOU", 5, "xlate<struct out *> must be followed by -> or . "
	  "and a member: a whole translated struct is not supported" },
	{ XLATOR "BEGIN { trace(xlate<struct in *>(arg0)->a); }",
	  "D_XLATE_NONE", 5, "translator for struct in * is not defined" },
	{ "struct out { int o; };\n"
	  "translator struct out < int I > { q = I; };\nBEGIN { }",
	  "D_XLATE_MEMB", 2, "translator member q is not a member of "
	  "struct out" },
	/* translators translating by themselves: an error, not a crash */
	{ "typedef struct a { int x; } a_t;\n"
	  "translator a_t < a_t *A > { x = xlate <a_t *> (A)->x; };\n"
	  "BEGIN { trace(xlate <a_t *> ((a_t *)0)->x); }",
	  "D_XLATE_MEMB", 2, "translator for struct a * is defined in terms "
	  "of itself (member x)" },
	{ "struct a { int x; };\nstruct b { int y; };\n"
	  "translator struct a < struct b *B > "
	  "{ x = xlate<struct b *>((struct a *)B)->y; };\n"
	  "translator struct b < struct a *A > "
	  "{ y = xlate<struct a *>((struct b *)A)->x; };\n"
	  "BEGIN { trace(xlate<struct a *>((struct b *)0)->x); }",
	  "D_XLATE_MEMB", 4, "translator for struct a * is defined in terms "
	  "of itself (member x)" },
	{ "inline int a = a + 1;\nBEGIN { trace(a); }", "D_IDENT_BADREF", 1,
	  "inline a is defined in terms of itself" },
	{ "inline int a = 1;\nBEGIN { a = 2; }", "D_OP_WRITE", 2,
	  "operator = can only be applied to a writable variable" },
	{ "inline int a = \"s\";\nBEGIN { trace(a); }", "D_CAST_INVAL", 2,
	  "invalid cast expression: \"string\" to \"int\"" },
	{ "int x;\nstring x;\nBEGIN { }", "D_DECL_IDRED", 2,
	  "identifier redeclared: x" },
	{ "self int pid;\nint pid;\nBEGIN { }", "D_DECL_IDRED", 2,
	  "identifier redeclared: pid" },
	{ "void v;\nBEGIN { }", "D_DECL_VOID", 1,
	  "cannot declare variable v as type void" },
	{ "this int a[int];\nBEGIN { }", "D_DECL_LOCASSC", 1,
	  "associative arrays may not be declared as local variables: a" },
	{ "int x;\nBEGIN { x = \"s\"; }", "D_OP_INCOMPAT", 2,
	  "operands have incompatible types: \"int\" = \"string\"" },
	{ "BEGIN { trace((signed unsigned)0); }", "D_DECL_COMBO", 1,
	  "invalid type combination" },
	{ "BEGIN { trace((int)\"a\"); }", "D_CAST_INVAL", 1,
	  "invalid cast expression: \"string\" to \"int\"" },
	{ "BEGIN { a[1] = 1; trace(a[\"x\"]); }", "D_PROTO_ARG", 1,
	  "a[ ] key #1 is incompatible with prototype:\n\t"
	  "prototype: int\n\t      key: string" },
	{ "BEGIN { a[1] = 1; trace(a[1, 2]); }", "D_PROTO_LEN", 1,
	  "a[ ] prototype mismatch: 2 keys passed, 1 expected" },
	{ "BEGIN { a[1, 2] = 1; trace(a[1]); }", "D_PROTO_LEN", 1,
	  "a[ ] prototype mismatch: 1 key passed, 2 expected" },
	{ "BEGIN { a[1] = 1; trace(a); }", "D_ARR_SCALAR", 1,
	  "a is an associative array; it must be indexed" },
	{ "BEGIN { trace(args); }", "D_ARR_SCALAR", 1,
	  "args[ ] must be indexed" },
	{ "BEGIN { trace(uregs); }", "D_ARR_SCALAR", 1,
	  "uregs[ ] must be indexed" },
	{ "BEGIN { trace(func(\"x\")); }", "D_PROTO_ARG", 1,
	  "func( ) argument #1 is incompatible with prototype:\n\t"
	  "prototype: uintptr_t\n\t argument: string" },
	{ "BEGIN { trace(099); }", "D_INT_DIGIT", 1,
	  "constant 099 contains invalid digit 9" },
	{ "BEGIN { trace(''); }", "D_CHR_NULL", 1, "empty character constant" },
	{ "BEGIN { trace('a\n'); }", "D_CHR_NL", 1,
	  "newline encountered in character constant" },
	{ "BEGIN\n/(pid == 1/\n{ }", "D_SYNTAX", 2,
	  "closing ) expected in predicate before /" },
	{ "BEGIN { trace(99999999999999999999); }", "D_INT_OFLOW", 1,
	  "integer constant 99999999999999999999 results in integer "
	  "overflow" },
	{ "BEGIN { trace(\"abc); }", "D_STR_NL", 1,
	  "newline encountered in string literal" },
	{ "BEGIN { trace(1.5); }", "D_UNSUPPORTED", 1,
	  "floating-point constants are not supported" },
	{ "BEGIN { trace(#); }", "D_CHR_ILL", 1, "invalid character '#'" },
	{ "BEGIN /* open", "D_SYNTAX", 1,
	  "end-of-file encountered before matching */" },
	{ "#pragma D option nosuch\nBEGIN", "D_PRAGMA_OPTSET", 1,
	  "failed to set option 'nosuch': Invalid option name" },
	{ "#pragma D option nspec=-72\nBEGIN", "D_PRAGMA_OPTSET", 1,
	  "failed to set option 'nspec' to '-72': Invalid value for "
	  "specified option" },
	{ "#include <x.h>\nBEGIN", "D_PRAGERR", 1,
	  "invalid control directive: #include <x.h> (use -C to run the "
	  "preprocessor)" },
	{ "BEGIN /\"a\"/ { }", "D_PRED_SCALAR", 1,
	  "predicate result must be of scalar type" },
	{ "BEGIN { trace($1); }", "D_MACRO_UNDEF", 1,
	  "macro argument $1 is not defined" },
	{ "BEGIN { trace($target); }", "D_MACRO_UNDEF", 1,
	  "macro variable $target is not defined (use -c or -p)" },
	{ "BEGIN { trace($nosuch); }", "D_MACRO_UNDEF", 1,
	  "macro variable $nosuch is not defined" },
	{ "BEGIN { trace(sizeof (void)); }", "D_SIZEOF_TYPE", 1,
	  "sizeof operator cannot be applied to a void type" },
};

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	dt_options_init(o);
	dt_pcb_init(pcb, src, "t.d", o);
	return dt_compile(pcb, cp);
}

TEST(valid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++)
		EXPECT_TRUE(check_case_run(&valid[i], _metadata));
}

TEST(invalid_programs)
{
	size_t i;

	setenv("DTRACE_BTF", "/nonexistent", 1);
	dt_btf_reset();
	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++)
		EXPECT_TRUE(check_case_run(&invalid[i], _metadata));
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

/*
 * The d fuzzer's crash: 6,000 nested operators overflowed the checker's
 * stack under ASan. Nesting stops at the parser's 2,000 states, in
 * words; 900 levels still compile.
 */
static void nested(const char *open, const char *close, int depth,
		   int want, struct __test_metadata *_metadata)
{
	size_t lo = strlen(open), lc = strlen(close);
	char *src = malloc(32 + depth * (lo + lc)), *p = src;
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int i, rc;

	ASSERT_NE(NULL, src);
	p += sprintf(p, "BEGIN { trace(");
	for (i = 0; i < depth; i++, p += lo)
		memcpy(p, open, lo);
	*p++ = '1';
	for (i = 0; i < depth; i++, p += lc)
		memcpy(p, close, lc);
	strcpy(p, "); }");
	rc = compile(src, &pcb, &cp, &o);
	EXPECT_EQ(want, rc);
	if (rc)
		EXPECT_STREQ("D_SYNTAX", pcb.pcb_errtag);
	if (rc)
		EXPECT_EQ(0, strncmp(pcb.pcb_errmsg, "expressions or "
				     "statements nested too deeply near ", 43));
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	free(src);
}

TEST(nesting_bounded)
{
	nested("~", "", 900, 0, _metadata);
	nested("(", ")", 900, 0, _metadata);
	nested("~", "", 6000, -1, _metadata);
	nested("(", ")", 9000, -1, _metadata);
	nested("-(", ")", 20000, -1, _metadata);
}

/* The whole message, for a file and for -n, with and without tags. */
TEST(error_text)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	char buf[512];

	compile("BEGIN\n{\n\ttrace(y);\n}", &pcb, &cp, &o);
	dt_error_text(&pcb, false, buf, sizeof(buf));
	EXPECT_STREQ("line 3: failed to resolve y: Unknown variable name", buf);
	dt_error_text(&pcb, true, buf, sizeof(buf));
	EXPECT_STREQ("[D_IDENT_UNDEF] line 3: failed to resolve y: Unknown "
		     "variable name", buf);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN { trace(y); }", NULL, &o);
	EXPECT_EQ(-1, dt_compile(&pcb, &cp));
	dt_error_text(&pcb, false, buf, sizeof(buf));
	EXPECT_STREQ("in action list: failed to resolve y: Unknown variable "
		     "name", buf);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN /z/ { }", NULL, &o);
	EXPECT_EQ(-1, dt_compile(&pcb, &cp));
	dt_error_text(&pcb, false, buf, sizeof(buf));
	EXPECT_STREQ("in predicate: failed to resolve z: Unknown variable "
		     "name", buf);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* #pragma D option sets options as -x does. */
TEST(pragmas)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	ASSERT_EQ(0, compile("#pragma D option quiet\n"
			     "#pragma D option bufsize=8k\n"
			     "#pragma D option switchrate=10hz\n"
			     "#pragma D option strsize=64\n"
			     "#pragma ident \"ignored\"\n"
			     "BEGIN { }", &pcb, &cp, &o));
	EXPECT_TRUE(o.o_quiet);
	EXPECT_EQ(8192, o.o_bufsize);
	EXPECT_EQ(100000000, o.o_switchrate);
	EXPECT_EQ(64, o.o_strsize);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* Statements done for effect ride on the next action's program. */
TEST(layout)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_ecb *e;

	ASSERT_EQ(0, compile("BEGIN { x = 1; printf(\"%d %s\", x, \"s\"); "
			     "y = 2; trace(y); z = 3; }", &pcb, &cp, &o));
	ASSERT_EQ(1, cp.cp_necbs);
	e = &cp.cp_ecbs[0];
	ASSERT_EQ(3, e->e_nacts);
	EXPECT_EQ(1, e->e_acts[0].a_npre);	/* x = 1 */
	EXPECT_EQ(0, e->e_acts[1].a_npre);
	EXPECT_EQ(1, e->e_acts[2].a_npre);	/* y = 2 */
	EXPECT_EQ(1, e->e_acts[2].a_npost);	/* z = 3, after trace(y) */
	ASSERT_EQ(3, e->e_nrecs);
	EXPECT_EQ(0, e->e_recs[0].r_off);
	EXPECT_EQ(8, e->e_recs[1].r_off);
	EXPECT_EQ(257, e->e_recs[1].r_size);	/* strsize and the NUL */
	EXPECT_EQ(272, e->e_recs[2].r_off);
	EXPECT_EQ(280, e->e_recsize);
	ASSERT_EQ(2, e->e_nouts);
	EXPECT_EQ(DT_OUT_PRINTF, e->e_outs[0].o_kind);
	EXPECT_EQ(2, e->e_outs[0].o_nrecs);
	EXPECT_EQ(DT_OUT_TRACE, e->e_outs[1].o_kind);
	EXPECT_EQ(2, e->e_outs[1].o_rec);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

/* D's library (dt_lib.h): loaded when a script names what it declares. */
static const char lib[] =
	"/* curfoo is documented here */\n"
	"struct foo { int f_a; int f_b; };\n"
	"typedef struct foo foo_t;\n"
	"translator foo_t < int I > { f_a = I + 1; f_b = I * 2; };\n"
	"inline foo_t *curfoo = xlate<foo_t *>(cpu);\n";

TEST(needed_by_declared_names)
{
	ASSERT_TRUE(dt_lib_needed(lib, "BEGIN { trace(curfoo->f_a); }"));
	ASSERT_TRUE(dt_lib_needed(lib, "foo_t *p;"));
	ASSERT_TRUE(dt_lib_needed(lib, "BEGIN { trace(sizeof(struct foo)); "
				  "}"));
	/* members, the translator's parameter, comments, strings: no */
	ASSERT_FALSE(dt_lib_needed(lib, "BEGIN { trace(f_a); trace(I); }"));
	ASSERT_FALSE(dt_lib_needed(lib, "/* curfoo */ BEGIN { "
				   "trace(\"curfoo\"); }"));
	ASSERT_FALSE(dt_lib_needed(lib, "BEGIN { trace(curfool); }"));
}

/* inline T name[T p] = declares name; name[x] == in an expression not */
TEST(needed_by_inline_params)
{
	static const char plib[] =
		"inline int twice[int x] = x * 2;\n"
		"inline int other = tab[1] == 2;\n";

	ASSERT_TRUE(dt_lib_needed(plib, "BEGIN { trace(twice[3]); }"));
	ASSERT_FALSE(dt_lib_needed(plib, "BEGIN { trace(tab[1]); }"));
}

/* A -L directory's file, used and unused; an error in it. */
TEST(load_from_dir)
{
	char dir[] = "/tmp/dt_lib_XXXXXX", path[64];
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	FILE *f;

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/foo.d", dir);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs(lib, f);
	fclose(f);
	ASSERT_EQ(0, dt_lib_adddir(dir));

	EXPECT_EQ(0, compile("BEGIN { @[curfoo->f_b] = count(); }", &pcb,
			     &cp, &o))
		TH_LOG("%s", pcb.pcb_errmsg);
	EXPECT_NE(NULL, pcb.pcb_prog.p_xlators);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	EXPECT_EQ(0, compile("BEGIN { trace(1); }", &pcb, &cp, &o));
	EXPECT_EQ(NULL, pcb.pcb_prog.p_xlators);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	EXPECT_EQ(-1, compile("BEGIN { trace(curfoo->f_c); }", &pcb, &cp, &o));
	EXPECT_STREQ("translator does not define conversion for member: f_c",
		     pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);

	unlink(path);
	rmdir(dir);
}

TEST_HARNESS_MAIN
