// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's values the consumer makes (bt_value.h). The formats are
 * Debian's bpftrace 0.17's, as it printed them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ast.h"
#include "dt_compile.h"
#include "dt_consume.h"
#include "bt_mapvar.h"
#include "bt_value.h"
#include "dt_sym.h"
#include "dt_valext.h"

#define DT_CAT_MAX	10240	/* bpftrace's cat( ) prints at most this */

/*
 * A frame's name as bpftrace gives it: "func+off" (off in decimal), or
 * NULL when there is no symbol. In name (len bytes); *mod gets the
 * object's name, or "".
 */
static const char *dt_btval_name(struct dt_symtab *syms, pid_t pid,
				 uint64_t pc, bool user, char *name,
				 size_t len, char *mod, size_t mlen)
{
	char sym[512], *s = sym, *tick, *plus;

	if (user)
		dt_sym_user(syms, pid, pc, sym, sizeof(sym));
	else
		dt_sym_kernel(syms, pc, sym, sizeof(sym));
	*mod = '\0';
	tick = strchr(sym, '`');
	if (tick) {
		snprintf(mod, mlen, "%.*s", (int)(tick - sym), sym);
		s = tick + 1;
	}
	if (strncmp(s, "0x", 2) == 0)
		return NULL;
	plus = strstr(s, "+0x");
	if (plus) {
		*plus = '\0';
		snprintf(name, len, "%s+%llu", s,
			 strtoull(plus + 3, NULL, 16));
	} else {
		snprintf(name, len, "%s+0", s);
	}
	return name;
}

void dt_btval_stack(FILE *fp, struct dt_symtab *syms, const uint8_t *w,
		    uint32_t n, bool user, int mode, int indent)
{
	char name[600], mod[256];
	uint64_t pc, pid = 0;
	const char *s;
	uint32_t i = 0;

	if (user) {
		memcpy(&pid, w, 8);
		i = 1;
	}
	fputc('\n', fp);
	for (; i < n; i++) {
		memcpy(&pc, w + i * 8, 8);
		if (!pc)
			break;
		if (mode == DT_STACKMODE_RAW) {	/* newer bpftrace's */
			fprintf(fp, "%llx\n", (unsigned long long)pc);
			continue;
		}
		s = dt_btval_name(syms, (pid_t)pid, pc, user, name,
				  sizeof(name), mod, sizeof(mod));
		if (!s) {
			snprintf(name, sizeof(name), "0x%llx",
				 (unsigned long long)pc);
			s = name;
			*mod = '\0';
		}
		if (mode == DT_STACKMODE_PERF && user)
			fprintf(fp, "\t%llx %s (%s)\n", (unsigned long long)pc,
				s, *mod ? mod : "[unknown]");
		else if (mode == DT_STACKMODE_PERF)
			fprintf(fp, "\t%llx %s\n", (unsigned long long)pc, s);
		else
			fprintf(fp, "%*s%s\n", indent, "", s);
	}
}

/* Stacks learnt, by id: one consumer per process. */
struct dt_btstack {
	uint64_t	bs_id;
	uint32_t	bs_n;		/* words */
	uint8_t		*bs_pcs;
};

static struct dt_btstack *dt_btstacks;
static size_t dt_nbtstacks, dt_capbtstacks;

static struct dt_btstack *dt_btstack_find(uint64_t id)
{
	size_t i;

	for (i = 0; i < dt_nbtstacks; i++)
		if (dt_btstacks[i].bs_id == id)
			return &dt_btstacks[i];
	return NULL;
}

int dt_btval_learn(const uint8_t *data, const struct dt_rec *pcs,
		   const struct dt_rec *id)
{
	struct dt_btstack *s;
	uint64_t v;

	memcpy(&v, data + id->r_off, 8);
	if (!v || dt_btstack_find(v))
		return 0;
	if (dt_nbtstacks == dt_capbtstacks) {
		size_t cap = dt_capbtstacks ? 2 * dt_capbtstacks : 64;

		s = realloc(dt_btstacks, cap * sizeof(*s));
		if (!s)
			return -1;
		dt_btstacks = s;
		dt_capbtstacks = cap;
	}
	s = &dt_btstacks[dt_nbtstacks];
	s->bs_pcs = malloc(pcs->r_size);
	if (!s->bs_pcs)
		return -1;
	memcpy(s->bs_pcs, data + pcs->r_off, pcs->r_size);
	s->bs_n = pcs->r_size / 8;
	s->bs_id = v;
	dt_nbtstacks++;
	return 0;
}

void dt_btval_stackid(FILE *fp, struct dt_symtab *syms, uint64_t id,
		      int mode, int indent)
{
	const struct dt_btstack *s = id ? dt_btstack_find(id) : NULL;

	if (s)
		dt_btval_stack(fp, syms, s->bs_pcs, s->bs_n, false, mode,
			       indent);
}

/* usym( ): the function's name alone, else the address in hex. */
static void dt_btval_usym(FILE *fp, struct dt_symtab *syms, uint64_t pid,
			  uint64_t addr)
{
	char sym[512], *s = sym, *tick, *plus;

	if (!addr) {
		fputc('0', fp);
		return;
	}
	dt_sym_user(syms, (pid_t)pid, addr, sym, sizeof(sym));
	tick = strchr(sym, '`');
	if (tick)
		s = tick + 1;
	plus = strstr(s, "+0x");
	if (plus)
		*plus = '\0';
	if (strncmp(s, "0x", 2) == 0)
		fprintf(fp, "0x%llx", (unsigned long long)addr);
	else
		fputs(s, fp);
}

/* buf( ) as %r: printable bytes as they are, the others as \xNN. */
static void dt_btval_buf(FILE *fp, const uint8_t *b, uint64_t len,
			 uint32_t max)
{
	uint64_t i;

	for (i = 0; i < len && i < max; i++) {
		if (isprint(b[i]))
			fputc(b[i], fp);
		else
			fprintf(fp, "\\x%02x", b[i]);
	}
}

int dt_btval_text(struct dt_symtab *syms, const uint8_t *data,
		  const struct dt_rec *r, const struct dt_rec *next,
		  char **out)
{
	uint8_t sym = r->r_type.sym;
	size_t len = 0;
	uint64_t v = 0, v2 = 0;
	FILE *fp;
	int took = 1;

	*out = NULL;
	fp = open_memstream(out, &len);
	if (!fp)
		return 1;
	memcpy(&v, data + r->r_off, 8);
	if (next && (sym == DT_SYM_UPID || sym == DT_SYM_BUFLEN))
		memcpy(&v2, data + next->r_off, 8);
	if (sym >= DT_SYM_KSTACK && sym < DT_SYM_USTACK + 3) {
		bool user = sym >= DT_SYM_USTACK;

		dt_btval_stack(fp, syms, data + r->r_off, r->r_size / 8, user,
			       sym - (user ? DT_SYM_USTACK : DT_SYM_KSTACK),
			       8);
	} else if (sym >= DT_SYM_KSTACKID && sym < DT_SYM_KSTACKID + 3) {
		dt_btval_stackid(fp, syms, v, sym - DT_SYM_KSTACKID, 8);
	} else if (sym == DT_SYM_UPID && next) {
		dt_btval_usym(fp, syms, v, v2);
		took = 2;
	} else if (sym == DT_SYM_BUFLEN && next) {
		dt_btval_buf(fp, data + next->r_off, v, next->r_size);
		took = 2;
	}
	if (fclose(fp)) {
		free(*out);
		*out = NULL;
	}
	return took;
}

int dt_btval_cat(struct dt_consumer *c, const char *path)
{
	char buf[4096];
	size_t n, total = 0;
	FILE *fp = fopen(path, "r");

	if (!fp) {
		fflush(c->c_out);
		fprintf(stderr, "ERROR: failed to open file '%s': %s\n", path,
			strerror(errno));
		return 0;
	}
	while (total < DT_CAT_MAX &&
	       (n = fread(buf, 1, sizeof(buf) < DT_CAT_MAX - total ?
			  sizeof(buf) : DT_CAT_MAX - total, fp)) > 0) {
		if (fwrite(buf, 1, n, c->c_out) != n) {
			fclose(fp);
			return -1;
		}
		total += n;
	}
	fclose(fp);
	return 0;
}

const struct dt_valext bt_valext = {
	.vx_text	= dt_btval_text,
	.vx_stackid	= dt_btval_learn,
	.vx_cat		= dt_btval_cat,
	.vx_varact	= bt_mapvar_act,
};
