// SPDX-License-Identifier: GPL-2.0
/*
 * bpftrace's built-ins of the process, the machine and symbols, and its
 * newer functions, in D's terms. bt_lower.c's table of built-in
 * variables names the hooks here; BT_FUNCS( ) (bt_lower.h) names the bt_rw_*( ) hooks here.
 *
 *   ppid                D's ppid
 *   rand                (uint32)rand()
 *   cpid                -c's pid, a constant
 *   ncpus               the CPUs online when the program compiles
 *   jiffies             *(int64 *)&jiffies_64 (its address from kallsyms)
 *   numaid              this CPU's per-CPU numa_node (kallsyms)
 *   cgroup              curthread->cgroups->dfl_cgrp->kn->id (types)
 *   username            uid's name from the password database: a chain
 *                       of ?: built when the program compiles
 *   cgroupid(path)      the inode number of a cgroup v2 directory
 *   uaddr("sym")        the symbol's address in the probe's file
 *   reg("ip")           uregs[i]: the user's saved registers
 *   pton("addr")        IPv4: a uint32 holding the bytes in memory order
 *   macaddr(a)          %macaddr (bt_check.c): "XX:XX:XX:XX:XX:XX"
 *   strcontains(h, n)   index(h, n) >= 0
 *   signal(sig)         raise(sig), only with --unsafe
 *   path(p)             an error: d_path( ) is not safe in probe context
 *   join(argv) past 16  %join(&argv[16], sep): the kernel's DIF_SUBR_JOIN
 *   $x = strftime(f, t) t on the wall clock, which printf's %s of $x
 *                       formats as %<f>T (bt_strftime( ), bt_func.c)
 */
#define _GNU_SOURCE	/* sigabbrev_np */
#include <arpa/inet.h>
#include <fcntl.h>
#include <gelf.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bt_check.h"
#include "bt_lower.h"
#include "dt_error.h"
#include "dt_funcs.h"
#include "dt_ktype.h"
#include "dt_options.h"
#include "dt_rows.h"
#include "dt_types.h"

#define BT_USERNAMES	256	/* users username knows: a tree of depth 9 */

/* The addresses of kernel symbols in /proc/kallsyms (0: not there). */
static void bt_ksyms(const char *const *names, uint64_t *addrs, int n)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], type;
	unsigned long long addr;
	int i, left = n;

	memset(addrs, 0, sizeof(*addrs) * n);
	if (!fp)
		return;
	while (left && fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, sym) != 3 ||
		    strchr(line, '['))
			continue;
		for (i = 0; i < n; i++)
			if (!addrs[i] && strcmp(sym, names[i]) == 0) {
				addrs[i] = addr;
				left--;
			}
	}
	fclose(fp);
}

static struct dt_node *bt_int(int64_t v, const struct dt_type *t,
			      const struct dt_loc *loc)
{
	return dt_node_int(v, t, loc);
}

static struct dt_node *bt_bin(enum dt_op op, struct dt_node *l,
			      struct dt_node *r, const struct dt_loc *loc)
{
	struct dt_node *n = dt_node_op(DT_N_BINARY, op, l, r, loc);

	n->n_paren = true;
	return n;
}

/* *(T *)(addr): a load through a cast, as D writes it. */
static struct dt_node *bt_load(struct dt_node *addr, const struct dt_type *t,
			       const struct dt_loc *loc)
{
	struct dt_node *c = dt_node_op(DT_N_CAST, DT_OP_NONE, addr, NULL, loc);

	c->n_ctype = dt_type_ptrto(t);
	c->n_paren = true;
	return dt_node_op(DT_N_UNARY, DT_OP_DEREF, c, NULL, loc);
}

/* jiffies: the kernel's 64-bit counter, read where it lies. */
int bt_jiffies(struct bt_ctx *cx, struct dt_node *n)
{
	static const char *const names[] = { "jiffies_64", "jiffies" };
	uint64_t a[2];

	bt_ksyms(names, a, 2);
	if (!a[0] && !a[1])
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN", "jiffies "
				"needs the kernel's symbol jiffies_64 in "
				"/proc/kallsyms");
	dt_node_replace(n, bt_load(bt_int((int64_t)(a[0] ? a[0] : a[1]),
				     &dt_type_ulong, &n->n_loc),
			      &dt_type_ulong, &n->n_loc));
	return 0;
}

/*
 * numaid: the per-CPU numa_node of this CPU, at __per_cpu_offset[cpu]
 * plus its per-CPU offset; a kernel without it has one node, 0.
 */
int bt_numaid(struct bt_ctx *cx, struct dt_node *n)
{
	static const char *const names[] = { "__per_cpu_offset",
					     "numa_node" };
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *off;
	uint64_t a[2];

	(void)cx;
	bt_ksyms(names, a, 2);
	if (!a[0] || !a[1]) {
		dt_node_replace(n, bt_int(0, &dt_type_uint, loc));
		return 0;
	}
	off = bt_bin(DT_OP_ADD, bt_int((int64_t)a[0], &dt_type_ulong, loc),
		     bt_bin(DT_OP_MUL, bt_ident("cpu", loc),
			    bt_int(8, &dt_type_int, loc), loc), loc);
	off = bt_bin(DT_OP_ADD, bt_load(off, &dt_type_ulong, loc),
		     bt_int((int64_t)a[1], &dt_type_ulong, loc), loc);
	dt_node_replace(n, bt_load(off, &dt_type_uint, loc));
	return 0;
}

/* cgroup: the id of the task's cgroup v2, its kernfs node's. */
int bt_cgroup(struct bt_ctx *cx, struct dt_node *n)
{
	static const char *const chain[] = { "cgroups", "dfl_cgrp", "kn",
					     "id" };
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *e;
	struct dt_type t;
	size_t i;

	if (dt_sou_type(cx->pcb, "task_struct", false, loc, &t)) {
		static const char pre[] = "cgroup reads the kernel's struct "
			"task_struct: ";
		char *m = cx->pcb->pcb_errmsg;
		size_t room = sizeof(cx->pcb->pcb_errmsg) - sizeof(pre);

		/* say which built-in needs the types */
		m[room] = '\0';
		memmove(m + sizeof(pre) - 1, m, strlen(m) + 1);
		memcpy(m, pre, sizeof(pre) - 1);
		return -1;
	}
	e = dt_node_op(DT_N_CAST, DT_OP_NONE, bt_ident("curthread", loc),
		       NULL, loc);
	e->n_ctype = dt_type_ptrto(&t);
	e->n_paren = true;
	for (i = 0; i < sizeof(chain) / sizeof(chain[0]); i++) {
		e = dt_node_op(DT_N_MEMBER, DT_OP_NONE, e, NULL, loc);
		e->n_str = bt_strdup(chain[i]);
		e->n_post = true;
	}
	dt_node_replace(n, e);
	return 0;
}

/*
 * username: uid's name from the password database as the program
 * compiles (bpftrace looks it up when it prints), else uid as text.
 */
int bt_username(struct bt_ctx *cx, struct dt_node *n)
{
	const struct dt_loc *loc = &n->n_loc;
	struct bt_kv users[BT_USERNAMES];
	struct dt_node *uid = bt_ident("uid", loc), *dflt;
	struct passwd *pw;
	int nu = 0, i;

	(void)cx;
	setpwent();
	while (nu < BT_USERNAMES && (pw = getpwent())) {
		for (i = 0; i < nu && users[i].k != pw->pw_uid; i++)
			;
		if (i < nu)
			continue;	/* the first name of a uid wins */
		users[nu].k = pw->pw_uid;
		users[nu++].v = bt_strdup(pw->pw_name);
	}
	endpwent();
	dflt = bt_call("lltostr", bt_ident("uid", loc), loc);
	dt_node_replace(n, bt_kvtree(users, nu, uid, dflt, loc));
	dt_node_free(uid);
	dt_node_free(dflt);
	for (i = 0; i < nu; i++)
		free((char *)users[i].v);
	return 0;
}

/* rand: D's rand( ), as bpftrace's unsigned value. */
int bt_rand(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_node *r;

	(void)cx;
	r = dt_node_op(DT_N_CAST, DT_OP_NONE,
		       bt_call("rand", NULL, &n->n_loc), NULL, &n->n_loc);
	r->n_ctype = dt_type_uint;
	r->n_paren = true;
	dt_node_replace(n, r);
	return 0;
}

/* cpid: -c's pid, known as the program compiles. */
int bt_cpid(struct bt_ctx *cx, struct dt_node *n)
{
	if (!cx->pcb->pcb_target || !cx->pcb->pcb_child)
		return dt_error(cx->pcb, &n->n_loc, "BT_BUILTIN",
				"cpid cannot be used without child command");
	dt_node_replace(n, bt_int(cx->pcb->pcb_target, &dt_type_uint, &n->n_loc));
	return 0;
}

/* ncpus: the CPUs online as the program compiles. */
int bt_ncpus(struct bt_ctx *cx, struct dt_node *n)
{
	long c = sysconf(_SC_NPROCESSORS_ONLN);

	(void)cx;
	dt_node_replace(n, bt_int(c > 0 ? c : 1, &dt_type_uint, &n->n_loc));
	return 0;
}

/* The one string literal argument of f(...), or NULL with the error. */
static const char *bt_strarg(struct bt_ctx *cx, const struct dt_node *n,
			     const char *what)
{
	const struct dt_node *a = n->n_args;

	if (dt_node_count(a) != 1 || a->n_kind != DT_N_STR) {
		dt_error(cx->pcb, &n->n_loc, "BT_CALL", "%s() expects %s",
			 n->n_str, what);
		return NULL;
	}
	return a->n_str;
}

/* cgroupid("/sys/fs/cgroup/x"): the directory's inode number. */
int bt_rw_cgroupid(struct bt_ctx *cx, struct dt_node *n,
		   const struct bt_fn *f)
{
	const char *path = bt_strarg(cx, n, "a string literal");
	struct stat st;

	(void)f;
	if (!path)
		return -1;
	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "Failed to get "
				"`cgroupid` for path: \"%s\"", path);
	dt_node_replace(n, bt_int((int64_t)st.st_ino, &dt_type_ulong, &n->n_loc));
	return 0;
}

/* The file of a uprobe's or usdt's attach point (bp_name), or NULL. */
static const char *bt_probefile(const struct bt_probe *bp, char *buf,
				size_t len)
{
	const char *b = strchr(bp->bp_name, ':'), *e;

	if (!b || (bp->bp_kind != BT_P_UPROBE &&
		   bp->bp_kind != BT_P_URETPROBE && bp->bp_kind != BT_P_USDT))
		return NULL;
	e = strrchr(bp->bp_name, ':');
	if (bp->bp_kind == BT_P_USDT)	/* usdt:PATH:PROV:NAME */
		while (e > b && *--e != ':')
			;
	if (e <= b)
		return NULL;
	snprintf(buf, len, "%.*s", (int)(e - b - 1), b + 1);
	return buf;
}

struct bt_usym {
	uint64_t	value, size, minvaddr;
	bool		pie;
};

/* The symbol name of the ELF file path, from .symtab or .dynsym. */
static int bt_elfsym(const char *path, const char *name, struct bt_usym *u)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = -1;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	size_t i, nph;
	Elf *elf;

	if (fd < 0)
		return -1;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || !gelf_getehdr(elf, &eh) || elf_getphdrnum(elf, &nph))
		goto out;
	u->pie = eh.e_type == ET_DYN;
	u->minvaddr = UINT64_MAX;
	for (i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    ph.p_vaddr < u->minvaddr)
			u->minvaddr = ph.p_vaddr & ~(uint64_t)0xfff;
	}
	while (found && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		size_t k;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB &&
						sh.sh_type != SHT_DYNSYM) ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)))
			continue;
		for (k = 0; k < sh.sh_size / sh.sh_entsize; k++) {
			GElf_Sym sym;
			const char *sn;

			if (!gelf_getsym(d, (int)k, &sym) ||
			    sym.st_shndx == SHN_UNDEF || !sym.st_value)
				continue;
			sn = elf_strptr(elf, sh.sh_link, sym.st_name);
			if (sn && strcmp(sn, name) == 0) {
				u->value = sym.st_value;
				u->size = sym.st_size;
				found = 0;
				break;
			}
		}
	}
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return found;
}

/* Where the process pid maps path's first page (offset 0), or 0. */
static uint64_t bt_mapbase(int pid, const char *path)
{
	char maps[64], line[4096], file[4096];
	unsigned long long lo, off;
	uint64_t base = 0;
	FILE *fp;

	snprintf(maps, sizeof(maps), "/proc/%d/maps", pid);
	fp = fopen(maps, "r");
	if (!fp)
		return 0;
	while (!base && fgets(line, sizeof(line), fp))
		if (sscanf(line, "%llx-%*x %*s %llx %*s %*s %4095s", &lo,
			   &off, file) == 3 && off == 0 &&
		    strcmp(file, path) == 0)
			base = lo;
	fclose(fp);
	return base;
}

/*
 * The address of uaddr("sym") and its size: the symbol in the file of
 * the uprobe or usdt probe, read when the program compiles; in a
 * position-independent file, where -p's or -c's process maps it.
 */
static int bt_uaddr(struct bt_ctx *cx, const struct dt_node *n,
		    uint64_t *addr, int *size)
{
	const char *name = bt_strarg(cx, n, "a string literal");
	char path[2048];
	struct bt_usym u = { 0 };

	if (!name)
		return -1;
	if (!bt_probefile(cx->probe, path, sizeof(path)))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "uaddr can "
				"only be used with uprobe, uretprobe and usdt "
				"probes");
	if (bt_elfsym(path, name, &u))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "Could not "
				"resolve symbol: %s:%s", path, name);
	*addr = u.value;
	if (u.pie) {
		uint64_t base = cx->pcb->pcb_target ?
			bt_mapbase(cx->pcb->pcb_target, path) : 0;

		if (!base)
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"uaddr() of a symbol in a position-"
					"independent file needs the process "
					"that maps it: -p PID or -c CMD");
		*addr = u.value - u.minvaddr + base;
	}
	*size = u.size == 1 || u.size == 2 || u.size == 4 ? (int)u.size : 8;
	return 0;
}

int bt_rw_uaddr(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	uint64_t addr;
	int size;

	(void)f;
	if (bt_uaddr(cx, n, &addr, &size))
		return -1;
	dt_node_replace(n, bt_int((int64_t)addr, &dt_type_ulong, &n->n_loc));
	return 0;
}

/*
 * *uaddr("sym"): the value in the process, as many bytes as the symbol
 * has (1, 2, 4, else 8), unsigned as bpftrace reads it: *(uintN *)
 * copyin(addr, N). 1 when n is another *e.
 */
int bt_uderef(struct bt_ctx *cx, struct dt_node *n)
{
	struct dt_type t = { .kind = DT_T_INT };
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *a;
	uint64_t addr;
	int size;

	if (!n->n_left || !bt_iscall(n->n_left, BT_FN_UADDR))
		return 1;
	if (bt_uaddr(cx, n->n_left, &addr, &size))
		return -1;
	t.size = (uint8_t)size;
	a = bt_int((int64_t)addr, &dt_type_ulong, loc);
	a->n_next = bt_int(size, &dt_type_int, loc);
	dt_node_replace(n, bt_load(bt_call("copyin", a, loc), &t, loc));
	return 0;
}

/* bpftrace's x86-64 register names: the words of struct pt_regs. */
static const char *const bt_regs[] = {
	"r15", "r14", "r13", "r12", "bp", "bx", "r11", "r10", "r9", "r8",
	"ax", "cx", "dx", "si", "di", "orig_ax", "ip", "cs", "flags", "sp",
	"ss",
};

/* reg("ip"): uregs[16], the user's registers where the probe fired. */
int bt_rw_reg(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	const char *name = bt_strarg(cx, n, "a string literal");
	const struct dt_loc *loc = &n->n_loc;
	const char *const *reg;
	struct dt_node *r;

	(void)f;
	if (!name)
		return -1;
	reg = DT_ROW_FIND(bt_regs, name);
	if (!reg)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "'%s' is not "
				"a valid register on this architecture", name);
	if (cx->probe->bp_kind != BT_P_UPROBE &&
	    cx->probe->bp_kind != BT_P_URETPROBE &&
	    cx->probe->bp_kind != BT_P_USDT)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "reg() is "
				"supported only in uprobe, uretprobe and usdt "
				"probes here: the module gives the user's "
				"registers, not a kprobe's");
	r = dt_node_op(DT_N_INDEX, DT_OP_NONE, bt_ident("uregs", loc), NULL,
		       loc);
	/* a register's index in uregs[ ] is its row's */
	r->n_args = bt_int((int64_t)(reg - bt_regs), &dt_type_int, loc);
	dt_node_replace(n, r);
	return 0;
}

/* An address's text as bpftrace prints it, af from pton's rule. */
static int bt_pton_parse(const char *s, int *af, unsigned char *b)
{
	*af = strchr(s, ':') ? AF_INET6 : AF_INET;
	return inet_pton(*af, s, b) == 1 ? 0 : -1;
}

/*
 * pton("1.2.3.4"): the 4 bytes as one uint32 whose bytes lie in memory
 * in the address's order, as ntop( ) of an integer reads them. An IPv6
 * address is 16 bytes, which only ntop(pton("::1")) takes (folded to its
 * text by bt_rw_ntop( )).
 */
int bt_rw_pton(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	const char *s = bt_strarg(cx, n, "an string argument of an "
				  "IPv4/IPv6 address");
	unsigned char b[16];
	int af;

	(void)f;
	if (!s)
		return -1;
	if (bt_pton_parse(s, &af, b))
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "pton() expects "
				"a valid IPv4/IPv6 address, got %s", s);
	if (af == AF_INET6)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "pton() of an "
				"IPv6 address is supported only as ntop()'s "
				"argument here");
	dt_node_replace(n, bt_int((int64_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 |
				       (uint32_t)b[2] << 16 |
				       (uint32_t)b[3] << 24),
			     &dt_type_uint, &n->n_loc));
	return 0;
}

/* ntop(pton("addr")) of an IPv6 address: its text, folded now. */
int bt_rw_ntop(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *p = a;
	char text[INET6_ADDRSTRLEN];
	unsigned char b[16];
	int af;

	if (a && a->n_next)
		p = a->n_next;
	if (p && bt_iscall(p, BT_FN_PTON) && dt_node_count(p->n_args) == 1 &&
	    p->n_args->n_kind == DT_N_STR &&
	    !bt_pton_parse(p->n_args->n_str, &af, b) && af == AF_INET6) {
		if (!inet_ntop(af, b, text, sizeof(text)))
			return dt_error(cx->pcb, &n->n_loc, "BT_CALL",
					"ntop() of an invalid address");
		dt_node_replace(n, bt_str(text, &n->n_loc));
		return 0;
	}
	return bt_rw_renamed(cx, n, f);
}

/* strcontains(h, n): index(h, n) >= 0. */
int bt_rw_strcontains(struct bt_ctx *cx, struct dt_node *n,
		      const struct bt_fn *f)
{
	struct dt_node *a = n->n_args, *r;
	int nargs = dt_node_count(a);

	(void)f;
	if (nargs != 2)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "strcontains() "
				"requires 2 arguments (%d provided)", nargs);
	if (bt_rwlist(cx, a))
		return -1;
	n->n_args = NULL;
	r = dt_node_op(DT_N_BINARY, DT_OP_GE, bt_call("index", a, &n->n_loc),
		       bt_int(0, &dt_type_int, &n->n_loc), &n->n_loc);
	r->n_paren = true;
	dt_node_replace(n, r);
	return 0;
}

/* macaddr(a): %macaddr, which reads a's type (bt_check.c). */
int bt_rw_macaddr(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	int nargs = dt_node_count(n->n_args);

	if (nargs != 1)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "macaddr() "
				"requires one argument (%d provided)", nargs);
	return bt_rw_renamed(cx, n, f);
}

/*
 * signal(SIG), signal("SIGKILL"): D's raise( ), destructive, so only
 * with --unsafe, as bpftrace.
 */
int bt_rw_signal(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	struct dt_node *a = n->n_args;
	int sig = 0;

	if (!cx->pcb->pcb_opts || !cx->pcb->pcb_opts->o_destructive)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "signal() is "
				"an unsafe function being used in safe mode");
	if (dt_node_count(a) != 1)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "signal() "
				"requires one argument (%d provided)",
				dt_node_count(a));
	if (a->n_kind == DT_N_STR) {
		const char *s = a->n_str;

		if (strncmp(s, "SIG", 3) == 0)
			s += 3;
		for (sig = 1; sig < NSIG; sig++) {
			const char *abbrev = sigabbrev_np(sig);

			if (abbrev && strcmp(abbrev, s) == 0)
				break;
		}
		if (sig == NSIG)
			return dt_error(cx->pcb, &a->n_loc, "BT_CALL",
					"%s is not a valid signal", a->n_str);
		dt_node_replace(a, bt_int(sig, &dt_type_int, &a->n_loc));
	} else if (a->n_kind == DT_N_INT &&
		   (a->n_int < 1 || a->n_int > 64)) {
		return dt_error(cx->pcb, &a->n_loc, "BT_CALL", "%lld is not a "
				"valid signal, allowed range: [1,64]",
				(long long)a->n_int);
	}	/* else an integer expression: D's raise( ) checks it */
	return bt_rw_renamed(cx, n, f);
}

/*
 * path(p): bpftrace's bpf_d_path( ), which the kernel allows only in
 * fentry probes of a list of functions. d_path( ) takes locks and walks
 * mounts: it may not run in this DTrace's probe context (any probe,
 * interrupts off), and no nofault walk gives the same answer.
 */
int bt_rw_path(struct bt_ctx *cx, struct dt_node *n, const struct bt_fn *f)
{
	(void)f;
	return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "path() is not "
			"supported: the kernel's d_path() takes locks and may "
			"not run in probe context (bpftrace allows it only in "
			"kfunc probes of some functions)");
}

/* The name strftime( ) values are noted by: "$x" or "@m". */
static bool bt_tfname(const struct dt_node *n, char *buf, size_t len)
{
	if (n->n_kind == DT_N_INDEX)
		n = n->n_left;
	if (n->n_kind == DT_N_THIS)
		snprintf(buf, len, "$%s", n->n_str);
	else if (n->n_kind == DT_N_AGG)
		snprintf(buf, len, "@%s", n->n_str);
	else if (n->n_kind == DT_N_IDENT && n->n_str[0] == '@')
		snprintf(buf, len, "%s", n->n_str);	/* a lowered map */
	else
		return false;
	return true;
}

void bt_findstrftime(struct bt_ctx *cx, struct dt_node *n)
{
	char name[256];

	for (; n; n = n->n_next) {
		struct dt_node *r = n->n_right, *t;

		if (n->n_kind == DT_N_IF) {
			bt_findstrftime(cx, n->n_left);
			bt_findstrftime(cx, n->n_right);
			continue;
		}
		if (n->n_kind != DT_N_ASSIGN || n->n_op != DT_OP_SET ||
		    !bt_iscall(r, BT_FN_STRFTIME) ||
		    dt_node_count(r->n_args) != 2 ||
		    r->n_args->n_kind != DT_N_STR ||
		    !bt_tfname(n->n_left, name, sizeof(name)) ||
		    cx->ntf == BT_MAXMAPS)
			continue;
		if (!bt_strftime_fmt(cx, n->n_left)) {
			cx->tfnames[cx->ntf] = bt_strdup(name);
			cx->tffmts[cx->ntf++] = bt_strdup(r->n_args->n_str);
		}
		/* the value: %strftime(t) */
		t = r->n_args->n_next;
		r->n_args->n_next = NULL;
		dt_node_free(r->n_args);
		r->n_args = t;
		free(r->n_str);
		r->n_str = bt_strdup("%strftime");
	}
}

const char *bt_strftime_fmt(const struct bt_ctx *cx, const struct dt_node *a)
{
	char name[256];
	int i;

	if (!bt_tfname(a, name, sizeof(name)))
		return NULL;
	for (i = 0; i < cx->ntf; i++)
		if (strcmp(cx->tfnames[i], name) == 0)
			return cx->tffmts[i];
	return NULL;
}

void bt_strftime_free(struct bt_ctx *cx)
{
	int i;

	for (i = 0; i < cx->ntf; i++) {
		free(cx->tfnames[i]);
		free(cx->tffmts[i]);
	}
	cx->ntf = 0;
}

/* strftime(fmt, t): a printf argument (bt_strftime( )), else an error. */
int bt_rw_strftime(struct bt_ctx *cx, struct dt_node *n,
		   const struct bt_fn *f)
{
	(void)f;
	if (!cx->inprintf)
		return dt_error(cx->pcb, &n->n_loc, "BT_CALL", "strftime() is "
				"supported as a printf argument and as the "
				"value of a variable or a map (then printed "
				"with printf's %%s)");
	return bt_rwlist(cx, n->n_args);
}

/* %strftime(t): t on the wall clock, t + (walltimestamp - timestamp). */
int bt_rw_strftimev(struct bt_ctx *cx, struct dt_node *n,
		    const struct bt_fn *f)
{
	const struct dt_loc *loc = &n->n_loc;
	struct dt_node *t = n->n_args, *wall;

	(void)f;
	if (bt_rw(cx, t))
		return -1;
	n->n_args = NULL;
	wall = bt_bin(DT_OP_SUB, bt_ident("walltimestamp", loc),
		      bt_ident("timestamp", loc), loc);
	dt_node_replace(n, bt_bin(DT_OP_ADD, t, wall, loc));
	return 0;
}

struct dt_node *bt_join_tail(int id, int first, const char *sep,
			     const struct dt_loc *loc)
{
	struct dt_node *addr, *load, *set, *pf, *ifn;
	char fmt[256];

	/* this->%jN_first = *(uint64 *)copyin(this->%jNp + 8 * first, 8) */
	addr = bt_bin(DT_OP_ADD, bt_this("%%j%dp", id, 0, loc),
		      bt_int(8 * first, &dt_type_int, loc), loc);
	addr->n_next = bt_int(8, &dt_type_int, loc);
	load = bt_load(bt_call("copyin", addr, loc), &dt_type_ulong, loc);
	set = dt_node_op(DT_N_ASSIGN, DT_OP_SET,
			 bt_this("%%j%d_%d", id, first, loc), load, loc);
	/* if (it) printf("SEP%s", %join(this->%jNp + 8 * first, SEP)) */
	addr = bt_bin(DT_OP_ADD, bt_this("%%j%dp", id, 0, loc),
		      bt_int(8 * first, &dt_type_int, loc), loc);
	addr->n_next = bt_str(sep, loc);
	snprintf(fmt, sizeof(fmt), "%s%%s", sep);
	pf = bt_str(fmt, loc);
	pf->n_next = bt_call(bt_xname(BT_X_JOIN), addr, loc);
	ifn = dt_node_op(DT_N_IF, DT_OP_NONE, bt_call("printf", pf, loc), NULL,
			 loc);
	ifn->n_cond = bt_this("%%j%d_%d", id, first, loc);
	set->n_next = ifn;
	return set;
}
