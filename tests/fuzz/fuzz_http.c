// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: an HTTP request as any client of -x prometheus may
 * send it, parsed as the server parses what it has received so far
 * (every prefix, as bytes arrive one recv( ) at a time).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dt_http.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t len = size < DT_HTTP_REQMAX ? size : DT_HTTP_REQMAX, n;
	char *buf = malloc(len ? len : 1);	/* exact: ASan sees overreads */
	bool head;
	int st;

	if (!buf)
		return 0;
	memcpy(buf, data, len);
	for (n = len > 64 ? len - 64 : 0; n <= len; n++) {
		st = dt_http_parse(buf, n, &head);
		if (st != 0 && st != 200 && st != 400 && st != 404 &&
		    st != 405 && st != 431)
			__builtin_trap();
		if (n == DT_HTTP_REQMAX && !st)
			__builtin_trap();	/* a full buffer is an answer */
		if (head && (n < 5 || memcmp(buf, "HEAD ", 5)))
			__builtin_trap();
	}
	free(buf);
	return 0;
}
