// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's types through libbpf's BTF API. libbpf parses and checks
 * the data; this file adds what D needs on top: lookups by C name (an
 * index, since -lv asks for thousands of functions), member paths, and
 * type names as C writes them.
 */
#define _GNU_SOURCE	/* vasprintf */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "dt_btf.h"

#define DT_BTF_VMLINUX	"/sys/kernel/btf/vmlinux"
#define DT_BTF_DKMS	"/var/lib/dkms/dtrace"
/* Typedef chains and nested declarators deeper than this are not C's. */
#define DT_BTF_DEPTH	64
/*
 * Types one name or member lookup may visit: a BTF file made to branch
 * at every level (DTRACE_BTF) must not make it exponential.
 */
#define DT_BTF_BUDGET	4096

struct dt_btf {
	struct dt_btf		*bt_next;	/* the next module's */
	char			*bt_mod;	/* NULL: the kernel's */
	struct btf		*bt_btf;	/* NULL: could not be loaded */
	char			*bt_err;	/* why not */
	const struct dt_btf	*bt_base;	/* a module's kernel types */
	uint32_t		*bt_idx;	/* own named ids, hashed */
	uint32_t		bt_mask;	/* bt_idx's size - 1 */
	/* own enumerators, hashed: type id << 16 | index, 0 empty */
	uint64_t		*bt_enums;
	uint32_t		bt_emask;
};

static struct dt_btf *dt_kernel;	/* loaded or failed, once */
static bool dt_kernel_file;		/* from DTRACE_BTF */
static struct dt_btf *dt_modules;

static void dt_btf_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static const char *dt_btf_str(const struct btf *b, uint32_t off)
{
	const char *s = btf__name_by_offset(b, off);

	return s ? s : "";
}

/*
 * The index: a hash of (name, kind) to id over the set's own named
 * types, open addressing, at most half full. Building it is linear: a
 * sort of the kernel's 100,000 names cost more than parsing them.
 */
static uint32_t dt_btf_hash(const char *name, int kind)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	for (; *name; name++)
		h = (h ^ (uint8_t)*name) * 16777619u;
	return (h ^ (uint32_t)kind) * 2654435761u;
}

static int dt_btf_index(struct dt_btf *bt)
{
	uint32_t first = bt->bt_base ? btf__type_cnt(bt->bt_base->bt_btf) : 1;
	uint32_t n = btf__type_cnt(bt->bt_btf), id, cap = 16;

	while (n > first && cap < 2 * (n - first))
		cap *= 2;
	bt->bt_idx = calloc(cap, sizeof(*bt->bt_idx));
	if (!bt->bt_idx)
		return -1;
	bt->bt_mask = cap - 1;
	for (id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(bt->bt_btf, id);
		const char *name = dt_btf_str(bt->bt_btf, t->name_off);
		uint32_t h;

		if (!*name)
			continue;
		/* The first of a name and kind wins, as in a search. */
		h = dt_btf_hash(name, btf_kind(t)) & bt->bt_mask;
		for (; bt->bt_idx[h]; h = (h + 1) & bt->bt_mask) {
			const struct btf_type *o =
				btf__type_by_id(bt->bt_btf, bt->bt_idx[h]);

			if (btf_kind(o) == btf_kind(t) &&
			    !strcmp(dt_btf_str(bt->bt_btf, o->name_off), name))
				break;
		}
		if (!bt->bt_idx[h])
			bt->bt_idx[h] = id;
	}
	return 0;
}

static const char *dt_btf_enumerator(const struct btf *b,
				     const struct btf_type *t, uint16_t i,
				     int64_t *val);

static bool dt_btf_isenum(const struct btf_type *t)
{
	return btf_is_enum(t) || btf_is_enum64(t);
}

/*
 * The enumerators' index, the same hash: a name is looked up for each
 * identifier a program uses, and a walk of every type for each
 * was most of a compile (and of a fuzzer's run).
 */
static int dt_btf_index_enums(struct dt_btf *bt)
{
	uint32_t first = bt->bt_base ? btf__type_cnt(bt->bt_base->bt_btf) : 1;
	uint32_t n = btf__type_cnt(bt->bt_btf), id, cnt = 0, cap = 16;
	int64_t v;

	for (id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(bt->bt_btf, id);

		if (dt_btf_isenum(t))
			cnt += btf_vlen(t);
	}
	while (cap < 2 * cnt)
		cap *= 2;
	bt->bt_enums = calloc(cap, sizeof(*bt->bt_enums));
	if (!bt->bt_enums)
		return -1;
	bt->bt_emask = cap - 1;
	for (id = first; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(bt->bt_btf, id);
		uint16_t i;

		for (i = 0; dt_btf_isenum(t) && i < btf_vlen(t); i++) {
			const char *name = dt_btf_enumerator(bt->bt_btf, t, i,
							     &v);
			uint32_t h = dt_btf_hash(name, BTF_KIND_ENUM) &
				bt->bt_emask;

			/* the first of a name wins, as in a walk */
			for (; bt->bt_enums[h]; h = (h + 1) & bt->bt_emask) {
				uint64_t e = bt->bt_enums[h];
				const struct btf_type *o = btf__type_by_id(
					bt->bt_btf, (uint32_t)(e >> 16));

				if (!strcmp(dt_btf_enumerator(bt->bt_btf, o,
					    (uint16_t)e, &v), name))
					break;
			}
			if (!bt->bt_enums[h])
				bt->bt_enums[h] = (uint64_t)id << 16 | i;
		}
	}
	return 0;
}

/* name of kind in bt or its base: the id, or 0. */
static uint32_t dt_btf_find(const struct dt_btf *bt, const char *name,
			    int kind)
{
	uint32_t hash = dt_btf_hash(name, kind), h;

	for (; bt; bt = bt->bt_base) {
		for (h = hash & bt->bt_mask; bt->bt_idx[h];
		     h = (h + 1) & bt->bt_mask) {
			const struct btf_type *t =
				btf__type_by_id(bt->bt_btf, bt->bt_idx[h]);

			if (btf_kind(t) == kind &&
			    !strcmp(dt_btf_str(bt->bt_btf, t->name_off), name))
				return bt->bt_idx[h];
		}
	}
	return 0;
}

static struct dt_btf *dt_btf_new(const char *mod, struct btf *b,
				 const struct dt_btf *base)
{
	struct dt_btf *bt = calloc(1, sizeof(*bt));

	if (!bt)
		goto fail;
	bt->bt_btf = b;
	bt->bt_base = base;
	bt->bt_mod = mod ? strdup(mod) : NULL;
	if (mod && !bt->bt_mod)
		goto fail;
	if (b && (dt_btf_index(bt) || dt_btf_index_enums(bt)))
		goto fail;
	return bt;
fail:
	if (bt) {
		free(bt->bt_mod);
		free(bt->bt_idx);
		free(bt->bt_enums);
	}
	free(bt);
	btf__free(b);
	return NULL;
}

/* A set that could not be loaded keeps why, so it is not tried again. */
static struct dt_btf *dt_btf_failed(const char *mod, const char *fmt, ...)
{
	struct dt_btf *bt = dt_btf_new(mod, NULL, NULL);
	va_list ap;

	if (!bt)
		return NULL;
	va_start(ap, fmt);
	if (vasprintf(&bt->bt_err, fmt, ap) < 0)
		bt->bt_err = NULL;
	va_end(ap);
	return bt;
}

static const struct dt_btf *dt_btf_usable(const struct dt_btf *bt,
					  char *err, size_t errlen)
{
	if (!bt) {
		dt_btf_err(err, errlen, "out of memory loading kernel types");
		return NULL;
	}
	if (!bt->bt_btf) {
		dt_btf_err(err, errlen, "%s",
			   bt->bt_err ? bt->bt_err : "out of memory");
		return NULL;
	}
	return bt;
}

/*
 * Where DKMS keeps the types it built with the module for this kernel
 * (kmod/dtrace_types.c, dkms.conf): removed with the module's build.
 */
static void dt_btf_dkms_path(char *buf, size_t len)
{
	struct utsname u;

	if (uname(&u))
		snprintf(u.release, sizeof(u.release), "unknown");
	snprintf(buf, len, DT_BTF_DKMS "/%s/%s/%s/dtrace-types.btf",
		 DTRACE_VERSION, u.release, u.machine);
}

/* The kernel's types from a file: DTRACE_BTF's, or DKMS's. */
static struct dt_btf *dt_btf_load_file(const char *path, const char *what)
{
	struct btf *b;

	dt_kernel_file = true;
	b = btf__parse(path, NULL);
	if (!b)
		return dt_btf_failed(NULL, "kernel type information is "
				     "unavailable: cannot read BTF from "
				     "%s%s: %s", what, path, strerror(errno));
	/* libbpf takes a misaligned type section; we cannot. */
	if (btf__type_cnt(b) > 1 && (uintptr_t)btf__type_by_id(b, 1) % 4) {
		btf__free(b);
		return dt_btf_failed(NULL, "kernel type information is "
				     "unavailable: cannot read BTF from "
				     "%s%s: its types are not aligned", what,
				     path);
	}
	return dt_btf_new(NULL, b, NULL);
}

/*
 * DTRACE_BTF=FILE, or =dkms for the types DKMS built even where the
 * kernel has its own; else the kernel's BTF; else DKMS's.
 */
static struct dt_btf *dt_btf_load_kernel(void)
{
	const char *path = getenv("DTRACE_BTF");
	char dkms[PATH_MAX];
	struct btf *b;

	/* Our errors say what went wrong; libbpf's own lines would not. */
	libbpf_set_print(NULL);
	dt_btf_dkms_path(dkms, sizeof(dkms));
	if (path && !strcmp(path, "dkms"))
		return dt_btf_load_file(dkms, "DTRACE_BTF=dkms, ");
	if (path && *path)
		return dt_btf_load_file(path, "DTRACE_BTF=");
	b = btf__load_vmlinux_btf();
	if (b)
		return dt_btf_new(NULL, b, NULL);
	if (!access(dkms, F_OK))
		return dt_btf_load_file(dkms, "");
	if (access(DT_BTF_VMLINUX, F_OK))
		return dt_btf_failed(NULL, "kernel type information is "
				     "unavailable: %s is missing, and DKMS "
				     "built no types for this kernel (boot a "
				     "kernel built with "
				     "CONFIG_DEBUG_INFO_BTF=y, or install "
				     "dwarves and rebuild the dtrace module "
				     "with DKMS; see "
				     "/usr/share/doc/dtrace-linux/types.md)",
				     DT_BTF_VMLINUX);
	return dt_btf_failed(NULL, "kernel type information is unavailable: "
			     "cannot read %s: %s", DT_BTF_VMLINUX,
			     strerror(errno));
}

bool dt_btf_tried(void)
{
	return dt_kernel != NULL;
}

bool dt_btf_from_file(void)
{
	return dt_kernel_file;
}

const struct dt_btf *dt_btf_kernel(char *err, size_t errlen)
{
	if (!dt_kernel)
		dt_kernel = dt_btf_load_kernel();
	return dt_btf_usable(dt_kernel, err, errlen);
}

const struct dt_btf *dt_btf_module(const char *mod, char *err,
				   size_t errlen)
{
	const struct dt_btf *kernel = dt_btf_kernel(err, errlen);
	struct dt_btf *bt;
	struct btf *b;

	/* A DTRACE_BTF file is all the types there are. */
	if (!kernel || !mod || !*mod || !strcmp(mod, "vmlinux") ||
	    dt_kernel_file)
		return kernel;
	for (bt = dt_modules; bt; bt = bt->bt_next)
		if (!strcmp(bt->bt_mod, mod))
			return dt_btf_usable(bt, err, errlen);
	if (strchr(mod, '/')) {
		dt_btf_err(err, errlen, "%s is not a module name", mod);
		return NULL;
	}
	b = btf__load_module_btf(mod, kernel->bt_btf);
	if (b)
		bt = dt_btf_new(mod, b, kernel);
	else
		bt = dt_btf_failed(mod, "no type information for module %s: "
				   "cannot read /sys/kernel/btf/%s: %s", mod,
				   mod, strerror(errno));
	if (bt) {
		bt->bt_next = dt_modules;
		dt_modules = bt;
	}
	return dt_btf_usable(bt, err, errlen);
}

static void dt_btf_free(struct dt_btf *bt)
{
	btf__free(bt->bt_btf);
	free(bt->bt_idx);
	free(bt->bt_enums);
	free(bt->bt_err);
	free(bt->bt_mod);
	free(bt);
}

void dt_btf_reset(void)
{
	while (dt_modules) {
		struct dt_btf *bt = dt_modules;

		dt_modules = bt->bt_next;
		dt_btf_free(bt);
	}
	if (dt_kernel)
		dt_btf_free(dt_kernel);
	dt_kernel = NULL;
	dt_kernel_file = false;
}

static bool dt_btf_prefix(const char **name, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(*name, word, n) || (*name)[n] != ' ')
		return false;
	*name += n;
	while (**name == ' ')
		(*name)++;
	return true;
}

int64_t dt_btf_lookup(const struct dt_btf *bt, const char *name,
		      char *err, size_t errlen)
{
	static const int sou[] = { BTF_KIND_STRUCT, BTF_KIND_FWD, 0 };
	static const int uni[] = { BTF_KIND_UNION, BTF_KIND_FWD, 0 };
	static const int enm[] = { BTF_KIND_ENUM, BTF_KIND_ENUM64, 0 };
	static const int plain[] = { BTF_KIND_TYPEDEF, BTF_KIND_INT,
				     BTF_KIND_FLOAT, 0 };
	const char *n = name;
	const int *kinds = plain;
	bool is_union = false;
	uint32_t id;

	while (*n == ' ')
		n++;
	if (dt_btf_prefix(&n, "struct"))
		kinds = sou;
	else if (dt_btf_prefix(&n, "union"))
		kinds = uni;
	else if (dt_btf_prefix(&n, "enum"))
		kinds = enm;
	else if (!strcmp(n, "void"))
		return 0;
	is_union = kinds == uni;
	for (; *kinds; kinds++) {
		id = dt_btf_find(bt, n, *kinds);
		if (!id)
			continue;
		/* A forward declaration of the other kind is not it. */
		if (*kinds == BTF_KIND_FWD &&
		    btf_kflag(btf__type_by_id(bt->bt_btf, id)) != is_union)
			continue;
		return id;
	}
	dt_btf_err(err, errlen, "unknown type %s: the kernel's types do not "
		   "define it", name);
	return -1;
}

static const struct btf_type *dt_btf_type(const struct dt_btf *bt,
					  uint32_t id)
{
	return id ? btf__type_by_id(bt->bt_btf, id) : NULL;
}

/* id's type without typedefs and qualifiers; NULL for void. */
static const struct btf_type *dt_btf_skip_id(const struct btf *b,
					     uint32_t *id)
{
	const struct btf_type *t = NULL;
	int depth;

	for (depth = 0; depth < DT_BTF_DEPTH; depth++) {
		t = *id ? btf__type_by_id(b, *id) : NULL;
		if (!t || !(btf_is_typedef(t) || btf_is_mod(t)))
			break;
		*id = t->type;
	}
	return t;
}

static const struct btf_type *dt_btf_skip(const struct btf *b, uint32_t id)
{
	return dt_btf_skip_id(b, &id);
}

uint32_t dt_btf_resolve(const struct dt_btf *bt, uint32_t id)
{
	dt_btf_skip_id(bt->bt_btf, &id);
	return id;
}

int64_t dt_btf_size(const struct dt_btf *bt, uint32_t id)
{
	long s = id ? btf__resolve_size(bt->bt_btf, id) : -1;

	return s < 0 ? -1 : s;
}

bool dt_btf_is_ptr(const struct dt_btf *bt, uint32_t id, uint32_t *to)
{
	const struct btf_type *t = dt_btf_type(bt, dt_btf_resolve(bt, id));

	if (!t || !btf_is_ptr(t))
		return false;
	if (to)
		*to = t->type;
	return true;
}

/* A function prototype's parameter list: "(int, void *)". */
static void dt_btf_decl(const struct btf *b, uint32_t id, const char *decl,
			char *out, size_t len, int depth,
			int *budget);

static void dt_btf_params(const struct btf *b, const struct btf_type *t,
			  char *out, size_t len, int depth, int *budget)
{
	const struct btf_param *p = btf_params(t);
	uint16_t i, n = btf_vlen(t);
	size_t used = 1;

	snprintf(out, len, "(");
	if (!n)
		snprintf(out + used, len - used, "void");
	for (i = 0; i < n && used + 1 < len; i++) {
		char one[256];

		if (!p[i].type && i == n - 1)
			snprintf(one, sizeof(one), "...");
		else
			dt_btf_decl(b, p[i].type, "", one, sizeof(one),
				    depth + 1, budget);
		snprintf(out + used, len - used, "%s%s", i ? ", " : "", one);
		used = strlen(out);
	}
	used = strlen(out);
	if (used < len)
		snprintf(out + used, len - used, ")");
}

static const char *dt_btf_qual(const struct btf_type *t)
{
	if (btf_is_const(t))
		return "const";
	if (btf_is_volatile(t))
		return "volatile";
	return "restrict";
}

/*
 * id declaring decl ("" for a bare type name): the declarator grows
 * outwards from the name, as C reads it.
 */
static void dt_btf_decl(const struct btf *b, uint32_t id, const char *decl,
			char *out, size_t len, int depth,
			int *budget)
{
	const char *sp = *decl ? " " : "";
	const struct btf_type *t, *to;
	char inner[512], params[384];

	t = id ? btf__type_by_id(b, id) : NULL;
	if (depth > DT_BTF_DEPTH || --*budget < 0 || (id && !t)) {
		snprintf(out, len, "?%s%s", sp, decl);
		return;
	}
	if (!t) {
		snprintf(out, len, "void%s%s", sp, decl);
		return;
	}
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		snprintf(inner, sizeof(inner), "*%s", decl);
		dt_btf_decl(b, t->type, inner, out, len, depth + 1, budget);
		return;
	case BTF_KIND_TYPE_TAG:
		dt_btf_decl(b, t->type, decl, out, len, depth + 1, budget);
		return;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
		to = t->type ? btf__type_by_id(b, t->type) : NULL;
		if (to && btf_is_ptr(to)) {
			/* char *const: the qualifier binds to the pointer. */
			snprintf(inner, sizeof(inner), "%s%s%s", dt_btf_qual(t),
				 sp, decl);
			dt_btf_decl(b, t->type, inner, out, len, depth + 1, budget);
		} else {
			dt_btf_decl(b, t->type, decl, inner, sizeof(inner),
				    depth + 1, budget);
			snprintf(out, len, "%s %s", dt_btf_qual(t), inner);
		}
		return;
	case BTF_KIND_ARRAY:
		snprintf(inner, sizeof(inner), *decl == '*' ? "(%s)[%u]" :
			 "%s[%u]", decl, btf_array(t)->nelems);
		dt_btf_decl(b, btf_array(t)->type, inner, out, len, depth + 1, budget);
		return;
	case BTF_KIND_FUNC_PROTO:
		dt_btf_params(b, t, params, sizeof(params), depth,
			      budget);
		snprintf(inner, sizeof(inner), *decl ? "(%s)%s" : "%s%s",
			 *decl ? decl : params, *decl ? params : "");
		dt_btf_decl(b, t->type, inner, out, len, depth + 1, budget);
		return;
	case BTF_KIND_FUNC:
		to = btf__type_by_id(b, t->type);
		if (!to || !btf_is_func_proto(to)) {
			snprintf(out, len, "?%s%s", sp, decl);
			return;
		}
		dt_btf_params(b, to, params, sizeof(params), depth,
			      budget);
		snprintf(inner, sizeof(inner), "%s%s",
			 dt_btf_str(b, t->name_off), params);
		dt_btf_decl(b, to->type, inner, out, len, depth + 1, budget);
		return;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		snprintf(out, len, "%s %s%s%s",
			 btf_is_struct(t) ? "struct" :
			 btf_is_union(t) ? "union" :
			 btf_is_fwd(t) ? (btf_kflag(t) ? "union" : "struct") :
			 "enum",
			 t->name_off ? dt_btf_str(b, t->name_off) : "(anon)",
			 sp, decl);
		return;
	default:	/* int, float, typedef */
		snprintf(out, len, "%s%s%s", dt_btf_str(b, t->name_off), sp,
			 decl);
		return;
	}
}

char *dt_btf_name(const struct dt_btf *bt, uint32_t id, char *buf,
		  size_t len)
{
	int budget = DT_BTF_BUDGET;

	if (len)
		dt_btf_decl(bt->bt_btf, id, "", buf, len, 0, &budget);
	return buf;
}

/* An old-style bit-field: the int type says where its bits lie. */
static void dt_btf_intbits(const struct btf *b, uint32_t type,
			   uint64_t *bitoff, uint8_t *bitsize)
{
	const struct btf_type *t = dt_btf_skip(b, type);
	uint32_t enc;

	if (!t || !btf_is_int(t))
		return;
	/* The int's encoding word follows its btf_type. */
	enc = *(const uint32_t *)(t + 1);
	if (BTF_INT_BITS(enc) != t->size * 8 || BTF_INT_OFFSET(enc)) {
		*bitoff += BTF_INT_OFFSET(enc);
		*bitsize = BTF_INT_BITS(enc);
	}
}

/*
 * Member name (n bytes) of composite t, also inside its anonymous
 * members: true, its bit offset from t's start, type and bit-field
 * width.
 */
static bool dt_btf_find_member(const struct btf *b, const struct btf_type *t,
			       const char *name, size_t n, uint64_t *bitoff,
			       uint32_t *type, uint8_t *bitsize, int depth,
			       int *budget)
{
	const struct btf_member *m = btf_members(t);
	uint16_t i;

	if (depth > DT_BTF_DEPTH)
		return false;
	for (i = 0; i < btf_vlen(t) && --*budget >= 0; i++) {
		const char *mn = dt_btf_str(b, m[i].name_off);
		const struct btf_type *mt;

		if (!*mn) {
			mt = dt_btf_skip(b, m[i].type);
			if (mt && btf_is_composite(mt) &&
			    dt_btf_find_member(b, mt, name, n, bitoff, type,
					       bitsize, depth + 1, budget)) {
				*bitoff += btf_member_bit_offset(t, i);
				return true;
			}
			continue;
		}
		if (strlen(mn) != n || strncmp(mn, name, n))
			continue;
		*bitoff = btf_member_bit_offset(t, i);
		*type = m[i].type;
		*bitsize = btf_member_bitfield_size(t, i);
		if (!btf_kflag(t))
			dt_btf_intbits(b, m[i].type, bitoff, bitsize);
		return true;
	}
	return false;
}

int dt_btf_nmembers(const struct dt_btf *bt, uint32_t id)
{
	const struct btf_type *t = dt_btf_skip(bt->bt_btf, id);

	return t && btf_is_composite(t) ? btf_vlen(t) : -1;
}

const char *dt_btf_member_at(const struct dt_btf *bt, uint32_t id, int i,
			     struct dt_btf_member *m)
{
	const struct btf_type *t = dt_btf_skip(bt->bt_btf, id);
	const struct btf_member *bm;
	uint64_t bitoff;
	uint8_t bitsize;

	memset(m, 0, sizeof(*m));
	if (!t || !btf_is_composite(t) || i < 0 || i >= btf_vlen(t))
		return NULL;
	bm = btf_members(t) + i;
	bitoff = btf_member_bit_offset(t, (uint32_t)i);
	bitsize = (uint8_t)btf_member_bitfield_size(t, (uint32_t)i);
	if (!btf_kflag(t))
		dt_btf_intbits(bt->bt_btf, bm->type, &bitoff, &bitsize);
	m->bm_type = bm->type;
	m->bm_off = (uint32_t)(bitoff / 8);
	m->bm_bitoff = bitsize ? (uint8_t)(bitoff % 8) : 0;
	m->bm_bitsize = bitsize;
	return dt_btf_str(bt->bt_btf, bm->name_off);
}

const char *dt_btf_enum_name(const struct dt_btf *bt, uint32_t id,
			     int64_t val)
{
	const struct btf_type *t = dt_btf_skip(bt->bt_btf, id);
	uint16_t i;

	if (t && btf_is_enum(t)) {
		const struct btf_enum *e = btf_enum(t);

		for (i = 0; i < btf_vlen(t); i++)
			if (e[i].val == (int32_t)val)
				return dt_btf_str(bt->bt_btf, e[i].name_off);
	} else if (t && btf_is_enum64(t)) {
		const struct btf_enum64 *e = btf_enum64(t);

		for (i = 0; i < btf_vlen(t); i++)
			if (btf_enum64_value(e + i) == (uint64_t)val)
				return dt_btf_str(bt->bt_btf, e[i].name_off);
	}
	return NULL;
}

int dt_btf_member(const struct dt_btf *bt, uint32_t id, const char *path,
		  struct dt_btf_member *m, char *err, size_t errlen)
{
	uint64_t total = 0;
	uint8_t bitsize = 0;
	char tname[256];

	for (;;) {
		const char *dot = strchr(path, '.');
		size_t n = dot ? (size_t)(dot - path) : strlen(path);
		const struct btf_type *t = dt_btf_type(bt,
						       dt_btf_resolve(bt, id));
		uint64_t off = 0;
		uint32_t type;
		int budget;

		if (!t || !btf_is_composite(t)) {
			dt_btf_err(err, errlen, "%.*s cannot be a member of %s: "
				   "it is not a struct or union", (int)n, path,
				   dt_btf_name(bt, id, tname, sizeof(tname)));
			return -1;
		}
		budget = DT_BTF_BUDGET;
		if (!dt_btf_find_member(bt->bt_btf, t, path, n, &off, &type,
					&bitsize, 0, &budget)) {
			dt_btf_err(err, errlen, "%.*s is not a member of %s",
				   (int)n, path,
				   dt_btf_name(bt, id, tname, sizeof(tname)));
			return -1;
		}
		total += off;
		id = type;
		if (!dot)
			break;
		path = dot + 1;
	}
	m->bm_type = id;
	m->bm_off = total / 8;
	m->bm_bitoff = bitsize ? total % 8 : 0;
	m->bm_bitsize = bitsize;
	return 0;
}

int dt_btf_func(const struct dt_btf *bt, const char *fn,
		struct dt_btf_func *f, char *err, size_t errlen)
{
	const struct btf_type *t = dt_btf_type(bt, dt_btf_find(bt, fn,
							       BTF_KIND_FUNC));
	const struct btf_param *p;
	int i, n;

	if (t)
		t = dt_btf_type(bt, t->type);
	if (!t || !btf_is_func_proto(t)) {
		dt_btf_err(err, errlen, "no type information for function %s: "
			   "the kernel's types do not describe it", fn);
		return -1;
	}
	memset(f, 0, sizeof(*f));
	f->bf_ret = t->type;
	p = btf_params(t);
	n = btf_vlen(t);
	if (n && !p[n - 1].type) {
		f->bf_varargs = true;
		n--;
	}
	f->bf_nargs = n;
	for (i = 0; i < n && i < DT_BTF_MAXARGS; i++) {
		f->bf_args[i] = p[i].type;
		f->bf_argnames[i] = dt_btf_str(bt->bt_btf, p[i].name_off);
	}
	return 0;
}

/*
 * id's alignment as C lays it out (a packed struct's is 1), within a
 * budget: libbpf's btf__align_of trusts the types not to loop or dangle.
 */
static uint32_t dt_btf_align(const struct btf *b, uint32_t id, int depth,
			     int *budget)
{
	const struct btf_type *t = dt_btf_skip_id(b, &id);
	const struct btf_member *m;
	uint32_t a = 1, ma;
	uint16_t i;

	if (!t || depth > DT_BTF_DEPTH || --*budget < 0)
		return 1;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FLOAT:
		a = t->size;
		break;
	case BTF_KIND_PTR:
		a = 8;
		break;
	case BTF_KIND_ARRAY:
		return dt_btf_align(b, btf_array(t)->type, depth + 1, budget);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		m = btf_members(t);
		for (i = 0; i < btf_vlen(t) && *budget > 0; i++) {
			uint32_t off = btf_member_bit_offset(t, i);

			ma = dt_btf_align(b, m[i].type, depth + 1, budget);
			if (ma > a)
				a = ma;
			/* a byte-aligned member out of place: packed */
			if (!btf_member_bitfield_size(t, i) && !(off % 8) &&
			    off % (8 * ma))
				return 1;
		}
		if (t->size % a)
			return 1;
		break;
	default:
		break;
	}
	return a && a <= 16 && !(a & (a - 1)) ? a : 1;
}

void dt_btf_info(const struct dt_btf *bt, uint32_t id,
		 struct dt_btf_info *bi)
{
	int budget = DT_BTF_BUDGET;
	const struct btf *b = bt->bt_btf;
	const struct btf_type *t = dt_btf_skip_id(b, &id);

	memset(bi, 0, sizeof(*bi));
	bi->bi_name = "";
	if (t && btf_is_fwd(t)) {
		char name[256];
		int64_t def;

		snprintf(name, sizeof(name), "%s %s",
			 btf_kflag(t) ? "union" : "struct",
			 dt_btf_str(b, t->name_off));
		def = dt_btf_lookup(bt, name, NULL, 0);
		if (def > 0 && !btf_is_fwd(btf__type_by_id(b, (uint32_t)def))) {
			id = (uint32_t)def;
			t = btf__type_by_id(b, id);
		}
	}
	bi->bi_id = id;
	if (!t)
		return;
	if (btf_is_composite(t) || btf_is_fwd(t) || btf_is_enum(t) ||
	    btf_is_enum64(t))
		bi->bi_name = dt_btf_str(b, t->name_off);
	if (btf_is_fwd(t)) {
		bi->bi_kind = btf_kflag(t) ? DT_BTFK_UNION : DT_BTFK_STRUCT;
		bi->bi_opaque = true;
		bi->bi_align = 1;
		return;
	}
	bi->bi_align = dt_btf_align(b, id, 0, &budget);
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		bi->bi_kind = DT_BTFK_INT;
		bi->bi_size = t->size;
		/* char is signed on the architectures D runs on */
		bi->bi_signed = (btf_int_encoding(t) & BTF_INT_SIGNED) ||
			!strcmp(dt_btf_str(b, t->name_off), "char");
		return;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		bi->bi_kind = DT_BTFK_ENUM;
		bi->bi_size = t->size;
		bi->bi_signed = btf_kflag(t) || t->size < 8;
		return;
	case BTF_KIND_FLOAT:
		bi->bi_kind = DT_BTFK_FLOAT;
		bi->bi_size = t->size;
		return;
	case BTF_KIND_PTR:
		bi->bi_kind = DT_BTFK_PTR;
		bi->bi_size = 8;
		bi->bi_ref = t->type;
		return;
	case BTF_KIND_ARRAY:
		bi->bi_kind = DT_BTFK_ARRAY;
		bi->bi_ref = btf_array(t)->type;
		bi->bi_nelems = btf_array(t)->nelems;
		bi->bi_size = (uint32_t)dt_btf_size(bt, id);
		return;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		bi->bi_kind = btf_is_union(t) ? DT_BTFK_UNION : DT_BTFK_STRUCT;
		bi->bi_size = t->size;
		return;
	default:
		bi->bi_kind = DT_BTFK_FUNC;
		return;
	}
}

const struct dt_btf *dt_btf_owner(const struct dt_btf *bt, uint32_t id)
{
	while (bt->bt_base && id < btf__type_cnt(bt->bt_base->bt_btf))
		bt = bt->bt_base;
	return bt;
}

/* Enumerator i of enum t: its name, and its value in *val. */
static const char *dt_btf_enumerator(const struct btf *b,
				     const struct btf_type *t, uint16_t i,
				     int64_t *val)
{
	if (btf_is_enum(t)) {
		/* C's enumerators are ints */
		*val = btf_enum(t)[i].val;
		return dt_btf_str(b, btf_enum(t)[i].name_off);
	}
	*val = (int64_t)btf_enum64_value(&btf_enum64(t)[i]);
	return dt_btf_str(b, btf_enum64(t)[i].name_off);
}

bool dt_btf_enumval(const struct dt_btf *bt, const char *name,
		    int64_t *val)
{
	uint32_t hash = dt_btf_hash(name, BTF_KIND_ENUM), h;

	for (; bt && bt->bt_enums; bt = bt->bt_base) {
		for (h = hash & bt->bt_emask; bt->bt_enums[h];
		     h = (h + 1) & bt->bt_emask) {
			uint64_t e = bt->bt_enums[h];
			const struct btf_type *t =
				btf__type_by_id(bt->bt_btf, (uint32_t)(e >> 16));

			if (!strcmp(dt_btf_enumerator(bt->bt_btf, t,
						      (uint16_t)e, val), name))
				return true;
		}
	}
	return false;
}

uint32_t dt_btf_var(const struct dt_btf *bt, const char *name)
{
	uint32_t id = dt_btf_find(bt, name, BTF_KIND_VAR);

	return id ? btf__type_by_id(bt->bt_btf, id)->type : 0;
}
