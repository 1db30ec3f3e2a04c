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

/* The same for a file whose size is not known (/proc/self/maps). */
static inline char *slurp_stream(const char *path)
{
	FILE *fp = fopen(path, "r");
	size_t n = 0, cap = 4096, got;
	char *s = NULL, *t;

	if (!fp)
		return NULL;
	for (;;) {
		t = realloc(s, cap + 1);
		if (!t) {
			free(s);
			s = NULL;
			break;
		}
		s = t;
		got = fread(s + n, 1, cap - n, fp);
		n += got;
		if (n < cap)
			break;
		cap *= 2;
	}
	fclose(fp);
	if (s)
		s[n] = '\0';
	return s;
}

#endif /* _SLURP_TEST_H */
