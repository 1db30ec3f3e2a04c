// SPDX-License-Identifier: GPL-2.0
/*
 * -c and -p: the target process. A -c command is started under ptrace,
 * run to its entry point (its libraries mapped, none of its code run)
 * and let go at GO.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>

#include "dt_proc.h"

/* AT_ENTRY of a process: where its program starts, after ld.so. */
static unsigned long dt_proc_entry(pid_t pid)
{
	unsigned long av[2], entry = 0;
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fread(av, sizeof(av), 1, f) == 1 && av[0] != AT_NULL)
		if (av[0] == AT_ENTRY)
			entry = av[1];
	fclose(f);
	return entry;
}

/* Wait for a trap, passing on other signals; false if it exited. */
static bool dt_proc_wait_trap(pid_t pid)
{
	int st;

	for (;;) {
		if (waitpid(pid, &st, 0) != pid || !WIFSTOPPED(st))
			return false;
		if (WSTOPSIG(st) == SIGTRAP)
			return true;
		if (ptrace(PTRACE_CONT, pid, NULL,
			   (void *)(long)WSTOPSIG(st)))
			return false;
	}
}

/*
 * From the stop after exec, run to the program's entry point: by then
 * ld.so has mapped the libraries, so pid probes can name them. A
 * breakpoint at the entry, then the instruction and the PC put back.
 */
static int dt_proc_run_to_entry(pid_t pid)
{
	unsigned long entry = dt_proc_entry(pid);
	struct user_regs_struct regs;
	long word;

	if (!entry)
		return 0;
	errno = 0;
	word = ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, NULL);
	if (errno ||
	    ptrace(PTRACE_POKETEXT, pid, (void *)entry,
		   (void *)((word & ~0xffL) | 0xcc)) ||
	    ptrace(PTRACE_CONT, pid, NULL, NULL) || !dt_proc_wait_trap(pid) ||
	    ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)word) ||
	    ptrace(PTRACE_GETREGS, pid, NULL, &regs))
		return -1;
	regs.rip = entry;
	return ptrace(PTRACE_SETREGS, pid, NULL, &regs) ? -1 : 0;
}

int dt_proc_create(struct dt_proc *p, const char *cmdline, char *err,
		   size_t errlen)
{
	char *copy = strdup(cmdline), **argv, *save = NULL, *w;
	int fds[2], n = 0, en = 0;
	pid_t pid;

	memset(p, 0, sizeof(*p));
	argv = calloc(strlen(cmdline) / 2 + 2, sizeof(char *));
	if (!copy || !argv) {
		free(copy);
		free(argv);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (w = strtok_r(copy, " \t\n", &save); w;
	     w = strtok_r(NULL, " \t\n", &save))
		argv[n++] = w;
	/* The child reports a failed exec's errno on a close-on-exec pipe. */
	if (!n || pipe2(fds, O_CLOEXEC)) {
		snprintf(err, errlen, "failed to execute %s: %s", cmdline,
			 n ? strerror(errno) : "empty command");
		free(copy);
		free(argv);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		/*
		 * Stopped at exec, then held at its entry until GO; killed
		 * with dtrace, as at its normal end, should dtrace die first.
		 */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		execvp(argv[0], argv);
		en = errno;
		if (write(fds[1], &en, sizeof(en)) < 0)
			_exit(126);
		_exit(127);
	}
	close(fds[1]);
	if (pid > 0 && read(fds[0], &en, sizeof(en)) != sizeof(en))
		en = 0;
	close(fds[0]);
	if (pid < 0 || en) {
		snprintf(err, errlen, "failed to execute %s: %s", argv[0],
			 strerror(pid < 0 ? errno : en));
		if (pid > 0)
			waitpid(pid, NULL, 0);
		free(copy);
		free(argv);
		return -1;
	}
	free(copy);
	free(argv);
	p->pr_pid = pid;
	p->pr_created = true;
	p->pr_traced = true;
	if (!dt_proc_wait_trap(pid) || dt_proc_run_to_entry(pid)) {
		snprintf(err, errlen, "failed to control pid %d: %s", (int)pid,
			 strerror(errno ? errno : ESRCH));
		dt_proc_abandon(p);
		return -1;
	}
	return 0;
}

int dt_proc_grab(struct dt_proc *p, pid_t pid, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	if (pid <= 0 || (kill(pid, 0) && errno == ESRCH)) {
		snprintf(err, errlen, "failed to grab pid %d: %s", (int)pid,
			 strerror(pid <= 0 ? EINVAL : ESRCH));
		return -1;
	}
	p->pr_pid = pid;
	return 0;
}

void dt_proc_release(struct dt_proc *p)
{
	if (p->pr_traced) {
		if (ptrace(PTRACE_DETACH, p->pr_pid, NULL, NULL))
			p->pr_exited = true;
		p->pr_traced = false;
	}
}

bool dt_proc_exited(struct dt_proc *p)
{
	int st;

	if (!p->pr_pid || p->pr_exited)
		return p->pr_exited;
	if (p->pr_created)
		p->pr_exited = waitpid(p->pr_pid, &st, WNOHANG) == p->pr_pid;
	else
		p->pr_exited = kill(p->pr_pid, 0) && errno == ESRCH;
	return p->pr_exited;
}

void dt_proc_abandon(struct dt_proc *p)
{
	if (p->pr_created && p->pr_pid && !p->pr_exited) {
		kill(p->pr_pid, SIGKILL);
		waitpid(p->pr_pid, NULL, 0);
		p->pr_exited = true;
	}
}
