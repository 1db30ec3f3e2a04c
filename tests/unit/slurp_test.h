/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A whole file as a string, for tests that compare one: malloc'd and
 * NUL-terminated, or NULL if it cannot be opened.
 */
#ifndef _SLURP_TEST_H
#define _SLURP_TEST_H

#include <stdio.h>
#include <stdlib.h>

static inline char *slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *s;
	long n;

	if (!fp)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	s = calloc(1, (size_t)n + 1);
	if (s && fread(s, 1, (size_t)n, fp) != (size_t)n)
		s[0] = '\0';
	fclose(fp);
	return s;
}

#endif /* _SLURP_TEST_H */
