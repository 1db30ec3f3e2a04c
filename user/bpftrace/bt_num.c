// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's integer literals as 0.27 reads them: 1_000, 0x1f, 017
 * (octal), 1e6 (a coefficient of 1-9), the C suffixes u, l, ul, ll, ull
 * and the durations ns, us, ms, s, m, h, d (a value in nanoseconds).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bt_parse.h"
#include "dt_rows.h"

#define OVERFLOW	"overflow error, maximum value is %llu: %s"
#define COEFFICIENT	"coefficient part of scientific literal must be 1-9: %s"

static const struct bt_suffix {
	const char	*suffix;
	uint64_t	max;
	uint64_t	mult;
} bt_suffixes[] = {
	{ "", UINT64_MAX, 1 },
	{ "u", UINT_MAX, 1 },
	{ "ul", ULONG_MAX, 1 },
	{ "ull", ULLONG_MAX, 1 },
	{ "l", LONG_MAX, 1 },
	{ "ll", LLONG_MAX, 1 },
	{ "ns", UINT64_MAX, 1 },
	{ "us", UINT64_MAX, 1000 },
	{ "ms", UINT64_MAX, 1000000 },
	{ "s", UINT64_MAX, 1000000000ull },
	{ "m", UINT64_MAX, 60000000000ull },
	{ "h", UINT64_MAX, 3600000000000ull },
	{ "d", UINT64_MAX, 86400000000000ull },
};

static int bt_num_err(struct bt_num_err *err, size_t off, size_t len,
		      const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	err->off = off;
	err->len = len;
	return -1;
}

/* bpftrace's to_uint(): num's digits in base (0: by its prefix) */
static int bt_num_value(const char *num, int base, uint64_t *val,
			struct bt_num_err *err)
{
	const struct bt_suffix *sfx;
	char n[128], *end;
	size_t i, k = 0, len = strlen(num);
	unsigned long long v, e;

	for (i = 0; num[i]; i++) {
		if (num[i] == '_')
			continue;
		/* 127 digits are past any uint64's */
		if (k == sizeof(n) - 1)
			return bt_num_err(err, 0, len, OVERFLOW, UINT64_MAX,
					  num);
		n[k++] = num[i];
	}
	n[k] = '\0';
	if (base == 0 && k >= 2 && n[0] == '0') {
		if (n[1] == 'x' || n[1] == 'X')
			return bt_num_value(n + 2, 16, val, err);
		if (n[1] == 'b' || n[1] == 'B')
			return bt_num_value(n + 2, 2, val, err);
		if (n[1] >= '0' && n[1] <= '7')
			return bt_num_value(n + 1, 8, val, err);
	}
	errno = 0;
	v = strtoull(n, &end, base);
	if (end == n)
		return bt_num_err(err, 0, len, "invalid integer: %s", num);
	if (errno == ERANGE)
		return bt_num_err(err, 0, len, OVERFLOW, UINT64_MAX, num);
	if ((*end == 'e' || *end == 'E') && end[1] >= '1' && end[1] <= '9') {
		if (v < 1 || v > 9)
			return bt_num_err(err, 0, len, COEFFICIENT, num);
		e = strtoull(end + 1, &end, 10);
		while (e-- > 0) {
			if (v > UINT64_MAX / 10)
				return bt_num_err(err, 0, len, OVERFLOW,
						  UINT64_MAX, num);
			v *= 10;
		}
	}
	sfx = DT_ROW_FIND(bt_suffixes, end);
	if (!sfx)
		return bt_num_err(err, 0, len, "invalid trailing bytes: %s",
				  num);
	if (v > sfx->max / sfx->mult)
		return bt_num_err(err, 0, len, OVERFLOW, sfx->max, num);
	*val = v * sfx->mult;
	return 0;
}

/* The end of the digits (and '_') from p */
static size_t bt_num_run(const char *s, size_t p, int hex)
{
	while (s[p] == '_' || (hex ? isxdigit((unsigned char)s[p]) :
			       isdigit((unsigned char)s[p])))
		p++;
	return p;
}

/* How far bpftrace's lexer takes text as one number: its suffix's end. */
static size_t bt_num_suffix(const char *s, size_t p)
{
	if (strchr("num", s[p]) && s[p] && s[p + 1] == 's')
		return p + 2;
	if (s[p] && strchr("smhd", s[p]))
		return p + 1;
	if (s[p] == 'u' || s[p] == 'U')
		p++;
	else if (s[p] != 'l' && s[p] != 'L')
		return p;
	if (s[p] == 'l' || s[p] == 'L')
		p++;
	if (s[p] == 'l' || s[p] == 'L')
		p++;
	return p;
}

int bt_num_parse(const char *text, uint64_t *val, struct bt_num_err *err)
{
	size_t p, len = strlen(text);
	int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');

	p = bt_num_run(text, hex ? 2 : 0, hex);
	if (p > 0 && text[p - 1] == '_')
		goto underscore;
	if (!hex && (text[p] == 'e' || text[p] == 'E')) {
		p = bt_num_run(text, p + 1, 0);
		if (text[p - 1] == '_')
			goto underscore;
	}
	if (!hex)
		p = bt_num_suffix(text, p);
	if (p < len)
		return bt_num_err(err, p, len - p,
				  "invalid integer suffix '%s'", text + p);
	if (bt_num_value(text, 0, val, err)) {
		err->off = 0;
		err->len = len;
		return -1;
	}
	return 0;
underscore:
	return bt_num_err(err, p - 1, 1,
			  "trailing underscore in integer literal");
}
