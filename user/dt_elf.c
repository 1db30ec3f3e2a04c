// SPDX-License-Identifier: GPL-2.0
/*
 * ELF files of user space (libelf): function symbols and loadable
 * segments, for ustack() names and for the pid provider's sites.
 */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
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

/* Read the function symbols and loadable segments of one ELF file. */
struct dt_uobj *dt_uobj_load(const char *path)
{
	struct dt_uobj *o = calloc(1, sizeof(*o));
	size_t cap = 0, nph, i;
	Elf_Scn *scn = NULL;
	Elf *elf;
	int fd;

	if (!o || !(o->uo_path = strdup(path))) {
		free(o);
		return NULL;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return o;	/* remembered as having no symbols */
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		goto out;
	if (elf_getphdrnum(elf, &nph) == 0) {
		o->uo_loads = calloc(nph ? nph : 1, sizeof(*o->uo_loads));
		for (i = 0; o->uo_loads && i < nph; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD)
				o->uo_loads[o->uo_nloads++] = (struct dt_uload){
					ph.p_offset, ph.p_vaddr, ph.p_filesz };
		}
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB &&
						 sh.sh_type != SHT_DYNSYM))
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !sh.sh_entsize)
			continue;
		n = sh.sh_size / sh.sh_entsize;
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
					goto out;
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
	qsort(o->uo_syms, o->uo_nsyms, sizeof(*o->uo_syms), dt_usym_cmp);
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return o;
}

int dt_uobj_vaddr_to_off(const struct dt_uobj *o, uint64_t va,
			 uint64_t *off)
{
	size_t i;

	for (i = 0; i < o->uo_nloads; i++) {
		const struct dt_uload *l = &o->uo_loads[i];

		if (va >= l->ul_vaddr && va < l->ul_vaddr + l->ul_filesz) {
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
	return !u->us_size || va < u->us_addr + u->us_size ? u : NULL;
}
