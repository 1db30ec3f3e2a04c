/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Unit tests' kernel types: a synthetic BTF written to a temporary file
 * that DTRACE_BTF names, as the command would read the kernel's.
 */
#ifndef BTF_FILE_H
#define BTF_FILE_H

#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "dt_btf.h"

/*
 * Write b (freed here) to a file made from tmpl ("/tmp/NAME_XXXXXX",
 * rewritten in place) and make it the command's kernel types.
 * 0, or -1 with nothing left behind.
 */
static inline int btf_file_install(struct btf *b, char *tmpl)
{
	const void *raw;
	uint32_t size;
	int fd, ok;

	if (!b)
		return -1;
	raw = btf__raw_data(b, &size);
	if (!raw) {
		btf__free(b);
		return -1;
	}
	fd = mkstemp(tmpl);
	ok = fd >= 0 && write(fd, raw, size) == (ssize_t)size;
	if (fd >= 0)
		close(fd);
	btf__free(b);
	if (!ok) {
		if (fd >= 0)
			unlink(tmpl);
		return -1;
	}
	setenv("DTRACE_BTF", tmpl, 1);
	dt_btf_reset();
	return 0;
}

/* Undo btf_file_install(). */
static inline void btf_file_remove(const char *path)
{
	unlink(path);
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

#endif /* BTF_FILE_H */
