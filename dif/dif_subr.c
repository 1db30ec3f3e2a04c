// SPDX-License-Identifier: GPL-2.0
/*
 * DIF subroutines, called by CALL with their arguments on the tuple
 * stack (ms->tuple[0..ntuple)).
 *
 * Probe-context rules as in dif_impl.h. Strings come in through
 * dif_str_get() (bounded by strsize, or the PUSHTS bound) and go out to
 * scratch through dif_str_result(); a full scratch is NOSCRATCH. Where
 * DTrace returns a pointer into an argument (strchr, strstr, ...), so do
 * these: the argument's address plus an offset.
 *
 * Each call charges the firing's budget DIF_COST_CALL, its string
 * arguments the bytes read (in dif_str_get()), and every further pass
 * over them what it does, before or while doing it.
 */
#include "dif_impl.h"

struct dif_sarg {
	const char	*s;	/* its bytes: not NUL-terminated, use len */
	u32		len;
};

/* String argument i; false after a fault. */
static bool dif_subr_str(struct dif_mstate *ms, u32 i, struct dif_sarg *a)
{
	a->s = dif_str_get(ms, ms->tuple[i].dt_value, ms->tuple[i].dt_size,
			   false, &a->len);
	return a->s != NULL;
}

/* Charge the search this often: it stops soon after the budget does. */
#define DIF_FIND_CHARGE	4096

/*
 * First (or last) position of t (not empty) in s, or -1; -2 once the
 * budget runs out. Up to strsize^2 steps: each is charged, a position
 * whose first byte differs 1, a comparison the bytes it may read.
 */
static s64 dif_subr_sarg_find(struct dif_mstate *ms, const struct dif_sarg *s,
			      const struct dif_sarg *t, bool last)
{
	u64 work = 0;
	s64 i, n;

	if (t->len > s->len)
		return -1;
	n = (s64)(s->len - t->len);
	for (i = 0; i <= n; i++) {
		s64 at = last ? n - i : i;

		if (work >= DIF_FIND_CHARGE) {
			if (!dif_budget_charge(ms, work))
				return -2;
			work = 0;
		}
		work++;
		if (s->s[at] != t->s[0])
			continue;
		work += t->len;
		if (memcmp(s->s + at, t->s, t->len) == 0)
			break;
	}
	if (!dif_budget_charge(ms, work))
		return -2;
	return i <= n ? (last ? n - i : i) : -1;
}

static u64 dif_subr_strjoin(struct dif_mstate *ms, u32 mark)
{
	u32 strsize = dif_strsize(ms), n1, n2;
	struct dif_sarg a, b;
	char *out;

	if (!dif_subr_str(ms, 0, &a) || !dif_subr_str(ms, 1, &b))
		return 0;
	n1 = a.len < strsize ? a.len : strsize;
	n2 = b.len < strsize - n1 ? b.len : strsize - n1;
	out = (char *)dif_scratch_alloc(ms, (u64)n1 + n2 + 1, false);
	if (!out)
		return 0;
	/* a or b may be stale bytes in scratch that out now covers */
	memmove(out, a.s, n1);
	memmove(out + n1, b.s, n2);
	return dif_str_result(ms, mark, out, n1 + n2);
}

/*
 * substr(s, index, length): a negative index counts from the end, a
 * negative length leaves that many bytes off the end; both are clipped
 * to the string. (The two-argument form passes length >= strsize.)
 */
static u64 dif_subr_substr(struct dif_mstate *ms, u32 mark)
{
	s64 i = (s64)ms->tuple[1].dt_value, n = (s64)ms->tuple[2].dt_value;
	struct dif_sarg a;
	s64 len;

	if (!dif_subr_str(ms, 0, &a))
		return 0;
	len = a.len;
	if (i < 0 && i >= -len) {
		i += len;
	} else if (i < 0) {
		/* Starts before the string: keep what of n reaches it. */
		s64 before = -(i + len);

		n = n > before ? n - before : 0;
		i = 0;
	}
	if (i >= len)
		n = 0;
	else if (n < 0)
		n = n < i - len ? 0 : n + len - i;
	else if (n > len - i)
		n = len - i;
	return dif_str_result(ms, mark, a.s + i, (u32)n);
}

/*
 * index(s, t [, start]) and rindex(s, t [, start]): index searches
 * forward from start (a negative start is 0), rindex backward from it
 * (a negative start finds nothing; one past the last place t fits is
 * that place). Without start, index starts at 0 and rindex at the end.
 */
static u64 dif_subr_index(struct dif_mstate *ms, bool last, bool has_start)
{
	s64 start = has_start ? (s64)ms->tuple[2].dt_value : 0;
	struct dif_sarg a, b, tail;
	s64 i;

	if (!dif_subr_str(ms, 0, &a) || !dif_subr_str(ms, 1, &b))
		return 0;
	if (!has_start && last)
		start = a.len;
	if (last) {
		if (start < 0)
			return (u64)-1;
		if (b.len > a.len)
			return (u64)-1;
		if (start > (s64)(a.len - b.len))
			start = a.len - b.len;
		if (b.len == 0)
			return (u64)start;
		/* the last match that starts at or before start */
		tail.s = a.s;
		tail.len = (u32)start + b.len;
		return (u64)dif_subr_sarg_find(ms, &tail, &b, true);
	}
	if (start < 0)
		start = 0;
	if (start > a.len)
		return (u64)-1;
	if (b.len == 0)
		return (u64)start;
	tail.s = a.s + start;
	tail.len = a.len - (u32)start;
	i = dif_subr_sarg_find(ms, &tail, &b, false);
	return (u64)(i < 0 ? i : i + start);
}

/* strchr/strrchr: the address of c in s, or 0; c may be its NUL. */
static u64 dif_subr_strchr(struct dif_mstate *ms, bool last)
{
	char c = (char)ms->tuple[1].dt_value;
	struct dif_sarg a;
	s64 i, found = -1;

	if (!dif_subr_str(ms, 0, &a))
		return 0;
	if (c == '\0')
		return ms->tuple[0].dt_value + a.len;
	if (!dif_budget_charge(ms, a.len))
		return 0;
	for (i = 0; i < a.len; i++) {
		if (a.s[i] == c) {
			found = i;
			if (!last)
				break;
		}
	}
	return found < 0 ? 0 : ms->tuple[0].dt_value + (u64)found;
}

static u64 dif_subr_strstr(struct dif_mstate *ms)
{
	struct dif_sarg a, b;
	s64 i;

	if (!dif_subr_str(ms, 0, &a) || !dif_subr_str(ms, 1, &b))
		return 0;
	if (b.len == 0)
		return ms->tuple[0].dt_value;
	i = dif_subr_sarg_find(ms, &a, &b, false);
	return i < 0 ? 0 : ms->tuple[0].dt_value + (u64)i;
}

/* The delimiters as a bitmap: strtok() is linear in its strings. */
struct dif_delims {
	u8	map[32];
};

static void dif_subr_delims(struct dif_delims *d, const struct dif_sarg *a)
{
	u32 i;

	memset(d->map, 0, sizeof(d->map));
	for (i = 0; i < a->len; i++)
		d->map[(u8)a->s[i] / 8] |= 1 << ((u8)a->s[i] % 8);
}

static bool dif_subr_isdelim(const struct dif_delims *d, char c)
{
	return d->map[(u8)c / 8] & (1 << ((u8)c % 8));
}

/*
 * strtok(s, delims): a token of s, or with s NULL of the string the last
 * call worked on, from where it stopped. The position lives in the
 * mstate, for one probe firing.
 */
static u64 dif_subr_strtok(struct dif_mstate *ms, u32 mark)
{
	u64 addr = ms->tuple[0].dt_value;
	struct dif_delims delims;
	struct dif_sarg s, d;
	u32 i, j;

	if (!addr)
		addr = ms->strtok_addr;
	if (!addr)
		return 0;
	if (!dif_subr_str(ms, 1, &d))
		return 0;
	dif_subr_delims(&delims, &d);
	s.s = dif_str_get(ms, addr, 0, false, &s.len);
	if (!s.s || !dif_budget_charge(ms, d.len))
		return 0;
	for (i = 0; i < s.len && dif_subr_isdelim(&delims, s.s[i]); i++)
		;
	if (i == s.len) {
		ms->strtok_addr = 0;
		ms->scratch_used = mark;
		return 0;
	}
	for (j = i; j < s.len && !dif_subr_isdelim(&delims, s.s[j]); j++)
		;
	ms->strtok_addr = addr + j;
	return dif_str_result(ms, mark, s.s + i, j - i);
}

/* basename and dirname, as the shell commands. */
static u64 dif_subr_path(struct dif_mstate *ms, u32 mark, bool dir)
{
	struct dif_sarg a;
	u32 end, start;

	if (!dif_subr_str(ms, 0, &a) || !dif_budget_charge(ms, a.len))
		return 0;
	end = a.len;
	while (end > 1 && a.s[end - 1] == '/')
		end--;
	if (end == 0)
		return dif_str_result(ms, mark, ".", 1);
	if (end == 1 && a.s[0] == '/')
		return dif_str_result(ms, mark, "/", 1);
	start = end;
	while (start > 0 && a.s[start - 1] != '/')
		start--;
	if (!dir)
		return dif_str_result(ms, mark, a.s + start, end - start);
	if (start == 0)
		return dif_str_result(ms, mark, ".", 1);
	while (start > 1 && a.s[start - 1] == '/')
		start--;
	return dif_str_result(ms, mark, a.s, start);
}

/*
 * cleanpath(s): s without "//", "/./" and "dir/..": a ".." that cannot
 * go further up stays (relative paths), "/.." is "/". One pass; a ".."
 * looks back over one component of what is written.
 */
static u64 dif_subr_cleanpath(struct dif_mstate *ms, u32 mark)
{
	struct dif_sarg a;
	bool abs;
	char *out;
	u32 i = 0, j = 0, k;

	if (!dif_subr_str(ms, 0, &a) || !dif_budget_charge(ms, 2ull * a.len))
		return 0;
	out = (char *)dif_scratch_alloc(ms, (u64)a.len + 1, false);
	if (!out)
		return 0;
	abs = a.len && a.s[0] == '/';
	while (i < a.len) {
		u32 rest;

		if (a.s[i] != '/') {
			out[j++] = a.s[i++];
			continue;
		}
		i++;
		rest = a.len - i;
		if (rest && a.s[i] == '/')
			continue;
		if (rest && a.s[i] == '.' && (rest == 1 || a.s[i + 1] == '/')) {
			i++;
			continue;
		}
		if (rest >= 2 && a.s[i] == '.' && a.s[i + 1] == '.' &&
		    (rest == 2 || a.s[i + 2] == '/')) {
			for (k = j; k > 0 && out[k - 1] != '/'; k--)
				;
			/* relative, with nothing to go up from: keep it */
			if (!abs && j == 0)
				continue;
			if (!abs && j - k == 2 && out[k] == '.' &&
			    out[k + 1] == '.') {
				out[j++] = '/';
				continue;
			}
			i += 2;
			j = k ? k - 1 : 0;
			continue;
		}
		if (j || abs)
			out[j++] = '/';
	}
	if (j == 0 && a.len)
		out[j++] = abs ? '/' : '.';
	return dif_str_result(ms, mark, out, j);
}

static u64 dif_subr_lltostr(struct dif_mstate *ms, u32 mark)
{
	s64 v = (s64)ms->tuple[0].dt_value;
	u64 m = v < 0 ? 0 - (u64)v : (u64)v;
	char buf[24];
	int i = sizeof(buf);

	do {
		buf[--i] = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	if (v < 0)
		buf[--i] = '-';
	return dif_str_result(ms, mark, buf + i, sizeof(buf) - i);
}

static u64 dif_subr_case(struct dif_mstate *ms, u32 mark, bool upper)
{
	struct dif_sarg a;
	char *out;
	u32 i;

	if (!dif_subr_str(ms, 0, &a) || !dif_budget_charge(ms, a.len))
		return 0;
	out = (char *)dif_scratch_alloc(ms, (u64)a.len + 1, false);
	if (!out)
		return 0;
	for (i = 0; i < a.len; i++) {
		char c = a.s[i];

		if (upper && c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		else if (!upper && c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		out[i] = c;
	}
	return dif_str_result(ms, mark, out, a.len);
}

/*
 * strtoll(s, base): as C's, from leading blanks, a sign and (base 16) a
 * "0x", to the first character that is not a digit of base; wrapping
 * on overflow, as DTrace's does. A base outside 2..36 is ILLOP.
 */
static u64 dif_subr_strtoll(struct dif_mstate *ms)
{
	u64 base = ms->tuple[1].dt_value, v = 0;
	struct dif_sarg a;
	bool neg = false;
	u32 i = 0;

	if (base < 2 || base > 36) {
		dif_fault(ms, DIF_FAULT_ILLOP, base);
		return 0;
	}
	if (!dif_subr_str(ms, 0, &a) || !dif_budget_charge(ms, a.len))
		return 0;
	while (i < a.len && (a.s[i] == ' ' || (a.s[i] >= '\t' &&
					      a.s[i] <= '\r')))
		i++;
	if (i < a.len && (a.s[i] == '-' || a.s[i] == '+'))
		neg = a.s[i++] == '-';
	if (base == 16 && i + 1 < a.len && a.s[i] == '0' &&
	    (a.s[i + 1] == 'x' || a.s[i + 1] == 'X'))
		i += 2;
	for (; i < a.len; i++) {
		char c = a.s[i];
		u64 d;

		if (c >= '0' && c <= '9')
			d = (u64)(c - '0');
		else if (c >= 'a' && c <= 'z')
			d = (u64)(c - 'a') + 10;
		else if (c >= 'A' && c <= 'Z')
			d = (u64)(c - 'A') + 10;
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
	}
	return neg ? -v : v;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define DIF_BE16(x)	((u16)(x))
#define DIF_BE32(x)	((u32)(x))
#define DIF_BE64(x)	((u64)(x))
#else
#define DIF_BE16(x)	__builtin_bswap16((u16)(x))
#define DIF_BE32(x)	__builtin_bswap32((u32)(x))
#define DIF_BE64(x)	__builtin_bswap64((u64)(x))
#endif

/* copyin(uaddr, size): a scratch copy of user memory. */
static u64 dif_subr_copyin(struct dif_mstate *ms)
{
	u64 size = ms->tuple[1].dt_value;
	u8 *buf = dif_scratch_alloc(ms, size, false);

	if (!buf || !dif_mem_read(ms, buf, ms->tuple[0].dt_value, (u32)size,
				  true))
		return 0;
	return dif_addr(buf);
}

/* copyinstr(uaddr [, maxlen]): at most maxlen bytes, and strsize. */
static u64 dif_subr_copyinstr(struct dif_mstate *ms, u32 mark, bool has_max)
{
	s64 max = has_max ? (s64)ms->tuple[1].dt_value : 0;
	const char *s;
	u32 len;

	if (has_max && max <= 0)
		return dif_str_result(ms, mark, "", 0);
	if (max > dif_strsize(ms))
		max = 0;
	s = dif_str_get(ms, ms->tuple[0].dt_value, (u32)max, true, &len);
	if (!s)
		return 0;
	return dif_str_result(ms, mark, s, len);
}

/*
 * join(argv, sep): the strings of a NULL-ended array of pointers in the
 * process (an execve's argv), joined with sep: bpftrace's join( ) of any
 * length. Bounded twice: strsize bytes in all, and DIF_JOIN_MAX
 * pointers (empty strings add nothing); every read is a nofault user
 * read, charged as any other.
 */
#define DIF_JOIN_MAX	1024

static u64 dif_subr_join(struct dif_mstate *ms, u32 mark)
{
	u32 strsize = dif_strsize(ms), n = 0, i, len, used;
	u64 argv = ms->tuple[0].dt_value;
	struct dif_sarg sep;
	const char *s;
	char *out;

	if (!dif_subr_str(ms, 1, &sep))
		return 0;
	out = (char *)dif_scratch_alloc(ms, (u64)strsize + 1, false);
	if (!out)
		return 0;
	used = ms->scratch_used;
	for (i = 0; i < DIF_JOIN_MAX && n < strsize; i++) {
		u64 p = 0;

		if (!dif_mem_read(ms, &p, argv + 8ull * i, 8, true))
			return 0;
		if (!p)
			break;
		if (i) {
			len = sep.len < strsize - n ? sep.len : strsize - n;
			memcpy(out + n, sep.s, len);
			n += len;
			if (n == strsize)
				break;
		}
		s = dif_str_get(ms, p, strsize - n, true, &len);
		if (!s)
			return 0;
		memcpy(out + n, s, len);
		n += len;
		ms->scratch_used = used;	/* the copy's scratch back */
	}
	return dif_str_result(ms, mark, out, n);
}

/*
 * copyout(buf, uaddr, nbytes) and copyoutstr(s, uaddr, maxlen): write to
 * the current process's memory, through dif_env_copyout( ), which
 * refuses unless the consumer allowed destructive actions. The bytes go
 * through scratch, so a source is read nofault like any other.
 */
static u64 dif_subr_copyout(struct dif_mstate *ms, bool str)
{
	u64 uaddr = ms->tuple[1].dt_value, size = ms->tuple[2].dt_value;
	const char *src;
	u8 *buf = NULL;
	u32 len;
	int rc;

	if (str) {
		src = dif_str_get(ms, ms->tuple[0].dt_value, 0, false, &len);
		if (!src)
			return 0;
		/* the string and its NUL, no more than maxlen */
		if ((u64)len + 1 < size)
			size = (u64)len + 1;
		if (size > len) {
			buf = dif_scratch_alloc(ms, size, false);
			if (!buf)
				return 0;
			memmove(buf, src, len);
			buf[len] = '\0';
			src = (const char *)buf;
		}
	} else {
		buf = dif_scratch_alloc(ms, size, false);
		if (!buf || !dif_mem_read(ms, buf, ms->tuple[0].dt_value,
					  (u32)size, false))
			return 0;
		src = (const char *)buf;
	}
	if (size == 0)
		return 0;
	if (!dif_budget_charge(ms, DIF_COST_COPY + size))
		return 0;
	rc = dif_env_copyout(ms, uaddr, src, (u32)size);
	if (rc)
		dif_fault(ms, rc == DIF_FAULT_UPRIV ? rc : DIF_FAULT_BADADDR,
			  uaddr);
	return 0;
}

/* copyinto(uaddr, size, dest) and bcopy(src, dest, size): into scratch. */
static u64 dif_subr_copyto(struct dif_mstate *ms, u64 src, u64 dest,
			   u64 size, bool user)
{
	u8 *d = dif_scratch_range(ms, dest, size);

	if (!d) {
		dif_fault(ms, DIF_FAULT_BADADDR, dest);
		return 0;
	}
	dif_mem_read(ms, d, src, (u32)size, user);
	return 0;
}

static u64 dif_subr_alloca(struct dif_mstate *ms)
{
	u8 *p = dif_scratch_alloc(ms, ms->tuple[0].dt_value, true);

	return p ? dif_addr(p) : 0;
}

static u64 dif_subr_dispatch(struct dif_mstate *ms, enum dif_subr subr,
			     u32 mark)
{
	const struct dif_tuple *a = ms->tuple;
	struct dif_sarg s;

	switch (subr) {
	case DIF_SUBR_STRLEN:
		return dif_subr_str(ms, 0, &s) ? s.len : 0;
	case DIF_SUBR_STRJOIN:
		return dif_subr_strjoin(ms, mark);
	case DIF_SUBR_SUBSTR:
		return dif_subr_substr(ms, mark);
	case DIF_SUBR_INDEX:
		return dif_subr_index(ms, false, false);
	case DIF_SUBR_RINDEX:
		return dif_subr_index(ms, true, false);
	case DIF_SUBR_INDEX_AT:
		return dif_subr_index(ms, false, true);
	case DIF_SUBR_RINDEX_AT:
		return dif_subr_index(ms, true, true);
	case DIF_SUBR_STRCHR:
		return dif_subr_strchr(ms, false);
	case DIF_SUBR_STRRCHR:
		return dif_subr_strchr(ms, true);
	case DIF_SUBR_STRSTR:
		return dif_subr_strstr(ms);
	case DIF_SUBR_STRTOK:
		return dif_subr_strtok(ms, mark);
	case DIF_SUBR_BASENAME:
		return dif_subr_path(ms, mark, false);
	case DIF_SUBR_DIRNAME:
		return dif_subr_path(ms, mark, true);
	case DIF_SUBR_LLTOSTR:
		return dif_subr_lltostr(ms, mark);
	case DIF_SUBR_TOUPPER:
		return dif_subr_case(ms, mark, true);
	case DIF_SUBR_TOLOWER:
		return dif_subr_case(ms, mark, false);
	case DIF_SUBR_HTONS:
	case DIF_SUBR_NTOHS:
		return DIF_BE16(a[0].dt_value);
	case DIF_SUBR_HTONL:
	case DIF_SUBR_NTOHL:
		return DIF_BE32(a[0].dt_value);
	case DIF_SUBR_HTONLL:
	case DIF_SUBR_NTOHLL:
		return DIF_BE64(a[0].dt_value);
	case DIF_SUBR_RAND:
		return dif_env_rand(ms);
	case DIF_SUBR_COPYIN:
		return dif_subr_copyin(ms);
	case DIF_SUBR_COPYINSTR:
		return dif_subr_copyinstr(ms, mark, false);
	case DIF_SUBR_COPYINSTR_MAX:
		return dif_subr_copyinstr(ms, mark, true);
	case DIF_SUBR_COPYOUT:
		return dif_subr_copyout(ms, false);
	case DIF_SUBR_COPYOUTSTR:
		return dif_subr_copyout(ms, true);
	case DIF_SUBR_INET_NTOA:
		return dif_subr_inet(ms, mark, 2);
	case DIF_SUBR_INET_NTOA6:
		return dif_subr_inet(ms, mark, 10);
	case DIF_SUBR_INET_NTOP:
		return dif_subr_inet(ms, mark, -1);
	case DIF_SUBR_CLEANPATH:
		return dif_subr_cleanpath(ms, mark);
	case DIF_SUBR_JOIN:
		return dif_subr_join(ms, mark);
	case DIF_SUBR_COPYINTO:
		return dif_subr_copyto(ms, a[0].dt_value, a[2].dt_value,
				       a[1].dt_value, true);
	case DIF_SUBR_ALLOCA:
		return dif_subr_alloca(ms);
	case DIF_SUBR_BCOPY:
		return dif_subr_copyto(ms, a[0].dt_value, a[1].dt_value,
				       a[2].dt_value, false);
	case DIF_SUBR_STRINGOF:
		return a[0].dt_value;
	case DIF_SUBR_PROGENYOF:
		return dif_env_progenyof(ms, a[0].dt_value);
	case DIF_SUBR_SPECULATION:
		return dif_env_speculation(ms);
	case DIF_SUBR_STACKID:
		return dif_env_stackid(ms, a[0].dt_value);
	case DIF_SUBR_GLOBAL_COUNT:
		return dif_dyn_count(ms, a[0].dt_value);
	case DIF_SUBR_STRTOLL:
		return dif_subr_strtoll(ms);
	case DIF_SUBR_MUTEX_OWNED:
	case DIF_SUBR_MUTEX_OWNER:
	case DIF_SUBR_MUTEX_TYPE_ADAPTIVE:
	case DIF_SUBR_MUTEX_TYPE_SPIN:
	case DIF_SUBR_RW_READ_HELD:
	case DIF_SUBR_RW_WRITE_HELD:
	case DIF_SUBR_RW_ISWRITER:
		return dif_subr_lock(ms, subr);
	case DIF_SUBR_LINK_NTOP:
		return dif_subr_link(ms, mark);
	case DIF_SUBR_COUNT:
		break;
	}
	dif_fault(ms, DIF_FAULT_ILLOP, subr);
	return 0;
}

/* Subroutines whose result lives in scratch: the rest give it all back. */
#define DIF_SUBR_SCRATCH						\
	(1ull << DIF_SUBR_STRJOIN | 1ull << DIF_SUBR_SUBSTR |		\
	 1ull << DIF_SUBR_STRTOK | 1ull << DIF_SUBR_BASENAME |		\
	 1ull << DIF_SUBR_DIRNAME | 1ull << DIF_SUBR_LLTOSTR |		\
	 1ull << DIF_SUBR_TOUPPER | 1ull << DIF_SUBR_TOLOWER |		\
	 1ull << DIF_SUBR_COPYIN | 1ull << DIF_SUBR_COPYINSTR |		\
	 1ull << DIF_SUBR_ALLOCA | 1ull << DIF_SUBR_COPYINSTR_MAX |	\
	 1ull << DIF_SUBR_INET_NTOA | 1ull << DIF_SUBR_INET_NTOA6 |	\
	 1ull << DIF_SUBR_INET_NTOP | 1ull << DIF_SUBR_CLEANPATH |		\
	 1ull << DIF_SUBR_JOIN | 1ull << DIF_SUBR_LINK_NTOP)
_Static_assert(DIF_SUBR_COUNT <= 64, "DIF_SUBR_SCRATCH is a u64");

/**
 * dif_subr_call() - run subroutine subr on the tuple stack
 * @ms:   the machine state; the arguments are ms->tuple[0..ntuple)
 * @subr: DIF_SUBR_*
 *
 * A tuple stack that does not hold exactly the subroutine's arguments is
 * BADSTACK (the verifier rules it out where it can see it). Scratch used
 * for temporary copies is given back; a fault gives back all of it.
 */
u64 dif_subr_call(struct dif_mstate *ms, u32 subr)
{
	u32 mark = ms->scratch_used;
	u64 r;

	if (subr >= DIF_SUBR_COUNT) {
		dif_fault(ms, DIF_FAULT_ILLOP, subr);
		return 0;
	}
	if (ms->ntuple != (u32)dif_subr_nargs(subr)) {
		dif_fault(ms, DIF_FAULT_BADSTACK, ms->ntuple);
		return 0;
	}
	if (!dif_budget_charge(ms, DIF_COST_CALL))
		return 0;
	r = dif_subr_dispatch(ms, subr, mark);
	if (dif_faulted(ms)) {
		ms->scratch_used = mark;
		return 0;
	}
	if (!(DIF_SUBR_SCRATCH & (1ull << subr)))
		ms->scratch_used = mark;	/* only temporary copies */
	return r;
}
