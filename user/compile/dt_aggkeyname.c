// SPDX-License-Identifier: GPL-2.0
/*
 * The names a script gives an aggregation's keys, for the labels of
 * -x prometheus (dt_prom.c): a key written as a bare name (execname,
 * comm, pid, $x) or a member of this->, self-> or args (this->fd,
 * args->filename, args.ret) is named by it; any other expression, or a
 * key written differently at two uses, keeps the label keyN. Taken
 * from the source text, so that each front end's own spelling is the
 * name (the name a front end wrote, not the D variable it is lowered
 * to).
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include "dt_aggdef.h"
#include "dt_pcb.h"

static bool dt_is_name(const char *s, size_t n)
{
	size_t i;

	if (!n || (!isalpha((unsigned char)s[0]) && s[0] != '_'))
		return false;
	for (i = 1; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && s[i] != '_')
			return false;
	return true;
}

/* name [s, s + n) into out if it may be a label's; false if not. */
static bool dt_label_name(const char *s, size_t n, char *out, size_t size)
{
	if (n && *s == '$')
		s++, n--;
	if (!dt_is_name(s, n) || n >= size)
		return false;
	/* reserved by the format: le is a bucket's, __ Prometheus's own */
	if ((n == 2 && !strncmp(s, "le", 2)) || !strncmp(s, "__", 2))
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	return true;
}

/* A bare name's text as the script wrote it, at k's place. */
static bool dt_key_text(const struct dt_pcb *pcb, const struct dt_node *k,
			char *out, size_t size)
{
	const struct dt_loc *l = &k->n_loc;
	const char *p;
	size_t len;

	if (l->first_line != l->last_line || l->first_column <= 0 ||
	    l->last_column <= l->first_column)
		return false;
	p = dt_pcb_line(pcb, l->first_line, &len);
	if (!p || (size_t)l->last_column - 1 > len)
		return false;
	return dt_label_name(p + l->first_column - 1,
			     (size_t)(l->last_column - l->first_column),
			     out, size);
}

static bool dt_key_name(const struct dt_pcb *pcb, const struct dt_node *k,
			char *out, size_t size)
{
	const struct dt_node *l = k->n_left;

	switch (k->n_kind) {
	case DT_N_IDENT:
	case DT_N_BUILTIN:
	case DT_N_VAR:
		return dt_key_text(pcb, k, out, size);
	case DT_N_THIS:
	case DT_N_SELF:
		return k->n_str &&
		       dt_label_name(k->n_str, strlen(k->n_str), out, size);
	case DT_N_MEMBER:
		/* args->name, args.name */
		return k->n_str && l && (l->n_kind == DT_N_IDENT ||
					 l->n_kind == DT_N_BUILTIN) &&
		       dt_key_text(pcb, l, out, size) &&
		       !strcmp(out, "args") &&
		       dt_label_name(k->n_str, strlen(k->n_str), out, size);
	default:
		return false;
	}
}

void dt_agg_keyname(const struct dt_pcb *pcb, struct dt_agg *a, int i,
		    const struct dt_node *k)
{
	char name[sizeof(a->a_keyname[0])] = "";

	if (!dt_key_name(pcb, k, name, sizeof(name)))
		name[0] = '\0';
	if (!(a->a_keynamed & (1u << i))) {
		a->a_keynamed |= 1u << i;
		strcpy(a->a_keyname[i], name);
	} else if (strcmp(a->a_keyname[i], name)) {
		a->a_keyname[i][0] = '\0';
	}
}
