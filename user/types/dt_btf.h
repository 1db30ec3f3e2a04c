/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's types, from its BTF (Documentation/types.md): read with
 * libbpf, loaded on first use so a script that names no kernel type
 * starts as fast as before. DTRACE_BTF=FILE replaces the kernel's own
 * (/sys/kernel/btf/vmlinux) with a file, for modules too.
 *
 * A struct dt_btf is one loaded set of types: the kernel's, or a
 * module's on top of them. Type ids are BTF's; 0 is void. Errors are
 * for people, in err.
 */
#ifndef DT_BTF_H
#define DT_BTF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dt_btf;

/* The kernel's types, or NULL and why (and how to get them) in err. */
const struct dt_btf *dt_btf_kernel(char *err, size_t errlen);
/*
 * Module mod's types on top of the kernel's ("vmlinux", "" or NULL:
 * the kernel's alone), or NULL and why in err.
 */
const struct dt_btf *dt_btf_module(const char *mod, char *err,
				   size_t errlen);
/* Forget everything loaded: the next use reads the files again. */
void dt_btf_reset(void);
/* Whether the kernel's types were asked for since the last reset. */
bool dt_btf_tried(void);
/*
 * Whether they come from a file (DTRACE_BTF, or what DKMS built from
 * the kernel's headers), which describes types but no functions.
 */
bool dt_btf_from_file(void);

/*
 * A type by its C name: "struct file", "union u", "enum e", a typedef
 * or a base type ("unsigned int"). Its id (> 0), or -1 and err.
 */
int64_t dt_btf_lookup(const struct dt_btf *bt, const char *name,
		      char *err, size_t errlen);
/* id without typedefs, const, volatile, restrict and type tags. */
uint32_t dt_btf_resolve(const struct dt_btf *bt, uint32_t id);
/* The size in bytes of id's objects, or -1 (void, a function). */
int64_t dt_btf_size(const struct dt_btf *bt, uint32_t id);
/* Whether id (resolved) is a pointer; its target in *to if so. */
bool dt_btf_is_ptr(const struct dt_btf *bt, uint32_t id, uint32_t *to);
/*
 * id as C and D write it: "struct file *", "const char *", "char [16]",
 * "int (*)(void *)". Truncated to len; returns buf.
 */
char *dt_btf_name(const struct dt_btf *bt, uint32_t id, char *buf,
		  size_t len);

/* Where a member lies in the object that holds it. */
struct dt_btf_member {
	uint32_t	bm_type;	/* its type */
	uint32_t	bm_off;		/* bytes from the object's start */
	uint8_t		bm_bitoff;	/* bit-field: first bit in that byte */
	uint8_t		bm_bitsize;	/* bit-field: width; 0 if not one */
};

/*
 * A member path "a.b.c" of struct or union id (after typedefs and
 * qualifiers), through anonymous structs and unions; offsets add up
 * along it. 0, or -1 and err naming the type and the member.
 */
int dt_btf_member(const struct dt_btf *bt, uint32_t id, const char *path,
		  struct dt_btf_member *m, char *err, size_t errlen);

/*
 * The direct members of struct or union id (after typedefs and
 * qualifiers): how many, or -1 if id is not one.
 */
int dt_btf_nmembers(const struct dt_btf *bt, uint32_t id);
/* Member i of them: its name ("" if anonymous) and where it lies. */
const char *dt_btf_member_at(const struct dt_btf *bt, uint32_t id, int i,
			     struct dt_btf_member *m);
/* The name of enum id's enumerator of value val, or NULL. */
const char *dt_btf_enum_name(const struct dt_btf *bt, uint32_t id,
			     int64_t val);
/* The parameters a prototype's description keeps; more are counted. */
#define DT_BTF_MAXARGS	12

/* A kernel function's prototype. */
struct dt_btf_func {
	uint32_t	bf_ret;		/* the return type; 0: void */
	int		bf_nargs;	/* all of them, even beyond MAXARGS */
	bool		bf_varargs;	/* ends in "..." */
	uint32_t	bf_args[DT_BTF_MAXARGS];
	const char	*bf_argnames[DT_BTF_MAXARGS];	/* "" if unnamed */
};

/* Function fn's prototype: 0, or -1 and err. */
int dt_btf_func(const struct dt_btf *bt, const char *fn,
		struct dt_btf_func *f, char *err, size_t errlen);

/* What the compiler needs to know of one type (after typedefs). */
enum dt_btf_kind {
	DT_BTFK_VOID,
	DT_BTFK_INT,
	DT_BTFK_ENUM,
	DT_BTFK_FLOAT,
	DT_BTFK_PTR,
	DT_BTFK_ARRAY,
	DT_BTFK_STRUCT,
	DT_BTFK_UNION,
	DT_BTFK_FUNC,	/* a prototype: only pointed to */
};

struct dt_btf_info {
	enum dt_btf_kind bi_kind;
	uint32_t	bi_id;		/* the resolved id */
	uint32_t	bi_size, bi_align;
	bool		bi_signed;	/* integers and enums */
	bool		bi_opaque;	/* declared, never defined */
	uint32_t	bi_ref;		/* pointer's target, element */
	uint32_t	bi_nelems;	/* arrays */
	const char	*bi_name;	/* struct, union, enum: "" if anon */
};

/*
 * id described, through typedefs and qualifiers; a declared-only struct
 * is replaced by its definition where the set has one.
 */
void dt_btf_info(const struct dt_btf *bt, uint32_t id,
		 struct dt_btf_info *bi);
/* The set that defines id: bt or one it is built on (for identity). */
const struct dt_btf *dt_btf_owner(const struct dt_btf *bt, uint32_t id);
/* An enumerator's value: true if some enum of bt defines name. */
bool dt_btf_enumval(const struct dt_btf *bt, const char *name,
		    int64_t *val);
/* A global variable's type: its id (> 0), or 0 if bt has none. */
uint32_t dt_btf_var(const struct dt_btf *bt, const char *name);

#endif /* DT_BTF_H */
