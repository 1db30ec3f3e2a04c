/* SPDX-License-Identifier: GPL-2.0 */
/*
 * psinfo_t, lwpsinfo_t and cpuinfo_t, and curpsinfo, curlwpsinfo and
 * curcpu, as illumos DTrace's procfs.d and sched.d give them, translated
 * from Linux's struct task_struct. Loaded only by a script that names
 * one of them (Documentation/types.md). Members illumos has and Linux
 * has no counterpart for are left out, so a script using one gets
 * "translator does not define conversion for member".
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
 * each argument and its NUL), its first 79 bytes copied in and each
 * NUL but the last made a space, as illumos shows the command line (80
 * bytes with the NUL). D has no loop: the translator below is unrolled
 * over the bytes, in this->__psa (the copy) and this->__psn (its
 * length). It reads the current process's memory only: for another
 * task, and kernel threads (no mm), it is pr_fname. If the page is not
 * in memory, copyin reports an error for that probe firing, as any
 * user read does.
 */
struct __psargs {
	char	s[80];
};

translator struct __psargs < char *P > {
	s = (P[this->__psn - 1] = 0) +
	    (this->__psn > 1 && P[0] == 0 ? (P[0] = ' ') : 0) +
	    (this->__psn > 2 && P[1] == 0 ? (P[1] = ' ') : 0) +
	    (this->__psn > 3 && P[2] == 0 ? (P[2] = ' ') : 0) +
	    (this->__psn > 4 && P[3] == 0 ? (P[3] = ' ') : 0) +
	    (this->__psn > 5 && P[4] == 0 ? (P[4] = ' ') : 0) +
	    (this->__psn > 6 && P[5] == 0 ? (P[5] = ' ') : 0) +
	    (this->__psn > 7 && P[6] == 0 ? (P[6] = ' ') : 0) +
	    (this->__psn > 8 && P[7] == 0 ? (P[7] = ' ') : 0) +
	    (this->__psn > 9 && P[8] == 0 ? (P[8] = ' ') : 0) +
	    (this->__psn > 10 && P[9] == 0 ? (P[9] = ' ') : 0) +
	    (this->__psn > 11 && P[10] == 0 ? (P[10] = ' ') : 0) +
	    (this->__psn > 12 && P[11] == 0 ? (P[11] = ' ') : 0) +
	    (this->__psn > 13 && P[12] == 0 ? (P[12] = ' ') : 0) +
	    (this->__psn > 14 && P[13] == 0 ? (P[13] = ' ') : 0) +
	    (this->__psn > 15 && P[14] == 0 ? (P[14] = ' ') : 0) +
	    (this->__psn > 16 && P[15] == 0 ? (P[15] = ' ') : 0) +
	    (this->__psn > 17 && P[16] == 0 ? (P[16] = ' ') : 0) +
	    (this->__psn > 18 && P[17] == 0 ? (P[17] = ' ') : 0) +
	    (this->__psn > 19 && P[18] == 0 ? (P[18] = ' ') : 0) +
	    (this->__psn > 20 && P[19] == 0 ? (P[19] = ' ') : 0) +
	    (this->__psn > 21 && P[20] == 0 ? (P[20] = ' ') : 0) +
	    (this->__psn > 22 && P[21] == 0 ? (P[21] = ' ') : 0) +
	    (this->__psn > 23 && P[22] == 0 ? (P[22] = ' ') : 0) +
	    (this->__psn > 24 && P[23] == 0 ? (P[23] = ' ') : 0) +
	    (this->__psn > 25 && P[24] == 0 ? (P[24] = ' ') : 0) +
	    (this->__psn > 26 && P[25] == 0 ? (P[25] = ' ') : 0) +
	    (this->__psn > 27 && P[26] == 0 ? (P[26] = ' ') : 0) +
	    (this->__psn > 28 && P[27] == 0 ? (P[27] = ' ') : 0) +
	    (this->__psn > 29 && P[28] == 0 ? (P[28] = ' ') : 0) +
	    (this->__psn > 30 && P[29] == 0 ? (P[29] = ' ') : 0) +
	    (this->__psn > 31 && P[30] == 0 ? (P[30] = ' ') : 0) +
	    (this->__psn > 32 && P[31] == 0 ? (P[31] = ' ') : 0) +
	    (this->__psn > 33 && P[32] == 0 ? (P[32] = ' ') : 0) +
	    (this->__psn > 34 && P[33] == 0 ? (P[33] = ' ') : 0) +
	    (this->__psn > 35 && P[34] == 0 ? (P[34] = ' ') : 0) +
	    (this->__psn > 36 && P[35] == 0 ? (P[35] = ' ') : 0) +
	    (this->__psn > 37 && P[36] == 0 ? (P[36] = ' ') : 0) +
	    (this->__psn > 38 && P[37] == 0 ? (P[37] = ' ') : 0) +
	    (this->__psn > 39 && P[38] == 0 ? (P[38] = ' ') : 0) +
	    (this->__psn > 40 && P[39] == 0 ? (P[39] = ' ') : 0) +
	    (this->__psn > 41 && P[40] == 0 ? (P[40] = ' ') : 0) +
	    (this->__psn > 42 && P[41] == 0 ? (P[41] = ' ') : 0) +
	    (this->__psn > 43 && P[42] == 0 ? (P[42] = ' ') : 0) +
	    (this->__psn > 44 && P[43] == 0 ? (P[43] = ' ') : 0) +
	    (this->__psn > 45 && P[44] == 0 ? (P[44] = ' ') : 0) +
	    (this->__psn > 46 && P[45] == 0 ? (P[45] = ' ') : 0) +
	    (this->__psn > 47 && P[46] == 0 ? (P[46] = ' ') : 0) +
	    (this->__psn > 48 && P[47] == 0 ? (P[47] = ' ') : 0) +
	    (this->__psn > 49 && P[48] == 0 ? (P[48] = ' ') : 0) +
	    (this->__psn > 50 && P[49] == 0 ? (P[49] = ' ') : 0) +
	    (this->__psn > 51 && P[50] == 0 ? (P[50] = ' ') : 0) +
	    (this->__psn > 52 && P[51] == 0 ? (P[51] = ' ') : 0) +
	    (this->__psn > 53 && P[52] == 0 ? (P[52] = ' ') : 0) +
	    (this->__psn > 54 && P[53] == 0 ? (P[53] = ' ') : 0) +
	    (this->__psn > 55 && P[54] == 0 ? (P[54] = ' ') : 0) +
	    (this->__psn > 56 && P[55] == 0 ? (P[55] = ' ') : 0) +
	    (this->__psn > 57 && P[56] == 0 ? (P[56] = ' ') : 0) +
	    (this->__psn > 58 && P[57] == 0 ? (P[57] = ' ') : 0) +
	    (this->__psn > 59 && P[58] == 0 ? (P[58] = ' ') : 0) +
	    (this->__psn > 60 && P[59] == 0 ? (P[59] = ' ') : 0) +
	    (this->__psn > 61 && P[60] == 0 ? (P[60] = ' ') : 0) +
	    (this->__psn > 62 && P[61] == 0 ? (P[61] = ' ') : 0) +
	    (this->__psn > 63 && P[62] == 0 ? (P[62] = ' ') : 0) +
	    (this->__psn > 64 && P[63] == 0 ? (P[63] = ' ') : 0) +
	    (this->__psn > 65 && P[64] == 0 ? (P[64] = ' ') : 0) +
	    (this->__psn > 66 && P[65] == 0 ? (P[65] = ' ') : 0) +
	    (this->__psn > 67 && P[66] == 0 ? (P[66] = ' ') : 0) +
	    (this->__psn > 68 && P[67] == 0 ? (P[67] = ' ') : 0) +
	    (this->__psn > 69 && P[68] == 0 ? (P[68] = ' ') : 0) +
	    (this->__psn > 70 && P[69] == 0 ? (P[69] = ' ') : 0) +
	    (this->__psn > 71 && P[70] == 0 ? (P[70] = ' ') : 0) +
	    (this->__psn > 72 && P[71] == 0 ? (P[71] = ' ') : 0) +
	    (this->__psn > 73 && P[72] == 0 ? (P[72] = ' ') : 0) +
	    (this->__psn > 74 && P[73] == 0 ? (P[73] = ' ') : 0) +
	    (this->__psn > 75 && P[74] == 0 ? (P[74] = ' ') : 0) +
	    (this->__psn > 76 && P[75] == 0 ? (P[75] = ' ') : 0) +
	    (this->__psn > 77 && P[76] == 0 ? (P[76] = ' ') : 0) +
	    (this->__psn > 78 && P[77] == 0 ? (P[77] = ' ') : 0) +
	    (this->__psn > 79 && P[78] == 0 ? (P[78] = ' ') : 0) >= 0 ?
	    stringof(P) : "";
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
	    0 ? "" : xlate<struct __psargs *>(this->__psa)->s;
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
