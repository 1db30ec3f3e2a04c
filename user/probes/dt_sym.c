// SPDX-License-Identifier: GPL-2.0
/*
 * Symbols for stacks: the kernel's from /proc/kallsyms, a process's from
 * its maps and the ELF symbol tables of the files mapped (dt_elf.c).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_ast.h"
#include "dt_elf.h"
#include "dt_sym.h"

/* A process's maps as last read, one per pid seen. */
struct dt_umaps {
	struct dt_umaps	*um_next;
	pid_t		um_pid;
	char		*um_text;
};

static struct dt_umaps *dt_umaps_find(const struct dt_symtab *st, pid_t pid)
{
	struct dt_umaps *m;

	for (m = st->st_maps; m; m = m->um_next)
		if (m->um_pid == pid)
			return m;
	return NULL;
}

void dt_symtab_init(struct dt_symtab *st)
{
	memset(st, 0, sizeof(*st));
	st->st_kallsyms = "/proc/kallsyms";
}

void dt_symtab_fini(struct dt_symtab *st)
{
	size_t i;

	for (i = 0; i < st->st_nksyms; i++)
		free(st->st_ksyms[i].ks_name);
	free(st->st_ksyms);
	while (st->st_maps) {
		struct dt_umaps *n = st->st_maps->um_next;

		free(st->st_maps->um_text);
		free(st->st_maps);
		st->st_maps = n;
	}
	while (st->st_uobjs) {
		struct dt_uobj *n = st->st_uobjs->uo_next;

		dt_uobj_free(st->st_uobjs);
		st->st_uobjs = n;
	}
	memset(st, 0, sizeof(*st));
}

static int dt_ksym_cmp(const void *a, const void *b)
{
	const struct dt_ksym *x = a, *y = b;

	return x->ks_addr < y->ks_addr ? -1 : x->ks_addr > y->ks_addr;
}

static void dt_kload(struct dt_symtab *st)
{
	FILE *fp = fopen(st->st_kallsyms, "r");
	char line[512], name[256], mod[128], type;
	unsigned long long addr;
	size_t cap = 0;

	st->st_kloaded = -1;
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		struct dt_ksym *k;
		const char *m;
		int n;

		mod[0] = '\0';
		n = sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name,
			   mod);
		if (n < 3 || !addr || !strchr("tTwW", type))
			continue;
		if (st->st_nksyms == cap) {
			void *np;

			cap = cap ? cap * 2 : 4096;
			np = realloc(st->st_ksyms, cap * sizeof(*k));
			if (!np)
				break;
			st->st_ksyms = np;
		}
		m = mod[0] ? mod : "vmlinux";
		k = &st->st_ksyms[st->st_nksyms];
		k->ks_addr = addr;
		k->ks_name = malloc(strlen(name) + strlen(m) + 2);
		if (!k->ks_name)
			break;
		/* "name\0mod": the module lives beside the name */
		strcpy(k->ks_name, name);
		strcpy(k->ks_name + strlen(name) + 1, m);
		k->ks_mod = k->ks_name + strlen(name) + 1;
		st->st_nksyms++;
	}
	fclose(fp);
	if (st->st_nksyms)	/* not qsort(NULL) */
		qsort(st->st_ksyms, st->st_nksyms, sizeof(*st->st_ksyms), dt_ksym_cmp);
	st->st_kloaded = st->st_nksyms ? 1 : -1;
}

void dt_sym_kernel(struct dt_symtab *st, uint64_t pc, char *buf, size_t len)
{
	size_t lo = 0, hi;
	const struct dt_ksym *k;

	if (!st->st_kloaded)
		dt_kload(st);
	hi = st->st_nksyms;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (st->st_ksyms[mid].ks_addr <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (st->st_kloaded < 0 || lo == 0) {
		snprintf(buf, len, "0x%llx", (unsigned long long)pc);
		return;
	}
	k = &st->st_ksyms[lo - 1];
	if (pc == k->ks_addr)
		snprintf(buf, len, "%s`%s", k->ks_mod, k->ks_name);
	else
		snprintf(buf, len, "%s`%s+0x%llx", k->ks_mod, k->ks_name,
			 (unsigned long long)(pc - k->ks_addr));
}

void dt_sym_kernel_as(struct dt_symtab *st, int how, uint64_t pc, char *buf,
		      size_t len)
{
	char *p;

	dt_sym_kernel(st, pc, buf, len);
	if (how == 2 && (p = strstr(buf, "+0x")))	/* DT_SYM_FUNC */
		*p = '\0';
	else if (how == 3 && (p = strchr(buf, '`')))	/* DT_SYM_MOD */
		*p = '\0';
}

void dt_sym_user_as(struct dt_symtab *st, int how, uint64_t pid,
		    uint64_t addr, char *buf, size_t len)
{
	char *p;

	if (!pid || pid > INT_MAX) {
		snprintf(buf, len, "0x%llx", (unsigned long long)addr);
		return;
	}
	dt_sym_user(st, (pid_t)pid, addr, buf, len);
	p = strchr(buf, '`');
	if (!p || how == DT_SYM_UADDR)
		return;
	if (how == DT_SYM_UMOD)
		*p = '\0';
	else if (strncmp(p + 1, "0x", 2) && (p = strstr(p, "+0x")))
		*p = '\0';	/* ufunc( ), usym( ): the symbol alone */
}

void dt_sym_value(struct dt_symtab *st, int how, const void *words,
		  char *buf, size_t len)
{
	uint64_t w[2] = { 0, 0 };

	if (DT_SYM_ISUSER(how)) {
		memcpy(w, words, sizeof(w));
		dt_sym_user_as(st, how, w[0], w[1], buf, len);
	} else {
		memcpy(w, words, 8);
		dt_sym_kernel_as(st, how, w[0], buf, len);
	}
}

static struct dt_uobj *dt_uobj_get(struct dt_symtab *st, const char *path)
{
	struct dt_uobj *o;

	for (o = st->st_uobjs; o; o = o->uo_next)
		if (strcmp(o->uo_path, path) == 0)
			return o;
	o = dt_uobj_load(path);
	if (o) {
		dt_uobj_load_debug(o);
		o->uo_next = st->st_uobjs;
		st->st_uobjs = o;
	}
	return o;
}

void dt_sym_keep_maps(struct dt_symtab *st, pid_t pid)
{
	char path[64], *buf = NULL;
	size_t len = 0;
	FILE *fp, *mem;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	fp = fopen(path, "r");
	if (!fp)
		return;
	mem = open_memstream(&buf, &len);
	if (mem) {
		char chunk[4096];
		size_t n;

		while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
			fwrite(chunk, 1, n, mem);
		fclose(mem);
	}
	fclose(fp);
	if (buf && len)		/* an exited process reads as empty */
		dt_sym_set_maps(st, pid, buf);
	free(buf);
}

int dt_sym_set_maps(struct dt_symtab *st, pid_t pid, const char *text)
{
	struct dt_umaps *m = dt_umaps_find(st, pid);
	char *copy = strdup(text);

	if (!copy)
		return -1;
	if (!m) {
		m = calloc(1, sizeof(*m));
		if (!m) {
			free(copy);
			return -1;
		}
		m->um_pid = pid;
		m->um_next = st->st_maps;
		st->st_maps = m;
	}
	free(m->um_text);
	m->um_text = copy;
	return 0;
}

void dt_sym_note_pid(struct dt_symtab *st, pid_t pid)
{
	if (pid > 0 && !dt_umaps_find(st, pid))
		dt_sym_keep_maps(st, pid);
}

int dt_maps_next(FILE *fp, char **line, size_t *cap, struct dt_mapent *e)
{
	unsigned long long start, end, off;
	ssize_t len;
	int n;

	while ((len = getline(line, cap, fp)) > 0) {
		char *l = *line;

		if (l[len - 1] == '\n')
			l[--len] = '\0';
		n = -1;
		if (strlen(l) != (size_t)len ||	/* a NUL inside */
		    sscanf(l, "%llx-%llx %*s %llx %*s %*s%n", &start, &end,
			   &off, &n) != 3 || n < 0)
			continue;
		e->me_start = start;
		e->me_end = end;
		e->me_off = off;
		/* the inode, then blanks up to the path */
		e->me_path = l + n + strspn(l + n, " ");
		return 1;
	}
	return 0;
}

/* pid's maps: the kept copy, else the live file (NULL: neither). */
static FILE *dt_sym_mapsfp(struct dt_symtab *st, pid_t pid)
{
	struct dt_umaps *m;
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	dt_sym_note_pid(st, pid);
	m = dt_umaps_find(st, pid);
	return m ? fmemopen(m->um_text, strlen(m->um_text), "r") :
		fopen(path, "r");
}

/* The file of pid's mapping that holds pc, and pc's offset in it. */
static struct dt_uobj *dt_sym_umap(struct dt_symtab *st, pid_t pid,
				   uint64_t pc, uint64_t *foff)
{
	struct dt_uobj *o = NULL;
	char *line = NULL;
	struct dt_mapent e;
	size_t cap = 0;
	FILE *fp = dt_sym_mapsfp(st, pid);

	if (!fp)
		return NULL;
	while (dt_maps_next(fp, &line, &cap, &e)) {
		if (pc < e.me_start || pc >= e.me_end || e.me_path[0] != '/')
			continue;
		*foff = pc - e.me_start + e.me_off;
		o = dt_uobj_get(st, e.me_path);
		break;
	}
	free(line);
	fclose(fp);
	return o;
}

void dt_sym_user(struct dt_symtab *st, pid_t pid, uint64_t pc, char *buf,
		 size_t len)
{
	uint64_t foff = 0, va = 0;
	const struct dt_usym *u;
	struct dt_uobj *o;
	const char *base;
	size_t i;

	snprintf(buf, len, "0x%llx", (unsigned long long)pc);
	o = dt_sym_umap(st, pid, pc, &foff);
	if (!o)
		return;
	base = strrchr(o->uo_path, '/');
	base = base ? base + 1 : o->uo_path;
	for (i = 0; i < o->uo_nloads; i++) {
		const struct dt_uload *l = &o->uo_loads[i];

		/* no sum that the file's values could wrap */
		if (foff >= l->ul_off && foff - l->ul_off < l->ul_filesz) {
			va = foff - l->ul_off + l->ul_vaddr;
			break;
		}
	}
	u = i < o->uo_nloads ? dt_uobj_sym_at(o, va) : NULL;
	if (u && va == u->us_addr)
		snprintf(buf, len, "%s`%s", base, u->us_name);
	else if (u)
		snprintf(buf, len, "%s`%s+0x%llx", base, u->us_name,
			 (unsigned long long)(va - u->us_addr));
	else
		snprintf(buf, len, "%s`0x%llx", base, (unsigned long long)foff);
}

/* The lowest address of a mapping of the file whose mapping holds pc. */
static uint64_t dt_sym_objbase(struct dt_symtab *st, pid_t pid, uint64_t pc)
{
	FILE *fp = dt_sym_mapsfp(st, pid);
	char *line = NULL, *file = NULL;
	uint64_t base = pc;
	struct dt_mapent e;
	size_t cap = 0;

	if (!fp)
		return pc;
	while (!file && dt_maps_next(fp, &line, &cap, &e))
		if (pc >= e.me_start && pc < e.me_end && e.me_path[0] == '/')
			file = strdup(e.me_path);
	rewind(fp);
	while (file && dt_maps_next(fp, &line, &cap, &e))
		if (e.me_start < base && strcmp(e.me_path, file) == 0)
			base = e.me_start;
	free(file);
	free(line);
	fclose(fp);
	return base;
}

uint64_t dt_sym_user_canon(struct dt_symtab *st, int how, uint64_t pid,
			   uint64_t addr)
{
	uint64_t foff = 0, va = 0;
	const struct dt_usym *u;
	struct dt_uobj *o;
	size_t i;

	if (!pid || pid > INT_MAX || how == DT_SYM_UADDR)
		return addr;
	if (how == DT_SYM_UMOD)
		return dt_sym_objbase(st, (pid_t)pid, addr);
	o = dt_sym_umap(st, (pid_t)pid, addr, &foff);
	for (i = 0; o && i < o->uo_nloads; i++) {
		const struct dt_uload *l = &o->uo_loads[i];

		if (foff >= l->ul_off && foff - l->ul_off < l->ul_filesz) {
			va = foff - l->ul_off + l->ul_vaddr;
			break;
		}
	}
	u = o && i < o->uo_nloads ? dt_uobj_sym_at(o, va) : NULL;
	return u ? addr - (va - u->us_addr) : addr;
}

void dt_sym_stack(struct dt_symtab *st, const void *words, uint32_t n,
		  int user, void (*fn)(void *arg, const char *frame),
		  void *arg)
{
	const uint8_t *w = words;
	uint64_t pc, pid = 0;
	uint32_t i = 0;
	char sym[512];

	if (user) {
		memcpy(&pid, w, 8);
		i = 1;
	}
	for (; i < n; i++) {
		memcpy(&pc, w + i * 8, 8);
		if (!pc)
			break;
		if (!st)
			snprintf(sym, sizeof(sym), "0x%llx",
				 (unsigned long long)pc);
		else if (user)
			dt_sym_user(st, (pid_t)pid, pc, sym, sizeof(sym));
		else
			dt_sym_kernel(st, pc, sym, sizeof(sym));
		fn(arg, sym);
	}
}

void dt_sym_print_frame(void *fp, const char *frame)
{
	fprintf(fp, "%*s%s\n", 14, "", frame);
}
