/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A language the compiler reads, its front end. D (d/dt_parse.c) is
 * one; the command lists them (cmd/dt_langs.c) and each pcb names its
 * own: pcb_fe[pcb_lang]. compile/ calls a language only through this,
 * and never names one but D.
 */
#ifndef DT_FRONTEND_H
#define DT_FRONTEND_H

#include <stdio.h>

#include "dt_ast.h"
#include "dt_funcext.h"
#include "dt_pcb.h"

struct dt_frontend {
	const char	*fe_name;
	/* text to the language's AST in pcb_prog: 0, or -1 with an error */
	int		(*fe_parse)(struct dt_pcb *pcb);
	/* that AST to D's; NULL: it is D's */
	int		(*fe_lower)(struct dt_pcb *pcb);
	/*
	 * The extension table: the functions only this language's
	 * lowering calls, with their hooks (dt_funcext.h), looked up
	 * after DT_FUNCS( ). NULL: it has none.
	 */
	const struct dt_funcext *fe_funcs;
	size_t		fe_nfuncs;
	/* a compile error in the language's way; NULL: D's */
	void		(*fe_errprint)(const struct dt_pcb *pcb, FILE *fp);
	/* s.m of a pointer to a struct reads as s->m (auto-dereference) */
	bool		fe_dotptr;
	/* an lquantize( ) step past 16 bits (DTrace's encoding) is fine */
	bool		fe_widestep;
};

/* The pcb's language. */
static inline const struct dt_frontend *dt_frontend(const struct dt_pcb *pcb)
{
	return pcb->pcb_fe[pcb->pcb_lang];
}

#endif /* DT_FRONTEND_H */
