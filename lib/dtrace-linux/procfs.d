/* SPDX-License-Identifier: GPL-2.0 */
/*
 * psinfo_t and lwpsinfo_t, and curpsinfo and curlwpsinfo, as illumos
 * DTrace's procfs.d gives them, translated from Linux's struct
 * task_struct (cpuinfo_t and curcpu: sched.d). Loaded only by a script
 * that names one of them (Documentation/types.md). Members illumos has
 * and Linux has no counterpart for are left out, so a script using one
 * gets "translator does not define conversion for member".
 */

struct psinfo {
	int	pr_nlwp;	/* threads in the process */
	pid_t	pr_pid;		/* the process (thread group) id */
	pid_t	pr_ppid;	/* its parent's */
	pid_t	pr_pgid;
	pid_t	pr_sid;
	uid_t	pr_uid;
	uid_t	pr_euid;
	gid_t	pr_gid;
	gid_t	pr_egid;
	uintptr_t pr_addr;	/* the task_struct */
	uint64_t pr_start;	/* ns since boot */
	char	pr_fname[16];	/* the process's comm */
	char	pr_psargs[80];	/* its arguments, space-separated */
	int	pr_argc;
	uintptr_t pr_argv;	/* user address of the argument strings */
	uintptr_t pr_envp;	/* ... of the environment's */
};
typedef struct psinfo psinfo_t;

/*
 * pr_psargs: the process's argument area (mm->arg_start to arg_end:
 * each argument and its NUL), its first 80 bytes copied in and each
 * NUL but the last made a space, as illumos shows the command line (79
 * characters and the NUL). It reads the current process's memory only:
 * for another task, and kernel threads (no mm), it is pr_fname. If the
 * page is not in memory, copyin reports an error for that probe
 * firing, as any user read does. D has no loop: a translator's member
 * stands for its expression, so one byte's step is written once
 * (__psa1) and used 80 times (__psa4, __psa16, __psa80; the first
 * step past the last byte ends the chain), over the
 * clause-local __psa (the copy), __psn (its length), __psp (the byte)
 * and __pse (the last byte).
 */
struct __psa1 {
	int	r;
};

translator struct __psa1 < int I > {
	r = this->__psp < this->__pse &&
	    ((*this->__psp == 0 ? (*this->__psp = ' ') : 0) +
	    (this->__psp++ != 0));
};

struct __psa4 {
	int	r;
};

translator struct __psa4 < int I > {
	r = xlate<struct __psa1 *>(0)->r && xlate<struct __psa1 *>(0)->r &&
	    xlate<struct __psa1 *>(0)->r && xlate<struct __psa1 *>(0)->r;
};

struct __psa16 {
	int	r;
};

translator struct __psa16 < int I > {
	r = xlate<struct __psa4 *>(0)->r && xlate<struct __psa4 *>(0)->r &&
	    xlate<struct __psa4 *>(0)->r && xlate<struct __psa4 *>(0)->r;
};

struct __psa80 {
	int	r;
};

translator struct __psa80 < int I > {
	r = xlate<struct __psa16 *>(0)->r && xlate<struct __psa16 *>(0)->r &&
	    xlate<struct __psa16 *>(0)->r && xlate<struct __psa16 *>(0)->r &&
	    xlate<struct __psa16 *>(0)->r;
};

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_start = T->group_leader->start_time;
	pr_fname = T->group_leader->comm;
	pr_psargs = T->mm == 0 ||
	    T->group_leader != curthread->group_leader ?
	    stringof(T->group_leader->comm) :
	    T->mm->arg_end <= T->mm->arg_start ? "" :
	    (this->__psn = T->mm->arg_end - T->mm->arg_start > 80 ? 80 :
	    T->mm->arg_end - T->mm->arg_start) == 0 ? "" :
	    (this->__psa = (char *)copyin(T->mm->arg_start, this->__psn)) ==
	    0 ? "" : ((this->__pse = this->__psa + this->__psn - 1) == 0 ||
	    1) && (*this->__pse = 0) + ((this->__psp = this->__psa) != 0) &&
	    (xlate<struct __psa80 *>(0)->r || 1) ? stringof(this->__psa) : "";
	pr_argv = T->mm == 0 ? 0 : T->mm->arg_start;
	pr_envp = T->mm == 0 ? 0 : T->mm->env_start;
};

inline psinfo_t *curpsinfo = xlate<psinfo_t *>(curthread);

struct lwpsinfo {
	int	pr_flag;	/* the task's PF_* flags */
	pid_t	pr_lwpid;	/* the thread's id */
	uintptr_t pr_addr;	/* its task_struct */
	uintptr_t pr_wchan;
	char	pr_stype;
	char	pr_state;	/* SRUN, SSLEEP, SSTOP, SZOMB, as below */
	char	pr_sname;	/* R, S, D, T, Z */
	int	pr_pri;		/* Linux's prio: 0-99 real time, 100-139 */
	char	pr_name[16];
	int	pr_onpro;	/* the CPU it last ran on */
};
typedef struct lwpsinfo lwpsinfo_t;

inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_state = T->exit_state != 0 ? SZOMB :
	    T->__state == 0 ? (T == curthread ? SONPROC : SRUN) :
	    (T->__state & 0x0c) != 0 ? SSTOP : SSLEEP;
	pr_sname = T->exit_state != 0 ? 'Z' : T->__state == 0 ? 'R' :
	    (T->__state & 0x0c) != 0 ? 'T' : (T->__state & 2) != 0 ? 'D' :
	    'S';
	pr_pri = T->prio;
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline lwpsinfo_t *curlwpsinfo = xlate<lwpsinfo_t *>(curthread);
