/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracefs: the kernel's trace events (events/SYSTEM/EVENT/{id,format}),
 * read for the tracepoint provider.
 */
#ifndef DT_TRACEFS_H
#define DT_TRACEFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * The tracefs directory: $DTRACE_TRACEFS, /sys/kernel/tracing or
 * /sys/kernel/debug/tracing; as root, tracefs is mounted on
 * /sys/kernel/tracing if neither has events. NULL if none.
 */
const char *dt_tracefs_dir(void);

/*
 * Every event whose system and name match the globs ("" matches all),
 * with its id, to fn (stops if fn returns nonzero). Returns how many
 * were passed, or -1 if tracefs is not there.
 */
int dt_tracefs_walk(const char *syspat, const char *evpat,
		    int (*fn)(const char *sys, const char *ev, uint32_t id,
			      void *arg),
		    void *arg);

/* One field of an event's record, from its format file. */
enum dt_tpf_kind {
	DT_TPF_INT,	/* an integer, or a pointer (unsigned, 8 bytes) */
	DT_TPF_ARRAY,	/* nelems integers of size / nelems bytes */
	DT_TPF_STR,	/* char[N]: a string in place */
	DT_TPF_LOC,	/* __data_loc char[]: u32 (len << 16 | offset) */
};

struct dt_tpfield {
	char		f_name[64];
	enum dt_tpf_kind f_kind;
	uint32_t	f_off, f_size, f_nelems;
	bool		f_signed;
};

struct dt_tpformat {
	struct dt_tpfield *fields;
	int		n;
};

/* Parse one format file's text; fields it cannot type are skipped. */
int dt_tpformat_parse(const char *text, struct dt_tpformat *f);
/* Read and parse events/SYS/EV/format. Returns 0 or -1 with errno. */
int dt_tpformat_read(const char *sys, const char *ev, struct dt_tpformat *f);
void dt_tpformat_free(struct dt_tpformat *f);

#endif /* DT_TRACEFS_H */
