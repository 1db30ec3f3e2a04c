// SPDX-License-Identifier: GPL-2.0
/*
 * ELF files of user space (libelf): function symbols and loadable
 * segments, for ustack() names and for the pid provider's sites.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_elf.h"

void dt_uobj_free(struct dt_uobj *o)
{
	size_t i;

	for (i = 0; i < o->uo_nsyms; i++)
		free(o->uo_syms[i].us_name);
	free(o->uo_syms);
	free(o->uo_loads);
	free(o->uo_path);
	free(o);
}

static int dt_usym_cmp(const void *a, const void *b)
{
	const struct dt_usym *x = a, *y = b;

	return x->us_addr < y->us_addr ? -1 : x->us_addr > y->us_addr;
}

/*
 * Add the function symbols of elf's symbol tables (only .symtab if
 * symtab_only) to o, unsorted. 0, or -1 without memory. The count comes
 * from the bytes libelf read, not from sh_size, which the file may make
 * anything.
 */
static int dt_elf_syms(struct dt_uobj *o, Elf *elf, bool symtab_only)
{
	size_t cap = o->uo_nsyms, esz = gelf_fsize(elf, ELF_T_SYM, 1,
						   EV_CURRENT), i;
	Elf_Scn *scn = NULL;

	if (!esz)
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB &&
						 (symtab_only ||
						  sh.sh_type != SHT_DYNSYM)))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data)
			continue;
		n = data->d_size / esz;
		if (n > INT_MAX)	/* gelf_getsym's index is an int */
			n = INT_MAX;
		for (i = 0; i < n; i++) {
			GElf_Sym sym;
			const char *name;
			struct dt_usym *u;

			if (!gelf_getsym(data, (int)i, &sym) ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
			    !sym.st_value)
				continue;
			name = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (!name || !*name)
				continue;
			if (o->uo_nsyms == cap) {
				void *np;

				cap = cap ? cap * 2 : 256;
				np = realloc(o->uo_syms, cap * sizeof(*u));
				if (!np)
					return -1;
				o->uo_syms = np;
			}
			u = &o->uo_syms[o->uo_nsyms];
			u->us_addr = sym.st_value;
			u->us_size = sym.st_size;
			u->us_name = strdup(name);
			if (u->us_name)
				o->uo_nsyms++;
		}
	}
	return 0;
}

/* The PT_LOAD segments, grown as found: phnum is the file's to choose. */
static void dt_elf_loads(struct dt_uobj *o, Elf *elf)
{
	size_t nph, i, cap = 0;

	if (elf_getphdrnum(elf, &nph))
		return;
	for (i = 0; i < nph && i <= INT_MAX; i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (o->uo_nloads == cap) {
			void *np = realloc(o->uo_loads, (cap = cap ? cap * 2 : 4) *
					   sizeof(*o->uo_loads));

			if (!np)
				return;
			o->uo_loads = np;
		}
		o->uo_loads[o->uo_nloads++] = (struct dt_uload){
			ph.p_offset, ph.p_vaddr, ph.p_filesz };
	}
}

struct dt_uobj *dt_uobj_from_elf(const char *path, Elf *elf)
{
	struct dt_uobj *o = calloc(1, sizeof(*o));

	if (!o || !(o->uo_path = strdup(path))) {
		free(o);
		return NULL;
	}
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		return o;
	dt_elf_loads(o, elf);
	if (!dt_elf_syms(o, elf, false) && o->uo_nsyms)	/* not qsort(NULL) */
		qsort(o->uo_syms, o->uo_nsyms, sizeof(*o->uo_syms),
		      dt_usym_cmp);
	return o;
}

/* Read the function symbols and loadable segments of one ELF file. */
struct dt_uobj *dt_uobj_load(const char *path)
{
	struct dt_uobj *o;
	Elf *elf;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return dt_uobj_from_elf(path, NULL);	/* no symbols */
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	o = dt_uobj_from_elf(path, elf);
	if (elf)
		elf_end(elf);
	close(fd);
	return o;
}

int dt_elf_buildid_note(uint32_t type, const void *name, uint32_t namesz,
			const void *desc, uint32_t descsz, char *id,
			size_t len)
{
	const uint8_t *d = desc;
	size_t i;

	/* 64-bit sizes: descsz * 2 must not wrap to a small number */
	if (type != NT_GNU_BUILD_ID || namesz != 4 || memcmp(name, "GNU", 4) ||
	    !descsz || (size_t)descsz * 2 >= len)
		return -1;
	for (i = 0; i < descsz; i++)
		snprintf(id + 2 * i, 3, "%02x", d[i]);
	return 0;
}

bool dt_elf_symtab_buildid(Elf *elf, char *id, size_t len)
{
	Elf_Scn *scn = NULL;
	bool symtab = false;

	*id = '\0';
	while ((scn = elf_nextscn(elf, scn))) {
		size_t off = 0, next, name, desc;
		Elf_Data *data;
		GElf_Shdr sh;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh))
			continue;
		symtab |= sh.sh_type == SHT_SYMTAB;
		if (sh.sh_type != SHT_NOTE || !(data = elf_getdata(scn, NULL)))
			continue;
		/* gelf_getnote checks that name and desc lie in d_buf */
		while (!*id && (next = gelf_getnote(data, off, &nh, &name,
						    &desc)) > off) {
			const char *b = data->d_buf;

			dt_elf_buildid_note(nh.n_type, b + name, nh.n_namesz,
					    b + desc, nh.n_descsz, id, len);
			off = next;
		}
	}
	return symtab;
}

void dt_uobj_load_debug(struct dt_uobj *o)
{
	char id[129], path[256];
	size_t n = o->uo_nsyms, i;
	struct dt_usym *keep = o->uo_syms;
	Elf *elf, *dbg = NULL;
	int fd, dfd = -1;

	fd = open(o->uo_path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF ||
	    dt_elf_symtab_buildid(elf, id, sizeof(id)) || strlen(id) < 4)
		goto out;
	snprintf(path, sizeof(path), "/usr/lib/debug/.build-id/%.2s/%s.debug",
		 id, id + 2);
	dfd = open(path, O_RDONLY | O_CLOEXEC);
	if (dfd < 0)
		goto out;
	dbg = elf_begin(dfd, ELF_C_READ, NULL);
	if (!dbg || elf_kind(dbg) != ELF_K_ELF)
		goto out;
	/* its .symtab has what .dynsym has, and the local functions */
	o->uo_syms = NULL;
	o->uo_nsyms = 0;
	if (dt_elf_syms(o, dbg, true) || !o->uo_nsyms) {
		for (i = 0; i < o->uo_nsyms; i++)
			free(o->uo_syms[i].us_name);
		free(o->uo_syms);
		o->uo_syms = keep;
		o->uo_nsyms = n;
		goto out;
	}
	for (i = 0; i < n; i++)
		free(keep[i].us_name);
	free(keep);
	qsort(o->uo_syms, o->uo_nsyms, sizeof(*o->uo_syms), dt_usym_cmp);
out:
	if (dbg)
		elf_end(dbg);
	if (dfd >= 0)
		close(dfd);
	if (elf)
		elf_end(elf);
	close(fd);
}

int dt_uobj_vaddr_to_off(const struct dt_uobj *o, uint64_t va,
			 uint64_t *off)
{
	size_t i;

	for (i = 0; i < o->uo_nloads; i++) {
		const struct dt_uload *l = &o->uo_loads[i];

		/* no sum that the file's values could wrap */
		if (va >= l->ul_vaddr && va - l->ul_vaddr < l->ul_filesz) {
			*off = va - l->ul_vaddr + l->ul_off;
			return 0;
		}
	}
	return -1;
}

const struct dt_usym *dt_uobj_sym_at(const struct dt_uobj *o, uint64_t va)
{
	size_t lo = 0, hi = o->uo_nsyms;
	const struct dt_usym *u;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (o->uo_syms[mid].us_addr <= va)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	u = &o->uo_syms[lo - 1];
	return !u->us_size || va - u->us_addr < u->us_size ? u : NULL;
}
