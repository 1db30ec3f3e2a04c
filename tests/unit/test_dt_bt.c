// SPDX-License-Identifier: GPL-2.0
/*
 * The bpftrace front end on the host: attach points as D probe
 * descriptions, programs that compile (and whose DIF the verifier
 * takes), errors with bpftrace's words and places, and how they print.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#ifdef __SANITIZE_ADDRESS__
#include <sanitizer/lsan_interface.h>
#endif

#include "bt_parse.h"
#include "dt_btf.h"
#include "dt_compile.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_printf.h"
#include "dt_program.h"
#include "btf_file.h"
#include "kselftest_harness.h"
#include "bt_test.h"

static const struct {
	const char	*text, *desc, *name;
	bool		glob;
} probes[] = {
	{ "BEGIN", "dtrace:::BEGIN", "BEGIN" },
	{ "END", "dtrace:::END", "END" },
	{ "kprobe:vfs_read", "fbt::vfs_read:entry", "kprobe:vfs_read" },
	{ "k:vfs_*", "fbt::vfs_*:entry", "kprobe:vfs_*", true },
	{ "kretprobe:vfs_read", "fbt::vfs_read:return", "kretprobe:vfs_read" },
	{ "tracepoint:syscalls:sys_enter_openat",
	  "tracepoint:syscalls::sys_enter_openat",
	  "tracepoint:syscalls:sys_enter_openat" },
	{ "t:syscalls:sys_enter_*", "tracepoint:syscalls::sys_enter_*",
	  "tracepoint:syscalls:sys_enter_*", true },
	{ "profile:hz:99", "profile:::profile-99", "profile:hz:99" },
	{ "profile:ms:10", "profile:::profile-10ms", "profile:ms:10" },
	{ "interval:s:1", "profile:::tick-1s", "interval:s:1" },
	{ "i:ms:100", "profile:::tick-100ms", "interval:ms:100" },
	{ "interval:1s", "profile:::tick-1s", "interval:1s" },
	{ "interval:100ms", "profile:::tick-100ms", "interval:100ms" },
	{ "profile:99hz", "profile:::profile-99", "profile:99hz" },
	{ "software:faults:1", "software:::faults-1", "software:faults:1" },
	{ "s:cs", "software:::cs", "software:cs" },
	{ "uprobe:/bin/sh:main", "uprobe:/usr/bin/dash:main:entry",
	  "uprobe:/usr/bin/dash:main" },
	{ "ur:/bin/sh:m*", "uprobe:/usr/bin/dash:m*:return",
	  "uretprobe:/usr/bin/dash:m*", true },
};

TEST(attach_points)
{
	size_t i;

	for (i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		struct dt_loc loc = { 1, 1, 1, 2 };
		struct bt_probe bp;
		struct dt_pcb pcb;
		char resolved[256];

		if (strstr(probes[i].text, "/bin/sh") &&
		    (!realpath("/bin/sh", resolved) ||
		     strcmp(resolved, "/usr/bin/dash") != 0))
			continue;	/* not Debian's /bin/sh */
		dt_pcb_init(&pcb, probes[i].text, NULL, NULL);
		ASSERT_EQ(0, bt_probe_parse(&pcb, probes[i].text, &loc, &bp));
		EXPECT_STREQ(probes[i].desc, bp.bp_desc);
		EXPECT_STREQ(probes[i].name, bp.bp_name);
		EXPECT_EQ(probes[i].glob, bp.bp_glob);
		dt_pcb_fini(&pcb);
	}
}

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	static char *const argv[] = { "dtrace", "7", "word", NULL };

	return bt_test_compile(src, pcb, cp, o, 3, argv);
}

/* src compiles, and the verifier takes its DIF. */
static void compiles(const char *src, struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile(src, &pcb, &cp, &o);

	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

/* src fails with msg at line:col. */
static void fails(const char *src, int line, int col, const char *msg,
		  struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	EXPECT_STREQ(msg, pcb.pcb_errmsg);
	EXPECT_EQ(line, pcb.pcb_errline);
	EXPECT_EQ(col, pcb.pcb_errcol);
	if (strcmp(msg, pcb.pcb_errmsg) || line != pcb.pcb_errline ||
	    col != pcb.pcb_errcol)
		TH_LOG("%s", src);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

static const char *const valid[] = {
	"BEGIN { printf(\"hello\\n\"); exit(); }",
	"kprobe:vfs_read { @start[tid] = nsecs; } kretprobe:vfs_read "
	"/@start[tid]/ { @ns = hist(nsecs - @start[tid]); "
	"delete(@start[tid]); }",
	"kprobe:vfs_* { @[probe] = count(); @f[func, comm] = count(); }",
	"k:a, kr:b { @[probe, pid] = sum(arg0); }",
	"kretprobe:f { @r = stats(retval); @m = min(retval); "
	"@x = max(retval); @a = avg(retval); @l = lhist(retval, 0, 100, 10); "
	"print(@r); clear(@l); zero(@a); }",
	"profile:hz:99 /pid == 189/ { @[ustack] = count(); @k[kstack] = "
	"count(); @u[ustack(3), kstack(4)] = count(); }",
	"interval:s:1 { @n++; if (@n == 3) { exit(); } else if (@n > 3) "
	"{ printf(\"x\\n\"); } else { @n += 0; } }",
	"BEGIN { $x = 1; unroll(4) { $x = $x * 2; } printf(\"%d %d %s %d\\n\", "
	"$x, $1, str($2), $#); printf(\"%s\\n\", $2); }",
	"BEGIN { printf(\"%d %d\\n\", elapsed, cpu); } END { @t = count(); }",
	"BEGIN { $s = str(arg0); $t = str(comm); $u = str(arg1, 8); "
	"printf(\"%s %s %s\\n\", $s, $t, $u); }",
	"uprobe:/bin/sh:main { join(arg1); join(arg1, \",\"); @[ksym(arg0)] = "
	"count(); @c[curtask] = count(); }",
	"#!/usr/bin/bpftrace\n#include <linux/fs.h>\n// c\nBEGIN /* c */ "
	"{ @x = (uint8)257; @y = (int64)-1 > 0 ? 1 : 2; }",
	"BEGIN { @m[1, \"a\"] = 2; delete(@m, 1, \"a\"); }",
	"BEGIN { @c = count(); print(@c, 0, 2); print(@c, 0); print(@c); }",
	"BEGIN { printf(\"%d %d\\n\", 1e6, 2_000); }",
	"BEGIN { @n++; @m[\"a\"] += 2; if (@n == 1) { @m[\"a\"]--; } print(@n); "
	"print(@m, 0, 2); } END { @n -= 1; }",
	"BEGIN /strncmp(comm, \"dtr\", 3) == 0/ { @[strncmp(\"ab\", comm, 2)] = "
	"count(); }",
	"BEGIN { time(); time(\"%Y-%m-%d %H:%M:%S\\n\"); printf(\"%d %s "
	"%%s %-8s\\n\", 1, comm, strftime(\"%H:%M:%S\", nsecs)); }",
	/* struct definitions between probes; one in a comment or string */
	"struct a { u64 x; char n[4]; struct a *next; };\n"
	"/* struct b { int y; }; */ union u { __s32 i; char c[4]; };\n"
	"BEGIN { $p = (struct a *)0; printf(\"%d %d %s\\n\", "
	"sizeof(struct a), sizeof(union u), \"struct c { }\"); }",
	/* print( ) of values */
	"BEGIN { print(1); print(\"a\"); print(comm); print(kstack); }",
};

TEST(valid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++)
		compiles(valid[i], _metadata);
}

static const struct {
	const char	*src;
	int		line, col;
	const char	*msg;
} invalid[] = {
	{ "kprobe:f { foo(1); }", 1, 12, "Unknown function: foo" },
	/* more fields than a probe has (the bt fuzzer's stack overflow) */
	{ "kretfunc:a:b:c:d:e:f { }", 1, 1,
	  "Invalid attach point definition: kretfunc:a:b:c:d:e:f" },
	{ "kfunc:a:b:c { }", 1, 1,
	  "Invalid attach point definition: kfunc:a:b:c" },
	{ "BEGIN { bogus }", 1, 9, "Unknown identifier: 'bogus'" },
	{ "BEGIN {\n  @x = count()", 2, 15,
	  "syntax error, unexpected end of file, expecting '}' or ';'" },
	{ "kprobe:f { @ = retval; }", 1, 16, "The retval builtin can only be "
	  "used with 'kretprobe' and 'uretprobe' probes" },
	{ "bogus:f { 1 }", 1, 1, "Invalid probe type: bogus" },
	{ "kprobe:a:b:c { 1 }", 1, 1,
	  "Invalid attach point definition: kprobe:a:b:c" },
	{ "BEGIN { @x = hist(); }", 1, 14,
	  "hist() requires one argument (0 provided)" },
	{ "BEGIN { @x = lhist(1, 2); }", 1, 14,
	  "lhist() requires 4 arguments (2 provided)" },
	{ "BEGIN { @x = count(); delete(@x); }", 1, 23,
	  "delete() of an aggregation's element is not supported: use "
	  "clear()" },
	{ "BEGIN { @c = count(); print(@c, $x); }", 1, 23, "print() expects "
	  "an integer literal top count: print(@m, top[, div])" },
	{ "#ifndef BPFTRACE_HAVE_BTF\nBEGIN { }", 1, 1, "unterminated "
	  "conditional directive: #if without #endif" },
	{ "BEGIN { }\n  #pragma once", 2, 3, "the C preprocessor directive "
	  "#pragma is not supported" },
	{ "#if X > 1\n#endif\nBEGIN { }", 1, 1, "#if supports only "
	  "defined(NAME) and integers: if X > 1" },
	{ "#endif\nBEGIN { }", 1, 1, "#endif without #if" },
	{ "#if 1\n#else\n#else\n#endif\nBEGIN { }", 3, 1,
	  "#else after #else" },
	{ "#define F(x) x\nBEGIN { F(1, 2); }", 2, 9, "macro \"F\" given "
	  "the wrong number of arguments" },
	{ "BEGIN { $a = kaddr(\"no_such_symbol_here\"); }", 1, 14,
	  "Failed to resolve kernel symbol: no_such_symbol_here" },
	{ "BEGIN { unroll(0) { } }", 1, 9,
	  "unroll maximum value is 100 and minimum is 1" },
	{ "BEGIN { print(@x, 0, 2); }", 1, 15,
	  "failed to resolve @x: aggregation is never assigned" },
	{ "BEGIN { @n++; clear(@n); }", 1, 15, "clear() of a map that is "
	  "not an aggregation is supported only in END" },
	{ "BEGIN { sarg0 }", 1, 9, "sarg0 is not supported by this DTrace" },
	{ "kprobe:f { @[args->x] = count(); }", 1, 14, "args is only available "
	  "in tracepoint and kfunc probes here: use arg0, arg1, ..." },
	/* print( ) of a value: one, not a map's element */
	{ "BEGIN { @m[1] = 5; print(@m[1]); }", 1, 20, "The map passed to "
	  "print() should not be indexed by a key" },
	{ "BEGIN { print(1, 2); }", 1, 9, "Non-map print() only takes 1 "
	  "argument, 2 found" },
	{ "BEGIN { }\nstruct x { int a };", 2, 18, "syntax error near \"}\"" },
	{ "usdt:/bin/sh:n { 1 }", 1, 1,
	  "Invalid attach point definition: usdt:/bin/sh:n" },
	{ "BEGIN { $x = 1 } BEGIN { printf(\"%d\", $y); }", 1, 39,
	  /* the second clause's own $y (bt_error.c prints $y) */
	  "failed to resolve this->y`1: Unknown variable name" },
	{ "uprobe:/no/such:f { 1 }", 1, 1, "uprobe target file '/no/such' "
	  "does not exist or is not executable" },
	{ "BEGIN { @x = 1e67777777777777; }", 1, 14,
	  "overflow error, maximum value is 18446744073709551615: "
	  "1e67777777777777" },
	/* found by fuzz_bt: zero times 10^(6.7e13) took as many steps;
	 * 0.27 refuses a coefficient of 0 */
	{ "BEGIN { @x = 0e67777777777777; }", 1, 14,
	  "coefficient part of scientific literal must be 1-9: "
	  "0e67777777777777" },
	/* calls with too few arguments (D's crashed on these) */
	{ "BEGIN { print(); }", 1, 9, "print() expects a map argument" },
	{ "BEGIN { clear(); }", 1, 9, "clear() expects a map argument" },
	{ "BEGIN { zero(); }", 1, 9, "zero() expects a map argument" },
	{ "BEGIN { delete(); }", 1, 9, "delete() expects a map element" },
	{ "BEGIN { str(); }", 1, 9, "str() requires 1 or 2 arguments (0 "
	  "provided)" },
	{ "BEGIN { join(); }", 1, 9, "join() requires 1 or 2 arguments" },
	{ "BEGIN { strncmp(\"a\"); }", 1, 9, "strncmp() requires 3 "
	  "arguments (1 provided)" },
};

TEST(invalid_programs)
{
	size_t i;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++)
		fails(invalid[i].src, invalid[i].line, invalid[i].col,
		      invalid[i].msg, _metadata);
}

/* The preprocessor's lines out, #define's values in, lines kept. */
static const struct {
	const char	*src, *out;
} cpp[] = {
	{ "#!/usr/bin/env bpftrace\n#include <linux/sched.h>\n"
	  "#define N 3\nBEGIN { @x = N; }", "\n\n\nBEGIN { @x = 3; }" },
	{ "#define N 3\n#undef N\n#ifdef N\nBEGIN { @x = N; }\n#else\n"
	  "BEGIN { @x = 4; }\n#endif", "\n\n\n\n\nBEGIN { @x = 4; }\n" },
	{ "#if 0\nstruct s { int a; };\n#elif\n#endif\n"
	  "#if !defined(NOPE) // c\n#define V 2 // two\n#endif\n"
	  "BEGIN { @x = V + AF_INET6; }",
	  "\n\n\n\n\n\n\nBEGIN { @x = 2 + AF_INET6; }" },
	{ "/*\n#pragma inside a comment\n*/\n#define A 5\n"
	  "#if defined A\n#if defined(B)\n#error no\n#endif\n"
	  "k:A { @x = A; $A = \"A\"; @A = A.A; }\n#endif",
	  "/*\n#pragma inside a comment\n*/\n\n\n\n\n\n"
	  "k:A { @x = 5; $A = \"A\"; @A = 5.A; }\n" },
	{ "#if defined(X) \r\nk:a { }\r\n#else\r\nk:b { }\r\n#endif\r\n",
	  "\n\n\nk:b { }\r\n\n" },
};

TEST(preprocessor)
{
	size_t i;

	for (i = 0; i < sizeof(cpp) / sizeof(cpp[0]); i++) {
		struct dt_pcb pcb;
		char *out = NULL;
		size_t len;

		dt_pcb_init(&pcb, cpp[i].src, NULL, NULL);
		ASSERT_EQ(0, bt_cpp(&pcb, &out, &len)) TH_LOG("%s: %s",
			cpp[i].src, pcb.pcb_errmsg);
		EXPECT_STREQ(cpp[i].out, out);
		EXPECT_EQ(strlen(out), len);
		free(out);
		dt_pcb_fini(&pcb);
	}
}

/*
 * Kernel types for the casts: a synthetic BTF (DTRACE_BTF) with what
 * the tcp tools read.
 *
 * struct in6_addr { union { unsigned char u6_addr8[16]; } in6_u; };
 * struct sock_common { unsigned int skc_daddr, skc_rcv_saddr;
 *	__be16 skc_dport; unsigned short skc_num, skc_family;
 *	unsigned char skc_state; struct in6_addr skc_v6_daddr; };
 * struct sock { struct sock_common __sk_common; unsigned int
 *	sk_ack_backlog; };
 * struct qstr { unsigned int hash; const unsigned char *name; };
 * union u { int a; long b; };
 * enum { TCP_ESTABLISHED = 1, TCP_CLOSE = 7 };
 * long kf(struct sock *sk, unsigned int count);
 */
static struct btf *bt_synthetic(void)
{
	struct btf *b = btf__new_empty();
	int in, uchr, uint, ushort, lng, be16, a16, anon, in6, skc, ucstr;
	int sk, proto;

	in = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	uchr = btf__add_int(b, "unsigned char", 1, 0);
	uint = btf__add_int(b, "unsigned int", 4, 0);
	ushort = btf__add_int(b, "unsigned short", 2, 0);
	lng = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	be16 = btf__add_typedef(b, "__be16", ushort);
	a16 = btf__add_array(b, in, uchr, 16);
	ucstr = btf__add_ptr(b, btf__add_const(b, uchr));

	anon = btf__add_union(b, NULL, 16);
	btf__add_field(b, "u6_addr8", a16, 0, 0);
	in6 = btf__add_struct(b, "in6_addr", 16);
	btf__add_field(b, "in6_u", anon, 0, 0);

	skc = btf__add_struct(b, "sock_common", 32);
	btf__add_field(b, "skc_daddr", uint, 0, 0);
	btf__add_field(b, "skc_rcv_saddr", uint, 32, 0);
	btf__add_field(b, "skc_dport", be16, 64, 0);
	btf__add_field(b, "skc_num", ushort, 80, 0);
	btf__add_field(b, "skc_family", ushort, 96, 0);
	btf__add_field(b, "skc_state", uchr, 112, 0);
	btf__add_field(b, "skc_v6_daddr", in6, 128, 0);
	sk = btf__add_struct(b, "sock", 40);
	btf__add_field(b, "__sk_common", skc, 0, 0);
	btf__add_field(b, "sk_ack_backlog", uint, 256, 0);

	btf__add_struct(b, "qstr", 16);
	btf__add_field(b, "hash", uint, 0, 0);
	btf__add_field(b, "name", ucstr, 64, 0);
	btf__add_union(b, "u", 8);
	btf__add_field(b, "a", in, 0, 0);
	btf__add_field(b, "b", lng, 0, 0);

	btf__add_enum(b, NULL, 4);
	btf__add_enum_value(b, "TCP_ESTABLISHED", 1);
	btf__add_enum_value(b, "TCP_CLOSE", 7);

	/* the parameters follow their prototype at once */
	sk = btf__add_ptr(b, sk);
	proto = btf__add_func_proto(b, lng);
	btf__add_func_param(b, "sk", sk);
	btf__add_func_param(b, "count", uint);
	btf__add_func(b, "kf", BTF_FUNC_GLOBAL, proto);
	return b;
}

FIXTURE(bttypes) {
	char path[64];
};

FIXTURE_SETUP(bttypes)
{
	strcpy(self->path, "/tmp/dt_bt_XXXXXX");
	ASSERT_EQ(0, btf_file_install(bt_synthetic(), self->path));
}

FIXTURE_TEARDOWN(bttypes)
{
	btf_file_remove(self->path);
}

static const char *const typed[] = {
	/* tcpconnect's reads */
	"#ifndef BPFTRACE_HAVE_BTF\n#include <net/sock.h>\n"
	"struct sock { int x; };\n#else\n#include <sys/socket.h>\n#endif\n"
	"kprobe:tcp_connect { $sk = ((struct sock *) arg0);\n"
	"  if ($sk->__sk_common.skc_family == AF_INET) {\n"
	"    $daddr = ntop($sk->__sk_common.skc_daddr);\n"
	"    $d6 = ntop($sk->__sk_common.skc_v6_daddr.in6_u.u6_addr8);\n"
	"    $dport = $sk->__sk_common.skc_dport; $dport = bswap($dport);\n"
	"    printf(\"%s %s %d %d\\n\", $daddr, $d6, $dport,\n"
	"      $sk->__sk_common.skc_num); } }",
	/* a cast in place; union; ntop with its family; a struct's enum */
	"kretprobe:inet_csk_accept { printf(\"%d %d %s %s %s\\n\", "
	"((struct sock *)retval)->sk_ack_backlog, ((union u *)arg0)->b, "
	"ntop(AF_INET, ((struct sock *)retval)->__sk_common.skc_rcv_saddr), "
	"ntop(AF_INET6, ((struct sock *)retval)->__sk_common.skc_v6_daddr."
	"in6_u.u6_addr8), ntop(0x0100007f)); @s[TCP_CLOSE] = count(); }",
	/* a kernel string through a map; a map of a struct's char array */
	"kprobe:d_lookup { $name = (struct qstr *)arg1; "
	"@fname[tid] = $name->name; } kretprobe:d_lookup /@fname[tid]/ { "
	"printf(\"%s\\n\", str(@fname[tid])); delete(@fname[tid]); }",
	/* kfunc's args by name, typed; kretfunc's kept from the entry */
	"kfunc:kf { @[args->sk->__sk_common.skc_num] = sum(args->count); }",
	"kretfunc:kf { @ = sum(retval + args->count); "
	"@s[args->sk->sk_ack_backlog] = count(); }",
	/* tcplife: a map read before its first assignment */
	"kprobe:tcp_set_state { $sk = (struct sock *)arg0; "
	"if (arg1 < TCP_CLOSE && @birth[$sk] == 0) { @birth[$sk] = nsecs; } "
	"if (arg1 == TCP_CLOSE && @birth[$sk]) { delete(@birth[$sk]); } }",
};

TEST_F(bttypes, casts)
{
	size_t i;

	for (i = 0; i < sizeof(typed) / sizeof(typed[0]); i++)
		compiles(typed[i], _metadata);
}

static const struct {
	const char	*src;
	int		line, col;
	const char	*msg;
} typed_bad[] = {
	{ "kprobe:f { $sk = (struct sock *)arg0;\n  @[$sk->bogus] = "
	  "count(); }", 2, 8, "bogus is not a member of struct sock" },
	{ "kprobe:f { @ = ((struct nosuch *)arg0)->x; }", 1, 25,
	  "struct nosuch is not a known type: neither the script nor the "
	  "kernel's types define it" },
	{ "kprobe:f { @ = ntop(\"a\"); }", 1, 21, "ntop() expects an "
	  "integer or an array of 4 or 16 bytes (string provided)" },
	{ "kprobe:f { @ = ntop(3, arg0); }", 1, 21, "ntop() expects AF_INET "
	  "or AF_INET6 as its first argument" },
	{ "kprobe:f { @ = ntop(AF_INET, ((struct sock *)arg0)->__sk_common."
	  "skc_v6_daddr.in6_u.u6_addr8); }", 1, 83, "ntop() of AF_INET "
	  "expects an array of 4 bytes (16 provided)" },
	{ "kprobe:f { @ = bswap(\"a\"); }", 1, 22, "bswap() expects an "
	  "integer (string provided)" },
	{ "struct foo {\n int a;\n struct nosuch *p;\n};\nBEGIN { }", 3, 17,
	  "struct nosuch is not a known type: neither the script nor the "
	  "kernel's types define it" },
	{ "BEGIN { @ = NO_SUCH_ENUMERATOR; }", 1, 13,
	  "Unknown identifier: 'NO_SUCH_ENUMERATOR'" },
	{ "kfunc:kf { @ = args->nope; }", 1, 16,
	  "Can't find function parameter nope" },
	{ "kfunc:no_such_kf { }", 1, 1, "No BTF found for no_such_kf (the type "
	  "data in use, built from the kernel's headers, describes no "
	  "functions: kfunc needs /sys/kernel/btf/vmlinux)" },
	/* a kretfunc's kept argument, then an error (the fuzzer's leak) */
	{ "kretfunc:kf { @ = args->count; @x = nosuch(1); }", 1, 37,
	  "Unknown function: nosuch" },
};

TEST_F(bttypes, errors)
{
	size_t i;

	for (i = 0; i < sizeof(typed_bad) / sizeof(typed_bad[0]); i++)
		fails(typed_bad[i].src, typed_bad[i].line, typed_bad[i].col,
		      typed_bad[i].msg, _metadata);
#ifdef __SANITIZE_ADDRESS__
	/* the harness's child ends in _exit( ): look for leaks here */
	EXPECT_EQ(0, __lsan_do_recoverable_leak_check());
#endif
}

/* sizeof and offsetof fold to the synthetic layout. */
TEST_F(bttypes, sizes)
{
	static const struct {
		const char	*e;
		int64_t		v;
	} sz[] = {
		{ "sizeof(struct sock)", 40 },
		{ "sizeof(struct sock *)", 8 },
		{ "sizeof(union u)", 8 },
		{ "offsetof(struct sock, sk_ack_backlog)", 32 },
		{ "offsetof(struct sock_common, skc_v6_daddr)", 16 },
		{ "sizeof(((struct sock *)arg0)->__sk_common.skc_dport)", 2 },
		{ "sizeof(uint16)", 2 },
	};
	size_t i;

	for (i = 0; i < sizeof(sz) / sizeof(sz[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;
		char src[256];
		const struct dt_node *a;

		snprintf(src, sizeof(src), "kprobe:f { exit(%s); }", sz[i].e);
		ASSERT_EQ(0, compile(src, &pcb, &cp, &o))
			TH_LOG("%s: %s", src, pcb.pcb_errmsg);
		a = pcb.pcb_prog.p_clauses->c_stmts->n_args;
		ASSERT_NE(NULL, a);
		EXPECT_EQ(DT_N_INT, a->n_kind) TH_LOG("%s", src);
		EXPECT_EQ(sz[i].v, a->n_int) TH_LOG("%s", src);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
	fails("kprobe:f { exit(offsetof(struct sock, nosuch)); }", 1, 39,
	      "nosuch is not a member of struct sock", _metadata);
}

/*
 * Without kernel types, BPFTRACE_HAVE_BTF is not defined: the tool's
 * definitions are D's, whose kernel types cannot be had, as it says.
 */
TEST(no_btf)
{
	static const char src[] =
		"#ifndef BPFTRACE_HAVE_BTF\n#include <linux/fs.h>\n"
		"struct nameidata {\n\tstruct path path;\n};\n#endif\n"
		"BEGIN { }";
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	setenv("DTRACE_BTF", "/nonexistent/vmlinux.btf", 1);
	dt_btf_reset();
	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	EXPECT_EQ(4, pcb.pcb_errline);
	EXPECT_EQ(14, pcb.pcb_errcol);
	EXPECT_EQ(0, strncmp(pcb.pcb_errmsg, "incomplete struct/union/enum "
			     "struct path: path (kernel type information is "
			     "unavailable", 81)) TH_LOG("%s", pcb.pcb_errmsg);
	EXPECT_NE(NULL, strstr(pcb.pcb_errmsg, "DTRACE_BTF"))
		TH_LOG("%s", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

static void printed(const char *src, const char *file, const char *expect,
		    struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile(src, &pcb, &cp, &o);

	pcb.pcb_file = file;
	bt_test_printed(rc, &pcb, &cp, expect, _metadata);
}

TEST(error_print)
{
	printed("kprobe:f { foo(1); }", NULL,
		"stdin:1:12-15: ERROR: Unknown function: foo\n"
		"kprobe:f { foo(1); }\n"
		"           ^~~\n", _metadata);
	printed("BEGIN {\n\t$x;\n}", "t.bt",
		"t.bt:2:2-4: ERROR: Undefined or undeclared variable: $x\n"
		"\t$x;\n"
		"\t^~\n", _metadata);
	printed("BEGIN { @m = hist(1); @m = count(); }", NULL,
		"stdin:1:28-33: ERROR: Type mismatch for @m: trying to assign "
		"value of type 'count' when map already contains a value of "
		"type 'hist'\n"
		"BEGIN { @m = hist(1); @m = count(); }\n"
		"                           ^~~~~\n", _metadata);
	printed("BEGIN { print(@x, 0, 2); }", NULL,
		"stdin:1:15-17: ERROR: Undefined map: @x\n"
		"BEGIN { print(@x, 0, 2); }\n"
		"              ^~\n", _metadata);
	printed("BEGIN { printf(\"%d\", @y); }", NULL,
		"stdin:1:22-24: ERROR: Undefined map: @y\n"
		"BEGIN { printf(\"%d\", @y); }\n"
		"                     ^~\n", _metadata);
}

/* time(fmt)'s printf conversion: %<fmt>T of a walltimestamp. */
TEST(time_conversion)
{
	struct dt_pfarg arg = { .pa_type = { .kind = DT_T_INT, .size = 8,
					     .is_signed = true },
				.pa_int = 86400LL * 1000000000LL + 61000000000LL };
	char err[256], *buf = NULL;
	size_t len = 0;
	struct dt_pfmt *pf;
	FILE *fp;

	setenv("TZ", "UTC", 1);
	tzset();
	pf = dt_pfmt_parse("at %<%Y-%m-%d %H:%M:%S>T.\n", err, sizeof(err));
	ASSERT_NE(NULL, pf);
	EXPECT_EQ(1, pf->pf_nargs);
	fp = open_memstream(&buf, &len);
	ASSERT_NE(NULL, fp);
	EXPECT_LT(0, dt_pfmt_print(fp, pf, &arg, 1));
	fclose(fp);
	EXPECT_STREQ("at 1970-01-02 00:01:01.\n", buf);
	free(buf);
	dt_pfmt_free(pf);
	EXPECT_EQ(NULL, dt_pfmt_parse("%<%H", err, sizeof(err)));
}

TEST(library_path)
{
	char path[256];

	/* libc is an ELF file, not the libc.so linker script */
	if (bt_lib_path("libc", path, sizeof(path)) == 0) {
		FILE *fp = fopen(path, "rb");
		char m[4] = { 0 };

		ASSERT_NE(NULL, fp);
		EXPECT_EQ(4, fread(m, 1, 4, fp));
		EXPECT_EQ(0, memcmp(m, "\177ELF", 4));
		fclose(fp);
		EXPECT_NE(NULL, strstr(path, "libc.so."));
	}
	EXPECT_EQ(-1, bt_lib_path("libno-such-library", path, sizeof(path)));
}

TEST_HARNESS_MAIN
