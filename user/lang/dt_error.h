/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compile errors: the first one is kept in the pcb with its tag and
 * location, and formatted as DTrace does:
 *
 *   dtrace: failed to compile script FILE: [D_TAG] line N: message
 *   dtrace: invalid probe specifier TEXT: [D_TAG] in action list: message
 *
 * ([D_TAG] only with -x errtags). On a terminal the source line and a
 * caret follow.
 */
#ifndef DT_ERROR_H
#define DT_ERROR_H

#include <stdio.h>
#include <stdarg.h>
#include "dt_pcb.h"

#if defined(__GNUC__)
#define DT_PRINTFLIKE(a, b) __attribute__((format(printf, a, b)))
#else
#define DT_PRINTFLIKE(a, b)
#endif

/* Record an error at loc (may be NULL) unless one is kept. Returns -1. */
int dt_error(struct dt_pcb *pcb, const struct dt_loc *loc, const char *tag,
	     const char *fmt, ...) DT_PRINTFLIKE(4, 5);
int dt_verror(struct dt_pcb *pcb, const struct dt_loc *loc, const char *tag,
	      const char *fmt, va_list ap);
/*
 * D_PROTO_LEN in DTrace's words: "NAME( ) prototype mismatch: N args
 * passed, [at least |at most ]M expected", for a call of NAME that takes
 * min..max arguments. Returns -1.
 */
int dt_error_nargs(struct dt_pcb *pcb, const struct dt_loc *loc,
		   const char *name, int nargs, int min, int max);

/* "[TAG] line N: msg" or "in REGION: msg" without the dtrace: prefix. */
void dt_error_text(const struct dt_pcb *pcb, bool errtags, char *buf,
		   size_t len);

/*
 * Print the whole message; spec is the -n text (NULL for -s). With
 * caret, the source line and a caret under the column follow.
 */
void dt_error_print(const struct dt_pcb *pcb, FILE *fp, const char *spec,
		    bool errtags, bool caret);

/* The program name and diagnostics not tied to a compilation. */
void dt_warn(const char *fmt, ...) DT_PRINTFLIKE(1, 2);

#endif /* DT_ERROR_H */
