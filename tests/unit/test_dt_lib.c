// SPDX-License-Identifier: GPL-2.0
/*
 * D's library beyond the declared names (dt_lib.c, dt_lib_dev.c): files
 * a provider needs, and devinfo_t's translator made from a fake sysfs.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dt_compile.h"
#include "dt_lib.h"
#include "dt_lib_dev.h"
#include "dt_options.h"
#include "dt_program.h"
#include "kselftest_harness.h"

TEST(needed_by_provider)
{
	static const char lib[] = "#pragma D depends_on provider io\n"
		"struct bufinfo { int b_flags; };\n";

	ASSERT_TRUE(dt_lib_needed(lib, "io:::start { trace(1); }"));
	ASSERT_TRUE(dt_lib_needed(lib, "BEGIN {} io::: { }"));
	/* a variable, a string, another provider: no */
	ASSERT_FALSE(dt_lib_needed(lib, "BEGIN { io = 1; trace(io); }"));
	ASSERT_FALSE(dt_lib_needed(lib, "BEGIN { trace(\"io:::\"); }"));
	ASSERT_FALSE(dt_lib_needed(lib, "ion:::start { }"));
}

static void put(const char *root, const char *path, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, path);
	f = fopen(p, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void mk(const char *root, const char *path)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", root, path);
	mkdir(p, 0755);
}

static void ln(const char *root, const char *target, const char *path)
{
	char p[512];

	snprintf(p, sizeof(p), "%s/%s", root, path);
	if (symlink(target, p))
		perror(p);
}

static void rmtree(const char *root)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", root);
}

/* sda (8:0) with sda1 (8:1), sdb (8:16), vda (254:0) */
static void fake_sysfs(const char *root)
{
	mk(root, "dev");
	mk(root, "dev/block");
	mk(root, "devices");
	mk(root, "devices/pci0");
	mk(root, "devices/pci0/sda");
	mk(root, "devices/pci0/sda/sda1");
	mk(root, "devices/pci0/sdb");
	mk(root, "devices/virtio1");
	mk(root, "devices/virtio1/vda");
	put(root, "devices/pci0/sda/range", "16\n");
	put(root, "devices/pci0/sda/dev", "8:0\n");
	put(root, "devices/pci0/sda/sda1/partition", "1\n");
	put(root, "devices/pci0/sda/sda1/dev", "8:1\n");
	put(root, "devices/pci0/sdb/range", "16\n");
	put(root, "devices/pci0/sdb/dev", "8:16\n");
	put(root, "devices/virtio1/vda/range", "16\n");
	put(root, "devices/virtio1/vda/dev", "254:0\n");
	ln(root, "../../devices/pci0/sda", "dev/block/8:0");
	ln(root, "../../devices/pci0/sda/sda1", "dev/block/8:1");
	ln(root, "../../devices/pci0/sdb", "dev/block/8:16");
	ln(root, "../../devices/virtio1/vda", "dev/block/254:0");
	put(root, "devices.txt", "Character devices:\n  1 mem\n  8 notme\n\n"
	    "Block devices:\n  8 sd\n254 virtblk\n");
}

/* A library's subroutine (getf( )) is a declared name as inlines are. */
TEST(needed_by_subroutine)
{
	static const char lib[] = "inline int twice(int x) = x * 2;\n"
		"inline int pair[int x] = x + 1;\n";

	ASSERT_TRUE(dt_lib_needed(lib, "BEGIN { trace(twice(3)); }"));
	ASSERT_TRUE(dt_lib_needed(lib, "BEGIN { trace(pair[3]); }"));
	ASSERT_FALSE(dt_lib_needed(lib, "BEGIN { trace(x); }"));
}

TEST(devinfo_from_sysfs)
{
	char root[] = "/tmp/dt_libdev_XXXXXX", procdevs[64], *t;

	ASSERT_NE(NULL, mkdtemp(root));
	fake_sysfs(root);
	snprintf(procdevs, sizeof(procdevs), "%s/devices.txt", root);
	t = dt_lib_devinfo(root, procdevs);
	ASSERT_NE(NULL, t);
	/* (major << 20) | minor, in order: 8:0 8:1 8:16 254:0 */
	EXPECT_NE(NULL, strstr(t, "translator devinfo_t < uint32_t D > {"));
	EXPECT_NE(NULL, strstr(t, "\tdev_statname =\n"
			       "\t    D == 8388608 ? \"sda\" :\n"
			       "\t    D == 8388609 ? \"sda1\" :\n"
			       "\t    D == 8388624 ? \"sdb\" :\n"
			       "\t    D == 266338304 ? \"vda\" : \"<unknown>\";"))
		TH_LOG("%s", t);
	EXPECT_NE(NULL, strstr(t, "\tdev_name =\n"
			       "\t    D == 8388608 ? \"sd\" :\n"
			       "\t    D == 8388609 ? \"sd\" :\n"
			       "\t    D == 8388624 ? \"sd\" :\n"
			       "\t    D == 266338304 ? \"virtblk\" :"))
		TH_LOG("%s", t);
	/* a partition's instance is its disk's; sdb is the second sd */
	EXPECT_NE(NULL, strstr(t, "\tdev_instance =\n"
			       "\t    D == 8388608 ? 0 :\n"
			       "\t    D == 8388609 ? 0 :\n"
			       "\t    D == 8388624 ? 1 :\n"
			       "\t    D == 266338304 ? 0 : -1;"))
		TH_LOG("%s", t);
	EXPECT_NE(NULL, strstr(t, "D == 8388609 ? "
			       "\"/sys/devices/pci0/sda/sda1\" :"))
		TH_LOG("%s", t);
	free(t);

	/* no sysfs: every device unknown, still a translator */
	t = dt_lib_devinfo("/nonexistent", "/nonexistent");
	ASSERT_NE(NULL, t);
	EXPECT_NE(NULL, strstr(t, "\tdev_statname = \"<unknown>\";")) {
		TH_LOG("%s", t);
	}
	free(t);
	rmtree(root);
}

/* The tree's io.d with the fake devices: the members compile. */
TEST(devinfo_compiles)
{
	char root[] = "/tmp/dt_libdev_XXXXXX", procdevs[64];
	static const char *const ok[] = {
		"BEGIN { trace(xlate<devinfo_t *>(8388609)->dev_statname); }",
		"BEGIN { @[xlate<devinfo_t *>(1)->dev_name,"
		" xlate<devinfo_t *>(1)->dev_pathname] ="
		" sum(xlate<devinfo_t *>(1)->dev_instance +"
		" xlate<devinfo_t *>(1)->dev_major); }",
		"BEGIN { trace(B_WRITE | B_READ); }",
	};
	size_t i;

	ASSERT_NE(NULL, mkdtemp(root));
	fake_sysfs(root);
	snprintf(procdevs, sizeof(procdevs), "%s/devices.txt", root);
	dt_lib_set_sysfs(root, procdevs);
	ASSERT_EQ(0, dt_lib_adddir("lib/dtrace-linux"));
	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct dt_options o;
		struct dt_cprog cp;
		struct dt_pcb pcb;
		int rc;

		dt_options_init(&o);
		dt_pcb_init(&pcb, ok[i], "t.d", &o);
		rc = dt_compile(&pcb, &cp);
		EXPECT_EQ(0, rc)
			TH_LOG("%s: %s", ok[i], pcb.pcb_errmsg);
		dt_cprog_free(&cp);
		dt_pcb_fini(&pcb);
	}
	dt_lib_set_sysfs("/sys", "/proc/devices");
	rmtree(root);
}

/*
 * A file is parsed after the files declaring what it names, whatever
 * their order in the directory: a.d's translator uses z.d's struct.
 */
TEST(parsed_after_what_it_names)
{
	char dir[] = "/tmp/dt_libord_XXXXXX", path[64];
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	FILE *f;

	ASSERT_NE(NULL, mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/a.d", dir);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs("struct aa { int a_v; };\n"
	      "translator struct aa < int I > {\n"
	      "\ta_v = xlate<struct __zz *>(I)->z_v + 1; };\n"
	      "inline struct aa *curaa = xlate<struct aa *>(cpu);\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/z.d", dir);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs("struct __zz { int z_v; };\n"
	      "translator struct __zz < int I > { z_v = I * 2; };\n", f);
	fclose(f);
	ASSERT_EQ(0, dt_lib_adddir(dir));
	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN { trace(curaa->a_v); }", "t.d", &o);
	EXPECT_EQ(0, dt_compile(&pcb, &cp))
		TH_LOG("%s", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	rmtree(dir);
}

/*
 * -L naming the default directory again (dtrace -L lib/dtrace-linux run
 * from the tree) loads its files once, and a file of an earlier
 * directory overrides the one of the same name in a later one.
 */
TEST(each_file_once)
{
	char d1[] = "/tmp/dt_libdup1_XXXXXX", d2[] = "/tmp/dt_libdup2_XXXXXX";
	char path[64];
	struct dt_options o;
	struct dt_cprog cp;
	struct dt_pcb pcb;
	FILE *f;

	ASSERT_NE(NULL, mkdtemp(d1));
	ASSERT_NE(NULL, mkdtemp(d2));
	snprintf(path, sizeof(path), "%s/a.d", d1);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs("struct aa { int a_v; };\ninline int aval = 1;\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/a.d", d2);
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fputs("struct aa { int a_w; };\ninline int aval = 2;\n", f);
	fclose(f);
	ASSERT_EQ(0, dt_lib_adddir(d1));
	snprintf(path, sizeof(path), "%s/.", d1);
	ASSERT_EQ(0, dt_lib_adddir(path));
	ASSERT_EQ(0, dt_lib_adddir(d2));
	dt_options_init(&o);
	dt_pcb_init(&pcb, "BEGIN { trace(aval); }", "t.d", &o);
	EXPECT_EQ(0, dt_compile(&pcb, &cp))
		TH_LOG("%s", pcb.pcb_errmsg);
	dt_cprog_free(&cp);
	dt_pcb_fini(&pcb);
	rmtree(d1);
	rmtree(d2);
}

TEST_HARNESS_MAIN
