// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: /proc/PID/maps text, whose paths any process
 * chooses, read line by line as the symbol and pid code read it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_sym.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *line = NULL;
	struct dt_mapent e;
	size_t cap = 0;
	FILE *fp;

	if (!size)
		return 0;
	text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data, size);
	fp = fmemopen(text, size, "r");
	while (fp && dt_maps_next(fp, &line, &cap, &e))
		if (e.me_path < line || e.me_path > line + strlen(line))
			__builtin_trap();	/* inside the line */
	if (fp)
		fclose(fp);
	free(line);
	free(text);
	return 0;
}
