// SPDX-License-Identifier: GPL-2.0
/*
 * struct and union definitions between a bpftrace script's probes:
 *
 *   struct conn { int fd; char name[16]; struct conn *next; };
 *   uprobe:./server:handle { $c = (struct conn *)arg0; ... }
 *
 * bpftrace hands them to clang; here they are C's subset that D
 * declares, so each is cut out of the text the lexer reads (left
 * blank, its newlines kept) and given to D's parser in a text of its
 * own, at the same lines and columns. Its types are then the script's,
 * before the kernel's of the same name, as in a D script. The kernel's
 * fixed-size integer names (u64, __u32, s8, ...), which the headers
 * bpftrace's scripts include give them, are declared first.
 */
#define _GNU_SOURCE	/* memmem */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_error.h"
#include "dt_pcb.h"

static const char bt_sou_ints[] =
	"typedef unsigned char u8; typedef unsigned short u16;"
	"typedef unsigned int u32; typedef unsigned long long u64;"
	"typedef signed char s8; typedef short s16;"
	"typedef int s32; typedef long long s64;"
	"typedef u8 __u8; typedef u16 __u16; typedef u32 __u32;"
	"typedef u64 __u64; typedef s8 __s8; typedef s16 __s16;"
	"typedef s32 __s32; typedef s64 __s64;";

/* Past a string literal or a comment at s[i], or i if none starts. */
static size_t bt_sou_skip(const char *s, size_t len, size_t i)
{
	if (s[i] == '"') {
		for (i++; i < len && s[i] != '"' && s[i] != '\n'; i++)
			if (s[i] == '\\' && i + 1 < len)
				i++;
		return i < len ? i + 1 : len;
	}
	if (i + 1 < len && s[i] == '/' && s[i + 1] == '*') {
		const char *e = i + 2 < len ?
			memmem(s + i + 2, len - i - 2, "*/", 2) : NULL;

		return e ? (size_t)(e - s) + 2 : len;
	}
	if (i + 1 < len && s[i] == '/' && s[i + 1] == '/') {
		const char *e = memchr(s + i, '\n', len - i);

		return e ? (size_t)(e - s) : len;
	}
	return i;
}

static bool bt_sou_idch(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * At s[i], at the top level: "struct NAME {" or "union NAME {". The
 * index of its '{', or 0.
 */
static size_t bt_sou_start(const char *s, size_t len, size_t i)
{
	size_t kw = len - i > 6 && !memcmp(s + i, "struct", 6) ? 6 :
		    len - i > 5 && !memcmp(s + i, "union", 5) ? 5 : 0;
	size_t j = i + kw;

	if (!kw || (i && bt_sou_idch(s[i - 1])) || j >= len ||
	    !isspace((unsigned char)s[j]))
		return 0;
	while (j < len && isspace((unsigned char)s[j]))
		j++;
	if (j >= len || !(isalpha((unsigned char)s[j]) || s[j] == '_'))
		return 0;
	while (j < len && bt_sou_idch(s[j]))
		j++;
	while (j < len && isspace((unsigned char)s[j]))
		j++;
	return j < len && s[j] == '{' ? j : 0;
}

/* Past the '}' that closes the '{' at s[open], and a ';' after it. */
static size_t bt_sou_end(const char *s, size_t len, size_t open)
{
	size_t i = open, n;
	int depth = 0;

	while (i < len) {
		n = bt_sou_skip(s, len, i);
		if (n != i) {
			i = n;
			continue;
		}
		if (s[i] == '{')
			depth++;
		else if (s[i] == '}' && --depth == 0)
			break;
		i++;
	}
	if (i == len)
		return len;
	for (n = i + 1; n < len && isspace((unsigned char)s[n]); n++)
		;
	return n < len && s[n] == ';' ? n + 1 : i + 1;
}

int bt_sou_defs(struct dt_pcb *pcb, char *src, size_t len)
{
	char *defs = NULL;
	size_t i = 0, n, open, end, k;
	int depth = 0, rc;

	while (i < len) {
		n = bt_sou_skip(src, len, i);
		if (n != i) {
			i = n;
			continue;
		}
		open = depth ? 0 : bt_sou_start(src, len, i);
		if (!open) {
			depth += src[i] == '{' ? 1 : src[i] == '}' ? -1 : 0;
			i++;
			continue;
		}
		if (!defs) {
			defs = malloc(len + 1);
			if (!defs)
				return dt_error(pcb, NULL, "D_NOMEM",
						"out of memory");
			for (k = 0; k < len; k++)
				defs[k] = src[k] == '\n' ? '\n' : ' ';
			defs[len] = '\0';
		}
		end = bt_sou_end(src, len, open);
		for (k = i; k < end; k++) {
			defs[k] = src[k];
			if (src[k] != '\n')
				src[k] = ' ';
		}
		i = end;
	}
	if (!defs)
		return 0;
	rc = dt_parse_types_text(pcb, bt_sou_ints, strlen(bt_sou_ints)) ||
	     dt_parse_types_text(pcb, defs, len);
	free(defs);
	return rc;
}
