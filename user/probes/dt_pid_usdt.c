// SPDX-License-Identifier: GPL-2.0
/*
 * USDT probes: those <sys/sdt.h> (systemtap-sdt-dev) declares, one ELF
 * note each in .note.stapsdt. A note's descriptor holds three addresses
 * (the probe's PC, the link-time address of .stapsdt.base, and the
 * probe's semaphore or 0), then three strings: provider, name and the
 * argument specs, "SIZE@OPERAND" separated by blanks, SIZE negative for
 * a signed value, OPERAND in AT&T syntax: %reg, $imm, disp(%reg).
 *
 * They become PROVIDERPID:MODULE:FUNCTION:NAME, FUNCTION the symbol
 * holding the PC. A semaphore is the kernel's to count (the uprobe's
 * reference counter), so code guarded by it runs only while enabled.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_elf.h"
#include "dt_pid.h"

#define DT_NT_STAPSDT	3

/* x86-64 registers by every name, as word indexes of struct pt_regs. */
static const struct {
	const char	*names[4];
	int		idx;
} dt_usdt_regs[] = {
	{ { "rax", "eax", "ax", "al" }, 10 },
	{ { "rbx", "ebx", "bx", "bl" }, 5 },
	{ { "rcx", "ecx", "cx", "cl" }, 11 },
	{ { "rdx", "edx", "dx", "dl" }, 12 },
	{ { "rsi", "esi", "si", "sil" }, 13 },
	{ { "rdi", "edi", "di", "dil" }, 14 },
	{ { "rbp", "ebp", "bp", "bpl" }, 4 },
	{ { "rsp", "esp", "sp", "spl" }, 19 },
	{ { "r8", "r8d", "r8w", "r8b" }, 9 },
	{ { "r9", "r9d", "r9w", "r9b" }, 8 },
	{ { "r10", "r10d", "r10w", "r10b" }, 7 },
	{ { "r11", "r11d", "r11w", "r11b" }, 6 },
	{ { "r12", "r12d", "r12w", "r12b" }, 3 },
	{ { "r13", "r13d", "r13w", "r13b" }, 2 },
	{ { "r14", "r14d", "r14w", "r14b" }, 1 },
	{ { "r15", "r15d", "r15w", "r15b" }, 0 },
	{ { "rip", NULL, NULL, NULL }, 16 },
};

/* "%name" at @s, up to @end: its index, or -1. */
static int dt_usdt_reg(const char *s, size_t len)
{
	size_t i, j;

	if (len < 2 || s[0] != '%')
		return -1;
	for (i = 0; i < sizeof(dt_usdt_regs) / sizeof(dt_usdt_regs[0]); i++)
		for (j = 0; j < 4 && dt_usdt_regs[i].names[j]; j++)
			if (strlen(dt_usdt_regs[i].names[j]) == len - 1 &&
			    !strncmp(dt_usdt_regs[i].names[j], s + 1, len - 1))
				return dt_usdt_regs[i].idx;
	return -1;
}

/* One operand; leaves @a NONE if it is not one we can express. */
static void dt_usdt_operand(const char *op, size_t len,
			    struct dtrace_uprobe_arg *a)
{
	const char *paren = memchr(op, '(', len);
	long long v;
	char *end;
	int r;

	if (op[0] == '$') {
		v = strtoll(op + 1, &end, 0);
		if (end == op + len) {
			a->ua_kind = DTRACE_UARG_CONST;
			a->ua_off = v;
		}
		return;
	}
	if (!paren) {
		r = dt_usdt_reg(op, len);
		if (r >= 0) {
			a->ua_kind = DTRACE_UARG_REG;
			a->ua_reg = r;
		}
		return;
	}
	/* disp(%reg): no index register, a numeric displacement */
	v = paren == op ? 0 : strtoll(op, &end, 0);
	if ((paren != op && end != paren) || op[len - 1] != ')')
		return;
	r = dt_usdt_reg(paren + 1, op + len - 1 - (paren + 1));
	if (r < 0)
		return;
	a->ua_kind = DTRACE_UARG_MEM;
	a->ua_reg = r;
	a->ua_off = v;
}

/* 1, 2, 4 or 8 bytes, negative if signed (no labs( ): LONG_MIN) */
static bool dt_usdt_size(long size)
{
	return size == 1 || size == 2 || size == 4 || size == 8 ||
	       size == -1 || size == -2 || size == -4 || size == -8;
}

int dt_usdt_args(const char *spec, struct dtrace_uprobe_arg *args, int max)
{
	const char *p = spec;
	int n = 0;

	memset(args, 0, max * sizeof(*args));
	while (*p) {
		size_t len;
		long size;
		char *at;

		p += strspn(p, " \t");
		if (!*p)
			break;
		len = strcspn(p, " \t");
		size = strtol(p, &at, 10);
		if (n < max && *at == '@' && at < p + len &&
		    dt_usdt_size(size)) {
			dt_usdt_operand(at + 1, p + len - (at + 1), &args[n]);
			if (args[n].ua_kind != DTRACE_UARG_NONE)
				args[n].ua_size = (signed char)size;
		}
		n++;
		p += len;
	}
	return n;
}

/* Where .stapsdt.base lies in the file as it is now (prelink moves it). */
static uint64_t dt_usdt_base(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && !strcmp(name, ".stapsdt.base"))
			return sh.sh_addr;
	}
	return 0;
}

/*
 * A note's descriptor: its three addresses into a[], its strings; -1
 * if it is malformed.
 */
static int dt_usdt_desc(const char *desc, size_t len, uint64_t a[3],
			const char **prov, const char **name, const char **args)
{
	if (len < 3 * sizeof(a[0]) + 3 || desc[len - 1])
		return -1;
	memcpy(a, desc, 3 * sizeof(a[0]));
	*prov = desc + 3 * sizeof(a[0]);
	*name = *prov + strlen(*prov) + 1;
	if (*name >= desc + len)
		return -1;
	*args = *name + strlen(*name) + 1;
	if (*args >= desc + len)
		*args = "";
	return 0;
}

/* One note: a site if its provider and name match. */
static int dt_usdt_note(struct dt_sites *s, const struct dt_uobj *o, int fd,
			const char *mod, const char *desc, size_t len,
			uint64_t base)
{
	const struct dtrace_probedesc *d = s->desc;
	struct dtrace_uprobe_site *u;
	const struct dt_usym *sym;
	const char *prov, *name, *args;
	uint64_t a[3], off, semoff = 0;

	if (dt_usdt_desc(desc, len, a, &prov, &name, &args))
		return 0;
	if (base && a[1]) {	/* moved since the link: move the rest too */
		a[0] += base - a[1];
		if (a[2])
			a[2] += base - a[1];
	}
	sym = dt_uobj_sym_at(o, a[0]);
	if (strcmp(prov, s->usdt) ||
	    !dt_glob(d->dpd_name, name) ||
	    !dt_glob(d->dpd_func, sym ? sym->us_name : "") ||
	    dt_uobj_vaddr_to_off(o, a[0], &off) ||
	    (a[2] && dt_uobj_vaddr_to_off(o, a[2], &semoff)))
		return 0;
	u = dt_sites_new(s);
	u->us_fd = fd;
	u->us_pid = s->pid;
	u->us_offset = off;
	u->us_refctr = semoff;
	dt_usdt_args(args, u->us_args, DTRACE_UPROBE_NARGS);
	snprintf(u->us_provider, sizeof(u->us_provider), "%s", s->prov);
	snprintf(u->us_mod, sizeof(u->us_mod), "%s", mod);
	snprintf(u->us_func, sizeof(u->us_func), "%s",
		 sym ? sym->us_name : "-");
	snprintf(u->us_name, sizeof(u->us_name), "%s", name);
	return dt_sites_full(s) ? dt_sites_flush(s) : 0;
}

/*
 * Each stapsdt note of elf: fn(arg, descriptor, its length), until one
 * returns nonzero, which is the walk's value.
 */
static int dt_usdt_walk(Elf *elf, int (*fn)(void *arg, const char *desc,
					    size_t len), void *arg)
{
	Elf_Scn *scn = NULL;
	int err = 0;

	while (!err && (scn = elf_nextscn(elf, scn))) {
		Elf_Data *data;
		GElf_Shdr sh;
		GElf_Nhdr nh;
		size_t off = 0, next, noff, doff;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		/* gelf_getnote checks that name and desc lie in d_buf */
		while (!err && data &&
		       (next = gelf_getnote(data, off, &nh, &noff, &doff)) >
		       off) {
			const char *b = data->d_buf;

			off = next;
			if (nh.n_type != DT_NT_STAPSDT || nh.n_namesz != 8 ||
			    memcmp(b + noff, "stapsdt", 8))
				continue;
			err = fn(arg, b + doff, nh.n_descsz);
		}
	}
	return err;
}

struct dt_usdt_elfwalk {
	struct dt_sites	*s;
	Elf		*elf;
	const char	*path, *mod;
	int		fd;
	uint64_t	base;
	struct dt_uobj	*o;	/* the file's symbols, read at its first note */
};

static int dt_usdt_elfnote(void *arg, const char *desc, size_t len)
{
	struct dt_usdt_elfwalk *w = arg;

	if (!w->o)
		w->o = dt_uobj_from_elf(w->path, w->elf);
	return w->o ? dt_usdt_note(w->s, w->o, w->fd, w->mod, desc, len,
				   w->base) : 0;
}

int dt_usdt_elf(struct dt_sites *s, Elf *elf, const char *path, int fd,
		const char *mod)
{
	struct dt_usdt_elfwalk w = {
		.s = s, .elf = elf, .path = path, .mod = mod, .fd = fd,
	};
	int err;

	if (elf_kind(elf) != ELF_K_ELF)
		return 0;
	w.base = dt_usdt_base(elf);
	err = dt_usdt_walk(elf, dt_usdt_elfnote, &w);
	if (w.o)
		dt_uobj_free(w.o);
	return err;
}

struct dt_usdt_namewalk {
	int	(*fn)(void *arg, const char *prov, const char *name);
	void	*arg;
};

static int dt_usdt_namenote(void *arg, const char *desc, size_t len)
{
	struct dt_usdt_namewalk *w = arg;
	const char *prov, *name, *args;
	uint64_t a[3];

	if (dt_usdt_desc(desc, len, a, &prov, &name, &args))
		return 0;
	return w->fn(w->arg, prov, name);
}

int dt_usdt_names(const char *path,
		  int (*fn)(void *arg, const char *prov, const char *name),
		  void *arg)
{
	struct dt_usdt_namewalk w = { fn, arg };
	int fd, err = -1;
	Elf *elf;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf && elf_kind(elf) == ELF_K_ELF)
		err = dt_usdt_walk(elf, dt_usdt_namenote, &w);
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

int dt_usdt_file(struct dt_sites *s, const char *path, const char *mod)
{
	int fd, err = 0;
	Elf *elf;

	if (!dt_glob(s->desc->dpd_mod, mod) || strlen(mod) >= DTRACE_MODNAMELEN)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf)
		err = dt_usdt_elf(s, elf, path, fd, mod);
	if (!err)
		err = dt_sites_flush(s);
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}
