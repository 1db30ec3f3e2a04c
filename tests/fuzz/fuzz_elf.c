// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: an ELF file, as any process may map one and have
 * its ustack( ) printed or its functions probed, read from memory by
 * libelf into a dt_uobj (PT_LOAD segments, .symtab and .dynsym
 * function symbols) and searched for its GNU build ID; then every
 * symbol and segment is looked up again. Nothing may crash, hang, leak
 * or read outside the input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gelf.h>

#include "dt_elf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size ? size : 1), id[129];
	struct dt_uobj *o;
	uint64_t off;
	Elf *elf;
	size_t i;

	if (!buf)
		return 0;
	memcpy(buf, data, size);	/* libelf may write to its image */
	elf_version(EV_CURRENT);
	elf = elf_memory(buf, size);
	o = dt_uobj_from_elf("fuzz", elf);
	if (elf && elf_kind(elf) == ELF_K_ELF) {
		dt_elf_symtab_buildid(elf, id, sizeof(id));
		if (strlen(id) >= sizeof(id) || strlen(id) % 2)
			__builtin_trap();
	}
	for (i = 0; o && i < o->uo_nsyms; i++) {
		const struct dt_usym *u = &o->uo_syms[i];

		if (i && u[-1].us_addr > u->us_addr)
			__builtin_trap();	/* sorted */
		if (!dt_uobj_sym_at(o, u->us_addr) ||
		    strlen(u->us_name) == 0)
			__builtin_trap();
		dt_uobj_sym_at(o, u->us_addr + u->us_size);
		dt_uobj_vaddr_to_off(o, u->us_addr, &off);
	}
	for (i = 0; o && i < o->uo_nloads; i++) {
		const struct dt_uload *l = &o->uo_loads[i];

		dt_uobj_vaddr_to_off(o, l->ul_vaddr + l->ul_filesz - 1, &off);
	}
	if (o)
		dt_uobj_free(o);
	if (elf)
		elf_end(elf);
	free(buf);
	return 0;
}
