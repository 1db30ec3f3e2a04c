// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's types (user/types/dt_btf.c): a synthetic BTF written with
 * libbpf's writer and read back through DTRACE_BTF, and the host's own
 * /sys/kernel/btf/vmlinux when it has one.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <bpf/btf.h>

#include "dt_btf.h"
#include "dt_provider.h"
#include "dt_pretty.h"
#include "btf_file.h"
#include "kselftest_harness.h"

/* The synthetic types' ids, as the writer numbers them. */
struct ids {
	int uint, chr, lng, ulong;
	int cstr;		/* const char * */
	int qstr, chr16, anon, file, filep, file_t, cfile_t;
	int charp, charpc, size_t_, ssize_t_, longp, handler;
	int vfs_read, fput, printk;
};

/*
 * struct qstr { unsigned int hash; const char *name; };
 * struct file {
 *	unsigned int f_flags;
 *	unsigned int f_mode:3, f_x:5;
 *	union { long f_a; char f_b[16]; };
 *	struct qstr f_name;
 *	int f_count;
 * };
 * typedef struct file file_t; typedef const file_t cfile_t;
 * typedef int (*handler_t)(int, void *);
 * ssize_t vfs_read(struct file *file, char *buf, size_t count, long *pos);
 * void fput(struct file *); int printk(const char *fmt, ...);
 */
static struct btf *synthetic(struct ids *x)
{
	struct btf *b = btf__new_empty();
	int in, proto, hproto, voidp;

	in = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	x->chr = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	x->uint = btf__add_int(b, "unsigned int", 4, 0);
	x->lng = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	x->ulong = btf__add_int(b, "unsigned long", 8, 0);
	x->cstr = btf__add_ptr(b, btf__add_const(b, x->chr));

	x->qstr = btf__add_struct(b, "qstr", 16);
	btf__add_field(b, "hash", x->uint, 0, 0);
	btf__add_field(b, "name", x->cstr, 64, 0);

	x->chr16 = btf__add_array(b, in, x->chr, 16);
	x->anon = btf__add_union(b, NULL, 16);
	btf__add_field(b, "f_a", x->lng, 0, 0);
	btf__add_field(b, "f_b", x->chr16, 0, 0);

	x->file = btf__add_struct(b, "file", 48);
	btf__add_field(b, "f_flags", x->uint, 0, 0);
	btf__add_field(b, "f_mode", x->uint, 32, 3);
	btf__add_field(b, "f_x", x->uint, 35, 5);
	btf__add_field(b, NULL, x->anon, 64, 0);
	btf__add_field(b, "f_name", x->qstr, 192, 0);
	btf__add_field(b, "f_count", in, 320, 0);
	x->filep = btf__add_ptr(b, x->file);
	x->file_t = btf__add_typedef(b, "file_t", x->file);
	x->cfile_t = btf__add_typedef(b, "cfile_t",
				      btf__add_const(b, x->file_t));

	x->charp = btf__add_ptr(b, x->chr);
	x->charpc = btf__add_const(b, x->charp);
	x->size_t_ = btf__add_typedef(b, "size_t", x->ulong);
	x->ssize_t_ = btf__add_typedef(b, "ssize_t", x->lng);
	x->longp = btf__add_ptr(b, x->lng);

	voidp = btf__add_ptr(b, 0);
	hproto = btf__add_func_proto(b, in);
	btf__add_func_param(b, NULL, in);
	btf__add_func_param(b, NULL, voidp);
	x->handler = btf__add_typedef(b, "handler_t", btf__add_ptr(b, hproto));

	proto = btf__add_func_proto(b, x->ssize_t_);
	btf__add_func_param(b, "file", x->filep);
	btf__add_func_param(b, "buf", x->charp);
	btf__add_func_param(b, "count", x->size_t_);
	btf__add_func_param(b, "pos", x->longp);
	x->vfs_read = btf__add_func(b, "vfs_read", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, 0);
	btf__add_func_param(b, NULL, x->filep);
	x->fput = btf__add_func(b, "fput", BTF_FUNC_GLOBAL, proto);

	proto = btf__add_func_proto(b, in);
	btf__add_func_param(b, "fmt", x->cstr);
	btf__add_func_param(b, NULL, 0);
	x->printk = btf__add_func(b, "printk", BTF_FUNC_GLOBAL, proto);

	btf__add_enum(b, "state", 4);
	btf__add_enum_value(b, "S_ON", 1);
	/* a later enumerator of a name already seen: the first wins */
	btf__add_enum(b, "other", 4);
	btf__add_enum_value(b, "S_OFF", 0);
	btf__add_enum_value(b, "S_ON", 7);
	return b;
}

FIXTURE(types) {
	char path[64];
	struct ids x;
	const struct dt_btf *bt;
	char err[512];
};

FIXTURE_SETUP(types)
{
	strcpy(self->path, "/tmp/dt_btf_XXXXXX");
	ASSERT_EQ(0, btf_file_install(synthetic(&self->x), self->path));
	ASSERT_GT(self->x.printk, 0);
	self->bt = dt_btf_kernel(self->err, sizeof(self->err));
	ASSERT_NE(NULL, self->bt) TH_LOG("%s", self->err);
}

FIXTURE_TEARDOWN(types)
{
	btf_file_remove(self->path);
}

/* Enumerators by name, from the index, as a walk of the types finds them. */
TEST_F(types, enumerators)
{
	int64_t v = -1;

	EXPECT_TRUE(dt_btf_enumval(self->bt, "S_ON", &v));
	EXPECT_EQ(1, v);
	EXPECT_TRUE(dt_btf_enumval(self->bt, "S_OFF", &v));
	EXPECT_EQ(0, v);
	EXPECT_FALSE(dt_btf_enumval(self->bt, "S_NONE", &v));
	EXPECT_FALSE(dt_btf_enumval(self->bt, "", &v));
}

TEST_F(types, lookup)
{
	const struct dt_btf *bt = self->bt;
	char *err = self->err;

	EXPECT_EQ(self->x.file, dt_btf_lookup(bt, "struct file", err, 512));
	EXPECT_EQ(self->x.file, dt_btf_lookup(bt, "struct  file", err, 512));
	EXPECT_EQ(self->x.file_t, dt_btf_lookup(bt, "file_t", err, 512));
	EXPECT_EQ(self->x.uint, dt_btf_lookup(bt, "unsigned int", err, 512));
	EXPECT_EQ(0, dt_btf_lookup(bt, "void", err, 512));
	EXPECT_LT(0, dt_btf_lookup(bt, "enum state", err, 512));
	EXPECT_EQ(-1, dt_btf_lookup(bt, "union file", err, 512));
	EXPECT_STREQ("unknown type union file: the kernel's types do not "
		     "define it", err);
	EXPECT_EQ(-1, dt_btf_lookup(bt, "struct task_struct", err, 512));
	EXPECT_STREQ("unknown type struct task_struct: the kernel's types "
		     "do not define it", err);
	/* Functions are not types. */
	EXPECT_EQ(-1, dt_btf_lookup(bt, "vfs_read", err, 512));

	EXPECT_EQ(self->x.file, dt_btf_resolve(bt, self->x.cfile_t));
	EXPECT_EQ(48, dt_btf_size(bt, self->x.file));
	EXPECT_EQ(48, dt_btf_size(bt, self->x.cfile_t));
	EXPECT_EQ(16, dt_btf_size(bt, self->x.chr16));
	EXPECT_EQ(8, dt_btf_size(bt, self->x.filep));
	EXPECT_EQ(-1, dt_btf_size(bt, 0));
	EXPECT_EQ(-1, dt_btf_size(bt, self->x.vfs_read));
}

TEST_F(types, names)
{
	const struct dt_btf *bt = self->bt;
	char buf[128];
	uint32_t to = 0;

	EXPECT_STREQ("struct file *", dt_btf_name(bt, self->x.filep, buf, 128));
	EXPECT_STREQ("const char *", dt_btf_name(bt, self->x.cstr, buf, 128));
	EXPECT_STREQ("char [16]", dt_btf_name(bt, self->x.chr16, buf, 128));
	EXPECT_STREQ("char *const", dt_btf_name(bt, self->x.charpc, buf, 128));
	EXPECT_STREQ("const file_t",
		     dt_btf_name(bt, self->x.cfile_t - 1, buf, 128));
	EXPECT_STREQ("union (anon)", dt_btf_name(bt, self->x.anon, buf, 128));
	EXPECT_STREQ("unsigned int", dt_btf_name(bt, self->x.uint, buf, 128));
	EXPECT_STREQ("void", dt_btf_name(bt, 0, buf, 128));
	EXPECT_STREQ("handler_t", dt_btf_name(bt, self->x.handler, buf, 128));
	ASSERT_TRUE(dt_btf_is_ptr(bt, self->x.handler, &to));
	EXPECT_STREQ("int (int, void *)", dt_btf_name(bt, to, buf, 128));
	EXPECT_STREQ("int (*)(int, void *)",
		     dt_btf_name(bt, self->x.handler - 1, buf, 128));
	EXPECT_STREQ("int printk(const char *, ...)",
		     dt_btf_name(bt, self->x.printk, buf, 128));
	EXPECT_FALSE(dt_btf_is_ptr(bt, self->x.file_t, NULL));
	/* Truncated, still a string. */
	EXPECT_STREQ("struc", dt_btf_name(bt, self->x.filep, buf, 6));
}

/*
 * print( ) of a kernel struct, by its BTF: bit-fields, an anonymous
 * union's members as the struct's, a char array, a nested struct with a
 * NULL pointer, a negative int; as text and as JSON.
 */
TEST_F(types, pretty_print)
{
	struct dt_sou sou = { .s_name = "file", .s_defined = true,
			      .s_size = 48, .s_btf = self->bt,
			      .s_btfid = (uint32_t)self->x.file };
	struct dt_type t = { .kind = DT_T_SOU, .sou = &sou };
	static char out[2048];
	uint8_t b[48];
	int32_t m1 = -1;
	FILE *fp;

	memset(b, 0, sizeof(b));
	b[0] = 0x42;
	b[4] = 5 | 17 << 3;		/* f_mode 5, f_x 17 */
	memcpy(b + 8, "hello", 5);
	memset(b + 24, 0xff, 4);	/* f_name.hash */
	memcpy(b + 40, &m1, 4);
	memset(out, 0, sizeof(out));
	fp = fmemopen(out, sizeof(out), "w");
	ASSERT_EQ(0, dt_pretty_print(fp, &t, b, sizeof(b), false));
	ASSERT_EQ(0, dt_pretty_print(fp, &t, b, sizeof(b), true));
	fclose(fp);
	EXPECT_STREQ("struct file {\n"
		     "    f_flags = 0x42\n"
		     "    f_mode = 0x5\n"
		     "    f_x = 0x11\n"
		     "    f_a = 0x6f6c6c6568\n"
		     "    f_b = \"hello\"\n"
		     "    f_name = {\n"
		     "        hash = 0xffffffff\n"
		     "        name = NULL\n"
		     "    }\n"
		     "    f_count = 0xffffffff\n"
		     "}"
		     "{\"type\":\"struct file\",\"value\":{\"f_flags\":66,"
		     "\"f_mode\":5,\"f_x\":17,\"f_a\":478560413032,"
		     "\"f_b\":\"hello\",\"f_name\":{\"hash\":4294967295,"
		     "\"name\":null},\"f_count\":-1}}", out);
}

TEST_F(types, members)
{
	const struct dt_btf *bt = self->bt;
	struct dt_btf_member m;
	char *err = self->err;

	ASSERT_EQ(0, dt_btf_member(bt, self->x.file, "f_flags", &m, err, 512));
	EXPECT_EQ(self->x.uint, m.bm_type);
	EXPECT_EQ(0, m.bm_off);
	EXPECT_EQ(0, m.bm_bitsize);

	/* Bit-fields: the byte that holds the first bit, then the bits. */
	ASSERT_EQ(0, dt_btf_member(bt, self->x.file, "f_mode", &m, err, 512));
	EXPECT_EQ(4, m.bm_off);
	EXPECT_EQ(0, m.bm_bitoff);
	EXPECT_EQ(3, m.bm_bitsize);
	ASSERT_EQ(0, dt_btf_member(bt, self->x.file, "f_x", &m, err, 512));
	EXPECT_EQ(4, m.bm_off);
	EXPECT_EQ(3, m.bm_bitoff);
	EXPECT_EQ(5, m.bm_bitsize);

	/* Through the anonymous union. */
	ASSERT_EQ(0, dt_btf_member(bt, self->x.file, "f_b", &m, err, 512));
	EXPECT_EQ(self->x.chr16, m.bm_type);
	EXPECT_EQ(8, m.bm_off);
	ASSERT_EQ(0, dt_btf_member(bt, self->x.file, "f_a", &m, err, 512));
	EXPECT_EQ(8, m.bm_off);

	/* A path adds up; typedefs and const are looked through. */
	ASSERT_EQ(0, dt_btf_member(bt, self->x.cfile_t, "f_name.name", &m,
				   err, 512));
	EXPECT_EQ(self->x.cstr, m.bm_type);
	EXPECT_EQ(32, m.bm_off);
	ASSERT_EQ(0, dt_btf_member(bt, self->x.file_t, "f_count", &m, err,
				   512));
	EXPECT_EQ(40, m.bm_off);

	EXPECT_EQ(-1, dt_btf_member(bt, self->x.file, "f_bogus", &m, err,
				    512));
	EXPECT_STREQ("f_bogus is not a member of struct file", err);
	EXPECT_EQ(-1, dt_btf_member(bt, self->x.file_t, "f_name.len", &m, err,
				    512));
	EXPECT_STREQ("len is not a member of struct qstr", err);
	EXPECT_EQ(-1, dt_btf_member(bt, self->x.file, "f_flags.x", &m, err,
				    512));
	EXPECT_STREQ("x cannot be a member of unsigned int: it is not a "
		     "struct or union", err);
	EXPECT_EQ(-1, dt_btf_member(bt, self->x.filep, "f_flags", &m, err,
				    512));
	EXPECT_STREQ("f_flags cannot be a member of struct file *: it is not "
		     "a struct or union", err);
}

TEST_F(types, functions)
{
	const struct dt_btf *bt = self->bt;
	struct dt_btf_func f;
	char buf[128];

	ASSERT_EQ(0, dt_btf_func(bt, "vfs_read", &f, self->err, 512));
	EXPECT_EQ(self->x.ssize_t_, f.bf_ret);
	EXPECT_EQ(4, f.bf_nargs);
	EXPECT_FALSE(f.bf_varargs);
	EXPECT_STREQ("struct file *", dt_btf_name(bt, f.bf_args[0], buf, 128));
	EXPECT_STREQ("file", f.bf_argnames[0]);
	EXPECT_STREQ("size_t", dt_btf_name(bt, f.bf_args[2], buf, 128));
	EXPECT_STREQ("pos", f.bf_argnames[3]);

	ASSERT_EQ(0, dt_btf_func(bt, "fput", &f, self->err, 512));
	EXPECT_EQ(0, f.bf_ret);
	EXPECT_EQ(1, f.bf_nargs);
	EXPECT_STREQ("", f.bf_argnames[0]);

	ASSERT_EQ(0, dt_btf_func(bt, "printk", &f, self->err, 512));
	EXPECT_EQ(1, f.bf_nargs);
	EXPECT_TRUE(f.bf_varargs);

	EXPECT_EQ(-1, dt_btf_func(bt, "vfs_write", &f, self->err, 512));
	EXPECT_STREQ("no type information for function vfs_write: the "
		     "kernel's types do not describe it", self->err);
	/* A type is not a function. */
	EXPECT_EQ(-1, dt_btf_func(bt, "file_t", &f, self->err, 512));
}

TEST_F(types, modules)
{
	/* A DTRACE_BTF file holds all the types there are. */
	EXPECT_EQ(self->bt, dt_btf_module("ext4", self->err, 512));
	EXPECT_EQ(self->bt, dt_btf_module("vmlinux", self->err, 512));
	EXPECT_EQ(self->bt, dt_btf_module(NULL, self->err, 512));
	/* Loaded once. */
	EXPECT_EQ(self->bt, dt_btf_kernel(self->err, 512));
}

/* What -lv prints for fbt probe mod:fn:name. */
static char *listing(const char *mod, const char *fn, const char *name)
{
	struct dtrace_probedesc pd;
	size_t len;
	char *out;
	FILE *fp = open_memstream(&out, &len);

	memset(&pd, 0, sizeof(pd));
	strcpy(pd.dpd_provider, "fbt");
	strcpy(pd.dpd_mod, mod);
	strcpy(pd.dpd_func, fn);
	strcpy(pd.dpd_name, name);
	dt_providers_argtext(fp, &pd);
	fclose(fp);
	return out;
}

#define ARGS_ENTRY "\n\tArguments (64-bit integers)\n\t\targ0-arg5: " \
	"the function's arguments\n\n"
#define ARGS_RETURN "\n\tArguments (64-bit integers)\n\t\targ1: the " \
	"return value; arg0: 0 (the return site is not known)\n\n"

TEST_F(types, fbt_listing)
{
	char *s;

	s = listing("vmlinux", "vfs_read", "entry");
	EXPECT_STREQ("\n\tArgument Types\n"
		     "\t\targs[0]: struct file *\n"
		     "\t\targs[1]: char *\n"
		     "\t\targs[2]: size_t\n"
		     "\t\targs[3]: long *\n" ARGS_ENTRY, s);
	free(s);
	s = listing("vmlinux", "vfs_read", "return");
	EXPECT_STREQ("\n\tArgument Types\n"
		     "\t\targs[0]: int\n"
		     "\t\targs[1]: ssize_t\n" ARGS_RETURN, s);
	free(s);
	/* No return value: no args[1]. */
	s = listing("vmlinux", "fput", "return");
	EXPECT_STREQ("\n\tArgument Types\n\t\targs[0]: int\n" ARGS_RETURN, s);
	free(s);
	/* A function BTF does not describe: as without types. */
	s = listing("vmlinux", "vfs_write", "entry");
	EXPECT_STREQ("\n\tArgument Types\n\t\tNone\n" ARGS_ENTRY, s);
	free(s);
}

TEST(unavailable)
{
	char err[512], path[] = "/tmp/dt_btf_badXXXXXX";
	const char *bad = "kernel type information is unavailable: cannot "
			  "read BTF from DTRACE_BTF=/tmp/dt_btf_bad";
	int fd = mkstemp(path);
	char *s;

	ASSERT_LE(0, fd);
	ASSERT_EQ(9, write(fd, "not a BTF", 9));
	close(fd);

	setenv("DTRACE_BTF", "/nonexistent/vmlinux.btf", 1);
	dt_btf_reset();
	EXPECT_EQ(NULL, dt_btf_kernel(err, sizeof(err)));
	EXPECT_STREQ("kernel type information is unavailable: cannot read "
		     "BTF from DTRACE_BTF=/nonexistent/vmlinux.btf: No such "
		     "file or directory", err);
	/* The failure is remembered, and said again. */
	err[0] = 0;
	EXPECT_EQ(NULL, dt_btf_module("ext4", err, sizeof(err)));
	EXPECT_EQ(0, strncmp(err, "kernel type information is unavailable:",
			     39));
	/* -lv without types says what it always said. */
	s = listing("vmlinux", "vfs_read", "entry");
	EXPECT_STREQ("\n\tArgument Types\n\t\tNone\n" ARGS_ENTRY, s);
	free(s);

	setenv("DTRACE_BTF", path, 1);
	dt_btf_reset();
	EXPECT_EQ(NULL, dt_btf_kernel(err, sizeof(err)));
	EXPECT_EQ(0, strncmp(err, bad, strlen(bad))) TH_LOG("%s", err);
	unlink(path);
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

/* DTRACE_BTF=dkms: DKMS's types even where the kernel has its own. */
TEST(dkms_missing)
{
	char err[512], want[512];
	struct utsname u;

	ASSERT_EQ(0, uname(&u));
	snprintf(want, sizeof(want), "kernel type information is "
		 "unavailable: cannot read BTF from DTRACE_BTF=dkms, "
		 "/var/lib/dkms/dtrace/%s/%s/%s/dtrace-types.btf: No such "
		 "file or directory", DTRACE_VERSION, u.release, u.machine);
	if (access(strstr(want, "/var/"), F_OK) == 0)
		SKIP(return, "DKMS built types for this kernel");
	setenv("DTRACE_BTF", "dkms", 1);
	dt_btf_reset();
	EXPECT_EQ(NULL, dt_btf_kernel(err, sizeof(err)));
	*strrchr(want, ':') = 0;	/* errno's words may vary */
	EXPECT_EQ(0, strncmp(err, want, strlen(want))) TH_LOG("%s", err);
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

/*
 * The types kmod/dtrace_types.c gives a kernel without BTF (built by
 * `make kmod` where pahole is installed): layouts, but no prototypes.
 */
TEST(module_types)
{
	const char *path = "kmod/dtrace-types.btf";
	const struct dt_btf *bt;
	struct dt_btf_member m;
	struct dt_btf_func f;
	char err[512], buf[128];
	int64_t id;

	if (access(path, R_OK))
		SKIP(return, "no %s (make kmod, with pahole)", path);
	setenv("DTRACE_BTF", path, 1);
	dt_btf_reset();
	bt = dt_btf_kernel(err, sizeof(err));
	ASSERT_NE(NULL, bt) TH_LOG("%s", err);
	id = dt_btf_lookup(bt, "struct task_struct", err, sizeof(err));
	ASSERT_LT(0, id) TH_LOG("%s", err);
	ASSERT_EQ(0, dt_btf_member(bt, id, "pid", &m, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_STREQ("pid_t", dt_btf_name(bt, m.bm_type, buf, sizeof(buf)));
	id = dt_btf_lookup(bt, "struct file", err, sizeof(err));
	ASSERT_LT(0, id) TH_LOG("%s", err);
	ASSERT_EQ(0, dt_btf_member(bt, id, "f_path.dentry", &m, err,
				   sizeof(err))) TH_LOG("%s", err);
	EXPECT_STREQ("struct dentry *",
		     dt_btf_name(bt, m.bm_type, buf, sizeof(buf)));
	id = dt_btf_lookup(bt, "struct sock", err, sizeof(err));
	EXPECT_LT(0, id) TH_LOG("%s", err);
	id = dt_btf_lookup(bt, "struct request", err, sizeof(err));
	EXPECT_LT(0, id) TH_LOG("%s", err);
	/* Headers declare functions; only the kernel's BTF has them all. */
	EXPECT_EQ(-1, dt_btf_func(bt, "vfs_read", &f, err, sizeof(err)));
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
}

/* This machine's own kernel types, when it has them. */
TEST(host_vmlinux)
{
	const struct dt_btf *bt;
	struct dt_btf_member m;
	struct dt_btf_func f;
	char err[512], buf[128];
	int64_t id;

	if (access("/sys/kernel/btf/vmlinux", R_OK))
		SKIP(return, "no /sys/kernel/btf/vmlinux");
	unsetenv("DTRACE_BTF");
	dt_btf_reset();
	bt = dt_btf_kernel(err, sizeof(err));
	ASSERT_NE(NULL, bt) TH_LOG("%s", err);
	id = dt_btf_lookup(bt, "struct task_struct", err, sizeof(err));
	ASSERT_LT(0, id) TH_LOG("%s", err);
	ASSERT_EQ(0, dt_btf_member(bt, id, "pid", &m, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_STREQ("pid_t", dt_btf_name(bt, m.bm_type, buf, sizeof(buf)));
	EXPECT_EQ(4, dt_btf_size(bt, m.bm_type));
	EXPECT_LT(0, m.bm_off);
	ASSERT_EQ(0, dt_btf_func(bt, "vfs_read", &f, err, sizeof(err)))
		TH_LOG("%s", err);
	EXPECT_EQ(4, f.bf_nargs);
	EXPECT_STREQ("struct file *",
		     dt_btf_name(bt, f.bf_args[0], buf, sizeof(buf)));
	EXPECT_STREQ("ssize_t", dt_btf_name(bt, f.bf_ret, buf, sizeof(buf)));
	/* Through anonymous members: struct file's f_path is plain. */
	id = dt_btf_lookup(bt, "struct file", err, sizeof(err));
	ASSERT_LT(0, id);
	ASSERT_EQ(0, dt_btf_member(bt, id, "f_path.dentry", &m, err,
				   sizeof(err))) TH_LOG("%s", err);
	EXPECT_STREQ("struct dentry *",
		     dt_btf_name(bt, m.bm_type, buf, sizeof(buf)));
	dt_btf_reset();
}

TEST_HARNESS_MAIN
