// SPDX-License-Identifier: GPL-2.0
/*
 * The whole command, in-process, against a fake dtrace.ko.
 *
 * The fake implements the ioctls of dtrace_ioctl.h over dif/'s
 * userspace interpreter, with the dtrace provider's BEGIN (id 1), END (2)
 * and ERROR (3) firing on CPU 0 (CPU 1 is "offline": BUFSNAP gives
 * ENXIO). Every behavioural test of tests/d/ (NAME.d with .out,
 * .status, .err, .flags) then runs on the host exactly as the guest
 * harness runs it, plus tests of the consumer loop itself.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dif_agg.h"
#include "dif_vm.h"
#include "dif_env_user.h"
#include "dt_agg.h"
#include "dt_dev.h"
#include "dt_program.h"
#include "kselftest_harness.h"
#include "slurp_test.h"

#define FK_FD		4242
#define FK_BUFSIZE	(256 * 1024)
#define FK_NCPUS	2
#define FK_NVARS	(DIF_VARID_MAX + 1)

struct fk_act {
	uint32_t	kind, off, size;
	uint32_t	guard;		/* 0, or 1 + a GUARD's index */
	uint64_t	arg;
	bool		str;
	bool		held;		/* a GUARD that held in this firing */
	struct dif_prog	prog;
};

/* An aggregation as the module keeps it, and its entries since AGGSNAP. */
struct fk_agg {
	uint32_t	func, keysize, valsize;
	int64_t		params[4];
};

struct fk_aggent {
	uint32_t	id;
	uint8_t		key[1024];
	uint64_t	val[4096];
};

struct fk_ecb {
	uint32_t		epid;
	void			*blob;
	struct dtrace_probedesc	desc;
	bool			haspred;
	struct dif_prog		pred;
	uint32_t		nacts, recsize;
	bool			needs_record;
	struct fk_act		*acts;
};

static struct fk {
	bool			open, go, exited, stopped;
	int			exitval;
	struct fk_ecb		ecbs[64];
	int			necbs;
	u64			buf[FK_BUFSIZE / 8];
	uint32_t		off;
	uint64_t		drops, errors, ts;
	uint32_t		strsize;
	uint32_t		bufsize;	/* 0: FK_BUFSIZE */
	uint32_t		optflags;	/* DTRACE_OPT_* */
	uint64_t		chilled;	/* ns chill( ) asked for */
	struct dif_uenv		env;
	struct dif_mstate	ms;
	struct dif_dyn		dyn;
	u64			globals[FK_NVARS], locals[FK_NVARS];
	u64			scratch[8192];
	u64			dynmem[32768];
	struct fk_agg		aggs[16];
	int			naggs;
	struct fk_aggent	*ents[256];
	int			nents;
	uint8_t			aggkey[1024];
} fk;

static const struct dtrace_probedesc fk_probes[] = {
	{ 1, 0, "dtrace", "", "", "BEGIN" },
	{ 2, 0, "dtrace", "", "", "END" },
	{ 3, 0, "dtrace", "", "", "ERROR" },
};
static const char fk_execname[] = "dtrace";

static bool fk_field(const char *pat, const char *s)
{
	return !*pat || fnmatch(pat, s, 0) == 0;
}

static bool fk_match(const struct dtrace_probedesc *pat,
		     const struct dtrace_probedesc *p)
{
	return fk_field(pat->dpd_provider, p->dpd_provider) &&
		fk_field(pat->dpd_mod, p->dpd_mod) &&
		fk_field(pat->dpd_func, p->dpd_func) &&
		fk_field(pat->dpd_name, p->dpd_name);
}

static void fk_reset(void)
{
	int i;

	for (i = 0; i < fk.necbs; i++) {
		free(fk.ecbs[i].blob);
		free(fk.ecbs[i].acts);
	}
	for (i = 0; i < fk.nents; i++)
		free(fk.ents[i]);
	memset(&fk, 0, sizeof(fk));
}

/* The value words of a key, by the module's own arithmetic (dif_agg.c). */
static void fk_aggregate(uint32_t id, int64_t x, int64_t weight)
{
	const struct fk_agg *a = &fk.aggs[id];
	struct fk_aggent *e = NULL;
	bool fresh = false;
	int i;

	for (i = 0; i < fk.nents; i++)
		if (fk.ents[i]->id == id &&
		    !memcmp(fk.ents[i]->key, fk.aggkey, a->keysize))
			e = fk.ents[i];
	if (!e) {
		if (fk.nents == 256)
			return;
		e = calloc(1, sizeof(*e));
		e->id = id;
		memcpy(e->key, fk.aggkey, a->keysize);
		fk.ents[fk.nents++] = e;
		fresh = true;
	}
	dif_agg_apply_weight(a->func, a->params, e->val, x, weight, fresh);
}

static void fk_fire(uint32_t id, const u64 *args);

/* Run one clause for one firing; returns the fault, records the rest. */
static void fk_run(struct fk_ecb *e, uint32_t id, const u64 *args)
{
	const struct dtrace_probedesc *p = &fk_probes[id - 1];
	struct dif_mstate *ms = &fk.ms;
	uint32_t size = sizeof(struct dtrace_rechdr) + e->recsize, i;
	struct dtrace_rechdr *h;
	u64 v;
	int fault = 0;
	uint32_t act = 0;
	int64_t weight = 1;

	memset(fk.env.builtins, 0, sizeof(fk.env.builtins));
	memset(fk.env.args, 0, sizeof(fk.env.args));
	for (i = 0; args && i < 6; i++)
		fk.env.args[i] = args[i];
	fk.env.builtins[DIF_VAR_PROBEPROV] = (u64)(uintptr_t)p->dpd_provider;
	fk.env.builtins[DIF_VAR_PROBEMOD] = (u64)(uintptr_t)p->dpd_mod;
	fk.env.builtins[DIF_VAR_PROBEFUNC] = (u64)(uintptr_t)p->dpd_func;
	fk.env.builtins[DIF_VAR_PROBENAME] = (u64)(uintptr_t)p->dpd_name;
	fk.env.builtins[DIF_VAR_EXECNAME] = (u64)(uintptr_t)fk_execname;
	fk.env.builtins[DIF_VAR_PID] = 4242;
	fk.env.builtins[DIF_VAR_EPID] = e->epid;
	fk.env.builtins[DIF_VAR_ID] = id;
	fk.env.builtins[DIF_VAR_TIMESTAMP] = 1000000 + fk.ts;
	fk.env.builtins[DIF_VAR_WALLTIMESTAMP] = 1700000000000000000LL;
	fk.env.builtins[DIF_VAR_TID] = 4243;
	dif_mstate_reset(ms);

	if (e->haspred) {
		v = dif_exec(&e->pred, ms);
		if (ms->fault.kind != DIF_FAULT_NONE) {
			fault = (int)ms->fault.kind;
			goto error;
		}
		if (!v)
			return;
	}
	if (fk.off + size > FK_BUFSIZE) {
		fk.drops++;
		return;
	}
	/* a clause that only aggregates writes no record */
	h = (struct dtrace_rechdr *)((char *)fk.buf + fk.off);
	memset(h, 0, size);
	h->dr_epid = e->epid;
	h->dr_probe_id = id;
	h->dr_timestamp = fk.ts;
	memset(fk.aggkey, 0, sizeof(fk.aggkey));
	for (i = 0; i < e->nacts; i++) {
		struct fk_act *a = &e->acts[i];
		char *dst = (char *)(h + 1) + a->off;

		a->held = false;	/* a guard names only earlier actions */
		if (a->guard && !e->acts[a->guard - 1].held)
			continue;	/* an if block not taken */
		act = i + 1;
		if (a->kind == DTRACE_ACT_STACK || a->kind == DTRACE_ACT_USTACK) {
			/* fake frames: 0x1000, 0x2000 (ustack: pid first) */
			u64 w[2] = { 0x1000, 0x2000 }, *p = (u64 *)dst;
			uint32_t k = 0;

			if (a->kind == DTRACE_ACT_USTACK)
				p[k++] = 4242;
			memcpy(p + k, w, (a->arg < 2 ? a->arg : 2) * 8);
			continue;
		}
		v = dif_exec(&a->prog, ms);
		if (ms->fault.kind != DIF_FAULT_NONE) {
			fault = (int)ms->fault.kind;
			goto error;
		}
		if (a->kind == DTRACE_ACT_AGGREGATE) {
			fk_aggregate((uint32_t)a->arg, (int64_t)v, weight);
			memset(fk.aggkey, 0, sizeof(fk.aggkey));
			weight = 1;
			continue;
		}
		if (a->kind == DTRACE_ACT_AGGWEIGHT) {
			weight = (int64_t)v;
			continue;
		}
		if (a->kind == DTRACE_ACT_GUARD) {
			a->held = v != 0;
			if (a->size)
				memcpy(dst, &v, 8);
			continue;
		}
		if (a->kind == DTRACE_ACT_AGGKEY) {
			dst = (char *)fk.aggkey + a->off;
			if (a->str)
				fault = dif_copy_string(ms, dst, v, a->size,
							false);
			else
				memcpy(dst, &v, 8);
			if (fault)
				goto error;
			continue;
		}
		if (a->kind >= DTRACE_ACT_RAISE && a->kind <= DTRACE_ACT_CHILL) {
			/* no process to signal here; chill only counts */
			if (a->kind == DTRACE_ACT_CHILL) {
				if (fk.chilled + v > 500000000) {
					fault = DIF_FAULT_ILLOP;
					goto error;
				}
				fk.chilled += v;
			}
			continue;
		}
		if (a->kind == DTRACE_ACT_TRACEMEM) {
			fault = dif_copy_mem(ms, dst, v, a->size);
			if (fault)
				goto error;
			continue;
		}
		if (a->str) {
			fault = dif_copy_string(ms, dst, v, a->size, false);
			if (fault)
				goto error;
		} else {
			memcpy(dst, &v, a->size < 8 ? a->size : 8);
		}
		/* as the module: the last exit( ) has the last word */
		if (a->kind == DTRACE_ACT_EXIT) {
			fk.exited = true;
			fk.exitval = (int)v;
		}
	}
	if (e->needs_record)
		fk.off += (size + 7) & ~7u;
	return;
error:
	fk.errors++;
	if (id != 3) {
		/* arg0, as the module sets it: the probe that fired */
		u64 eargs[6] = { id, e->epid, act, ms->fault.pc, (u64)fault,
				 ms->fault.addr };

		fk_fire(3, eargs);
	}
}

static void fk_fire(uint32_t id, const u64 *args)
{
	int i;

	/*
	 * As the module: this-> lives across the clauses of one firing,
	 * whose time is one, and they all run, exit( ) or not.
	 */
	memset(fk.locals, 0, sizeof(fk.locals));
	fk.ts++;
	for (i = 0; i < fk.necbs; i++) {
		if (fk_match(&fk.ecbs[i].desc, &fk_probes[id - 1]))
			fk_run(&fk.ecbs[i], id, args);
	}
}

static int fk_load(const char *blob, uint32_t size, uint32_t off,
		   struct dif_prog *p)
{
	char log[512];
	struct dif_log l = { log, sizeof(log), 0 };

	if (!off || off >= size)
		return -1;
	if (dif_prog_load(p, blob + off, size - off, &l)) {
		fprintf(stderr, "fake: DIF rejected: %s\n", log);
		return -1;
	}
	return 0;
}

static int fk_enable(struct dtrace_ioc_enable *u)
{
	struct fk_ecb *e;
	const struct dtrace_ioc_action *ua;
	uint32_t i, keyw = 0;
	int n = 0;

	if (fk.go || fk.necbs == 64 || u->de_size < sizeof(*u) ||
	    u->de_nacts > DTRACE_ACTIONS_MAX || u->de_recsize % 8)
		return -EINVAL;
	e = &fk.ecbs[fk.necbs];
	memset(e, 0, sizeof(*e));
	e->blob = malloc(u->de_size);
	e->acts = calloc(u->de_nacts + 1, sizeof(*e->acts));
	if (!e->blob || !e->acts)
		return -ENOMEM;
	memcpy(e->blob, u, u->de_size);
	e->desc = u->de_desc;
	e->recsize = u->de_recsize;
	e->nacts = u->de_nacts;
	if (u->de_pred_off) {
		e->haspred = true;
		if (fk_load(e->blob, u->de_size, u->de_pred_off, &e->pred))
			goto bad;
	}
	ua = (const void *)((const char *)e->blob + u->de_act_off);
	for (i = 0; i < e->nacts; i++) {
		struct fk_act *a = &e->acts[i];

		a->kind = ua[i].da_kind;
		a->off = ua[i].da_rec_off;
		a->size = ua[i].da_rec_size;
		a->arg = ua[i].da_arg;
		a->guard = ua[i].da_guard;
		/* as the module: a guard is an earlier GUARD */
		if (ua[i].da_reserved || (a->guard && (a->guard > i ||
		    e->acts[a->guard - 1].kind != DTRACE_ACT_GUARD)))
			goto bad;
		if (a->kind == DTRACE_ACT_STACK || a->kind == DTRACE_ACT_USTACK) {
			if (ua[i].da_difo_off || !a->arg || a->off % 8 ||
			    a->size != 8 * (a->arg +
					    (a->kind == DTRACE_ACT_USTACK)))
				goto bad;
			e->needs_record = true;
			continue;
		}
		if (fk_load(e->blob, u->de_size, ua[i].da_difo_off, &a->prog))
			goto bad;
		a->str = a->prog.rtype.dt_kind == DIF_TYPE_STRING;
		if (a->kind == DTRACE_ACT_AGGREGATE) {
			/* as the module: every key slot so far must fit */
			if (a->arg >= (uint64_t)fk.naggs || a->off || a->size ||
			    keyw > fk.aggs[a->arg].keysize)
				goto bad;
			continue;
		}
		if (a->kind == DTRACE_ACT_AGGWEIGHT) {
			if (a->off || a->size || a->str)
				goto bad;
			continue;
		}
		if (a->kind == DTRACE_ACT_AGGKEY) {
			if (a->off + a->size > 1024 || !a->size ||
			    (!a->str && a->size != 8))
				goto bad;
			if (a->off + a->size > keyw)
				keyw = a->off + a->size;
			continue;
		}
		if (a->kind >= DTRACE_ACT_RAISE && a->kind <= DTRACE_ACT_CHILL) {
			/* as the module: destructive only if asked for */
			if (!(fk.optflags & DTRACE_OPT_DESTRUCTIVE)) {
				free(e->blob);
				free(e->acts);
				return -EPERM;
			}
			if (a->off || a->size || a->str)
				goto bad;
			continue;
		}
		if (a->kind == DTRACE_ACT_GUARD) {
			e->needs_record |= a->size != 0;
			if (a->str || a->arg || (a->size && a->size != 8) ||
			    a->off + a->size > e->recsize || a->off % 8)
				goto bad;
			continue;
		}
		if (a->kind == DTRACE_ACT_TRACEMEM) {
			e->needs_record = true;
			if (a->str || !a->size || a->off + a->size > e->recsize)
				goto bad;
			continue;
		}
		if (a->kind != DTRACE_ACT_RECORD && a->kind != DTRACE_ACT_EXIT)
			goto bad;
		e->needs_record = true;
		if (a->off + a->size > e->recsize || !a->size ||
		    (!a->str && a->size != 1 && a->size != 2 &&
		     a->size != 4 && a->size != 8) ||
		    (!a->str && a->off % a->size))
			goto bad;
	}
	if (!e->nacts)
		e->needs_record = true;
	for (i = 0; i < 3; i++)
		n += fk_match(&e->desc, &fk_probes[i]);
	e->epid = (uint32_t)fk.necbs + 1;
	u->de_epid = e->epid;
	u->de_nprobes = (uint32_t)n;
	fk.necbs++;
	return 0;
bad:
	free(e->blob);
	free(e->acts);
	return -EACCES;
}

static int fk_ioctl_err(int fd, unsigned long req, void *arg)
{
	if (fd != FK_FD || !fk.open)
		return -EBADF;
	switch (req) {
	case DTRACE_IOC_VERSION: {
		struct dtrace_ioc_version *v = arg;

		v->dv_abi = DTRACE_ABI_VERSION;
		snprintf(v->dv_module, sizeof(v->dv_module), "fake-1");
		return 0;
	}
	case DTRACE_IOC_PROBES: {
		struct dtrace_ioc_probes *p = arg;
		struct dtrace_probedesc *out = (void *)(uintptr_t)p->dp_buf;
		uint32_t n = 0, i;

		p->dp_next_id = 0;
		for (i = 0; i < 3; i++) {
			if (fk_probes[i].dpd_id < p->dp_first_id ||
			    !fk_match(&p->dp_pattern, &fk_probes[i]))
				continue;
			if (n == p->dp_count) {
				p->dp_next_id = fk_probes[i].dpd_id;
				break;
			}
			out[n++] = fk_probes[i];
		}
		p->dp_count = n;
		return 0;
	}
	case DTRACE_IOC_OPTIONS: {
		struct dtrace_ioc_options *o = arg;

		if (fk.go || fk.necbs)
			return -EBUSY;
		fk.strsize = o->do_strsize;
		fk.bufsize = o->do_bufsize & ~7u;
		fk.optflags = o->do_flags;
		return 0;
	}
	case DTRACE_IOC_ENABLE:
		return fk_enable(arg);
	case DTRACE_IOC_GO:
		if (fk.go)
			return -EBUSY;
		/* as the module: every record fits, or E2BIG */
		for (int k = 0; fk.bufsize && k < fk.necbs; k++)
			if (fk.ecbs[k].needs_record &&
			    sizeof(struct dtrace_rechdr) + fk.ecbs[k].recsize >
			    fk.bufsize)
				return -E2BIG;
		fk.go = true;
		fk.ms.strsize = fk.strsize;
		fk_fire(1, NULL);
		return 0;
	case DTRACE_IOC_STOP:
		if (!fk.go || fk.stopped)
			return -EINVAL;
		fk.stopped = true;
		fk_fire(2, NULL);
		return 0;
	case DTRACE_IOC_BUFSNAP: {
		struct dtrace_ioc_bufsnap *b = arg;

		if (!fk.go)
			return -EINVAL;
		if (b->db_cpu == 1)
			return -ENXIO;
		if (b->db_cpu >= FK_NCPUS || b->db_bufsize < FK_BUFSIZE)
			return -EINVAL;
		memcpy((void *)(uintptr_t)b->db_buf, fk.buf, fk.off);
		b->db_bufsize = fk.off;
		b->db_drops = fk.drops;
		fk.off = 0;
		return 0;
	}
	case DTRACE_IOC_AGGDESC: {
		struct dtrace_ioc_aggdesc *d = arg;
		struct fk_agg *a = &fk.aggs[fk.naggs];

		if (fk.go || fk.naggs == 16 || d->da_keysize % 8 ||
		    d->da_keysize > 1024)
			return -EINVAL;
		a->func = d->da_func;
		a->keysize = d->da_keysize;
		memcpy(a->params, d->da_params, sizeof(a->params));
		a->valsize = dt_agg_valsize(a->func, a->params);
		if (!a->valsize)
			return -EINVAL;
		d->da_valsize = a->valsize;
		d->da_id = (uint32_t)fk.naggs++;
		return 0;
	}
	case DTRACE_IOC_AGGSNAP: {
		struct dtrace_ioc_bufsnap *b = arg;
		char *out = (void *)(uintptr_t)b->db_buf;
		uint64_t off = 0;
		int i;

		if (!fk.go)
			return -EINVAL;
		if (b->db_cpu == 1)
			return -ENXIO;
		if (b->db_cpu >= FK_NCPUS || b->db_bufsize < 4u << 20)
			return -EINVAL;
		for (i = 0; i < fk.nents; i++) {
			const struct fk_agg *a = &fk.aggs[fk.ents[i]->id];
			struct dtrace_aggrec r = { fk.ents[i]->id,
				(uint32_t)(sizeof(r) + a->keysize +
					   a->valsize), 0, 0 };

			memcpy(out + off, &r, sizeof(r));
			memcpy(out + off + sizeof(r), fk.ents[i]->key,
			       a->keysize);
			memcpy(out + off + sizeof(r) + a->keysize,
			       fk.ents[i]->val, a->valsize);
			off += r.dar_size;
			free(fk.ents[i]);
		}
		fk.nents = 0;
		b->db_bufsize = off;
		b->db_drops = 0;
		return 0;
	}
	case DTRACE_IOC_STATUS: {
		struct dtrace_ioc_status *s = arg;

		s->ds_flags = (fk.exited ? DTRACE_STATUS_EXITED : 0) |
			(fk.stopped ? DTRACE_STATUS_STOPPED : 0);
		s->ds_exitval = fk.exitval;
		s->ds_ncpus = FK_NCPUS;
		s->ds_drops = fk.drops;
		s->ds_errors = fk.errors;
		return 0;
	}
	default:
		return -ENOTTY;
	}
}

static int fk_ioctl(int fd, unsigned long req, void *arg)
{
	int rc = fk_ioctl_err(fd, req, arg);

	if (rc < 0) {
		errno = -rc;
		return -1;
	}
	return 0;
}

static int fk_open(const char *path)
{
	if (fk.open) {
		errno = EBUSY;
		return -1;
	}
	fk_reset();
	fk.open = true;
	dif_uenv_init(&fk.env);
	dif_uenv_map(&fk.env, fk_probes, sizeof(fk_probes), 0);
	dif_uenv_map(&fk.env, fk_execname, sizeof(fk_execname), 0);
	fk.ms.scratch = (u8 *)fk.scratch;
	fk.ms.scratch_size = sizeof(fk.scratch);
	fk.ms.globals = fk.globals;
	fk.ms.nglobals = FK_NVARS;
	fk.ms.locals = fk.locals;
	fk.ms.nlocals = FK_NVARS;
	fk.ms.env = &fk.env;
	fk.ms.dyn = &fk.dyn;
	dif_dyn_init(&fk.dyn, fk.dynmem, sizeof(fk.dynmem),
		     dif_dyn_chunksize(DIF_STRSIZE_DEFAULT));
	return FK_FD;
}

static void fk_close(int fd)
{
	if (fd == FK_FD && fk.open) {
		fk_reset();
	}
}

static const struct dt_dev_ops fk_ops = {
	.d_open = fk_open,
	.d_ioctl = fk_ioctl,
	.d_close = fk_close,
};

/* Run the command with argv; stdout and stderr into files. */
static int run_cmd_dev(char **argv, char **out, char **err, bool fake)
{
	char opath[] = "/tmp/dt_run_outXXXXXX", epath[] = "/tmp/dt_run_errXXXXXX";
	int ofd = mkstemp(opath), efd = mkstemp(epath), so, se, rc, argc = 0;
	FILE *fp;
	long n;

	while (argv[argc])
		argc++;
	fflush(stdout);
	fflush(stderr);
	so = dup(1);
	se = dup(2);
	dup2(ofd, 1);
	dup2(efd, 2);
	dt_dev_set_ops(fake ? &fk_ops : NULL);
	rc = dt_cmd_main(argc, argv);
	dt_dev_set_ops(NULL);
	fflush(stdout);
	fflush(stderr);
	dup2(so, 1);
	dup2(se, 2);
	close(so);
	close(se);
	close(ofd);
	close(efd);
	for (int k = 0; k < 2; k++) {
		const char *path = k ? epath : opath;
		char **dst = k ? err : out;

		fp = fopen(path, "r");
		fseek(fp, 0, SEEK_END);
		n = ftell(fp);
		rewind(fp);
		*dst = calloc(1, (size_t)n + 1);
		if (fread(*dst, 1, (size_t)n, fp) != (size_t)n)
			(*dst)[0] = '\0';
		fclose(fp);
		unlink(path);
	}
	return rc;
}

static int run_cmd(char **argv, char **out, char **err)
{
	return run_cmd_dev(argv, out, err, true);
}

/* Tests need the source tree's tests/d; make runs us from the top. */
static const char *d_dir(void)
{
	const char *d = getenv("DT_D_TESTS");

	return d ? d : "tests/d";
}

/*
 * Every NAME.d of tests/d, as the guest harness runs it. With
 * DT_D_NOBT set (the D-only build, check-layers.mk), not those printed
 * in bpftrace's format, which that build leaves out.
 */
TEST(d_scripts)
{
	struct dirent **ents;
	char cwd[4096];
	int n, i, failed = 0, ran = 0, left = 0;

	ASSERT_NE(NULL, getcwd(cwd, sizeof(cwd)));
	ASSERT_EQ(0, chdir(d_dir()));
	n = scandir(".", &ents, NULL, alphasort);
	ASSERT_LT(0, n);
	for (i = 0; i < n; i++) {
		char *name = ents[i]->d_name, base[256], path[300];
		char *argv[32], *flags, *want_out, *want_err, *st, *out, *err;
		size_t l = strlen(name);
		int argc = 0, rc, want_rc = 0;

		if (l < 3 || strcmp(name + l - 2, ".d") != 0)
			continue;
		if (getenv("DT_D_NOBT")) {
			char *text = slurp(name);
			bool bt = text && strstr(text, "oformat=bpftrace");

			free(text);
			if (bt) {
				left++;
				continue;
			}
		}
		snprintf(base, sizeof(base), "%.*s", (int)(l - 2), name);
		argv[argc++] = "dtrace";
		snprintf(path, sizeof(path), "%s.flags", base);
		flags = slurp(path);
		if (flags) {
			char *save = NULL, *w;

			for (w = strtok_r(flags, " \t\n", &save); w && argc < 28;
			     w = strtok_r(NULL, " \t\n", &save))
				argv[argc++] = w;
		}
		argv[argc++] = "-s";
		argv[argc++] = name;
		argv[argc] = NULL;
		snprintf(path, sizeof(path), "%s.out", base);
		want_out = slurp(path);
		snprintf(path, sizeof(path), "%s.err", base);
		want_err = slurp(path);
		snprintf(path, sizeof(path), "%s.status", base);
		st = slurp(path);
		if (st)
			want_rc = atoi(st);
		rc = run_cmd(argv, &out, &err);
		ran++;
		if (rc != want_rc || (want_out && strcmp(out, want_out)) ||
		    (want_err && strcmp(err, want_err))) {
			failed++;
			TH_LOG("%s: status %d (want %d)\n--- stdout:\n%s--- "
			       "want:\n%s--- stderr:\n%s", name, rc, want_rc,
			       out, want_out ? want_out : "(any)\n", err);
		}
		free(out);
		free(err);
		free(want_out);
		free(want_err);
		free(st);
		free(flags);
	}
	for (i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	ASSERT_EQ(0, chdir(cwd));
	TH_LOG("%d D scripts, %d failed, %d in bpftrace's format left out",
	       ran, failed, left);
	EXPECT_LT(0, ran);
	EXPECT_EQ(0, failed);
}

static int run_n(const char *opt, const char *prog, char **out, char **err)
{
	char *argv[] = { "dtrace", (char *)opt, (char *)prog, NULL };

	return run_cmd(argv, out, err);
}

#define HEADING "CPU     ID                    FUNCTION:NAME\n"

/* The first slice, with DTrace's default output. */
TEST(hello_default_output)
{
	char *out, *err;
	int rc = run_n("-n", "BEGIN { printf(\"hello %d\\n\", 6 * 7); "
		       "exit(0); }", &out, &err);

	EXPECT_EQ(0, rc);
	EXPECT_STREQ("CPU     ID                    FUNCTION:NAME\n"
		     "  0      1                           :BEGIN hello 42\n"
		     "\n\n", out);
	EXPECT_STREQ("dtrace: description 'BEGIN ' matched 1 probe\n", err);
	free(out);
	free(err);
}

TEST(trace_default_widths)
{
	char *out, *err;
	int rc = run_n("-n", "BEGIN { trace(1); trace((char)2); "
		       "trace((short)3); trace(4L); trace(\"s\"); exit(0); }",
		       &out, &err);

	char want[512];

	snprintf(want, sizeof(want), HEADING "%3d %6d %32s %9d%4d%6d%17d  %-33s\n\n",
		 0, 1, ":BEGIN", 1, 2, 3, 4, "s");
	EXPECT_EQ(0, rc);
	EXPECT_STREQ(want, out);
	free(out);
	free(err);
}

TEST(empty_clause_prints_probe)
{
	char *out, *err;
	int rc = run_n("-n", "BEGIN { exit(0) } END", &out, &err);

	char want[256];

	snprintf(want, sizeof(want), HEADING "%3d %6d %32s \n%3d %6d %32s \n\n",
		 0, 1, ":BEGIN", 0, 2, ":END");
	EXPECT_EQ(0, rc);
	EXPECT_STREQ(want, out);
	free(out);
	free(err);
}

TEST(quiet_and_end)
{
	char *out, *err;
	int rc = run_n("-qn", "BEGIN { x = 2; exit(7); } END { printf(\"%d\", x); }",
		       &out, &err);

	EXPECT_EQ(7, rc);
	EXPECT_STREQ("2\n", out);	/* DTrace's newline at the end */
	EXPECT_STREQ("", err);
	free(out);
	free(err);
}

TEST(no_match_and_zdefs)
{
	char *out, *err;
	char *argv[] = { "dtrace", "-Z", "-q", "-n", "foo:::bar { }", "-n",
			 "BEGIN { exit(0); }", NULL };
	int rc = run_n("-n", "foo:::bar", &out, &err);

	EXPECT_EQ(1, rc);
	EXPECT_STREQ("dtrace: invalid probe specifier foo:::bar: probe "
		     "description foo:::bar does not match any probes\n", err);
	free(out);
	free(err);
	rc = run_cmd(argv, &out, &err);
	EXPECT_EQ(0, rc);
	EXPECT_STREQ("", err);
	free(out);
	free(err);
}

TEST(runtime_error_reported)
{
	char *out, *err;
	int rc = run_n("-qn", "BEGIN { x = 0; y = 1 / x; } BEGIN { exit(0); }",
		       &out, &err);

	EXPECT_EQ(0, rc);
	EXPECT_STREQ("dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): "
		     "divide-by-zero in action #1 at DIF offset 4\n", err);
	free(out);
	free(err);
}

TEST(list_probes)
{
	char *out, *err;
	char *argv[] = { "dtrace", "-l", "-n", "dtrace:::*N*", NULL };
	int rc = run_cmd(argv, &out, &err);

	char want[512];

	snprintf(want, sizeof(want), "   ID   PROVIDER            MODULE      "
		 "                    FUNCTION NAME\n%5d %10s %17s %33s %s\n"
		 "%5d %10s %17s %33s %s\n", 1, "dtrace", "", "", "BEGIN",
		 2, "dtrace", "", "", "END");
	EXPECT_EQ(0, rc);
	EXPECT_STREQ(want, out);
	free(out);
	free(err);
}

TEST(probe_ids)
{
	char *argv[] = { "dtrace", "-q", "-i", "2 { printf(\"end\"); }", "-i",
			 "1 { exit(0); }", NULL };
	char *argl[] = { "dtrace", "-l", "-i", "3", NULL };
	char *argb[] = { "dtrace", "-i", "9", NULL };
	char *out, *err;
	int rc = run_cmd(argv, &out, &err);

	EXPECT_EQ(0, rc);
	EXPECT_STREQ("end\n", out);
	free(out);
	free(err);
	rc = run_cmd(argl, &out, &err);
	EXPECT_EQ(0, rc);
	EXPECT_NE(NULL, strstr(out, "ERROR"));
	free(out);
	free(err);
	rc = run_cmd(argb, &out, &err);
	EXPECT_EQ(1, rc);
	EXPECT_STREQ("dtrace: invalid probe specifier 9: probe ID 9 does not "
		     "match any probes\n", err);
	free(out);
	free(err);
}

/* @[stack()] = count(): the consumer adds up the recorded stacks. */
TEST(stack_keys)
{
	char *out, *err, want[512];
	int rc = run_n("-qn", "BEGIN { @[stack(2)] = count(); "
		       "@[stack(2)] = count(); @s[ustack(1), \"k\"] = sum(5); "
		       "exit(0); }", &out, &err);

	snprintf(want, sizeof(want), "\n\n%14s0x1000\n%14s0x2000\n %16d\n"
		 "\n%14s0x1000\n  %-50s %16d\n", "", "", 2, "", "k", 5);
	EXPECT_EQ(0, rc);
	EXPECT_STREQ(want, out);
	EXPECT_STREQ("", err);
	free(out);
	free(err);
}

TEST(device_missing)
{
	char *argv[] = { "dtrace", "-n", "BEGIN", NULL };
	char *out, *err;
	int rc;

	setenv("DTRACE_DEVICE", "/nonexistent/dtrace", 1);
	rc = run_cmd_dev(argv, &out, &err, false);
	unsetenv("DTRACE_DEVICE");
	EXPECT_EQ(1, rc);
	EXPECT_STREQ("dtrace: failed to initialize dtrace: DTrace device not "
		     "available (is the dtrace module loaded?): "
		     "/nonexistent/dtrace: No such file or directory\n", err);
	free(out);
	free(err);
}

TEST_HARNESS_MAIN
