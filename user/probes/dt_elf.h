/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One ELF file's function symbols and PT_LOAD segments, read once.
 */
#ifndef DT_ELF_H
#define DT_ELF_H

#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dt_usym {
	uint64_t	us_addr, us_size;
	char		*us_name;
};

struct dt_uload {
	uint64_t	ul_off, ul_vaddr, ul_filesz;
};

struct dt_uobj {
	struct dt_uobj	*uo_next;
	char		*uo_path;
	struct dt_usym	*uo_syms;	/* sorted by address */
	size_t		uo_nsyms;
	struct dt_uload	*uo_loads;
	size_t		uo_nloads;
};

/* Read @path; a file that cannot be read gives an object with nothing. */
struct dt_uobj *dt_uobj_load(const char *path);
void dt_uobj_free(struct dt_uobj *o);
/* The same from an open @elf (a file's or a buffer's), named @path. */
struct dt_uobj *dt_uobj_from_elf(const char *path, Elf *elf);
/*
 * A stripped file's whole symbol table instead of its .dynsym, from the
 * detached debug file its build ID names (Debian's -dbg packages:
 * /usr/lib/debug/.build-id/NN/REST.debug), as bcc and gdb find
 * it: for ustack( ) names such as libc's __libc_start_call_main.
 */
void dt_uobj_load_debug(struct dt_uobj *o);
/*
 * Whether @elf has a .symtab; its GNU build ID in hex into @id ("" if
 * none, or if @len cannot hold it).
 */
bool dt_elf_symtab_buildid(Elf *elf, char *id, size_t len);
/* One note: 0 and the hex into @id if it is a build ID that fits. */
int dt_elf_buildid_note(uint32_t type, const void *name, uint32_t namesz,
			const void *desc, uint32_t descsz, char *id,
			size_t len);
/* The file offset of virtual address @va, or -1 if no segment holds it. */
int dt_uobj_vaddr_to_off(const struct dt_uobj *o, uint64_t va,
			 uint64_t *off);
/* The function symbol holding @va, or NULL. */
const struct dt_usym *dt_uobj_sym_at(const struct dt_uobj *o, uint64_t va);

#endif /* DT_ELF_H */
