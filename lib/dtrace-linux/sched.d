/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpuinfo_t and curcpu, proc:::exit's CLD_* reasons, and the proc and
 * sched providers' lwpsinfo_t
 * and psinfo_t arguments for a thread other than the current one.
 * Those probes are built on trace events (user/probes/dt_stable.c)
 * whose records name the thread by its id, name and priority only, no
 * task: the translators below read those fields, so they need no
 * kernel types, and give only the members the records carry (others
 * are "translator does not define conversion for member"). The
 * command presents each record's fields for the thread (next_pid,
 * child_comm, ...) as pid, comm and prio. Loaded when a script names
 * the proc or sched provider.
 */
#pragma D depends_on provider proc
#pragma D depends_on provider sched

struct cpuinfo {
	int	cpu_id;
	int	cpu_pset;	/* -1: Linux has no processor sets */
	int	cpu_chip;	/* -1: not known */
	int	cpu_lgrp;	/* 0 */
};
typedef struct cpuinfo cpuinfo_t;

translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = -1;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate<cpuinfo_t *>(cpu);

/* proc:::exit's args[0]: why the process exits */
inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;

/*
 * lwpsinfo_t and psinfo_t of a record: only the members it has. pr_pid
 * is the thread's id (the records have no process id: it is the
 * process's for its main thread, and for a new process at
 * proc:::create).
 */
struct __tp_lwpsinfo {
	pid_t	pr_lwpid;	/* the thread's id */
	int	pr_pri;		/* Linux's prio: 0-99 real time, 100-139 */
	char	pr_name[16];	/* its comm */
};

translator struct __tp_lwpsinfo < void *R > {
	pr_lwpid = R->pid;
	pr_pri = R->prio;
	pr_name = R->comm;
};

struct __tp_psinfo {
	pid_t	pr_pid;
	char	pr_fname[16];
};

translator struct __tp_psinfo < void *R > {
	pr_pid = R->pid;
	pr_fname = R->comm;
};
