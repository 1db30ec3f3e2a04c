/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Addresses to names for stack( ) and ustack( ):
 *
 *   kernel  /proc/kallsyms             vmlinux`vfs_read+0x1c
 *   user    /proc/PID/maps + ELF       libc.so.6`__read+0x12
 *
 * Tables are read once, when first needed, and kept.
 */
#ifndef DT_SYM_H
#define DT_SYM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct dt_ksym {
	uint64_t	ks_addr;
	char		*ks_name;
	const char	*ks_mod;	/* "vmlinux" or the module */
};

struct dt_symtab {
	struct dt_ksym	*st_ksyms;	/* sorted by address */
	size_t		st_nksyms;
	int		st_kloaded;	/* 0: not yet; 1: done; -1: failed */
	const char	*st_kallsyms;	/* path; tests point elsewhere */
	struct dt_uobj	*st_uobjs;	/* user objects read so far */
	struct dt_umaps	*st_maps;	/* kept for when they have exited */
};

void dt_symtab_init(struct dt_symtab *st);
void dt_symtab_fini(struct dt_symtab *st);

/* "mod`func+0xoff", "mod`func" or "0x..." for a kernel address. */
void dt_sym_kernel(struct dt_symtab *st, uint64_t pc, char *buf, size_t len);

/* As sym( ), func( ) or mod( ) print it: how is a DT_SYM_* value. */
void dt_sym_kernel_as(struct dt_symtab *st, int how, uint64_t pc, char *buf,
		      size_t len);

/*
 * As ufunc( ), usym( ), uaddr( ) or umod( ) print it (how: DT_SYM_UADDR
 * and up): addr in process pid, named as ustack( ) names a frame;
 * "0x..." for a pid of 0 or an address no file mapping covers.
 */
void dt_sym_user_as(struct dt_symtab *st, int how, uint64_t pid,
		    uint64_t addr, char *buf, size_t len);

/*
 * The address that stands for addr in an aggregation key of kind how,
 * so that those that name alike are one key, as illumos makes them:
 * for ufunc( ) and usym( ) its symbol's, for umod( ) its file's lowest
 * mapping; addr itself for uaddr( ), or when there is no such symbol or
 * mapping.
 */
uint64_t dt_sym_user_canon(struct dt_symtab *st, int how, uint64_t pid,
			   uint64_t addr);

/*
 * A recorded value of kind how (DT_SYM_*, not 0) at words, as the
 * functions above print it: one word, the address; a user symbol's two,
 * the pid then the address.
 */
void dt_sym_value(struct dt_symtab *st, int how, const void *words,
		  char *buf, size_t len);

/*
 * Keep a copy of pid's maps (the -c/-p target, polled while it runs), so
 * its stacks still resolve after it has exited.
 */
void dt_sym_keep_maps(struct dt_symtab *st, pid_t pid);
/*
 * Take text (a copy) as pid's maps, in /proc/PID/maps's form: what
 * dt_sym_keep_maps( ) keeps, from elsewhere (tests). 0, or -1 on no
 * memory.
 */
int dt_sym_set_maps(struct dt_symtab *st, pid_t pid, const char *text);
/* The same once per pid: a process seen in a ustack( ) record. */
void dt_sym_note_pid(struct dt_symtab *st, pid_t pid);

/* The same for an address in process pid (its maps, or the kept copy). */
void dt_sym_user(struct dt_symtab *st, pid_t pid, uint64_t pc, char *buf,
		 size_t len);

/*
 * The frames of a stack( ) or ustack( ) record of n 8-byte words (ustack:
 * the pid first), as names, to fn in order; the first zero PC ends it.
 * With st NULL, frames print as bare addresses.
 */
void dt_sym_stack(struct dt_symtab *st, const void *words, uint32_t n,
		  int user, void (*fn)(void *arg, const char *frame),
		  void *arg);

/*
 * One line of /proc/PID/maps: "START-END PERMS OFFSET DEV INODE [PATH]".
 * dt_maps_next reads the next line that parses from @fp into *@line
 * (getline's buffer: any length) and fills @e, its path pointing into
 * the line ("" for an anonymous mapping); 0 at the end.
 */
struct dt_mapent {
	uint64_t	me_start, me_end, me_off;
	const char	*me_path;
};
int dt_maps_next(FILE *fp, char **line, size_t *cap, struct dt_mapent *e);

/* For dt_sym_stack: a frame as DTrace prints it, to the FILE * arg. */
void dt_sym_print_frame(void *fp, const char *frame);

#endif /* DT_SYM_H */
