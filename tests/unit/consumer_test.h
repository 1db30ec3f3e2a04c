/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the consumer's output tests share: a program compiled, its
 * clauses enabled as EPIDs 10, 11, ..., the probes they fire on, and a
 * consumer that prints into a buffer; and records written as the module
 * writes them.
 */
#ifndef _CONSUMER_TEST_H
#define _CONSUMER_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <dtrace/dtrace_ioctl.h>
#include "dt_compile.h"
#include "dt_consume.h"
#include "dt_options.h"
#include "dt_program.h"

/* syscall::read:entry as the module numbers it: the tests' probe 7. */
static const struct dtrace_probedesc consumer_test_read = {
	7, 0, "syscall", "vmlinux", "read", "entry" };

struct consumer_test {
	struct dt_options	o;
	struct dt_pcb		pcb;
	struct dt_cprog		cp;
	struct dt_epidtab	epids;
	struct dt_probetab	probes;
	struct dt_consumer	c;
	FILE			*fp;
	char			out[8192];	/* what c printed */
};

/*
 * src compiled with -x strsize (0: the default), clause i as EPID 10 + i,
 * the nprobes probes known (none: no probe table), a consumer printing
 * into t->out. 0, or -1 if src does not compile.
 */
static inline int consumer_test_init(struct consumer_test *t,
				     const char *src, uint32_t strsize,
				     const struct dtrace_probedesc *probes,
				     size_t nprobes, bool quiet)
{
	struct dtrace_probedesc d;
	size_t i;
	int e;

	memset(t, 0, sizeof(*t));
	dt_options_init(&t->o);
	if (strsize)
		t->o.o_strsize = strsize;
	dt_pcb_init(&t->pcb, src, NULL, &t->o);
	if (dt_compile(&t->pcb, &t->cp))
		return -1;
	memset(&d, 0, sizeof(d));
	for (e = 0; e < t->cp.cp_necbs; e++)
		dt_epid_add(&t->epids, 10 + (uint32_t)e, &t->cp.cp_ecbs[e], &d);
	dt_probetab_init(&t->probes, -1);
	for (i = 0; i < nprobes; i++)
		dt_probetab_add(&t->probes, &probes[i]);
	t->fp = fmemopen(t->out, sizeof(t->out), "w");
	dt_consumer_init(&t->c, t->fp, quiet, &t->epids,
			 nprobes ? &t->probes : NULL);
	return 0;
}

static inline void consumer_test_fini(struct consumer_test *t)
{
	dt_consumer_fini(&t->c);
	fclose(t->fp);
	dt_probetab_fini(&t->probes);
	dt_epid_fini(&t->epids);
	dt_cprog_free(&t->cp);
	dt_pcb_fini(&t->pcb);
}

/* A record at off in buf, len bytes of data: where the next one goes. */
static inline size_t consumer_test_put(uint8_t *buf, size_t off,
				       uint32_t epid, uint32_t id,
				       uint64_t ts, const void *data,
				       size_t len)
{
	struct dtrace_rechdr h = { epid, id, ts };

	memcpy(buf + off, &h, sizeof(h));
	memcpy(buf + off + sizeof(h), data, len);
	return off + ((sizeof(h) + len + 7) & ~(size_t)7);
}

/*
 * One record of len bytes for EPID 10 on probe 7 at time 1234, given to
 * the consumer as CPU 1's buffer: dt_consume_buf's answer.
 */
static inline int consumer_test_record(struct consumer_test *t,
				       const void *data, size_t len)
{
	uint8_t buf[1024];

	if (sizeof(struct dtrace_rechdr) + len > sizeof(buf))
		return -1;
	return dt_consume_buf(&t->c, 1, buf, consumer_test_put(buf, 0, 10, 7,
							       1234, data,
							       len));
}

#endif /* _CONSUMER_TEST_H */
