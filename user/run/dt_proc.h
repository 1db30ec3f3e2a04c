/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The process of -c (created, held at its entry until tracing starts) or
 * -p (grabbed by pid): its pid is $target, and its exit ends tracing.
 *
 *   dt_proc_create --> [compile, enable, GO] --> dt_proc_release (exec)
 *   dt_proc_grab ----> [compile, enable, GO]
 *   ... dt_proc_exited() polled by the consumer loop ...
 */
#ifndef DT_PROC_H
#define DT_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct dt_proc {
	pid_t	pr_pid;		/* 0: none */
	bool	pr_created;	/* -c, rather than -p */
	bool	pr_traced;	/* -c: held at its entry under ptrace */
	bool	pr_exited;
};

/* -c: start cmdline's process (split on blanks), held at its entry. */
int dt_proc_create(struct dt_proc *p, const char *cmdline, char *err,
		   size_t errlen);
/* -p: an existing process. */
int dt_proc_grab(struct dt_proc *p, pid_t pid, char *err, size_t errlen);
/* Let a created process exec. */
void dt_proc_release(struct dt_proc *p);
/* Has it exited (reaping a created one)? */
bool dt_proc_exited(struct dt_proc *p);
/* Give up on it: a created process is killed, a grabbed one left. */
void dt_proc_abandon(struct dt_proc *p);

#endif /* DT_PROC_H */
