// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel types in D (user/types/dt_ktype.c): programs over a synthetic
 * BTF (DTRACE_BTF) compile to the loads its layout asks for, fold sizeof
 * and offsetof to it, and fail with messages that name type and member.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wformat-truncation"

#define _GNU_SOURCE	/* open_memstream */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "dt_btf.h"
#include "dt_compile.h"
#include "dt_ksym.h"
#include "dt_error.h"
#include "dt_options.h"
#include "dt_program.h"
#include "btf_file.h"
#include "kselftest_harness.h"

/*
 * struct qstr { unsigned int hash; const unsigned char *name; };
 * struct file {
 *	unsigned int f_flags;
 *	unsigned int f_mode:3, f_x:5;
 *	union { long f_a; char f_b[16]; };
 *	struct qstr f_name;
 *	int f_count;
 *	int f_grid[2][3];
 * };
 * struct task_struct { int pid; char comm[16]; struct file *file; };
 * enum state { S_ON = 1, S_OFF = 7 }; typedef int pid_t;
 * ssize_t vfs_read(struct file *file, char *buf, size_t count);
 */
/* The writer's types are its own to change until written out. */
static struct btf_type *btf_type_by_id_ptr(struct btf *b, int id)
{
	return (struct btf_type *)btf__type_by_id(b, id);
}

static struct btf *synthetic(void)
{
	struct btf *b = btf__new_empty();
	int in, chr, uchr, uint, lng, ulng, qstr, anon, file, filep;
	int grid, proto, ucstr, chr16, comm, ssz, charp, size;

	/* A struct's fields follow it: every type they use comes first. */
	in = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	chr = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	uchr = btf__add_int(b, "unsigned char", 1, 0);
	uint = btf__add_int(b, "unsigned int", 4, 0);
	lng = btf__add_int(b, "long", 8, BTF_INT_SIGNED);
	ulng = btf__add_int(b, "unsigned long", 8, 0);
	ucstr = btf__add_ptr(b, btf__add_const(b, uchr));
	chr16 = btf__add_array(b, in, chr, 16);
	comm = btf__add_array(b, in, chr, 16);
	grid = btf__add_array(b, in, btf__add_array(b, in, in, 3), 2);
	filep = btf__add_ptr(b, 0);	/* set to struct file below */

	qstr = btf__add_struct(b, "qstr", 16);
	btf__add_field(b, "hash", uint, 0, 0);
	btf__add_field(b, "name", ucstr, 64, 0);
	anon = btf__add_union(b, NULL, 16);
	btf__add_field(b, "f_a", lng, 0, 0);
	btf__add_field(b, "f_b", chr16, 0, 0);

	file = btf__add_struct(b, "file", 72);
	btf__add_field(b, "f_flags", uint, 0, 0);
	btf__add_field(b, "f_mode", uint, 32, 3);
	btf__add_field(b, "f_x", uint, 35, 5);
	btf__add_field(b, NULL, anon, 64, 0);
	btf__add_field(b, "f_name", qstr, 192, 0);
	btf__add_field(b, "f_count", in, 320, 0);
	btf__add_field(b, "f_grid", grid, 352, 0);
	btf_type_by_id_ptr(b, filep)->type = file;

	btf__add_struct(b, "task_struct", 32);
	btf__add_field(b, "pid", in, 0, 0);
	btf__add_field(b, "comm", comm, 32, 0);
	btf__add_field(b, "file", filep, 192, 0);

	btf__add_enum(b, "state", 4);
	btf__add_enum_value(b, "S_ON", 1);
	btf__add_enum_value(b, "S_OFF", 7);
	btf__add_typedef(b, "pid_t", in);

	ssz = btf__add_typedef(b, "ssize_t", lng);
	charp = btf__add_ptr(b, chr);
	size = btf__add_typedef(b, "size_t", ulng);
	proto = btf__add_func_proto(b, ssz);
	btf__add_func_param(b, "file", filep);
	btf__add_func_param(b, "buf", charp);
	btf__add_func_param(b, "count", size);
	btf__add_func(b, "vfs_read", BTF_FUNC_GLOBAL, proto);
	return b;
}

FIXTURE(ktypes) {
	char path[64];
};

FIXTURE_SETUP(ktypes)
{
	strcpy(self->path, "/tmp/dt_ktype_XXXXXX");
	ASSERT_EQ(0, btf_file_install(synthetic(), self->path));
}

FIXTURE_TEARDOWN(ktypes)
{
	btf_file_remove(self->path);
}

/* Compile src; its DIF as -S prints it in *dis (free it), or the error. */
static int compile(const char *src, char **dis, char *err, size_t errlen)
{
	struct dt_options o;
	struct dt_pcb pcb;
	struct dt_cprog cp;
	size_t len;
	FILE *fp;
	int rc;

	*dis = NULL;
	dt_options_init(&o);
	dt_pcb_init(&pcb, src, "t.d", &o);
	rc = dt_compile(&pcb, &cp);
	if (rc) {
		snprintf(err, errlen, "[%s] %s", pcb.pcb_errtag,
			 pcb.pcb_errmsg);
	} else {
		rc = dt_cprog_verify(&cp, err, errlen);
		fp = open_memstream(dis, &len);
		if (fp) {
			dt_cprog_disasm(&cp, fp);
			fclose(fp);
		}
	}
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	return rc;
}

struct kcase {
	const char	*src;
	const char	*want[4];	/* in the DIF, in order */
};

static const struct kcase valid[] = {
	{ "BEGIN { trace(sizeof(struct file)); }", { "seti 72," } },
	{ "BEGIN { trace(offsetof(struct file, f_count)); }",
	  { "seti 40," } },
	/* through the anonymous union */
	{ "BEGIN { trace(offsetof(struct file, f_b)); }", { "seti 8," } },
	{ "BEGIN { trace(sizeof(((struct file *)0)->f_grid)); }",
	  { "seti 24," } },
	{ "BEGIN { trace(S_OFF); }", { "seti 7," } },
	/* a kernel struct in a script's: aligned as its longs */
	{ "struct s { char c; struct file f; };\n"
	  "BEGIN { trace(offsetof(struct s, f) + sizeof(struct s)); }",
	  { "seti 88," } },
	/* f_x: bits 3..7 of byte 4, unsigned */
	{ "BEGIN { trace(((struct file *)arg0)->f_x); }",
	  { "addi %r1, 4, %r1", "ldub [%r1+0]", "seti 56,", "srl" } },
	{ "BEGIN { trace(((struct file *)arg0)->f_name.name); }",
	  { "addi %r1, 24, %r1", "addi %r1, 8, %r1", "ldx [%r1+0]" } },
	{ "BEGIN { trace(curthread->file->f_count); }",
	  { "! curthread", "addi %r1, 24, %r1", "ldx", "ldsw" } },
	{ "BEGIN { trace(curthread->comm); }",
	  { "DIFO returns string", "addi %r1, 4, %r1" } },
	{ "BEGIN { trace(curthread->comm[2]); }",
	  { "addi %r1, 4, %r1", "seti 2,", "ldsb" } },
	{ "BEGIN { trace(stringof(curthread->file->f_name.name)); }",
	  { "DIFO returns string" } },
	{ "BEGIN { trace(((struct file *)arg0)->f_grid[4]); }",
	  { "addi %r1, 44, %r1", "ldsw" } },
	{ "BEGIN { trace((vmlinux`pid_t)arg0); }", { "DIFO returns signed" } },
	{ "BEGIN { x = (const struct vmlinux`file *)arg0; "
	  "trace(x->f_flags); }", { "stgs", "ldgs", "lduw" } },
	{ "fbt::vfs_read:entry { trace(args[0]->f_count); trace(args[2]); }",
	  { "! arg0", "addi %r1, 40, %r1", "ldsw", "! arg2" } },
	{ "fbt::vfs_read:return { trace(args[1]); }",
	  { "DIFO returns signed int", "! arg1" } },
	{ "BEGIN { trace(EAGAIN + SIGKILL); }", { "seti 20," } },
};

TEST_F(ktypes, valid)
{
	size_t i, j;

	for (i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		char err[512], *dis;
		const char *at;
		int rc = compile(valid[i].src, &dis, err, sizeof(err));

		EXPECT_EQ(0, rc) TH_LOG("%s: %s", valid[i].src, err);
		if (rc || !dis) {
			free(dis);
			continue;
		}
		at = dis;
		for (j = 0; j < 4 && valid[i].want[j]; j++) {
			const char *hit = strstr(at, valid[i].want[j]);

			EXPECT_NE(NULL, hit) TH_LOG("%s: no \"%s\" in\n%s",
						    valid[i].src,
						    valid[i].want[j], dis);
			if (hit)
				at = hit + 1;
		}
		free(dis);
	}
}

static const struct {
	const char	*src, *err;
} invalid[] = {
	{ "BEGIN { trace(((struct file *)arg0)->nosuch); }",
	  "[D_MEMBER_NAME] nosuch is not a member of struct file" },
	{ "BEGIN { trace(curthread->file->f_name.len); }",
	  "[D_MEMBER_NAME] len is not a member of struct qstr" },
	{ "BEGIN { trace(((struct nosuch *)arg0)->x); }",
	  "[D_TYPE_ERR] struct nosuch is not a known type: neither the "
	  "script nor the kernel's types define it" },
	{ "BEGIN { trace(&((struct file *)arg0)->f_x); }",
	  "[D_ADDROF_BITFIELD] cannot take address of bit-field" },
	{ "BEGIN { trace(offsetof(struct file, f_mode)); }",
	  "[D_OFFSETOF_BITFIELD] cannot take offset of a bit-field: f_mode" },
	{ "BEGIN { trace(curthread.pid); }",
	  "[D_OP_SOU] operator . cannot be applied to type \"struct "
	  "task_struct *\": it needs a struct or union (use ->)" },
	{ "fbt::vfs_read:entry { trace(args[3]); }",
	  "[D_ARGS_IDX] index 3 is out of range for fbt::vfs_read:entry "
	  "args[ ]" },
};

TEST_F(ktypes, invalid)
{
	size_t i;

	for (i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		char err[512], *dis;

		EXPECT_NE(0, compile(invalid[i].src, &dis, err, sizeof(err)));
		EXPECT_STREQ(invalid[i].err, err) TH_LOG("%s", invalid[i].src);
		free(dis);
	}
}

/* A script that names no kernel type does not read BTF at all. */
TEST_F(ktypes, lazy)
{
	char err[512], *dis;

	EXPECT_EQ(0, compile("BEGIN { x = pid; trace(x + arg0); }", &dis,
			     err, sizeof(err)));
	free(dis);
	EXPECT_FALSE(dt_btf_tried());
	EXPECT_EQ(0, compile("BEGIN { trace(sizeof(struct qstr)); }", &dis,
			     err, sizeof(err)));
	free(dis);
	EXPECT_TRUE(dt_btf_tried());
}

/* `sym's addresses: the kernel's, a module's, hidden ones. */
TEST(ksym)
{
	static const char text[] =
		"ffffffff81000000 T _stext\n"
		"ffffffff82a079c0 D jiffies\n"
		"ffffffffc0001000 d jiffies\t[mymod]\n"
		"ffffffffc0002000 t helper\t[mymod]\n"
		"0000000000000000 D hidden\n";
	char path[] = "/tmp/dt_ksym_XXXXXX", err[256];
	uint64_t a = 0;
	int fd = mkstemp(path);

	ASSERT_LE(0, fd);
	ASSERT_EQ((ssize_t)strlen(text), write(fd, text, strlen(text)));
	close(fd);
	EXPECT_EQ(0, dt_ksym_addr(path, "", "jiffies", &a, err, sizeof(err)));
	EXPECT_EQ(0xffffffff82a079c0ull, a);
	EXPECT_EQ(0, dt_ksym_addr(path, "vmlinux", "_stext", &a, err,
				  sizeof(err)));
	EXPECT_EQ(0xffffffff81000000ull, a);
	EXPECT_EQ(0, dt_ksym_addr(path, "mymod", "jiffies", &a, err,
				  sizeof(err)));
	EXPECT_EQ(0xffffffffc0001000ull, a);
	EXPECT_EQ(0, dt_ksym_addr(path, "mymod", "helper", &a, err,
				  sizeof(err)));
	EXPECT_EQ(0xffffffffc0002000ull, a);
	EXPECT_EQ(-1, dt_ksym_addr(path, NULL, "helper", &a, err,
				   sizeof(err)));
	EXPECT_STREQ("Unknown symbol name", err);
	EXPECT_EQ(-1, dt_ksym_addr(path, "mymo", "helper", &a, err,
				   sizeof(err)));
	EXPECT_EQ(-1, dt_ksym_addr(path, NULL, "hidden", &a, err,
				   sizeof(err)));
	EXPECT_EQ(0, strncmp(err, path, strlen(path)));
	EXPECT_NE(NULL, strstr(err, "shows no kernel addresses (run as "
			       "root, or lower kernel.kptr_restrict)"));
	unlink(path);
}

TEST_HARNESS_MAIN
