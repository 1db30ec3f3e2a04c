// SPDX-License-Identifier: GPL-2.0
/*
 * The module's ioctl ABI, driven directly (no compiler): what it accepts,
 * what it refuses and with which errno, and what lands in the buffers.
 * Runs in the guest with dtrace.ko loaded, as root.
 */
#define _GNU_SOURCE	/* sched_setaffinity */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <linux/userfaultfd.h>
#include <linux/capability.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dtrace/dtrace_ioctl.h>
#include <dtrace/dif.h>
#include "kselftest_harness.h"
#include "clause.h"

FIXTURE(dev) {
	int fd;
};

DEV_SETUP_TEARDOWN(dev)

TEST_F(dev, version)
{
	struct dtrace_ioc_version v = { .dv_size = sizeof(v) };

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_VERSION, &v));
	EXPECT_EQ(DTRACE_ABI_VERSION, v.dv_abi);
	EXPECT_STREQ(DTRACE_VERSION, v.dv_module);

	v.dv_size = sizeof(v) - 4;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_VERSION, &v));
	EXPECT_EQ(EINVAL, errno);
	v.dv_size = sizeof(v);
	v.dv_reserved[2] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_VERSION, &v));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, unknown_ioctl)
{
	EXPECT_EQ(-1, ioctl(self->fd, _IO(DTRACE_IOC_MAGIC, 99)));
	EXPECT_EQ(ENOTTY, errno);
}

TEST_F(dev, list_dtrace_provider)
{
	struct dtrace_probedesc d[8];
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 8, .dp_buf = (uintptr_t)d,
	};

	strcpy(p.dp_pattern.dpd_provider, "dtrace");
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(3, p.dp_count);
	EXPECT_EQ(0, p.dp_next_id);
	EXPECT_STREQ("BEGIN", d[0].dpd_name);
	EXPECT_STREQ("END", d[1].dpd_name);
	EXPECT_STREQ("ERROR", d[2].dpd_name);
	EXPECT_STREQ("dtrace", d[0].dpd_provider);
	EXPECT_LT(d[0].dpd_id, d[1].dpd_id);

	/* A glob, and paging one probe at a time. */
	strcpy(p.dp_pattern.dpd_name, "E*");
	p.dp_count = 1;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(1, p.dp_count);
	EXPECT_STREQ("END", d[0].dpd_name);
	EXPECT_EQ(d[0].dpd_id + 1, p.dp_next_id);
	p.dp_first_id = p.dp_next_id;
	p.dp_count = 8;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(1, p.dp_count);
	EXPECT_STREQ("ERROR", d[0].dpd_name);

	strcpy(p.dp_pattern.dpd_name, "nosuch");
	p.dp_first_id = 0;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	EXPECT_EQ(0, p.dp_count);
}

TEST_F(dev, options_checked)
{
	struct dtrace_ioc_options o = { .do_size = sizeof(o) };

	o.do_bufsize = DTRACE_BUFSIZE_MIN - 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(EINVAL, errno);
	o.do_bufsize = 0;
	o.do_bufpolicy = 7;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(EINVAL, errno);
	o.do_bufpolicy = 0;
	o.do_reserved[6] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(EINVAL, errno);
	o.do_reserved[6] = 0;
	o.do_flags = 0x80;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(EINVAL, errno);
	o.do_flags = 0;
	o.do_nspec = 100000;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(EINVAL, errno);
	o.do_nspec = 0;
	o.do_bufsize = 8192;
	o.do_bufpolicy = DTRACE_BUFPOLICY_RING;
	EXPECT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
}

TEST_F(dev, enable_refuses_malformed_blobs)
{
	struct clause c;

	clause_trace_const(&c, "BEGIN", 1);
	c.hdr->de_size = 8;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.hdr->de_size = DTRACE_ENABLE_MAX + 8;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.acts[0].da_difo_off = c.len + 64;	/* beyond the blob */
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.acts[0].da_rec_off = 8;		/* beyond the record */
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.hdr->de_nacts = 0x10000000;		/* counts past the blob */
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.hdr->de_desc.dpd_name[DTRACE_NAMELEN - 1] = 'x';
	memset(c.hdr->de_desc.dpd_name, 'x', DTRACE_NAMELEN);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);

	clause_trace_const(&c, "BEGIN", 1);
	c.acts[0].da_kind = 77;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EINVAL, errno);
}

TEST_F(dev, enable_refuses_bad_dif_with_reason)
{
	/* Writes %r0 and never returns: two reasons to refuse it. */
	struct dif_insn p[] = { INSN(SETI, 0, 0, 0, 1) };
	struct clause c;
	uint32_t off;

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	off = clause_prog(&c, p, 1, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, off, 0, 8);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EACCES, errno);
	EXPECT_NE(NULL, strstr(c.log, "DIF offset 0")) TH_LOG("log: %s", c.log);
}

TEST_F(dev, lifecycle_order)
{
	struct dtrace_ioc_bufsnap b = { .db_size = sizeof(b) };
	struct clause c;

	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_BUFSNAP, &b));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_STOP));
	EXPECT_EQ(EINVAL, errno);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_GO));
	EXPECT_EQ(EBUSY, errno);
	clause_trace_const(&c, "BEGIN", 1);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	EXPECT_EQ(EBUSY, errno);
	EXPECT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	EXPECT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
}

/* BEGIN { trace(42); exit(3); } END { trace(7); } */
TEST_F(dev, begin_trace_exit_end)
{
	struct dif_insn ex[] = { INSN(SETI, 1, 0, 0, 3), INSN(RET, 0, 1, 0, 0) };
	struct dtrace_ioc_options o = { .do_size = sizeof(o),
					.do_bufsize = 65536 };
	struct dtrace_ioc_status st;
	struct dtrace_rechdr *r;
	static char out[1 << 20];
	struct clause c;
	cpu_set_t one;
	uint32_t off;
	size_t n;

	/*
	 * BEGIN fires on GO's CPU and END on STOP's: on one CPU, so that
	 * one buffer holds the three records in firing order (a migration
	 * between the two put END's first, in CPU 0's buffer).
	 */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	ASSERT_EQ(0, sched_setaffinity(0, sizeof(one), &one));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	clause_trace_const(&c, "BEGIN", 42);
	c.hdr->de_act_off = sizeof(*c.hdr);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(1, c.hdr->de_epid);
	EXPECT_EQ(1, c.hdr->de_nprobes);

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	off = clause_prog(&c, ex, 2, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(&c, 0, DTRACE_ACT_EXIT, off, 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(2, c.hdr->de_epid);

	clause_trace_const(&c, "END", 7);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	EXPECT_EQ(3, c.hdr->de_epid);

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(DTRACE_STATUS_EXITED, st.ds_flags & DTRACE_STATUS_EXITED);
	EXPECT_EQ(3, st.ds_exitval);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(DTRACE_STATUS_STOPPED, st.ds_flags & DTRACE_STATUS_STOPPED);
	EXPECT_EQ(0, st.ds_drops);
	EXPECT_EQ(0, st.ds_errors);

	/* Three records, in firing order: 42 (BEGIN), 3 (exit), 7 (END). */
	n = snap_all(self->fd, out, sizeof(out), 65536);
	ASSERT_EQ(3 * (sizeof(*r) + 8), n);
	r = (void *)out;
	EXPECT_EQ(1, r->dr_epid);
	EXPECT_EQ(42, *(uint64_t *)(r + 1));
	r = (void *)((char *)r + sizeof(*r) + 8);
	EXPECT_EQ(2, r->dr_epid);
	EXPECT_EQ(3, *(uint64_t *)(r + 1));
	r = (void *)((char *)r + sizeof(*r) + 8);
	EXPECT_EQ(3, r->dr_epid);
	EXPECT_EQ(7, *(uint64_t *)(r + 1));
	EXPECT_NE(0, r->dr_timestamp);
}

/*
 * BEGIN { g[7] = 42; s = 9; trace(42); }: DVARSNAP reads the array
 * element and the scalar, empties each, and refuses malformed calls.
 */
TEST_F(dev, dvarsnap)
{
	struct dif_insn p[] = {
		INSN(SETI, 1, 0, 0, 42), INSN(SETI, 2, 0, 0, 7),
		INSN(PUSHTV, 0, 2, 0, 0), INSN(STGA, 0, 1, 0, 3),
		INSN(SETI, 3, 0, 0, 9), INSN(STGS, 0, 3, 0, 5),
		INSN(RET, 0, 1, 0, 0),
	};
	struct dif_var vars[2] = {
		{ .dv_id = 3, .dv_scope = DIF_SCOPE_GLOBAL,
		  .dv_kind = DIF_KIND_ARRAY,
		  .dv_type = { .dt_kind = DIF_TYPE_INT, .dt_size = 8 } },
		{ .dv_id = 5, .dv_scope = DIF_SCOPE_GLOBAL,
		  .dv_kind = DIF_KIND_SCALAR,
		  .dv_type = { .dt_kind = DIF_TYPE_INT, .dt_size = 8 } },
	};
	static uint64_t globals[DIF_VARID_MAX + 1];
	struct dtrace_ioc_dvarsnap d;
	struct dif_object_hdr *h;
	struct dtrace_dvar r;
	static uint8_t buf[4096];
	struct clause c;
	uint32_t off, tag;
	uint64_t v;

	memset(&d, 0, sizeof(d));
	d.dv_size = sizeof(d);
	d.dv_buf = (uintptr_t)buf;
	d.dv_bufsize = sizeof(buf);
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EINVAL, errno);	/* before GO */

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	off = clause_prog(&c, p, sizeof(p) / sizeof(p[0]), NULL, 0,
			  DIF_TYPE_INT, 8);
	h = (void *)(c.buf + off);
	h->doh_var_off = h->doh_size;
	h->doh_nvars = 2;
	memcpy(c.buf + c.len, vars, sizeof(vars));
	h->doh_size += sizeof(vars);
	c.len += sizeof(vars);
	c.hdr->de_size = c.len;
	clause_act(&c, 0, DTRACE_ACT_RECORD, off, 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));

	d.dv_globals = (uintptr_t)globals;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(1, d.dv_count);
	EXPECT_EQ(0, d.dv_more);
	/* header, tag and integer key, value: 36 bytes, 8-aligned */
	ASSERT_EQ(40, d.dv_bufsize);
	memcpy(&r, buf, sizeof(r));
	EXPECT_EQ(40, r.dvr_size);
	EXPECT_EQ(3, r.dvr_id);
	EXPECT_EQ(DTRACE_DVAR_ARRAY, r.dvr_flags);
	EXPECT_EQ(12, r.dvr_keylen);
	EXPECT_EQ(8, r.dvr_vallen);
	memcpy(&tag, buf + sizeof(r), 4);
	EXPECT_EQ(0, tag);
	memcpy(&v, buf + sizeof(r) + 4, 8);
	EXPECT_EQ(7, v);
	memcpy(&v, buf + sizeof(r) + 12, 8);
	EXPECT_EQ(42, v);
	EXPECT_EQ(9, globals[5]);

	/* too little room: counted, not cut */
	d.dv_bufsize = 16;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(0, d.dv_count);
	EXPECT_EQ(1, d.dv_more);
	EXPECT_EQ(0, d.dv_bufsize);

	/* malformed: size, reserved, id, addresses */
	d.dv_bufsize = sizeof(buf);
	d.dv_size = sizeof(d) - 4;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EINVAL, errno);
	d.dv_size = sizeof(d);
	d.dv_reserved[3] = 1;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EINVAL, errno);
	d.dv_reserved[3] = 0;
	d.dv_clear = DIF_VARID_MAX + 2;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EINVAL, errno);
	d.dv_clear = 0;
	d.dv_buf = 16;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EFAULT, errno);
	d.dv_buf = (uintptr_t)buf;
	d.dv_globals = 16;
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(EFAULT, errno);
	d.dv_globals = (uintptr_t)globals;

	/* empty the array (id 3), then the scalar (id 5) */
	d.dv_clear = 4;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(0, d.dv_count);
	EXPECT_EQ(0, d.dv_bufsize);
	EXPECT_EQ(9, globals[5]);
	d.dv_clear = 6;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
	EXPECT_EQ(0, globals[5]);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	/* after STOP too */
	d.dv_clear = 0;
	EXPECT_EQ(0, ioctl(self->fd, DTRACE_IOC_DVARSNAP, &d));
}

/* BEGIN { trace("hello"); } records the string, NUL-padded. */
TEST_F(dev, string_record)
{
	static const char strtab[] = "hello";
	struct dif_insn p[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	static char out[1 << 20];
	struct clause c;
	uint32_t off;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 1, 16);
	off = clause_prog(&c, p, 2, strtab, sizeof(strtab), DIF_TYPE_STRING, 16);
	clause_act(&c, 0, DTRACE_ACT_RECORD, off, 0, 16);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(sizeof(struct dtrace_rechdr) + 16, n);
	EXPECT_STREQ("hello", out + sizeof(struct dtrace_rechdr));
}

/*
 * Buffers as small as DTrace takes: a 16-byte record needs 32 bytes with
 * its header; 31 is 24 (rounded down, as DTrace) and GO refuses it with
 * E2BIG, before anything is allocated. 32 holds it.
 */
TEST_F(dev, small_buffers)
{
	static const char strtab[] = "hello";
	struct dif_insn p[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	struct dtrace_ioc_options o = { .do_size = sizeof(o),
					.do_bufsize = 31,
					.do_bufpolicy = DTRACE_BUFPOLICY_RING };
	static char out[1 << 16];
	struct clause c;
	uint32_t off;

	clause_init(&c, "dtrace", "BEGIN", 1, 16);
	off = clause_prog(&c, p, 2, strtab, sizeof(strtab), DIF_TYPE_STRING, 16);
	clause_act(&c, 0, DTRACE_ACT_RECORD, off, 0, 16);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	EXPECT_EQ(-1, ioctl(self->fd, DTRACE_IOC_GO));
	EXPECT_EQ(E2BIG, errno);
	o.do_bufsize = 32;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_OPTIONS, &o));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(sizeof(struct dtrace_rechdr) + 16,
		  snap_all(self->fd, out, sizeof(out), 32));
	EXPECT_STREQ("hello", out + sizeof(struct dtrace_rechdr));
}

/*
 * BEGIN { trace(*(uint64_t *)0); } faults: no record from it, one error
 * counted, and ERROR fires with the EPID and fault kind as arg1, arg4,
 * and the id of the probe that fired as arg0.
 */
TEST_F(dev, fault_fires_error)
{
	struct dif_insn bad[] = { INSN(LDX, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	struct dif_insn a1[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG1),
				 INSN(RET, 0, 1, 0, 0) };
	struct dif_insn a4[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG4),
				 INSN(RET, 0, 1, 0, 0) };
	struct dif_insn a0[] = { INSN(LDB, 1, 0, 0, DIF_VAR_ARG0),
				 INSN(RET, 0, 1, 0, 0) };
	uint32_t o0;
	struct dtrace_ioc_status st;
	struct dtrace_rechdr *r;
	static char out[1 << 20];
	struct clause c;
	uint32_t o1, o4;
	size_t n;

	clause_init(&c, "dtrace", "BEGIN", 1, 8);
	o1 = clause_prog(&c, bad, 2, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, o1, 0, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);

	clause_init(&c, "dtrace", "ERROR", 3, 24);
	o1 = clause_prog(&c, a1, 2, NULL, 0, DIF_TYPE_INT, 8);
	o4 = clause_prog(&c, a4, 2, NULL, 0, DIF_TYPE_INT, 8);
	o0 = clause_prog(&c, a0, 2, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(&c, 0, DTRACE_ACT_RECORD, o1, 0, 8);
	clause_act(&c, 1, DTRACE_ACT_RECORD, o4, 8, 8);
	clause_act(&c, 2, DTRACE_ACT_RECORD, o0, 16, 8);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);

	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
	ASSERT_EQ(0, status(self->fd, &st));
	EXPECT_EQ(1, st.ds_errors);
	n = snap_all(self->fd, out, sizeof(out), 4u << 20);
	ASSERT_EQ(sizeof(*r) + 24, n);
	r = (void *)out;
	EXPECT_EQ(2, r->dr_epid);
	EXPECT_EQ(1, ((uint64_t *)(r + 1))[0]);
	EXPECT_EQ(DIF_FAULT_BADADDR, ((uint64_t *)(r + 1))[1]);
	EXPECT_EQ(1, ((uint64_t *)(r + 1))[2]);	/* dtrace:::BEGIN is 1 */
}

/*
 * A key built with no aggregation declared (the hostile fuzzer found it
 * on PREEMPT_RT): the key has a buffer anyway, nothing breaks.
 */
TEST_F(dev, aggkey_without_aggregations)
{
	struct dif_insn p[] = { INSN(SETS, 1, 0, 0, 0), INSN(RET, 0, 1, 0, 0) };
	static const char strtab[] = "key";
	struct clause c;
	uint32_t off;

	clause_init(&c, "dtrace", "BEGIN", 1, 0);
	off = clause_prog(&c, p, 2, strtab, sizeof(strtab), DIF_TYPE_STRING, 16);
	clause_act(&c, 0, DTRACE_ACT_AGGKEY, off, 0, 16);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf)) TH_LOG("%s", c.log);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_STOP));
}

/* A consumer sees only its own BEGIN, not another one's. */
TEST_F(dev, consumers_are_separate)
{
	static char out[1 << 20];
	int fd2 = open("/dev/dtrace", O_RDWR);
	struct clause c;

	ASSERT_LE(0, fd2);
	clause_trace_const(&c, "BEGIN", 5);
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_ENABLE, c.buf));
	clause_trace_const(&c, "BEGIN", 6);
	ASSERT_EQ(0, ioctl(fd2, DTRACE_IOC_ENABLE, c.buf));
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_GO));
	ASSERT_EQ(0, ioctl(fd2, DTRACE_IOC_GO));
	ASSERT_EQ(sizeof(struct dtrace_rechdr) + 8,
		  snap_all(self->fd, out, sizeof(out), 4u << 20));
	EXPECT_EQ(5, *(uint64_t *)(out + sizeof(struct dtrace_rechdr)));
	ASSERT_EQ(sizeof(struct dtrace_rechdr) + 8,
		  snap_all(fd2, out, sizeof(out), 4u << 20));
	EXPECT_EQ(6, *(uint64_t *)(out + sizeof(struct dtrace_rechdr)));
	close(fd2);
}

/* Runs @fn in a child; returns the errno its open got, or -1. */
static int open_errno_as(int (*fn)(void))
{
	pid_t pid = fork();
	int st;

	if (!pid) {
		if (fn())
			_exit(255);
		_exit(open("/dev/dtrace", O_RDWR) < 0 ? errno : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int become_nobody(void)
{
	return setgid(65534) || setuid(65534);
}

/* Still uid 0, so the node's 0600 lets it through to the module. */
static int drop_sys_admin(void)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	d[0].effective &= ~(1u << CAP_SYS_ADMIN);
	return syscall(SYS_capset, &h, d);
}

/* The largest id of the probes matching provider @prov, or 0. */
static uint32_t max_probe_id(int fd, const char *prov)
{
	static struct dtrace_probedesc d[256];
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 256, .dp_buf = (uintptr_t)d,
	};
	uint32_t i, m = 0;

	strcpy(p.dp_pattern.dpd_provider, prov);
	if (ioctl(fd, DTRACE_IOC_PROBES, &p))
		return 0;
	for (i = 0; i < p.dp_count; i++)
		m = d[i].dpd_id > m ? d[i].dpd_id : m;
	return m;
}

/*
 * A consumer's own probes go at its close, and their ids are used again:
 * offering the same 64 USDT-like sites in 5 consumers one after another
 * gives the same ids each time (they used to grow by 64 a round, until
 * the id space ran out).
 */
TEST_F(dev, probe_ids_are_reused)
{
	static struct dtrace_uprobe_site s[64];
	struct dtrace_ioc_uprobe_provide p = {
		.dup_size = sizeof(p), .dup_sites = (uintptr_t)s,
	};
	uint32_t first = 0, id;
	int round, i, file = open("/bin/true", O_RDONLY);

	ASSERT_LE(0, file);
	for (round = 0; round < 5; round++) {
		int fd = open("/dev/dtrace", O_RDWR);

		ASSERT_LE(0, fd);
		memset(s, 0, sizeof(s));
		for (i = 0; i < 64; i++) {
			s[i].us_fd = file;
			s[i].us_offset = 8 * i;	/* never fired, only offered */
			s[i].us_flags = DTRACE_UPROBE_ENTRY;
			strcpy(s[i].us_provider, "idtest");
			strcpy(s[i].us_mod, "true");
			snprintf(s[i].us_func, sizeof(s[i].us_func), "f%d", i);
			strcpy(s[i].us_name, "entry");
		}
		p.dup_count = 64;
		ASSERT_EQ(0, ioctl(fd, DTRACE_IOC_UPROBE_PROVIDE, &p));
		ASSERT_EQ(64, p.dup_count);
		id = max_probe_id(fd, "idtest");
		ASSERT_NE(0, id);
		if (!round)
			first = id;
		EXPECT_EQ(first, id) TH_LOG("round %d: max id %u, first %u",
					    round, id, first);
		close(fd);
	}
	close(file);
}

/* Offer @n sites of function @func, each in a module of its own. */
static int offer_sites(int fd, int file, const char *func, int n)
{
	static struct dtrace_uprobe_site s[300];
	struct dtrace_ioc_uprobe_provide p = {
		.dup_size = sizeof(p), .dup_sites = (uintptr_t)s,
		.dup_count = n,
	};
	int i;

	memset(s, 0, sizeof(s));
	for (i = 0; i < n; i++) {
		s[i].us_fd = file;
		s[i].us_offset = 8 * i;	/* never fired, only offered */
		s[i].us_flags = DTRACE_UPROBE_ENTRY;
		strcpy(s[i].us_provider, "ixtest");
		snprintf(s[i].us_mod, sizeof(s[i].us_mod), "m%03d", i);
		strcpy(s[i].us_func, func);
		strcpy(s[i].us_name, "entry");
	}
	if (ioctl(fd, DTRACE_IOC_UPROBE_PROVIDE, &p))
		return -errno;
	return p.dup_count;
}

/* An ENABLE of @prov::@func:@name: how many probes it took, or -errno. */
static int enable_probes(int fd, const char *prov, const char *func,
			 const char *name)
{
	struct clause c;

	clause_init(&c, prov, name, 1, 8);
	strcpy(c.hdr->de_desc.dpd_func, func);
	clause_act(&c, 0, DTRACE_ACT_RECORD, prog_builtin(&c, DIF_VAR_ARG0),
		   0, 8);
	return ioctl(fd, DTRACE_IOC_ENABLE, c.buf) ? -errno :
	       (int)c.hdr->de_nprobes;
}

/*
 * A description that names its function, or its probe, exactly is
 * looked up in the module's index (dtrace_probeidx.c);
 * a long bucket falls back to the walk of every probe. Either way the
 * answers are the same: whole, in id order, paged, one consumer's own.
 */
TEST_F(dev, exact_names_are_indexed)
{
	struct dtrace_probedesc d[4];
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 4, .dp_buf = (uintptr_t)d,
	};
	int file = open("/bin/true", O_RDONLY), fd2;
	uint32_t second;

	ASSERT_LE(0, file);
	ASSERT_EQ(2, offer_sites(self->fd, file, "ixtwo", 2));
	ASSERT_EQ(300, offer_sites(self->fd, file, "ixlong", 300));

	strcpy(p.dp_pattern.dpd_func, "ixtwo");
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(2, p.dp_count);
	EXPECT_EQ(0, p.dp_next_id);
	EXPECT_LT(d[0].dpd_id, d[1].dpd_id);
	EXPECT_STREQ("m000", d[0].dpd_mod);
	EXPECT_STREQ("m001", d[1].dpd_mod);
	second = d[1].dpd_id;

	/* one at a time, then where the first match is */
	p.dp_count = 1;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(1, p.dp_count);
	EXPECT_EQ(second, p.dp_next_id);
	p.dp_first_id = p.dp_next_id;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	ASSERT_EQ(1, p.dp_count);
	EXPECT_EQ(second, d[0].dpd_id);
	EXPECT_EQ(0, p.dp_next_id);
	p.dp_first_id = 0;
	p.dp_count = 0;
	ASSERT_EQ(0, ioctl(self->fd, DTRACE_IOC_PROBES, &p));
	EXPECT_EQ(0, p.dp_count);
	EXPECT_GT(second, p.dp_next_id);
	EXPECT_NE(0, p.dp_next_id);

	/* by name */
	EXPECT_EQ(1, count_probes(self->fd, "dtrace", "", "BEGIN"));
	EXPECT_EQ(1, count_probes(self->fd, "", "", "BEGIN"));
	EXPECT_EQ(0, count_probes(self->fd, "fbt", "", "BEGIN"));
	EXPECT_EQ(2, count_probes(self->fd, "ixtest", "ixtwo", "entry"));
	EXPECT_EQ(0, count_probes(self->fd, "ixtest", "ixtwo", "return"));
	EXPECT_EQ(300, count_probes(self->fd, "", "ixlong", ""));
	EXPECT_EQ(302, count_probes(self->fd, "ixtest", "", "entry"));
	/* ENABLE (of probes that arm harmlessly) */
	EXPECT_EQ(1, enable_probes(self->fd, "syscall", "getppid", "entry"));
	EXPECT_EQ(2, enable_probes(self->fd, "", "getppid", ""));
	EXPECT_EQ(1, enable_probes(self->fd, "dtrace", "", "BEGIN"));
	EXPECT_EQ(1, enable_probes(self->fd, "", "", "END"));
	EXPECT_EQ(count_probes(self->fd, "syscall", "", "entry"),
		  enable_probes(self->fd, "syscall", "", "entry"));
	EXPECT_EQ(0, enable_probes(self->fd, "syscall", "nosuch", "entry"));

	/* another consumer sees none of them */
	fd2 = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(0, count_probes(fd2, "", "ixtwo", ""));
	EXPECT_EQ(0, count_probes(fd2, "", "ixlong", ""));
	EXPECT_EQ(0, enable_probes(fd2, "ixtest", "ixtwo", "entry"));
	close(fd2);
	close(file);
}

struct probes_call {
	int		fd;
	void		*buf;
	int		done;
	int		ret;
};

static void *probes_thread(void *arg)
{
	struct probes_call *c = arg;
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_count = 1, .dp_buf = (uintptr_t)c->buf,
	};

	c->ret = ioctl(c->fd, DTRACE_IOC_PROBES, &p);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* Wait up to @ms for @c to finish; 1 if it did. */
static int wait_done(struct probes_call *c, int ms)
{
	while (ms-- > 0 && !__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
		usleep(1000);
	return __atomic_load_n(&c->done, __ATOMIC_ACQUIRE);
}

/*
 * PROBES copies out without dtrace_lock: a listing into a buffer whose
 * page faults until userfaultfd serves it must not stall another
 * consumer's listing (it did, until the fault was served).
 */
TEST_F(dev, probes_copyout_holds_no_lock)
{
	static struct dtrace_probedesc mine[1];
	struct probes_call slow = { .fd = self->fd }, other = { };
	struct uffdio_api api = { .api = UFFD_API };
	struct uffdio_register reg = { .mode = UFFDIO_REGISTER_MODE_MISSING };
	struct uffdio_zeropage zp = { };
	long pg = sysconf(_SC_PAGESIZE);
	pthread_t t1, t2;
	int uffd = syscall(SYS_userfaultfd, O_CLOEXEC);
	char *page;

	if (uffd < 0)
		SKIP(return, "no userfaultfd: %s", strerror(errno));
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_API, &api));
	page = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, page);
	reg.range.start = (uintptr_t)page;
	reg.range.len = pg;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_REGISTER, &reg));

	other.fd = open("/dev/dtrace", O_RDWR);
	ASSERT_LE(0, other.fd);
	other.buf = mine;
	slow.buf = page;	/* stays missing until served below */
	ASSERT_EQ(0, pthread_create(&t1, NULL, probes_thread, &slow));
	usleep(300 * 1000);	/* let it reach copy_to_user and fault */
	EXPECT_FALSE(slow.done);

	ASSERT_EQ(0, pthread_create(&t2, NULL, probes_thread, &other));
	EXPECT_TRUE(wait_done(&other, 5000))
		TH_LOG("another consumer's listing waited on the faulting one");

	zp.range.start = (uintptr_t)page;
	zp.range.len = pg;
	ASSERT_EQ(0, ioctl(uffd, UFFDIO_ZEROPAGE, &zp));
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	EXPECT_EQ(0, slow.ret);
	EXPECT_EQ(0, other.ret);
	close(other.fd);
	close(uffd);
	munmap(page, pg);
}

TEST(unprivileged_open_refused)
{
	EXPECT_EQ(EACCES, open_errno_as(become_nobody));
	EXPECT_EQ(EPERM, open_errno_as(drop_sys_admin));
}

TEST_HARNESS_MAIN
