// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a DIF object: check the blob's header and tables, point a
 * struct dif_prog into it, then run the verifier over the code.
 *
 * The header is untrusted input. Rules, each one logged when broken:
 *  - the blob is 8-byte aligned in memory and at least a header long;
 *  - doh_magic is DIF_OBJECT_MAGIC, doh_size <= size, reserved are 0;
 *  - every table lies inside the blob after the header, its offset is
 *    8-byte aligned, its count is within DIF_*_MAX, and no two non-empty
 *    tables overlap (an empty table only needs an aligned offset inside);
 *  - the string table, if not empty, ends with a NUL;
 *  - the return type and every variable's type are valid;
 *  - variables have a valid scope and kind, an id <= DIF_VARID_MAX and
 *    no two share (scope, id); a by-ref one (DIF_TYPE_BYREF, of at most
 *    DIF_BYREF_MAX bytes) is global or thread-local, and no program
 *    returns one.
 */
#include "dif_vm.h"

struct dif_ld_table {
	const char	*name;
	u32		off;
	u64		bytes;
};

static int dif_ld_table(const struct dif_object_hdr *h, u32 off, u32 count,
			u32 max, u32 elsize, const char *name,
			struct dif_log *log)
{
	u64 end = (u64)off + (u64)count * elsize;

	if (count > max) {
		dif_log_printf(log, DIF_PC_NONE, "%s: count %u exceeds %u",
			       name, count, max);
		return -EINVAL;
	}
	if (off & 7) {
		dif_log_printf(log, DIF_PC_NONE,
			       "%s: offset %u not 8-byte aligned", name, off);
		return -EINVAL;
	}
	if (count && off < sizeof(*h)) {
		dif_log_printf(log, DIF_PC_NONE,
			       "%s: offset %u inside the header", name, off);
		return -EINVAL;
	}
	if (end > h->doh_size) {
		dif_log_printf(log, DIF_PC_NONE,
			       "%s: bytes %u..%llu beyond blob size %u", name,
			       off, (unsigned long long)end, h->doh_size);
		return -EINVAL;
	}
	return 0;
}

static bool dif_ld_overlap(const struct dif_ld_table *a,
			   const struct dif_ld_table *b)
{
	if (!a->bytes || !b->bytes)
		return false;
	return a->off < b->off + b->bytes && b->off < a->off + a->bytes;
}

/* Also used for the variable types; pc names the variable, or NONE. */
static int dif_ld_type(const struct dif_type *t, const char *what,
		       struct dif_log *log)
{
	if (t->dt_reserved || (t->dt_flags & ~DIF_TF_MASK)) {
		dif_log_printf(log, DIF_PC_NONE,
			       "%s: reserved type bits set", what);
		return -EINVAL;
	}
	switch (t->dt_kind) {
	case DIF_TYPE_INT:
		if (t->dt_size == 1 || t->dt_size == 2 || t->dt_size == 4 ||
		    t->dt_size == 8)
			return 0;
		break;
	case DIF_TYPE_STRING:
		if (t->dt_size <= DIF_STRSIZE_MAX)
			return 0;
		break;
	case DIF_TYPE_PTR:
		if (t->dt_size == 8)
			return 0;
		break;
	case DIF_TYPE_BYREF:
		if (t->dt_size >= 1 && t->dt_size <= DIF_BYREF_MAX)
			return 0;
		break;
	default:
		dif_log_printf(log, DIF_PC_NONE, "%s: unknown type kind %u",
			       what, t->dt_kind);
		return -EINVAL;
	}
	dif_log_printf(log, DIF_PC_NONE, "%s: bad size %u for type kind %u",
		       what, t->dt_size, t->dt_kind);
	return -EINVAL;
}

static int dif_ld_vars(struct dif_prog *p, struct dif_log *log)
{
	u32 i, j;

	for (i = 0; i < p->nvars; i++) {
		const struct dif_var *v = &p->vars[i];
		char what[32];

		snprintf(what, sizeof(what), "variable %u", i);
		if (v->dv_reserved) {
			dif_log_printf(log, DIF_PC_NONE,
				       "%s: reserved field set", what);
			return -EINVAL;
		}
		if (v->dv_id > DIF_VARID_MAX) {
			dif_log_printf(log, DIF_PC_NONE,
				       "%s: id %u exceeds %u", what, v->dv_id,
				       DIF_VARID_MAX);
			return -EINVAL;
		}
		/* this-> arrays have no opcodes: refuse them. */
		if (!(((v->dv_scope == DIF_SCOPE_GLOBAL ||
			v->dv_scope == DIF_SCOPE_THREAD) &&
		       v->dv_kind <= DIF_KIND_ARRAY) ||
		      (v->dv_scope == DIF_SCOPE_LOCAL &&
		       v->dv_kind == DIF_KIND_SCALAR))) {
			dif_log_printf(log, DIF_PC_NONE,
				       "%s: bad scope %u / kind %u", what,
				       v->dv_scope, v->dv_kind);
			return -EINVAL;
		}
		if (dif_ld_type(&v->dv_type, what, log))
			return -EINVAL;
		/* a this-> slot holds 8 bytes: no room for a by-ref value */
		if (v->dv_type.dt_kind == DIF_TYPE_BYREF &&
		    v->dv_scope == DIF_SCOPE_LOCAL) {
			dif_log_printf(log, DIF_PC_NONE,
				       "%s: a local variable cannot be by-ref",
				       what);
			return -EINVAL;
		}
		for (j = 0; j < i; j++) {
			if (p->vars[j].dv_scope == v->dv_scope &&
			    p->vars[j].dv_id == v->dv_id) {
				dif_log_printf(log, DIF_PC_NONE,
					       "%s: scope %u id %u already variable %u",
					       what, v->dv_scope, v->dv_id, j);
				return -EINVAL;
			}
		}
		if (p->nids[v->dv_scope] < v->dv_id + 1)
			p->nids[v->dv_scope] = v->dv_id + 1;
		if (v->dv_type.dt_kind == DIF_TYPE_STRING)
			p->strvar[v->dv_scope][v->dv_id / 8] |=
				1u << (v->dv_id % 8);
		if (v->dv_type.dt_kind == DIF_TYPE_BYREF)
			p->refvar[v->dv_scope][v->dv_id / 8] |=
				1u << (v->dv_id % 8);
		if (v->dv_scope != DIF_SCOPE_LOCAL &&
		    (v->dv_scope != DIF_SCOPE_GLOBAL ||
		     v->dv_kind == DIF_KIND_ARRAY ||
		     v->dv_type.dt_kind == DIF_TYPE_STRING ||
		     v->dv_type.dt_kind == DIF_TYPE_BYREF))
			p->flags |= DIF_PF_DYN;
	}
	return 0;
}

static int dif_ld_header(struct dif_prog *p, const void *blob, u32 size,
			 struct dif_log *log)
{
	const struct dif_object_hdr *h = blob;
	struct dif_ld_table t[4];
	u32 i, j;

	if (!blob || ((unsigned long)blob & 7)) {
		dif_log_printf(log, DIF_PC_NONE,
			       "blob not 8-byte aligned in memory");
		return -EINVAL;
	}
	if (size < sizeof(*h)) {
		dif_log_printf(log, DIF_PC_NONE,
			       "size %u smaller than the header", size);
		return -EINVAL;
	}
	if (h->doh_magic != DIF_OBJECT_MAGIC) {
		dif_log_printf(log, DIF_PC_NONE, "bad magic 0x%x",
			       h->doh_magic);
		return -EINVAL;
	}
	if (h->doh_size < sizeof(*h) || h->doh_size > size) {
		dif_log_printf(log, DIF_PC_NONE,
			       "doh_size %u outside %zu..%u", h->doh_size,
			       sizeof(*h), size);
		return -EINVAL;
	}
	if (h->doh_reserved[0] || h->doh_reserved[1]) {
		dif_log_printf(log, DIF_PC_NONE, "reserved header field set");
		return -EINVAL;
	}
	if (dif_ld_table(h, h->doh_insn_off, h->doh_ninsns, DIF_INSNS_MAX,
			 sizeof(struct dif_insn), "instructions", log) ||
	    dif_ld_table(h, h->doh_int_off, h->doh_nints, DIF_INTS_MAX,
			 sizeof(u64), "integer table", log) ||
	    dif_ld_table(h, h->doh_str_off, h->doh_strlen, DIF_STRTAB_MAX,
			 1, "string table", log) ||
	    dif_ld_table(h, h->doh_var_off, h->doh_nvars, DIF_VARS_MAX,
			 sizeof(struct dif_var), "variable table", log))
		return -EINVAL;

	t[0] = (struct dif_ld_table){ "instructions", h->doh_insn_off,
		(u64)h->doh_ninsns * sizeof(struct dif_insn) };
	t[1] = (struct dif_ld_table){ "integer table", h->doh_int_off,
		(u64)h->doh_nints * sizeof(u64) };
	t[2] = (struct dif_ld_table){ "string table", h->doh_str_off,
		h->doh_strlen };
	t[3] = (struct dif_ld_table){ "variable table", h->doh_var_off,
		(u64)h->doh_nvars * sizeof(struct dif_var) };
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		for (j = i + 1; j < ARRAY_SIZE(t); j++) {
			if (dif_ld_overlap(&t[i], &t[j])) {
				dif_log_printf(log, DIF_PC_NONE,
					       "%s overlaps %s", t[i].name,
					       t[j].name);
				return -EINVAL;
			}
		}
	}

	p->insns = (const void *)((const u8 *)blob + h->doh_insn_off);
	p->ninsns = h->doh_ninsns;
	p->ints = (const void *)((const u8 *)blob + h->doh_int_off);
	p->nints = h->doh_nints;
	p->strtab = (const char *)blob + h->doh_str_off;
	p->strlen = h->doh_strlen;
	p->vars = (const void *)((const u8 *)blob + h->doh_var_off);
	p->nvars = h->doh_nvars;
	p->rtype = h->doh_rtype;

	if (p->strlen && p->strtab[p->strlen - 1] != '\0') {
		dif_log_printf(log, DIF_PC_NONE,
			       "string table not NUL-terminated");
		return -EINVAL;
	}
	if (dif_ld_type(&p->rtype, "return type", log))
		return -EINVAL;
	/* a program returns an address, never the bytes behind it */
	if (p->rtype.dt_kind == DIF_TYPE_BYREF) {
		dif_log_printf(log, DIF_PC_NONE, "return type: by-ref");
		return -EINVAL;
	}
	return dif_ld_vars(p, log);
}

/* A verified program of one operation and its RET: see short_op. */
static void dif_ld_short(struct dif_prog *p)
{
	const struct dif_insn *in = p->insns;
	u32 rd;

	if (p->ninsns != 2 || in[1].di_op != DIF_OP_RET)
		return;
	rd = in[0].di_rd & (DIF_NREGS - 1);
	if (rd == 0 || (in[1].di_ra & (DIF_NREGS - 1)) != rd)
		return;
	if (in[0].di_op == DIF_OP_SETI || in[0].di_op == DIF_OP_LDB ||
	    in[0].di_op == DIF_OP_LDTS)
		p->short_op = in[0].di_op;
}

/**
 * dif_prog_load_lim() - check a DIF object and point @p into it
 * @p:    filled on success; unspecified on failure
 * @blob: the object, 8-byte aligned; must outlive @p, unchanged
 * @size: bytes readable at @blob (the header's doh_size may be less)
 * @lim:  verifier limits, NULL for the defaults
 * @log:  where rejections are written, may be NULL
 *
 * Context: any; allocates nothing. Return: 0, or -EINVAL.
 */
int dif_prog_load_lim(struct dif_prog *p, const void *blob, u32 size,
		      const struct dif_limits *lim, struct dif_log *log)
{
	u32 flags;

	memset(p, 0, sizeof(*p));
	if (dif_ld_header(p, blob, size, log) ||
	    dif_verify_flags(p, lim, log, &flags))
		return -EINVAL;
	p->flags |= flags;
	dif_ld_short(p);
	return 0;
}

int dif_prog_load(struct dif_prog *p, const void *blob, u32 size,
		  struct dif_log *log)
{
	return dif_prog_load_lim(p, blob, size, NULL, log);
}
