/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run-time and compile-time options: -x NAME[=VALUE], #pragma D option,
 * and the flags that set the same things (-q, -w, -Z).
 */
#ifndef DT_OPTIONS_H
#define DT_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

struct dt_options {
	uint64_t	o_bufsize;	/* bytes per CPU; 0: module default */
	uint32_t	o_bufpolicy;	/* DTRACE_BUFPOLICY_* */
	uint64_t	o_aggsize, o_dynvarsize, o_specsize;
	uint32_t	o_nspec;
	uint32_t	o_strsize;	/* bytes of a string value */
	uint64_t	o_switchrate;	/* ns between buffer snapshots */
	uint64_t	o_statusrate;	/* ns between status polls */
	bool		o_quiet;
	bool		o_flowindent;	/* -F */
	bool		o_destructive;
	bool		o_zdefs;	/* -Z: descriptions may match nothing */
	bool		o_errtags;
	bool		o_droptags;	/* drop reports carry DTrace's tags */
	bool		o_defaultargs;	/* unset $N are 0 / "" */
	bool		o_aggsortkey;	/* aggregations sort by key first */
	bool		o_aggsortrev;	/* ... and in reverse */
	bool		o_json;		/* oformat=json (dt_json.h) */
	bool		o_fmtlang;	/* oformat= the other language's output
					 * (struct dt_optlang) */
	uint32_t	o_aggsortkeypos;	/* the key aggregations sort by */
	uint32_t	o_aggsortpos;	/* printa( ) of several: by which */
	uint32_t	o_stackframes;	/* stack( ) without a count */
	uint32_t	o_ustackframes;
	uint64_t	o_aggrate;	/* ns between aggregation snapshots */
	uint64_t	o_cleanrate;	/* ns between speculation cleanings */
	bool		o_rawbytes;	/* trace( ) data as bytes, always */
	/* a function a language skips when it cannot be probed: DT_MISS_* */
	uint8_t		o_missing;
	uint8_t		o_stackfmt;	/* oformat=folded 1, flamegraph 2 */
	char		o_prom[64];	/* prometheus=[ADDR:]PORT; "": none */
	uint32_t	o_promseries;	/* series served per aggregation */
	/* the other language's release its output follows: N of 0.N; 0 its
	 * default */
	uint8_t		o_langrel;
	int32_t		o_cpu;		/* -x cpu: only its records; -1 all */
	uint64_t	o_scratchsize, o_printsize;	/* 0: the defaults */
	uint32_t	o_maxframes;	/* the most stackframes may ask */
	/* how aggregations print, as illumos' (dt_agg.h's dt_aggview) */
	bool		o_aggzoom, o_agghist, o_aggpack, o_aggpercpu;
	uint8_t		o_encoding;	/* DT_ENC_* */
	uint32_t	o_stackindent;	/* stack( ) frames' indent */
};

/* -x encoding: of bars; auto is UTF-8 packed bars unless TERM is dumb */
enum { DT_ENC_AUTO, DT_ENC_ASCII, DT_ENC_UTF8 };

enum { DT_MISS_WARN, DT_MISS_IGNORE, DT_MISS_ERROR };

#define DT_STRSIZE_DEFAULT	256
/*
 * A string's slot in a record or an aggregation key: strsize counts
 * characters, as DTrace's, and the module ends a string it records
 * with a NUL, so the slot has room for one more byte.
 */
#define DT_STRSLOT(strsize)	((strsize) + 1)
#define DT_SWITCHRATE_DEFAULT	1000000000ull	/* 1hz, as DTrace */
#define DT_STATUSRATE_DEFAULT	10000000ull	/* 100hz */
#define DT_PROMSERIES_DEFAULT	1000
#define DT_CLEANRATE_DEFAULT	9900990ull	/* 101hz, as DTrace */
#define DT_STACKINDENT_DEFAULT	14

void dt_options_init(struct dt_options *o);

/*
 * The options of the command's other language, which cmd/ registers
 * before any option is read (dt_langs.c): oformat=NAME and NAME-json
 * choose its output (o_fmtlang, with o_json for its JSON), which
 * implies quiet, as that output has no probe headings; RELOPT=0.N or
 * 0.N.M, N from relmin to 99, the release that output follows
 * (o_langrel). Without it, those are not option values D knows.
 */
struct dt_optlang {
	const char	*ol_name;
	const char	*ol_relopt;
	unsigned int	ol_relmin;
};
void dt_options_lang(const struct dt_optlang *l);

/*
 * Set one option. value is NULL for "-x name". Returns 0, or -1 with a
 * reason ("Invalid option name", "Invalid value for specified option",
 * or why a DTrace option has no meaning here) in *why.
 */
int dt_option_set(struct dt_options *o, const char *name, const char *value,
		  const char **why);

/*
 * The i-th option the table knows, from 0 (the other language's last),
 * and whether it is accepted with nothing to do here; NULL past the
 * last.
 */
const char *dt_option_name(size_t i, bool *ignored);

/* Parse "NAME=VALUE" or "NAME" (as after -x). */
int dt_option_setarg(struct dt_options *o, const char *arg,
		     const char **why);

/* Sizes with k/m/g/t suffixes; rates as "Nhz" or a time ("10ms"). */
int dt_opt_parse_size(const char *s, uint64_t *out);
int dt_opt_parse_rate(const char *s, uint64_t *ns);

#endif /* DT_OPTIONS_H */
