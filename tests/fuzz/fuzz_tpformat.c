// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: a tracefs event's format file, parsed into the
 * fields the tracepoint provider types args-> with. What a field
 * claims (offset, size, count) must stay within what the parser
 * promises, whatever the text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dt_tracefs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct dt_tpformat f;
	int i;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (dt_tpformat_parse(text, &f) == 0) {
		for (i = 0; i < f.n; i++) {
			const struct dt_tpfield *d = &f.fields[i];

			if (d->f_off > 65535 || !d->f_size ||
			    d->f_size > 65535 ||
			    strnlen(d->f_name, sizeof(d->f_name)) ==
			    sizeof(d->f_name) || !d->f_name[0] ||
			    (d->f_kind == DT_TPF_ARRAY &&
			     d->f_size % d->f_nelems))
				__builtin_trap();
		}
		dt_tpformat_free(&f);
	}
	free(text);
	return 0;
}
