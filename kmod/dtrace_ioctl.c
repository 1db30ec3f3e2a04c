// SPDX-License-Identifier: GPL-2.0
/*
 * The ioctls of /dev/dtrace. Every handler has the same shape: a zeroed
 * struct, copy in, check its size and reserved fields, take the
 * consumer's lock, check the state, call the helper, copy out.
 */
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

/* True if the @n bytes at @p are all zero. */
static bool dtrace_zeroed(const void *p, size_t n)
{
	return !memchr_inv(p, 0, n);
}

#define DTRACE_RESERVED_OK(s, f)	dtrace_zeroed((s).f, sizeof((s).f))

static long dtrace_ioc_version(void __user *u)
{
	struct dtrace_ioc_version v = { };

	if (copy_from_user(&v, u, sizeof(v)))
		return -EFAULT;
	if (v.dv_size != sizeof(v) || !DTRACE_RESERVED_OK(v, dv_reserved))
		return -EINVAL;
	v.dv_abi = DTRACE_ABI_VERSION;
	strscpy(v.dv_module, DTRACE_MODULE_VERSION, sizeof(v.dv_module));
	return copy_to_user(u, &v, sizeof(v)) ? -EFAULT : 0;
}

#define DTRACE_PROBES_CHUNK	32	/* descriptions copied per lock hold */

/*
 * dtrace_lock for the next chunk of a long ioctl, unless its caller was
 * killed: it stops there. Return: 0, or -EINTR without the lock.
 */
static int dtrace_lock_chunk(void)
{
	if (fatal_signal_pending(current))
		return -EINTR;
	return mutex_lock_killable(&dtrace_lock);
}

static void dtrace_probe_describe(struct dtrace_probedesc *d,
				  const struct dtrace_probe *probe)
{
	memset(d, 0, sizeof(*d));
	d->dpd_id = probe->dp_id;
	strscpy(d->dpd_provider, probe->dp_prov, sizeof(d->dpd_provider));
	strscpy(d->dpd_mod, probe->dp_mod, sizeof(d->dpd_mod));
	strscpy(d->dpd_func, probe->dp_func, sizeof(d->dpd_func));
	strscpy(d->dpd_name, probe->dp_name, sizeof(d->dpd_name));
}

/*
 * Up to @max descriptions of probes matching @pat from *@id on, into @d,
 * from one bucket of the index (@few its room) or, when it cannot tell
 * (*@walk is set then), looking at DTRACE_LOCK_CHUNK probes at most;
 * *@id is left at the next probe to look at, or 0 when there are no
 * more. *@more: the walk stopped short of the next match, which may come
 * after *@id.
 */
static u32 dtrace_probes_collect(struct dtrace_state *state,
				 const struct dtrace_probedesc *pat, u32 *id,
				 struct dtrace_probedesc *d, u32 max,
				 bool *more, struct dtrace_probe **few,
				 bool *walk)
{
	struct dtrace_probe *probe;
	u32 n = 0, seen = 0;
	int i, nfew;

	lockdep_assert_held(&dtrace_lock);
	*more = false;
	/* once the index could not tell, every chunk walks */
	nfew = *walk ? -E2BIG : dtrace_probe_shortlist(pat, state, few);
	*walk = nfew < 0;
	for (i = 0; i < nfew; i++) {
		if (few[i]->dp_id < *id)
			continue;
		if (n == max) {
			*id = few[i]->dp_id;	/* the next match */
			return n;
		}
		dtrace_probe_describe(&d[n++], few[i]);
	}
	if (nfew >= 0) {
		*id = 0;
		return n;
	}
	for (; (probe = dtrace_probe_next(id)); (*id)++) {
		if (seen++ == DTRACE_LOCK_CHUNK) {
			*more = true;
			return n;
		}
		if (!dtrace_probe_matches(probe, pat, state))
			continue;
		if (n == max)
			return n;	/* *id: the next match */
		dtrace_probe_describe(&d[n++], probe);
	}
	*id = 0;
	return n;
}

/*
 * Copy out the probes matching a pattern, from dp_first_id on: those of
 * every consumer and those @state owns. They are gathered a chunk at a
 * time under dtrace_lock and copied out without it: a caller's buffer
 * that faults slowly (userfaultfd, FUSE) stalls only that caller, never
 * every other consumer or a module load. A chunk looks at a bounded
 * number of probes, matching or not: a pattern matching few of 300,000
 * probes takes the lock many times, briefly.
 */
static long dtrace_ioc_probes(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_probes p = { };
	struct dtrace_probedesc __user *out;
	struct dtrace_probedesc *d;
	struct dtrace_probe **few;
	u32 id, n = 0, got;
	bool more, walk = false;
	long err = 0;

	if (copy_from_user(&p, u, sizeof(p)))
		return -EFAULT;
	if (p.dp_size != sizeof(p) || p.dp_flags || p.dp_pattern.dpd_id ||
	    p.dp_pattern.dpd_reserved || !DTRACE_RESERVED_OK(p, dp_reserved))
		return -EINVAL;
	/* Terminate the pattern's strings: a long one just matches less. */
	p.dp_pattern.dpd_provider[DTRACE_PROVNAMELEN - 1] = '\0';
	p.dp_pattern.dpd_mod[DTRACE_MODNAMELEN - 1] = '\0';
	p.dp_pattern.dpd_func[DTRACE_FUNCNAMELEN - 1] = '\0';
	p.dp_pattern.dpd_name[DTRACE_NAMELEN - 1] = '\0';
	out = u64_to_user_ptr(p.dp_buf);
	d = kmalloc_array(DTRACE_PROBES_CHUNK, sizeof(*d), GFP_KERNEL);
	few = kmalloc_array(DTRACE_SHORTLIST_MAX, sizeof(*few), GFP_KERNEL);
	if (!d || !few) {
		err = -ENOMEM;
		goto out;
	}

	if (mutex_lock_killable(&dtrace_lock)) {
		err = -EINTR;
		goto out;
	}
	dtrace_providers_provide(&p.dp_pattern);
	mutex_unlock(&dtrace_lock);
	id = max(p.dp_first_id, 1u);
	do {	/* once at least: with dp_count 0, the first match's id */
		if (dtrace_lock_chunk()) {
			err = -EINTR;
			break;
		}
		got = dtrace_probes_collect(state, &p.dp_pattern, &id, d,
					    min(p.dp_count - n,
						(u32)DTRACE_PROBES_CHUNK),
					    &more, few, &walk);
		mutex_unlock(&dtrace_lock);
		if (copy_to_user(&out[n], d, got * sizeof(*d))) {
			err = -EFAULT;
			break;
		}
		n += got;
		cond_resched();
	} while (id && (more || n < p.dp_count));
out:
	kfree(few);
	kfree(d);
	if (err)
		return err;
	p.dp_next_id = id;	/* the next match, where the caller goes on */
	p.dp_count = n;
	return copy_to_user(u, &p, sizeof(p)) ? -EFAULT : 0;
}

static long dtrace_ioc_options(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_options o = { };
	long err;

	if (copy_from_user(&o, u, sizeof(o)))
		return -EFAULT;
	if (o.do_size != sizeof(o) || !DTRACE_RESERVED_OK(o, do_reserved))
		return -EINVAL;
	mutex_lock(&state->ds_lock);
	err = dtrace_state_options(state, &o);
	mutex_unlock(&state->ds_lock);
	return err;
}

/* BUFSNAP and AGGSNAP: the same request, for records or aggregations. */
static long dtrace_ioc_snap(struct dtrace_state *state, void __user *u,
			    int (*snap)(struct dtrace_state *,
					struct dtrace_ioc_bufsnap *))
{
	struct dtrace_ioc_bufsnap b = { };
	long err = -EINVAL;

	if (copy_from_user(&b, u, sizeof(b)))
		return -EFAULT;
	if (b.db_size != sizeof(b) || !DTRACE_RESERVED_OK(b, db_reserved))
		return -EINVAL;
	mutex_lock(&state->ds_lock);
	dtrace_state_polled(state);
	if (state->ds_activity != DTRACE_INACTIVE)
		err = snap(state, &b);
	mutex_unlock(&state->ds_lock);
	if (err)
		return err;
	return copy_to_user(u, &b, sizeof(b)) ? -EFAULT : 0;
}

static long dtrace_ioc_status(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_status s = { };

	if (copy_from_user(&s.ds_size, u, sizeof(s.ds_size)))
		return -EFAULT;
	if (s.ds_size != sizeof(s))
		return -EINVAL;
	mutex_lock(&state->ds_lock);
	dtrace_state_polled(state);
	dtrace_state_status(state, &s);
	mutex_unlock(&state->ds_lock);
	return copy_to_user(u, &s, sizeof(s)) ? -EFAULT : 0;
}

/* A caller's array of @n entries of @size bytes, copied whole. */
static void *dtrace_copy_array(u64 uaddr, u32 n, size_t size)
{
	void *v = kvmalloc_array(n, size, GFP_KERNEL);

	if (!v)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(v, u64_to_user_ptr(uaddr), (size_t)n * size)) {
		kvfree(v);
		return ERR_PTR(-EFAULT);
	}
	return v;
}

/*
 * Offer kernel functions to fbt; see struct dtrace_ioc_fbt_provide. A
 * chunk at a time under dtrace_lock: an offer is 40,000 functions, each
 * an ftrace lookup. The probes are everyone's and stay on failure, as
 * they would from a later offer.
 */
static long dtrace_ioc_fbt_provide(void __user *u)
{
	struct dtrace_ioc_fbt_provide f = { };
	struct dtrace_fbt_sym *syms;
	long ret = 0, r;
	u32 i;

	if (copy_from_user(&f, u, sizeof(f)))
		return -EFAULT;
	if (f.dfp_size != sizeof(f) || !DTRACE_RESERVED_OK(f, dfp_reserved) ||
	    f.dfp_count > DTRACE_FBT_SYMS_MAX || f.dfp_flags & ~DTRACE_FBT_ALL)
		return -EINVAL;
	syms = dtrace_copy_array(f.dfp_syms, f.dfp_count, sizeof(*syms));
	if (IS_ERR(syms))
		return PTR_ERR(syms);
	for (i = 0; ; i += DTRACE_LOCK_CHUNK) {
		if (dtrace_lock_chunk()) {
			ret = -EINTR;
			break;
		}
		if (i >= f.dfp_count) {
			/* partial if a module came meanwhile: its generation */
			dtrace_fbt_offered(&f.dfp_flags, &f.dfp_gen);
			mutex_unlock(&dtrace_lock);
			break;
		}
		r = dtrace_fbt_provide(&syms[i], min_t(u32, f.dfp_count - i,
						       DTRACE_LOCK_CHUNK));
		mutex_unlock(&dtrace_lock);
		if (r < 0) {
			ret = r;
			break;
		}
		ret += r;
		cond_resched();
	}
	kvfree(syms);
	if (ret < 0)
		return ret;
	f.dfp_count = ret;
	return copy_to_user(u, &f, sizeof(f)) ? -EFAULT : 0;
}

/*
 * An offer of probes that @state will own: @n entries of @size bytes at
 * @uaddr, copied whole, each handed to @fn. dtrace_lock is taken a chunk
 * at a time, and between chunks a fatal signal ends the offer; then, or
 * on any error, the probes it created are destroyed: an offer is whole or
 * nothing. Nobody else sees them meanwhile, and @state's own ENABLE waits
 * for ds_lock.
 * Return: how many were accepted, or a negative errno.
 */
static long dtrace_ioc_offer(struct dtrace_state *state, u64 uaddr, u32 n,
			     size_t size,
			     int (*fn)(struct dtrace_state *, const void *,
				       struct dtrace_offer *))
{
	struct dtrace_offer o = { };
	const char *v = dtrace_copy_array(uaddr, n, size);
	int accepted = 0, r = 0;
	u32 i;

	if (IS_ERR(v))
		return PTR_ERR(v);
	o.do_ids = kvmalloc_array(max(n, 1u), sizeof(*o.do_ids), GFP_KERNEL);
	if (!o.do_ids) {
		r = -ENOMEM;
		goto out;
	}
	if (mutex_lock_killable(&state->ds_lock)) {
		r = -EINTR;
		goto out;
	}
	for (i = 0; i < n; ) {
		if (dtrace_lock_chunk()) {
			r = -EINTR;
			break;
		}
		do {
			r = fn(state, v + (size_t)i * size, &o);
			accepted += r > 0;
		} while (r >= 0 && ++i < n && i % DTRACE_LOCK_CHUNK);
		mutex_unlock(&dtrace_lock);
		if (r < 0)
			break;
		cond_resched();
	}
	if (r < 0)
		dtrace_offer_undo(state, &o);
	mutex_unlock(&state->ds_lock);
out:
	kvfree(o.do_ids);
	kvfree(v);
	return r < 0 ? r : accepted;
}

static int dtrace_ioc_pid_fn(struct dtrace_state *state, const void *v,
			     struct dtrace_offer *o)
{
	return dtrace_pid_offer(state, v, o);
}

static int dtrace_ioc_tp_fn(struct dtrace_state *state, const void *v,
			    struct dtrace_offer *o)
{
	return dtrace_tp_offer(state, v, o);
}

/* Offer user probe sites; see struct dtrace_ioc_uprobe_provide. */
static long dtrace_ioc_uprobe_provide(struct dtrace_state *state,
				      void __user *u)
{
	struct dtrace_ioc_uprobe_provide f = { };
	long ret;

	if (copy_from_user(&f, u, sizeof(f)))
		return -EFAULT;
	if (f.dup_size != sizeof(f) || !DTRACE_RESERVED_OK(f, dup_reserved) ||
	    f.dup_count > DTRACE_UPROBE_SITES_MAX)
		return -EINVAL;
	ret = dtrace_ioc_offer(state, f.dup_sites, f.dup_count,
			       sizeof(struct dtrace_uprobe_site),
			       dtrace_ioc_pid_fn);
	if (ret < 0)
		return ret;
	f.dup_count = ret;
	return copy_to_user(u, &f, sizeof(f)) ? -EFAULT : 0;
}

/* Offer tracepoints; see struct dtrace_ioc_tp_provide. */
static long dtrace_ioc_tp_provide(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_tp_provide f = { };
	long ret;

	if (copy_from_user(&f, u, sizeof(f)))
		return -EFAULT;
	if (f.dtp_size != sizeof(f) || !DTRACE_RESERVED_OK(f, dtp_reserved) ||
	    f.dtp_count > DTRACE_TP_EVENTS_MAX)
		return -EINVAL;
	ret = dtrace_ioc_offer(state, f.dtp_events, f.dtp_count,
			       sizeof(struct dtrace_tp_event), dtrace_ioc_tp_fn);
	if (ret < 0)
		return ret;
	f.dtp_count = ret;
	return copy_to_user(u, &f, sizeof(f)) ? -EFAULT : 0;
}

static long dtrace_ioc_aggdesc(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_aggdesc d = { };
	long err;

	if (copy_from_user(&d, u, sizeof(d)))
		return -EFAULT;
	if (d.da_size != sizeof(d) || !DTRACE_RESERVED_OK(d, da_reserved))
		return -EINVAL;
	mutex_lock(&state->ds_lock);
	err = dtrace_agg_declare(state, &d);
	mutex_unlock(&state->ds_lock);
	if (err)
		return err;
	return copy_to_user(u, &d, sizeof(d)) ? -EFAULT : 0;
}

/* Read (and maybe empty) the global variables; see dtrace_dvar.c. */
static long dtrace_ioc_dvarsnap(struct dtrace_state *state, void __user *u)
{
	struct dtrace_ioc_dvarsnap d = { };
	long err = -EINVAL;

	if (copy_from_user(&d, u, sizeof(d)))
		return -EFAULT;
	if (d.dv_size != sizeof(d) || !DTRACE_RESERVED_OK(d, dv_reserved))
		return -EINVAL;
	mutex_lock(&state->ds_lock);
	dtrace_state_polled(state);
	if (state->ds_activity != DTRACE_INACTIVE)
		err = dtrace_dvar_snap(state, &d);
	mutex_unlock(&state->ds_lock);
	if (err)
		return err;
	return copy_to_user(u, &d, sizeof(d)) ? -EFAULT : 0;
}

/* The locked state transitions that take no argument. */
static long dtrace_ioc_transition(struct dtrace_state *state,
				  int (*fn)(struct dtrace_state *))
{
	long err;

	mutex_lock(&state->ds_lock);
	err = fn(state);
	mutex_unlock(&state->ds_lock);
	return err;
}

/*
 * Open refuses a kernel locked down for confidentiality, but lockdown
 * may come while a consumer holds the device open: ENABLE and GO, which
 * start reading kernel memory, ask again.
 */
static long dtrace_lockdown(void)
{
	return security_locked_down(LOCKDOWN_BPF_READ_KERNEL);
}

static long dtrace_ioc_enable(struct dtrace_state *state, void __user *u)
{
	long err = dtrace_lockdown();

	if (err)
		return err;
	mutex_lock(&state->ds_lock);
	err = dtrace_ecb_enable(state, u);
	mutex_unlock(&state->ds_lock);
	return err;
}

/**
 * dtrace_ioctl() - dispatch one ioctl of a consumer.
 * @file: the open device; private_data is the consumer's state
 * @cmd:  DTRACE_IOC_*
 * @arg:  user address of the command's struct
 *
 * Context: process context, may sleep.
 */
long dtrace_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct dtrace_state *state = file->private_data;
	void __user *u = (void __user *)arg;

	switch (cmd) {
	case DTRACE_IOC_VERSION:
		return dtrace_ioc_version(u);
	case DTRACE_IOC_PROBES:
		return dtrace_ioc_probes(state, u);
	case DTRACE_IOC_OPTIONS:
		return dtrace_ioc_options(state, u);
	case DTRACE_IOC_ENABLE:
		return dtrace_ioc_enable(state, u);
	case DTRACE_IOC_GO:
		return dtrace_lockdown() ?:
		       dtrace_ioc_transition(state, dtrace_state_go);
	case DTRACE_IOC_STOP:
		return dtrace_ioc_transition(state, dtrace_state_stop);
	case DTRACE_IOC_BUFSNAP:
		return dtrace_ioc_snap(state, u, dtrace_buffer_snap);
	case DTRACE_IOC_AGGSNAP:
		return dtrace_ioc_snap(state, u, dtrace_agg_snap);
	case DTRACE_IOC_AGGDESC:
		return dtrace_ioc_aggdesc(state, u);
	case DTRACE_IOC_DVARSNAP:
		return dtrace_ioc_dvarsnap(state, u);
	case DTRACE_IOC_STATUS:
		return dtrace_ioc_status(state, u);
	case DTRACE_IOC_FBT_PROVIDE:
		return dtrace_ioc_fbt_provide(u);
	case DTRACE_IOC_UPROBE_PROVIDE:
		return dtrace_ioc_uprobe_provide(state, u);
	case DTRACE_IOC_TP_PROVIDE:
		return dtrace_ioc_tp_provide(state, u);
	default:
		return -ENOTTY;
	}
}
