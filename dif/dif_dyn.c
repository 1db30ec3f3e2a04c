// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic variable store: self-> variables, global associative
 * arrays and global string scalars.
 *
 * Probe-context rules: everything here may run in any context, NMI
 * included, on any CPU at once. So:
 *  - the memory is the host's, given once to dif_dyn_init(): a hash
 *    table of chains, then fixed-size chunks on a free list. Nothing is
 *    allocated afterwards;
 *  - one lock guards it all, taken with dif_env_trylock() at most
 *    DIF_DYN_SPIN times. Failing that (another CPU holds it long, or a
 *    probe in NMI interrupted the holder on this CPU) the operation is a
 *    counted drop (ms->dyn_drops), never a wait that could deadlock;
 *  - a full store, or an entry bigger than a chunk, is a drop too;
 *  - storing 0 (or a NULL string) frees the entry, as in DTrace;
 *  - without a store (ms->dyn NULL, or one dif_dyn_init() refused)
 *    loads give 0 and stores are drops.
 *
 * An entry's key is built first, from the scope and id, the thread key
 * for self-> (scalars and arrays) and the tuple stack for arrays (a
 * scalar's on the stack, an array's in scratch), so the lock is held
 * only for the lookup and the copy. A string value is copied into
 * its entry; loading it gives the address of that copy, which dif/ reads
 * directly. (Another CPU may change it meanwhile: the reader sees other
 * bytes, never memory outside the store.)
 *
 * Each load or store charges the firing's budget DIF_COST_DYN and the
 * bytes of its key before it takes the lock, then each step along its
 * hash chain as it goes: a walk ends (DIF_FAULT_BUDGET, nothing found,
 * nothing stored) when the budget is spent, however long a chain a
 * script built.
 *
 * Each global array's entries are counted as they come and go (under
 * the lock), so its size (bpftrace's len(@m)) is one load, not a walk.
 */
#include <dtrace/dtrace_ioctl.h>	/* struct dtrace_dvar */
#include "dif_impl.h"

#define DIF_DYN_SPIN	1024

/* A chunk: this header, the key, then the value. */
struct dif_dyn_ent {
	u32	de_next;	/* hash chain, or free list */
	u32	de_hash;
	u16	de_keylen;
	u16	de_vallen;
	u32	de_pad;
};

/* In a key, a tuple element: a tag, then 8 bytes or len string bytes. */
#define DIF_DYN_KSTR	0x80000000u

static struct dif_dyn_ent *dif_dyn_ent(const struct dif_dyn *d, u32 i)
{
	return (struct dif_dyn_ent *)(d->dd_chunks + (u64)i * d->dd_chunksize);
}

static u8 *dif_dyn_key(struct dif_dyn_ent *e)
{
	return (u8 *)(e + 1);
}

static u8 *dif_dyn_val(struct dif_dyn_ent *e)
{
	return dif_dyn_key(e) + e->de_keylen;
}

/**
 * dif_dyn_chunksize() - a chunk size for entries with strings
 * @strsize: the consumer's string size
 *
 * Room for a key of a few integers and one string, and a string value.
 */
u32 dif_dyn_chunksize(u32 strsize)
{
	u32 n = sizeof(struct dif_dyn_ent) + 64 + 2 * (strsize + 8);

	return (n + 7) & ~7u;
}

/**
 * dif_dyn_init() - lay out a dynamic variable store in host memory
 * @d:         the store
 * @mem:       its memory, 8-byte aligned
 * @size:      bytes of @mem
 * @chunksize: bytes of one entry (see dif_dyn_chunksize())
 * @lock:      the host's lock, passed to dif_env_trylock()
 *
 * Context: any (it only writes @mem). Return: 0, or -EINVAL if the
 * memory cannot hold one chunk.
 */
int dif_dyn_init(struct dif_dyn *d, void *mem, u64 size, u32 chunksize,
		 void *lock)
{
	u64 n, i;

	memset(d, 0, sizeof(*d));
	chunksize = (chunksize + 7) & ~7u;
	if (!mem || ((unsigned long)mem & 7) ||
	    chunksize < sizeof(struct dif_dyn_ent) + 32 || chunksize > 65536)
		return -EINVAL;
	/* About one bucket per chunk, a power of 2. */
	n = size / (chunksize + sizeof(u32));
	if (n == 0)
		return -EINVAL;
	if (n > 0x10000000)
		n = 0x10000000;
	d->dd_nbuckets = 1;
	while ((u64)d->dd_nbuckets * 2 <= n)
		d->dd_nbuckets *= 2;
	d->dd_base = mem;
	d->dd_size = size;
	d->dd_lock = lock;
	d->dd_chunksize = chunksize;
	d->dd_buckets = mem;
	d->dd_chunks = (u8 *)mem + (((u64)d->dd_nbuckets * 4 + 7) & ~7ull);
	n = (size - (u64)(d->dd_chunks - d->dd_base)) / chunksize;
	d->dd_nchunks = (u32)n;
	if (n == 0)
		return -EINVAL;
	for (i = 0; i < d->dd_nbuckets; i++)
		d->dd_buckets[i] = DIF_DYN_NIL;
	for (i = 0; i < n; i++)
		dif_dyn_ent(d, i)->de_next = i + 1 < n ? i + 1 : DIF_DYN_NIL;
	d->dd_free = 0;
	return 0;
}

/*
 * A word at a time (a self-> key is two words): each word multiplied in
 * and its high bits folded down, since the low bits pick the chain. The
 * chains are charged step by step, so keys chosen to collide cost their
 * author's budget, not a wait.
 */
u32 dif_dyn_hash(const u8 *k, u32 len)
{
	u64 h = 0x9e3779b97f4a7c15ull ^ len, w;

	for (; len >= 8; k += 8, len -= 8) {
		memcpy(&w, k, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	if (len) {
		for (w = 0; len; len--)
			w = w << 8 | k[len - 1];
		h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
		h ^= h >> 32;
	}
	return (u32)(h ^ h >> 29);
}

/* memcmp() == 0, a word at a time. */
static bool dif_dyn_keyeq(const u8 *a, const u8 *b, u32 len)
{
	u64 x, y;

	for (; len >= 8; a += 8, b += 8, len -= 8) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return false;
	}
	while (len--)
		if (a[len] != b[len])
			return false;
	return true;
}

static bool dif_dyn_lock(struct dif_mstate *ms)
{
	int i;

	for (i = 0; i < DIF_DYN_SPIN; i++) {
		if (dif_env_trylock(ms->dyn->dd_lock))
			return true;
	}
	ms->dyn_drops++;
	return false;
}

/* Room for a scalar's key: scope and id, the thread key. */
#define DIF_DYN_SCALAR_KEY	16

/*
 * Build the key: scope, id, then the thread key or the tuple; a scalar's
 * in @local (DIF_DYN_SCALAR_KEY bytes, 8-aligned), an array's in scratch.
 * Returns its length (0 after a fault); *keyp points at it.
 */
static u32 dif_dyn_mkkey(struct dif_mstate *ms, u32 scope, bool array,
			 u32 id, u8 *local, u8 **keyp)
{
	u32 i, len = 8, max = 24;
	u32 hdr[2] = { scope | (u32)array << 8, id };
	u8 *k = local;

	if (array) {
		for (i = 0; i < ms->ntuple; i++)
			max += 4 + (ms->tuple[i].dt_size ?
				    ms->tuple[i].dt_size + 1 : 8);
		k = dif_scratch_alloc(ms, max, false);
		if (!k)
			return 0;
	}
	memcpy(k, hdr, 8);
	if (scope == DIF_SCOPE_THREAD) {
		u64 key = dif_env_thread_key(ms);

		memcpy(k + 8, &key, 8);
		len += 8;
	}
	if (!array) {
		*keyp = k;
		return len;
	}
	for (i = 0; i < ms->ntuple; i++) {
		const struct dif_tuple *t = &ms->tuple[i];
		u32 tag = 0, slen, mark;
		const char *s;

		if (!t->dt_size) {
			memcpy(k + len, &tag, 4);
			memcpy(k + len + 4, &t->dt_value, 8);
			len += 12;
			continue;
		}
		mark = ms->scratch_used;
		s = dif_str_get(ms, t->dt_value, t->dt_size, false, &slen);
		if (!s)
			return 0;
		tag = DIF_DYN_KSTR | slen;
		memcpy(k + len, &tag, 4);
		memmove(k + len + 4, s, slen);
		len += 4 + slen;
		ms->scratch_used = mark;
	}
	*keyp = k;
	return len;
}

/*
 * Under the lock: the entry of key, and where its link is. Each step is
 * charged as it is taken; *spent is set if the budget ran out first
 * (NULL returned, *linkp unset).
 */
static struct dif_dyn_ent *dif_dyn_find(struct dif_mstate *ms,
					const u8 *key, u32 len, u32 hash,
					u32 **linkp, bool *spent)
{
	struct dif_dyn *d = ms->dyn;
	u32 *link = &d->dd_buckets[hash & (d->dd_nbuckets - 1)];
	u32 n = 0;

	*spent = false;
	/* The chain cannot be longer than the store, even if corrupted. */
	while (*link != DIF_DYN_NIL && *link < d->dd_nchunks &&
	       n++ < d->dd_nchunks) {
		struct dif_dyn_ent *e = dif_dyn_ent(d, *link);

		if (!dif_budget_charge(ms, DIF_COST_CHAIN)) {
			*spent = true;
			return NULL;
		}
		if (e->de_hash == hash && e->de_keylen == len &&
		    dif_dyn_keyeq(dif_dyn_key(e), key, len)) {
			*linkp = link;
			return e;
		}
		link = &e->de_next;
	}
	*linkp = link;
	return NULL;
}

/* The value of a dynamic variable: an integer, or a string's address. */
/*
 * An unset string reads as "", as in DTrace: a zero byte of scratch, for
 * the rest of the firing. With scratch full it stays 0 (no fault: the
 * load itself did nothing wrong).
 */
static u64 dif_dyn_empty(struct dif_mstate *ms)
{
	u32 start = (ms->scratch_used + 7) & ~7u;
	u8 *z;

	if (!ms->scratch || start >= ms->scratch_size)
		return 0;
	z = dif_scratch_alloc(ms, 1, true);
	return z ? dif_addr(z) : 0;
}

u64 dif_dyn_load(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		 bool isstr)
{
	u32 mark = ms->scratch_used, len, hash, *link;
	struct dif_dyn *d = ms->dyn;
	u64 local[DIF_DYN_SCALAR_KEY / 8];
	struct dif_dyn_ent *e;
	u64 val = 0;
	u8 *key;

	if (!d || !d->dd_nchunks) {
		ms->dyn_drops++;
		return 0;
	}
	len = dif_dyn_mkkey(ms, scope, array, id, (u8 *)local, &key);
	if (!len)
		return 0;
	if (!dif_budget_charge(ms, DIF_COST_DYN + len)) {
		ms->scratch_used = mark;
		return 0;
	}
	hash = dif_dyn_hash(key, len);
	if (dif_dyn_lock(ms)) {
		bool spent;

		e = dif_dyn_find(ms, key, len, hash, &link, &spent);
		if (e && isstr)
			val = dif_addr(dif_dyn_val(e));
		else if (e)	/* a string there if programs disagree on it */
			memcpy(&val, dif_dyn_val(e),
			       e->de_vallen < sizeof(val) ? e->de_vallen :
			       sizeof(val));
		dif_env_unlock(d->dd_lock);
	}
	ms->scratch_used = mark;
	if (isstr && !val && ms->fault.kind == DIF_FAULT_NONE)
		val = dif_dyn_empty(ms);
	return val;
}

/* A global array's entries come or go: its count follows. */
static void dif_dyn_counted(struct dif_dyn *d, u32 scope, bool array, u32 id,
			    bool add)
{
	if (scope != DIF_SCOPE_GLOBAL || !array || id > DIF_VARID_MAX)
		return;
	if (add)
		d->dd_count[id]++;
	else if (d->dd_count[id])
		d->dd_count[id]--;
}

/*
 * The entries of global array id: a count another CPU may be changing,
 * read without the lock (a probe never waits for it here).
 */
u64 dif_dyn_count(struct dif_mstate *ms, u64 id)
{
	dif_budget_charge(ms, DIF_COST_DYN);
	if (!ms->dyn || id > DIF_VARID_MAX)
		return 0;
	return ms->dyn->dd_count[id];
}

/* Set a dynamic variable; 0 (or a NULL string) deletes it. */
void dif_dyn_store(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		   bool isstr, u64 val)
{
	u32 mark = ms->scratch_used, len, hash, vlen = 8, *link;
	struct dif_dyn *d = ms->dyn;
	const void *src = &val;
	u64 local[DIF_DYN_SCALAR_KEY / 8];
	bool spent;
	struct dif_dyn_ent *e;
	u8 *key;

	if (!d || !d->dd_nchunks) {
		ms->dyn_drops++;
		return;
	}
	len = dif_dyn_mkkey(ms, scope, array, id, (u8 *)local, &key);
	if (!len)
		return;
	if (!dif_budget_charge(ms, DIF_COST_DYN + len))
		goto out;
	if (isstr && val) {
		src = dif_str_get(ms, val, 0, false, &vlen);
		if (!src)
			goto out;
		vlen++;		/* with its NUL, which src may lack */
	}
	hash = dif_dyn_hash(key, len);
	if (sizeof(*e) + len + vlen > d->dd_chunksize) {
		ms->dyn_drops++;
		goto out;
	}
	if (!dif_dyn_lock(ms))
		goto out;
	e = dif_dyn_find(ms, key, len, hash, &link, &spent);
	if (spent)
		goto unlock;
	if (!val) {
		if (e) {
			*link = e->de_next;
			e->de_next = d->dd_free;
			d->dd_free = (u32)((u8 *)e - d->dd_chunks) /
				     d->dd_chunksize;
			d->dd_nused--;
			dif_dyn_counted(d, scope, array, id, false);
		}
		goto unlock;
	}
	if (!e) {
		if (d->dd_free == DIF_DYN_NIL) {
			ms->dyn_drops++;
			goto unlock;
		}
		e = dif_dyn_ent(d, d->dd_free);
		d->dd_free = e->de_next;
		d->dd_nused++;
		dif_dyn_counted(d, scope, array, id, true);
		e->de_hash = hash;
		e->de_keylen = (u16)len;
		memcpy(dif_dyn_key(e), key, len);
		e->de_next = *link;
		*link = (u32)((u8 *)e - d->dd_chunks) / d->dd_chunksize;
	}
	e->de_vallen = (u16)vlen;
	/*
	 * src may be this very entry's value (self->s = self->s). A string
	 * has vlen - 1 bytes: src may end where its region does, clipped
	 * there by dif_str_get(), so its NUL is written apart.
	 */
	if (isstr) {
		memmove(dif_dyn_val(e), src, vlen - 1);
		dif_dyn_val(e)[vlen - 1] = '\0';
	} else {
		memmove(dif_dyn_val(e), src, vlen);
	}
unlock:
	dif_env_unlock(d->dd_lock);
out:
	ms->scratch_used = mark;
}

/*
 * The host's walks over the whole store, for the consumer (never from
 * probe context: they visit every bucket). The caller holds d->dd_lock,
 * taken so that no probe waits for it (interrupts off; probes only
 * trylock). Each walk is bounded by the buckets plus the chunks, even
 * over a corrupted chain.
 */
static bool dif_dyn_isglobal(struct dif_dyn_ent *e, u32 *id, u32 *flags)
{
	u32 hdr[2];

	if (e->de_keylen < sizeof(hdr))
		return false;
	memcpy(hdr, dif_dyn_key(e), sizeof(hdr));
	if ((hdr[0] & 0xff) != DIF_SCOPE_GLOBAL)
		return false;
	*id = hdr[1];
	*flags = (hdr[0] >> 8) & 1 ? DTRACE_DVAR_ARRAY : 0;
	return true;
}

/**
 * dif_dyn_snap() - copy every global of the store out as dtrace_dvar
 * @d:     the store, its lock held by the caller
 * @out:   8-aligned room for the records
 * @room:  its bytes
 * @count: out: records written
 * @more:  out: records that did not fit (none is cut)
 *
 * Context: any, lock held; visits every bucket and used chunk once.
 * Return: the bytes written.
 */
u64 dif_dyn_snap(const struct dif_dyn *d, u8 *out, u64 room, u32 *count,
		 u32 *more)
{
	u64 used = 0, steps = 0;
	u32 b, i, id, flags;

	*count = 0;
	*more = 0;
	for (b = 0; b < d->dd_nbuckets; b++) {
		for (i = d->dd_buckets[b];
		     i != DIF_DYN_NIL && i < d->dd_nchunks &&
		     steps++ < d->dd_nchunks;
		     i = dif_dyn_ent(d, i)->de_next) {
			struct dif_dyn_ent *e = dif_dyn_ent(d, i);
			struct dtrace_dvar r = { 0 };
			u64 size;

			if (!dif_dyn_isglobal(e, &id, &flags))
				continue;
			r.dvr_keylen = e->de_keylen - 8;
			r.dvr_vallen = e->de_vallen;
			if (sizeof(r) + (u64)r.dvr_keylen + r.dvr_vallen >
			    d->dd_chunksize)
				continue;	/* cannot be: a chunk holds it */
			size = (sizeof(r) + r.dvr_keylen + r.dvr_vallen + 7) &
			       ~7ull;
			if (used + size > room) {
				(*more)++;
				continue;
			}
			r.dvr_size = (u32)size;
			r.dvr_id = id;
			r.dvr_flags = flags;
			memset(out + used, 0, size);
			memcpy(out + used, &r, sizeof(r));
			memcpy(out + used + sizeof(r), dif_dyn_key(e) + 8,
			       r.dvr_keylen);
			memcpy(out + used + sizeof(r) + r.dvr_keylen,
			       dif_dyn_val(e), r.dvr_vallen);
			used += size;
			(*count)++;
		}
	}
	return used;
}

/**
 * dif_dyn_clear_range() - delete the entries of global variable @id that
 * hang from buckets @first to @first + @n - 1
 * @d:     the store, its lock held by the caller
 * @id:    the variable
 * @first: the first bucket
 * @n:     how many (clipped to the store's)
 *
 * The consumer clears a large store a slice at a time, so that its lock
 * (interrupts off in the kernel) is held for a bounded time.
 *
 * Context: any, lock held; visits each of those buckets and at most
 * every used chunk once.
 * Return: the entries deleted.
 */
u32 dif_dyn_clear_range(struct dif_dyn *d, u32 id, u32 first, u32 n)
{
	u32 b, end, del = 0, steps = 0, eid, flags;

	if (first >= d->dd_nbuckets)
		return 0;
	end = n < d->dd_nbuckets - first ? first + n : d->dd_nbuckets;
	for (b = first; b < end; b++) {
		u32 *link = &d->dd_buckets[b];

		while (*link != DIF_DYN_NIL && *link < d->dd_nchunks &&
		       steps++ < d->dd_nchunks) {
			struct dif_dyn_ent *e = dif_dyn_ent(d, *link);
			u32 ix = *link;

			if (!dif_dyn_isglobal(e, &eid, &flags) || eid != id) {
				link = &e->de_next;
				continue;
			}
			*link = e->de_next;
			e->de_next = d->dd_free;
			d->dd_free = ix;
			d->dd_nused--;
			dif_dyn_counted(d, DIF_SCOPE_GLOBAL,
					flags & DTRACE_DVAR_ARRAY, id, false);
			del++;
		}
	}
	return del;
}

/* dif_dyn_clear() - every entry of global variable @id, all buckets. */
u32 dif_dyn_clear(struct dif_dyn *d, u32 id)
{
	return dif_dyn_clear_range(d, id, 0, d->dd_nbuckets);
}
