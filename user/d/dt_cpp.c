// SPDX-License-Identifier: GPL-2.0
/*
 * -C: run the C preprocessor over a script and read its output.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "dt_parse.h"

char *dt_cpp_run(const char *file, char *const *args, int nargs)
{
	char **argv = calloc((size_t)nargs + 16, sizeof(char *));
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int pfd[2], st, n = 0, i;
	pid_t pid;
	ssize_t r;

	if (!argv)
		return NULL;
	if (access(file, R_OK)) {
		free(argv);
		return NULL;
	}
	argv[n++] = "cpp";
	/*
	 * The machine's macros stay (__x86_64__, __linux__, ...), so system
	 * headers pick the right definitions; the bare names that would
	 * rewrite a D identifier go, and so does the compiler's name, as
	 * DTrace's cpp leaves it (D is not GNU C). Line markers (# N
	 * "file") keep error lines right.
	 */
	argv[n++] = "-Ulinux";
	argv[n++] = "-Uunix";
	argv[n++] = "-U__GNUC__";
	argv[n++] = "-U__GNUC_MINOR__";
	argv[n++] = "-U__GNUC_PATCHLEVEL__";
	argv[n++] = "-U__VERSION__";
	argv[n++] = "-D__SVR4";
	argv[n++] = "-D__SUNW_D=1";
	argv[n++] = "-D__SUNW_D_64";
	for (i = 0; i < nargs; i++)
		argv[n++] = args[i];
	argv[n++] = (char *)file;
	argv[n] = NULL;
	if (pipe(pfd)) {
		free(argv);
		return NULL;
	}
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		free(argv);
		return NULL;
	}
	if (pid == 0) {
		dup2(pfd[1], STDOUT_FILENO);
		close(pfd[0]);
		close(pfd[1]);
		execvp("cpp", argv);
		_exit(127);
	}
	close(pfd[1]);
	free(argv);
	for (;;) {
		if (cap - len < 4096) {
			char *nb = realloc(buf, cap + 65536);

			if (!nb)
				break;
			buf = nb;
			cap += 65536;
		}
		r = read(pfd[0], buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(pfd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!buf || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		free(buf);
		errno = EINVAL;
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}
