/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dtrace.ko internals shared by the framework's files.
 *
 * Locking, from outermost:
 *   dtrace_lock (mutex)     the probe registry, every probe's ECB list and
 *                           every provider's enable/disable;
 *   state->ds_lock (mutex)  one consumer's ioctls.
 * A consumer's ioctl takes ds_lock first, then dtrace_lock when it needs
 * the registry. Probe context takes no lock: see dtrace_probe.c.
 *
 * Module loads wait for dtrace_lock (fbt's notifier), so it is never held
 * across work that grows with a caller's input: offers, listings, ENABLE
 * and a consumer's teardown take it a bounded chunk at a time (256
 * entries; ENABLE and close a stretch, dtrace_ecb.c), and a caller that
 * may wait long for it takes it killable.
 */
#ifndef _DTRACE_IMPL_H
#define _DTRACE_IMPL_H

#include <linux/types.h>
#include <linux/hrtimer.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <dtrace/dtrace_ioctl.h>
#include <dtrace/dif.h>
#include "dif_vm.h"

#define DTRACE_LOCK_CHUNK	256	/* entries handled per dtrace_lock hold */

struct dtrace_probe;
struct dtrace_state;

/*
 * A provider: a named source of probes. Each callback is documented at
 * its implementation; all are called with dtrace_lock held, in process
 * context, never from probe context.
 */
struct dtrace_provider_ops {
	const char *name;
	/* create probes a description names, if they can exist (optional) */
	void (*provide)(const struct dtrace_probedesc *desc);
	/* arm / disarm one probe: called on its first and last enabling */
	int (*enable)(struct dtrace_probe *probe);
	void (*disable)(struct dtrace_probe *probe);
	/* apply the enables and disables since the last call (optional) */
	int (*commit)(void);
	/* free provider data hanging off dp_arg at unregistration */
	void (*destroy)(struct dtrace_probe *probe);
};

/* Links a probe to one enabled clause; a probe fires each in order. */
struct dtrace_ecb_link {
	struct dtrace_ecb_link	*del_next;
	struct dtrace_ecb	*del_ecb;
	struct dtrace_probe	*del_probe;
};

struct dtrace_probe {
	u32				dp_id;
	const struct dtrace_provider_ops *dp_ops;
	const char			*dp_prov;	/* provider name */
	const struct dtrace_state	*dp_owner;	/* NULL: everyone's */
	struct hlist_node		dp_owned;	/* dp_owner's ds_probes */
	struct hlist_node		dp_byfunc;	/* dtrace_probeidx.c */
	struct hlist_node		dp_byname;
	const char			*dp_mod;
	const char			*dp_func;
	const char			*dp_name;
	void				*dp_arg;	/* the provider's */
	struct dtrace_ecb_link		*dp_ecbs;	/* read in probe context */
	u32				dp_nenabled;
};

/* How an action's value is had without its program (dtrace_plan.c). */
enum dtrace_fast {
	DTRACE_FAST_NONE = 0,	/* run the program */
	DTRACE_FAST_CONST,	/* a constant: dac_value */
	DTRACE_FAST_KSTR,	/* a key part the kernel owns: dac_var */
	DTRACE_FAST_BUILTIN,	/* an integer built-in that cannot fault */
};

/* A clause's and an action's own work, beyond programs and copies. */
#define DTRACE_COST_CLAUSE	32
#define DTRACE_COST_ACTION	8

struct dtrace_action {
	u32		dac_kind;	/* enum dtrace_act_kind */
	u32		dac_arg;	/* AGGREGATE: the aggregation id */
	u32		dac_rec_off;
	u32		dac_rec_size;
	u32		dac_guard;	/* 0, or 1 + a GUARD's index */
	bool		dac_string;	/* the value is a string address */
	bool		dac_user;	/* ... in user memory */
	/* decided at ENABLE by dtrace_ecb_plan() */
	u8		dac_fast;	/* enum dtrace_fast */
	u32		dac_cost;	/* charged before it runs */
	u32		dac_var;	/* FAST_KSTR, FAST_BUILTIN */
	s64		dac_value;	/* FAST_CONST */
	struct dif_prog	dac_prog;
};

/* An enabled clause: one per ENABLE, shared by every probe it matched. */
struct dtrace_ecb {
	u32			de_epid;
	struct dtrace_state	*de_state;
	bool			de_has_pred;
	struct dif_prog		de_pred;
	u32			de_nacts;
	u32			de_recsize;	/* bytes after the header */
	u32			de_nlocals;	/* this-> ids it uses */
	u32			de_aggkeysize;	/* key bytes its AGGKEYs use */
	bool			de_needs_record; /* it records, or traces */
	bool			de_speculates;	/* action 0 is speculate() */
	bool			de_writes_user;	/* copyout( ), copyoutstr( ) */
	bool			de_guarded;	/* it has a GUARD action */
	/*
	 * Aggregations of constants and built-ins only: dtrace_ecb_fast(),
	 * when the firing has de_fast_budget left.
	 */
	bool			de_fast;
	u64			de_fast_budget;
	void			*de_blob;	/* the programs point into it */
	u64			de_mem;		/* bytes charged for it */
	u32			de_nlinks;
	struct dtrace_ecb_link	*de_links;
	struct dtrace_action	de_acts[];
};

/* What a provider passes with a firing. */
struct dtrace_args {
	u64	da_arg[10];	/* arg0..arg9 */
	int	da_errno;	/* errno, for syscall returns */
	/*
	 * Where stack() starts: the frame with this return address (the
	 * interrupted PC of a profile probe; past it if da_stack_after, as
	 * for fbt, whose frame is the traced function's own). 0: the first
	 * frame outside dtrace.ko.
	 */
	bool		da_stack_after;
	unsigned long	da_stack_from;
	/* No kernel frames at all: a profile probe that interrupted user mode. */
	bool		da_stack_none;
	/*
	 * A user probe at a function's first instruction: the caller's
	 * return address is at the stack pointer, not yet in a frame.
	 */
	bool		da_uentry;
	/* Firings the kernel lost before this one: counted as drops. */
	unsigned long	da_missed;
};

/*
 * What a DIF program sees of its firing; the environment functions in
 * dif_env_kernel.c find it from the machine state.
 */
struct dtrace_mctx {
	struct dif_mstate	dm_ms;
	struct dtrace_probe	*dm_probe;
	const struct dtrace_args *dm_args;
	struct dtrace_ecb	*dm_ecb;
	struct dtrace_cpu	*dm_cpu;
	u64			dm_now;		/* the firing's time; 0: unread */
};

/* An aggregation a consumer declared (dtrace_agg.c). */
struct dtrace_aggdesc {
	u32	ad_func;	/* enum dtrace_aggfunc */
	u32	ad_keysize;
	u32	ad_valsize;
	s64	ad_params[4];
};

/* Hash chains per buffer: one per this many bytes of arena, bounded. */
#define DTRACE_AGG_BUCKET_BYTES	256
#define DTRACE_AGG_BUCKETS_MIN	1024
#define DTRACE_AGG_BUCKETS_MAX	(1u << 18)

struct dtrace_aggbuf {
	char	*ab_data;
	u64	ab_offset;
	u32	*ab_buckets;
	u32	ab_nbuckets;	/* a power of 2 */
	u32	ab_seed;	/* the hash's, random at each reset */
};

/* One speculation of a consumer (dtrace_spec.c). */
struct dtrace_spec {
	atomic_t	sp_state;	/* state and life */
	atomic_t	sp_pending;	/* CPUs yet to apply commit/discard */
	unsigned long	*sp_cpus;	/* which */
	u64		sp_used;	/* claimed or speculated into, ns */
};

/* One CPU's buffer: the consumer reads it while the other is written. */
struct dtrace_buffer {
	char	*db_data;
	u64	db_offset;	/* next free byte */
	/* ring policy, once wrapped: the older records lie in [first, end) */
	bool	db_wrapped;
	u64	db_first;
	u64	db_end;
};

struct dtrace_cpu {
	struct dtrace_buffer	dc_bufs[2];
	unsigned int		dc_active;	/* index of the written one */
	u64			dc_drops;	/* records that did not fit */
	u64			dc_errors;	/* faults in probe context */
	char			*dc_scratch;
	u64			*dc_locals;	/* this-> variables */
	struct dtrace_mctx	*dc_mctx;	/* NULL: CPU was offline at GO */
	struct dtrace_aggbuf	dc_aggbufs[2];
	unsigned int		dc_aggactive;
	u64			dc_aggdrops;
	char			*dc_aggkey;	/* the key being built */
	u32			dc_aggkeylen;	/* its bytes that hold data */
	s64			dc_aggweight;	/* of the next AGGREGATE */
	u64			dc_firing;	/* whose this-> dc_locals hold */
	u64			dc_exited;	/* the firing that ran exit() */
	unsigned long		*dc_stack;	/* stack() scratch */
	unsigned long		*dc_held;	/* GUARDs that held, a bit each */
	struct dtrace_buffer	*dc_specbufs;	/* [ds_nspec] */
};

enum dtrace_activity {
	DTRACE_INACTIVE = 0,	/* being set up: ENABLE, OPTIONS */
	DTRACE_WARMUP,		/* GO in progress: only BEGIN fires */
	DTRACE_ACTIVE,		/* every enabled probe fires */
	DTRACE_DRAINING,	/* exit() or STOP: only END fires */
	DTRACE_STOPPED,		/* END has fired; nothing fires */
};

struct dtrace_state {
	struct mutex		ds_lock;
	int			ds_activity;	/* enum dtrace_activity */
	u64			ds_bufsize;
	u32			ds_bufpolicy;
	u32			ds_strsize;
	u64			ds_scratchsize;
	u32			ds_flags;	/* DTRACE_OPT_* */
	struct dtrace_ecb	**ds_ecbs;	/* by epid - 1 */
	u32			ds_necbs;
	struct dtrace_cpu	*ds_cpus;	/* [nr_cpu_ids], at GO */
	u64			*ds_globals;	/* [DIF_VARID_MAX + 1] */
	u64			ds_dynvarsize;
	u64			ds_aggsize;
	struct dtrace_aggdesc	*ds_aggs;	/* [DTRACE_AGGS_MAX] */
	u32			ds_naggs;
	u32			ds_nlocals;	/* this-> ids any clause uses */
	u32			ds_nspec;
	u64			ds_specsize;
	struct dtrace_spec	*ds_specs;	/* [ds_nspec], at GO */
	unsigned long		*ds_cpumask;	/* CPUs with buffers */
	atomic64_t		ds_specdrops;
	atomic64_t		ds_specbusy;		/* none free, some ending */
	atomic64_t		ds_specunavail;		/* none free */
	u64			ds_specfail_seen;	/* by the last clean */
	atomic64_t		ds_specreclaimed;	/* ids lost, reclaimed */
	void			*ds_dyn_mem;	/* at GO */
	struct dif_dyn		ds_dyn;		/* self->, arrays */
	int			ds_exitval;
	unsigned long		ds_lastpoll;	/* jiffies of the last poll */
	struct hrtimer		ds_deadman;	/* hard irq: runs when nothing else can */
	atomic_t		ds_status;	/* DTRACE_STATUS_* */
	atomic64_t		ds_reentered;
	u64			ds_mem;		/* bytes charged, all told */
	u64			ds_bufmem;	/* of them, at GO */
	struct hlist_head	ds_probes;	/* its own; zeroed is empty */
};

/* dtrace_probe.c: the registry and firing */
extern struct mutex dtrace_lock;
int dtrace_probe_create(const struct dtrace_provider_ops *ops,
			const char *mod, const char *func, const char *name,
			void *arg);
int dtrace_probe_create_owned(const struct dtrace_provider_ops *ops,
			      struct dtrace_state *owner,
			      const char *prov, const char *mod,
			      const char *func, const char *name, void *arg);
void dtrace_probe_remove_provider(const struct dtrace_provider_ops *ops);
void dtrace_probe_remove_owner(struct dtrace_state *owner);
u32 dtrace_probe_hash(const struct dtrace_state *owner, const char *prov,
		      const char *mod, const char *func, const char *name);

/*
 * Probes a consumer's offer created, by id: undone if the offer fails or
 * its caller is killed.
 */
struct dtrace_offer {
	u32	*do_ids;
	u32	do_n;
};

void dtrace_offer_undo(struct dtrace_state *owner, struct dtrace_offer *o);
void dtrace_probe_destroy(struct dtrace_probe *probe);
void dtrace_lock_breathe(void);
unsigned int dtrace_probe_reclaim(const struct dtrace_provider_ops *ops,
				  bool (*keep)(const struct dtrace_probe *));
struct dtrace_probe *dtrace_probe_lookup(u32 id);
struct dtrace_probe *dtrace_probe_next(u32 *id);
bool dtrace_probe_matches(const struct dtrace_probe *probe,
			  const struct dtrace_probedesc *pat,
			  const struct dtrace_state *state);
void dtrace_probe_fire(struct dtrace_probe *probe, const struct dtrace_args *args,
		       struct dtrace_state *only);
int dtrace_probe_context_enter(void);
/* dtrace_rate.c: the share of CPU time in probe context */
u64 dtrace_rate_enter(void);
void dtrace_rate_exit(struct dtrace_probe *probe, u64 t0);
void dtrace_probe_context_exit(int was);
void dtrace_sync(void);
int dtrace_probe_init(void);
void dtrace_probe_exit(void);

/* dtrace_probeidx.c: the registry by function, by probe name */
#define DTRACE_SHORTLIST_MAX	DTRACE_LOCK_CHUNK
void dtrace_probeidx_add(struct dtrace_probe *probe);
void dtrace_probeidx_del(struct dtrace_probe *probe);
int dtrace_probe_shortlist(const struct dtrace_probedesc *pat,
			   const struct dtrace_state *state,
			   struct dtrace_probe **v);
struct dtrace_probe *dtrace_probe_find(const struct dtrace_provider_ops *ops,
				       const char *mod, const char *func,
				       const char *name);
int dtrace_probeidx_init(void);
void dtrace_probeidx_exit(void);

/* dtrace_ecb.c: enablings */
int dtrace_ecb_enable(struct dtrace_state *state,
		      struct dtrace_ioc_enable __user *uarg);
void dtrace_ecb_disable_all(struct dtrace_state *state);
extern unsigned int dtrace_ecb_linking;	/* ENABLEs under way */
/* work queued for the next commit, in kretprobes: it ends a stretch */
extern unsigned int dtrace_deferred;
/* a commit between stretches of an ENABLE or close: more will come */
extern bool dtrace_commit_partial;
void dtrace_ecb_free_all(struct dtrace_state *state);
/* dtrace_plan.c: what a clause's firing needs, decided at ENABLE */
void dtrace_ecb_plan(struct dtrace_ecb *ecb);

/* dtrace_buffer.c: per-CPU buffer pairs */
int dtrace_buffers_alloc(struct dtrace_state *state);
void dtrace_buffers_free(struct dtrace_state *state);
void dtrace_buffers_uncharge(struct dtrace_state *state);
int dtrace_buffer_snap(struct dtrace_state *state,
		       struct dtrace_ioc_bufsnap *snap);
char *dtrace_buffer_reserve(struct dtrace_state *state,
			    struct dtrace_cpu *cpu, u32 size);
char *dtrace_buffer_reserve_in(struct dtrace_buffer *b, u64 limit, u32 size);
void dtrace_buffer_commit(struct dtrace_cpu *cpu, u32 size);
u32 dtrace_record_size(const struct dtrace_state *state, const char *data,
		       u64 off, u64 len);

/* dtrace_agg.c: aggregations */
int dtrace_agg_declare(struct dtrace_state *state,
		       struct dtrace_ioc_aggdesc *d);
int dtrace_agg_alloc(struct dtrace_state *state, struct dtrace_cpu *c,
		     int node);
void dtrace_agg_free(struct dtrace_cpu *c);
int dtrace_aggregate(struct dtrace_state *state, struct dtrace_cpu *c,
		     struct dif_mstate *ms, u32 id, s64 x, s64 weight);
/* dtrace_dvar.c: the consumer reads its global variables */
int dtrace_dvar_snap(struct dtrace_state *state,
		     struct dtrace_ioc_dvarsnap *dv);
int dtrace_agg_snap(struct dtrace_state *state,
		    struct dtrace_ioc_bufsnap *snap);

/* dtrace_stack.c: stack() and ustack() */
#define DTRACE_STACK_TMP	(DTRACE_STACK_MAX + 16)
void dtrace_stack_kernel(u64 *pcs, u32 n, unsigned long *tmp,
			 const struct dtrace_args *args);
u32 dtrace_stack_user(u64 *out, u32 n, const struct dtrace_args *args);
u32 dtrace_stack_kernel_depth(unsigned long *tmp,
			      const struct dtrace_args *args, u64 *caller);
u32 dtrace_stack_user_depth(unsigned long *tmp,
			    const struct dtrace_args *args);
u64 dtrace_stack_kernel_hash(u32 n, unsigned long *tmp,
			     const struct dtrace_args *args);

/* dtrace_spec.c: speculations */
int dtrace_spec_alloc(struct dtrace_state *state);
void dtrace_spec_free(struct dtrace_state *state);
u32 dtrace_speculation(struct dtrace_state *state, struct dif_mstate *ms);
struct dtrace_buffer *dtrace_spec_buffer(struct dtrace_state *state,
					 struct dtrace_cpu *c, u64 id, u64 now);
int dtrace_spec_end(struct dtrace_state *state, struct dtrace_cpu *c,
		    unsigned int cpu, u64 id, bool commit);
void dtrace_spec_apply_all(struct dtrace_state *state, struct dtrace_cpu *c,
			   unsigned int cpu);
void dtrace_spec_clean(struct dtrace_state *state);

/* dtrace_state.c: one consumer */
int dtrace_mem_charge(struct dtrace_state *state, u64 bytes);
void dtrace_mem_uncharge(struct dtrace_state *state, u64 bytes);
struct dtrace_state *dtrace_state_create(void);
void dtrace_state_destroy(struct dtrace_state *state);
int dtrace_state_options(struct dtrace_state *state,
			 const struct dtrace_ioc_options *opt);
int dtrace_state_go(struct dtrace_state *state);
int dtrace_state_stop(struct dtrace_state *state);
void dtrace_state_status(struct dtrace_state *state,
			 struct dtrace_ioc_status *st);
void dtrace_state_polled(struct dtrace_state *state);

/* dtrace_ioctl.c */
long dtrace_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

/* dtrace_provider.c: the registry of providers */
int dtrace_provider_register(const struct dtrace_provider_ops *ops);
void dtrace_provider_unregister(const struct dtrace_provider_ops *ops);
bool dtrace_provider_exists(const char *name);
void dtrace_providers_provide(const struct dtrace_probedesc *desc);
int dtrace_providers_commit(void);
int dtrace_providers_init(void);
void dtrace_providers_exit(void);

/* providers, one file each */
int dtrace_provider_dtrace_init(void);
void dtrace_provider_dtrace_exit(void);
int dtrace_provider_syscall_init(void);
void dtrace_provider_syscall_exit(void);
int dtrace_provider_profile_init(void);
void dtrace_provider_profile_exit(void);
int dtrace_provider_fbt_init(void);
void dtrace_provider_fbt_exit(void);
int dtrace_fbt_provide(const struct dtrace_fbt_sym *syms, u32 n);
void dtrace_fbt_offered(u32 *flags, u32 *gen);
bool dtrace_kaddr_readable(unsigned long addr, size_t size);
int dtrace_provider_pid_init(void);
void dtrace_provider_pid_exit(void);
int dtrace_pid_offer(struct dtrace_state *state,
		     const struct dtrace_uprobe_site *s, struct dtrace_offer *o);
int dtrace_provider_tracepoint_init(void);
void dtrace_provider_tracepoint_exit(void);
int dtrace_tp_offer(struct dtrace_state *state, const struct dtrace_tp_event *e,
		    struct dtrace_offer *o);
int dtrace_provider_software_init(void);
void dtrace_provider_software_exit(void);
int dtrace_provider_kprobe_init(void);
void dtrace_provider_kprobe_exit(void);
int dtrace_provider_rawtp_init(void);
void dtrace_provider_rawtp_exit(void);
int dtrace_provider_hardware_init(void);
void dtrace_provider_hardware_exit(void);
int dtrace_provider_watchpoint_init(void);
void dtrace_provider_watchpoint_exit(void);
void dtrace_fire_begin(struct dtrace_state *state);
void dtrace_fire_end(struct dtrace_state *state);
void dtrace_fire_error(struct dtrace_state *state, u32 probe_id, u32 epid,
		       u32 act, const struct dif_fault *fault);
extern struct dtrace_probe *dtrace_probe_error;

/* dif_env_kernel.c: the DIF environment in the kernel */
void dtrace_env_init(void);
int dtrace_raise(u64 sig);
int dtrace_raise_stop(void);
int dtrace_chill(u64 ns);
void dtrace_destructive_init(void);
bool dtrace_ecb_writes_user(const struct dtrace_ecb *ecb);
int dtrace_lockdown_writes(const struct dtrace_state *state);
void dtrace_destructive_exit(void);
void dtrace_mctx_init(struct dtrace_mctx *mc, struct dtrace_state *state,
		      struct dtrace_cpu *cpu, struct dtrace_ecb *ecb,
		      struct dtrace_probe *probe, const struct dtrace_args *args,
		      u64 firing);
u64 dtrace_mctx_now(struct dtrace_mctx *mc);
const char *dtrace_env_kstr(const struct dtrace_mctx *mc, u32 var,
			    u32 *maxp);

#endif /* _DTRACE_IMPL_H */
