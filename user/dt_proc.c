// SPDX-License-Identifier: GPL-2.0
/*
 * -c and -p: the target process.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "dt_proc.h"

int dt_proc_create(struct dt_proc *p, const char *cmdline, char *err,
		   size_t errlen)
{
	char *copy = strdup(cmdline), **argv, *save = NULL, *w;
	int fds[2], n = 0;
	pid_t pid;

	memset(p, 0, sizeof(*p));
	p->pr_gofd = -1;
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
	if (!n || pipe(fds)) {
		snprintf(err, errlen, "failed to execute %s: %s", cmdline,
			 n ? strerror(errno) : "empty command");
		free(copy);
		free(argv);
		return -1;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "failed to execute %s: %s", argv[0],
			 strerror(errno));
		close(fds[0]);
		close(fds[1]);
		free(copy);
		free(argv);
		return -1;
	}
	if (pid == 0) {
		char c;

		close(fds[1]);
		/* wait for tracing to start; EOF means it never will */
		if (read(fds[0], &c, 1) != 1)
			_exit(127);
		close(fds[0]);
		execvp(argv[0], argv);
		fprintf(stderr, "dtrace: failed to execute %s: %s\n", argv[0],
			strerror(errno));
		_exit(127);
	}
	close(fds[0]);
	free(copy);
	free(argv);
	p->pr_pid = pid;
	p->pr_gofd = fds[1];
	p->pr_created = true;
	return 0;
}

int dt_proc_grab(struct dt_proc *p, pid_t pid, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	p->pr_gofd = -1;
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
	if (p->pr_gofd >= 0) {
		if (write(p->pr_gofd, "g", 1) != 1)
			p->pr_exited = true;
		close(p->pr_gofd);
		p->pr_gofd = -1;
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
	if (p->pr_gofd >= 0) {
		close(p->pr_gofd);	/* the child exits without exec */
		p->pr_gofd = -1;
	}
	if (p->pr_created && p->pr_pid && !p->pr_exited) {
		kill(p->pr_pid, SIGKILL);
		waitpid(p->pr_pid, NULL, 0);
		p->pr_exited = true;
	}
}
