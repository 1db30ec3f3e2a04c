/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Building clause blobs by hand for the module tests, and reading back
 * what the buffers hold: just enough to drive the ABI without the
 * compiler. Every function is static: each test binary includes it.
 */
#ifndef _TESTS_KMOD_CLAUSE_H
#define _TESTS_KMOD_CLAUSE_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <dtrace/dtrace_ioctl.h>
#include <dtrace/dif.h>

#define INSN(o, d, a, b, i) \
	((struct dif_insn){ .di_op = DIF_OP_##o, .di_rd = (d), .di_ra = (a), \
			    .di_rb = (b), .di_imm = (i) })

/* A clause under construction: header, actions, then DIF objects. */
struct clause {
	char	buf[64 << 10];	/* room for a clause of 1,000 actions */
	size_t	len;
	struct dtrace_ioc_enable *hdr;
	struct dtrace_ioc_action *acts;
	char	log[1024];
};

/*
 * The usual fixture's life: /dev/dtrace opened for each test (a consumer
 * of its own) and closed after it. FIXTURE(NAME) must have "int fd".
 */
#define DEV_SETUP_TEARDOWN(name)					\
FIXTURE_SETUP(name)							\
{									\
	self->fd = open("/dev/dtrace", O_RDWR);				\
	ASSERT_LE(0, self->fd) TH_LOG("open /dev/dtrace: %s",		\
				      strerror(errno));			\
}									\
FIXTURE_TEARDOWN(name)							\
{									\
	close(self->fd);						\
}

static inline size_t align8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

static inline void clause_init(struct clause *c, const char *prov, const char *name,
			unsigned int nacts, unsigned int recsize)
{
	memset(c, 0, sizeof(*c));
	c->hdr = (void *)c->buf;
	strcpy(c->hdr->de_desc.dpd_provider, prov);
	strcpy(c->hdr->de_desc.dpd_name, name);
	c->hdr->de_nacts = nacts;
	c->hdr->de_act_off = sizeof(*c->hdr);
	c->hdr->de_recsize = recsize;
	c->hdr->de_log = (uintptr_t)c->log;
	c->hdr->de_logsize = sizeof(c->log);
	c->acts = (void *)(c->buf + c->hdr->de_act_off);
	c->len = align8(c->hdr->de_act_off + nacts * sizeof(*c->acts));
	c->hdr->de_size = c->len;
}

/* Append a DIF object with its tables; returns its offset in the blob. */
static inline uint32_t clause_prog_tabs(struct clause *c,
					const struct dif_insn *insns,
					unsigned int n, const uint64_t *ints,
					unsigned int nints, const char *strtab,
					size_t slen, uint8_t rkind,
					uint32_t rsize)
{
	struct dif_object_hdr *h = (void *)(c->buf + c->len);
	uint32_t off = c->len, pos = sizeof(*h);

	memset(h, 0, sizeof(*h));
	h->doh_magic = DIF_OBJECT_MAGIC;
	h->doh_insn_off = pos;
	h->doh_ninsns = n;
	memcpy((char *)h + pos, insns, n * sizeof(*insns));
	pos = align8(pos + n * sizeof(*insns));
	if (nints) {
		h->doh_int_off = pos;
		h->doh_nints = nints;
		memcpy((char *)h + pos, ints, nints * sizeof(*ints));
		pos += nints * sizeof(*ints);
	}
	if (slen) {
		h->doh_str_off = pos;
		h->doh_strlen = slen;
		memcpy((char *)h + pos, strtab, slen);
		pos = align8(pos + slen);
	}
	h->doh_rtype.dt_kind = rkind;
	h->doh_rtype.dt_size = rsize;
	h->doh_size = pos;
	c->len += pos;
	c->hdr->de_size = c->len;
	return off;
}

static inline uint32_t clause_prog(struct clause *c,
				   const struct dif_insn *insns,
				   unsigned int n, const char *strtab,
				   size_t slen, uint8_t rkind, uint32_t rsize)
{
	return clause_prog_tabs(c, insns, n, NULL, 0, strtab, slen, rkind,
				rsize);
}

static inline void clause_act(struct clause *c, unsigned int i, uint32_t kind,
		       uint32_t difo, uint32_t off, uint32_t size)
{
	c->acts[i].da_kind = kind;
	c->acts[i].da_difo_off = difo;
	c->acts[i].da_rec_off = off;
	c->acts[i].da_rec_size = size;
}

/* BEGIN { trace(value); } as a clause. */
static inline void clause_trace_const(struct clause *c, const char *name, int value)
{
	struct dif_insn p[] = { INSN(SETI, 1, 0, 0, value), INSN(RET, 0, 1, 0, 0) };
	uint32_t off;

	clause_init(c, "dtrace", name, 1, 8);
	off = clause_prog(c, p, 2, NULL, 0, DIF_TYPE_INT, 8);
	clause_act(c, 0, DTRACE_ACT_RECORD, off, 0, 8);
}

static inline int status(int fd, struct dtrace_ioc_status *st)
{
	memset(st, 0, sizeof(*st));
	st->ds_size = sizeof(*st);
	return ioctl(fd, DTRACE_IOC_STATUS, st);
}

/* Drain every CPU; returns the bytes gathered into out. */
static inline size_t snap_all(int fd, char *out, size_t room, uint64_t bufsize)
{
	struct dtrace_ioc_status st;
	size_t got = 0;
	char *buf = malloc(bufsize);
	unsigned int cpu;

	if (!buf || status(fd, &st))
		return 0;
	for (cpu = 0; cpu < st.ds_ncpus; cpu++) {
		struct dtrace_ioc_bufsnap b = {
			.db_size = sizeof(b), .db_cpu = cpu,
			.db_buf = (uintptr_t)buf, .db_bufsize = bufsize,
		};

		if (ioctl(fd, DTRACE_IOC_BUFSNAP, &b))
			continue;	/* offline or never online */
		if (got + b.db_bufsize <= room) {
			memcpy(out + got, buf, b.db_bufsize);
			got += b.db_bufsize;
		}
	}
	free(buf);
	return got;
}

/* A predicate: pid == @pid (never true for 0). */
static inline uint32_t pred_pid(struct clause *c, uint64_t pid)
{
	struct dif_insn p[] = {
		INSN(LDB, 1, 0, 0, DIF_VAR_PID), INSN(SETX, 2, 0, 0, 0),
		INSN(SEQ, 3, 1, 2, 0), INSN(RET, 0, 3, 0, 0),
	};

	return clause_prog_tabs(c, p, 4, &pid, 1, NULL, 0, DIF_TYPE_INT, 8);
}

/* A program returning built-in variable @var. */
static inline uint32_t prog_builtin(struct clause *c, int var)
{
	struct dif_insn p[] = { INSN(LDB, 1, 0, 0, var), INSN(RET, 0, 1, 0, 0) };

	return clause_prog(c, p, 2, NULL, 0, DIF_TYPE_INT, 8);
}

/* How many probes match provider::func:name ("" matches anything). */
static inline unsigned int count_probes(int fd, const char *prov,
					const char *func, const char *name)
{
	static struct dtrace_probedesc d[4096];
	struct dtrace_ioc_probes p = {
		.dp_size = sizeof(p), .dp_buf = (uintptr_t)d,
	};
	unsigned int n = 0;

	strcpy(p.dp_pattern.dpd_provider, prov);
	strcpy(p.dp_pattern.dpd_func, func);
	strcpy(p.dp_pattern.dpd_name, name);
	do {
		p.dp_count = 4096;
		if (ioctl(fd, DTRACE_IOC_PROBES, &p))
			return 0;
		n += p.dp_count;
		p.dp_first_id = p.dp_next_id;
	} while (p.dp_next_id);
	return n;
}

#endif /* _TESTS_KMOD_CLAUSE_H */
