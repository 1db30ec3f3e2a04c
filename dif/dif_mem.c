// SPDX-License-Identifier: GPL-2.0
/*
 * Memory access for probe context: loads, scratch space and strings.
 *
 * Three regions belong to dif/ and are read directly, with bounds
 * checks: the running program's string table, the scratch area and the
 * dynamic variable store. Any other address is the script's choice and
 * is read only through dif_env_copy(), which the host makes safe. User
 * addresses always go through dif_env_copy().
 *
 * Strings are bounded: never more than strsize bytes are looked at, and
 * a string that runs to the end of a direct region ends there.
 *
 * Every routine here charges the firing's budget for the bytes it
 * touches (a load of 8 bytes or less is paid for as an instruction),
 * and each dif_env_copy() for its call too, before doing the work.
 */
#include "dif_impl.h"

/* Chunk of an indirect string read; a read never crosses a page. */
#define DIF_STR_CHUNK	64

static const u8 *dif_mem_in(u64 addr, u64 size, const void *base, u64 len,
			    u64 *avail)
{
	u64 off = addr - dif_addr(base);

	if (!base || off >= len || size > len - off)
		return NULL;
	if (avail)
		*avail = len - off;
	return (const u8 *)base + off;
}

/*
 * A pointer to [addr, addr + size) if it lies inside memory of dif/'s
 * own; *avail (if not NULL) gets the bytes from addr to the region's end.
 */
const u8 *dif_mem_direct(const struct dif_mstate *ms, u64 addr, u64 size,
			 u64 *avail)
{
	const u8 *p;

	if (ms->prog) {
		p = dif_mem_in(addr, size, ms->prog->strtab, ms->prog->strlen,
			       avail);
		if (p)
			return p;
	}
	p = dif_mem_in(addr, size, ms->scratch, ms->scratch_size, avail);
	if (p)
		return p;
	if (ms->dyn)
		return dif_mem_in(addr, size, ms->dyn->dd_base,
				  ms->dyn->dd_size, avail);
	return NULL;
}

static bool dif_mem_env(struct dif_mstate *ms, void *dst, u64 addr,
			u32 size, bool user)
{
	int rc;

	if (unlikely(!dif_budget_charge(ms, DIF_COST_COPY + (u64)size)))
		return false;
	rc = dif_env_copy(ms, dst, addr, size, user);
	if (likely(rc == 0))
		return true;
	if (rc != DIF_FAULT_KPRIV && rc != DIF_FAULT_UPRIV)
		rc = DIF_FAULT_BADADDR;
	dif_fault(ms, rc, addr);
	return false;
}

/* Read size bytes at addr into dst; on failure record a fault. */
bool dif_mem_read(struct dif_mstate *ms, void *dst, u64 addr, u32 size,
		  bool user)
{
	const u8 *p;

	if (size == 0)
		return true;	/* copyin(p, 0) reads nothing, anywhere */
	if (!user) {
		p = dif_mem_direct(ms, addr, size, NULL);
		if (p) {
			if (size > 8 && !dif_budget_charge(ms, size))
				return false;
			memmove(dst, p, size);	/* bcopy() within scratch */
			return true;
		}
	}
	return dif_mem_env(ms, dst, addr, size, user);
}

/**
 * dif_copy_mem() - copy size bytes of kernel or scratch memory at addr
 * @ms:   the machine state of the firing
 * @dst:  where to, size bytes
 * @addr: from where, as a program computed it
 * @size: bytes
 *
 * Context: probe context. Return: 0, or the fault kind (ms->fault too).
 */
int dif_copy_mem(struct dif_mstate *ms, void *dst, u64 addr, u32 size)
{
	ms->fault.kind = DIF_FAULT_NONE;
	ms->fault.pc = DIF_PC_NONE;
	if (dif_mem_read(ms, dst, addr, size, false))
		return 0;
	return ms->fault.kind;
}

/* Allocate size bytes of scratch, 8-byte aligned; NOSCRATCH if full. */
u8 *dif_scratch_alloc(struct dif_mstate *ms, u64 size, bool zero)
{
	u32 start = (ms->scratch_used + 7) & ~7u;
	u8 *p;

	if (!ms->scratch || start > ms->scratch_size ||
	    size > ms->scratch_size - start) {
		dif_fault(ms, DIF_FAULT_NOSCRATCH, size);
		return NULL;
	}
	if (zero && !dif_budget_charge(ms, size))
		return NULL;
	p = ms->scratch + start;
	ms->scratch_used = start + (u32)size;
	if (zero)
		memset(p, 0, size);
	return p;
}

/* [addr, addr + size) if it lies in allocated scratch; else NULL. */
u8 *dif_scratch_range(struct dif_mstate *ms, u64 addr, u64 size)
{
	return (u8 *)dif_mem_in(addr, size, ms->scratch, ms->scratch_used,
				NULL);
}

static u32 dif_str_nlen(const char *s, u32 max)
{
	const char *z = memchr(s, '\0', max);

	return z ? (u32)(z - s) : max;
}

/* Copy what a chunk read refused byte by byte, to find its real end. */
static bool dif_str_bytes(struct dif_mstate *ms, char *dst, u64 addr,
			  u32 n, bool user)
{
	u32 i;

	for (i = 0; i < n; i++) {
		if (!dif_mem_env(ms, dst + i, addr + i, 1, user))
			return false;
		if (dst[i] == '\0')
			return true;
	}
	return true;
}

/**
 * dif_str_scratch() - a string the host owns, as a value in scratch
 * @ms:  the state of the running program
 * @s:   the string, readable by the host (a task's comm, a probe's name)
 * @max: at most this many bytes of it
 *
 * The program then reads it in place instead of through dif_env_copy()
 * chunk by chunk, which made execname most of a simple clause's cost.
 *
 * Return: its address, or 0 if scratch has no room (no fault is taken:
 * the caller passes the host's own address instead).
 */
u64 dif_str_scratch(struct dif_mstate *ms, const char *s, u32 max)
{
	u32 len = dif_str_nlen(s, max);
	u32 start = (ms->scratch_used + 7) & ~7u;
	u8 *p;

	if (!ms->scratch || start > ms->scratch_size ||
	    len + 1 > ms->scratch_size - start)
		return 0;
	p = ms->scratch + start;
	ms->scratch_used = start + len + 1;
	memcpy(p, s, len);
	p[len] = '\0';
	return dif_addr(p);
}

/*
 * Copy the string at addr, at most max bytes, into buf (max + 1 bytes)
 * through dif_env_copy(), chunk by chunk, and NUL-terminate it. Returns
 * its length, or -1 after recording a fault.
 */
int dif_str_fetch(struct dif_mstate *ms, char *buf, u64 addr, u32 max,
		  bool user)
{
	u32 got = 0, n;

	while (got < max) {
		u64 a = addr + got;

		n = DIF_STR_CHUNK - (u32)(a & (DIF_STR_CHUNK - 1));
		if (n > max - got)
			n = max - got;
		if (!dif_budget_charge(ms, DIF_COST_COPY + n))
			return -1;
		if (dif_env_copy(ms, buf + got, a, n, user) &&
		    !dif_str_bytes(ms, buf + got, a, n, user))
			return -1;
		if (memchr(buf + got, '\0', n))
			break;
		got += n;
	}
	buf[max] = '\0';
	return (int)dif_str_nlen(buf, max);
}

/*
 * The string at addr, at most max bytes (0: strsize, and never more): a
 * pointer to its bytes and, in *lenp, its length. The bytes are not
 * necessarily NUL-terminated: use the length. A string outside dif/'s
 * memory is copied to scratch; the caller gives that back with
 * dif_str_result() or by restoring scratch_used. NULL on a fault.
 */
const char *dif_str_get(struct dif_mstate *ms, u64 addr, u32 max,
			bool user, u32 *lenp)
{
	u32 strsize = dif_strsize(ms);
	const u8 *p;
	char *buf;
	u64 avail;
	int len;

	if (max == 0 || max > strsize)
		max = strsize;
	if (!user) {
		p = dif_mem_direct(ms, addr, 0, &avail);
		if (p) {
			if (avail < max)
				max = (u32)avail;
			*lenp = dif_str_nlen((const char *)p, max);
			if (!dif_budget_charge(ms, (u64)*lenp + 1))
				return NULL;
			return (const char *)p;
		}
	}
	buf = (char *)dif_scratch_alloc(ms, (u64)max + 1, false);
	if (!buf)
		return NULL;
	len = dif_str_fetch(ms, buf, addr, max, user);
	if (len < 0)
		return NULL;
	*lenp = (u32)len;
	return buf;
}

/*
 * Make s (len bytes) the string result at scratch offset mark, giving
 * back any scratch used after mark (temporary copies); returns its
 * address, or 0 on NOSCRATCH. s may lie in that scratch.
 */
u64 dif_str_result(struct dif_mstate *ms, u32 mark, const char *s, u32 len)
{
	u8 *dst;

	ms->scratch_used = mark;
	if (!dif_budget_charge(ms, len))
		return 0;
	dst = dif_scratch_alloc(ms, (u64)len + 1, false);
	if (!dst)
		return 0;
	memmove(dst, s, len);
	dst[len] = '\0';
	return dif_addr(dst);
}

/* strcmp of two string values, as -1, 0 or 1; 0 after a fault. */
int dif_str_cmp(struct dif_mstate *ms, u64 a, u64 b)
{
	u32 mark = ms->scratch_used, la, lb;
	const char *sa, *sb;
	int r = 0;

	sa = dif_str_get(ms, a, 0, false, &la);
	sb = sa ? dif_str_get(ms, b, 0, false, &lb) : NULL;
	if (sb) {
		/* both scans are charged; the comparison is no more */
		r = memcmp(sa, sb, la < lb ? la : lb);
		if (r == 0)
			r = la < lb ? -1 : la > lb;
		else
			r = r < 0 ? -1 : 1;
	}
	ms->scratch_used = mark;
	return r;
}

/**
 * dif_str_args() - execargs: a process's argument strings as one string
 * @ms:    the machine state of the firing
 * @uaddr: the user address of the first argument (mm->arg_start)
 * @len:   bytes from there to the end of the last one's NUL
 *
 * At most strsize - 1 bytes are read, in one nofault user read charged
 * to the firing; each NUL between arguments becomes a space, and the
 * string ends at the last argument's end, or where the read stops (a
 * NUL there is between two arguments: a space too).
 *
 * Context: probe context. Return: the string's address in scratch; 0
 * after a fault (a page of the arguments not in memory is BADADDR).
 */
u64 dif_str_args(struct dif_mstate *ms, u64 uaddr, u64 len)
{
	u32 max = dif_strsize(ms) - 1, mark = ms->scratch_used, i, n;
	char *buf;

	n = len < max ? (u32)len : max;
	buf = (char *)dif_scratch_alloc(ms, (u64)n + 1, false);
	if (!buf)
		return 0;
	if (!dif_mem_read(ms, buf, uaddr, n, true)) {
		ms->scratch_used = mark;
		return 0;
	}
	/* read to the end: the last argument's NUL (and any after) ends it */
	if (n == len) {
		while (n && buf[n - 1] == '\0')
			n--;
	}
	if (!dif_budget_charge(ms, n))
		return 0;
	for (i = 0; i < n; i++)
		if (buf[i] == '\0')
			buf[i] = ' ';
	buf[n] = '\0';
	return dif_addr(buf);
}
