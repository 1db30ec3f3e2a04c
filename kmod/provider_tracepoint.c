// SPDX-License-Identifier: GPL-2.0
/*
 * The tracepoint provider: the kernel's trace events, through perf.
 *
 *   tracepoint:syscalls::sys_enter_openat
 *   tracepoint:sched::sched_switch
 *
 * The module cannot list trace events (their registry is not exported),
 * so the command reads tracefs and offers events with
 * DTRACE_IOC_TP_PROVIDE; as pid probes, each belongs to the consumer
 * that offered it. Enabling one creates a perf tracepoint event
 * (PERF_TYPE_TRACEPOINT, the tracefs id) on every online CPU with
 * PERF_SAMPLE_RAW, sampling every event; perf calls our overflow handler
 * with the event's record, which we copy and hand to the clauses as
 * arg0 (address) and arg1 (length). The command types `args` from the
 * event's format file and compiles loads relative to arg0.
 *
 * Probe context: tracepoints fire in any context, NMI and with scheduler
 * locks held included. perf calls us with preemption disabled and holds
 * its recursion context for the level (task, softirq, hardirq, NMI), so
 * a handler never nests in itself at one level; the copy goes to this
 * CPU's buffer for the level, so a handler interrupting another never
 * overwrites its record. Then dtrace_probe_fire() applies its own rules
 * (interrupts off, re-entry skipped and counted).
 *
 * A tracepoint of a kernel module: perf holds a reference on the module
 * while the event exists, so the module cannot be unloaded while the
 * probe is enabled; a probe whose event vanished stays unarmed.
 *
 * Teardown: disable releases the events; handlers may run on until an
 * RCU grace period ends, which commit waits for before destroy frees.
 */
#include <linux/ctype.h>
#include <linux/hashtable.h>
#include <linux/preempt.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
#include "dtrace_impl.h"
#include "dtrace_compat.h"
#include "dtrace_perf.h"

#define DTRACE_TP_MAX		262144	/* probes, all consumers */
#define DTRACE_TP_RECMAX	PERF_MAX_TRACE_SIZE
#define DTRACE_TP_LEVELS	4	/* task, softirq, hardirq, NMI */
/* a record, then zeroes: strings in it end inside the buffer */
#define DTRACE_TP_BUFSIZE	(DTRACE_TP_RECMAX + 8)

struct dtrace_tp {
	struct hlist_node	t_hnode;	/* dtrace_tp_hash */
	u32			t_id;
	struct dtrace_perf	t_perf;
	struct dtrace_probe	*t_self;
	struct dtrace_probe	*t_probe;	/* set while enabled */
};

/* By owner and names: offers of 65,536 events stay linear. */
static DEFINE_HASHTABLE(dtrace_tp_hash, 13);
static unsigned int dtrace_tp_count;
/* [cpu * DTRACE_TP_LEVELS + level], allocated at the first enable */
static char **dtrace_tp_bufs;

static const struct dtrace_provider_ops dtrace_tp_provider;

static void notrace dtrace_tp_handler(struct perf_event *ev,
				      struct perf_sample_data *data,
				      struct pt_regs *regs)
{
	struct dtrace_tp *t = ev->overflow_handler_context;
	struct dtrace_probe *p = READ_ONCE(t->t_probe);
	char **bufs = READ_ONCE(dtrace_tp_bufs);
	struct dtrace_args a = { };
	const void *rec;
	u32 len;
	char *buf;

	if (!p || !bufs || !dtrace_perf_raw(data, &rec, &len) ||
	    len > DTRACE_TP_RECMAX)
		return;
	buf = bufs[smp_processor_id() * DTRACE_TP_LEVELS +
		   interrupt_context_level()];
	memcpy(buf, rec, len);
	memset(buf + len, 0, 8);
	a.da_arg[0] = (uintptr_t)buf;
	a.da_arg[1] = len;
	dtrace_probe_fire(p, &a, NULL);
}

/* The per-CPU record copies, once. Context: dtrace_lock held. */
static int dtrace_tp_bufs_alloc(void)
{
	unsigned int i, n = nr_cpu_ids * DTRACE_TP_LEVELS;
	char **bufs;

	if (dtrace_tp_bufs)
		return 0;
	bufs = kcalloc(n, sizeof(*bufs), GFP_KERNEL);
	if (!bufs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		int cpu = i / DTRACE_TP_LEVELS;

		bufs[i] = kzalloc_node(DTRACE_TP_BUFSIZE, GFP_KERNEL,
				       cpu_possible(cpu) ? cpu_to_node(cpu) :
				       NUMA_NO_NODE);
		if (!bufs[i])
			goto fail;
	}
	WRITE_ONCE(dtrace_tp_bufs, bufs);
	return 0;
fail:
	while (i--)
		kfree(bufs[i]);
	kfree(bufs);
	return -ENOMEM;
}

/* Context: dtrace_lock held, process context. */
static int dtrace_tp_enable(struct dtrace_probe *probe)
{
	struct dtrace_tp *t = probe->dp_arg;
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_TRACEPOINT,
		.size		= sizeof(attr),
		.config		= t->t_id,
		.sample_period	= 1,
		.sample_type	= PERF_SAMPLE_RAW,
	};
	int err;

	err = dtrace_tp_bufs_alloc();
	if (err)
		return err;
	WRITE_ONCE(t->t_probe, probe);
	err = dtrace_perf_open(&t->t_perf, &attr, dtrace_tp_handler, t);
	if (err == -ENOENT || err == -EINVAL || err == -EPERM) {
		/*
		 * No such event (any more), or one that refuses sampling
		 * (x86's irq_vectors: TRACE_EVENT_PERF_PERM): the probe
		 * stays unarmed rather than failing a glob that names it.
		 */
		WRITE_ONCE(t->t_probe, NULL);
		return 0;
	}
	if (err)
		WRITE_ONCE(t->t_probe, NULL);
	return err;
}

/* Context: dtrace_lock held, process context. */
static void dtrace_tp_disable(struct dtrace_probe *probe)
{
	struct dtrace_tp *t = probe->dp_arg;

	WRITE_ONCE(t->t_probe, NULL);
	if (!t->t_perf.pf_events)
		return;
	dtrace_perf_close(&t->t_perf);
}

/* Context: dtrace_lock held; the probe is disabled and committed. */
static void dtrace_tp_destroy(struct dtrace_probe *probe)
{
	struct dtrace_tp *t = probe->dp_arg;

	hash_del(&t->t_hnode);
	kfree(t);
	dtrace_tp_count--;
}

static const struct dtrace_provider_ops dtrace_tp_provider = {
	.name		= "tracepoint",
	.enable		= dtrace_tp_enable,
	.disable	= dtrace_tp_disable,
	.commit		= dtrace_perf_sync,	/* released handlers are over */
	.destroy	= dtrace_tp_destroy,
};

/* A tracefs name: letters, digits, '_' and '-', terminated, not empty. */
static bool dtrace_tp_name_ok(const char *s, size_t size, bool empty_ok)
{
	size_t i;

	if ((!s[0] && !empty_ok) || strnlen(s, size) == size)
		return false;
	for (i = 0; s[i]; i++)
		if (!isalnum(s[i]) && s[i] != '_' && s[i] != '-')
			return false;
	return true;
}

/* The provider an entry names: its alias, or ours. */
static const char *dtrace_tp_prov(const struct dtrace_tp_event *e)
{
	return e->te_provider[0] ? e->te_provider : dtrace_tp_provider.name;
}

static u32 dtrace_tp_key(const struct dtrace_state *state,
			 const struct dtrace_tp_event *e)
{
	return dtrace_probe_hash(state, dtrace_tp_prov(e), e->te_system, "",
				 e->te_event);
}

static bool dtrace_tp_known(const struct dtrace_state *state,
			    const struct dtrace_tp_event *e)
{
	const char *prov = dtrace_tp_prov(e);
	struct dtrace_tp *t;

	hash_for_each_possible(dtrace_tp_hash, t, t_hnode,
			       dtrace_tp_key(state, e)) {
		const struct dtrace_probe *p = t->t_self;

		if (p->dp_owner == state && !strcmp(p->dp_name, e->te_event) &&
		    !strcmp(p->dp_mod, e->te_system) &&
		    !strcmp(p->dp_prov, prov))
			return true;
	}
	return false;
}

/**
 * dtrace_tp_offer() - create @state's probe for one event offered.
 * @state: the consumer that will own it
 * @e:     the entry, copied from the caller, unchecked
 * @o:     where the id of a probe created goes
 *
 * Context: process context, dtrace_lock held.
 * Return: 1 if accepted (new or known), 0 if refused, or a negative errno.
 */
int dtrace_tp_offer(struct dtrace_state *state, const struct dtrace_tp_event *e,
		    struct dtrace_offer *o)
{
	bool alias = e->te_provider[0];
	struct dtrace_tp *t;
	int id;

	lockdep_assert_held(&dtrace_lock);
	if (!e->te_id || e->te_id > U16_MAX || e->te_reserved ||
	    !dtrace_tp_name_ok(e->te_provider, sizeof(e->te_provider), true) ||
	    !dtrace_tp_name_ok(e->te_system, sizeof(e->te_system), alias) ||
	    !dtrace_tp_name_ok(e->te_event, sizeof(e->te_event), false))
		return 0;
	/* a provider of the command's own, never one of the kernel's */
	if (alias && dtrace_provider_exists(e->te_provider))
		return 0;
	if (dtrace_tp_known(state, e))
		return 1;
	if (dtrace_tp_count >= DTRACE_TP_MAX)
		return -ENOSPC;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->t_id = e->te_id;
	id = dtrace_probe_create_owned(&dtrace_tp_provider, state,
				       alias ? e->te_provider : NULL,
				       e->te_system, "", e->te_event, t);
	if (id < 0) {
		kfree(t);
		return id;
	}
	t->t_self = dtrace_probe_lookup(id);
	hash_add(dtrace_tp_hash, &t->t_hnode, dtrace_tp_key(state, e));
	dtrace_tp_count++;
	o->do_ids[o->do_n++] = id;
	return 1;
}

/* Context: module init. */
int dtrace_provider_tracepoint_init(void)
{
	int err;

	mutex_lock(&dtrace_lock);
	err = dtrace_provider_register(&dtrace_tp_provider);
	mutex_unlock(&dtrace_lock);
	return err;
}

/* Context: module exit; every consumer has closed, so no probe is left. */
void dtrace_provider_tracepoint_exit(void)
{
	unsigned int i;

	mutex_lock(&dtrace_lock);
	dtrace_provider_unregister(&dtrace_tp_provider);
	mutex_unlock(&dtrace_lock);
	WARN_ON(!hash_empty(dtrace_tp_hash));
	if (!dtrace_tp_bufs)
		return;
	for (i = 0; i < nr_cpu_ids * DTRACE_TP_LEVELS; i++)
		kfree(dtrace_tp_bufs[i]);
	kfree(dtrace_tp_bufs);
	dtrace_tp_bufs = NULL;
}
