// SPDX-License-Identifier: GPL-2.0
/*
 * proc, sched, io, ip, tcp, udp and lockstat: DTrace's stable providers,
 * built in the command on kernel tracepoints. Each probe is the tracepoint
 * offered under the stable name (the module fires it as any
 * tracepoint), a condition that joins the clause's predicate where the tracepoint fires more often
 * than the probe should, and args[0..] as D expressions over the record.
 * io's arguments are illumos's bufinfo_t, devinfo_t and fileinfo_t,
 * translated from the record by the library's io.d; proc's and sched's
 * are the integers and strings DTrace's structures would have carried;
 * ip's, tcp's and udp's are Oracle's structures, translated by net.d from
 * the packet's headers (the sk_buff the net events record) or from
 * sock:inet_sock_set_state's record;
 * see Documentation/providers-linux.md.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_error.h"
#include "dt_probes.h"
#include "dt_provider.h"
#include "dt_tp.h"
#include "dt_tracefs.h"
#include "dt_types.h"

struct dt_stable {
	const char	*s_prov, *s_name;	/* proc, exec-success */
	const char	*s_sys, *s_ev;		/* sched, sched_process_exec */
	const char	*s_pred;	/* D over args->, or NULL */
	const char	*s_args[6];	/* args[0..5] in D, NULL: none */
	const char	*s_doc;		/* -lv */
	/* args[i] is xlate<struct TAG *>(s_args[i]), TAG from the library */
	const char	*s_xlate[6];
	/*
	 * The record's fields for the thread an lwpsinfo_t or psinfo_t
	 * describes start with this ("next_"): a translated "args" sees
	 * them as pid, comm, prio too. NULL: no such fields.
	 */
	const char	*s_view;
};

/* A packet at net_dev_queue (sent) and netif_receive_skb (received). */
#define DT_SKB		"((struct sk_buff *)args->skbaddr)"
#define DT_SKBA		"(uintptr_t)args->skbaddr"
/* its IP header: where the stack put it, or the data after the MAC's */
#define DT_NH_OUT	"((uintptr_t)" DT_SKB "->head + " DT_SKB "->network_header)"
#define DT_NH_IN	"((uintptr_t)" DT_SKB "->data)"
#define DT_IS_IP	"(ntohs(" DT_SKB "->protocol) == 0x800 || " \
			"ntohs(" DT_SKB "->protocol) == 0x86dd)"
#define DT_PROTO(nh)	"((*(uint8_t *)" nh " >> 4) == 4 ? " \
			"*(uint8_t *)(" nh " + 9) : *(uint8_t *)(" nh " + 6))"
#define DT_IP_DOC	"args[0]: pktinfo_t *; args[1]: csinfo_t *; " \
			"args[2]: ipinfo_t *; args[3]: ifinfo_t *; " \
			"args[4]: ipv4info_t *; args[5]: ipv6info_t *"
#define DT_IP_XLATE	{ "pktinfo", "csinfo", "ipinfo", "ifinfo", \
			  "ipv4info", "ipv6info" }
#define DT_IP_ARGS(nh)	{ DT_SKBA, DT_SKBA, nh, DT_SKBA, nh, nh }
#define DT_L4_ARGS(nh)	{ DT_SKBA, DT_SKBA, nh, nh, nh }
/* an IP packet of protocol p (6 TCP, 17 UDP), its arguments for "tcp"/"udp" */
#define DT_IS_L4(nh, p)	DT_IS_IP " && " DT_PROTO(nh) " == " #p
#define DT_L4_DOC(l4)	"args[0]: pktinfo_t *; args[1]: csinfo_t *; " \
			"args[2]: ipinfo_t *; args[3]: " l4 "sinfo_t *; " \
			"args[4]: " l4 "info_t *"
/* a TCP socket's state change: from CLOSE (7), SYN_SENT (2), ... */
#define DT_TCPS(from, to) \
	"args->protocol == 6 && args->oldstate == " #from \
	" && args->newstate == " #to
#define DT_TCPS_ARGS	{ NULL, NULL, NULL, "args", NULL, "args" }
#define DT_TCPS_XLATE	{ NULL, NULL, NULL, "__tcpsinfo_sock", NULL, \
			  "tcplsinfo" }
#define DT_TCPS_DOC(what) what "; args[3]: tcpsinfo_t *, the socket " \
	"(new state); args[5]: tcplsinfo_t *, its state before"

static const struct dt_stable dt_stables[] = {
	{ "proc", "exec", "syscalls", "sys_enter_execve", NULL,
	  { "copyinstr(args->filename)" },
	  "args[0]: string, the path being executed (before the exec)",
	  { NULL }, NULL },
	{ "proc", "exec-success", "sched", "sched_process_exec", NULL,
	  { "args->filename", "args->pid" },
	  "args[0]: string, the path executed; args[1]: int, the pid "
	  "(in the new image)",
	  { NULL }, NULL },
	{ "proc", "exec-failure", "syscalls", "sys_exit_execve",
	  "args->ret < 0", { "-args->ret" },
	  "args[0]: int, the errno of the failed exec",
	  { NULL }, NULL },
	{ "proc", "exit", "sched", "sched_process_exit", "tid == pid",
	  { "(curthread->exit_code & 0x7f) == 0 ? 1 : "
	    "(curthread->exit_code & 0x80) != 0 ? 3 : 2" },
	  "args[0]: int, why the process exits: CLD_EXITED, CLD_KILLED or "
	  "CLD_DUMPED (its main thread exits; from the task: kernel types)",
	  { NULL }, NULL },
	{ "proc", "create", "sched", "sched_process_fork", NULL,
	  { "args" },
	  "args[0]: psinfo_t *, the child (pr_pid, pr_fname; fires in the "
	  "parent)",
	  { "__tp_psinfo" }, "child_" },
	{ "proc", "signal-send", "signal", "signal_generate", NULL,
	  { "args", "args", "args->sig" },
	  "args[0]: lwpsinfo_t *, the target thread (pr_lwpid, pr_name); "
	  "args[1]: psinfo_t *, its process (pr_pid, pr_fname); args[2]: "
	  "int, the signal",
	  { "__tp_lwpsinfo", "__tp_psinfo" }, NULL },
	{ "sched", "on-cpu", "sched", "sched_switch", NULL,
	  { "args->next_pid", "args->next_comm" },
	  "args[0]: int, the pid of the thread going on CPU; args[1]: "
	  "string, its name (fires at the switch, in the thread leaving)",
	  { NULL }, NULL },
	{ "sched", "off-cpu", "sched", "sched_switch", NULL,
	  { "args", "args" },
	  "args[0]: lwpsinfo_t *, the next thread to run (pr_lwpid, "
	  "pr_pri, pr_name); args[1]: psinfo_t *, its process (pr_pid, "
	  "pr_fname; fires in the thread leaving)",
	  { "__tp_lwpsinfo", "__tp_psinfo" }, "next_" },
	{ "sched", "enqueue", "sched", "sched_wakeup", NULL,
	  { "args", "args", "args->target_cpu" },
	  "args[0]: lwpsinfo_t *, the thread (pr_lwpid, pr_pri, pr_name); "
	  "args[1]: psinfo_t *, its process (pr_pid, pr_fname); args[2]: "
	  "cpuinfo_t *, the CPU of the run queue",
	  { "__tp_lwpsinfo", "__tp_psinfo", "cpuinfo" }, NULL },
	{ "sched", "dequeue", "sched", "sched_switch",
	  "args->prev_state != 0 && args->prev_state < 0x100",
	  { "args", "args", "cpu" },
	  "args[0]: lwpsinfo_t *, the thread (pr_lwpid, pr_pri, pr_name; "
	  "a thread that blocks); args[1]: psinfo_t *, its process "
	  "(pr_pid, pr_fname); args[2]: cpuinfo_t *, the CPU",
	  { "__tp_lwpsinfo", "__tp_psinfo", "cpuinfo" }, "prev_" },
	{ "sched", "wakeup", "sched", "sched_waking", NULL,
	  { "args", "args" },
	  "args[0]: lwpsinfo_t *, the thread woken (pr_lwpid, pr_pri, "
	  "pr_name); args[1]: psinfo_t *, its process (pr_pid, pr_fname; "
	  "fires in the waker)",
	  { "__tp_lwpsinfo", "__tp_psinfo" }, NULL },
	{ "io", "start", "block", "block_rq_issue", NULL,
	  { "args", "args->dev", "args" },
	  "args[0]: bufinfo_t *, the request; args[1]: devinfo_t *, its "
	  "device; args[2]: fileinfo_t *, no file (\"<none>\")",
	  { "bufinfo", "devinfo", "__io_fileinfo" }, NULL },
	{ "io", "done", "block", "block_rq_complete", NULL,
	  { "args", "args->dev", "args" },
	  "args[0]: bufinfo_t *, the request (b_error: its error); "
	  "args[1]: devinfo_t *, its device; args[2]: fileinfo_t *, no "
	  "file (\"<none>\")",
	  { "__io_bufinfo_done", "devinfo", "__io_fileinfo" }, NULL },
	{ "ip", "send", "net", "net_dev_queue", DT_IS_IP, DT_IP_ARGS(DT_NH_OUT),
	  DT_IP_DOC " (a packet queued to a device)", DT_IP_XLATE, NULL },
	{ "ip", "receive", "net", "netif_receive_skb", DT_IS_IP,
	  DT_IP_ARGS(DT_NH_IN),
	  DT_IP_DOC " (a packet a device received)", DT_IP_XLATE, NULL },
	{ "tcp", "send", "net", "net_dev_queue",
	  DT_IS_L4(DT_NH_OUT, 6), DT_L4_ARGS(DT_NH_OUT),
	  DT_L4_DOC("tcp"),
	  { "pktinfo", "csinfo", "ipinfo", "tcpsinfo", "tcpinfo" }, NULL },
	{ "tcp", "receive", "net", "netif_receive_skb",
	  DT_IS_L4(DT_NH_IN, 6), DT_L4_ARGS(DT_NH_IN),
	  DT_L4_DOC("tcp"),
	  { "pktinfo", "csinfo", "ipinfo", "__tcpsinfo_recv", "tcpinfo" },
	  NULL },
	{ "tcp", "state-change", "sock", "inet_sock_set_state",
	  "args->protocol == 6", DT_TCPS_ARGS,
	  DT_TCPS_DOC("any change of a TCP socket's state"), DT_TCPS_XLATE,
	  NULL },
	{ "tcp", "connect-request", "sock", "inet_sock_set_state",
	  DT_TCPS(7, 2), DT_TCPS_ARGS,
	  DT_TCPS_DOC("a connect() sends its SYN"), DT_TCPS_XLATE, NULL },
	{ "tcp", "connect-established", "sock", "inet_sock_set_state",
	  DT_TCPS(2, 1), DT_TCPS_ARGS,
	  DT_TCPS_DOC("the SYN-ACK came"), DT_TCPS_XLATE, NULL },
	{ "tcp", "connect-refused", "sock", "inet_sock_set_state",
	  DT_TCPS(2, 7), DT_TCPS_ARGS,
	  DT_TCPS_DOC("a RST (or a timeout) ended the connect"),
	  DT_TCPS_XLATE, NULL },
	{ "tcp", "accept-established", "sock", "inet_sock_set_state",
	  DT_TCPS(3, 1), DT_TCPS_ARGS,
	  DT_TCPS_DOC("the handshake of an incoming connection completed"),
	  DT_TCPS_XLATE, NULL },
	{ "udp", "send", "net", "net_dev_queue",
	  DT_IS_L4(DT_NH_OUT, 17), DT_L4_ARGS(DT_NH_OUT),
	  DT_L4_DOC("udp"),
	  { "pktinfo", "csinfo", "ipinfo", "udpsinfo", "udpinfo" }, NULL },
	{ "udp", "receive", "net", "netif_receive_skb",
	  DT_IS_L4(DT_NH_IN, 17), DT_L4_ARGS(DT_NH_IN),
	  DT_L4_DOC("udp"),
	  { "pktinfo", "csinfo", "ipinfo", "__udpsinfo_recv", "udpinfo" },
	  NULL },
	/*
	 * lockstat on lock:contention_begin (5.19 and later): flags say
	 * which lock (LCB_F_SPIN 1, READ 2, WRITE 4, RT 8, PERCPU 16, MUTEX
	 * 32). The module's own probe context takes no lock that can
	 * contend (trylocks, and a firing never nests), so these probes
	 * cannot recurse or deadlock on a lock it takes.
	 */
	{ "lockstat", "adaptive-spin", "lock", "contention_begin",
	  "(args->flags & 0x21) == 0x21", { "(uintptr_t)args->lock_addr" },
	  "args[0]: uintptr_t, the mutex a thread spins on before blocking "
	  "(at the start of the spin: the time is not given)",
	  { NULL }, NULL },
	{ "lockstat", "adaptive-block", "lock", "contention_begin",
	  "(args->flags & 0x21) == 0x20", { "(uintptr_t)args->lock_addr" },
	  "args[0]: uintptr_t, the mutex a thread blocks on (at the start "
	  "of the block: the time is not given)",
	  { NULL }, NULL },
	{ "lockstat", "spin-spin", "lock", "contention_begin",
	  "args->flags == 1", { "(uintptr_t)args->lock_addr" },
	  "args[0]: uintptr_t, the spinlock a CPU spins on (at the start of "
	  "the spin)",
	  { NULL }, NULL },
	{ "lockstat", "rw-block", "lock", "contention_begin",
	  "(args->flags & 0x6) != 0", { "(uintptr_t)args->lock_addr",
	  "(args->flags & 0x4) != 0 ? 0 : 1" },
	  "args[0]: uintptr_t, the reader-writer lock or semaphore waited "
	  "for; args[1]: int, 0 a writer (RW_WRITER), 1 a reader (RW_READER)",
	  { NULL }, NULL },
};

#define DT_NSTABLES	(sizeof(dt_stables) / sizeof(dt_stables[0]))

static bool dt_stable_glob(const char *pat, const char *s)
{
	return !pat[0] || !fnmatch(pat, s, 0);
}

/* Each alias a description names, to fn; returns how many. */
static int dt_stable_walk(const struct dtrace_probedesc *d,
			  void (*fn)(const struct dt_stable *s, void *arg),
			  void *arg)
{
	size_t i;
	int n = 0;

	if (!dt_stable_glob(d->dpd_mod, "") || !dt_stable_glob(d->dpd_func, ""))
		return 0;
	for (i = 0; i < DT_NSTABLES; i++) {
		if (!dt_stable_glob(d->dpd_provider, dt_stables[i].s_prov) ||
		    !dt_stable_glob(d->dpd_name, dt_stables[i].s_name))
			continue;
		n++;
		if (fn)
			fn(&dt_stables[i], arg);
	}
	return n;
}

static const char *dt_stable_argdoc(const struct dtrace_probedesc *d)
{
	size_t i;

	for (i = 0; i < DT_NSTABLES; i++)
		if (!strcmp(d->dpd_provider, dt_stables[i].s_prov) &&
		    !strcmp(d->dpd_name, dt_stables[i].s_name))
			return dt_stables[i].s_doc;
	return NULL;
}

/* The stable probes a clause names, at most a few dozen. */
struct dt_stable_set {
	const struct dt_stable	*v[64];
	int			n;
	bool			other;	/* a probe that is not stable */
};

static void dt_stable_add(const struct dt_stable *s, void *arg)
{
	struct dt_stable_set *set = arg;
	int i;

	for (i = 0; i < set->n; i++)
		if (set->v[i] == s)
			return;
	if (set->n < (int)(sizeof(set->v) / sizeof(set->v[0])))
		set->v[set->n++] = s;
}

static void dt_stable_clause(struct dt_pcb *pcb, const struct dt_clause *c,
			     struct dt_stable_set *set)
{
	const struct dt_pdesc *pd;

	memset(set, 0, sizeof(*set));
	for (pd = c->c_probes; pd; pd = pd->pd_next) {
		struct dtrace_probedesc d;
		char err[256];

		if (dt_pdesc_parse(pd->pd_text, &d, pcb->pcb_argc,
				   pcb->pcb_argv, pcb->pcb_target, err,
				   sizeof(err)) || !d.dpd_provider[0] ||
		    !dt_stable_walk(&d, dt_stable_add, set))
			set->other = true;
	}
}

static void dt_stable_setloc(struct dt_node *n, const struct dt_loc *loc)
{
	for (; n; n = n->n_next) {
		n->n_loc = *loc;
		dt_stable_setloc(n->n_left, loc);
		dt_stable_setloc(n->n_right, loc);
		dt_stable_setloc(n->n_cond, loc);
		dt_stable_setloc(n->n_args, loc);
	}
}

/* D text to a tree: the parser the pcb was given (pcb_dpred). */
static struct dt_node *dt_stable_expr(struct dt_pcb *pcb, const char *text,
				      const struct dt_loc *loc)
{
	struct dt_node *n = pcb->pcb_dpred ? pcb->pcb_dpred(pcb, text) : NULL;

	if (!n)
		dt_error(pcb, loc, "D_ARGS_MAP", "cannot map %s", text);
	else
		dt_stable_setloc(n, loc);
	return n;
}

/* `args` in a probe's own expression is its tracepoint's record. */
static int dt_stable_bind(struct dt_pcb *pcb, struct dt_node *n,
			  const struct dt_stable *s)
{
	for (; n; n = n->n_next) {
		if (n->n_kind == DT_N_IDENT && !strcmp(n->n_str, "args")) {
			if (dt_tp_args_event(pcb, n, s->s_sys, s->s_ev))
				return -1;
			continue;
		}
		if (dt_stable_bind(pcb, n->n_left, s) ||
		    dt_stable_bind(pcb, n->n_right, s) ||
		    dt_stable_bind(pcb, n->n_cond, s) ||
		    dt_stable_bind(pcb, n->n_args, s))
			return -1;
	}
	return 0;
}

/* A probe's expression, parsed and bound to its own record. */
static struct dt_node *dt_stable_for(struct dt_pcb *pcb, const char *text,
				     const struct dt_stable *s,
				     const struct dt_loc *loc)
{
	struct dt_node *n = dt_stable_expr(pcb, text, loc);

	if (n && dt_stable_bind(pcb, n, s)) {
		dt_node_free(n);
		return NULL;
	}
	return n;
}

static int dt_stable_strcmp(const char *a, const char *b)
{
	return a && b ? strcmp(a, b) : a != b;
}

/*
 * xlate<struct tag *>(e), the struct and its translator from D's
 * library, which a clause on these probes has loaded (dt_lib.c).
 */
static struct dt_node *dt_stable_xlate(struct dt_pcb *pcb, struct dt_node *e,
				       const char *tag,
				       const struct dt_loc *loc)
{
	struct dt_sou *sou = dt_sou_lookup(&pcb->pcb_prog, tag, false);
	struct dt_type t = { .kind = DT_T_SOU };
	struct dt_node *x;

	if (!sou) {
		dt_node_free(e);
		dt_error(pcb, loc, "D_XLATE_NONE", "translator for struct %s "
			 "is not defined: D's library (lib/dtrace-linux) "
			 "was not found", tag);
		return NULL;
	}
	t.sou = sou;
	x = dt_node_new(DT_N_XLATE, loc);
	x->n_ctype = dt_type_ptrto(&t);
	x->n_left = e;
	return x;
}

/*
 * e, (struct tracepoint_SYS_EV *)arg0, seen as a struct with the record's
 * members and, for each one named PREFIXfoo, foo at the same place: the
 * thread a translator describes is then pid, comm and prio whichever
 * fields hold it.
 */
static struct dt_node *dt_stable_view(struct dt_pcb *pcb, struct dt_node *e,
				      const char *prefix)
{
	const struct dt_sou *rec = e->n_ctype.sou;
	struct dt_type t = { .kind = DT_T_SOU };
	size_t plen = strlen(prefix);
	struct dt_sou *v;
	char name[256];
	int i;

	if (e->n_kind != DT_N_CAST || !rec)
		return e;
	snprintf(name, sizeof(name), "%s_%sview", rec->s_name, prefix);
	v = dt_sou_lookup(&pcb->pcb_prog, name, false);
	if (!v) {
		v = calloc(1, sizeof(*v));
		if (!v)
			goto nomem;
		v->s_name = strdup(name);
		v->s_mems = calloc((size_t)rec->s_nmems * 2 + 1,
				   sizeof(*v->s_mems));
		/* freed with the program's types from here on */
		v->s_next = pcb->pcb_prog.p_sous;
		pcb->pcb_prog.p_sous = v;
		if (!v->s_name || !v->s_mems)
			goto nomem;
		v->s_defined = true;
		v->s_size = rec->s_size;
		v->s_align = rec->s_align;
		for (i = 0; i < rec->s_nmems; i++) {
			const struct dt_member *m = &rec->s_mems[i];
			bool alias = !strncmp(m->m_name, prefix, plen);

			v->s_mems[v->s_nmems] = *m;
			v->s_mems[v->s_nmems].m_name = strdup(m->m_name);
			if (!v->s_mems[v->s_nmems].m_name)
				goto nomem;
			v->s_nmems++;
			if (!alias)
				continue;
			v->s_mems[v->s_nmems] = *m;
			v->s_mems[v->s_nmems].m_name = strdup(m->m_name + plen);
			if (!v->s_mems[v->s_nmems].m_name)
				goto nomem;
			v->s_nmems++;
		}
	}
	t.sou = v;
	e->n_ctype = dt_type_ptrto(&t);
	return e;
nomem:
	dt_node_free(e);
	dt_error(pcb, NULL, "D_NOMEM", "out of memory");
	return NULL;
}

/*
 * args[idx] over every probe of the set: one expression if they agree,
 * else probename == "A" ? a : probename == "B" ? b : ... c.
 */
static struct dt_node *dt_stable_choose(struct dt_pcb *pcb,
					const struct dt_stable_set *set,
					int idx, const struct dt_loc *loc)
{
	struct dt_node *m = NULL;
	int i;

	for (i = set->n - 1; i >= 0; i--) {
		const struct dt_stable *s = set->v[i];
		const struct dt_stable *t = i + 1 < set->n ? set->v[i + 1] : NULL;
		struct dt_node *e, *q;
		char cond[128];

		if (t && !strcmp(s->s_sys, t->s_sys) &&
		    !strcmp(s->s_ev, t->s_ev) &&
		    !strcmp(s->s_args[idx], t->s_args[idx]) &&
		    !dt_stable_strcmp(s->s_xlate[idx], t->s_xlate[idx]) &&
		    !dt_stable_strcmp(s->s_view, t->s_view))
			continue;	/* the same as the next one's */
		e = dt_stable_for(pcb, s->s_args[idx], s, loc);
		if (e && s->s_xlate[idx] && s->s_view &&
		    !strcmp(s->s_args[idx], "args"))
			e = dt_stable_view(pcb, e, s->s_view);
		if (e && s->s_xlate[idx])
			e = dt_stable_xlate(pcb, e, s->s_xlate[idx], loc);
		if (!e) {
			dt_node_free(m);
			return NULL;
		}
		if (!m) {
			m = e;
			continue;
		}
		snprintf(cond, sizeof(cond), "probename == \"%s\"",
			 s->s_name);
		q = dt_node_new(DT_N_TERNARY, loc);
		q->n_cond = dt_stable_expr(pcb, cond, loc);
		q->n_left = e;
		q->n_right = m;
		m = q;
		if (!q->n_cond) {
			dt_node_free(m);
			return NULL;
		}
	}
	return m;
}

/*
 * In a clause on stable probes: args[i] (an INDEX node, idx -1) or argI
 * (a built-in, idx I) becomes the probe's D expression for it.
 */
static int dt_stable_arg(struct dt_pcb *pcb, struct dt_node *n, int idx)
{
	struct dt_stable_set set;
	struct dt_node *m;
	int i;

	if (idx == DT_ARGS_BARE || !pcb->pcb_clause)
		return 1;
	dt_stable_clause(pcb, pcb->pcb_clause, &set);
	if (!set.n)
		return 1;
	if (set.other)
		return dt_error(pcb, &n->n_loc, "D_ARGS_MULTI", "args is not "
				"available: the clause mixes %s probes and "
				"others", set.v[0]->s_prov);
	if (idx < 0) {
		if (!n->n_args || n->n_args->n_kind != DT_N_INT)
			return dt_error(pcb, &n->n_loc, "D_ARGS_IDX", "args[ ] "
					"of %s probes takes a constant index",
					set.v[0]->s_prov);
		idx = (int)n->n_args->n_int;
	}
	for (i = 0; i < set.n; i++)
		if (idx < 0 || idx >= 6 || !set.v[i]->s_args[idx])
			return dt_error(pcb, &n->n_loc, "D_ARGS_IDX", "index "
					"%d is out of range for %s:::%s args[ ]",
					idx, set.v[i]->s_prov,
					set.v[i]->s_name);
	m = dt_stable_choose(pcb, &set, idx, &n->n_loc);
	if (!m)
		return -1;
	dt_node_free(n->n_left);
	dt_node_free(n->n_args);
	free(n->n_str);
	m->n_next = n->n_next;
	*n = *m;
	free(m);
	return 0;
}

/* The probes' conditions join the predicate. */
static int dt_stable_pred(struct dt_pcb *pcb, struct dt_clause *c)
{
	struct dt_stable_set set;
	int i;

	dt_stable_clause(pcb, c, &set);
	if (!set.n)
		return 0;
	for (i = 0; set.other && i < set.n; i++)
		if (set.v[i]->s_pred)
			return dt_error(pcb, &c->c_loc, "D_PDESC_INVAL",
					"%s:::%s cannot share a clause with "
					"probes of other providers",
					set.v[i]->s_prov, set.v[i]->s_name);
	/* Each probe's condition: (probename != "NAME" || COND). */
	for (i = 0; i < set.n; i++) {
		char text[2048];
		struct dt_node *g;

		if (!set.v[i]->s_pred)
			continue;
		if (set.n == 1)
			snprintf(text, sizeof(text), "%s", set.v[i]->s_pred);
		else
			snprintf(text, sizeof(text),
				 "probename != \"%s\" || (%s)",
				 set.v[i]->s_name, set.v[i]->s_pred);
		g = dt_stable_for(pcb, text, set.v[i], &c->c_loc);
		if (!g)
			return -1;
		if (c->c_pred) {
			g = dt_node_op(DT_N_LOGICAL, DT_OP_LAND, g, c->c_pred,
				       &c->c_loc);
		}
		c->c_pred = g;
	}
	return 0;
}

/* A stable probe is offered as its trace event under its own names. */
static int dt_stable_id(const char *sys, const char *ev, uint32_t id,
			void *arg)
{
	(void)sys;
	(void)ev;
	*(uint32_t *)arg = id;
	return 1;
}

static void dt_stable_offer_one(const struct dt_stable *s, void *arg)
{
	struct dt_tp_offer *o = arg;
	struct dtrace_tp_event e;
	uint32_t id = 0;

	if (o->err || dt_tracefs_walk(s->s_sys, s->s_ev, dt_stable_id,
				      &id) <= 0 || !id)
		return;
	memset(&e, 0, sizeof(e));
	e.te_id = id;
	snprintf(e.te_provider, sizeof(e.te_provider), "%s", s->s_prov);
	snprintf(e.te_event, sizeof(e.te_event), "%s", s->s_name);
	dt_tp_offer_add(o, &e);
}

/*
 * A description naming one stable probe whose trace event this kernel
 * lacks (lock:contention_begin before 5.19) says so, not "does not
 * match any probes".
 */
static bool dt_stable_missing(const struct dtrace_probedesc *d, char *err,
			      size_t errlen)
{
	uint32_t id = 0;
	size_t i;

	if (strpbrk(d->dpd_provider, "*?[\\") ||
	    strpbrk(d->dpd_name, "*?[\\"))
		return false;
	for (i = 0; i < DT_NSTABLES; i++) {
		const struct dt_stable *s = &dt_stables[i];

		if (strcmp(d->dpd_provider, s->s_prov) ||
		    strcmp(d->dpd_name, s->s_name))
			continue;
		if (dt_tracefs_walk(s->s_sys, s->s_ev, dt_stable_id, &id) > 0 &&
		    id)
			return false;
		snprintf(err, errlen, "%s:::%s is not available: this kernel "
			 "has no trace event %s:%s", s->s_prov, s->s_name,
			 s->s_sys, s->s_ev);
		return true;
	}
	return false;
}

static int dt_stable_offer(int devfd, const struct dtrace_probedesc *d,
			   bool verbose, char *err, size_t errlen)
{
	struct dt_tp_offer o;

	if (!dt_stable_walk(d, NULL, NULL) || !dt_tracefs_dir())
		return 0;	/* not ours: tracefs is not even looked for */
	if (dt_stable_missing(d, err, errlen))
		return -1;
	if (dt_tp_offer_begin(&o, devfd) ||
	    (dt_stable_walk(d, dt_stable_offer_one, &o),
	     dt_tp_offer_end(&o) < 0)) {
		if (verbose)
			dt_warn("could not offer tracepoints: %s\n",
				strerror(errno));
	}
	return 0;
}

/* The trace events behind the stable probes d names. */
struct dt_stable_events {
	dt_tpevent_fn	fn;
	void		*arg;
};

static void dt_stable_event(const struct dt_stable *s, void *arg)
{
	struct dt_stable_events *se = arg;

	dt_tracefs_walk(s->s_sys, s->s_ev, se->fn, se->arg);
}

static int dt_stable_events(const struct dtrace_probedesc *d,
			    dt_tpevent_fn fn, void *arg)
{
	struct dt_stable_events se = { fn, arg };

	if (!d->dpd_provider[0])
		return 0;
	return dt_stable_walk(d, dt_stable_event, &se);
}

const struct dt_provider dt_provider_stable = {
	.pv_name	= "proc, sched, io, ip, tcp, udp, lockstat",
	.pv_listall	= "",
	.pv_offer	= dt_stable_offer,
	.pv_events	= dt_stable_events,
	.pv_args	= dt_stable_arg,
	.pv_pred	= dt_stable_pred,
	.pv_argdoc	= dt_stable_argdoc,
};
