// SPDX-License-Identifier: GPL-2.0
/*
 * Enablings: a clause sent by ENABLE becomes an ECB (enabling control
 * block) linked to every probe its description matches.
 *
 * The blob is copied in whole once; from then on only the kernel's copy
 * is read, and every offset, count and size in it is checked before use,
 * with 64-bit arithmetic so that no sum can wrap. Every DIF program in it
 * goes through dif_prog_load(), which checks the object and verifies the
 * code. The copy stays allocated as long as the ECB links probes: the
 * programs point into it. A clause that matches no probe never runs: its
 * blob and actions are freed at once, and only the ECB's header stays,
 * for its EPID. All of it is charged to the consumer (dtrace_mem_charge)
 * before it is allocated.
 */
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/uaccess.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"

#define DTRACE_ECBS_MAX		65536	/* clauses of one consumer */

/* @off..@off+@len lies inside a blob of @size bytes, @off 8-aligned. */
static bool dtrace_blob_range_ok(u32 size, u64 off, u64 len)
{
	return off % 8 == 0 && off <= size && len <= size - off;
}

static bool dtrace_str_terminated(const char *s, size_t n)
{
	return strnlen(s, n) < n;
}

static bool dtrace_desc_ok(const struct dtrace_probedesc *d)
{
	return !d->dpd_id && !d->dpd_reserved &&
	       dtrace_str_terminated(d->dpd_provider, sizeof(d->dpd_provider)) &&
	       dtrace_str_terminated(d->dpd_mod, sizeof(d->dpd_mod)) &&
	       dtrace_str_terminated(d->dpd_func, sizeof(d->dpd_func)) &&
	       dtrace_str_terminated(d->dpd_name, sizeof(d->dpd_name));
}

static int dtrace_ecb_load_prog(const void *blob, u32 size, u32 off,
				struct dif_prog *prog, struct dif_log *log)
{
	if (!off || !dtrace_blob_range_ok(size, off,
					  sizeof(struct dif_object_hdr)))
		return -EINVAL;
	return dif_prog_load(prog, (const char *)blob + off, size - off, log) ?
	       -EACCES : 0;
}

/* Does the program leave what the action stores, where it stores it? */
static int dtrace_action_check(struct dtrace_action *act, u32 room)
{
	const struct dif_type *t = &act->dac_prog.rtype;
	u32 sz = act->dac_rec_size;

	if ((u64)act->dac_rec_off + sz > room)
		return -EINVAL;
	if (t->dt_kind == DIF_TYPE_STRING) {
		if (act->dac_kind == DTRACE_ACT_EXIT || !sz ||
		    sz > DTRACE_STRSIZE_MAX)
			return -EINVAL;
		act->dac_string = true;
		act->dac_user = t->dt_flags & DIF_TF_USER;
		return 0;
	}
	if (sz != 1 && sz != 2 && sz != 4 && sz != 8)
		return -EINVAL;
	return act->dac_rec_off % sz ? -EINVAL : 0;
}

/*
 * AGGREGATE: a declared aggregation whose key holds every slot the
 * AGGKEYs since the previous AGGREGATE wrote (@keyext bytes), an integer
 * value, no record slot.
 */
static int dtrace_aggregate_check(const struct dtrace_state *state,
				  const struct dtrace_action *act, u64 arg,
				  u32 keyext, bool weighted)
{
	u32 func;

	if (arg >= state->ds_naggs || act->dac_rec_off || act->dac_rec_size ||
	    act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING ||
	    keyext > state->ds_aggs[arg].ad_keysize)
		return -EINVAL;
	/* only a distribution has a weight (AGGWEIGHT) */
	func = state->ds_aggs[arg].ad_func;
	if (weighted && func != DTRACE_AGG_QUANTIZE &&
	    func != DTRACE_AGG_LQUANTIZE && func != DTRACE_AGG_LLQUANTIZE)
		return -EINVAL;
	return 0;
}

/* stack(n), ustack(n): no program, n words (n + 1 for ustack), aligned. */
static int dtrace_stack_check(struct dtrace_ecb *ecb,
			      struct dtrace_action *act,
			      const struct dtrace_ioc_action *ua)
{
	u64 words = ua->da_arg + (ua->da_kind == DTRACE_ACT_USTACK);

	if (ua->da_difo_off || !ua->da_arg || ua->da_arg > DTRACE_STACK_MAX ||
	    act->dac_rec_size != words * 8 || act->dac_rec_off % 8 ||
	    (u64)act->dac_rec_off + act->dac_rec_size > ecb->de_recsize)
		return -EINVAL;
	act->dac_arg = ua->da_arg;
	ecb->de_needs_record = true;
	return 0;
}

static int dtrace_ecb_load_actions(struct dtrace_state *state,
				   struct dtrace_ecb *ecb, const void *blob,
				   u32 size, u32 act_off, struct dif_log *log)
{
	const struct dtrace_ioc_action *ua = (const void *)
					     ((const char *)blob + act_off);
	bool ends_spec = false, discards = false, weighted = false;
	u32 i, keyext = 0;
	int err;

	for (i = 0; i < ecb->de_nacts; i++) {
		struct dtrace_action *act = &ecb->de_acts[i];
		u32 kind = ua[i].da_kind;

		if (kind < DTRACE_ACT_RECORD || kind > DTRACE_ACT_AGGWEIGHT ||
		    (ua[i].da_arg && (kind < DTRACE_ACT_AGGREGATE ||
				      kind == DTRACE_ACT_GUARD ||
				      kind == DTRACE_ACT_AGGWEIGHT)) ||
		    ua[i].da_reserved)
			return -EINVAL;
		/* A guard is an earlier GUARD of this clause. */
		if (ua[i].da_guard && (ua[i].da_guard > i ||
				       ua[ua[i].da_guard - 1].da_kind !=
				       DTRACE_ACT_GUARD))
			return -EINVAL;
		act->dac_kind = kind;
		act->dac_guard = ua[i].da_guard;
		act->dac_rec_off = ua[i].da_rec_off;
		act->dac_rec_size = ua[i].da_rec_size;
		if (kind == DTRACE_ACT_STACK || kind == DTRACE_ACT_USTACK) {
			err = dtrace_stack_check(ecb, act, &ua[i]);
			if (err)
				return err;
			continue;
		}
		err = dtrace_ecb_load_prog(blob, size, ua[i].da_difo_off,
					   &act->dac_prog, log);
		if (err)
			return err;
		switch (kind) {
		case DTRACE_ACT_AGGKEY:
			err = dtrace_action_check(act, DTRACE_AGGKEY_MAX);
			keyext = max(keyext,
				     act->dac_rec_off + act->dac_rec_size);
			ecb->de_aggkeysize = max(ecb->de_aggkeysize, keyext);
			break;
		case DTRACE_ACT_AGGREGATE:
			/* Each aggregation's key is built afresh. */
			err = dtrace_aggregate_check(state, act, ua[i].da_arg,
						     keyext, weighted);
			act->dac_arg = ua[i].da_arg;
			keyext = 0;
			weighted = false;
			break;
		case DTRACE_ACT_AGGWEIGHT:
			/* an integer for the next AGGREGATE; no record */
			if (act->dac_rec_off || act->dac_rec_size ||
			    act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING)
				err = -EINVAL;
			weighted = true;
			break;
		case DTRACE_ACT_SPECULATE:
			/* First, so the record can go to the speculation. */
			ecb->de_speculates = true;
			fallthrough;
		case DTRACE_ACT_COMMIT:
		case DTRACE_ACT_DISCARD:
			ends_spec |= kind == DTRACE_ACT_COMMIT;
			discards |= kind == DTRACE_ACT_DISCARD;
			if ((kind == DTRACE_ACT_SPECULATE && i) ||
			    act->dac_rec_off || act->dac_rec_size ||
			    act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING)
				err = -EINVAL;
			break;
		case DTRACE_ACT_RAISE:
		case DTRACE_ACT_STOP:
		case DTRACE_ACT_CHILL:
			/* the consumer must have asked (dtrace -w) */
			if (!(state->ds_flags & DTRACE_OPT_DESTRUCTIVE))
				return -EPERM;
			if (act->dac_rec_off || act->dac_rec_size ||
			    act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING)
				err = -EINVAL;
			break;
		case DTRACE_ACT_GUARD:
			/* an integer, stored as one word or not at all */
			if (act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING ||
			    (act->dac_rec_size && act->dac_rec_size != 8) ||
			    (!act->dac_rec_size && act->dac_rec_off))
				err = -EINVAL;
			else if (act->dac_rec_size)
				err = dtrace_action_check(act, ecb->de_recsize);
			ecb->de_needs_record |= act->dac_rec_size != 0;
			break;
		case DTRACE_ACT_TRACEMEM:
			/* any size of bytes; the program gives an address */
			if (!act->dac_rec_size ||
			    (u64)act->dac_rec_off + act->dac_rec_size >
			    ecb->de_recsize ||
			    act->dac_prog.rtype.dt_kind == DIF_TYPE_STRING)
				err = -EINVAL;
			ecb->de_needs_record = true;
			break;
		default:
			err = dtrace_action_check(act, ecb->de_recsize);
			ecb->de_needs_record = true;
			break;
		}
		if (err)
			return err;
	}
	/* A clause without actions traces the probe: a bare record. */
	if (!ecb->de_nacts || ecb->de_speculates)
		ecb->de_needs_record = true;
	/*
	 * commit() copies into the buffer where the clause's own record
	 * is being written: as in DTrace, it may not record data itself.
	 * discard() copies nothing, but its own speculation's record
	 * would outlive it.
	 */
	if ((ends_spec && ecb->de_needs_record) ||
	    (discards && ecb->de_speculates))
		return -EINVAL;
	return 0;
}

/* The clause-local variables a firing of @ecb must start with zeroed. */
static void dtrace_ecb_count_locals(struct dtrace_ecb *ecb)
{
	u32 i, n = 0;

	if (ecb->de_has_pred)
		n = ecb->de_pred.nids[DIF_SCOPE_LOCAL];
	for (i = 0; i < ecb->de_nacts; i++)
		n = max(n, ecb->de_acts[i].dac_prog.nids[DIF_SCOPE_LOCAL]);
	ecb->de_nlocals = n;
}

/* Copy in and check a whole ENABLE blob, and load its programs. */
static struct dtrace_ecb *dtrace_ecb_create(struct dtrace_state *state,
					    struct dtrace_ioc_enable __user *u,
					    struct dif_log *log, int *errp)
{
	struct dtrace_ioc_enable first, *h;
	struct dtrace_ecb *ecb = NULL;
	u64 mem = 0;
	void *blob;
	int err = -EINVAL;

	if (copy_from_user(&first, u, sizeof(first))) {
		*errp = -EFAULT;
		return NULL;
	}
	if (first.de_size < sizeof(first) || first.de_size > DTRACE_ENABLE_MAX) {
		*errp = -EINVAL;
		return NULL;
	}
	*errp = dtrace_mem_charge(state, first.de_size);
	if (*errp)
		return NULL;
	mem = first.de_size;
	blob = kvmalloc(first.de_size, GFP_KERNEL_ACCOUNT);
	if (!blob) {
		err = -ENOMEM;
		goto fail;
	}
	if (copy_from_user(blob, u, first.de_size)) {
		err = -EFAULT;
		goto fail;
	}

	/* From here on, only the copy. It must still say the same size. */
	h = blob;
	if (h->de_size != first.de_size || h->de_flags || h->de_reserved ||
	    h->de_epid || h->de_nprobes || !dtrace_desc_ok(&h->de_desc) ||
	    h->de_nacts > DTRACE_ACTIONS_MAX || h->de_recsize % 8 ||
	    h->de_recsize > DTRACE_RECSIZE_MAX ||
	    h->de_act_off < sizeof(*h) ||
	    !dtrace_blob_range_ok(h->de_size, h->de_act_off,
				  (u64)h->de_nacts *
				  sizeof(struct dtrace_ioc_action)))
		goto fail;

	err = dtrace_mem_charge(state, struct_size(ecb, de_acts, h->de_nacts));
	if (err)
		goto fail;
	mem += struct_size(ecb, de_acts, h->de_nacts);
	ecb = kvzalloc(struct_size(ecb, de_acts, h->de_nacts),
		       GFP_KERNEL_ACCOUNT);
	if (!ecb) {
		err = -ENOMEM;
		goto fail;
	}
	ecb->de_mem = mem;
	ecb->de_blob = blob;
	ecb->de_nacts = h->de_nacts;
	ecb->de_recsize = h->de_recsize;
	if (h->de_pred_off) {
		ecb->de_has_pred = true;
		err = dtrace_ecb_load_prog(blob, h->de_size, h->de_pred_off,
					   &ecb->de_pred, log);
		if (err)
			goto fail;
		err = -EINVAL;
		if (ecb->de_pred.rtype.dt_kind == DIF_TYPE_STRING)
			goto fail;
	}
	err = dtrace_ecb_load_actions(state, ecb, blob, h->de_size,
				      h->de_act_off, log);
	if (err)
		goto fail;
	dtrace_ecb_count_locals(ecb);
	dtrace_ecb_plan(ecb);
	ecb->de_writes_user = dtrace_ecb_writes_user(ecb);
	/* the user-memory writes a locked-down kernel refuses */
	if (ecb->de_writes_user) {
		err = security_locked_down(LOCKDOWN_BPF_WRITE_USER);
		if (err)
			goto fail;
	}
	state->ds_nlocals = max(state->ds_nlocals, ecb->de_nlocals);
	return ecb;

fail:
	kvfree(ecb);
	kvfree(blob);
	dtrace_mem_uncharge(state, mem);
	*errp = err;
	return NULL;
}

/*
 * A clause that matched nothing never runs: keep only the header, for
 * its EPID, and give back the blob and the actions.
 */
static struct dtrace_ecb *dtrace_ecb_shrink(struct dtrace_state *state,
					    struct dtrace_ecb *ecb)
{
	struct dtrace_ecb *small = kmemdup(ecb, sizeof(*ecb),
					   GFP_KERNEL_ACCOUNT);

	if (!small)
		return ecb;	/* it only keeps more */
	kvfree(ecb->de_blob);
	kvfree(ecb);
	small->de_blob = NULL;
	small->de_has_pred = false;
	small->de_nacts = 0;
	small->de_writes_user = false;
	dtrace_mem_uncharge(state, small->de_mem - sizeof(*small));
	small->de_mem = sizeof(*small);
	return small;
}

static void dtrace_link_unlink(struct dtrace_ecb_link *link)
{
	struct dtrace_probe *probe = link->del_probe;
	struct dtrace_ecb_link **pp;

	for (pp = &probe->dp_ecbs; *pp; pp = &(*pp)->del_next) {
		if (*pp != link)
			continue;
		/* Firings in flight may still walk @link: freed after sync. */
		WRITE_ONCE(*pp, link->del_next);
		if (!--probe->dp_nenabled && probe->dp_ops->disable)
			probe->dp_ops->disable(probe);
		return;
	}
}

/*
 * ENABLE and close walk up to every probe there is (over 80,000 with fbt)
 * and arm or disarm each; module loads wait for dtrace_lock meanwhile
 * (fbt's notifier). So it is held a stretch at a time: at most
 * DTRACE_ECB_SCAN probes looked at, a quarter as many armed or disarmed
 * (fbt's ftrace update of each stretch grows with them), DTRACE_LOCK_CHUNK
 * units of work deferred to the commit (dtrace_deferred: fbt's
 * kretprobes to unregister), or DTRACE_ECB_HOLD jiffies (a kretprobe or
 * a perf event per CPU takes long to arm); then what the stretch did is
 * committed (fbt's ftrace update, its kretprobes' grace period) and the
 * lock is let go.
 *
 * Between stretches, other consumers enable and disable the same probes
 * (each link is its own; dp_nenabled counts them), new probes come (ids
 * are walked upwards), a module may go (its fbt probes stay, marked
 * gone). Probes already linked cannot go: a probe is destroyed only with
 * no enabling, and a consumer's own probes only by its own offers and
 * close, which its ds_lock and open file keep away. Probes matched but
 * not linked yet could be reclaimed by a capped provider: no reclaim
 * runs while an ENABLE is under way (dtrace_ecb_linking).
 */
#define DTRACE_ECB_SCAN		(DTRACE_LOCK_CHUNK * 16)
#define DTRACE_ECB_ARM		4	/* a probe armed counts as 4 looked at */
#define DTRACE_ECB_HOLD		(HZ / 20 ?: 1)

unsigned int dtrace_ecb_linking;
unsigned int dtrace_deferred;
bool dtrace_commit_partial;

struct dtrace_hold {
	unsigned long	dh_end;		/* jiffies */
	u32		dh_work;	/* probes looked at, armed, disarmed */
};

static void dtrace_hold_start(struct dtrace_hold *h)
{
	h->dh_end = jiffies + DTRACE_ECB_HOLD;
	h->dh_work = 0;
}

/*
 * At the end of a stretch, commit and let the others have dtrace_lock.
 * Return: the commit's error, 0 if still within the stretch.
 */
static int dtrace_hold_breathe(struct dtrace_hold *h)
{
	int err;

	cond_resched();
	if (h->dh_work < DTRACE_ECB_SCAN && dtrace_deferred < DTRACE_LOCK_CHUNK &&
	    time_before(jiffies, h->dh_end))
		return 0;
	dtrace_commit_partial = true;
	err = dtrace_providers_commit();
	dtrace_commit_partial = false;
	dtrace_lock_breathe();
	dtrace_hold_start(h);
	return err;
}

/*
 * Unlink @ecb from every probe it is on, committed.
 * Context: dtrace_lock held, process context; dropped between stretches.
 */
static void dtrace_ecb_unlink_all(struct dtrace_ecb *ecb,
				  struct dtrace_hold *h)
{
	while (ecb->de_nlinks) {
		dtrace_hold_breathe(h);	/* on failure, armed but idle */
		dtrace_link_unlink(&ecb->de_links[--ecb->de_nlinks]);
		h->dh_work += DTRACE_ECB_ARM;
	}
	dtrace_providers_commit();
}

/* Append, so that a probe runs its clauses in the order they came. */
static int dtrace_link_add(struct dtrace_ecb_link *link)
{
	struct dtrace_probe *probe = link->del_probe;
	struct dtrace_ecb_link **pp = &probe->dp_ecbs;
	int err;

	if (!probe->dp_nenabled && probe->dp_ops->enable) {
		err = probe->dp_ops->enable(probe);
		if (err)
			return err;
	}
	probe->dp_nenabled++;
	while (*pp)
		pp = &(*pp)->del_next;
	link->del_next = NULL;
	smp_store_release(pp, link);	/* fields before publication */
	return 0;
}

/* Between stretches: a killed consumer stops there. */
static int dtrace_ecb_next_stretch(struct dtrace_hold *h)
{
	int err = dtrace_hold_breathe(h);

	if (!err && fatal_signal_pending(current))
		err = -EINTR;
	return err;
}

/* How many probes match @desc, counted a stretch at a time. */
static int dtrace_ecb_count(struct dtrace_ecb *ecb,
			    const struct dtrace_probedesc *desc, u32 *n)
{
	struct dtrace_probe *probe;
	struct dtrace_hold h;
	u32 id;
	int err;

	*n = 0;
	dtrace_hold_start(&h);
	for (id = 1; (probe = dtrace_probe_next(&id)); id++) {
		*n += dtrace_probe_matches(probe, desc, ecb->de_state);
		h.dh_work++;
		err = dtrace_ecb_next_stretch(&h);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Link @ecb to every probe that matches @desc, whole or not at all.
 * Context: dtrace_lock held; dropped between stretches.
 */
static int dtrace_ecb_link_probes(struct dtrace_ecb *ecb,
				  const struct dtrace_probedesc *desc)
{
	struct dtrace_probe *probe, **few;
	struct dtrace_hold h;
	u32 id, n;
	int err, nfew, i;

	few = kmalloc_array(DTRACE_SHORTLIST_MAX, sizeof(*few), GFP_KERNEL);
	if (!few)
		return -ENOMEM;
	/* the matched probes stay: nothing reclaims during an ENABLE */
	nfew = dtrace_probe_shortlist(desc, ecb->de_state, few);
	n = nfew;
	err = nfew >= 0 ? 0 : dtrace_ecb_count(ecb, desc, &n);
	if (err || !n)
		goto out;
	err = dtrace_mem_charge(ecb->de_state, (u64)n * sizeof(*ecb->de_links));
	if (err)
		goto out;
	ecb->de_mem += (u64)n * sizeof(*ecb->de_links);
	ecb->de_links = kvcalloc(n, sizeof(*ecb->de_links), GFP_KERNEL_ACCOUNT);
	if (!ecb->de_links) {
		err = -ENOMEM;
		goto out;
	}

	/* probes that came since the count wait for another ENABLE */
	dtrace_hold_start(&h);
	for (id = 1, i = 0; ecb->de_nlinks < n; id++) {
		struct dtrace_ecb_link *link = &ecb->de_links[ecb->de_nlinks];

		err = dtrace_ecb_next_stretch(&h);
		if (err)
			goto undo;
		h.dh_work++;
		if (nfew >= 0) {
			probe = few[i++];
		} else {
			probe = dtrace_probe_next(&id);
			if (!probe)
				break;
			if (!dtrace_probe_matches(probe, desc, ecb->de_state))
				continue;
		}
		link->del_ecb = ecb;
		link->del_probe = probe;
		err = dtrace_link_add(link);
		if (err)
			goto undo;
		ecb->de_nlinks++;
		h.dh_work += DTRACE_ECB_ARM - 1;
	}
	err = dtrace_providers_commit();
	if (!err)
		goto out;

undo:
	dtrace_hold_start(&h);
	dtrace_ecb_unlink_all(ecb, &h);
out:
	kfree(few);
	return err;
}

static void dtrace_ecb_free(struct dtrace_state *state,
			    struct dtrace_ecb *ecb)
{
	kvfree(ecb->de_links);
	kvfree(ecb->de_blob);
	dtrace_mem_uncharge(state, ecb->de_mem);
	kvfree(ecb);
}

static void dtrace_log_copyout(struct dtrace_ioc_enable __user *u,
			       const struct dif_log *log)
{
	u64 ulog;
	u32 size;

	if (get_user(ulog, &u->de_log) || get_user(size, &u->de_logsize) ||
	    !ulog || !size || !log->len)
		return;
	size = min(size, log->len + 1);
	if (copy_to_user(u64_to_user_ptr(ulog), log->buf, size - 1) ||
	    put_user('\0', (char __user *)u64_to_user_ptr(ulog) + size - 1))
		return;
}

/**
 * dtrace_ecb_enable() - the ENABLE ioctl.
 * @state: the consumer, before GO
 * @u:     the user's blob
 *
 * Context: process context, state->ds_lock held; takes dtrace_lock.
 * Return: 0, with de_epid and de_nprobes written back; -EBUSY after GO;
 * -EINVAL for a malformed blob; -EACCES for a refused program (reasons
 * in de_log); -ENOSPC, -ENOMEM, -EFAULT; -EINTR if killed meanwhile;
 * or a provider's error.
 */
int dtrace_ecb_enable(struct dtrace_state *state,
		      struct dtrace_ioc_enable __user *u)
{
	struct dtrace_ecb **ecbs, *ecb;
	struct dtrace_probedesc *desc;
	struct dif_log log = { };
	struct dtrace_hold h;
	int err = 0;

	if (state->ds_activity != DTRACE_INACTIVE)
		return -EBUSY;
	if (state->ds_necbs >= DTRACE_ECBS_MAX)
		return -ENOSPC;

	log.size = 4096;
	log.buf = kzalloc(log.size, GFP_KERNEL);
	if (!log.buf)
		return -ENOMEM;
	ecb = dtrace_ecb_create(state, u, &log, &err);
	if (!ecb) {
		dtrace_log_copyout(u, &log);
		goto out;
	}

	ecbs = krealloc_array(state->ds_ecbs, state->ds_necbs + 1,
			      sizeof(*ecbs), GFP_KERNEL_ACCOUNT);
	if (!ecbs) {
		err = -ENOMEM;
		goto free;
	}
	state->ds_ecbs = ecbs;
	ecb->de_state = state;
	ecb->de_epid = state->ds_necbs + 1;

	desc = &((struct dtrace_ioc_enable *)ecb->de_blob)->de_desc;
	mutex_lock(&dtrace_lock);
	dtrace_providers_provide(desc);	/* may reclaim: before linking */
	dtrace_ecb_linking++;
	err = dtrace_ecb_link_probes(ecb, desc);
	dtrace_ecb_linking--;
	mutex_unlock(&dtrace_lock);
	if (err)
		goto sync_free;
	if (put_user(ecb->de_epid, &u->de_epid) ||
	    put_user(ecb->de_nlinks, &u->de_nprobes)) {
		err = -EFAULT;
		goto unlink;
	}
	if (!ecb->de_nlinks)
		ecb = dtrace_ecb_shrink(state, ecb);
	state->ds_ecbs[state->ds_necbs++] = ecb;
	goto out;

unlink:
	mutex_lock(&dtrace_lock);
	dtrace_hold_start(&h);
	dtrace_ecb_unlink_all(ecb, &h);
	mutex_unlock(&dtrace_lock);
sync_free:
	/* Another consumer's firing may be walking our links. */
	dtrace_sync();
free:
	dtrace_ecb_free(state, ecb);
out:
	kfree(log.buf);
	return err;
}

/*
 * Unlink every clause of @state from its probes, dtrace_lock taken a
 * stretch at a time. Context: process.
 */
void dtrace_ecb_disable_all(struct dtrace_state *state)
{
	struct dtrace_hold h;
	u32 i;

	mutex_lock(&dtrace_lock);
	dtrace_hold_start(&h);
	for (i = 0; i < state->ds_necbs; i++)
		dtrace_ecb_unlink_all(state->ds_ecbs[i], &h);
	mutex_unlock(&dtrace_lock);
}

/* Context: after dtrace_ecb_disable_all() and dtrace_sync(). */
void dtrace_ecb_free_all(struct dtrace_state *state)
{
	u32 i;

	for (i = 0; i < state->ds_necbs; i++)
		dtrace_ecb_free(state, state->ds_ecbs[i]);
	kfree(state->ds_ecbs);
	state->ds_ecbs = NULL;
	state->ds_necbs = 0;
}
