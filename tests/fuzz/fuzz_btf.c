// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a BTF file given through DTRACE_BTF. libbpf parses
 * it; what is fuzzed is dt_btf.c's walk over what libbpf accepts: every
 * type's name and size, member paths through anonymous members, lookups
 * by name and functions' prototypes, what the compiler asks of a type
 * (dt_btf_info), enumerators and variables, on types that may loop or
 * branch.
 */
#define _GNU_SOURCE	/* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "dt_btf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every member of composite t, and one step below each. */
static void members(const struct dt_btf *bt, const struct btf *b,
		    uint32_t id, const struct btf_type *t)
{
	const struct btf_member *m = btf_members(t);
	struct dt_btf_member bm;
	char err[256], path[512];
	uint16_t i;

	for (i = 0; i < btf_vlen(t) && i < 64; i++) {
		const char *n = btf__name_by_offset(b, m[i].name_off);

		if (!n || !*n)
			continue;
		if (dt_btf_member(bt, id, n, &bm, err, sizeof(err)))
			continue;
		snprintf(path, sizeof(path), "%s.%s", n, n);
		dt_btf_member(bt, id, path, &bm, err, sizeof(err));
	}
	dt_btf_member(bt, id, "", &bm, err, sizeof(err));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int fd = -1;
	const struct dt_btf *bt;
	struct dt_btf_func f;
	struct dt_btf_info bi;
	char err[256], name[512];
	int64_t v;
	struct btf *b;
	uint32_t id, n;

	if (fd < 0) {
		fd = memfd_create("fuzz_btf", 0);
		if (fd < 0)
			abort();
		snprintf(name, sizeof(name), "/proc/self/fd/%d", fd);
		setenv("DTRACE_BTF", name, 1);
	}
	if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();
	dt_btf_reset();
	bt = dt_btf_kernel(err, sizeof(err));
	b = btf__new(data, size);
	if (!bt || !b) {
		btf__free(b);
		return 0;
	}
	n = btf__type_cnt(b);
	for (id = 0; id < n && id < 4096; id++) {
		const struct btf_type *t = id ? btf__type_by_id(b, id) : NULL;
		const char *tn = t ? btf__name_by_offset(b, t->name_off) : NULL;

		dt_btf_name(bt, id, name, sizeof(name));
		dt_btf_size(bt, id);
		dt_btf_is_ptr(bt, id, NULL);
		dt_btf_resolve(bt, id);
		dt_btf_info(bt, id, &bi);
		dt_btf_owner(bt, id);
		if (t && btf_is_composite(t))
			members(bt, b, id, t);
		if (tn && *tn) {
			dt_btf_func(bt, tn, &f, err, sizeof(err));
			dt_btf_lookup(bt, tn, err, sizeof(err));
			snprintf(name, sizeof(name), "struct %s", tn);
			dt_btf_lookup(bt, name, err, sizeof(err));
			dt_btf_var(bt, tn);
			if (id < 64)
				dt_btf_enumval(bt, tn, &v);
		}
	}
	btf__free(b);
	return 0;
}
