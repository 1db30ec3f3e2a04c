/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space probes: the sites a probe description names (pidPID:...,
 * uprobe:PATH:...), read from ELF files and offered to the module.
 */
#ifndef DT_PID_H
#define DT_PID_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <dtrace/dtrace_ioctl.h>

/*
 * Offer the sites @d names, if its provider is one of ours (else
 * nothing). Returns 0, or -1 with a message in err.
 */
int dt_pid_provide(int devfd, const struct dtrace_probedesc *d, char *err,
		   size_t errlen);

/* Sites being gathered for DTRACE_IOC_UPROBE_PROVIDE, in batches. */
#define DT_PID_BATCH	4096

struct dt_sites {
	int				devfd;
	struct dtrace_uprobe_site	*v;	/* [DT_PID_BATCH] */
	size_t				n;
	unsigned int			accepted;
	const struct dtrace_probedesc	*desc;
	const char			*prov;	/* the provider offered */
	pid_t				pid;	/* 0: every process */
	char				*usdt;	/* USDT: the notes' provider */
};

bool dt_glob(const char *pat, const char *s);
/* A zeroed site at the end of the batch. */
struct dtrace_uprobe_site *dt_sites_new(struct dt_sites *s);
static inline bool dt_sites_full(const struct dt_sites *s)
{
	return s->n == DT_PID_BATCH;
}

/* Send the batch; returns 0 or -errno. */
int dt_sites_flush(struct dt_sites *s);

/* USDT (dt_pid_usdt.c): the probes of one file's .note.stapsdt. */
int dt_usdt_file(struct dt_sites *s, const char *path, const char *mod);
/* The same from an open ELF (@path names it, @fd is what sites hold). */
struct Elf;
int dt_usdt_elf(struct dt_sites *s, struct Elf *elf, const char *path, int fd,
		const char *mod);
/*
 * The USDT probes of the file at path, in its notes' order: fn(arg,
 * provider, name) each, until one returns nonzero, the value then.
 * 0, or -1 if the file is not an ELF file one can read.
 */
int dt_usdt_names(const char *path,
		  int (*fn)(void *arg, const char *prov, const char *name),
		  void *arg);
/*
 * Decode a note's argument specs ("-4@%eax 8@-8(%rbp) 4@$5") into
 * @args; an operand it cannot express is left DTRACE_UARG_NONE.
 * Returns how many arguments the spec has.
 */
int dt_usdt_args(const char *spec, struct dtrace_uprobe_arg *args, int max);

#endif /* DT_PID_H */
