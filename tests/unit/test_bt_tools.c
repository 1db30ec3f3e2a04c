// SPDX-License-Identifier: GPL-2.0
/*
 * What Debian's bpftrace tools need (bpftrace/bt_tools.c, bt_out.c,
 * run/bt_value.c): kstack and ustack with bpftrace's modes, as printf's
 * arguments and as map keys; usym( ); buf( ) with %r; cat( ). Each
 * program compiles and its DIF verifies; records made by hand go
 * through the consumer's printf and print as bpftrace 0.17 printed
 * them in the 6.1 guest (tests/d/bt-tools-vs-bpftrace-6.sh compares
 * the tools themselves).
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bt_parse.h"
#include "bt_value.h"
#include "dt_aggdef.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "dt_rec.h"
#include "dt_sym.h"
#include "kselftest_harness.h"
#include "bt_test.h"

static int compile(const char *src, struct dt_pcb *pcb, struct dt_cprog *cp,
		   struct dt_options *o)
{
	static char *const argv[] = { "dtrace", NULL };

	return bt_test_compile(src, pcb, cp, o, 1, argv);
}

static void compiles(const char *src, struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	int rc = compile(src, &pcb, &cp, &o);

	bt_test_verified(src, rc, &pcb, &cp, _metadata);
}

static void fails(const char *src, const char *msg,
		  struct __test_metadata *_metadata)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;

	EXPECT_EQ(-1, compile(src, &pcb, &cp, &o));
	EXPECT_STREQ(msg, pcb.pcb_errmsg) TH_LOG("%s", src);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
}

TEST(valid_programs)
{
	static const char *const ok[] = {
		"kprobe:f { printf(\"%s\\n\", kstack); }",
		"kprobe:f { printf(\"[%s] <%s> {%s} (%s) /%s/\\n\", kstack(3), "
		"kstack(perf, 3), kstack(raw), kstack(bpftrace, 2), "
		"ustack(perf)); }",
		"kprobe:f { printf(\"%d %s %s\\n\", pid, ustack, ustack(5)); }",
		"kprobe:f { @a[kstack(perf, 3)] = count(); @b[ustack(raw)] = "
		"count(); @c[kstack(bpftrace)] = count(); }",
		"uprobe:/bin/sh:main { printf(\"%-10u %s\\n\", elapsed / 1e6, "
		"usym(arg2)); }",
		"kprobe:f { printf(\"%-8d %r\\n\", pid, buf(arg0, arg1)); "
		"printf(\"%s %r\\n\", buf(arg0, 3), buf(arg1, 100)); }",
		"kprobe:f { cat(\"/proc/loadavg\"); cat(\"/proc/%d/status\", "
		"pid); }",
		/* biostacks: a stack as a map's value, then as a key */
		"kprobe:a { @reqstack[arg0] = kstack; @reqts[arg0] = nsecs; } "
		"kprobe:b /@reqts[arg0]/ { @usecs[@reqstack[arg0]] = "
		"hist(nsecs - @reqts[arg0]); delete(@reqstack[arg0]); "
		"delete(@reqts[arg0]); } END { clear(@reqstack); "
		"clear(@reqts); }",
		"kprobe:a { @s[tid] = kstack(perf, 5); $t = kstack; "
		"printf(\"%s %s\\n\", @s[tid], $t); }",
		/* the five tools' lines */
		"tracepoint:skb:kfree_skb { printf(\"%s\\n\", kstack); }",
	};
	size_t i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		compiles(ok[i], _metadata);
}

TEST(invalid_programs)
{
	fails("kprobe:f { printf(\"%s\\n\", kstack(foo)); }",
	      "kstack() expects a stack mode literal (bpftrace, perf or "
	      "raw), not foo", _metadata);
	fails("kprobe:f { printf(\"%s\\n\", kstack(perf, 0)); }",
	      "kstack() expects an integer literal depth from 1 to 256",
	      _metadata);
	fails("kprobe:f { @x = usym(arg0); }",
	      "usym() is supported only as a printf() argument", _metadata);
	fails("kprobe:f { @x[buf(arg0, 2)] = count(); }",
	      "buf() is supported only as a printf() argument", _metadata);
	fails("kprobe:f { printf(\"%r\\n\", buf(arg0)); }",
	      "buf() requires 2 arguments here: buf(addr, len)", _metadata);
	fails("BEGIN { printf(\"%r\\n\", buf(\"ab\", 2)); }",
	      "buf() expects an address here (an integer or a pointer), "
	      "not string", _metadata);
	fails("kprobe:f { $s = ustack(perf); }",
	      "ustack as a value (in a map or a variable) is not supported: "
	      "use it as a map key or a printf() argument", _metadata);
	fails("kprobe:f { cat(arg0); }",
	      "cat() expects a string literal format", _metadata);
}

/*
 * A stack action has no program: a statement before it (the kstack
 * value's assignment) goes with the next action that has one, never
 * with the stack's, where it would never run.
 */
TEST(pending_before_stack)
{
	static const char *const srcs[] = {
		"kprobe:f { @s[tid] = kstack(2); }",
		"kprobe:f { $x = 1; printf(\"%s %d\\n\", kstack, $x); }",
	};
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	size_t k;
	int i, pre;

	for (k = 0; k < sizeof(srcs) / sizeof(srcs[0]); k++) {
		ASSERT_EQ(0, compile(srcs[k], &pcb, &cp, &o));
		for (i = 0, pre = 0; i < cp.cp_ecbs[0].e_nacts; i++) {
			const struct dt_act *a = &cp.cp_ecbs[0].e_acts[i];

			if (a->a_nodif) {
				EXPECT_EQ(0, a->a_npre);
			} else {
				pre += a->a_npre;
			}
		}
		EXPECT_LE(1, pre) TH_LOG("%s", srcs[k]);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

/* A fake kallsyms with the functions of the guest's transcript. */
static char ksyms[] = "/tmp/bt_tools_kallsymsXXXXXX";

static void ksyms_make(struct __test_metadata *_metadata)
{
	int fd = mkstemp(ksyms);
	FILE *fp = fdopen(fd, "w");

	ASSERT_NE(NULL, fp);
	fprintf(fp, "ffffffff813abfb0 T ksys_sync\n"
		    "ffffffff813ac050 T __x64_sys_sync\n"
		    "ffffffff81a43dc0 T do_syscall_64\n"
		    "ffffffff81c000b8 T entry_SYSCALL_64_after_hwframe\n"
		    "ffffffff81d00000 T _etext\n");
	fclose(fp);
}

static const uint64_t pcs[] = {
	0xffffffff813abfb1ull, 0xffffffff813ac05aull, 0xffffffff81a43e1dull,
	0xffffffff81c00126ull, 0, 0,
};

/*
 * Compile src (one printf clause), fill its record's slots from words
 * in order (each slot's size), and print it through dt_rec_printf.
 */
static char *printed(const char *src, const uint64_t *words, size_t nwords,
		     struct __test_metadata *_metadata)
{
	static struct dt_consumer c;
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	const struct dt_ecb *e;
	uint8_t data[4096] = { 0 };
	char *buf = NULL;
	size_t len = 0, w = 0;
	int i;

	memset(&c, 0, sizeof(c));
	if (compile(src, &pcb, &cp, &o)) {
		TH_LOG("%s: %s", src, pcb.pcb_errmsg);
		return strdup("(error)");
	}
	e = &cp.cp_ecbs[0];
	for (i = 0; i < e->e_nrecs; i++) {
		const struct dt_rec *r = &e->e_recs[i];
		uint32_t k;

		for (k = 0; k < r->r_size / 8 && w < nwords; k++, w++)
			memcpy(data + r->r_off + 8 * k, &words[w], 8);
		if (r->r_size < 8 && w < nwords)
			memcpy(data + r->r_off, &words[w++], r->r_size);
	}
	dt_symtab_init(&c.c_syms);
	c.c_syms.st_kallsyms = ksyms;
	c.c_ext = &bt_valext;
	c.c_out = open_memstream(&buf, &len);
	for (i = 0; i < e->e_nouts; i++)
		if (e->e_outs[i].o_kind == DT_OUT_STACKID)
			dt_btval_learn(data, &e->e_recs[e->e_outs[i].o_rec],
				       &e->e_recs[e->e_outs[i].o_rec + 1]);
		else if (e->e_outs[i].o_kind == DT_OUT_PRINTF ||
		    e->e_outs[i].o_kind == DT_OUT_CAT)
			dt_rec_printf(&c, data, e, &e->e_outs[i]);
	fclose(c.c_out);
	dt_symtab_fini(&c.c_syms);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return buf;
}

#define PRINTS(want, src, ...) do {					\
	const uint64_t w_[] = { __VA_ARGS__ };				\
	char *got_ = printed(src, w_, sizeof(w_) / 8, _metadata);	\
	EXPECT_STREQ(want, got_);					\
	free(got_);							\
} while (0)

/* What bpftrace 0.17 printed at kprobe:ksys_sync for /bin/sync. */
TEST(kstack_modes)
{
	ksyms_make(_metadata);
	PRINTS("[\n        ksys_sync+1\n        __x64_sys_sync+10\n"
	       "        do_syscall_64+93\n"
	       "        entry_SYSCALL_64_after_hwframe+110\n]\n",
	       "kprobe:f { printf(\"[%s]\\n\", kstack); }",
	       pcs[0], pcs[1], pcs[2], pcs[3]);
	PRINTS("<\n        ksys_sync+1\n        __x64_sys_sync+10\n"
	       "        do_syscall_64+93\n>\n",
	       "kprobe:f { printf(\"<%s>\\n\", kstack(3)); }",
	       pcs[0], pcs[1], pcs[2]);
	PRINTS("{\n\tffffffff813abfb1 ksys_sync+1\n"
	       "\tffffffff813ac05a __x64_sys_sync+10\n"
	       "\tffffffff81a43e1d do_syscall_64+93\n}\n",
	       "kprobe:f { printf(\"{%s}\\n\", kstack(perf, 3)); }",
	       pcs[0], pcs[1], pcs[2]);
	PRINTS("/\n        ksys_sync+1\n        __x64_sys_sync+10\n/\n",
	       "kprobe:f { printf(\"/%s/\\n\", kstack(bpftrace, 2)); }",
	       pcs[0], pcs[1]);
	/* raw, newer bpftrace's: the addresses alone */
	PRINTS("(\nffffffff813abfb1\nffffffff813ac05a\n)\n",
	       "kprobe:f { printf(\"(%s)\\n\", kstack(raw, 2)); }",
	       pcs[0], pcs[1]);
	/* a value after the stack keeps its slot */
	PRINTS("\n        ksys_sync+1\n 7\n",
	       "kprobe:f { printf(\"%s %d\\n\", kstack(1), 7); }", pcs[0], 7);
	/* kstack as a value: its id, printed as the stack it was */
	PRINTS("{\n\tffffffff813abfb1 ksys_sync+1\n"
	       "\tffffffff813ac05a __x64_sys_sync+10\n}\n",
	       "kprobe:f { @s[tid] = kstack(perf, 2); printf(\"{%s}\\n\", "
	       "@s[tid]); }", pcs[0], pcs[1], 0x1234, 0x1234);
	/* an id never learnt (a deleted element's 0): nothing */
	PRINTS("{}\n", "kprobe:f { @s[tid] = kstack(2); printf(\"{%s}\\n\", "
	       "@s[tid]); }", pcs[0], pcs[1], 0, 0);
	unlink(ksyms);
}

/* ustack: the pid first; a process that is gone: the addresses. */
TEST(ustack_modes)
{
	PRINTS("[\n        0x7f8d4c756380\n        0x7f8d4c42e9c0\n]\n",
	       "kprobe:f { printf(\"[%s]\\n\", ustack(3)); }",
	       999999999, 0x7f8d4c756380ull, 0x7f8d4c42e9c0ull, 0);
	PRINTS("{\n\t7f8d4c756380 0x7f8d4c756380 ([unknown])\n"
	       "\t2 0x2 ([unknown])\n}\n",
	       "kprobe:f { printf(\"{%s}\\n\", ustack(perf, 3)); }",
	       999999999, 0x7f8d4c756380ull, 2, 0);
}

TEST(usym_text)
{
	/* no such process: the address, as bpftrace; 0 as "0" */
	PRINTS("0x6543a0|0|7\n",
	       "uprobe:/bin/sh:main { printf(\"%s|%s|%d\\n\", usym(arg2), "
	       "usym(arg0), 7); }", 999999999, 0x6543a0, 999999999, 0, 7);
}

TEST(buf_text)
{
	const char b[16] = "ab\tc\001xyz";
	uint64_t w[2];

	memcpy(w, b, 16);
	/* bpftrace's [ab\x09c\x01x] of buf("ab\tc\001xyz", 6) */
	PRINTS("[ab\\x09c\\x01x] 5\n",
	       "kprobe:f { printf(\"[%r] %d\\n\", buf(arg0, 6), 5); }",
	       6, w[0], w[1], 0, 0, 0, 0, 0, 0, 5);
	PRINTS("<ab>\n", "kprobe:f { printf(\"<%s>\\n\", buf(arg0, 2)); }",
	       2, w[0]);
}

TEST(cat_file)
{
	char path[64], src[256];
	FILE *fp;

	snprintf(path, sizeof(path), "/tmp/bt_tools_cat.%d", (int)getpid());
	fp = fopen(path, "w");
	ASSERT_NE(NULL, fp);
	fputs("1 2 3", fp);
	fclose(fp);
	snprintf(src, sizeof(src), "kprobe:f { printf(\"a \"); cat(\"%s\"); "
		 "printf(\"|\\n\"); }", path);
	PRINTS("a 1 2 3|\n", src, 0);
	/* the name formatted as printf does */
	PRINTS("1 2 3", "kprobe:f { cat(\"/tmp/bt_tools_cat.%d\", pid); }",
	       (uint64_t)getpid());
	unlink(path);
}

TEST_HARNESS_MAIN
