// SPDX-License-Identifier: GPL-2.0
/*
 * dt_dev_open() against fake modules: the ABI check refuses a module of
 * another ABI with a clear message and closes the device.
 */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dt_dev.h"
#include "kselftest_harness.h"

#define FK_FD	77

static struct {
	__u32	abi;
	int	opens, closes;
	int	open_errno;
} fk;

static int fk_open(const char *path)
{
	if (fk.open_errno) {
		errno = fk.open_errno;
		return -1;
	}
	fk.opens++;
	return FK_FD;
}

static int fk_ioctl(int fd, unsigned long req, void *arg)
{
	struct dtrace_ioc_version *v = arg;

	if (fd != FK_FD || req != DTRACE_IOC_VERSION) {
		errno = ENOTTY;
		return -1;
	}
	v->dv_abi = fk.abi;
	snprintf(v->dv_module, sizeof(v->dv_module), "9.9.9");
	return 0;
}

static void fk_close(int fd)
{
	if (fd == FK_FD)
		fk.closes++;
}

static const struct dt_dev_ops fk_ops = {
	.d_open = fk_open,
	.d_ioctl = fk_ioctl,
	.d_close = fk_close,
};

FIXTURE(dev) {
	char err[512];
};

FIXTURE_SETUP(dev)
{
	memset(&fk, 0, sizeof(fk));
	dt_dev_set_ops(&fk_ops);
	setenv("DTRACE_DEVICE", "/fake/dtrace", 1);
}

FIXTURE_TEARDOWN(dev)
{
	unsetenv("DTRACE_DEVICE");
	dt_dev_set_ops(NULL);
}

TEST_F(dev, same_abi_opens)
{
	fk.abi = DTRACE_ABI_VERSION;
	ASSERT_EQ(FK_FD, dt_dev_open(self->err, sizeof(self->err)));
	dt_dev_close(FK_FD);
	EXPECT_EQ(1, fk.closes);
}

TEST_F(dev, newer_abi_refused)
{
	char want[256];

	fk.abi = DTRACE_ABI_VERSION + 1;
	EXPECT_EQ(-1, dt_dev_open(self->err, sizeof(self->err)));
	snprintf(want, sizeof(want), "module ABI %u does not match the "
		 "command's ABI %u (module 9.9.9)", DTRACE_ABI_VERSION + 1,
		 DTRACE_ABI_VERSION);
	EXPECT_STREQ(want, self->err);
	EXPECT_EQ(1, fk.opens);
	EXPECT_EQ(1, fk.closes);
}

TEST_F(dev, older_abi_refused)
{
	fk.abi = 0;
	EXPECT_EQ(-1, dt_dev_open(self->err, sizeof(self->err)));
	EXPECT_NE(NULL, strstr(self->err, "module ABI 0 does not match"));
	EXPECT_EQ(1, fk.closes);
}

/* An explicit $DTRACE_DEVICE keeps the plain message, module or not. */
TEST_F(dev, missing_device_message)
{
	fk.open_errno = ENOENT;
	EXPECT_EQ(-1, dt_dev_open(self->err, sizeof(self->err)));
	EXPECT_STREQ("DTrace device not available (is the dtrace module "
		     "loaded?): /fake/dtrace: No such file or directory",
		     self->err);
}

TEST_HARNESS_MAIN
