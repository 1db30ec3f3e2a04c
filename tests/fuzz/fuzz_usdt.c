// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: USDT probes. An input that starts as ELF does ("\x7f")
 * is a file whose .note.stapsdt notes are read as the pid provider reads
 * them (every probe of provider "fz" offered as a site); any other input
 * is an argument spec string ("-4@%eax 8@-8(%rbp)"). Sites are offered
 * to no device: the batch is only filled.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gelf.h>

#include "dt_pid.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fz_args(const uint8_t *data, size_t size)
{
	struct dtrace_uprobe_arg a[DTRACE_UPROBE_NARGS];
	char *spec = malloc(size + 1);
	int i;

	if (!spec)
		return;
	memcpy(spec, data, size);
	spec[size] = '\0';
	dt_usdt_args(spec, a, DTRACE_UPROBE_NARGS);
	for (i = 0; i < DTRACE_UPROBE_NARGS; i++)
		if (a[i].ua_kind != DTRACE_UARG_NONE &&
		    a[i].ua_size != 1 && a[i].ua_size != -1 &&
		    a[i].ua_size != 2 && a[i].ua_size != -2 &&
		    a[i].ua_size != 4 && a[i].ua_size != -4 &&
		    a[i].ua_size != 8 && a[i].ua_size != -8)
			__builtin_trap();
	free(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct dtrace_uprobe_site v[DT_PID_BATCH];
	static const struct dtrace_probedesc any;	/* "" matches all */
	struct dt_sites s = { .devfd = -1, .v = v, .desc = &any,
			      .prov = "fz1", .pid = 1, .usdt = "fz" };
	char *buf;
	Elf *elf;

	if (!size || data[0] != 0x7f) {
		fz_args(data, size);
		return 0;
	}
	buf = malloc(size);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	elf_version(EV_CURRENT);
	elf = elf_memory(buf, size);
	if (elf) {
		dt_usdt_elf(&s, elf, "fuzz", -1, "fuzz");
		elf_end(elf);
	}
	free(buf);
	return 0;
}
