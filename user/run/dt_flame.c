// SPDX-License-Identifier: GPL-2.0
/*
 * A flame graph page of the aggregations (dt_flame.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_agg.h"
#include "dt_consume.h"
#include "dt_flame.h"
#include "dt_folded.h"
#include "dt_format.h"
#include "dt_json.h"

#define DT_FLAME_DATA	"/** @flamegraph_json **/"
#define DT_FLAME_OPTS	"/** @options_json **/"
#define DT_FLAME_SHARE	"/usr/share/dtrace-linux/flamegraph.html"

struct dt_fnode {
	char		*fn_name;
	uint64_t	fn_self;
	struct dt_fnode	**fn_kids;
	size_t		fn_n, fn_cap;
};

static struct dt_fnode *dt_fnode_new(const char *name, size_t len)
{
	struct dt_fnode *n = calloc(1, sizeof(*n));

	if (n)
		n->fn_name = strndup(name, len);
	if (n && !n->fn_name) {
		free(n);
		n = NULL;
	}
	return n;
}

static void dt_fnode_free(struct dt_fnode *n)
{
	size_t i;

	for (i = 0; i < n->fn_n; i++)
		dt_fnode_free(n->fn_kids[i]);
	free(n->fn_kids);
	free(n->fn_name);
	free(n);
}

static struct dt_fnode *dt_fnode_kid(struct dt_fnode *n, const char *name,
				     size_t len)
{
	struct dt_fnode *k, **nk;
	size_t i;

	for (i = 0; i < n->fn_n; i++)
		if (strlen(n->fn_kids[i]->fn_name) == len &&
		    !memcmp(n->fn_kids[i]->fn_name, name, len))
			return n->fn_kids[i];
	if (n->fn_n == n->fn_cap) {
		size_t cap = n->fn_cap ? n->fn_cap * 2 : 4;

		nk = realloc(n->fn_kids, cap * sizeof(*nk));
		if (!nk)
			return NULL;
		n->fn_kids = nk;
		n->fn_cap = cap;
	}
	k = dt_fnode_new(name, len);
	if (k)
		n->fn_kids[n->fn_n++] = k;
	return k;
}

/* One folded stack ("a;b;c"), v samples at its last frame. */
static int dt_flame_add(struct dt_fnode *root, const char *folded, uint64_t v)
{
	const char *p = folded, *semi;
	struct dt_fnode *n = root;

	for (; n; p = semi + 1) {
		semi = strchr(p, ';');
		n = dt_fnode_kid(n, p, semi ? (size_t)(semi - p) : strlen(p));
		if (!semi)
			break;
	}
	if (!n)
		return -1;
	n->fn_self += v;
	return 0;
}

static void dt_flame_json(FILE *fp, const struct dt_fnode *n)
{
	size_t i;

	fputs("{\"name\":", fp);
	dt_json_str(fp, n->fn_name, strlen(n->fn_name));
	fprintf(fp, ",\"value\":%llu,\"children\":[",
		(unsigned long long)n->fn_self);
	for (i = 0; i < n->fn_n; i++) {
		if (i)
			fputc(',', fp);
		dt_flame_json(fp, n->fn_kids[i]);
	}
	fputs("]}", fp);
}

/* Every aggregation's entries, folded, into root. */
static int dt_flame_tree(struct dt_fnode *root, struct dt_aggs *s,
			 struct dt_symtab *syms)
{
	char *text = NULL, *line, *sp;
	size_t len = 0;
	uint32_t i;
	FILE *mem = open_memstream(&text, &len);
	int rc = 0;

	if (!mem)
		return -1;
	for (i = 0; i < s->ag_n && !rc; i++)
		if (!s->ag_data[i].ad_def->a_isvar)
			rc = dt_folded_agg(mem, &s->ag_data[i], syms);
	if (fclose(mem) || rc) {
		free(text);
		return -1;
	}
	/* "frames count" lines; frames never hold a space */
	for (line = strtok(text, "\n"); line && !rc;
	     line = strtok(NULL, "\n")) {
		sp = strrchr(line, ' ');
		if (!sp)
			continue;
		*sp = '\0';
		rc = dt_flame_add(root, line, strtoull(sp + 1, NULL, 10));
	}
	free(text);
	return rc;
}

int dt_flame_write(FILE *fp, const char *template, struct dt_aggs *s,
		   struct dt_symtab *syms, char *err, size_t errlen)
{
	const char *data = strstr(template, DT_FLAME_DATA);
	const char *opts = data ? strstr(data, DT_FLAME_OPTS) : NULL;
	struct dt_fnode *root = dt_fnode_new("all", 3);

	if (!root)
		return -1;
	if (!opts) {
		snprintf(err, errlen, "the flame graph template has no %s "
			 "and %s", DT_FLAME_DATA, DT_FLAME_OPTS);
		dt_fnode_free(root);
		return -1;
	}
	if (dt_flame_tree(root, s, syms)) {
		snprintf(err, errlen, "out of memory");
		dt_fnode_free(root);
		return -1;
	}
	fwrite(template, 1, (size_t)(data - template), fp);
	dt_flame_json(fp, root);
	data += strlen(DT_FLAME_DATA);
	fwrite(data, 1, (size_t)(opts - data), fp);
	fputs("{\"context\":\"DTrace aggregations, folded\"}", fp);
	fputs(opts + strlen(DT_FLAME_OPTS), fp);
	dt_fnode_free(root);
	return ferror(fp) ? -1 : 0;
}

/* The template's text, from the first place that has it, or NULL. */
static char *dt_flame_template(char *err, size_t errlen)
{
	char exe[PATH_MAX], beside[PATH_MAX + 64], *slash, *text = NULL;
	const char *env = getenv("DTRACE_FLAMEGRAPH"), *path = NULL;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t len = 0;
	FILE *fp;

	beside[0] = '\0';
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		snprintf(beside, sizeof(beside),
			 "%s/../build/flamegraph/flamegraph.html", exe);
	}
	if (env && *env)
		path = env;
	else if (!access(DT_FLAME_SHARE, R_OK))
		path = DT_FLAME_SHARE;
	else if (beside[0] && !access(beside, R_OK))
		path = beside;
	if (!path) {
		snprintf(err, errlen, "no flame graph template: set "
			 "DTRACE_FLAMEGRAPH, or install %s (make flamegraph "
			 "vendors d3-flame-graph's)", DT_FLAME_SHARE);
		return NULL;
	}
	fp = fopen(path, "r");
	if (!fp || getdelim(&text, &len, '\0', fp) < 0) {
		snprintf(err, errlen, "cannot read %s: %s", path,
			 strerror(errno));
		free(text);
		text = NULL;
	}
	if (fp)
		fclose(fp);
	return text;
}

static int dt_flame_aggs_end(struct dt_consumer *c)
{
	char *template = dt_flame_template(c->c_err, sizeof(c->c_err));
	int rc;

	if (!template)
		return -1;
	rc = dt_flame_write(c->c_out, template, c->c_aggs, &c->c_syms,
			    c->c_err, sizeof(c->c_err));
	free(template);
	return rc || fflush(c->c_out) ? -1 : 0;
}

const struct dt_format dt_format_flame = {
	.fmt_name	= "flamegraph",
	.fmt_begin	= dt_text_begin,
	.fmt_action	= dt_text_action,
	.fmt_end	= dt_text_end,
	.fmt_aggs_end	= dt_flame_aggs_end,
};
