// SPDX-License-Identifier: GPL-2.0
/*
 * The dynamic variable store: self-> variables, global associative
 * arrays and global string and by-ref scalars.
 *
 * Probe-context rules: everything here may run in any context, NMI
 * included, on any CPU at once. So:
 *  - the memory is the host's, given once to dif_dyn_init(): a hash
 *    table of chains, then fixed-size chunks on a free list. Nothing is
 *    allocated afterwards, and no chunk is ever given back to the host
 *    while the store lives, so a stale index still names store memory;
 *  - no lock covers the store. Each chain has its own lock word, taken
 *    with dif_env_trylock() at most DIF_DYN_SPIN times; failing that
 *    (another CPU holds it long, or a probe in NMI interrupted the
 *    holder on this CPU) the operation is a counted drop
 *    (ms->dyn_drops), never a wait that could deadlock. Two firings
 *    wait for each other only on the same chain;
 *  - the free list is a stack popped and pushed with one cmpxchg of its
 *    head, which carries a generation bumped by every change: a CPU
 *    that read an old head (and its next link) while others popped and
 *    pushed that chunk fails its cmpxchg (no ABA). Bounded retries, then
 *    a drop, as for the locks;
 *  - reclamation: a chunk is unlinked from its chain under the chain's
 *    lock, and every walk of a chain holds that lock, so once on the
 *    free list no walk can reach it; its next user writes it only after
 *    popping it. What outlives the lock is a loaded string's address
 *    (below): the memory stays the store's, its bytes may change;
 *  - a full store, or an entry bigger than a chunk, is a drop too;
 *  - storing 0 (or a NULL string) frees the entry, as in DTrace;
 *  - without a store (ms->dyn NULL, or one dif_dyn_init() refused)
 *    loads give 0 and stores are drops.
 *
 * An entry's key is built first, from the scope and id, the thread key
 * for self-> (scalars and arrays) and the tuple stack for arrays (a
 * scalar's on the stack, an array's in scratch), so the chain's lock is
 * held only for the lookup and the copy. A string value is copied into
 * its entry; loading it gives the address of that copy, which dif/ reads
 * directly. (Another CPU may change it meanwhile: the reader sees other
 * bytes, never memory outside the store.) A by-ref value (a struct) is
 * kept and loaded the same way, its size the variable's; an unset one
 * loads as zeroed scratch, as an unset string loads as "".
 *
 * Each load or store charges the firing's budget DIF_COST_DYN and the
 * bytes of its key before it takes a lock, then each step along its
 * hash chain as it goes: a walk ends (DIF_FAULT_BUDGET, nothing found,
 * nothing stored) when the budget is spent, however long a chain a
 * script built.
 *
 * Each global array's entries are counted as they come and go (an
 * atomic add), so its size (bpftrace's len(@m)) is one load, not a walk.
 */
#include <dtrace/dtrace_ioctl.h>	/* struct dtrace_dvar */
#include "dif_impl.h"

#define DIF_DYN_SPIN	1024

/*
 * A chunk: this header, the key, de_gap bytes, then the value. The gap
 * puts a by-ref value (a struct, read in place) at an 8-byte boundary,
 * as its members' loads want; other values need none.
 */
struct dif_dyn_ent {
	u32	de_next;	/* hash chain, or free list */
	u32	de_hash;
	u16	de_keylen;
	u16	de_vallen;
	u16	de_gap;		/* 0..7 */
	u16	de_pad;
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
	return dif_dyn_key(e) + e->de_keylen + (e->de_gap & 7);
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
 *
 * Context: any (it only writes @mem). Return: 0, or -EINVAL if the
 * memory cannot hold one chunk.
 */
int dif_dyn_init(struct dif_dyn *d, void *mem, u64 size, u32 chunksize)
{
	u64 n, i;

	memset(d, 0, sizeof(*d));
	chunksize = (chunksize + 7) & ~7u;
	if (!mem || ((unsigned long)mem & 7) ||
	    chunksize < sizeof(struct dif_dyn_ent) + 32 || chunksize > 65536)
		return -EINVAL;
	/* About one bucket per chunk, a power of 2. */
	n = size / (chunksize + sizeof(struct dif_dyn_bucket));
	if (n == 0)
		return -EINVAL;
	if (n > 0x10000000)
		n = 0x10000000;
	d->dd_nbuckets = 1;
	while ((u64)d->dd_nbuckets * 2 <= n)
		d->dd_nbuckets *= 2;
	d->dd_base = mem;
	d->dd_size = size;
	d->dd_chunksize = chunksize;
	d->dd_buckets = mem;
	d->dd_chunks = (u8 *)mem +
		       (u64)d->dd_nbuckets * sizeof(struct dif_dyn_bucket);
	n = (size - (u64)(d->dd_chunks - d->dd_base)) / chunksize;
	d->dd_nchunks = (u32)n;
	if (n == 0)
		return -EINVAL;
	for (i = 0; i < d->dd_nbuckets; i++) {
		d->dd_buckets[i].db_head = DIF_DYN_NIL;
		d->dd_buckets[i].db_lock = 0;
	}
	for (i = 0; i < n; i++)
		dif_dyn_ent(d, i)->de_next = i + 1 < n ? i + 1 : DIF_DYN_NIL;
	d->dd_free = 0;		/* generation 0, chunk 0 */
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

static struct dif_dyn_bucket *dif_dyn_bucket(const struct dif_dyn *d,
					      u32 hash)
{
	return &d->dd_buckets[hash & (d->dd_nbuckets - 1)];
}

/* A chain's lock, as a probe takes it: bounded, then a drop. */
static bool dif_dyn_lock(struct dif_mstate *ms, struct dif_dyn_bucket *b)
{
	int i;

	for (i = 0; i < DIF_DYN_SPIN; i++) {
		if (dif_env_trylock(&b->db_lock))
			return true;
	}
	ms->dyn_drops++;
	return false;
}

/*
 * A chunk off the free list, or DIF_DYN_NIL (full, or DIF_DYN_SPIN
 * cmpxchgs lost). The next link read may be stale (another CPU took
 * the chunk meanwhile): then the head's generation has moved on and the
 * cmpxchg fails.
 */
static u32 dif_dyn_pop(struct dif_dyn *d)
{
	u64 old = d->dd_free, seen;
	int i;

	for (i = 0; i < DIF_DYN_SPIN; i++) {
		u32 ix = (u32)old, next;

		if (ix >= d->dd_nchunks)
			return DIF_DYN_NIL;
		next = dif_dyn_ent(d, ix)->de_next;
		seen = dif_env_cmpxchg64(&d->dd_free, old,
					 ((old >> 32) + 1) << 32 | next);
		if (seen == old)
			return ix;
		old = seen;
	}
	return DIF_DYN_NIL;
}

/*
 * Give chunk ix back. It is off every chain already; the cmpxchg orders
 * its link before its publication. False if DIF_DYN_SPIN cmpxchgs were
 * lost: the chunk is then leaked until the store is freed, counted as
 * the drop it is.
 */
static bool dif_dyn_push(struct dif_dyn *d, u32 ix)
{
	u64 old = d->dd_free, seen;
	int i;

	for (i = 0; i < DIF_DYN_SPIN; i++) {
		dif_dyn_ent(d, ix)->de_next = (u32)old;
		seen = dif_env_cmpxchg64(&d->dd_free, old,
					 ((old >> 32) + 1) << 32 | ix);
		if (seen == old)
			return true;
		old = seen;
	}
	return false;
}

static u32 dif_dyn_index(const struct dif_dyn *d, const struct dif_dyn_ent *e)
{
	return (u32)(((const u8 *)e - d->dd_chunks) / d->dd_chunksize);
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
 * Under the chain's lock: the entry of key, and where its link is.
 * Each step is charged as it is taken; *spent is set if the budget ran
 * out first (NULL returned, *linkp unset).
 */
static struct dif_dyn_ent *dif_dyn_find(struct dif_mstate *ms,
					const u8 *key, u32 len, u32 hash,
					u32 **linkp, bool *spent)
{
	struct dif_dyn *d = ms->dyn;
	u32 *link = &dif_dyn_bucket(d, hash)->db_head;
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

/*
 * An unset by-ref value reads as ref zero bytes of scratch, for the rest
 * of the firing; no room is the fault it is.
 */
static u64 dif_dyn_zeroes(struct dif_mstate *ms, u32 ref)
{
	u8 *z = dif_scratch_alloc(ms, ref, true);

	return z ? dif_addr(z) : 0;
}

u64 dif_dyn_load(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		 bool isstr, u32 ref)
{
	u32 mark = ms->scratch_used, len, hash, *link;
	struct dif_dyn *d = ms->dyn;
	u64 local[DIF_DYN_SCALAR_KEY / 8];
	struct dif_dyn_bucket *b;
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
	b = dif_dyn_bucket(d, hash);
	if (dif_dyn_lock(ms, b)) {
		bool spent;

		e = dif_dyn_find(ms, key, len, hash, &link, &spent);
		if (e && isstr)
			val = dif_addr(dif_dyn_val(e));
		else if (e && ref)	/* short: another program's value */
			val = e->de_vallen >= ref ?
				dif_addr(dif_dyn_val(e)) : 0;
		else if (e)	/* a string there if programs disagree on it */
			memcpy(&val, dif_dyn_val(e),
			       e->de_vallen < sizeof(val) ? e->de_vallen :
			       sizeof(val));
		dif_env_unlock(&b->db_lock);
	}
	ms->scratch_used = mark;
	if (isstr && !val && ms->fault.kind == DIF_FAULT_NONE)
		val = dif_dyn_empty(ms);
	if (ref && !val && ms->fault.kind == DIF_FAULT_NONE)
		val = dif_dyn_zeroes(ms, ref);
	return val;
}

/* A global array's entries come or go: its count follows. */
static void dif_dyn_counted(struct dif_dyn *d, u32 scope, bool array, u32 id,
			    bool add)
{
	if (scope != DIF_SCOPE_GLOBAL || !array || id > DIF_VARID_MAX)
		return;
	dif_env_add(&d->dd_count[id], add ? 1 : -1);
}

/*
 * The entries of global array id: a count another CPU may be changing,
 * read without a lock (a probe never waits for it here).
 */
u64 dif_dyn_count(struct dif_mstate *ms, u64 id)
{
	dif_budget_charge(ms, DIF_COST_DYN);
	if (!ms->dyn || id > DIF_VARID_MAX)
		return 0;
	return ms->dyn->dd_count[id];
}

/* An entry off its chain (the chain's lock held): counted out. */
static void dif_dyn_uncount(struct dif_dyn *d, u32 scope, bool array, u32 id)
{
	dif_env_add(&d->dd_nused, -1);
	dif_dyn_counted(d, scope, array, id, false);
}

/*
 * Where a by-ref value's ref bytes at addr are read from: in place if
 * they are dif/'s own memory, else copied into scratch first, so that
 * no read of kernel memory happens under a chain's lock.
 */
static const void *dif_dyn_refsrc(struct dif_mstate *ms, u64 addr, u32 ref)
{
	const u8 *p = dif_mem_direct(ms, addr, ref, NULL);
	u8 *buf;

	if (p)
		return dif_budget_charge(ms, ref) ? p : NULL;
	buf = dif_scratch_alloc(ms, ref, false);
	if (!buf || !dif_mem_read(ms, buf, addr, ref, false))
		return NULL;
	return buf;
}

/* Set a dynamic variable; 0 (or a NULL string or by-ref) deletes it. */
void dif_dyn_store(struct dif_mstate *ms, u32 scope, bool array, u32 id,
		   bool isstr, u32 ref, u64 val)
{
	u32 mark = ms->scratch_used, len, hash, vlen = 8, gap = 0, *link;
	struct dif_dyn *d = ms->dyn;
	const void *src = &val;
	u64 local[DIF_DYN_SCALAR_KEY / 8];
	struct dif_dyn_bucket *b;
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
	} else if (ref && val) {
		src = dif_dyn_refsrc(ms, val, ref);
		if (!src)
			goto out;
		vlen = ref;
		gap = (0u - len) & 7;	/* the header and chunks are aligned */
	}
	hash = dif_dyn_hash(key, len);
	if (sizeof(*e) + len + gap + vlen > d->dd_chunksize) {
		ms->dyn_drops++;
		goto out;
	}
	b = dif_dyn_bucket(d, hash);
	if (!dif_dyn_lock(ms, b))
		goto out;
	e = dif_dyn_find(ms, key, len, hash, &link, &spent);
	if (spent)
		goto unlock;
	if (!val) {
		if (e) {
			*link = e->de_next;
			dif_dyn_uncount(d, scope, array, id);
			/* lost every race: the chunk is leaked, a drop */
			if (!dif_dyn_push(d, dif_dyn_index(d, e)))
				ms->dyn_drops++;
		}
		goto unlock;
	}
	if (!e) {
		u32 ix = dif_dyn_pop(d);

		if (ix == DIF_DYN_NIL) {
			ms->dyn_drops++;
			goto unlock;
		}
		e = dif_dyn_ent(d, ix);
		dif_env_add(&d->dd_nused, 1);
		dif_dyn_counted(d, scope, array, id, true);
		e->de_hash = hash;
		e->de_keylen = (u16)len;
		memcpy(dif_dyn_key(e), key, len);
		e->de_next = *link;
		*link = ix;
	}
	e->de_vallen = (u16)vlen;
	e->de_gap = (u16)gap;
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
	dif_env_unlock(&b->db_lock);
out:
	ms->scratch_used = mark;
}

/*
 * The host's walks over the whole store, for the consumer (never from
 * probe context: they visit every bucket). Each takes one chain's lock
 * at a time, waiting for it: its holders are probes, whose hold is
 * short and bounded (the host keeps interrupts off, so that no probe on
 * this CPU interrupts it; a probe in NMI only trylocks, and drops). Each
 * walk is bounded by the buckets plus the chunks, even over a corrupted
 * chain.
 */
static void dif_dyn_host_lock(struct dif_dyn_bucket *b)
{
	while (!dif_env_trylock(&b->db_lock))
		;
}

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

/* One record for entry e at out + used, if it fits; returns its size. */
static u64 dif_dyn_record(const struct dif_dyn *d, struct dif_dyn_ent *e,
			  u8 *out, u64 used, u64 room, u32 *count, u32 *more)
{
	struct dtrace_dvar r = { 0 };
	u32 id, flags;
	u64 size;

	if (!dif_dyn_isglobal(e, &id, &flags))
		return 0;
	r.dvr_keylen = e->de_keylen - 8;
	r.dvr_vallen = e->de_vallen;
	if (sizeof(r) + (u64)r.dvr_keylen + r.dvr_vallen > d->dd_chunksize)
		return 0;	/* cannot be: a chunk holds it */
	size = (sizeof(r) + r.dvr_keylen + r.dvr_vallen + 7) & ~7ull;
	if (used + size > room) {
		(*more)++;
		return 0;
	}
	r.dvr_size = (u32)size;
	r.dvr_id = id;
	r.dvr_flags = flags;
	memset(out + used, 0, size);
	memcpy(out + used, &r, sizeof(r));
	memcpy(out + used + sizeof(r), dif_dyn_key(e) + 8, r.dvr_keylen);
	memcpy(out + used + sizeof(r) + r.dvr_keylen, dif_dyn_val(e),
	       r.dvr_vallen);
	(*count)++;
	return size;
}

/**
 * dif_dyn_snap_range() - copy the globals hanging from buckets @first to
 * @first + @n - 1 out as dtrace_dvar
 * @d:     the store
 * @first: the first bucket
 * @n:     how many (clipped to the store's)
 * @out:   8-aligned room for the records
 * @room:  its bytes
 * @count: out: records written
 * @more:  out: records that did not fit (none is cut)
 *
 * An entry lives in its key's chain, so a walk sees each once; one a
 * probe adds meanwhile is seen if its chain is still to come.
 *
 * Context: not probe context (waits for each chain's lock).
 * Return: the bytes written.
 */
u64 dif_dyn_snap_range(struct dif_dyn *d, u32 first, u32 n, u8 *out,
		       u64 room, u32 *count, u32 *more)
{
	u64 used = 0, steps = 0;
	u32 b, i, end;

	*count = 0;
	*more = 0;
	if (first >= d->dd_nbuckets)
		return 0;
	end = n < d->dd_nbuckets - first ? first + n : d->dd_nbuckets;
	for (b = first; b < end; b++) {
		struct dif_dyn_bucket *bk = &d->dd_buckets[b];

		dif_dyn_host_lock(bk);
		for (i = bk->db_head;
		     i != DIF_DYN_NIL && i < d->dd_nchunks &&
		     steps++ < d->dd_nchunks;
		     i = dif_dyn_ent(d, i)->de_next)
			used += dif_dyn_record(d, dif_dyn_ent(d, i), out, used,
					       room, count, more);
		dif_env_unlock(&bk->db_lock);
	}
	return used;
}

/* dif_dyn_snap() - every global of the store, all buckets. */
u64 dif_dyn_snap(struct dif_dyn *d, u8 *out, u64 room, u32 *count,
		 u32 *more)
{
	return dif_dyn_snap_range(d, 0, d->dd_nbuckets, out, room, count,
				  more);
}

/**
 * dif_dyn_clear_range() - delete the entries of global variable @id that
 * hang from buckets @first to @first + @n - 1
 * @d:     the store
 * @id:    the variable
 * @first: the first bucket
 * @n:     how many (clipped to the store's)
 *
 * The consumer clears a large store a slice at a time, so that
 * interrupts stay off for a bounded time.
 *
 * Context: not probe context (waits for each chain's lock); visits each
 * of those buckets and at most every used chunk once.
 * Return: the entries deleted.
 */
u32 dif_dyn_clear_range(struct dif_dyn *d, u32 id, u32 first, u32 n)
{
	u32 b, end, del = 0, steps = 0, eid, flags;

	if (first >= d->dd_nbuckets)
		return 0;
	end = n < d->dd_nbuckets - first ? first + n : d->dd_nbuckets;
	for (b = first; b < end; b++) {
		struct dif_dyn_bucket *bk = &d->dd_buckets[b];
		u32 *link = &bk->db_head;

		dif_dyn_host_lock(bk);
		while (*link != DIF_DYN_NIL && *link < d->dd_nchunks &&
		       steps++ < d->dd_nchunks) {
			struct dif_dyn_ent *e = dif_dyn_ent(d, *link);

			if (!dif_dyn_isglobal(e, &eid, &flags) || eid != id) {
				link = &e->de_next;
				continue;
			}
			*link = e->de_next;
			dif_dyn_uncount(d, DIF_SCOPE_GLOBAL,
					flags & DTRACE_DVAR_ARRAY, id);
			/* the host may wait for the free list too */
			while (!dif_dyn_push(d, dif_dyn_index(d, e)))
				;
			del++;
		}
		dif_env_unlock(&bk->db_lock);
	}
	return del;
}

/* dif_dyn_clear() - every entry of global variable @id, all buckets. */
u32 dif_dyn_clear(struct dif_dyn *d, u32 id)
{
	return dif_dyn_clear_range(d, id, 0, d->dd_nbuckets);
}
