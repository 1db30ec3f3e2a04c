/* SPDX-License-Identifier: GPL-2.0 */
/*
 * printf( ) formats: parsed once at compile time (to check the argument
 * types against each conversion), kept with the clause, and applied by
 * the consumer to the recorded arguments.
 */
#ifndef DT_PRINTF_H
#define DT_PRINTF_H

#include <stdio.h>
#include <stdint.h>
#include "dt_ast.h"

#define DT_PF_STAR	(-2)	/* width or precision given by '*' */
#define DT_PF_NONE	(-1)

struct dt_pfseg {
	char	*ps_text;	/* literal text before the conversion */
	char	ps_conv;	/* 0: no conversion (trailing text) */
	char	ps_flags[8];	/* "-+ #0" */
	int	ps_width;	/* DT_PF_NONE, DT_PF_STAR or >= 0 */
	int	ps_prec;
	char	ps_len[3];	/* "", "h", "hh", "l", "ll", "L", "j", "z", "t" */
	char	ps_spec[32];	/* the conversion as written, without '%' */
	char	ps_name[4];	/* its name in messages: "d", "lld", "s" */
	bool	ps_agg;		/* %@: printa( )'s aggregation value */
	bool	ps_ptrwidth;	/* '?': a pointer's width unless given */
	char	*ps_tfmt;	/* %<fmt>T: strftime's format (a lowered
				 * time( ) of another language) of a
				 * walltimestamp */
};

struct dt_pfmt {
	struct dt_pfseg	*pf_segs;
	int		pf_nsegs;
	int		pf_nconv;	/* conversions that take a value */
	int		pf_nargs;	/* values, '*' included */
};

/* One recorded argument. */
struct dt_pfarg {
	struct dt_type	pa_type;
	int64_t		pa_int;		/* normalized to the type */
	const char	*pa_str;
};

/*
 * Parse fmt. Returns NULL with a message in err on a malformed format
 * ("format conversion #2 is undefined: %q"); DTrace's tag for it is
 * D_SYNTAX.
 */
struct dt_pfmt *dt_pfmt_parse(const char *fmt, char *err, size_t errlen);
void dt_pfmt_free(struct dt_pfmt *pf);

/* What is wrong with a format's arguments (dt_pfmt_tag( ) names it). */
#define DT_PFE_ARG_TYPE		(-1)	/* a value of the wrong type */
#define DT_PFE_ARG_EXTRA	(-2)	/* more values than conversions */
#define DT_PFE_ARG_PROTO	(-3)	/* a conversion without a value */
#define DT_PFE_DYN_PROTO	(-4)	/* a '*' without its value */
#define DT_PFE_DYN_TYPE		(-5)	/* a '*' value not an integer */
#define DT_PFE_AGG_CONV		(-6)	/* %@ outside printa( ) */

/*
 * Check argument types. types[] are the D types of the value arguments
 * after the format. Returns 0, or a DT_PFE_* with DTrace's message in
 * err; dt_pfmt_tag( ) gives DTrace's tag for it.
 */
int dt_pfmt_check(const struct dt_pfmt *pf, const char *func,
		  const struct dt_type *types, int ntypes, char *err,
		  size_t errlen);
const char *dt_pfmt_tag(int rc);
/*
 * The conversion (its segment and number from 1) that takes value argi
 * (from 0); *star if as its '*'. -1 if none does.
 */
int dt_pfmt_argconv(const struct dt_pfmt *pf, int argi,
		    const struct dt_pfseg **seg, int *conv, bool *star);
/* The types a conversion takes, in DTrace's words ("pointer or integer"). */
const char *dt_pfmt_proto(char conv);

/* Print with the recorded arguments; returns bytes written or -1. */
int dt_pfmt_print(FILE *fp, const struct dt_pfmt *pf,
		  const struct dt_pfarg *args, int nargs);

/*
 * One conversion (not its literal text), taking its '*' arguments and
 * its value from args[*a] on; returns bytes written or -1.
 */
int dt_pfseg_print(FILE *fp, const struct dt_pfseg *s,
		   const struct dt_pfarg *args, int nargs, int *a);

/* An integer of type t, from 64 bits: sign- or zero-extended to t. */
int64_t dt_int_normalize(int64_t v, const struct dt_type *t);

#endif /* DT_PRINTF_H */
