/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's types in the compiler's one type system (dt_ast.h): a BTF
 * type (dt_btf.h) becomes a struct dt_type, a struct or union a struct
 * dt_sou of the program's, made when first named. Its members are looked
 * up in BTF when a script uses them, never copied: the kernel's types
 * reach one another, and copying a struct's member types would copy all
 * of them. Nothing here loads BTF until a script names a kernel type.
 */
#ifndef DT_KTYPE_H
#define DT_KTYPE_H

#include "dt_pcb.h"

struct dt_btf;
struct dt_member;

/*
 * Member name of s, the script's or the kernel's, in *m (m_name not
 * set): 0, or -1 with an error naming the type and the member.
 */
int dt_sou_member_get(struct dt_pcb *pcb, const struct dt_sou *s,
		      const char *name, const struct dt_loc *loc,
		      struct dt_member *m);
/*
 * The type of struct/union NAME: the script's, else the kernel's
 * ("mod`NAME": module mod's), or an error saying none is known.
 */
int dt_sou_type(struct dt_pcb *pcb, const char *name, bool is_union,
		const struct dt_loc *loc, struct dt_type *out);

/*
 * "struct NAME" or "union NAME" of the kernel ("mod`NAME": of module
 * mod) as a D type: 0, or -1 with an error that says how to get types.
 */
int dt_ktype_sou(struct dt_pcb *pcb, const char *name, bool is_union,
		 const struct dt_loc *loc, struct dt_type *out);
/*
 * "mod`name" (mod "" or vmlinux: the kernel's), a typedef or base type:
 * 0, 1 if there is none (or no types), -1 with an error.
 */
int dt_ktype_typedef(struct dt_pcb *pcb, const char *scoped,
		     const struct dt_loc *loc, struct dt_type *out);
/* The type of kernel variable "mod`name" in the same way. */
int dt_ktype_var(struct dt_pcb *pcb, const char *scoped,
		 const struct dt_loc *loc, struct dt_type *out);
/* BTF type id of bt as a D type (arrays decay): 0, or -1 and an error. */
int dt_ktype_conv(struct dt_pcb *pcb, const struct dt_btf *bt, uint32_t id,
		  const struct dt_loc *loc, struct dt_type *out);
/* Member name of kernel struct or union s: 0, or -1 and an error. */
int dt_ktype_member(struct dt_pcb *pcb, const struct dt_sou *s,
		    const char *name, const struct dt_loc *loc,
		    struct dt_member *m);
/* curthread's type, struct task_struct *: false if there are no types. */
bool dt_ktype_curthread(struct dt_pcb *pcb, struct dt_type *out);
/* An enumerator of the kernel's types: false if none (or no types). */
bool dt_ktype_enumval(const char *name, int64_t *val);
/*
 * The type of fbt's args[idx] for function fn of module mod (return:
 * at its return probe): 0, 1 if there is none to give (no types, no
 * such argument), -1 with an error.
 */
int dt_ktype_fbtarg(struct dt_pcb *pcb, const char *mod, const char *fn,
		    bool ret, int64_t idx, const struct dt_loc *loc,
		    struct dt_type *out);

#endif /* DT_KTYPE_H */
