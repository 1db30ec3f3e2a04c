// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's maps that are D globals: the store's walks that DVARSNAP
 * makes (dif_dyn_snap( ), dif_dyn_clear( )), the consumer's printing of
 * a snapshot in bpftrace 0.17's order and format (bt_mapvar.c), and the
 * lowering of print( ), clear( ), zero( ) and reads before assignment.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <string.h>
#include <dtrace/dtrace_ioctl.h>
#include "dif_test.h"
#include "dt_aggdef.h"
#include "bt_mapvar.h"
#include "bt_print.h"
#include "dt_compile.h"
#include "dt_options.h"
#include "dt_pcb.h"
#include "dt_program.h"
#include "kselftest_harness.h"

/* a[arg0, "arg1 string"] += 1 (global array 2) */
static const char count_prog[] =
	"ldb arg0, %r1\n ldb arg1, %r2\n"
	"pushtv %r1\n pushts %r2, 0\n ldga 2, %r3\n addi %r3, 1, %r3\n"
	"pushtv %r1\n pushts %r2, 0\n stga %r3, 2\n ret %r3";

/* self->x = arg0 (thread-local 1): not a global, never in a snapshot */
static const char self_prog[] = "ldb arg0, %r1\n stts %r1, 1\n ret %r1";

TEST(store_snap_and_clear)
{
	struct dift *t = dift_new();
	static const char k1[] = "alpha", k2[] = "be";
	static u8 out[4096];
	const struct dtrace_dvar *r;
	u32 count, more, tag, b, n;
	u64 used, v;

	dif_uenv_map(&t->env, k1, sizeof(k1), 0);
	dif_uenv_map(&t->env, k2, sizeof(k2), 0);
	ASSERT_EQ(0, dift_asm(t, count_prog));
	t->env.args[0] = 7;
	t->env.args[1] = (u64)(unsigned long)k1;
	dift_run(t);
	dift_run(t);
	t->env.args[1] = (u64)(unsigned long)k2;
	dift_run(t);
	ASSERT_EQ(0, dift_asm(t, self_prog));
	t->env.args[0] = 9;
	t->env.thread_key = 5;
	dift_run(t);
	ASSERT_EQ(3, t->dyn.dd_nused);

	used = dif_dyn_snap(&t->dyn, out, sizeof(out), &count, &more);
	EXPECT_EQ(2, count);
	EXPECT_EQ(0, more);
	/* each: header, int tag + 8, string tag + bytes, 8-byte value */
	EXPECT_EQ(((16 + 12 + 4 + 5 + 8 + 7) & ~7) + ((16 + 12 + 4 + 2 + 8 + 7) & ~7),
		  used);
	for (r = (const void *)out; (const u8 *)r < out + used;
	     r = (const void *)((const u8 *)r + r->dvr_size)) {
		const u8 *k = (const u8 *)(r + 1);
		u32 slen;

		EXPECT_EQ(2, r->dvr_id);
		EXPECT_EQ(DTRACE_DVAR_ARRAY, r->dvr_flags);
		EXPECT_EQ(8, r->dvr_vallen);
		memcpy(&tag, k, 4);
		EXPECT_EQ(0, tag);
		memcpy(&v, k + 4, 8);
		EXPECT_EQ(7, v);
		memcpy(&tag, k + 12, 4);
		ASSERT_TRUE(tag & DTRACE_DVAR_KSTR);
		slen = tag & ~DTRACE_DVAR_KSTR;
		EXPECT_EQ(r->dvr_keylen, 16 + slen);
		memcpy(&v, k + r->dvr_keylen, 8);
		if (slen == 5) {
			EXPECT_EQ(0, memcmp(k + 16, "alpha", 5));
			EXPECT_EQ(2, v);
		} else {
			EXPECT_EQ(0, memcmp(k + 16, "be", 2));
			EXPECT_EQ(1, v);
		}
	}
	/* no room: nothing cut, every entry counted */
	EXPECT_EQ(0, dif_dyn_snap(&t->dyn, out, 40, &count, &more));
	EXPECT_EQ(0, count);
	EXPECT_EQ(2, more);
	/*
	 * clear: the globals of id 2 go, the thread-local stays; a bucket
	 * at a time, as the module clears a large store in slices
	 */
	EXPECT_EQ(0, dif_dyn_clear(&t->dyn, 3));
	for (b = 0, n = 0; b < t->dyn.dd_nbuckets; b++)
		n += dif_dyn_clear_range(&t->dyn, 2, b, 1);
	EXPECT_EQ(2, n);
	EXPECT_EQ(0, dif_dyn_clear_range(&t->dyn, 2, t->dyn.dd_nbuckets, 5));
	EXPECT_EQ(1, t->dyn.dd_nused);
	EXPECT_EQ(0, dif_dyn_snap(&t->dyn, out, sizeof(out), &count, &more));
	EXPECT_EQ(0, count);
	/* the freed chunks are reused */
	ASSERT_EQ(0, dift_asm(t, count_prog));
	EXPECT_EQ(1, dift_run(t));
	EXPECT_EQ(2, t->dyn.dd_nused);
	free(t);
}

/* A snapshot built by hand: records as the module writes them. */
struct snapb {
	struct dt_dvars	s;
	u8		buf[4096];
};

static void snap_add(struct snapb *b, u32 id, const void *key, u16 keylen,
		     const void *val, u16 vallen)
{
	struct dtrace_dvar r = { 0 };
	size_t size = (sizeof(r) + keylen + vallen + 7) & ~7ul;

	r.dvr_size = (u32)size;
	r.dvr_id = id;
	r.dvr_keylen = keylen;
	r.dvr_vallen = vallen;
	r.dvr_flags = keylen ? DTRACE_DVAR_ARRAY : 0;
	memset(b->buf + b->s.dv_len, 0, size);
	memcpy(b->buf + b->s.dv_len, &r, sizeof(r));
	if (keylen)
		memcpy(b->buf + b->s.dv_len + sizeof(r), key, keylen);
	memcpy(b->buf + b->s.dv_len + sizeof(r) + keylen, val, vallen);
	b->s.dv_len += size;
	b->s.dv_buf = b->buf;
}

/* A tuple of one integer. */
static u16 key_int(u8 *k, int64_t v)
{
	u32 tag = 0;

	memcpy(k, &tag, 4);
	memcpy(k + 4, &v, 8);
	return 12;
}

/* A tuple element string, appended at k + off. */
static u16 key_str(u8 *k, u16 off, const char *s)
{
	u32 tag = DTRACE_DVAR_KSTR | (u32)strlen(s);

	memcpy(k + off, &tag, 4);
	memcpy(k + off + 4, s, strlen(s));
	return off + 4 + (u16)strlen(s);
}

static char outbuf[4096];

/* Map a as the text (or -f json) output prints it, in outbuf. */
static const char *print_map(const struct dt_agg *a, const struct dt_dvars *s,
			     int64_t top, uint64_t div, int *rc, bool json)
{
	FILE *fp = fmemopen(outbuf, sizeof(outbuf), "w");

	memset(outbuf, 0, sizeof(outbuf));
	*rc = (json ? dt_bt_var_json : dt_bt_var)(fp, a, s, top, div, NULL);
	fclose(fp);
	return outbuf;
}

static const char *print_var(const struct dt_agg *a, const struct dt_dvars *s,
			     int64_t top, uint64_t div, int *rc)
{
	return print_map(a, s, top, div, rc, false);
}

static const char *print_json(const struct dt_agg *a,
			      const struct dt_dvars *s, int64_t top,
			      uint64_t div, int *rc)
{
	return print_map(a, s, top, div, rc, true);
}

/* Variable id's @i[5] = 30, @i[-2] = 10, @i[7] = 20, in that order. */
static void snap_ints(struct snapb *b, int id)
{
	static const int64_t keys[] = { 5, -2, 7 }, vals[] = { 30, 10, 20 };
	u8 k[32];
	int i;

	for (i = 0; i < 3; i++)
		snap_add(b, id, k, key_int(k, keys[i]), &vals[i], 8);
}

TEST(print_ints_by_value)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@i", .v_array = true, .v_nkeys = 1,
			    .v_id = 4 };
	struct dt_agg a = { .a_name = "i", .a_isvar = true, .a_var = &v };
	u8 k[32];
	int64_t val;
	int rc;

	v.v_keys[0] = dt_type_long;
	v.v_type = dt_type_long;
	snap_ints(&b, 4);
	val = 99;	/* another variable */
	snap_add(&b, 5, k, key_int(k, 1), &val, 8);
	EXPECT_STREQ("@i[-2]: 10\n@i[7]: 20\n@i[5]: 30\n",
		     print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	/* print(@i, 2): the top two; print(@i, 0, 10): divided */
	EXPECT_STREQ("@i[7]: 20\n@i[5]: 30\n", print_var(&a, &b.s, 2, 1, &rc));
	EXPECT_STREQ("@i[-2]: 1\n@i[7]: 2\n@i[5]: 3\n",
		     print_var(&a, &b.s, 0, 10, &rc));
	/* none: one blank line */
	v.v_id = 6;
	EXPECT_STREQ("\n", print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
}

/*
 * As 0.27 prints (-x btrelease=0.27): a plain map by key, not by value
 * (0.27's own order is its hash's, different at each run:
 * Documentation/bpftrace-language.md),
 * and print( ) of an empty one prints nothing (0.17: a blank line).
 */
TEST(print_ints_by_key_027)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@i", .v_array = true, .v_nkeys = 1,
			    .v_id = 4 };
	struct dt_agg a = { .a_name = "i", .a_isvar = true, .a_var = &v };
	int rc;

	v.v_keys[0] = dt_type_long;
	v.v_type = dt_type_long;
	snap_ints(&b, 4);
	dt_bt_release = 27;
	EXPECT_STREQ("@i[-2]: 10\n@i[5]: 30\n@i[7]: 20\n",
		     print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	/* print(@i, 2): the last two keys */
	EXPECT_STREQ("@i[5]: 30\n@i[7]: 20\n", print_var(&a, &b.s, 2, 1, &rc));
	v.v_id = 6;
	EXPECT_STREQ("", print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	dt_bt_release = 23;
	EXPECT_STREQ("\n", print_var(&a, &b.s, 0, 1, &rc));
	v.v_id = 4;
	EXPECT_STREQ("@i[-2]: 10\n@i[7]: 20\n@i[5]: 30\n",
		     print_var(&a, &b.s, 0, 1, &rc));
	dt_bt_release = DT_BTREL_DEFAULT;
}

TEST(print_strings_by_key)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@m", .v_array = true, .v_nkeys = 2,
			    .v_id = 1 };
	struct dt_agg a = { .a_name = "m", .a_isvar = true, .a_var = &v };
	u8 k[64];
	u16 n;
	int rc;

	v.v_keys[0] = dt_type_long;
	v.v_keys[1] = dt_type_string;
	v.v_type = dt_type_string;
	n = key_int(k, 1);
	snap_add(&b, 1, k, key_str(k, n, "b"), "zz", 3);
	snap_add(&b, 1, k, key_str(k, n, "a"), "yy", 3);
	n = key_int(k, 0);
	snap_add(&b, 1, k, key_str(k, n, "z"), "x y", 4);
	/* delete( ) left "" */
	snap_add(&b, 1, k, key_str(k, n, "gone"), "", 1);
	EXPECT_STREQ("@m[0, z]: x y\n@m[1, a]: yy\n@m[1, b]: zz\n",
		     print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
}

TEST(print_scalars)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@x", .v_id = 3 };
	struct dt_agg a = { .a_name = "x", .a_isvar = true, .a_var = &v };
	int rc;

	v.v_type = dt_type_int;
	b.s.dv_globals[3] = (uint64_t)-5;
	EXPECT_STREQ("@x: -5\n", print_var(&a, &b.s, 0, 1, &rc));
	v.v_type = dt_type_uint;
	b.s.dv_globals[3] = 7;
	EXPECT_STREQ("@x: 7\n", print_var(&a, &b.s, 0, 1, &rc));
	b.s.dv_globals[3] = 0;
	EXPECT_STREQ("\n", print_var(&a, &b.s, 0, 1, &rc));
	/* a string scalar lives in the store */
	v.v_type = dt_type_string;
	snap_add(&b, 3, NULL, 0, "str", 4);
	EXPECT_STREQ("@x: str\n", print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
}

/*
 * A map of tuples: a variable per element, one line per key as
 * bpftrace prints it, by key; an element no entry holds is 0 or "".
 */
TEST(print_tuples_by_key)
{
	static struct snapb b;
	struct dt_var v0 = { .v_name = "@t.0", .v_array = true, .v_nkeys = 1,
			     .v_id = 1 };
	struct dt_var v1 = { .v_name = "@t.1", .v_array = true, .v_nkeys = 1,
			     .v_id = 2 };
	struct dt_agg a = { .a_name = "t", .a_isvar = true, .a_var = &v0,
			    .a_ntvars = 2, .a_tvars = { &v0, &v1 } };
	u8 k[32];
	int64_t val;
	int rc;

	v0.v_keys[0] = v1.v_keys[0] = dt_type_long;
	v0.v_type = dt_type_long;
	v1.v_type = dt_type_string;
	EXPECT_STREQ("\n", print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	val = 1;
	snap_add(&b, 1, k, key_int(k, 2), &val, 8);
	snap_add(&b, 2, k, key_int(k, 2), "b", 2);
	val = -5;
	snap_add(&b, 1, k, key_int(k, 1), &val, 8);
	snap_add(&b, 2, k, key_int(k, 1), "a", 2);
	/* (0, "z"): the store keeps no 0 */
	snap_add(&b, 2, k, key_int(k, 3), "z", 2);
	/* (7, ""): delete( ) of a string leaves "" */
	val = 7;
	snap_add(&b, 1, k, key_int(k, 4), &val, 8);
	snap_add(&b, 2, k, key_int(k, 4), "", 1);
	EXPECT_STREQ("@t[1]: (-5, a)\n@t[2]: (1, b)\n@t[3]: (0, z)\n"
		     "@t[4]: (7, )\n", print_var(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	/* print(@t, 2): the last two keys */
	EXPECT_STREQ("@t[3]: (0, z)\n@t[4]: (7, )\n",
		     print_var(&a, &b.s, 2, 1, &rc));
	/* an element's variable never made: its values are 0 */
	a.a_tvars[1] = NULL;
	EXPECT_STREQ("@t[1]: (-5, 0)\n@t[2]: (1, 0)\n@t[4]: (7, 0)\n",
		     print_var(&a, &b.s, 0, 1, &rc));
	/* a malformed record in any element's map fails the print */
	a.a_tvars[1] = &v1;
	((struct dtrace_dvar *)b.buf)->dvr_size = 4096;
	print_var(&a, &b.s, 0, 1, &rc);
	EXPECT_EQ(-1, rc);
}

/* -f json, as bpftrace 0.17 prints these maps (bt-maps-vs-bpftrace) */
TEST(print_as_json)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@m", .v_array = true, .v_nkeys = 2,
			    .v_id = 1 };
	struct dt_var x = { .v_name = "@x", .v_id = 2 };
	struct dt_var t0 = { .v_name = "@t.0", .v_id = 3 };
	struct dt_var t1 = { .v_name = "@t.1", .v_id = 4 };
	struct dt_agg a = { .a_name = "m", .a_isvar = true, .a_var = &v };
	struct dt_agg ax = { .a_name = "x", .a_isvar = true, .a_var = &x };
	struct dt_agg at = { .a_name = "t", .a_isvar = true, .a_var = &t0,
			     .a_ntvars = 2, .a_tvars = { &t0, &t1 } };
	u8 k[64];
	int64_t val;
	u16 n;
	int rc;

	v.v_keys[0] = dt_type_long;
	v.v_keys[1] = dt_type_string;
	v.v_type = dt_type_long;
	/* empty: no line */
	EXPECT_STREQ("", print_json(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	n = key_int(k, 1);
	val = 6;
	snap_add(&b, 1, k, key_str(k, n, "q\"z"), &val, 8);
	val = 4;
	snap_add(&b, 1, k, key_str(k, n, "b"), &val, 8);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@m\": {\"1,b\": 4, "
		     "\"1,q\\\"z\": 6}}}\n", print_json(&a, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
	/* print(@m, 1, 2) */
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@m\": {\"1,q\\\"z\": "
		     "3}}}\n", print_json(&a, &b.s, 1, 2, &rc));
	/* a scalar string; a tuple scalar, an element 0 */
	x.v_type = dt_type_string;
	snap_add(&b, 2, NULL, 0, "s\n", 3);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@x\": \"s\\n\"}}\n",
		     print_json(&ax, &b.s, 0, 1, &rc));
	t0.v_type = dt_type_long;
	t1.v_type = dt_type_string;
	snap_add(&b, 4, NULL, 0, "a", 2);
	EXPECT_STREQ("{\"type\": \"map\", \"data\": {\"@t\": [0,\"a\"]}}\n",
		     print_json(&at, &b.s, 0, 1, &rc));
	EXPECT_EQ(0, rc);
}

TEST(malformed_snapshot)
{
	static struct snapb b;
	struct dt_var v = { .v_name = "@m", .v_array = true, .v_nkeys = 1,
			    .v_id = 1 };
	struct dt_agg a = { .a_name = "m", .a_isvar = true, .a_var = &v };
	struct dtrace_dvar *r;
	u8 k[32];
	int64_t val = 1;
	int rc;

	v.v_keys[0] = dt_type_long;
	v.v_type = dt_type_long;
	snap_add(&b, 1, k, key_int(k, 1), &val, 8);
	r = (struct dtrace_dvar *)b.buf;
	r->dvr_size = 4096;		/* past the end */
	print_var(&a, &b.s, 0, 1, &rc);
	EXPECT_EQ(-1, rc);
	r->dvr_size = 40;
	r->dvr_keylen = 30;		/* key and value past the record */
	print_var(&a, &b.s, 0, 1, &rc);
	EXPECT_EQ(-1, rc);
	r->dvr_keylen = 12;
	memset(b.buf + sizeof(*r), 0xff, 4);	/* a bad tag */
	print_var(&a, &b.s, 0, 1, &rc);
	EXPECT_EQ(-1, rc);
}

/* Lowering: the program compiles, or fails with msg at line:col. */
static int bt_compile(const char *src, struct dt_pcb *pcb,
		      struct dt_cprog *cp, struct dt_options *o)
{
	static char *const argv[] = { "dtrace", NULL };

	dt_options_init(o);
	dt_pcb_init(pcb, src, NULL, o);
	pcb->pcb_lang = true;
	pcb->pcb_argc = 1;
	pcb->pcb_argv = argv;
	return dt_compile(pcb, cp);
}

static const char *const valid[] = {
	"BEGIN { @i[1] = 5; print(@i); print(@i, 2); print(@i, 0, 10); "
	"clear(@i); zero(@i); @s[1] = \"a\"; delete(@s[1]); print(@s); }",
	"interval:ms:20 { @n = @n + 1; @s[@n] = \"v\"; if (@n == 3) { "
	"print(@s); clear(@s); exit(); } }",
	"BEGIN { if (@c == 0) { printf(\"none\\n\"); } } kprobe:f { @c++; }",
	"BEGIN { print(@x); } END { @x = 1; }",
	"BEGIN { print(@c); clear(@h); } kprobe:f { @c = count(); "
	"@h = hist(arg0); }",
	"BEGIN { if (@n > 0) { print(@n); } } kprobe:f { @n += 2; }",
	"BEGIN { @k[\"x\"] = 1; delete(@k, \"x\"); }",
	"BEGIN { @s[1, \"a\"] = \"v\"; if (has_key(@s, 1, \"a\")) { "
	"printf(\"y\\n\"); } @n = has_key(@i, 2); } END { @i[2] = 3; }",
	/* maps of tuples, read in a clause before the one that assigns */
	"BEGIN { $v = @t[1]; printf(\"%d %s\\n\", $v.0, @t[1].1); "
	"print(@t[1]); print(@t, 1); delete(@t[1]); delete(@t, 2); "
	"@n = has_key(@t, 1); clear(@t); zero(@t); } "
	"kprobe:f { @t[tid] = (arg0, comm); @s = (1, \"a\"); "
	"@u[1, \"k\"] = (2, 3); @w = @s; delete(@s); }",
	"BEGIN { $x = (1, \"a\"); @t[2] = $x; $y = @t[2]; @u = $y; }",
	/* len( ): a map, a counter's, a map of tuples' */
	"BEGIN { @m[1] = 2; @c[1]++; @t[1] = (1, \"a\"); "
	"printf(\"%d %d %d\\n\", len(@m), len(@c), len(@t)); }",
};

TEST(lowering)
{
	size_t i;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;
		int rc = bt_compile(valid[i], &pcb, &cp, &o);

		if (rc)
			TH_LOG("%s: %s (%d:%d)", valid[i], pcb.pcb_errmsg,
			       pcb.pcb_errline, pcb.pcb_errcol);
		EXPECT_EQ(0, rc);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

/* Programs the lowering refuses: the message, and its column (or 0). */
static const struct {
	const char	*src, *msg;
	int		col;
} invalid[] = {
	{ "BEGIN { print(@nope); }", "Undefined map: @nope", 15 },
	/* walks of a whole map in probe context are refused */
	{ "BEGIN { @m[1] = 2; for ($kv : @m) { } }",
	  "for loops over maps are not supported: they would walk the whole "
	  "map in probe context", 20 },
	{ "BEGIN { @c = count(); @n = len(@c); }",
	  "len() of an aggregation is not supported", 32 },
	{ "BEGIN { @n = len(@none); }", "Undefined map: @none", 18 },
	{ "BEGIN { @m[1] = 1; @n = len(@m, 1); }",
	  "len() expects a map: len(@m)", 25 },
	{ "BEGIN { @c = count(); @n = has_key(@c, 1); }",
	  "has_key() of an aggregation is not supported", 0 },
	/* a map holds tuples of one size, or none */
	{ "BEGIN { @t[1] = (1, 2); @t[2] = (1, 2, 3); }",
	  "Type mismatch for @t: a tuple of 2 elements, then of 3", 25 },
	{ "BEGIN { @t[2] = 5; } END { @t[1] = (1, 2); }",
	  "Type mismatch for @t: trying to assign a value that is not a "
	  "tuple to a map of tuples", 9 },
	{ "BEGIN { @t = (1, (2, 3)); }", "nested tuples are not supported", 0 },
	{ "BEGIN { @t[1] = (1, 2); @n = @t[1] + 1; }",
	  "a tuple is supported here only as a $variable's or a map's value, "
	  "a map's key, indexed (.N) or in print()", 0 },
	/* D's struct variables are not maps' values: not printed as such */
	{ "struct p { int x; long y; };\nBEGIN { @m = *(struct p *)arg0; }",
	  "struct p values of @m are not supported yet", 0 },
	{ "struct p { int x; long y; };\nBEGIN { @m[1] = *(struct p *)arg0; }",
	  "struct p values of @m are not supported yet", 0 },
	/* a counter's aggregation and variable cannot be emptied apart */
	{ "BEGIN { @n++; zero(@n); }",
	  "zero() of a map that is not an aggregation is supported only in "
	  "END", 0 },
};

TEST(lowering_errors)
{
	size_t i;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		struct dt_options o;
		struct dt_pcb pcb;
		struct dt_cprog cp;

		EXPECT_EQ(-1, bt_compile(invalid[i].src, &pcb, &cp, &o));
		EXPECT_STREQ(invalid[i].msg, pcb.pcb_errmsg)
			TH_LOG("%s", invalid[i].src);
		if (invalid[i].col)
			EXPECT_EQ(invalid[i].col, pcb.pcb_errcol)
				TH_LOG("%s", invalid[i].src);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
}

TEST_HARNESS_MAIN
