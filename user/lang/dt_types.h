/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Types a script declares: struct and union layouts, typedef names and
 * enum constants. The kernel's types (dt_ktype.h) share struct dt_sou
 * and struct dt_member with them; lookups here see the script's only
 * (dt_ktype.h looks in both).
 */
#ifndef DT_TYPES_H
#define DT_TYPES_H

#include "dt_pcb.h"

struct dt_member {
	char		*m_name;
	struct dt_type	m_type;		/* an array's element type */
	uint32_t	m_off;
	uint32_t	m_nelems;	/* 0: not an array */
	uint8_t		m_str;		/* DT_MSTR_*: reads as a string */
	uint8_t		m_bitoff;	/* bit-field: 1st bit at m_off */
	uint8_t		m_bitsize;	/* its width, 0: none */
};

/* Members of tracepoint records (dt_tp.c) that D reads as strings. */
#define DT_MSTR_NONE	0
#define DT_MSTR_ARRAY	1	/* char[N], in place */
#define DT_MSTR_LOC	2	/* __data_loc char[]: u32 len << 16 | off */

struct dt_tdef {
	struct dt_tdef	*t_next;
	char		*t_name;
	struct dt_type	t_type;
};

struct dt_enumc {
	struct dt_enumc	*e_next;
	char		*e_name;
	int64_t		e_val;
};

struct dt_sou *dt_sou_lookup(const struct dt_program *p, const char *name,
			     bool is_union);
/* struct NAME {: a new definition (takes name), or NULL with an error. */
struct dt_sou *dt_sou_begin(struct dt_pcb *pcb, char *name, bool is_union,
			    const struct dt_loc *loc);
int dt_sou_member_add(struct dt_pcb *pcb, struct dt_sou *s, char *name,
		      const struct dt_type *t, int64_t nelems,
		      const struct dt_loc *loc);
/* NAME : BITS (1-64, t an integer type); NAME may be NULL (padding). */
int dt_sou_bitfield_add(struct dt_pcb *pcb, struct dt_sou *s, char *name,
			const struct dt_type *t, unsigned int bits,
			const struct dt_loc *loc);
/* struct { ... }; inside s: the members of that anonymous t are s's. */
int dt_sou_anon_add(struct dt_pcb *pcb, struct dt_sou *s,
		    const struct dt_type *t, const struct dt_loc *loc);
void dt_sou_end(struct dt_sou *s);
const struct dt_member *dt_sou_member(const struct dt_sou *s,
				      const char *name);
const struct dt_type *dt_tdef_lookup(const struct dt_program *p,
				     const char *name);
int dt_tdef_add(struct dt_pcb *pcb, char *name, const struct dt_type *t,
		const struct dt_loc *loc);
bool dt_enum_lookup(const struct dt_program *p, const char *name,
		    int64_t *val);
int dt_enum_add(struct dt_pcb *pcb, char *name, int64_t val,
		const struct dt_loc *loc);

/* Bytes of a value of type t (strings: 0, the caller knows strsize). */
uint32_t dt_type_size(const struct dt_type *t);
/* A pointer to t. */
struct dt_type dt_type_ptrto(const struct dt_type *t);

void dt_types_free(struct dt_program *p);

#endif /* DT_TYPES_H */
